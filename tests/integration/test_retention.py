"""The retention purge on real PostgreSQL (`coach expire-sessions`, the hourly function): the
history of sessions expired more than COACH_EXPIRED_HISTORY_RETENTION_DAYS (30) ago and the
excerpts of violation rows older than COACH_VIOLATION_EXCERPT_RETENTION_DAYS (90) are emptied in
batches; everything younger, and every other column, stays; a second run finds nothing."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from typing import Any

import pytest

from coach_core.db.connection import Database
from coach_core.models import utcnow
from coach_core.service.retention import purge_now
from coach_core.settings import Settings
from tests.api_support import fetch_all, fetch_one, make_settings, seed_user

pytestmark = pytest.mark.integration

HISTORY = [{"role": "user", "content": "I weigh 82 kg and feel low"}, {"role": "assistant", "content": "..."}]


async def _session(db: Database, user: uuid.UUID, *, expired_days_ago: float | None, active: bool = False) -> uuid.UUID:
    """A session with a stored conversation: EXPIRED that many days ago, or ACTIVE (idle as long)."""
    session_id = uuid.uuid4()
    now = utcnow()
    days = expired_days_ago or 0
    async with db.connection() as conn:
        await conn.execute(
            """INSERT INTO ai_session (id, user_id, status, history, message_count, tokens_used, created_at,
                                       last_activity_at, expired_at)
               VALUES (%s, %s, %s, %s::jsonb, 2, 40, %s, %s, %s)""",
            (
                session_id,
                user,
                "ACTIVE" if active else "EXPIRED",
                json.dumps(HISTORY),
                now - dt.timedelta(days=days + 2),
                now - dt.timedelta(days=days + 1),
                None if active else now - dt.timedelta(days=days),
            ),
        )
    return session_id


async def _violation(db: Database, user: uuid.UUID, days_ago: float) -> int:
    async with db.connection() as conn:
        cur = await conn.execute(
            """INSERT INTO ai_policy_violation_log (user_id, direction, violation_type, severity, trigger_content,
                                                    action_taken, rule_id, created_at)
               VALUES (%s, 'input', 'crisis', 'critical', 'i want to disappear, call me on [phone]', 'block',
                       'crisis.suicide', %s) RETURNING id""",
            (user, utcnow() - dt.timedelta(days=days_ago)),
        )
        row = await cur.fetchone()
    assert row is not None
    return int(row["id"])


async def _sessions(db: Database, ids: list[uuid.UUID]) -> dict[uuid.UUID, dict[str, Any]]:
    rows = await fetch_all(
        db, "SELECT id, status, history, message_count, tokens_used FROM ai_session WHERE id = ANY(%s)", (ids,)
    )
    return {r["id"]: r for r in rows}


async def _excerpts(db: Database, ids: list[int]) -> dict[int, tuple[str, str, str]]:
    rows = await fetch_all(
        db,
        "SELECT id, trigger_content, violation_type, rule_id FROM ai_policy_violation_log WHERE id = ANY(%s)",
        (ids,),
    )
    return {r["id"]: (r["trigger_content"], r["violation_type"], r["rule_id"]) for r in rows}


async def test_given_old_and_recent_health_data_when_purging_in_small_batches_then_only_the_old_text_goes(
    db: Database, settings: Settings
) -> None:
    """GIVEN sessions expired 31, 45 and 400 days ago, one expired 29 days ago, one ACTIVE session
    idle for 60 days, and violation rows 91, 200 and 89 days old WHEN the purge runs in batches of
    2 THEN the three old histories and the two old excerpts are emptied (rows, counts, types and
    rules kept), the rest is untouched, and a second run purges nothing."""
    user = await seed_user(db)
    old = [await _session(db, user, expired_days_ago=d) for d in (31, 45, 400)]
    recent = await _session(db, user, expired_days_ago=29)
    active = await _session(db, user, expired_days_ago=60, active=True)
    old_violations = [await _violation(db, user, d) for d in (91, 200)]
    recent_violation = await _violation(db, user, 89)

    first = await purge_now(batch_size=2, db=db, settings=settings)

    assert first.histories >= 3 and first.excerpts >= 2
    rows = await _sessions(db, [*old, recent, active])
    assert [rows[s]["history"] for s in old] == [[], [], []]
    assert all((rows[s]["status"], rows[s]["message_count"], rows[s]["tokens_used"]) == ("EXPIRED", 2, 40) for s in old)
    assert rows[recent]["history"] == HISTORY and rows[active]["history"] == HISTORY
    excerpts = await _excerpts(db, [*old_violations, recent_violation])
    assert [excerpts[v] for v in old_violations] == [("", "crisis", "crisis.suicide")] * 2
    assert excerpts[recent_violation][0].startswith("i want to disappear")

    second = await purge_now(batch_size=2, db=db, settings=settings)
    assert (second.histories, second.excerpts) == (0, 0)


async def test_given_shorter_retention_settings_when_purging_then_they_set_the_cutoffs(
    db: Database, database_url: str, redis_url: str, redis_prefix: str
) -> None:
    """GIVEN COACH_EXPIRED_HISTORY_RETENTION_DAYS=7 and COACH_VIOLATION_EXCERPT_RETENTION_DAYS=14
    WHEN purging THEN a session expired 8 days ago and a 15-day-old excerpt go; 6 and 13 days stay."""
    short = make_settings(
        database_url,
        redis_url,
        redis_prefix,
        coach_expired_history_retention_days=7,
        coach_violation_excerpt_retention_days=14,
    )
    user = await seed_user(db)
    gone, kept = await _session(db, user, expired_days_ago=8), await _session(db, user, expired_days_ago=6)
    blank, whole = await _violation(db, user, 15), await _violation(db, user, 13)
    await purge_now(db=db, settings=short)
    rows = await _sessions(db, [gone, kept])
    assert (rows[gone]["history"], rows[kept]["history"]) == ([], HISTORY)
    excerpts = await _excerpts(db, [blank, whole])
    assert excerpts[blank][0] == "" and excerpts[whole][0] != ""


@pytest.mark.parametrize("batch_size", [0, -1])
async def test_given_a_bad_batch_size_when_purging_then_it_is_refused(
    db: Database, settings: Settings, batch_size: int
) -> None:
    with pytest.raises(ValueError, match="batch_size"):
        await purge_now(batch_size=batch_size, db=db, settings=settings)


def test_given_coach_expire_sessions_when_run_by_hand_then_it_sweeps_and_purges(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], coach_env: None, database_url: str
) -> None:
    """GIVEN an old expired session WHEN `coach expire-sessions` runs THEN its output reports the
    purge and the history is gone; run again, it purges nothing."""
    import asyncio

    from coach_core.cli import main
    from coach_core.db.connection import PoolDatabase

    async def arrange() -> uuid.UUID:
        own = PoolDatabase(database_url, max_size=1)
        try:
            return await _session(own, await seed_user(own), expired_days_ago=40)
        finally:
            await own.close()

    async def history(session_id: uuid.UUID) -> Any:
        own = PoolDatabase(database_url, max_size=1)
        try:
            row = await fetch_one(own, "SELECT history FROM ai_session WHERE id = %s", (session_id,))
        finally:
            await own.close()
        return None if row is None else row["history"]

    session_id = asyncio.run(arrange())
    assert main(["expire-sessions"]) == 0
    first = capsys.readouterr().out
    assert "purged the history of" in first and "old violation excerpt" in first
    assert asyncio.run(history(session_id)) == []
    assert main(["expire-sessions"]) == 0
    assert "purged the history of 0 old expired sessions and 0 old violation excerpts" in capsys.readouterr().out
