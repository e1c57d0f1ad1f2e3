"""Stored chat history masks e-mail addresses and phone numbers the way the violation log does
(the same sanitiser): over HTTP, /chat and /chat/stream, with the real OpenAI SDK against the
loopback fake. The user still sees the reply as written; the stored copy, the export and the
next turn's prompt carry `[email]` / `[phone]`; lines without either keep their layout."""

from __future__ import annotations

import uuid

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.service.sessions import mask_contacts
from coach_core.settings import Settings
from tests.api_support import auth_headers, parse_sse_records, seed_user, session_row
from tests.fakes import FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

ASKED = "My number is +44 20 7946 0958 and my mail is jane.doe@example.com.\nHow is my weight?"
REPLY = (
    "Your trend looks steady.\n"
    "  - keep   logging daily\n"
    "  - questions? write to coach-help@example.org or call 0800 123 4567"
)


async def test_given_contacts_in_a_chat_when_the_turn_is_stored_then_they_are_masked(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a message and a reply that hold a phone number and an e-mail address WHEN the turn
    is stored THEN the stored history, the export and the next prompt have them masked, the
    reply the user got is unchanged, and lines with nothing to mask keep their spacing."""
    user = await seed_user(db)
    headers = auth_headers(user, settings)
    fake.script([Reply(REPLY, usage=(10, 5)), Reply("Noted.", usage=(10, 5))])
    first = await client.post("/api/v1/coach/chat", json={"message": ASKED}, headers=headers)
    assert first.status_code == 200, first.text
    assert "coach-help@example.org" in first.json()["message"]

    stored = [t["content"] for t in (await session_row(db, first.json()["session_id"]))["history"]]
    assert stored == [
        "My number is [phone] and my mail is [email].\nHow is my weight?",
        "Your trend looks steady.\n  - keep   logging daily\n  - questions? write to [email] or call [phone]",
    ]
    export = (await client.get("/api/v1/coach/me/data", headers=headers)).json()
    exported = " ".join(t["content"] for s in export["sessions"] for t in s["history"])
    assert "7946" not in exported and "example.com" not in exported and "example.org" not in exported

    again = {"message": "thanks", "session_id": first.json()["session_id"]}
    second = await client.post("/api/v1/coach/chat", json=again, headers=headers)
    assert second.status_code == 200
    prompt = str(fake.requests[-1].body["messages"])
    assert "[phone]" in prompt and "jane.doe@example.com" not in prompt


async def test_given_contacts_in_a_streamed_chat_when_the_turn_is_stored_then_they_are_masked(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply(REPLY, usage=(10, 5))])
    response = await client.post(
        "/api/v1/coach/chat/stream", json={"message": ASKED}, headers=auth_headers(user, settings)
    )
    assert response.status_code == 200
    events, _ = parse_sse_records(response.text)
    assert "coach-help@example.org" in "".join(e["data"]["content"] for e in events if e["type"] == "token")
    session_id = uuid.UUID(events[-1]["data"]["session_id"])
    stored = " ".join(t["content"] for t in (await session_row(db, session_id))["history"])
    assert "[phone]" in stored and "[email]" in stored
    assert "7946" not in stored and "@example" not in stored


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("no contacts here,\n  indented   line", "no contacts here,\n  indented   line"),
        ("mail a@b.co now", "mail [email] now"),
        ("call +1 (555) 010-9999\n\nbye", "call [phone]\n\nbye"),
        ("x" * 5000 + " a@b.co", "x" * 5000 + " [email]"),
        ("1,200 kcal and 2,400 kcal", "1,200 kcal and 2,400 kcal"),
    ],
)
def test_given_text_when_masking_contacts_then_only_contacts_change_and_nothing_is_cut(text: str, masked: str) -> None:
    assert mask_contacts(text) == masked
