"""Abuse and cost controls, enforced in the service before any provider call (and before the
model-based guard, which costs too): a per-user rate limit (a token bucket in Redis), a cap on
the streams one user may have open (leases in Redis), and a daily token budget, reserved
atomically before the call and settled with the real figure after it.

Budget: the day's counter in Redis is tokens spent plus the reservations in flight. A request
is admitted while the counter is under the budget, and adds its estimate (the prompt as sent
plus the tier's output cap) in the same script; its real usage is added as each call reports
it (`metering.UsageMeter`) and the estimate is given back when it ends. Concurrent requests see
each other's reservations, so the budget is overshot by at most about one request.

Keys never name the user: they carry a keyed hash of the identity (HMAC with the server's
secret, `Settings.hash_key`), so the counters hold no personal data and outlive an erasure
until they expire: erasing an account does not reset its budget or its rate.

Redis down never blocks traffic: the rate limit and the stream cap fall back to per-process
state (`RateLimitFallback` / `StreamCapFallback` metrics), and the budget is reserved in
PostgreSQL (`ai_usage_daily.reserved_tokens`, one atomic upsert).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
import time
import uuid
from collections import OrderedDict
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from coach_core.db.connection import Database
from coach_core.errors import RateLimitedError
from coach_core.limits import TierLimits, limits_for
from coach_core.models import utcnow
from coach_core.observability import emit, log_exception, logger
from coach_core.providers.model_config import max_output_tokens
from coach_core.pseudonyms import keyed_hash
from coach_core.redis_client import connect
from coach_core.repositories import usage
from coach_core.service import limit_scripts
from coach_core.settings import Settings

if TYPE_CHECKING:
    from redis.asyncio import Redis

REDIS_RETRY_AFTER_SECONDS = 10.0
BUDGET_KEY_TTL_SECONDS = 2 * 24 * 3600
LOCAL_BUCKETS = 10_000
STREAM_RETRY_AFTER_SECONDS = 5
STREAM_LEASE_MARGIN_SECONDS = 10.0
"""A slot's lease outlasts the longest a stream can live (the request deadline of its start plus
the stream's own deadline) by this much; a normal stream releases it when it ends."""


def seconds_until_next_utc_day(now: dt.datetime) -> int:
    tomorrow = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time())
    return max(1, math.ceil((tomorrow - now).total_seconds()))


class LocalBuckets:
    """The per-process fallback: the same token bucket in memory (bounded LRU)."""

    def __init__(self, size: int = LOCAL_BUCKETS) -> None:
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._size = size

    def take(self, subject: str, capacity: int) -> float:
        """0 when admitted, else the seconds until a request would be."""
        now = time.monotonic()
        rate = capacity / 60.0
        tokens, ts = self._buckets.pop(subject, (float(capacity), now))
        tokens = min(float(capacity), tokens + (now - ts) * rate)
        retry = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            retry = (1 - tokens) / rate
        self._buckets[subject] = (tokens, now)
        while len(self._buckets) > self._size:
            self._buckets.popitem(last=False)
        return retry


@dataclass(frozen=True, slots=True)
class Reservation:
    """Tokens of one day's budget held for a request in flight, in Redis or (Redis down) in
    PostgreSQL; given back when the request ends."""

    user_id: uuid.UUID
    subject: str
    day: dt.date
    tokens: int
    store: Literal["redis", "postgres"]


@dataclass(frozen=True, slots=True)
class StreamSlot:
    subject: str
    slot_id: str
    store: Literal["redis", "local"]


@dataclass(slots=True)
class Admission:
    """What an admitted request holds until it ends: its budget reservation and, for a stream,
    its slot. `Limits.release` gives both back, once."""

    user_id: uuid.UUID
    subject: str
    reservation: Reservation | None = None
    slot: StreamSlot | None = None
    released: bool = field(default=False)


class Limits:
    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self._client: Redis | None = None
        self._scripts: dict[str, Any] = {}
        self._down_until = 0.0
        self._local = LocalBuckets()
        self._local_streams: dict[str, int] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._key_secret: bytes | None = None

    # ---- identity and keys -------------------------------------------------------------------

    def subject(self, user_id: uuid.UUID) -> str:
        """The user as the limiter's keys name them: a keyed hash of the identity (the JWT sub)."""
        if self._key_secret is None:
            self._key_secret = self.settings.hash_key()
        return keyed_hash(self._key_secret, "limits", str(user_id))

    def _key(self, kind: str, subject: str, suffix: str = "") -> str:
        return f"{self.settings.redis_key_prefix}{kind}:{subject}{suffix}"

    def _budget_key(self, subject: str, day: dt.date) -> str:
        return self._key("tok", subject, f":{day.isoformat()}")

    def for_tier(self, tier: str | None) -> TierLimits:
        return limits_for(tier, self.settings.coach_rate_limit_per_minute, self.settings.coach_daily_token_budget)

    def reservation_tokens(self, tier: str | None, prompt_tokens: int) -> int:
        """What a request reserves of the budget: its first call's prompt (estimated) plus the
        tier's output cap on the configured provider."""
        return max(0, prompt_tokens) + max_output_tokens(self.settings.llm_provider, tier)

    @property
    def stream_lease_seconds(self) -> float:
        s = self.settings
        return s.coach_request_deadline_seconds + s.coach_stream_deadline_seconds + STREAM_LEASE_MARGIN_SECONDS

    # ---- Redis -------------------------------------------------------------------------------

    def _redis(self) -> Redis | None:
        if time.monotonic() < self._down_until:
            return None
        if self._client is None:
            self._client = connect(self.settings.redis_url, self.settings.redis_timeout_seconds)
            self._scripts = {
                name: self._client.register_script(getattr(limit_scripts, name))
                for name in ("TOKEN_BUCKET", "RESERVE", "ADD_AT_LEAST", "ACQUIRE_SLOT")
            }
        return self._client

    def _failed(self, exc: Exception) -> None:
        self._down_until = time.monotonic() + REDIS_RETRY_AFTER_SECONDS
        logger.warning("rate limiter: Redis unavailable, per-process limits", extra={"error": type(exc).__name__})

    async def _run(self, script: str, keys: Sequence[str], args: Sequence[object]) -> Any:
        """A limiter script; None when Redis is unreachable (the caller falls back)."""
        from redis.exceptions import RedisError

        if self._redis() is None:
            return None
        try:
            return await self._scripts[script](keys=list(keys), args=list(args))
        except (RedisError, OSError) as exc:
            self._failed(exc)
            return None

    # ---- admission ---------------------------------------------------------------------------

    async def admit(
        self,
        user_id: uuid.UUID,
        tier: str | None,
        *,
        estimate: int = 0,
        stream: bool = False,
        spends_tokens: bool = True,
    ) -> Admission:
        """Admit a request or raise `RateLimitedError` (429 + Retry-After): over the rate limit;
        a stream beyond the user's open-stream cap; or, for a request that spends model tokens,
        a day whose budget is used up. An admitted request holds a reservation of `estimate`
        tokens (and its stream slot) until `release`."""
        limits = self.for_tier(tier)
        admission = Admission(user_id, self.subject(user_id))
        if limits.requests_per_minute:
            retry = await self._take(admission.subject, limits.requests_per_minute)
            if retry > 0:
                emit("RateLimited", 1)
                raise RateLimitedError(
                    RateLimitedError.public_message, headers={"Retry-After": str(max(1, math.ceil(retry)))}
                )
        cap = self.settings.coach_max_streams_per_user
        if stream and cap:
            admission.slot = await self.acquire_stream(
                admission.subject, cap=cap, lease_seconds=self.stream_lease_seconds
            )
            if admission.slot is None:
                emit("RateLimited", 1)
                raise RateLimitedError(
                    RateLimitedError.streams_message, headers={"Retry-After": str(STREAM_RETRY_AFTER_SECONDS)}
                )
        if spends_tokens and limits.daily_tokens:
            now = utcnow()
            try:
                admission.reservation = await self._reserve(
                    user_id, admission.subject, now.date(), limits.daily_tokens, estimate
                )
            except BaseException:
                await self.release(admission)
                raise
            if admission.reservation is None:
                await self.release(admission)
                emit("RateLimited", 1)
                raise RateLimitedError(
                    RateLimitedError.budget_message,
                    headers={"Retry-After": str(seconds_until_next_utc_day(now))},
                )
        return admission

    async def _take(self, subject: str, capacity: int) -> float:
        found = await self._run("TOKEN_BUCKET", [self._key("rl", subject)], [capacity])
        if found is not None:
            allowed, retry = found
            return 0.0 if int(allowed) == 1 else float(retry)
        emit("RateLimitFallback", 1)
        return self._local.take(subject, capacity)

    async def _reserve(
        self, user_id: uuid.UUID, subject: str, day: dt.date, budget: int, estimate: int
    ) -> Reservation | None:
        """Reserve `estimate` tokens of the day's budget (None: the day is used up)."""
        from redis.exceptions import RedisError

        key = self._budget_key(subject, day)
        for _ in range(2):
            found = await self._run("RESERVE", [key], [budget, estimate])
            if found is None:
                break
            status = int(found[0])
            if status == 1:
                return Reservation(user_id, subject, day, estimate, "redis")
            if status == 0:
                return None
            async with self.db.connection() as conn:  # no counter yet: seed it from PostgreSQL
                spent = await usage.tokens_on(conn, user_id, day)
            client = self._redis()
            if client is None:
                break
            try:
                await client.set(key, spent, nx=True, ex=BUDGET_KEY_TTL_SECONDS)
            except (RedisError, OSError) as exc:
                self._failed(exc)
                break
        async with self.db.connection() as conn:
            reserved = await usage.reserve_tokens(conn, user_id, day, estimate, budget)
        return Reservation(user_id, subject, day, estimate, "postgres") if reserved else None

    async def acquire_stream(self, subject: str, *, cap: int, lease_seconds: float) -> StreamSlot | None:
        """One of the user's `cap` stream slots, leased for `lease_seconds` (None: all taken)."""
        slot_id = uuid.uuid4().hex
        taken = await self._run("ACQUIRE_SLOT", [self._key("streams", subject)], [cap, lease_seconds, slot_id])
        if taken is not None:
            return StreamSlot(subject, slot_id, "redis") if int(taken) == 1 else None
        emit("StreamCapFallback", 1)
        if self._local_streams.get(subject, 0) >= cap:
            return None
        self._local_streams[subject] = self._local_streams.get(subject, 0) + 1
        return StreamSlot(subject, slot_id, "local")

    # ---- settling ----------------------------------------------------------------------------

    async def release(self, admission: Admission) -> None:
        """Give back what `admit` took (once): the stream slot and the budget reservation. Best
        effort: a slot Redis cannot free ends with its lease, a reservation with its day."""
        if admission.released:
            return
        admission.released = True
        if admission.slot is not None:
            await self._release_slot(admission.slot)
        if admission.reservation is not None:
            await self._release_reservation(admission.reservation)

    async def _release_slot(self, slot: StreamSlot) -> None:
        from redis.exceptions import RedisError

        if slot.store == "local":
            left = self._local_streams.get(slot.subject, 0) - 1
            if left > 0:
                self._local_streams[slot.subject] = left
            else:
                self._local_streams.pop(slot.subject, None)
            return
        client = self._redis()
        if client is None:
            return
        try:
            await client.zrem(self._key("streams", slot.subject), slot.slot_id)
        except (RedisError, OSError) as exc:
            self._failed(exc)

    async def _release_reservation(self, reservation: Reservation) -> None:
        if reservation.store == "redis":
            await self._run(
                "ADD_AT_LEAST", [self._budget_key(reservation.subject, reservation.day)], [-reservation.tokens, 0]
            )
            return
        try:
            async with self.db.connection() as conn:
                await usage.release_tokens(conn, reservation.user_id, reservation.day, reservation.tokens)
        except Exception as exc:
            log_exception("a budget reservation could not be released", exc)

    async def counted(self, user_id: uuid.UUID, day: dt.date) -> int:
        """The day's tokens as the budget counts them (spent plus reservations in flight): the
        Redis counter, which outlives an erasure, else PostgreSQL's day."""
        from redis.exceptions import RedisError

        client = self._redis()
        if client is not None:
            try:
                found = await client.get(self._budget_key(self.subject(user_id), day))
                if found is not None:
                    return int(found)
            except (RedisError, OSError) as exc:
                self._failed(exc)
        async with self.db.connection() as conn:
            return await usage.tokens_on(conn, user_id, day)

    async def spent(self, subject: str, day: dt.date, tokens: int, day_total: int) -> None:
        """Tokens a request spent (already added to PostgreSQL, whose day total is `day_total`):
        add them to the day's counter, which never falls below that total."""
        await self._run("ADD_AT_LEAST", [self._budget_key(subject, day)], [tokens, day_total])

    # ---- background work that outlives a request ---------------------------------------------

    def spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `work` in a task of its own: a request cancelled meanwhile (client gone, deadline)
        does not cancel it. `drain` waits for every such task (shutdown, tests)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def drop_client(self) -> None:
        """Drop the Redis client without I/O (after a SnapStart restore); the next use reconnects."""
        self._client = None
        self._scripts = {}

    async def aclose(self) -> None:
        await self.drain()
        if self._client is not None:
            await self._client.aclose()
            self._client = None
