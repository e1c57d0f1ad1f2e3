"""The output guard while streaming (issue 11 §3): a sentence is sent only once it is complete
and passes the rules; the first one that does not is never sent, the provider stream is
cancelled, the safety message follows as tokens, `done` carries the disclaimers — still exactly
one terminal event — and the stored reply is exactly what the user saw. `/chat` keeps checking
the whole answer before returning it."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.prompts.disclaimer_templates import SUPPORT_RESOURCES_MESSAGE
from coach_core.settings import Settings
from tests.api_support import (
    RecordingProvider,
    fetch_all,
    live_server,
    live_stream,
    post_chat,
    seed_user,
    session_row,
    token_text,
)
from tests.fakes import FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

SAFE = "Your weight is trending down nicely. "
UNSAFE = "If you overeat, you could get it all back out after dinner so it doesn't count. "
AFTER = "Keep logging your meals and check in tomorrow."


async def test_given_an_unsafe_sentence_mid_stream_then_it_is_never_sent_and_the_stored_reply_is_what_was_sent(
    db: Database, settings: Settings, fake: FakeOpenAIServer, database_url: str
) -> None:
    """GIVEN a model whose second sentence tells the user to purge WHEN streamed THEN the first
    sentence arrives, the second never does (not a word of it), the provider stream is closed
    before its end, the support message follows, `done` is the one terminal event, and the
    session stores exactly the text the user received; the output violation names its rule."""
    user = await seed_user(db)
    fake.script([Reply(SAFE + UNSAFE + AFTER, chunk_delay=0.02)])
    from coach_core.service import make_provider

    provider = RecordingProvider(make_provider(fake.settings(llm_max_retries=0)))
    with live_server(settings, database_url, provider) as server:
        events = await live_stream(server, user, settings, "how am I doing?")
        assert await asyncio.to_thread(provider.stream_ended.wait, 5)
    kinds = [e["type"] for e in events]
    assert kinds.count("done") == 1 and kinds[-1] == "done" and "error" not in kinds
    sent = token_text(events)
    assert sent.startswith(SAFE.strip())
    assert "overeat" not in sent and "back out" not in sent and AFTER not in sent
    assert sent.endswith(SUPPORT_RESOURCES_MESSAGE)
    assert provider.streams_closed_early == 1 and provider.streams_finished == 0
    done = events[-1]["data"]
    stored = await session_row(db, done["session_id"])
    assert stored["history"][-1] == {"role": "assistant", "content": sent}
    rows = await fetch_all(
        db,
        "SELECT direction, violation_type, action_taken, rule_id, source "
        "FROM ai_policy_violation_log WHERE user_id = %s",
        (user,),
    )
    assert [(r["direction"], r["violation_type"], r["source"]) for r in rows] == [("output", "crisis", "rules")]
    assert rows[0]["rule_id"] == "crisis.purging.euphemism"


async def test_given_a_calorie_target_sentence_when_streamed_then_it_passes_with_its_disclaimer_on_done(
    db: Database, settings: Settings, fake: FakeOpenAIServer, database_url: str
) -> None:
    """GIVEN a sentence the rules modify (a 1,000 kcal/day target) WHEN streamed THEN it is sent
    (modify passes) and `done` carries the calorie disclaimer."""
    user = await seed_user(db)
    fake.script([Reply("You could aim for 1000 calories a day for a short while. " + AFTER, chunk_delay=0.01)])
    from coach_core.service import make_provider

    provider = RecordingProvider(make_provider(fake.settings(llm_max_retries=0)))
    with live_server(settings, database_url, provider) as server:
        events = await live_stream(server, user, settings, "how am I doing?")
    sent = token_text(events)
    assert "1000 calories a day" in sent and AFTER in sent
    assert any("1,200" in d for d in events[-1]["data"]["disclaimers"])


async def test_given_the_same_answer_on_chat_when_buffered_then_the_whole_answer_is_replaced(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN the same unsafe answer WHEN asked through `/chat` THEN nothing of it is returned:
    the whole answer is checked before it leaves, and the safety message replaces it."""
    user = await seed_user(db)
    fake.script([Reply(SAFE + UNSAFE + AFTER)])
    response = await post_chat(client, user, settings, "how am I doing?")
    body = response.json()
    assert body["finish_reason"] == "safety" and body["message"] == SUPPORT_RESOURCES_MESSAGE
