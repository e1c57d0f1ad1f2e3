"""The retention purge: health data is kept only as long as it is needed. Run hourly by the
scheduled expiry function, after the sweep, and by `coach expire-sessions`.

- A session EXPIRED more than `COACH_EXPIRED_HISTORY_RETENTION_DAYS` (30) ago loses its stored
  conversation (the row, with its times and counts, stays).
- A policy-violation row older than `COACH_VIOLATION_EXCERPT_RETENTION_DAYS` (90) loses its
  excerpt of the user's words (type, severity, rule and time stay, for the reports).

Batched so one run never holds many row locks, and idempotent: a second run (or two side by
side, thanks to SKIP LOCKED) finds nothing left to do.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from coach_core.db.connection import Conn, Database, get_database
from coach_core.models import utcnow
from coach_core.repositories import logs, sessions
from coach_core.settings import Settings, get_settings

DEFAULT_BATCH_SIZE = 500


@dataclass(frozen=True)
class PurgeResult:
    histories: int
    excerpts: int


async def _in_batches(
    db: Database, step: Callable[[Conn, dt.datetime, int], Awaitable[int]], cutoff: dt.datetime, batch_size: int
) -> int:
    total = 0
    while True:
        async with db.connection() as conn:
            done = await step(conn, cutoff, batch_size)
        total += done
        if done < batch_size:
            return total


async def purge_now(
    batch_size: int = DEFAULT_BATCH_SIZE,
    *,
    db: Database | None = None,
    settings: Settings | None = None,
    now: dt.datetime | None = None,
) -> PurgeResult:
    """Purge both kinds in batches until a batch comes back short; returns the totals."""
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    settings = settings or get_settings()
    db = db or get_database()
    now = now or utcnow()
    history_cutoff = now - dt.timedelta(days=settings.coach_expired_history_retention_days)
    excerpt_cutoff = now - dt.timedelta(days=settings.coach_violation_excerpt_retention_days)
    return PurgeResult(
        histories=await _in_batches(db, sessions.purge_expired_history, history_cutoff, batch_size),
        excerpts=await _in_batches(db, logs.purge_violation_excerpts, excerpt_cutoff, batch_size),
    )
