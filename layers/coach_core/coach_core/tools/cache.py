"""The tool-result cache in Redis. It is an optimisation only: any Redis failure is
reported as a miss (or a skipped write) and the tool runs uncached. Keys carry the user id,
so one user's entries can be erased (`delete_user`, for `DELETE /me`).

After a failure the cache stays off for `RETRY_AFTER_SECONDS`, so an unreachable Redis
costs one timeout, not one per tool call."""

from __future__ import annotations

import time
import uuid
from typing import TYPE_CHECKING

from coach_core.observability import logger
from coach_core.redis_client import connect

if TYPE_CHECKING:
    from redis.asyncio import Redis

RETRY_AFTER_SECONDS = 10.0


class ToolCache:
    def __init__(self, url: str, prefix: str, timeout_seconds: float) -> None:
        self._url = url
        self._prefix = prefix
        self._timeout = timeout_seconds
        self._client: Redis | None = None
        self._down_until = 0.0
        self.round_trips = 0

    def _redis(self) -> Redis:
        if self._client is None:
            self._client = connect(self._url, self._timeout)
        return self._client

    def key(self, user_id: uuid.UUID | str, digest: str) -> str:
        return f"{self._prefix}tool:{user_id}:{digest}"

    @property
    def available(self) -> bool:
        return time.monotonic() >= self._down_until

    def _failed(self, op: str, exc: Exception) -> None:
        self._down_until = time.monotonic() + RETRY_AFTER_SECONDS
        logger.warning("tool cache failed; running uncached", extra={"op": op, "error": type(exc).__name__})

    async def get(self, user_id: uuid.UUID, digest: str) -> str | None:
        if not self.available:
            return None
        from redis.exceptions import RedisError

        try:
            self.round_trips += 1
            value = await self._redis().get(self.key(user_id, digest))
        except (RedisError, OSError) as exc:
            self._failed("read", exc)
            return None
        return value.decode() if isinstance(value, bytes) else value

    async def set(self, user_id: uuid.UUID, digest: str, value: str, ttl_seconds: int) -> None:
        if not self.available:
            return
        from redis.exceptions import RedisError

        try:
            self.round_trips += 1
            await self._redis().set(self.key(user_id, digest), value, ex=ttl_seconds)
        except (RedisError, OSError) as exc:
            self._failed("write", exc)

    async def delete_user(self, user_id: uuid.UUID) -> int:
        """Erase every cached result of one user (`DELETE /me`); how many keys went. Unlike a
        read, a failure here is raised: the caller must know the erasure did not happen."""
        from redis.exceptions import RedisError

        redis = self._redis()
        deleted = 0
        try:
            batch: list[bytes | str] = []
            async for key in redis.scan_iter(match=self.key(user_id, "*"), count=500):
                batch.append(key)
                if len(batch) >= 500:
                    deleted += await redis.delete(*batch)
                    batch = []
            if batch:
                deleted += await redis.delete(*batch)
        except (RedisError, OSError) as exc:
            self._failed("erase", exc)
            raise
        return deleted

    def drop_client(self) -> None:
        """Drop the Redis client without I/O (after a SnapStart restore); the next use reconnects."""
        self._client = None

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
