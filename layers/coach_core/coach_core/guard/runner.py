"""How the service runs the guard: a deadline (default 1.5 s), verdicts cached in Redis per user
(short TTL), and every failure — timeout, 429, 5xx, a malformed answer — turned into
`unavailable` with a warning log and a metric. The guard never fails a chat.

The cache holds no personal data in its keys and can be erased per user: each user's verdicts
live in one Redis hash named by a keyed hash of the user id, each field a keyed hash (HMAC with
the server's secret) of the user id, the guard, the direction and the text. `forget_user` drops
that one key (what the erasure of a user calls). Each entry carries its own expiry; the hash
expires `cache_seconds` after its last write.

Billing: `check(..., bill=...)` reports the tokens each classification cost (the verdict's, or
an estimate for one cut by the deadline or a cancellation), so the service counts them even when
the request ends before the verdict is used."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

from coach_core import tracing
from coach_core.errors import ProviderError, ProviderRateLimitError, ProviderTimeoutError
from coach_core.guard.erase import verdicts_key
from coach_core.guard.verdict import Direction, GuardVerdict, SafetyGuard
from coach_core.observability import emit, logger
from coach_core.pseudonyms import keyed_hash
from coach_core.redis_client import connect

if TYPE_CHECKING:
    from redis.asyncio import Redis

REDIS_RETRY_AFTER_SECONDS = 10.0

Bill = Callable[[int], None]
"""Receives the tokens a classification cost (never blocks, never raises)."""


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
        hash_key: bytes | None = None,
    ) -> None:
        if cache_seconds and redis_url and not hash_key:
            raise ValueError("a verdict cache needs hash_key: its keys are keyed hashes of the user and the text")
        self.guard = guard
        self.timeout_seconds = timeout_seconds
        self._cache_seconds = cache_seconds
        self._redis_url = redis_url
        self._prefix = key_prefix
        self._redis_timeout = redis_timeout_seconds
        self._hash_key = hash_key or b""
        self._client: Redis | None = None
        self._down_until = 0.0

    @property
    def name(self) -> str:
        return self.guard.name

    @property
    def caching(self) -> bool:
        return bool(self._cache_seconds and self._redis_url)

    def user_key(self, user_id: uuid.UUID) -> str:
        """The Redis hash holding one user's cached verdicts."""
        return verdicts_key(self._prefix, self._hash_key, user_id)

    def _field(self, user_id: uuid.UUID, text: str, direction: Direction) -> str:
        return keyed_hash(self._hash_key, "guard-verdict", self.guard.name, str(user_id), direction, text)

    def _connect(self) -> Redis:
        if self._client is None:
            self._client = connect(str(self._redis_url), self._redis_timeout)
        return self._client

    def _redis(self) -> Redis | None:
        if not self.caching or time.monotonic() < self._down_until:
            return None
        return self._connect()

    async def _cached(self, user_id: uuid.UUID, text: str, direction: Direction) -> GuardVerdict | None:
        from redis.exceptions import RedisError

        client = self._redis()
        if client is None:
            return None
        try:
            raw = await client.hget(self.user_key(user_id), self._field(user_id, text, direction))
        except (RedisError, OSError):
            self._down_until = time.monotonic() + REDIS_RETRY_AFTER_SECONDS
            return None
        if raw is None:
            return None
        try:
            data = json.loads(raw)
            if float(data["exp"]) <= time.time():
                return None
            return GuardVerdict(
                data["verdict"],
                self.guard.name,
                data.get("model"),
                {k: float(v) for k, v in data.get("scores", {}).items()},
                cached=True,
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    async def _store(self, user_id: uuid.UUID, text: str, direction: Direction, verdict: GuardVerdict) -> None:
        from redis.exceptions import RedisError

        client = self._redis()
        if client is None or verdict.verdict == "unavailable":
            return
        payload = json.dumps(
            {
                "verdict": verdict.verdict,
                "model": verdict.model,
                "scores": verdict.category_scores,
                "exp": time.time() + self._cache_seconds,
            }
        )
        key = self.user_key(user_id)
        try:
            async with client.pipeline(transaction=True) as pipe:
                pipe.hset(key, self._field(user_id, text, direction), payload)
                pipe.expire(key, self._cache_seconds)
                await pipe.execute()
        except (RedisError, OSError):
            self._down_until = time.monotonic() + REDIS_RETRY_AFTER_SECONDS

    async def check(
        self, text: str, direction: Direction, *, user_id: uuid.UUID | None = None, bill: Bill | None = None
    ) -> GuardVerdict:
        """The guard's verdict on `text` (cached per user when `user_id` is given); never raises
        for a guard or cache failure. `bill` gets the tokens the classification cost."""
        with tracing.safety_span("guard", direction) as span:
            verdict = None if user_id is None else await self._cached(user_id, text, direction)
            if verdict is None:
                verdict = await self._classify(text, direction, bill)
                if user_id is not None:
                    await self._store(user_id, text, direction, verdict)
            tracing.record_guard(
                span,
                guard=verdict.guard,
                verdict=verdict.verdict,
                model=verdict.model,
                cached=verdict.cached,
                reason=verdict.reason,
                scores=verdict.category_scores,
            )
        emit(f"GuardVerdict_{verdict.verdict}", 1)
        if verdict.verdict == "unavailable":
            logger.warning(
                "safety guard unavailable: the rules' verdict stands",
                extra={"guard": self.guard.name, "direction": direction, "reason": verdict.reason},
            )
        return verdict

    async def _classify(self, text: str, direction: Direction, bill: Bill | None) -> GuardVerdict:
        def unavailable(reason: str, *, cut: bool = False) -> GuardVerdict:
            tokens = self.guard.cut_tokens(text, direction) if cut else 0
            if bill is not None and tokens:
                bill(tokens)
            return GuardVerdict("unavailable", self.guard.name, tokens=tokens, reason=reason)

        try:
            async with asyncio.timeout(self.timeout_seconds):
                verdict = await self.guard.classify(text, direction)
        except TimeoutError:
            return unavailable("timeout", cut=True)
        except ProviderRateLimitError:
            return unavailable("rate_limited")
        except ProviderError as exc:
            return unavailable(f"provider_error:{type(exc).__name__}", cut=isinstance(exc, ProviderTimeoutError))
        except asyncio.CancelledError:
            if bill is not None:
                bill(self.guard.cut_tokens(text, direction))
            raise
        if bill is not None and verdict.tokens:
            bill(verdict.tokens)
        return verdict

    async def forget_user(self, user_id: uuid.UUID) -> None:
        """Erase every verdict cached for the user (one key). Raises the Redis error when the
        cache cannot be reached, so an erasure can fail loudly and be retried; without a cache
        there is nothing to erase."""
        if not self.caching:
            return
        await self._connect().delete(self.user_key(user_id))

    def drop_client(self) -> None:
        """Drop the Redis client without I/O (after a SnapStart restore); the next use reconnects."""
        self._client = None

    async def aclose(self) -> None:
        await self.guard.aclose()
        if self._client is not None:
            await self._client.aclose()
            self._client = None
