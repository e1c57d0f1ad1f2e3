"""Abuse and cost controls, enforced in the service before any provider call: a per-user rate
limit (a token bucket in Redis, updated atomically by one Lua script) and a daily token budget
(a Redis counter that mirrors the PostgreSQL usage table, so it survives the loss of the cache).

Redis down never blocks traffic: the rate limit falls back to a per-process bucket (and says so
in the `RateLimitFallback` metric), and the budget is read from PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import math
import time
import uuid
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from coach_core.db.connection import Database
from coach_core.errors import RateLimitedError
from coach_core.limits import TierLimits, limits_for
from coach_core.models import utcnow
from coach_core.observability import emit, logger
from coach_core.repositories import usage
from coach_core.settings import Settings

if TYPE_CHECKING:
    from redis.asyncio import Redis

REDIS_RETRY_AFTER_SECONDS = 10.0
BUDGET_KEY_TTL_SECONDS = 2 * 24 * 3600
LOCAL_BUCKETS = 10_000

# KEYS[1]: the user's bucket; ARGV[1]: capacity (requests per minute). The bucket refills
# continuously at capacity/60 per second; Redis's own clock, so every worker agrees.
TOKEN_BUCKET = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local capacity = tonumber(ARGV[1])
local rate = capacity / 60.0
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1]) or capacity
local ts = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
local allowed = 0
local retry = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  retry = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('EXPIRE', KEYS[1], 120)
return {allowed, tostring(retry)}
"""


def seconds_until_next_utc_day(now: dt.datetime) -> int:
    tomorrow = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time())
    return max(1, math.ceil((tomorrow - now).total_seconds()))


class LocalBuckets:
    """The per-process fallback: the same token bucket in memory (bounded LRU)."""

    def __init__(self, size: int = LOCAL_BUCKETS) -> None:
        self._buckets: OrderedDict[uuid.UUID, tuple[float, float]] = OrderedDict()
        self._size = size

    def take(self, user_id: uuid.UUID, capacity: int) -> float:
        """0 when admitted, else the seconds until a request would be."""
        now = time.monotonic()
        rate = capacity / 60.0
        tokens, ts = self._buckets.pop(user_id, (float(capacity), now))
        tokens = min(float(capacity), tokens + (now - ts) * rate)
        retry = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            retry = (1 - tokens) / rate
        self._buckets[user_id] = (tokens, now)
        while len(self._buckets) > self._size:
            self._buckets.popitem(last=False)
        return retry


class Limits:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self._client: Redis | None = None
        self._script: Any = None
        self._down_until = 0.0
        self._local = LocalBuckets()

    def for_tier(self, tier: str | None) -> TierLimits:
        return limits_for(tier, self.settings.coach_rate_limit_per_minute, self.settings.coach_daily_token_budget)

    def _redis(self) -> Redis | None:
        if time.monotonic() < self._down_until:
            return None
        if self._client is None:
            from redis.asyncio import Redis

            timeout = self.settings.redis_timeout_seconds
            self._client = Redis.from_url(self.settings.redis_url, socket_timeout=timeout,
                                          socket_connect_timeout=timeout, retry_on_timeout=False)
            self._script = self._client.register_script(TOKEN_BUCKET)
        return self._client

    def _failed(self, exc: Exception) -> None:
        self._down_until = time.monotonic() + REDIS_RETRY_AFTER_SECONDS
        logger.warning("rate limiter: Redis unavailable, per-process limits", extra={"error": type(exc).__name__})

    def _key(self, kind: str, user_id: uuid.UUID, suffix: str = "") -> str:
        return f"{self.settings.redis_key_prefix}{kind}:{user_id}{suffix}"

    async def admit(self, user_id: uuid.UUID, tier: str | None, *, spends_tokens: bool = True) -> None:
        """Raise `RateLimitedError` (429 + Retry-After) when the user is over the rate limit, or
        over the day's token budget for a request that would spend model tokens."""
        limits = self.for_tier(tier)
        if limits.requests_per_minute:
            retry = await self._take(user_id, limits.requests_per_minute)
            if retry > 0:
                emit("RateLimited", 1)
                raise RateLimitedError(
                    RateLimitedError.public_message, headers={"Retry-After": str(max(1, math.ceil(retry)))}
                )
        if spends_tokens and limits.daily_tokens:
            now = utcnow()
            used = await self._tokens_today(user_id, now.date())
            if used >= limits.daily_tokens:
                emit("RateLimited", 1)
                raise RateLimitedError(
                    RateLimitedError.budget_message,
                    headers={"Retry-After": str(seconds_until_next_utc_day(now))},
                )

    async def _take(self, user_id: uuid.UUID, capacity: int) -> float:
        from redis.exceptions import RedisError

        client = self._redis()
        if client is not None:
            try:
                allowed, retry = await self._script(keys=[self._key("rl", user_id)], args=[capacity])
                return 0.0 if int(allowed) == 1 else float(retry)
            except (RedisError, OSError) as exc:
                self._failed(exc)
        emit("RateLimitFallback", 1)
        return self._local.take(user_id, capacity)

    async def _tokens_today(self, user_id: uuid.UUID, day: dt.date) -> int:
        from redis.exceptions import RedisError

        client = self._redis()
        key = self._key("tok", user_id, f":{day.isoformat()}")
        if client is not None:
            try:
                cached = await client.get(key)
                if cached is not None:
                    return int(cached)
            except (RedisError, OSError) as exc:
                self._failed(exc)
                client = None
        async with self.db.connection() as conn:
            used = await usage.tokens_on(conn, user_id, day)
        if client is not None:
            await self._remember(user_id, day, used)
        return used

    async def _remember(self, user_id: uuid.UUID, day: dt.date, total: int) -> None:
        """Mirror the day's total from PostgreSQL into the Redis counter (best effort)."""
        from redis.exceptions import RedisError

        client = self._redis()
        if client is None:
            return
        try:
            await client.set(self._key("tok", user_id, f":{day.isoformat()}"), total, ex=BUDGET_KEY_TTL_SECONDS)
        except (RedisError, OSError) as exc:
            self._failed(exc)

    async def recorded(self, user_id: uuid.UUID, tier: str | None, day: dt.date, total: int) -> None:
        """The usage row was written: keep the budget counter exact. A tier without a budget has
        no counter to keep (`admit` reads PostgreSQL whenever the counter is missing)."""
        if self.for_tier(tier).daily_tokens:
            await self._remember(user_id, day, total)

    async def forget_user(self, user_id: uuid.UUID) -> None:
        """Drop the user's bucket and budget counters (erasure); best effort, they expire anyway."""
        from redis.exceptions import RedisError

        client = self._redis()
        if client is None:
            return
        try:
            keys = [self._key("rl", user_id)]
            keys += [k async for k in client.scan_iter(match=self._key("tok", user_id, ":*"))]
            await client.delete(*keys)
        except (RedisError, OSError) as exc:
            self._failed(exc)

    def drop_client(self) -> None:
        """Drop the Redis client without I/O (after a SnapStart restore); the next use reconnects."""
        self._client = None
        self._script = None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
