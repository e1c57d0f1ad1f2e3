"""The session sweeper: mark ACTIVE sessions idle for longer than
`settings.coach_session_idle_hours` as EXPIRED. Run hourly by the scheduled function and by
`coach expire-sessions`.

Batched so one run never holds many row locks, and idempotent: a second run (or two
sweepers side by side, thanks to SKIP LOCKED) finds nothing left to do.
"""

from __future__ import annotations

import datetime as dt

from coach_core.db.connection import Database, get_database
from coach_core.models import utcnow
from coach_core.repositories import sessions
from coach_core.settings import Settings, get_settings

DEFAULT_BATCH_SIZE = 500


async def expire_idle_sessions_now(
    batch_size: int = DEFAULT_BATCH_SIZE,
    *,
    db: Database | None = None,
    settings: Settings | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Expire idle sessions in batches until a batch comes back short; returns the total."""
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    settings = settings or get_settings()
    db = db or get_database()
    now = now or utcnow()
    cutoff = now - dt.timedelta(hours=settings.coach_session_idle_hours)
    total = 0
    while True:
        async with db.connection() as conn:
            expired = await sessions.expire_idle_sessions(conn, cutoff, now, batch_size)
        total += expired
        if expired < batch_size:
            return total
