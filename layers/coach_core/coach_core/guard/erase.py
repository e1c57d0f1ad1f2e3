"""Where a user's cached guard verdicts live, and erasing them without running a guard.

On Lambda the chat functions run the guard and cache its verdicts in Redis, while `DELETE /me`
runs in the data function, which runs no guard. The cache's key needs only the Redis URL, the
key prefix and the keyed-hash key, so the erasure builds it from the settings alone and no
verdict outlives its user anywhere."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

from coach_core.pseudonyms import keyed_hash
from coach_core.redis_client import connect

if TYPE_CHECKING:
    from redis.asyncio import Redis

    from coach_core.settings import Settings


def verdicts_key(prefix: str, hash_key: bytes, user_id: uuid.UUID) -> str:
    """The Redis hash holding one user's cached verdicts (a keyed hash: no key names a user)."""
    return f"{prefix}guard:{keyed_hash(hash_key, 'guard-user', str(user_id))}"


class VerdictEraser:
    """Drops a user's cached verdicts. The hash key is read at the first erasure, so a function
    whose settings lack the secret fails there (a 503 the user can retry), not at start-up."""

    def __init__(self, redis_url: str, key_prefix: str, hash_key: Callable[[], bytes], timeout_seconds: float) -> None:
        self._redis_url = redis_url
        self._prefix = key_prefix
        self._hash_key = hash_key
        self._timeout = timeout_seconds
        self._client: Redis | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> VerdictEraser | None:
        """None when no verdict can have been cached (no Redis, or the cache turned off)."""
        if not settings.redis_url or not settings.safety_guard_cache_seconds:
            return None
        return cls(settings.redis_url, settings.redis_key_prefix, settings.hash_key, settings.redis_timeout_seconds)

    def user_key(self, user_id: uuid.UUID) -> str:
        return verdicts_key(self._prefix, self._hash_key(), user_id)

    async def forget_user(self, user_id: uuid.UUID) -> None:
        """Raises the Redis error when the cache cannot be reached, so the erasure fails loudly."""
        if self._client is None:
            self._client = connect(self._redis_url, self._timeout)
        await self._client.delete(self.user_key(user_id))

    def drop_client(self) -> None:
        """Drop the Redis client without I/O (after a SnapStart restore)."""
        self._client = None

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None
