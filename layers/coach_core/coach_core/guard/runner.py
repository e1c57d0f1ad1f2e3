"""How the service runs the guard: a deadline (default 1.5 s), verdicts cached in Redis by text
hash (short TTL), and every failure — timeout, 429, 5xx, a malformed answer — turned into
`unavailable` with a warning log and a metric. The guard never fails a chat."""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from typing import TYPE_CHECKING

from coach_core import tracing
from coach_core.errors import ProviderError, ProviderRateLimitError
from coach_core.guard.verdict import Direction, GuardVerdict, SafetyGuard
from coach_core.observability import emit, logger

if TYPE_CHECKING:
    from redis.asyncio import Redis

REDIS_RETRY_AFTER_SECONDS = 10.0


class GuardRunner:
    def __init__(
        self,
        guard: SafetyGuard,
        *,
        timeout_seconds: float,
        cache_seconds: int = 0,
        redis_url: str | None = None,
        key_prefix: str = "coach:",
        redis_timeout_seconds: float = 0.5,
    ) -> None:
        self.guard = guard
        self.timeout_seconds = timeout_seconds
        self._cache_seconds = cache_seconds
        self._redis_url = redis_url
        self._prefix = key_prefix
        self._redis_timeout = redis_timeout_seconds
        self._client: Redis | None = None
        self._down_until = 0.0

    @property
    def name(self) -> str:
        return self.guard.name

    def _key(self, text: str, direction: Direction) -> str:
        digest = hashlib.sha256(f"{direction}\x1f{text}".encode()).hexdigest()
        return f"{self._prefix}guard:{self.guard.name}:{digest}"

    def _redis(self) -> Redis | None:
        if not self._cache_seconds or not self._redis_url or time.monotonic() < self._down_until:
            return None
        if self._client is None:
            from redis.asyncio import Redis

            self._client = Redis.from_url(self._redis_url, socket_timeout=self._redis_timeout,
                                          socket_connect_timeout=self._redis_timeout, retry_on_timeout=False)
        return self._client

    async def _cached(self, key: str) -> GuardVerdict | None:
        from redis.exceptions import RedisError

        client = self._redis()
        if client is None:
            return None
        try:
            raw = await client.get(key)
        except (RedisError, OSError):
            self._down_until = time.monotonic() + REDIS_RETRY_AFTER_SECONDS
            return None
        if raw is None:
            return None
        try:
            data = json.loads(raw)
            return GuardVerdict(data["verdict"], self.guard.name, data.get("model"),
                                {k: float(v) for k, v in data.get("scores", {}).items()}, cached=True)
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    async def _store(self, key: str, verdict: GuardVerdict) -> None:
        from redis.exceptions import RedisError

        client = self._redis()
        if client is None or verdict.verdict == "unavailable":
            return
        payload = json.dumps({"verdict": verdict.verdict, "model": verdict.model, "scores": verdict.category_scores})
        try:
            await client.set(key, payload, ex=self._cache_seconds)
        except (RedisError, OSError):
            self._down_until = time.monotonic() + REDIS_RETRY_AFTER_SECONDS

    async def check(self, text: str, direction: Direction) -> GuardVerdict:
        """The guard's verdict on `text`; never raises for a guard or cache failure."""
        with tracing.safety_span("guard", direction) as span:
            key = self._key(text, direction)
            verdict = await self._cached(key)
            if verdict is None:
                verdict = await self._classify(text, direction)
                await self._store(key, verdict)
            tracing.record_guard(span, guard=verdict.guard, verdict=verdict.verdict, model=verdict.model,
                                 cached=verdict.cached, reason=verdict.reason, scores=verdict.category_scores)
        emit(f"GuardVerdict_{verdict.verdict}", 1)
        if verdict.verdict == "unavailable":
            logger.warning("safety guard unavailable: the rules' verdict stands",
                           extra={"guard": self.guard.name, "direction": direction, "reason": verdict.reason})
        return verdict

    async def _classify(self, text: str, direction: Direction) -> GuardVerdict:
        def unavailable(reason: str) -> GuardVerdict:
            return GuardVerdict("unavailable", self.guard.name, reason=reason)

        try:
            async with asyncio.timeout(self.timeout_seconds):
                return await self.guard.classify(text, direction)
        except TimeoutError:
            return unavailable("timeout")
        except ProviderRateLimitError:
            return unavailable("rate_limited")
        except ProviderError as exc:
            return unavailable(f"provider_error:{type(exc).__name__}")

    def drop_client(self) -> None:
        """Drop the Redis client without I/O (after a SnapStart restore); the next use reconnects."""
        self._client = None

    async def aclose(self) -> None:
        await self.guard.aclose()
        if self._client is not None:
            await self._client.aclose()
            self._client = None
