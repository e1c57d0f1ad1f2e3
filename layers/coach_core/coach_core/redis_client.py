"""The one way this service opens Redis: the client imported on first use (redis stays out of the
cold start), short socket timeouts and no retry on a timeout, so a slow Redis costs one timeout
and each caller falls back (uncached tools, per-process limits, no verdict cache) instead of
stalling a request."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from redis.asyncio import Redis


def connect(url: str, timeout_seconds: float) -> Redis:
    from redis.asyncio import Redis

    return Redis.from_url(
        url, socket_timeout=timeout_seconds, socket_connect_timeout=timeout_seconds, retry_on_timeout=False
    )
