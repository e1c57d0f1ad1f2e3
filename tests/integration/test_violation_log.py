"""Violation logging against a real PostgreSQL: one row per fired policy with the right
direction, severity and action, sanitised trigger content, and the reference's
"violations by type" query aggregating them."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from coach_core.db.connection import Database
from coach_core.policies import get_engine
from coach_core.repositories.logs import VIOLATIONS_BY_TYPE_SQL
from coach_core.service.sessions import SessionStore, violation_rows
from coach_core.settings import load_settings

pytestmark = pytest.mark.integration


async def _by_type(db: Database) -> dict[tuple[str, str], int]:
    async with db.connection() as conn:
        cur = await conn.execute(VIOLATIONS_BY_TYPE_SQL)
        return {(r["violation_type"], r["severity"]): int(r["count"]) for r in await cur.fetchall()}


async def log_violations(db: Database, rows: list[Any]) -> None:
    await SessionStore(db, load_settings()).write_logs(rows, [])


async def _rows_for(db: Database, user_id: uuid.UUID) -> list[dict[str, Any]]:
    async with db.connection() as conn:
        cur = await conn.execute(
            "SELECT session_id, direction, violation_type, severity, trigger_content, action_taken "
            "FROM ai_policy_violation_log WHERE user_id = %s ORDER BY id",
            [user_id],
        )
        return list(await cur.fetchall())


async def test_violations_are_logged_with_direction_severity_and_aggregated(db: Database) -> None:
    """GIVEN an input that trips crisis and calorie_minimum and an output that trips medical WHEN their rows
    are logged THEN three rows with the right direction/severity/action exist and the by-type query counts
    them."""
    engine = get_engine()
    user_id, session_id = uuid.uuid4(), uuid.uuid4()
    flagged = engine.check_input(
        "i only let myself have 460 calories a day and i take laxatives if i slip, mail me at a.b@example.com"
    )
    modified = engine.check_output("Because you're on a statin, let your doctor know about any new muscle aches.")
    rows = violation_rows(flagged, user_id=user_id, session_id=session_id, direction="input") + violation_rows(
        modified, user_id=user_id, session_id=None, direction="output"
    )
    before = await _by_type(db)

    await log_violations(db, rows)

    stored = await _rows_for(db, user_id)
    assert [
        (r["session_id"], r["direction"], r["violation_type"], r["severity"], r["action_taken"]) for r in stored
    ] == [
        (session_id, "input", "crisis", "critical", "flag"),
        (session_id, "input", "calorie_minimum", "high", "block"),
        (None, "output", "medical", "low", "modify"),
    ]
    assert all(0 < len(r["trigger_content"]) <= 200 for r in stored)
    assert all("example.com" not in r["trigger_content"] for r in stored)
    after = await _by_type(db)
    for key in (("crisis", "critical"), ("calorie_minimum", "high"), ("medical", "low")):
        assert after[key] - before.get(key, 0) == 1


async def test_allowed_results_write_nothing(db: Database) -> None:
    """GIVEN a message no policy fires on WHEN its rows are logged THEN nothing is written."""
    user_id = uuid.uuid4()
    result = get_engine().check_input("What's a good protein breakfast after leg day?")
    rows = violation_rows(result, user_id=user_id, session_id=None)
    assert rows == []
    await log_violations(db, rows)
    assert await _rows_for(db, user_id) == []
