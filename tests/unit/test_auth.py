"""GIVEN tokens and request contexts WHEN authenticating THEN only a verified `sub` UUID (or,
on Lambda only, the API Gateway authorizer's claims) identifies the user."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from types import SimpleNamespace
from typing import Any

import jwt
import pytest
from starlette.requests import Request

from coach_core.api.auth import ADAPTER_STATE_FLAG, authenticate, mint_local_token, verify_token
from coach_core.errors import AuthenticationError, InvalidInputError
from coach_core.settings import Settings, load_settings

USER = uuid.UUID("4b0c9a3e-2f7d-4c55-9a61-0c1d2e3f4a5b")


def _settings(**overrides: Any) -> Settings:
    return load_settings(**{"jwt_secret": "unit-test-secret-0123456789abcdef0123", **overrides})


def _token(settings: Settings, **claims: Any) -> str:
    now = dt.datetime.now(dt.UTC)
    payload = {"sub": str(USER), "iat": now, "exp": now + dt.timedelta(hours=1), **claims}
    payload = {k: v for k, v in payload.items() if v is not None}
    return jwt.encode(payload, settings.jwt_secret.get_secret_value(), algorithm="HS256")


def _request(
    headers: dict[str, str] | None = None, event: dict[str, Any] | None = None, *, adapter: bool = False
) -> Request:
    """A request to the buffered app (Mangum gives it `event`), or with `adapter` to the app Lambda
    Web Adapter runs (marked on its state, as `stream_app` does)."""
    scope: dict[str, Any] = {
        "type": "http",
        "method": "GET",
        "path": "/api/v1/coach/insights",
        "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()],
    }
    if event is not None:
        scope["aws.event"] = event
    if adapter:
        scope["app"] = SimpleNamespace(state=SimpleNamespace(**{ADAPTER_STATE_FLAG: True}))
    return Request(scope)


async def test_given_a_minted_token_when_verifying_then_the_user_id_is_the_sub() -> None:
    settings = _settings()
    assert await verify_token(mint_local_token(str(USER), settings=settings), settings) == USER


@pytest.mark.parametrize(("user", "hours"), [("not-a-uuid", 1.0), (str(USER), 0.0), (str(USER), -2.0)])
def test_given_bad_mint_arguments_when_minting_then_it_is_refused(user: str, hours: float) -> None:
    with pytest.raises(InvalidInputError):
        mint_local_token(user, hours=hours, settings=_settings())


@pytest.mark.parametrize(
    ("claims", "message"),
    [
        ({"exp": dt.datetime.now(dt.UTC) - dt.timedelta(minutes=5)}, "Token expired."),
        ({"sub": "alice"}, "Invalid token subject."),
        ({"sub": None}, "Invalid token."),
        ({"exp": None}, "Invalid token."),
    ],
)
async def test_given_bad_claims_when_verifying_then_401(claims: dict[str, Any], message: str) -> None:
    settings = _settings()
    with pytest.raises(AuthenticationError) as info:
        await verify_token(_token(settings, **claims), settings)
    assert info.value.status_code == 401 and info.value.detail == message


@pytest.mark.parametrize(
    "token",
    [
        "not.a.jwt",
        jwt.encode({"sub": str(USER), "exp": 9999999999}, "a-different-secret-0123456789abcdef", algorithm="HS256"),
        "e30.e30.",
    ],
)
async def test_given_a_forged_or_malformed_token_when_verifying_then_401(token: str) -> None:
    with pytest.raises(AuthenticationError):
        await verify_token(token, _settings())


async def test_given_an_unsigned_token_when_verifying_then_401() -> None:
    token = jwt.encode({"sub": str(USER), "exp": 9999999999}, None, algorithm="none")  # type: ignore[arg-type]
    with pytest.raises(AuthenticationError):
        await verify_token(token, _settings())


async def test_given_audience_and_issuer_when_verifying_then_they_must_match() -> None:
    settings = _settings(jwt_audience="coach-app", jwt_issuer="https://issuer.test")
    assert await verify_token(mint_local_token(str(USER), settings=settings), settings) == USER
    for claims in ({"aud": "other-app", "iss": "https://issuer.test"}, {"aud": "coach-app", "iss": "https://evil"}):
        with pytest.raises(AuthenticationError):
            await verify_token(_token(settings, **claims), settings)


@pytest.mark.parametrize(
    ("lifetime", "accepted"),
    [
        (dt.timedelta(hours=1), True),
        (dt.timedelta(days=30), True),
        (dt.timedelta(days=30, minutes=1), False),
        (dt.timedelta(days=3650), False),
    ],
)
async def test_given_a_local_token_lifetime_when_verifying_then_over_30_days_is_401(
    lifetime: dt.timedelta, accepted: bool
) -> None:
    """GIVEN HS256 tokens signed with the right secret WHEN `exp - iat` exceeds the cap (default
    30 days, JWT_MAX_LIFETIME_HOURS) THEN 401, however validly signed."""
    settings = _settings()
    now = dt.datetime.now(dt.UTC)
    token = _token(settings, iat=now, exp=now + lifetime)
    if accepted:
        assert await verify_token(token, settings) == USER
        return
    with pytest.raises(AuthenticationError) as info:
        await verify_token(token, settings)
    assert info.value.status_code == 401 and info.value.detail == "Token lifetime too long."


async def test_given_a_local_token_without_iat_when_verifying_then_401() -> None:
    """GIVEN an HS256 token with no `iat` (its lifetime cannot be checked) THEN 401."""
    settings = _settings()
    with pytest.raises(AuthenticationError):
        await verify_token(_token(settings, iat=None), settings)


async def test_given_a_lower_lifetime_setting_then_minting_and_verifying_follow_it() -> None:
    settings = _settings(jwt_max_lifetime_hours=2)
    assert await verify_token(mint_local_token(str(USER), hours=2, settings=settings), settings) == USER
    default = jwt.decode(mint_local_token(str(USER), settings=settings), options={"verify_signature": False})
    assert default["exp"] - default["iat"] == 2 * 3600  # the 24-hour default, capped
    with pytest.raises(InvalidInputError, match="JWT_MAX_LIFETIME_HOURS"):
        mint_local_token(str(USER), hours=2.5, settings=settings)
    now = dt.datetime.now(dt.UTC)
    with pytest.raises(AuthenticationError):
        await verify_token(_token(settings, iat=now, exp=now + dt.timedelta(hours=3)), settings)


@pytest.mark.parametrize("hours", [720.5, 24 * 365 * 10])
def test_given_hours_over_the_cap_when_minting_then_it_is_refused(hours: float) -> None:
    with pytest.raises(InvalidInputError, match="at most 720"):
        mint_local_token(str(USER), hours=hours, settings=_settings())


async def test_given_an_audience_configured_when_a_token_has_none_then_401_and_unconfigured_ignores_it() -> None:
    """GIVEN JWT_AUDIENCE set WHEN a token carries no `aud` THEN 401 (PyJWT's audience check);
    GIVEN no audience configured THEN a token's `aud` is not checked."""
    configured = _settings(jwt_audience="coach-app")
    with pytest.raises(AuthenticationError):
        await verify_token(_token(configured), configured)
    assert await verify_token(_token(configured, aud="coach-app"), configured) == USER
    assert await verify_token(_token(configured, aud="anything"), _settings()) == USER


def _context(sub: str) -> dict[str, Any]:
    return {"requestId": "r1", "authorizer": {"claims": {"sub": sub, "email": "a@b.c"}}}


async def test_given_lambda_when_mangum_passes_the_event_then_the_authorizer_sub_is_used() -> None:
    settings = _settings(aws_lambda_function_name="coach-chat")
    request = _request(event={"requestContext": _context(str(USER))})
    assert await authenticate(request, settings) == USER


async def test_given_lambda_web_adapter_when_the_context_header_is_present_then_its_sub_is_used() -> None:
    settings = _settings(aws_lambda_function_name="coach-chat-stream")
    request = _request({"x-amzn-request-context": json.dumps(_context(str(USER)))}, adapter=True)
    assert await authenticate(request, settings) == USER


async def test_given_an_http_api_jwt_authorizer_when_on_lambda_then_its_claims_are_used() -> None:
    settings = _settings(aws_lambda_function_name="coach-chat")
    context = {"authorizer": {"jwt": {"claims": {"sub": str(USER)}}}}
    request = _request({"x-amzn-request-context": json.dumps(context)}, adapter=True)
    assert await authenticate(request, settings) == USER
    assert await authenticate(_request(event={"requestContext": context}), settings) == USER


@pytest.mark.parametrize("event", [{"requestContext": {"requestId": "r1"}}, {}])
async def test_given_a_mangum_event_without_claims_when_a_client_sends_the_context_header_then_401(
    event: dict[str, Any],
) -> None:
    """GIVEN the buffered path on Lambda (an event, no authorizer claims in it) WHEN the request
    carries a client-made `x-amzn-request-context` naming a user THEN 401: only the event counts."""
    settings = _settings(aws_lambda_function_name="coach-data")
    request = _request({"x-amzn-request-context": json.dumps(_context(str(USER)))}, event)
    with pytest.raises(AuthenticationError, match="Not authenticated"):
        await authenticate(request, settings)


async def test_given_an_app_not_run_by_the_adapter_when_the_context_header_comes_on_lambda_then_401() -> None:
    settings = _settings(aws_lambda_function_name="coach-chat")
    request = _request({"x-amzn-request-context": json.dumps(_context(str(USER)))})
    with pytest.raises(AuthenticationError, match="Not authenticated"):
        await authenticate(request, settings)


async def test_given_not_on_lambda_when_a_client_sends_the_context_header_then_it_is_ignored() -> None:
    request = _request({"x-amzn-request-context": json.dumps(_context(str(USER)))}, adapter=True)
    with pytest.raises(AuthenticationError, match="Not authenticated"):
        await authenticate(request, _settings())


async def test_given_lambda_claims_with_a_non_uuid_sub_then_401() -> None:
    settings = _settings(aws_lambda_function_name="coach-chat")
    with pytest.raises(AuthenticationError):
        await authenticate(_request(event={"requestContext": _context("cognito-user")}), settings)


@pytest.mark.parametrize("header", ["Basic abc", "Bearer", "Bearer    ", "token-without-scheme"])
async def test_given_a_malformed_authorization_header_then_401(header: str) -> None:
    with pytest.raises(AuthenticationError):
        await authenticate(_request({"Authorization": header}), _settings())


def test_given_coach_token_over_the_cap_when_run_then_it_refuses_and_within_it_prints_a_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """GIVEN `coach token --hours 1000` THEN exit 2 naming JWT_MAX_LIFETIME_HOURS and no token;
    `--hours 720` (30 days) prints a token the server accepts."""
    from coach_core.cli import main
    from coach_core.settings import get_settings

    monkeypatch.setenv("JWT_SECRET", "unit-test-secret-0123456789abcdef0123")
    monkeypatch.delenv("JWT_MAX_LIFETIME_HOURS", raising=False)
    get_settings.cache_clear()
    try:
        assert main(["token", "--user", str(USER), "--hours", "1000"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and "JWT_MAX_LIFETIME_HOURS" in err
        assert main(["token", "--user", str(USER), "--hours", "720"]) == 0
        claims = jwt.decode(capsys.readouterr().out.strip(), options={"verify_signature": False})
        assert claims["exp"] - claims["iat"] == 720 * 3600
    finally:
        get_settings.cache_clear()
