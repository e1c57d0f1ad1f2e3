"""One deadline per request, which every provider call, SDK retry and tool call draws from:
when it runs out, whatever is in flight is cancelled (and with it any open transaction, so
nothing is stored) and the caller gets `DeadlineExceededError` (504 / one SSE `error`)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from coach_core.errors import DeadlineExceededError
from coach_core.observability import emit


@asynccontextmanager
async def deadline(seconds: float) -> AsyncIterator[None]:
    scope = asyncio.timeout(seconds)
    try:
        async with scope:
            yield
    except TimeoutError:
        if not scope.expired():
            raise  # a timeout of something inside, not ours: its own error handling applies
        emit("DeadlineExceeded", 1)
        raise DeadlineExceededError(f"request deadline of {seconds:g} s exceeded") from None
