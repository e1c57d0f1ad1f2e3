"""Bad input over HTTP: 422 with field-level errors (never echoing the input) or 413 for
bodies over 64 KiB, and nothing written to the database."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.repositories import users
from coach_core.settings import Settings
from tests.api_support import auth_headers, seed_user, written_rows

pytestmark = pytest.mark.integration

CHAT_PATHS = ["/api/v1/coach/chat", "/api/v1/coach/chat/stream"]
NOTHING = {"sessions": 0, "tool_calls": 0, "violations": 0}


@pytest.fixture
async def user(db: Database) -> uuid.UUID:
    return await seed_user(db)


@pytest.mark.parametrize("path", CHAT_PATHS)
@pytest.mark.parametrize(
    ("body", "loc", "error_type"),
    [
        ({"message": "x" * 4001}, ["body", "message"], "string_too_long"),
        ({"message": "   \n\t "}, ["body", "message"], "string_too_short"),
        ({"message": ""}, ["body", "message"], "string_too_short"),
        ({"message": "hi", "user_id": str(uuid.uuid4())}, ["body", "user_id"], "extra_forbidden"),
        ({"message": "hi", "session_id": "not-a-uuid"}, ["body", "session_id"], "uuid_parsing"),
        ({"message": 42}, ["body", "message"], "string_type"),
        ({}, ["body", "message"], "missing"),
    ],
)
async def test_given_an_invalid_chat_body_when_posting_then_422_field_error_and_nothing_written(
    offline_client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    user: uuid.UUID,
    path: str,
    body: dict[str, Any],
    loc: list[str],
    error_type: str,
) -> None:
    response = await offline_client.post(path, json=body, headers=auth_headers(user, settings))
    assert response.status_code == 422
    errors = response.json()["detail"]
    assert {"loc": loc, "type": error_type} in [{"loc": e["loc"], "type": e["type"]} for e in errors]
    assert all(set(e) == {"loc", "msg", "type"} for e in errors)
    assert "xxxxxxxxxx" not in response.text  # the input is never echoed
    assert await written_rows(db, user) == NOTHING


async def test_given_4000_characters_after_trimming_when_posting_then_accepted(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, user: uuid.UUID
) -> None:
    response = await offline_client.post(
        "/api/v1/coach/chat", json={"message": "  " + "a" * 4000 + "  "}, headers=auth_headers(user, settings)
    )
    assert response.status_code == 200


@pytest.mark.parametrize("path", CHAT_PATHS)
async def test_given_malformed_json_when_posting_then_422(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, user: uuid.UUID, path: str
) -> None:
    headers = {**auth_headers(user, settings), "content-type": "application/json"}
    response = await offline_client.post(path, content=b'{"message": "hi",', headers=headers)
    assert response.status_code == 422
    assert response.json()["detail"][0]["type"] == "json_invalid"
    assert await written_rows(db, user) == NOTHING


async def test_given_an_unknown_plan_field_when_posting_then_422(
    offline_client: httpx.AsyncClient, settings: Settings, user: uuid.UUID
) -> None:
    headers = auth_headers(user, settings)
    response = await offline_client.post("/api/v1/coach/plan", json={"calories": 500}, headers=headers)
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "calories"]


@pytest.mark.parametrize("path", [*CHAT_PATHS, "/api/v1/coach/plan"])
async def test_given_a_body_over_64_kib_when_posting_then_413(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, user: uuid.UUID, path: str
) -> None:
    body = b'{"message": "' + b"y" * (64 * 1024) + b'"}'
    response = await offline_client.post(
        path, content=body, headers={**auth_headers(user, settings), "content-type": "application/json"}
    )
    assert response.status_code == 413
    assert set(response.json()) == {"detail"}
    assert await written_rows(db, user) == NOTHING


async def test_given_a_chunked_body_over_64_kib_without_length_when_posting_then_413(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, user: uuid.UUID
) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"message": "'
        for _ in range(20):
            yield b"z" * 4096
        yield b'"}'

    response = await offline_client.post(
        "/api/v1/coach/chat",
        content=chunks(),
        headers={**auth_headers(user, settings), "content-type": "application/json"},
    )
    assert response.status_code == 413
    assert await written_rows(db, user) == NOTHING


async def test_given_a_body_just_under_the_limit_when_posting_then_it_is_validated_not_rejected_for_size(
    offline_client: httpx.AsyncClient, settings: Settings, user: uuid.UUID
) -> None:
    body = b'{"message": "' + b"y" * (60 * 1024) + b'"}'
    response = await offline_client.post(
        "/api/v1/coach/chat", content=body, headers={**auth_headers(user, settings), "content-type": "application/json"}
    )
    assert response.status_code == 422  # too long a message, but not too large a body


async def test_given_a_valid_token_for_a_user_without_a_row_when_chatting_then_provisioned_with_data_gaps(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    """GIVEN a valid token for a user with no row (a new Cognito user whose post-confirmation
    trigger has not run) WHEN they chat THEN their row is created and they get an answer whose
    data gaps say what to log (issue 13), not a 404."""
    stranger = uuid.uuid4()
    headers = auth_headers(stranger, settings)
    response = await offline_client.post(
        "/api/v1/coach/chat", json={"message": "How consistent am I?"}, headers=headers
    )
    assert response.status_code == 200
    gaps = {g["field"] for g in response.json()["data_gaps"]}
    assert gaps == {"checkins", "nutrition", "height_cm", "activity_level"}
    assert await written_rows(db, stranger) == {"sessions": 1, "tool_calls": 1, "violations": 0}


async def test_given_an_unknown_route_when_called_then_json_404(offline_client: httpx.AsyncClient) -> None:
    response = await offline_client.get("/nope")
    assert response.status_code == 404 and set(response.json()) == {"detail"}


# ---- characters no text field may carry --------------------------------------------------------

PLACEHOLDER = "@@UNSTORABLE@@"
TEXT_FIELDS = [  # every free-text field of every request body (tests/contract/test_openapi.py keeps this list whole)
    ("POST", "/api/v1/coach/chat", {"message": PLACEHOLDER}, ["body", "message"]),
    ("POST", "/api/v1/coach/chat/stream", {"message": PLACEHOLDER}, ["body", "message"]),
    ("PUT", "/api/v1/coach/profile", {"diet": {"type": PLACEHOLDER}}, ["body", "diet", "type"]),
    ("PUT", "/api/v1/coach/profile", {"diet": {"allergies": [PLACEHOLDER]}}, ["body", "diet", "allergies", 0]),
    ("PUT", "/api/v1/coach/profile", {"diet": {"dislikes": ["olives", PLACEHOLDER]}}, ["body", "diet", "dislikes", 1]),
]
UNSTORABLE = {"nul": r'"oat\u0000milk"', "lone-surrogate": r'"oat\ud800milk"', "lone-low-surrogate": r'"\udfff"'}
"""As JSON text: `\\u0000` is valid JSON, and so (syntactically) is an unpaired surrogate escape."""


@pytest.mark.parametrize("raw", list(UNSTORABLE.values()), ids=list(UNSTORABLE))
@pytest.mark.parametrize(
    ("method", "path", "body", "loc"),
    TEXT_FIELDS,
    ids=[f"{p.rsplit('/', 1)[-1]} {'.'.join(map(str, loc[1:]))}" for _, p, _, loc in TEXT_FIELDS],
)
async def test_given_a_nul_or_a_lone_surrogate_in_a_text_field_when_sent_then_422_naming_the_field_and_nothing_written(
    offline_client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    user: uuid.UUID,
    method: str,
    path: str,
    body: dict[str, Any],
    loc: list[str | int],
    raw: str,
) -> None:
    """GIVEN a NUL character or an unpaired surrogate (neither can be stored: PostgreSQL text
    refuses NUL, UTF-8 has no encoding for a lone surrogate) in any text field WHEN sent THEN a
    422 whose error names that field (never a 500), and nothing is written."""
    before = await _profile(db, user)
    content = json.dumps(body).replace(f'"{PLACEHOLDER}"', raw).encode()
    headers = {**auth_headers(user, settings), "content-type": "application/json"}
    response = await offline_client.request(method, path, content=content, headers=headers)
    assert response.status_code == 422, response.text
    assert loc in [e["loc"] for e in response.json()["detail"]]
    assert "oat" not in response.text  # the input is never echoed
    assert await written_rows(db, user) == NOTHING
    assert await _profile(db, user) == before


async def test_given_a_lone_surrogate_in_a_key_when_posting_then_422_for_the_body(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, user: uuid.UUID
) -> None:
    """GIVEN a field whose NAME is an unpaired surrogate WHEN posted THEN a 422 for the body as a
    whole (the key cannot be named in a UTF-8 error body), never a 500."""
    headers = {**auth_headers(user, settings), "content-type": "application/json"}
    response = await offline_client.post(
        "/api/v1/coach/chat", content=rb'{"message": "hi", "\ud800": 1}', headers=headers
    )
    assert response.status_code == 422
    assert [(e["loc"], e["type"]) for e in response.json()["detail"]] == [(["body"], "string_unicode")]
    assert await written_rows(db, user) == NOTHING


async def _profile(db: Database, user: uuid.UUID) -> Any:
    async with db.connection() as conn:
        return await users.get_profile(conn, user)
