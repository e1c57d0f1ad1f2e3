"""The turn's spans through the HTTP app in process (the SDK's in-memory exporter): the `invoke_agent`
span and the safety layer that decided, for an answered turn and for input the rules replace."""

from __future__ import annotations

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.settings import Settings
from tests.api_support import auth_headers, seed_user
from tests.fakes import FakeOpenAIServer, Reply
from tests.tracing_support import all_text, by_operation, collect_spans

pytestmark = pytest.mark.integration

CHAT = "/api/v1/coach/chat"


async def test_given_crisis_input_when_chatting_then_the_turn_span_says_the_rules_decided_and_no_model_ran(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a message the crisis rules flag WHEN chatting THEN the turn's span says the rules decided,
    the input check's span carries the action and rule ids, no `chat` span exists, and the message is
    on no span."""
    user = await seed_user(db)
    fake.script([])
    message = "I want to kill myself, nothing matters anymore"
    with collect_spans() as spans:
        response = await client.post(CHAT, json={"message": message}, headers=auth_headers(user, settings))

    assert response.status_code == 200 and response.json()["finish_reason"] == "safety"
    (turn,) = by_operation(spans, "invoke_agent")
    assert turn.attributes["coach.safety.decided_by"] == "rules"  # type: ignore[index]
    assert turn.attributes["coach.turn.finish_reason"] == "safety"  # type: ignore[index]
    assert turn.attributes["gen_ai.conversation.id"] == response.json()["session_id"]  # type: ignore[index]
    (check,) = [s for s in spans if s.name == "safety_check rules"]
    assert check.parent is not None and check.parent.span_id == turn.context.span_id
    assert check.attributes["coach.safety.action"] == "flag"  # type: ignore[index]
    assert check.attributes["coach.safety.decided"] is True  # type: ignore[index]
    assert any(r.startswith("crisis.") for r in check.attributes["coach.safety.rule_ids"])  # type: ignore[index, union-attr]
    assert by_operation(spans, "chat") == []
    text = all_text(spans)
    assert "kill myself" not in text and "nothing matters" not in text


async def test_given_an_answered_turn_then_the_turn_span_carries_finish_tokens_and_provider(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("Keep going, you are on track.", usage=(90, 12))])
    with collect_spans() as spans:
        response = await client.post(CHAT, json={"message": "Am I on track?"}, headers=auth_headers(user, settings))

    assert response.status_code == 200
    (turn,) = by_operation(spans, "invoke_agent")
    attributes = dict(turn.attributes or {})
    assert attributes["coach.turn.finish_reason"] == "stop" and attributes["coach.turn.tokens"] == 102
    assert attributes["gen_ai.provider.name"] == "openai" and "coach.safety.decided_by" not in attributes
    (chat,) = by_operation(spans, "chat")
    assert chat.parent is not None and chat.parent.span_id == turn.context.span_id
    assert "on track" not in all_text(spans)
