"""The user's own data: provisioning a signed-in user's row, the write API (profile, check-ins,
food logs; each write gives the user a new data version, so the context cache and the cached tool
results of that user are never read again), the export of everything stored about them, and
erasure (their rows in every table, their cached tool results and safety verdicts, and their
sign-in account; the limiter's counters are kept, see `erase`)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Protocol

from coach_core.context_builder import ContextBuilder, UserContext
from coach_core.db.connection import Database
from coach_core.errors import DependencyUnavailableError, UserNotFoundError
from coach_core.identity import SignInAccounts
from coach_core.models import Profile, utcnow
from coach_core.observability import emit, logger
from coach_core.records import DietRecord, GoalRecord
from coach_core.repositories import logs, sessions, usage, users
from coach_core.schemas import (
    CheckinsWrite,
    CheckinView,
    FoodLogsWrite,
    FoodLogView,
    MyDataResponse,
    ProfileUpdate,
    ProfileView,
    ProviderUsageView,
    SessionView,
    UsageDayView,
    UsageResponse,
    WriteResponse,
)
from coach_core.service.limits import Limits
from coach_core.tools.cache import ToolCache

USAGE_DAYS = 30


class VerdictStore(Protocol):
    """What the erasure needs of the guard's verdict cache (the guard's runner, or a
    `VerdictEraser` where this function runs no guard)."""

    async def forget_user(self, user_id: uuid.UUID) -> None: ...


async def provision_user(db: Database, user_id: uuid.UUID) -> bool:
    """The users row of a signed-in user (Cognito post-confirmation, or the first request of a
    user who has none); True when it was created now. Idempotent."""
    async with db.connection() as conn:
        created = await users.ensure_user(conn, user_id)
    if created:
        emit("UsersProvisioned", 1)
        logger.info("user provisioned", extra={"user_id": str(user_id)})
    return created


class UserContexts:
    """The context of a request's user; a signed-in user with no row yet is provisioned first,
    so a new user gets answers with data gaps, not a 404."""

    def __init__(self, db: Database, builder: ContextBuilder) -> None:
        self.db = db
        self.builder = builder

    async def get(self, user_id: uuid.UUID) -> UserContext:
        try:
            return await self.builder.build(self.db, user_id)
        except UserNotFoundError:
            await provision_user(self.db, user_id)
            return await self.builder.build(self.db, user_id)


def _profile_view(profile: Profile) -> ProfileView:
    return ProfileView(
        birth_date=profile.birth_date,
        sex=profile.sex,
        height_cm=profile.height_cm,
        activity_level=profile.activity_level,
        diet=DietRecord(type=profile.diet.type, allergies=profile.diet.allergies, dislikes=profile.diet.dislikes),
        goal=None
        if profile.goal is None
        else GoalRecord(
            type=profile.goal.type,
            target_weight_kg=profile.goal.target_weight_kg,
            target_rate_kg_per_week=profile.goal.target_rate_kg_per_week,
        ),
    )


class DataService:
    def __init__(
        self,
        db: Database,
        cache: ToolCache | None,
        limits: Limits,
        *,
        accounts: SignInAccounts | None = None,
        contexts: ContextBuilder | None = None,
        verdicts: VerdictStore | None = None,
    ) -> None:
        self.db = db
        self.cache = cache
        self.limits = limits
        self.accounts = accounts or SignInAccounts(None)
        self.contexts = contexts
        self.verdicts = verdicts

    async def usage(self, user_id: uuid.UUID) -> UsageResponse:
        """The user's own usage per UTC day (last 30 days) against their tier's limits."""
        today = utcnow().date()
        async with self.db.connection() as conn:
            profile = await users.get_profile(conn, user_id)
            since = today - dt.timedelta(days=USAGE_DAYS - 1)
            days = await usage.usage_since(conn, user_id, since)
            shares = await usage.provider_usage_since(conn, user_id, since)
        by_day: dict[dt.date, list[ProviderUsageView]] = {}
        for s in shares:
            by_day.setdefault(s.day, []).append(
                ProviderUsageView(
                    provider=s.provider, requests=s.requests, input_tokens=s.input_tokens, output_tokens=s.output_tokens
                )
            )
        tier = profile.tier if profile else "standard"
        limits = self.limits.for_tier(tier)
        used_today = next((d.tokens for d in days if d.day == today), 0)
        counted = await self.limits.counted(user_id, today) if limits.daily_tokens else 0
        return UsageResponse(
            tier=tier,
            requests_per_minute=limits.requests_per_minute or None,
            daily_token_budget=limits.daily_tokens or None,
            tokens_used_today=used_today,
            tokens_left_today=None
            if not limits.daily_tokens
            else max(0, limits.daily_tokens - max(used_today, counted)),
            days=[
                UsageDayView(
                    day=d.day,
                    requests=d.requests,
                    input_tokens=d.input_tokens,
                    output_tokens=d.output_tokens,
                    guard_tokens=d.guard_tokens,
                    providers=by_day.get(d.day, []),
                )
                for d in days
            ],
        )

    async def put_profile(self, user_id: uuid.UUID, update: ProfileUpdate) -> ProfileView:
        profile = Profile(
            id=user_id,
            birth_date=update.birth_date,
            sex=update.sex,
            height_cm=update.height_cm,
            activity_level=update.activity_level,
            diet=update.diet.to_row(),
            goal=update.goal.to_row() if update.goal else None,
        )
        async with self.db.connection() as conn, conn.transaction():
            await users.upsert_profile(conn, profile)
        return _profile_view(profile)

    async def add_checkins(self, user_id: uuid.UUID, batch: CheckinsWrite) -> WriteResponse:
        async with self.db.connection() as conn, conn.transaction():
            await users.ensure_user(conn, user_id)
            await users.upsert_checkins(conn, user_id, [c.to_row() for c in batch.checkins])
        return WriteResponse(written=len(batch.checkins))

    async def add_food_logs(self, user_id: uuid.UUID, batch: FoodLogsWrite) -> WriteResponse:
        async with self.db.connection() as conn, conn.transaction():
            await users.ensure_user(conn, user_id)
            await users.upsert_nutrition(conn, user_id, [n.to_row() for n in batch.food_logs])
        return WriteResponse(written=len(batch.food_logs))

    async def export(self, user_id: uuid.UUID) -> MyDataResponse:
        """Everything stored about the user, read in one snapshot (a user with no row yet gets
        an empty export; nothing is created by reading)."""
        async with self.db.connection() as conn, conn.transaction():
            profile = await users.get_profile(conn, user_id) or Profile(id=user_id)
            checkins = await users.all_checkins(conn, user_id)
            food = await users.all_nutrition(conn, user_id)
            found = await sessions.list_sessions(conn, user_id)
            tool_rows, violation_rows = await logs.count_for_user(conn, user_id)
        return MyDataResponse(
            user_id=user_id,
            profile=_profile_view(profile),
            checkins=[CheckinView.model_validate(c.model_dump()) for c in checkins],
            food_logs=[FoodLogView.model_validate(n.model_dump()) for n in food],
            sessions=[
                SessionView(
                    session_id=s.id,
                    status=s.status,
                    created_at=s.created_at,
                    last_activity_at=s.last_activity_at,
                    message_count=s.message_count,
                    tokens_used=s.tokens_used,
                    history=[t.model_dump() for t in s.history],
                )
                for s in found
            ],
            tool_call_log_rows=tool_rows,
            policy_violation_log_rows=violation_rows,
        )

    async def erase(self, user_id: uuid.UUID) -> None:
        """Erase the user, in this order, each step idempotent so a retry finishes the job:
        1. every row of theirs, in one transaction, COMMITTED before anything else (a database
           failure rolls it back: nothing is deleted, 503);
        2. this process's cached contexts (other processes' can never match a re-created
           account: data versions are never reused);
        3. their cached tool results in Redis: unreachable → 503, the rows stay deleted;
        4. the model guard's cached verdicts on their messages (whichever function cached them:
           the key needs no guard, so the data function on Lambda erases them too):
           unreachable → 503, the rows stay deleted;
        5. their sign-in account in the user pool, last, so a failure before it leaves the user
           able to sign in and retry: failing → 503, everything above stays done.
        """
        async with self.db.connection() as conn, conn.transaction():
            await logs.delete_for_user(conn, user_id)
            await users.delete_user(conn, user_id)
        if self.contexts is not None:
            self.contexts.forget(user_id)
        if self.cache is not None:
            try:
                await self.cache.delete_user(user_id)
            except Exception:
                raise DependencyUnavailableError("cached tool results could not be erased") from None
        # The limiter's counters (rate, today's budget, stream slots) are kept: they hold no
        # personal data (a keyed hash of the identity) and expire on their own, and erasing them
        # would hand an erased account a fresh budget.
        if self.verdicts is not None:
            try:
                await self.verdicts.forget_user(user_id)
            except Exception:
                raise DependencyUnavailableError("cached safety verdicts could not be erased") from None
        account = await self.accounts.delete(user_id)
        logger.info("user erased", extra={"user_id": str(user_id), "sign_in_account": account.value})
