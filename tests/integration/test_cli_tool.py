"""`coach seed-demo` then `coach tool ...` as a person would run them, in subprocesses
pointed at the test database and a per-test Redis prefix."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from coach_core.demo import ALEX_ID, DEMO_USERS, JORDAN_ID, demo_payloads
from coach_core.domain import formulas
from coach_core.models import utctoday
from coach_core.service.importer import validate_payload

pytestmark = pytest.mark.integration

COACH = str(Path(sys.executable).with_name("coach"))


Runner = Callable[..., "subprocess.CompletedProcess[str]"]


def _runner(database_url: str, redis_url: str, redis_prefix: str) -> Runner:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "REDIS_KEY_PREFIX": redis_prefix,
        "LLM_PROVIDER": "offline",
    }

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([COACH, *args], env=env, capture_output=True, text=True, timeout=120, check=False)

    return run


@pytest.fixture(scope="module")
def seeded(database_url: str, redis_url: str) -> subprocess.CompletedProcess[str]:
    """`coach seed-demo` once for this module (idempotent, fixed ids)."""
    return _runner(database_url, redis_url, f"test:{uuid.uuid4().hex[:10]}:")("seed-demo")


@pytest.fixture
def run_coach(seeded: subprocess.CompletedProcess[str], database_url: str, redis_url: str, redis_prefix: str) -> Runner:
    assert seeded.returncode == 0, seeded.stderr
    return _runner(database_url, redis_url, redis_prefix)


def test_given_seeded_demo_when_coach_tool_runs_then_prints_the_model_content(
    seeded: subprocess.CompletedProcess[str], run_coach: Runner
) -> None:
    for name, _, _ in DEMO_USERS:
        assert name in seeded.stdout
    alex_line = next(line for line in seeded.stdout.splitlines() if line.startswith("Alex"))
    _, user_id, token = alex_line.split()
    assert uuid.UUID(user_id) == ALEX_ID
    assert token.count(".") == 2  # a JWT

    first = run_coach("tool", "get_weight_trend", "--user", str(ALEX_ID))
    second = run_coach("tool", "get_weight_trend", "--user", str(ALEX_ID), "--args", '{"days": 30}')
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout  # the second call is served from the cache, byte for byte
    printed = json.loads(first.stdout)
    assert first.stdout == json.dumps(printed, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"

    today = utctoday()
    _, checkins, _ = validate_payload(demo_payloads(today)[0]).to_rows()
    assert printed == formulas.weight_trend(checkins, today, 30).model_dump(mode="json")
    assert printed["weigh_ins"] == 30 and printed["weekly_rate_kg"] < 0

    jordan = run_coach("tool", "calculate_tdee", "--user", str(JORDAN_ID), "--args", '{"weight_kg": 70}')
    assert jordan.returncode == 0, jordan.stderr
    assert json.loads(jordan.stdout)["target_calories"] is not None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["get_weight_trend", "--user", "not-a-uuid"], "--user: 'not-a-uuid' is not a valid UUID"),
        (["get_weight_trend", "--user", str(ALEX_ID), "--args", "{days: 3"], "--args: not valid JSON"),
        (["get_weight_trend", "--user", str(ALEX_ID), "--args", "[1]"], "--args: must be a JSON object"),
        (["no_such_tool", "--user", str(ALEX_ID)], "unknown tool 'no_such_tool'"),
        (["get_weight_trend", "--user", str(uuid.UUID(int=7))], "no user with id"),
        (["get_weight_trend", "--user", str(ALEX_ID), "--args", '{"days": 0}'], "greater than or equal to 7"),
    ],
)
def test_given_bad_input_when_coach_tool_runs_then_clear_error_and_exit_2(
    run_coach: Runner, args: list[str], message: str
) -> None:
    result = run_coach("tool", *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
