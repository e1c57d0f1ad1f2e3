"""`DELETE /me` over HTTP against the real app, PostgreSQL and Redis, with the user pool mocked by
moto: the rows go first (committed), then the cached tool results, the model guard's cached
verdicts and, last, the Cognito account (the limiter's counters are kept: see test_limits). A step
that fails after the rows are gone answers 503 with `Retry-After`, the rows stay deleted, and a
retry with the same token finishes the job."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import boto3
import httpx
import pytest
from moto import mock_aws
from redis.asyncio import Redis

from coach_core.api import create_app
from coach_core.db.connection import Database
from coach_core.errors import DependencyUnavailableError
from coach_core.guard import GuardRunner, ModerationGuard
from coach_core.providers.openai import OpenAIModerator
from coach_core.settings import Settings
from tests.api_support import (
    API,
    auth_headers,
    build_app,
    build_service,
    client_for,
    fetch_one,
    make_settings,
)
from tests.fakes.moderation_fake import SAFE, FakeModerationServer

pytestmark = pytest.mark.integration

REGION = "eu-west-1"
ASK = {"message": "How is my weight trending?"}
PROFILE = {
    "birth_date": "1990-05-01",
    "sex": "female",
    "height_cm": 168.0,
    "activity_level": "lightly_active",
    "goal": {"type": "lose", "target_weight_kg": 62.0, "target_rate_kg_per_week": 0.5},
}


@pytest.fixture(scope="module")
def moderation() -> Iterator[FakeModerationServer]:
    with FakeModerationServer() as server:
        yield server


@pytest.fixture
def cognito(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A moto user pool that signs in by e-mail, like the stack's (its usernames are the `sub`)."""
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    with mock_aws():
        client = boto3.client("cognito-idp", region_name=REGION)
        yield client


def _pool(cognito: Any) -> str:
    pool_id: str = cognito.create_user_pool(PoolName="coach-test", UsernameAttributes=["email"])["UserPool"]["Id"]
    assert pool_id.startswith(f"{REGION}_")
    return pool_id


def _sign_up(cognito: Any, pool_id: str) -> uuid.UUID:
    user = cognito.admin_create_user(UserPoolId=pool_id, Username=f"{uuid.uuid4().hex[:8]}@example.com")["User"]
    sub = next(a["Value"] for a in user["Attributes"] if a["Name"] == "sub")
    return uuid.UUID(sub)


def _account_exists(cognito: Any, pool_id: str, user: uuid.UUID) -> bool:
    try:
        cognito.admin_get_user(UserPoolId=pool_id, Username=str(user))
    except cognito.exceptions.UserNotFoundException:
        return False
    return True


async def _use_the_coach(client: httpx.AsyncClient, headers: dict[str, str]) -> None:
    """A profile, check-ins and one chat: rows in every table and cached tool results in Redis."""
    assert (await client.put(f"{API}/profile", json=PROFILE, headers=headers)).status_code == 200
    checkins = {"checkins": [{"date": f"2026-11-{d:02d}", "weight_kg": 70.0 - d / 10} for d in range(20, 29)]}
    assert (await client.post(f"{API}/checkins", json=checkins, headers=headers)).status_code == 200
    assert (await client.post(f"{API}/chat", json=ASK, headers=headers)).status_code == 200


async def _tool_keys(settings: Settings, user: uuid.UUID) -> list[bytes]:
    redis = Redis.from_url(settings.redis_url)
    try:
        return [k async for k in redis.scan_iter(match=f"{settings.redis_key_prefix}tool:{user}:*")]
    finally:
        await redis.aclose()


async def _has_rows(db: Database, user: uuid.UUID) -> bool:
    row = await fetch_one(
        db,
        """SELECT EXISTS (SELECT 1 FROM users WHERE id = %(u)s)
               OR EXISTS (SELECT 1 FROM ai_session WHERE user_id = %(u)s)
               OR EXISTS (SELECT 1 FROM ai_tool_call_log WHERE user_id = %(u)s) AS found""",
        {"u": user},  # type: ignore[arg-type]
    )
    return bool(row and row["found"])


def _settings_with(settings: Settings, **overrides: Any) -> Settings:
    urls = {"redis_url": settings.redis_url, **overrides}
    return make_settings(settings.database_url, urls.pop("redis_url"), settings.redis_key_prefix, **urls)


def _moderation_guard(server: FakeModerationServer, settings: Settings, redis_url: str) -> GuardRunner:
    """The moderation guard with its verdict cache on, in Redis at `redis_url`."""
    moderator = OpenAIModerator(api_key="test-key-not-secret", base_url=server.base_url, timeout=5)
    return GuardRunner(
        ModerationGuard(moderator),
        timeout_seconds=1.5,
        cache_seconds=600,
        redis_url=redis_url,
        key_prefix=settings.redis_key_prefix,
        hash_key=settings.hash_key(),
    )


@asynccontextmanager
async def _guarded_client(db: Database, settings: Settings, guard: GuardRunner) -> AsyncIterator[httpx.AsyncClient]:
    try:
        async with client_for(build_app(db, settings, guard=guard)) as c:
            yield c
    finally:
        await guard.aclose()


async def _guard_key_exists(settings: Settings, guard: GuardRunner, user: uuid.UUID) -> bool:
    redis = Redis.from_url(settings.redis_url)
    try:
        return bool(await redis.exists(guard.user_key(user)))
    finally:
        await redis.aclose()


async def test_given_a_user_pool_when_erasing_then_the_sign_in_account_goes_with_the_data(
    db: Database, settings: Settings, cognito: Any
) -> None:
    """GIVEN a Cognito user who used the coach WHEN they DELETE /me THEN their rows, their cached
    tool results and their account in the pool are gone (204); a second call is a 204 too."""
    pool_id = _pool(cognito)
    user = _sign_up(cognito, pool_id)
    headers = auth_headers(user, settings)
    async with client_for(build_app(db, _settings_with(settings, cognito_user_pool_id=pool_id))) as client:
        await _use_the_coach(client, headers)
        assert await _tool_keys(settings, user)
        erased = await client.delete(f"{API}/me", headers=headers)
        again = await client.delete(f"{API}/me", headers=headers)
    assert (erased.status_code, again.status_code) == (204, 204)
    assert not await _has_rows(db, user)
    assert await _tool_keys(settings, user) == []
    assert not _account_exists(cognito, pool_id, user)


async def test_given_a_pool_whose_usernames_are_not_the_sub_when_erasing_then_the_account_is_found_and_deleted(
    db: Database, settings: Settings, cognito: Any
) -> None:
    """GIVEN an imported pool that signs in by username (the username is not the `sub`, as for
    users federated from another provider) WHEN the user erases THEN their account is found by
    `sub` and deleted, not mistaken for one already gone."""
    pool_id = cognito.create_user_pool(PoolName="imported")["UserPool"]["Id"]
    created = cognito.admin_create_user(UserPoolId=pool_id, Username="alice_01")["User"]
    user = uuid.UUID(next(a["Value"] for a in created["Attributes"] if a["Name"] == "sub"))
    assert created["Username"] == "alice_01"
    headers = auth_headers(user, settings)
    async with client_for(build_app(db, _settings_with(settings, cognito_user_pool_id=pool_id))) as client:
        await _use_the_coach(client, headers)
        assert (await client.delete(f"{API}/me", headers=headers)).status_code == 204
    with pytest.raises(cognito.exceptions.UserNotFoundException):
        cognito.admin_get_user(UserPoolId=pool_id, Username="alice_01")


async def test_given_the_user_pool_failing_after_the_rows_are_deleted_then_503_and_a_retry_finishes(
    db: Database, settings: Settings, cognito: Any
) -> None:
    """GIVEN Cognito failing (the configured pool does not answer for the user) WHEN the user
    erases THEN 503 with Retry-After, and the rows and cached results are ALREADY deleted
    (committed first; the account is deleted last so the user can still sign in to retry)
    WHEN they retry once Cognito is back THEN 204 and the account is gone."""
    pool_id = _pool(cognito)
    user = _sign_up(cognito, pool_id)
    headers = auth_headers(user, settings)
    broken = _settings_with(settings, cognito_user_pool_id=f"{REGION}_NoSuchPool1")
    async with client_for(build_app(db, _settings_with(settings, cognito_user_pool_id=pool_id))) as client:
        await _use_the_coach(client, headers)
    async with client_for(build_app(db, broken)) as client:
        failed = await client.delete(f"{API}/me", headers=headers)
    assert failed.status_code == 503
    assert failed.headers["retry-after"] == str(DependencyUnavailableError.retry_after_seconds)
    assert failed.json() == {"detail": DependencyUnavailableError.public_message}
    assert not await _has_rows(db, user) and await _tool_keys(settings, user) == []
    assert _account_exists(cognito, pool_id, user)

    async with client_for(build_app(db, _settings_with(settings, cognito_user_pool_id=pool_id))) as client:
        retried = await client.delete(f"{API}/me", headers=headers)
    assert retried.status_code == 204
    assert not _account_exists(cognito, pool_id, user)


async def test_given_redis_unreachable_during_erase_then_503_rows_deleted_account_kept_and_a_retry_finishes(
    db: Database, settings: Settings, cognito: Any
) -> None:
    """GIVEN the cache unreachable WHEN the user erases THEN 503 with Retry-After: the rows are
    already deleted (committed), the cached tool results are still in Redis and the sign-in
    account still exists (never deleted before the steps ahead of it succeeded) WHEN they retry
    with the cache back THEN 204, no cached result and no account remain."""
    pool_id = _pool(cognito)
    user = _sign_up(cognito, pool_id)
    headers = auth_headers(user, settings)
    working = _settings_with(settings, cognito_user_pool_id=pool_id)
    no_cache = _settings_with(settings, cognito_user_pool_id=pool_id, redis_url="redis://127.0.0.1:1/0")
    async with client_for(build_app(db, working)) as client:
        await _use_the_coach(client, headers)
    async with client_for(build_app(db, no_cache)) as client:
        failed = await client.delete(f"{API}/me", headers=headers)
    assert failed.status_code == 503
    assert failed.headers["retry-after"] == str(DependencyUnavailableError.retry_after_seconds)
    assert not await _has_rows(db, user)
    assert await _tool_keys(settings, user)
    assert _account_exists(cognito, pool_id, user)

    async with client_for(build_app(db, working)) as client:
        assert (await client.delete(f"{API}/me", headers=headers)).status_code == 204
    assert await _tool_keys(settings, user) == []
    assert not _account_exists(cognito, pool_id, user)


async def test_given_no_user_pool_configured_when_erasing_then_the_account_step_is_skipped_and_logged(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    """GIVEN a local run (no COGNITO_USER_POOL_ID) WHEN a user erases THEN 204, the rows are gone
    and the log says the sign-in account was not deleted because no pool is configured."""
    user = uuid.uuid4()
    headers = auth_headers(user, settings)
    await _use_the_coach(offline_client, headers)
    with caplog.at_level(logging.INFO):
        assert (await offline_client.delete(f"{API}/me", headers=headers)).status_code == 204
    assert not await _has_rows(db, user)
    messages = [r.getMessage() for r in caplog.records]
    assert any("no user pool configured (COGNITO_USER_POOL_ID)" in m for m in messages), messages
    erased = [r for r in caplog.records if r.getMessage() == "user erased"]
    assert erased and erased[-1].__dict__.get("sign_in_account") == "skipped"


async def test_given_cached_guard_verdicts_when_erasing_then_the_users_verdicts_go_and_anothers_stay(
    db: Database, settings: Settings, cognito: Any, moderation: FakeModerationServer
) -> None:
    """GIVEN the model guard with its verdict cache on and two users whose messages it judged
    (verdicts cached per user) WHEN one of them DELETE /me THEN 204, and that user's cached
    verdicts are gone with their rows and account, while the other user's verdicts stay."""
    pool_id = _pool(cognito)
    user, other = _sign_up(cognito, pool_id), uuid.uuid4()
    working = _settings_with(settings, cognito_user_pool_id=pool_id)
    guard = _moderation_guard(moderation, settings, settings.redis_url)
    moderation.script([SAFE] * 4)  # input + output of one chat each
    async with _guarded_client(db, working, guard) as client:
        await _use_the_coach(client, auth_headers(user, settings))
        assert (await client.post(f"{API}/chat", json=ASK, headers=auth_headers(other, settings))).status_code == 200
        assert len(moderation.requests) == 4
        assert await _guard_key_exists(settings, guard, user) and await _guard_key_exists(settings, guard, other)
        assert (await client.delete(f"{API}/me", headers=auth_headers(user, settings))).status_code == 204
    assert not await _guard_key_exists(settings, guard, user)
    assert await _guard_key_exists(settings, guard, other)
    assert not await _has_rows(db, user) and not _account_exists(cognito, pool_id, user)


async def test_given_verdicts_cached_by_a_guarded_function_when_a_function_without_a_guard_erases_then_they_go(
    db: Database, settings: Settings, cognito: Any, moderation: FakeModerationServer
) -> None:
    """GIVEN verdicts cached by the chat function's guard (as on Lambda) WHEN the user erases
    through a service that runs no guard (the data function) THEN 204 and the verdicts are gone
    (the key needs only the settings), while another user's stay."""
    pool_id = _pool(cognito)
    user, other = _sign_up(cognito, pool_id), uuid.uuid4()
    working = _settings_with(settings, cognito_user_pool_id=pool_id)
    guard = _moderation_guard(moderation, settings, settings.redis_url)
    moderation.script([SAFE] * 4)
    async with _guarded_client(db, working, guard) as client:
        await _use_the_coach(client, auth_headers(user, settings))
        assert (await client.post(f"{API}/chat", json=ASK, headers=auth_headers(other, settings))).status_code == 200
    assert await _guard_key_exists(settings, guard, user) and await _guard_key_exists(settings, guard, other)

    data_function = build_service(db, working)
    assert data_function.guard is None
    async with client_for(create_app(service=data_function, settings=working)) as client:
        assert (await client.delete(f"{API}/me", headers=auth_headers(user, settings))).status_code == 204
    assert not await _guard_key_exists(settings, guard, user)
    assert await _guard_key_exists(settings, guard, other)
    assert not await _has_rows(db, user) and not _account_exists(cognito, pool_id, user)


async def test_given_the_guard_cache_unreachable_during_erase_then_503_rows_deleted_account_kept_and_a_retry_finishes(
    db: Database, settings: Settings, cognito: Any, moderation: FakeModerationServer
) -> None:
    """GIVEN cached guard verdicts of a user WHEN they erase while the guard's verdict cache is
    unreachable THEN 503 with Retry-After: the rows and cached tool results are already deleted,
    the verdicts are still cached and the sign-in account still exists (the guard step comes
    before Cognito) WHEN they retry with the cache back THEN 204: no verdict and no account remain."""
    pool_id = _pool(cognito)
    user = _sign_up(cognito, pool_id)
    headers = auth_headers(user, settings)
    working = _settings_with(settings, cognito_user_pool_id=pool_id)
    moderation.script([SAFE] * 2)
    guard = _moderation_guard(moderation, settings, settings.redis_url)
    async with _guarded_client(db, working, guard) as client:
        await _use_the_coach(client, headers)
    assert await _guard_key_exists(settings, guard, user)

    async with _guarded_client(db, working, _moderation_guard(moderation, settings, "redis://127.0.0.1:1/0")) as c:
        failed = await c.delete(f"{API}/me", headers=headers)
    assert failed.status_code == 503
    assert failed.headers["retry-after"] == str(DependencyUnavailableError.retry_after_seconds)
    assert failed.json() == {"detail": DependencyUnavailableError.public_message}
    assert not await _has_rows(db, user) and await _tool_keys(settings, user) == []
    assert await _guard_key_exists(settings, guard, user)
    assert _account_exists(cognito, pool_id, user)

    retry_guard = _moderation_guard(moderation, settings, settings.redis_url)
    async with _guarded_client(db, working, retry_guard) as client:
        assert (await client.delete(f"{API}/me", headers=headers)).status_code == 204
    assert not await _guard_key_exists(settings, retry_guard, user)
    assert not _account_exists(cognito, pool_id, user)
