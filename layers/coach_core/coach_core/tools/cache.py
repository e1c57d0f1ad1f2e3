"""The tool-result cache in Redis. It is an optimisation only: any Redis failure is
reported as a miss (or a skipped write) and the tool runs uncached.

After a failure the cache stays off for `RETRY_AFTER_SECONDS`, so an unreachable Redis
costs one timeout, not one per tool call."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from redis.asyncio import Redis

logger = logging.getLogger(__name__)

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
            from redis.asyncio import Redis

            self._client = Redis.from_url(
                self._url,
                socket_timeout=self._timeout,
                socket_connect_timeout=self._timeout,
                retry_on_timeout=False,
            )
        return self._client

    def key(self, digest: str) -> str:
        return f"{self._prefix}tool:{digest}"

    @property
    def available(self) -> bool:
        return time.monotonic() >= self._down_until

    def _failed(self, op: str, exc: Exception) -> None:
        self._down_until = time.monotonic() + RETRY_AFTER_SECONDS
        logger.warning("tool cache %s failed; running uncached: %s", op, type(exc).__name__)

    async def get(self, digest: str) -> str | None:
        if not self.available:
            return None
        from redis.exceptions import RedisError

        try:
            self.round_trips += 1
            value = await self._redis().get(self.key(digest))
        except (RedisError, OSError) as exc:
            self._failed("read", exc)
            return None
        return value.decode() if isinstance(value, bytes) else value

    async def set(self, digest: str, value: str, ttl_seconds: int) -> None:
        if not self.available:
            return
        from redis.exceptions import RedisError

        try:
            self.round_trips += 1
            await self._redis().set(self.key(digest), value, ex=ttl_seconds)
        except (RedisError, OSError) as exc:
            self._failed("write", exc)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
