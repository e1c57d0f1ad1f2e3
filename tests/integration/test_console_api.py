"""The console's HTTP side (no browser): mounted only in dev mode and only by `coach serve`;
its files served from its folder with explicit content types and the CSP; its JSON endpoints
authenticated like the API and reading only the caller's own rows."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import AsyncIterator

import httpx
import jwt
import pytest

from coach_core.console import CONSOLE_API, ConsoleDisabledError, ConsoleUser, mount_console
from coach_core.console.assets import CONTENT_SECURITY_POLICY
from coach_core.context_builder import ContextBuilder
from coach_core.db.connection import Database
from coach_core.models import utctoday
from coach_core.repositories import logs
from coach_core.settings import Settings
from tests.api_support import auth_headers, build_app, client_for, make_settings, seed_user

pytestmark = pytest.mark.integration

CRISIS_MESSAGE = "I keep bringing my dinner back up so it doesn't count"


@pytest.fixture
def dev_settings(coach_env: None, database_url: str, redis_url: str, redis_prefix: str) -> Settings:
    return make_settings(database_url, redis_url, redis_prefix, coach_env="dev")


@pytest.fixture
async def seeded_user(db: Database) -> uuid.UUID:
    return await seed_user(db, days=40)


@pytest.fixture
async def console_client(
    db: Database, dev_settings: Settings, seeded_user: uuid.UUID
) -> AsyncIterator[httpx.AsyncClient]:
    """The API with the console mounted; the picker offers the seeded user and one that
    does not exist."""
    app = build_app(db, dev_settings)
    mount_console(
        app,
        settings=dev_settings,
        demo_users=[
            ConsoleUser(name="Seeded", user_id=seeded_user, description="has data"),
            ConsoleUser(name="Ghost", user_id=uuid.uuid4(), description="never seeded"),
        ],
    )
    async with client_for(app) as client:
        yield client


async def test_given_prod_settings_when_mounting_the_console_then_it_refuses(settings: Settings, db: Database) -> None:
    """GIVEN COACH_ENV=prod (the default) WHEN anything tries to mount the console THEN it
    raises, and the app serves no /console page."""
    app = build_app(db, settings)
    assert settings.coach_env == "prod"
    with pytest.raises(ConsoleDisabledError):
        mount_console(app, settings=settings, demo_users=[])
    async with client_for(app) as client:
        assert (await client.get("/console")).status_code == 404


@pytest.mark.parametrize(("env_value", "mounted"), [("dev", True), ("prod", False), (None, False)])
async def test_given_coach_env_when_coach_serve_builds_its_app_then_the_console_is_mounted_only_in_dev(
    coach_env: None, monkeypatch: pytest.MonkeyPatch, env_value: str | None, mounted: bool
) -> None:
    """GIVEN COACH_ENV=dev / prod / unset WHEN `coach serve` builds its app THEN the console
    page answers only in dev; the streaming Lambda app never serves it, even in dev."""
    from coach_core.server import create_served_app
    from coach_core.settings import get_settings
    from coach_core.stream_app import create_stream_app

    if env_value is None:
        monkeypatch.delenv("COACH_ENV", raising=False)
    else:
        monkeypatch.setenv("COACH_ENV", env_value)
    get_settings.cache_clear()
    async with client_for(create_served_app()) as served:
        assert (await served.get("/console")).status_code == (200 if mounted else 404)
        assert (await served.get("/console/static/console.js")).status_code == (200 if mounted else 404)
        assert (await served.get("/")).status_code == (200 if mounted else 404)
    async with client_for(create_stream_app()) as lambda_app:
        assert (await lambda_app.get("/console")).status_code == 404


async def test_given_the_console_when_its_files_are_asked_for_then_types_headers_and_the_folder_are_enforced(
    console_client: httpx.AsyncClient,
) -> None:
    """GIVEN the mounted console WHEN the page and its files are fetched THEN each has its
    explicit content type, nosniff and the CSP; files outside static/, Python files and
    unknown names are 404 (with the same headers)."""
    expected = {
        "/console": "text/html; charset=utf-8",
        "/console/static/console.css": "text/css; charset=utf-8",
        "/console/static/console.js": "text/javascript; charset=utf-8",
        "/console/static/vendor/eventsource-parser/parse.js": "text/javascript; charset=utf-8",
        "/console/static/vendor/eventsource-parser/LICENSE": "text/plain; charset=utf-8",
        "/console/static/icon.svg": "image/svg+xml",
    }
    for path, content_type in expected.items():
        response = await console_client.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"] == content_type, path
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"
    for path in (
        "/console/static/../router.py",
        "/console/static/%2e%2e/router.py",
        "/console/static/..%2f..%2fsettings.py",
        "/console/static/nope.js",
        "/console/static/",
    ):
        response = await console_client.get(path)
        assert response.status_code == 404, path
        assert response.json() == {"detail": "Not Found"}
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


async def test_given_demo_users_when_listed_then_each_has_a_token_for_its_own_id_and_its_seeded_state(
    console_client: httpx.AsyncClient, dev_settings: Settings, seeded_user: uuid.UUID
) -> None:
    response = await console_client.get(f"{CONSOLE_API}/users")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert body["minting"] is True
    seeded, ghost = body["users"]
    assert (seeded["name"], seeded["seeded"], ghost["seeded"]) == ("Seeded", True, False)
    claims = jwt.decode(seeded["token"], dev_settings.jwt_secret.get_secret_value(), algorithms=["HS256"])
    assert claims["sub"] == str(seeded_user)
    assert claims["exp"] - claims["iat"] == body["token_hours"] * 3600


async def test_given_rs256_verification_when_listing_demo_users_then_no_token_is_minted(
    db: Database, coach_env: None, database_url: str, redis_url: str, redis_prefix: str
) -> None:
    """GIVEN a server that verifies RS256 (a local HS256 token would be refused) WHEN the users
    are listed THEN none carries a token: the page asks for a pasted one."""
    rs256 = make_settings(
        database_url,
        redis_url,
        redis_prefix,
        coach_env="dev",
        jwt_algorithm="RS256",
        jwks_url="http://127.0.0.1:9/jwks.json",
    )
    app = build_app(db, rs256)
    mount_console(app, settings=rs256, demo_users=[ConsoleUser(name="A", user_id=uuid.uuid4(), description="")])
    async with client_for(app) as client:
        body = (await client.get(f"{CONSOLE_API}/users")).json()
    assert body["minting"] is False and body["users"][0]["token"] is None


async def test_given_dev_mode_when_the_root_is_opened_then_it_links_to_the_console_and_the_api_reference(
    console_client: httpx.AsyncClient, settings: Settings, db: Database
) -> None:
    """GIVEN the console mounted WHEN `GET /` THEN an HTML page with the console's headers links
    to `/console` and `/docs`, and both answer; GIVEN prod THEN `/` stays 404."""
    response = await console_client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    links = _links(response.text)
    assert {"/console", "/docs"} <= set(links)
    for href in ("/console", "/docs"):
        assert (await console_client.get(href)).status_code == 200, href
    async with client_for(build_app(db, settings)) as prod:
        assert (await prod.get("/")).status_code == 404


def _links(html: str) -> list[str]:
    """The href of every <a> in a page."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Anchors(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "a":
                found.extend(value for name, value in attrs if name == "href" and value)

    Anchors().feed(html)
    return found


@pytest.mark.parametrize(
    "path",
    [
        "/me/context",
        f"/sessions/{uuid.uuid4()}",
        f"/sessions/{uuid.uuid4()}/violations",
        f"/sessions/{uuid.uuid4()}/tool-calls",
    ],
)
async def test_given_no_token_when_reading_console_data_then_401_and_no_handler_runs(
    console_client: httpx.AsyncClient, path: str
) -> None:
    response = await console_client.get(CONSOLE_API + path)
    assert response.status_code == 401
    assert response.json() == {"detail": "Not authenticated."}
    assert response.headers["www-authenticate"] == "Bearer"
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY


async def test_given_a_user_when_reading_the_context_then_the_summary_is_the_prompts_and_rows_are_windowed(
    console_client: httpx.AsyncClient, db: Database, dev_settings: Settings, seeded_user: uuid.UUID
) -> None:
    """GIVEN 40 days of history WHEN the panel's data is read THEN the summary is exactly the
    context line the system prompt gets, rows cover the last 14 days and weights the last 30."""
    response = await console_client.get(f"{CONSOLE_API}/me/context", headers=auth_headers(seeded_user, dev_settings))
    assert response.status_code == 200
    body = response.json()
    context = await ContextBuilder().build(db, seeded_user)
    assert body["summary"] == context.summary
    assert body["confidence"] == context.confidence
    today = utctoday()
    assert body["today"] == today.isoformat()
    dates = [dt.date.fromisoformat(c["date"]) for c in body["checkins"]]
    assert len(dates) == 14 and min(dates) == today - dt.timedelta(days=13)
    assert len(body["nutrition"]) == 14
    assert len(body["weights"]) == 30 and all(w["weight_kg"] is not None for w in body["weights"])


async def test_given_a_user_without_a_profile_when_reading_the_context_then_404(
    console_client: httpx.AsyncClient, dev_settings: Settings
) -> None:
    response = await console_client.get(f"{CONSOLE_API}/me/context", headers=auth_headers(uuid.uuid4(), dev_settings))
    assert response.status_code == 404
    assert response.json() == {"detail": "User not found."}


async def test_given_a_flagged_exchange_when_its_session_is_read_then_only_its_owner_sees_history_and_violations(
    console_client: httpx.AsyncClient, db: Database, dev_settings: Settings, seeded_user: uuid.UUID
) -> None:
    """GIVEN a crisis message in a session WHEN its owner reads the session and its violations
    THEN the stored history and the crisis row (action, rule id, source) come back; another
    user gets 404 for the session and an empty list for the violations."""
    owner = auth_headers(seeded_user, dev_settings)
    chat = await console_client.post("/api/v1/coach/chat", headers=owner, json={"message": CRISIS_MESSAGE})
    assert chat.status_code == 200
    session_id = chat.json()["session_id"]

    session = (await console_client.get(f"{CONSOLE_API}/sessions/{session_id}", headers=owner)).json()
    assert session["session_id"] == session_id and session["status"] == "ACTIVE"
    assert session["created_at"].endswith("Z") and session["last_activity_at"].endswith("Z")  # UTC, with offset
    assert [t["role"] for t in session["history"]] == ["user", "assistant"]
    assert session["history"][0]["content"] == CRISIS_MESSAGE

    body = (await console_client.get(f"{CONSOLE_API}/sessions/{session_id}/violations", headers=owner)).json()
    assert body["session_id"] == session_id
    crisis = [v for v in body["violations"] if v["violation_type"] == "crisis"]
    assert len(crisis) == 1
    assert crisis[0]["direction"] == "input" and crisis[0]["action_taken"] in ("flag", "block")
    assert crisis[0]["source"] == "rules" and "rule_id" in crisis[0]
    assert crisis[0]["created_at"].endswith("Z")

    stranger = auth_headers(await seed_user(db), dev_settings)
    other = await console_client.get(f"{CONSOLE_API}/sessions/{session_id}", headers=stranger)
    assert other.status_code == 404 and other.json() == {"detail": "Session not found."}
    other_rows = await console_client.get(f"{CONSOLE_API}/sessions/{session_id}/violations", headers=stranger)
    assert other_rows.status_code == 200 and other_rows.json()["violations"] == []


async def test_given_a_tool_backed_exchange_when_its_tool_calls_are_read_then_each_has_the_arguments_chat_reported(
    console_client: httpx.AsyncClient, db: Database, dev_settings: Settings, seeded_user: uuid.UUID
) -> None:
    """GIVEN a `/chat` exchange that called tools WHEN its owner reads the session's tool calls
    THEN each row carries the arguments the tool ran with, exactly as `/chat`'s `tool_trace`
    reported them (defaults filled in), and no internal error text; another user gets none."""
    owner = auth_headers(seeded_user, dev_settings)
    chat = await console_client.post(
        "/api/v1/coach/chat", headers=owner, json={"message": "How is my weight trending?"}
    )
    assert chat.status_code == 200
    body = chat.json()
    assert body["tool_trace"], body

    response = await console_client.get(f"{CONSOLE_API}/sessions/{body['session_id']}/tool-calls", headers=owner)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    calls = response.json()["tool_calls"]
    assert sorted((c["tool_name"], c["input_summary"]) for c in calls) == sorted(
        (t["tool_name"], t["input_summary"]) for t in body["tool_trace"]
    )
    assert all(
        set(c) == {"tool_name", "input_summary", "output_summary", "status", "latency_ms", "cached"} for c in calls
    )

    stranger = auth_headers(await seed_user(db), dev_settings)
    other = await console_client.get(f"{CONSOLE_API}/sessions/{body['session_id']}/tool-calls", headers=stranger)
    assert other.status_code == 200 and other.json()["tool_calls"] == []


async def test_given_rows_of_two_users_and_sessions_when_reading_one_session_then_only_its_rows_oldest_first(
    db: Database,
) -> None:
    """`repositories.logs.get_session_violations` filters on user AND session, oldest first."""
    from coach_core.models import PolicyViolationRow

    user, other_user = uuid.uuid4(), uuid.uuid4()
    session, other_session = uuid.uuid4(), uuid.uuid4()

    def row(u: uuid.UUID, s: uuid.UUID, kind: str) -> PolicyViolationRow:
        return PolicyViolationRow(
            user_id=u,
            session_id=s,
            direction="input",
            violation_type=kind,
            severity="high",
            trigger_content="x",
            action_taken="flag",
            rule_id=f"{kind}.rule",
        )

    async with db.connection() as conn, conn.transaction():
        await logs.insert_violations(
            conn,
            [
                row(user, session, "first"),
                row(user, other_session, "elsewhere"),
                row(other_user, session, "intruder"),
                row(user, session, "second"),
            ],
        )
    async with db.connection() as conn:
        rows = await logs.get_session_violations(conn, user, session)
    assert [(r.violation_type, r.rule_id) for r in rows] == [("first", "first.rule"), ("second", "second.rule")]
    assert rows[0].id < rows[1].id and rows[0].created_at <= rows[1].created_at


async def test_given_tool_calls_of_two_users_and_sessions_when_reading_one_session_then_only_its_rows_oldest_first(
    db: Database,
) -> None:
    """`repositories.logs.get_session_tool_calls` filters on user AND session, oldest first."""
    from coach_core.models import ToolCallLogRow

    user, other_user = uuid.uuid4(), uuid.uuid4()
    session, other_session = uuid.uuid4(), uuid.uuid4()

    def row(u: uuid.UUID, s: uuid.UUID, name: str) -> ToolCallLogRow:
        return ToolCallLogRow(
            user_id=u,
            session_id=s,
            tool_name=name,
            input_hash="h",
            input_summary=f'{{"n":"{name}"}}',
            output_summary="o",
            status="success",
            latency_ms=1,
            cache_hit=False,
        )

    async with db.connection() as conn, conn.transaction():
        await logs.insert_tool_calls(
            conn,
            [
                row(user, session, "first"),
                row(user, other_session, "elsewhere"),
                row(other_user, session, "intruder"),
                row(user, session, "second"),
            ],
        )
    async with db.connection() as conn:
        rows = await logs.get_session_tool_calls(conn, user, session)
    assert [(r.tool_name, r.input_summary) for r in rows] == [("first", '{"n":"first"}'), ("second", '{"n":"second"}')]
