"""`coach token` as the README runs it: in a fresh shell (no JWT_SECRET), from the checkout whose
`make run` generated `.coach/jwt_secret`, it signs with that secret; with no secret anywhere it
fails with a message naming the variable and prints no token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import jwt

from coach_core.settings import CHECKOUT_JWT_SECRET_FILE

COACH = str(Path(sys.executable).with_name("coach"))
USER = "a1e0c0a0-0000-4000-8000-000000000001"


def _bare_env(**extra: str) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"), **extra}


def _token(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [COACH, "token", "--user", USER], cwd=cwd, env=env, capture_output=True, text=True, timeout=60, check=False
    )


def test_given_a_bare_shell_in_a_checkout_when_coach_token_runs_then_it_signs_with_the_checkout_secret(
    tmp_path: Path,
) -> None:
    secret = "s" * 64
    (tmp_path / CHECKOUT_JWT_SECRET_FILE).parent.mkdir()
    (tmp_path / CHECKOUT_JWT_SECRET_FILE).write_text(secret)
    (tmp_path / "sub").mkdir()
    for cwd in (tmp_path, tmp_path / "sub"):
        proc = _token(cwd, _bare_env())
        assert proc.returncode == 0, proc.stderr
        claims = jwt.decode(proc.stdout.strip(), secret, algorithms=["HS256"])
        assert claims["sub"] == USER
    env_secret = "e" * 48
    proc = _token(tmp_path, _bare_env(JWT_SECRET=env_secret))
    assert jwt.decode(proc.stdout.strip(), env_secret, algorithms=["HS256"])["sub"] == USER


def test_given_no_secret_anywhere_when_coach_token_runs_then_exit_2_naming_the_variable(tmp_path: Path) -> None:
    proc = _token(tmp_path, _bare_env())
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "JWT_SECRET" in proc.stderr and "Traceback" not in proc.stderr
