"""A real PgBouncer in front of the test PostgreSQL: transaction pooling and its default
`ignore_startup_parameters` (none), so it refuses any startup parameter it does not know
(as RDS Proxy refuses command-line `options`) and hands each transaction to whichever server
connection is free (session state does not survive, as with RDS Proxy pinning off).

The integration tests run through it as their own tier (`COACH_TEST_VIA_PGBOUNCER=1`, see the
Makefile's `test` target); tests that need one specific server backend are marked
`direct_db` and run only in the direct tier."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ENV_VIA_PGBOUNCER = "COACH_TEST_VIA_PGBOUNCER"
BINARIES = ("pgbouncer", "/usr/sbin/pgbouncer")


def wanted() -> bool:
    return os.environ.get(ENV_VIA_PGBOUNCER, "") not in ("", "0", "false")


def binary() -> str | None:
    for candidate in BINARIES:
        found = shutil.which(candidate)
        if found:
            return found
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


CONFIG = """\
[databases]
* = host={host} port={port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {listen_port}
unix_socket_dir =
auth_type = trust
auth_file = {auth_file}
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
server_reset_query =
logfile = {logfile}
pidfile = {pidfile}
"""


@contextmanager
def running(server_url: str) -> Iterator[str]:
    """Start PgBouncer for the server of `server_url`; yield the URL template with PgBouncer's
    host and port (same user and database). Stopped afterwards."""
    exe = binary()
    if exe is None:
        raise FileNotFoundError("pgbouncer is not installed (Debian package `pgbouncer`)")
    parts = urlsplit(server_url)
    listen_port = _free_port()
    folder = Path(tempfile.mkdtemp(prefix="coach-pgbouncer-"))
    folder.chmod(0o777)
    user = parts.username or "postgres"
    (folder / "users.txt").write_text(f'"{user}" ""\n')
    config = folder / "pgbouncer.ini"
    config.write_text(
        CONFIG.format(
            host=parts.hostname or "127.0.0.1",
            port=parts.port or 5432,
            listen_port=listen_port,
            auth_file=folder / "users.txt",
            logfile=folder / "pgbouncer.log",
            pidfile=folder / "pgbouncer.pid",
        )
    )
    for path in folder.iterdir():
        path.chmod(0o666)
    args = [exe, str(config)]
    if os.geteuid() == 0:  # PgBouncer refuses to run as root
        args = [exe, "-u", "nobody", str(config)]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"pgbouncer exited: {proc.stderr.read().decode()[-500:] if proc.stderr else ''}")
            try:
                with socket.create_connection(("127.0.0.1", listen_port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("pgbouncer did not start listening") from None
                time.sleep(0.05)
        netloc = f"{user}@127.0.0.1:{listen_port}"
        yield urlunsplit(parts._replace(netloc=netloc))
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(folder, ignore_errors=True)
