"""HTTP-level authentication: every coach route answers 401 `{"detail": ...}` for a missing,
expired, malformed, forged or non-UUID token before any handler work (even before the body
is validated); RS256 tokens verify against a JWKS; /health needs no token."""

from __future__ import annotations

import datetime as dt
import json
import threading
import uuid
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

from coach_core.api.auth import ADAPTER_STATE_FLAG
from coach_core.db.connection import Database
from coach_core.settings import Settings
from tests.api_support import auth_headers, build_app, client_for, make_settings, seed_user, written_rows

pytestmark = pytest.mark.integration

ROUTES = [
    ("POST", "/api/v1/coach/chat", {"message": "hi"}),
    ("POST", "/api/v1/coach/chat/stream", {"message": "hi"}),
    ("POST", "/api/v1/coach/plan", None),
    ("GET", "/api/v1/coach/insights", None),
]


def _hs256(settings: Settings, secret: str | None = None, **claims: Any) -> str:
    now = dt.datetime.now(dt.UTC)
    payload = {"sub": str(uuid.uuid4()), "iat": now, "exp": now + dt.timedelta(hours=1), **claims}
    return jwt.encode(payload, secret or settings.jwt_secret.get_secret_value(), algorithm="HS256")


def _bad_headers(settings: Settings) -> dict[str, dict[str, str]]:
    past = dt.datetime.now(dt.UTC) - dt.timedelta(hours=2)
    return {
        "missing": {},
        "expired": {"Authorization": "Bearer " + _hs256(settings, exp=past)},
        "forged": {"Authorization": "Bearer " + _hs256(settings, secret="attacker-secret-0123456789abcdefgh")},
        "malformed": {"Authorization": "Bearer not-a-jwt"},
        "wrong_scheme": {"Authorization": "Basic dXNlcjpwYXNz"},
        "non_uuid_sub": {"Authorization": "Bearer " + _hs256(settings, sub="alice")},
    }


@pytest.mark.parametrize("kind", ["missing", "expired", "forged", "malformed", "wrong_scheme", "non_uuid_sub"])
@pytest.mark.parametrize(("method", "path", "body"), ROUTES)
async def test_given_a_bad_token_when_calling_any_coach_route_then_401_with_detail(
    offline_client: httpx.AsyncClient, settings: Settings, kind: str, method: str, path: str, body: Any
) -> None:
    response = await offline_client.request(method, path, json=body, headers=_bad_headers(settings)[kind])
    assert response.status_code == 401
    assert set(response.json()) == {"detail"} and isinstance(response.json()["detail"], str)
    assert response.headers["www-authenticate"] == "Bearer"


async def test_given_no_token_and_a_malformed_body_when_posting_then_401_wins(
    offline_client: httpx.AsyncClient,
) -> None:
    response = await offline_client.post(
        "/api/v1/coach/chat", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 401


async def test_given_a_forged_token_for_a_real_user_when_chatting_then_nothing_is_written(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    user_id = await seed_user(db)
    forged = _hs256(settings, secret="attacker-secret-0123456789abcdefgh", sub=str(user_id))
    response = await offline_client.post(
        "/api/v1/coach/chat", json={"message": "how is my weight?"}, headers={"Authorization": f"Bearer {forged}"}
    )
    assert response.status_code == 401
    assert await written_rows(db, user_id) == {"sessions": 0, "tool_calls": 0, "violations": 0}


async def test_given_a_client_set_lambda_context_header_off_lambda_then_it_is_not_trusted(
    offline_client: httpx.AsyncClient, db: Database
) -> None:
    user_id = await seed_user(db)
    context = {"authorizer": {"claims": {"sub": str(user_id)}}}
    headers = {"x-amzn-request-context": json.dumps(context)}
    response = await offline_client.get("/api/v1/coach/insights", headers=headers)
    assert response.status_code == 401


async def test_given_on_lambda_when_the_adapter_passes_authorizer_claims_then_the_user_is_served(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, coach_env: None
) -> None:
    """GIVEN the app Lambda Web Adapter runs (marked as `stream_app` marks it) on Lambda WHEN the
    adapter's header carries the authorizer's claims THEN the user is served; the same header
    reaching an app the adapter does not run is a 401."""
    settings = make_settings(database_url, redis_url, redis_prefix, aws_lambda_function_name="coach-chat-stream")
    user_id = await seed_user(db)
    context = {"requestId": "abc", "authorizer": {"claims": {"sub": str(user_id)}}}
    headers = {"x-amzn-request-context": json.dumps(context)}
    adapter_app = build_app(db, settings)
    setattr(adapter_app.state, ADAPTER_STATE_FLAG, True)
    async with client_for(adapter_app) as client:
        response = await client.get("/api/v1/coach/insights", headers=headers)
    assert response.status_code == 200
    assert response.json()["window_days"] == 14
    async with client_for(build_app(db, settings)) as client:
        assert (await client.get("/api/v1/coach/insights", headers=headers)).status_code == 401


async def test_given_a_token_minted_to_live_longer_than_the_cap_when_calling_then_401_and_nothing_written(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    """GIVEN a correctly signed HS256 token for a real user that would live 31 days (the cap is
    30, JWT_MAX_LIFETIME_HOURS) WHEN it calls the API THEN 401 and no handler work; a 30-day
    token of the same user is served."""
    user_id = await seed_user(db)
    now = dt.datetime.now(dt.UTC)
    long_lived = _hs256(settings, sub=str(user_id), iat=now, exp=now + dt.timedelta(days=31))
    response = await offline_client.post(
        "/api/v1/coach/chat", json={"message": "how is my weight?"}, headers={"Authorization": f"Bearer {long_lived}"}
    )
    assert response.status_code == 401 and response.json() == {"detail": "Token lifetime too long."}
    assert await written_rows(db, user_id) == {"sessions": 0, "tool_calls": 0, "violations": 0}
    month = _hs256(settings, sub=str(user_id), iat=now, exp=now + dt.timedelta(days=30))
    ok = await offline_client.get("/api/v1/coach/insights", headers={"Authorization": f"Bearer {month}"})
    assert ok.status_code == 200


async def test_given_health_when_called_without_a_token_then_ok_with_the_provider(
    offline_client: httpx.AsyncClient,
) -> None:
    response = await offline_client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "provider": "offline"}
    assert response.headers["x-coach-provider"] == "offline"


# --- RS256 against a JWKS ------------------------------------------------------------------


@pytest.fixture(scope="module")
def rsa_keys() -> tuple[rsa.RSAPrivateKey, rsa.RSAPrivateKey]:
    return (
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
    )


@pytest.fixture(scope="module")
def jwks_url(rsa_keys: tuple[rsa.RSAPrivateKey, rsa.RSAPrivateKey]) -> Iterator[str]:
    """A loopback JWKS endpoint publishing the first key only (kid "k1")."""
    jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(rsa_keys[0].public_key()))
    body = json.dumps({"keys": [{**jwk, "kid": "k1", "use": "sig", "alg": "RS256"}]}).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            return None

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/.well-known/jwks.json"
    server.shutdown()


def _rs256(key: rsa.RSAPrivateKey, sub: str, kid: str = "k1", **claims: Any) -> str:
    now = dt.datetime.now(dt.UTC)
    payload = {"sub": sub, "iat": now, "exp": now + dt.timedelta(hours=1), **claims}
    return jwt.encode(payload, key, algorithm="RS256", headers={"kid": kid})


async def test_given_rs256_tokens_when_verified_against_the_jwks_then_only_the_published_key_passes(
    db: Database,
    database_url: str,
    redis_url: str,
    redis_prefix: str,
    coach_env: None,
    jwks_url: str,
    rsa_keys: tuple[rsa.RSAPrivateKey, rsa.RSAPrivateKey],
) -> None:
    settings = make_settings(
        database_url,
        redis_url,
        redis_prefix,
        jwt_algorithm="RS256",
        jwks_url=jwks_url,
        jwt_audience="coach-app",
        jwt_issuer="https://idp.test",
    )
    user_id = str(await seed_user(db))
    good = _rs256(rsa_keys[0], user_id, aud="coach-app", iss="https://idp.test")
    cases = {
        "good": (good, 200),
        "other_key_same_kid": (_rs256(rsa_keys[1], user_id, aud="coach-app", iss="https://idp.test"), 401),
        "unknown_kid": (_rs256(rsa_keys[0], user_id, kid="k9", aud="coach-app", iss="https://idp.test"), 401),
        "wrong_audience": (_rs256(rsa_keys[0], user_id, aud="other", iss="https://idp.test"), 401),
        "wrong_issuer": (_rs256(rsa_keys[0], user_id, aud="coach-app", iss="https://evil.test"), 401),
        "hs256_with_local_secret": (_hs256(settings, sub=user_id, aud="coach-app", iss="https://idp.test"), 401),
    }
    async with client_for(build_app(db, settings)) as client:
        for name, (token, status) in cases.items():
            response = await client.get("/api/v1/coach/insights", headers={"Authorization": f"Bearer {token}"})
            assert response.status_code == status, name


async def test_given_a_valid_local_token_when_calling_insights_then_200(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    user_id = await seed_user(db)
    response = await offline_client.get("/api/v1/coach/insights", headers=auth_headers(user_id, settings))
    assert response.status_code == 200
