"""The session sweeper (`coach expire-sessions`, the hourly function): idle ACTIVE sessions
become EXPIRED in batches until none are left; a second run finds nothing (idempotent)."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest

from coach_core.db.connection import Database
from coach_core.models import ChatTurn, utcnow
from coach_core.repositories import turns
from coach_core.service.expiry import expire_idle_sessions_now
from coach_core.settings import Settings
from tests.api_support import fetch_all, seed_user

pytestmark = pytest.mark.integration


async def _session(db: Database, user: uuid.UUID, idle_hours: float, now: dt.datetime) -> uuid.UUID:
    session_id = uuid.uuid4()
    async with db.connection() as conn:
        await turns.record_turn(
            conn,
            turns.TurnWrite(
                session_id=session_id,
                user_id=user,
                model_tier="standard",
                turns=[ChatTurn(role="user", content="hi"), ChatTurn(role="assistant", content="hello")],
                tokens_used=3,
                max_history=12,
                now=now - dt.timedelta(hours=idle_hours),
                expire_id=None,
                violations=(),
                tool_rows=(),
            ),
        )
    return session_id


async def test_given_idle_and_fresh_sessions_when_sweeping_in_small_batches_then_only_idle_ones_expire(
    db: Database, settings: Settings
) -> None:
    user = await seed_user(db)
    # A fixed "now" far in the future keeps other tests' sessions (idle by then too) out of
    # the count: they are expired by the first sweep below, which we do not assert on.
    now = utcnow() + dt.timedelta(days=3650)
    await expire_idle_sessions_now(db=db, settings=settings, now=now - dt.timedelta(days=1))
    idle = [await _session(db, user, hours, now) for hours in (25, 30, 48, 100, 24.5)]
    fresh = [await _session(db, user, hours, now) for hours in (0, 2, 23.5)]

    expired = await expire_idle_sessions_now(batch_size=2, db=db, settings=settings, now=now)

    assert expired == len(idle)
    rows = await fetch_all(db, "SELECT id, status, expired_at FROM ai_session WHERE user_id = %s", (user,))
    status = {r["id"]: r["status"] for r in rows}
    assert {status[s] for s in idle} == {"EXPIRED"} and {status[s] for s in fresh} == {"ACTIVE"}
    assert all(r["expired_at"] == now for r in rows if r["id"] in idle)
    assert await expire_idle_sessions_now(batch_size=2, db=db, settings=settings, now=now) == 0


@pytest.mark.parametrize("batch_size", [0, -1])
async def test_given_a_bad_batch_size_when_sweeping_then_it_is_refused(
    db: Database, settings: Settings, batch_size: int
) -> None:
    with pytest.raises(ValueError, match="batch_size"):
        await expire_idle_sessions_now(batch_size=batch_size, db=db, settings=settings)
