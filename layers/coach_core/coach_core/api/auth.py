"""Who is calling: the `sub` claim of a verified JWT, and nothing a client can forge.

- Locally (`coach serve`, tests) the app verifies the bearer token itself: RS256 against
  `settings.jwks_url` when set (keys cached by PyJWKClient), else HS256 with `JWT_SECRET`,
  which has no default and must be at least 32 bytes (`make run` generates one); audience and
  issuer are checked when configured.
- Local HS256 tokens live at most `JWT_MAX_LIFETIME_HOURS` (`exp - iat`, default 30 days):
  `coach token` mints no longer and a longer-lived (or `iat`-less) token is a 401.
- On Lambda, API Gateway's Cognito authorizer has already verified the token, and ONLY its
  claims are accepted (no bearer-token fallback: missing claims are a 401). The buffered
  functions read them from the Mangum event (`aws.event`) and nowhere else. Only the streaming
  app (`stream_app`, marked by `ADAPTER_STATE_FLAG`) reads them from the
  `x-amzn-request-context` header, which Lambda Web Adapter builds from the event, and only when
  `settings.on_lambda`: anywhere else a client could set that header.

Any failure is an `AuthenticationError` (401, `{"detail": ...}`) raised by a FastAPI
dependency, so no handler code runs for an unauthenticated request.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import uuid
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from coach_core.errors import AuthenticationError, CoachError, InvalidInputError
from coach_core.observability import logger
from coach_core.settings import Settings, SettingsError, get_settings

if TYPE_CHECKING:
    import jwt
    from jwt.types import Options
    from starlette.requests import Request

LOCAL_ALGORITHM = "HS256"
DEFAULT_TOKEN_HOURS = 24.0
LEEWAY_SECONDS = 10
JWKS_CACHE_SECONDS = 3600
LAMBDA_CONTEXT_HEADER = "x-amzn-request-context"
USER_SCOPE_KEY = "coach.user_id"
"""Where the authenticated user id is kept in the ASGI scope for the rest of the request."""
ADAPTER_STATE_FLAG = "lambda_web_adapter"
"""Set True on `app.state` by the app Lambda Web Adapter runs: the one app that may read the
authorizer's claims from the `x-amzn-request-context` header."""


class AuthConfigurationError(CoachError):
    """Token verification is misconfigured (RS256 without a JWKS URL): a server fault."""

    status_code = 500


def _parse_user_id(value: object) -> uuid.UUID:
    if not isinstance(value, str):
        raise AuthenticationError("Invalid token subject.")
    try:
        return uuid.UUID(value)
    except ValueError:
        raise AuthenticationError("Invalid token subject.") from None


def mint_local_token(user_id: str, hours: float | None = None, *, settings: Settings | None = None) -> str:
    """An HS256 token for `user_id` signed with the local secret (`coach token`, demo seeding),
    valid `hours` (default 24, or `jwt_max_lifetime_hours` when that is shorter)."""
    try:
        subject = str(uuid.UUID(str(user_id)))
    except ValueError:
        raise InvalidInputError(f"user: {user_id!r} is not a UUID") from None
    settings = settings or get_settings()
    if hours is None:
        hours = min(DEFAULT_TOKEN_HOURS, settings.jwt_max_lifetime_hours)
    if hours <= 0:
        raise InvalidInputError("hours: must be greater than 0")
    if hours > settings.jwt_max_lifetime_hours:
        raise InvalidInputError(
            f"hours: at most {settings.jwt_max_lifetime_hours:g} (JWT_MAX_LIFETIME_HOURS), "
            "the longest the server accepts"
        )
    now = dt.datetime.now(dt.UTC)
    claims: dict[str, Any] = {"sub": subject, "iat": now, "exp": now + dt.timedelta(hours=hours)}
    if settings.jwt_audience:
        claims["aud"] = settings.jwt_audience
    if settings.jwt_issuer:
        claims["iss"] = settings.jwt_issuer
    try:
        secret = settings.local_jwt_secret()
    except SettingsError as exc:
        raise InvalidInputError(str(exc)) from None
    import jwt

    return jwt.encode(claims, secret, algorithm=LOCAL_ALGORITHM)


@lru_cache(maxsize=4)
def _jwks_client(url: str) -> jwt.PyJWKClient:
    """One client per JWKS URL per process; it caches the key set and looks keys up by `kid`."""
    import jwt

    return jwt.PyJWKClient(url, cache_jwk_set=True, lifespan=JWKS_CACHE_SECONDS, cache_keys=True, timeout=5)


async def _verification_key(token: str, settings: Settings) -> tuple[Any, str]:
    import jwt  # lazily: on Lambda identity comes from the authorizer's claims, no JWT work

    if settings.token_algorithm == "HS256":
        try:
            return settings.local_jwt_secret(), "HS256"
        except SettingsError:
            logger.error("JWT_SECRET is missing or shorter than 32 bytes; no token can be verified")
            raise AuthConfigurationError("Authentication is not configured.") from None
    if not settings.jwks_url:
        logger.error("JWT_ALGORITHM=RS256 needs JWKS_URL")
        raise AuthConfigurationError("Authentication is not configured.")
    client = _jwks_client(settings.jwks_url)
    try:
        # PyJWKClient fetches with urllib (blocking); keep the event loop free.
        signing_key = await asyncio.to_thread(client.get_signing_key_from_jwt, token)
    except jwt.PyJWKClientConnectionError:
        logger.warning("JWKS endpoint unreachable")
        raise AuthenticationError("Could not verify the token.") from None
    except (jwt.PyJWKClientError, jwt.InvalidTokenError):
        raise AuthenticationError("Invalid token.") from None
    return signing_key.key, "RS256"


async def verify_token(token: str, settings: Settings | None = None) -> uuid.UUID:
    """The user id of a valid token; `AuthenticationError` for anything else."""
    import jwt

    settings = settings or get_settings()
    key, algorithm = await _verification_key(token, settings)
    local = algorithm == LOCAL_ALGORITHM
    options: Options = {
        "require": ["exp", "iat", "sub"] if local else ["exp", "sub"],
        "verify_aud": bool(settings.jwt_audience),
    }
    try:
        claims = jwt.decode(
            token,
            key,
            algorithms=[algorithm],
            audience=settings.jwt_audience or None,
            issuer=settings.jwt_issuer or None,
            leeway=LEEWAY_SECONDS,
            options=options,
        )
    except jwt.ExpiredSignatureError:
        raise AuthenticationError("Token expired.") from None
    except jwt.InvalidTokenError:
        raise AuthenticationError("Invalid token.") from None
    if local:
        _check_lifetime(claims, settings)
    return _parse_user_id(claims.get("sub"))


def _check_lifetime(claims: dict[str, Any], settings: Settings) -> None:
    """A local token valid for longer than `jwt_max_lifetime_hours` is refused, whoever signed it."""
    try:
        lifetime = float(claims["exp"]) - float(claims["iat"])
    except (KeyError, TypeError, ValueError):
        raise AuthenticationError("Invalid token.") from None
    if lifetime > settings.jwt_max_lifetime_hours * 3600:
        raise AuthenticationError("Token lifetime too long.")


def _claims_from_request_context(context: object) -> dict[str, Any] | None:
    """`authorizer.claims` (REST API, Cognito) or `authorizer.jwt.claims` (HTTP API)."""
    if not isinstance(context, dict):
        return None
    authorizer = context.get("authorizer")
    if not isinstance(authorizer, dict):
        return None
    claims = authorizer.get("claims")
    if not isinstance(claims, dict):
        jwt_part = authorizer.get("jwt")
        claims = jwt_part.get("claims") if isinstance(jwt_part, dict) else None
    return claims if isinstance(claims, dict) else None


def _under_web_adapter(request: Request) -> bool:
    app = request.scope.get("app")
    return getattr(getattr(app, "state", None), ADAPTER_STATE_FLAG, False) is True


def lambda_claims(request: Request) -> dict[str, Any] | None:
    """Authorizer claims API Gateway passed in; only meaningful when running on Lambda. Under
    Mangum (an `aws.event` in the scope) the event is the only source: a request header there is
    whatever the client sent. The header is read only by the Web Adapter app, which has no event."""
    event = request.scope.get("aws.event")
    if event is not None:
        return _claims_from_request_context(event.get("requestContext")) if isinstance(event, dict) else None
    if not _under_web_adapter(request):
        return None
    raw = request.headers.get(LAMBDA_CONTEXT_HEADER)
    if raw:
        try:
            context = json.loads(raw)
        except ValueError:
            return None
        return _claims_from_request_context(context)
    return None


def bearer_token(request: Request) -> str:
    header = request.headers.get("authorization")
    if not header:
        raise AuthenticationError("Not authenticated.")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AuthenticationError("Invalid authorization header.")
    return token.strip()


async def authenticate(request: Request, settings: Settings) -> uuid.UUID:
    """The authenticated user id for one request: on Lambda the authorizer's claims only
    (missing claims → 401, whatever bearer token comes with the request), elsewhere a
    verified bearer token."""
    if settings.on_lambda:
        claims = lambda_claims(request)
        if claims is None:
            raise AuthenticationError("Not authenticated.")
        return _parse_user_id(claims.get("sub"))
    return await verify_token(bearer_token(request), settings)
