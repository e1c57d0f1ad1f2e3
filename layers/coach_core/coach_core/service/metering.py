"""Every token billed: one `UsageMeter` per admitted request. Each usage a provider reports
(or the orchestrator estimates for a call that was cut) and each guard call's tokens are written
at once, in a task of their own, apart from the exchange: PostgreSQL's day (total and per
provider) and the budget's Redis counter. A request that fails, times out or loses its client
afterwards has still paid for what it used, and every report is written exactly once.

`close` waits for the writes and then gives back the request's admission (its budget
reservation and stream slot); it runs in a task of its own too, so a cancelled request still
settles, and callers await it shielded.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from coach_core.models import utcnow
from coach_core.observability import emit, log_exception
from coach_core.providers.base import Usage
from coach_core.repositories import usage
from coach_core.service.limits import Admission, Limits


class UsageMeter:
    def __init__(self, limits: Limits, admission: Admission) -> None:
        self._limits = limits
        self.admission = admission
        self._writes: list[asyncio.Task[Any]] = []
        self._reported = False
        self._providers: set[str] = set()
        self._closing: asyncio.Task[None] | None = None

    def provider(self, provider: str, used: Usage, *, estimated: bool) -> None:
        """A model call's usage (the orchestrator's `UsageSink`): reported, or estimated for a
        call cut before its finish. Never blocks, never raises."""
        if used.total <= 0:
            return
        first = provider not in self._providers
        self._providers.add(provider)
        if estimated:
            emit("UsageEstimated", used.total)
        self._submit(
            used.input_tokens,
            used.output_tokens,
            0,
            [usage.ProviderTokens(provider, used.input_tokens, used.output_tokens, int(first))],
        )

    def guard(self, tokens: int) -> None:
        """The model-based guard's tokens for one check (a cut check's estimate included)."""
        if tokens > 0:
            self._submit(0, 0, tokens, ())

    def _submit(
        self, input_tokens: int, output_tokens: int, guard_tokens: int, providers: Sequence[usage.ProviderTokens]
    ) -> None:
        requests = 0 if self._reported else 1
        self._reported = True
        self._writes.append(
            self._limits.spawn(self._write(requests, input_tokens, output_tokens, guard_tokens, providers))
        )

    async def _write(
        self,
        requests: int,
        input_tokens: int,
        output_tokens: int,
        guard_tokens: int,
        providers: Sequence[usage.ProviderTokens],
    ) -> None:
        day = utcnow().date()
        admission = self.admission
        day_total = 0
        try:
            async with self._limits.db.connection() as conn:
                day_total = await usage.add_usage(
                    conn,
                    admission.user_id,
                    day,
                    requests=requests,
                    input_tokens=input_tokens,
                    output_tokens=output_tokens,
                    guard_tokens=guard_tokens,
                    providers=providers,
                )
        except Exception as exc:
            emit("UsageWriteFailed", 1)
            log_exception("usage could not be written", exc)
        await self._limits.spent(admission.subject, day, input_tokens + output_tokens + guard_tokens, day_total)

    async def close(self) -> None:
        """Wait for every write, then release the admission; idempotent, and it completes even
        if the caller is cancelled while waiting."""
        if self._closing is None:
            self._closing = self._limits.spawn(self._settle())
        await asyncio.shield(self._closing)

    async def _settle(self) -> None:
        while not all(w.done() for w in self._writes):
            await asyncio.gather(*self._writes, return_exceptions=True)
        await self._limits.release(self.admission)
