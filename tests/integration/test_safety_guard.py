"""The model-based safety guard beside the rules (issue 12), with the real `openai` SDK against
loopback fakes (moderation endpoint; an OpenAI-compatible chat server for the `llm` guard):
a crisis the rules miss is flagged on input (no provider call when the guard is fast; a started
call cancelled before any token when it is slow), a failing guard leaves the rules' verdict and
the request succeeding, the output is guarded on `/chat` and `/chat/stream`, verdicts are cached,
and the guard's tokens are counted apart from the answer's."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.guard import GuardRunner, GuardVerdict, LLMGuard, ModerationGuard
from coach_core.policies import get_engine
from coach_core.prompts.disclaimer_templates import SUPPORT_RESOURCES_MESSAGE
from coach_core.providers.openai import OpenAIModerator
from coach_core.service import make_provider
from coach_core.settings import Settings
from tests.api_support import build_app, client_for, fetch_all, post_chat, post_stream, seed_user, token_text
from tests.fakes import Fail, FakeOpenAIServer, Reply
from tests.fakes.moderation_fake import CRISIS, SAFE, FakeModerationServer, Scores

pytestmark = pytest.mark.integration

INNOCENT = "What should I have for breakfast tomorrow?"  # the rules allow it; the guard is scripted
ANSWER = "Try Greek yogurt with berries and oats for a protein-rich start."


@pytest.fixture(scope="module")
def moderation() -> Iterator[FakeModerationServer]:
    with FakeModerationServer() as server:
        yield server


def moderation_guard(
    server: FakeModerationServer, settings: Settings, *, timeout: float = 1.5, cache: int = 0
) -> GuardRunner:
    moderator = OpenAIModerator(api_key="test-key-not-secret", base_url=server.base_url, timeout=5)
    return GuardRunner(
        ModerationGuard(moderator),
        timeout_seconds=timeout,
        cache_seconds=cache,
        redis_url=settings.redis_url,
        key_prefix=settings.redis_key_prefix,
        hash_key=settings.hash_key(),
    )


def chat_requests(fake: FakeOpenAIServer) -> int:
    return sum(1 for r in fake.requests if r.path.endswith("/chat/completions"))


class GuardedApp:
    def __init__(self, db: Database, settings: Settings, fake: FakeOpenAIServer, guard: GuardRunner) -> None:
        self.provider = make_provider(fake.settings(llm_max_retries=0))
        self.app = build_app(db, settings, self.provider, guard=guard)
        self.guard = guard

    async def __aenter__(self) -> httpx.AsyncClient:
        self.client = client_for(self.app)
        return await self.client.__aenter__()

    async def __aexit__(self, *exc: Any) -> None:
        await self.client.__aexit__(*exc)
        await self.provider.aclose()
        await self.guard.aclose()


async def _guard_rows(db: Database, user: uuid.UUID) -> list[dict[str, Any]]:
    return await fetch_all(
        db,
        "SELECT direction, action_taken, rule_id, source, guard_model, category_scores "
        "FROM ai_policy_violation_log WHERE user_id = %s AND source = 'guard'",
        (user,),
    )


async def test_given_a_crisis_only_the_guard_sees_when_chatting_then_flagged_and_the_provider_never_called(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    """GIVEN a message the rules allow and the moderation model scores as self-harm WHEN it is
    sent to /chat THEN the support message answers it, the chat model is never called, and a
    `guard` violation row records the model and its scores."""
    user = await seed_user(db)
    moderation.script([CRISIS])
    fake.script([Reply(ANSWER)])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        body = (await post_chat(client, user, settings, INNOCENT)).json()
    assert body["message"] == SUPPORT_RESOURCES_MESSAGE and body["finish_reason"] == "safety"
    assert chat_requests(fake) == 0
    [row] = await _guard_rows(db, user)
    assert (row["direction"], row["action_taken"], row["rule_id"]) == ("input", "flag", "guard.moderation")
    assert row["guard_model"] == "omni-moderation-fake" and row["category_scores"]["self-harm"] == 0.93


async def test_given_a_message_the_rules_modify_and_the_guard_flags_when_chatting_then_the_rules_disclaimers_stay(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    """GIVEN a message whose medical mention the rules answer with a disclaimer (modify) and which
    the guard scores as self-harm WHEN sent to /chat THEN the support message answers it and the
    rules' disclaimer is still returned (as when the rules or the output guard decide)."""
    user = await seed_user(db)
    moderation.script([CRISIS])
    fake.script([Reply(ANSWER)])
    message = "I have type 1 diabetes, what should I have for breakfast tomorrow?"
    expected = get_engine().check_input(message).disclaimers
    assert expected, "the rules must modify this message for the test to mean anything"
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        body = (await post_chat(client, user, settings, message)).json()
    assert body["message"] == SUPPORT_RESOURCES_MESSAGE and body["finish_reason"] == "safety"
    assert chat_requests(fake) == 0
    assert list(expected) == [d for d in body["disclaimers"] if d in expected]


async def test_given_a_slow_guard_when_streaming_then_the_provider_starts_and_is_cancelled_before_any_token(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    """GIVEN a guard slower than the look-ups (0.8 s) WHEN streaming THEN the model call starts
    (it is not held back), the crisis verdict then stops it, and not one token of the model's
    answer reaches the user: only the support message, then `done`."""
    user = await seed_user(db)
    moderation.script([Scores(scores=CRISIS.scores, delay=0.8)])
    fake.script([Reply(ANSWER, chunk_delay=0.01)])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        _, events, _ = await post_stream(client, user, settings, INNOCENT)
    assert chat_requests(fake) == 1  # the provider call had started
    tokens = token_text(events)
    assert tokens == SUPPORT_RESOURCES_MESSAGE and "yogurt" not in json.dumps(events)
    assert [e["type"] for e in events][-1] == "done"


@pytest.mark.parametrize(
    "failure",
    [Scores(scores=CRISIS.scores, delay=2.5), Fail(500), Fail(429)],
    ids=["timeout", "http-500", "http-429"],
)
async def test_given_a_failing_guard_when_chatting_then_the_rules_verdict_stands_and_a_metric_is_emitted(
    db: Database,
    settings: Settings,
    fake: FakeOpenAIServer,
    moderation: FakeModerationServer,
    monkeypatch: pytest.MonkeyPatch,
    failure: Any,
) -> None:
    """GIVEN a guard that times out (1.5 s), fails or is rate limited WHEN chatting THEN the
    request succeeds with the model's answer (the rules allowed it), and the verdict is
    recorded as `unavailable` — never as safe."""
    from coach_core.guard import runner

    emitted: list[str] = []
    monkeypatch.setattr(runner, "emit", lambda name, value, *a: emitted.append(name))
    user = await seed_user(db)
    moderation.script([failure])
    fake.script([Reply(ANSWER)])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        body = (await post_chat(client, user, settings, INNOCENT)).json()
    assert body["message"] == ANSWER and body["finish_reason"] == "stop"
    assert "GuardVerdict_unavailable" in emitted and "GuardVerdict_safe" not in emitted
    assert await _guard_rows(db, user) == []


async def test_given_a_crisis_answer_only_the_guard_sees_when_buffered_then_it_is_replaced(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    user = await seed_user(db)
    moderation.script([SAFE, CRISIS])  # input, then output
    fake.script([Reply(ANSWER)])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        body = (await post_chat(client, user, settings, INNOCENT)).json()
    assert body["message"] == SUPPORT_RESOURCES_MESSAGE and body["finish_reason"] == "safety"
    [row] = await _guard_rows(db, user)
    assert (row["direction"], row["action_taken"]) == ("output", "block")


async def test_given_a_crisis_answer_only_the_guard_sees_when_streaming_then_the_stream_ends_with_the_safety_message(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    """GIVEN an answer the guard judges a crisis WHEN streamed THEN its last sentence is held for
    the verdict and never sent; the support message and `done` end the stream, and the stored
    reply is exactly what was sent."""
    user = await seed_user(db)
    moderation.script([SAFE, CRISIS])
    fake.script([Reply("First, some context. " + ANSWER)])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        _, events, _ = await post_stream(client, user, settings, INNOCENT)
    sent = token_text(events)
    assert sent.startswith("First, some context.") and "yogurt" not in sent
    assert sent.endswith(SUPPORT_RESOURCES_MESSAGE) and events[-1]["type"] == "done"
    history = (await fetch_all(db, "SELECT history FROM ai_session WHERE user_id = %s", (user,)))[0]["history"]
    assert history[-1]["content"] == sent


async def test_given_the_same_message_twice_when_chatting_then_the_second_verdict_comes_from_the_cache(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    user = await seed_user(db)
    moderation.script([SAFE, SAFE])  # input and output of the first request only
    fake.script([Reply(ANSWER), Reply(ANSWER)])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings, cache=60)) as client:
        for _ in range(2):
            assert (await post_chat(client, user, settings, INNOCENT)).status_code == 200
    assert len(moderation.requests) == 2 and moderation.unexpected == 0


@pytest.fixture(scope="module")
def classifier() -> Iterator[FakeOpenAIServer]:
    """The `llm` guard's own OpenAI-compatible server, apart from the chat model's."""
    with FakeOpenAIServer() as server:
        yield server


def llm_guard(server: FakeOpenAIServer, settings: Settings) -> GuardRunner:
    return GuardRunner(LLMGuard(make_provider(server.settings(llm_max_retries=0))), timeout_seconds=1.5)


VERDICT = json.dumps({"verdict": "crisis", "categories": {"suicide_or_death_wish": 0.9}})


async def test_given_the_llm_guard_when_it_answers_crisis_then_flagged_and_its_tokens_are_counted_apart(
    db: Database, settings: Settings, fake: FakeOpenAIServer, classifier: FakeOpenAIServer
) -> None:
    """GIVEN the `llm` guard answering a crisis verdict (a cheap-tier JSON call) WHEN chatting THEN
    the message is flagged, the request's tokens are the guard's, and the day's usage keeps them
    apart from answer tokens."""
    user = await seed_user(db)
    classifier.script([Reply(VERDICT, usage=(40, 9))])
    fake.script([Reply(ANSWER)])
    async with GuardedApp(db, settings, fake, llm_guard(classifier, settings)) as client:
        body = (await post_chat(client, user, settings, INNOCENT)).json()
    assert body["message"] == SUPPORT_RESOURCES_MESSAGE and body["tokens_used"] == 49
    request = classifier.requests[0].body
    assert request["response_format"] == {"type": "json_object"} and "tools" not in request
    [usage] = await fetch_all(
        db, "SELECT input_tokens, output_tokens, guard_tokens FROM ai_usage_daily WHERE user_id = %s", (user,)
    )
    assert (usage["input_tokens"], usage["output_tokens"], usage["guard_tokens"]) == (0, 0, 49)


async def test_given_the_llm_guard_answering_nonsense_when_chatting_then_unavailable_never_safe(
    db: Database,
    settings: Settings,
    fake: FakeOpenAIServer,
    classifier: FakeOpenAIServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GIVEN the `llm` guard answering prose, then JSON with an unknown verdict WHEN chatting THEN
    both verdicts (message and answer) are `unavailable` as malformed, never `safe`; the rules'
    verdict stands (the answer, no guard row) and the guard's tokens are still counted."""
    user = await seed_user(db)
    classifier.script([Reply("I think it's probably fine?"), Reply('{"verdict": "maybe"}')])
    fake.script([Reply(ANSWER)])
    guard = llm_guard(classifier, settings)
    verdicts: list[GuardVerdict] = []
    check = guard.check

    async def recorded(*args: Any, **kwargs: Any) -> GuardVerdict:
        verdicts.append(await check(*args, **kwargs))
        return verdicts[-1]

    monkeypatch.setattr(guard, "check", recorded)
    async with GuardedApp(db, settings, fake, guard) as client:
        body = (await post_chat(client, user, settings, INNOCENT)).json()
    assert [(v.verdict, v.reason) for v in verdicts] == [("unavailable", "malformed")] * 2
    assert body["message"] == ANSWER and body["finish_reason"] == "stop"
    assert await _guard_rows(db, user) == []
    [usage] = await fetch_all(
        db, "SELECT input_tokens, output_tokens, guard_tokens FROM ai_usage_daily WHERE user_id = %s", (user,)
    )
    assert usage["guard_tokens"] > 0 and usage["output_tokens"] > 0


def test_given_a_guard_when_policy_check_runs_then_both_layers_are_reported_side_by_side(
    moderation: FakeModerationServer,
) -> None:
    """GIVEN `coach policy-check --guard moderation` WHEN a line the rules allow is a crisis to the
    guard, and a line the rules flag is safe to it THEN each output line says what the guard
    said, and the combined action is the stronger of the two layers."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    moderation.script([CRISIS, SAFE])
    lines = [
        {"id": "a", "direction": "input", "text": INNOCENT},
        {"id": "b", "direction": "input", "text": "I want to kill myself"},
    ]
    env = {**os.environ, "OPENAI_API_KEY": "test-key-not-secret", "OPENAI_BASE_URL": moderation.base_url}
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("coach")), "policy-check", "--guard", "moderation"],
        input="".join(json.dumps(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["action"] == "flag" and first["rules"] == ["guard.moderation"]
    assert first["guard"] == {"verdict": "crisis", "model": "omni-moderation-fake"}
    assert second["action"] == "flag" and second["guard"]["verdict"] == "safe"
    assert second["rules"][0].startswith("crisis.")


# --- issue 22: per-user verdict cache that an erasure can empty; a flag cancels the call at once --


async def test_given_two_users_sending_the_same_text_then_each_has_their_own_cached_verdicts_and_forget_drops_one(
    db: Database,
    settings: Settings,
    fake: FakeOpenAIServer,
    moderation: FakeModerationServer,
    redis_url: str,
    redis_prefix: str,
) -> None:
    """GIVEN the verdict cache on WHEN two users send the same message THEN each user's verdicts
    are cached apart (the second user's message goes to the guard too), under keys that hold
    neither the user id nor a plain hash of the text; GIVEN `forget_user(first)` (what the erase
    calls) THEN the first user's next message is judged afresh while the second's is cached."""
    import hashlib

    import redis.asyncio as aioredis

    first, second = await seed_user(db), await seed_user(db)
    moderation.script([SAFE] * 6)
    fake.script([Reply(ANSWER)] * 5)
    guard = moderation_guard(moderation, settings, cache=60)
    async with GuardedApp(db, settings, fake, guard) as client:
        for user in (first, second, first, second):
            assert (await post_chat(client, user, settings, INNOCENT)).status_code == 200
        assert len(moderation.requests) == 4  # input + output, once per user
        store = aioredis.from_url(redis_url)
        try:
            keys = [k.decode() async for k in store.scan_iter(match=f"{redis_prefix}guard*")]
        finally:
            await store.aclose()
        await guard.forget_user(first)
        assert (await post_chat(client, first, settings, INNOCENT)).status_code == 200
        assert len(moderation.requests) == 6  # judged afresh after the erase
    digests = {hashlib.sha256(f"{d}\x1f{t}".encode()).hexdigest() for d, t in (("input", INNOCENT), ("output", ANSWER))}
    assert len(keys) == 2
    assert not [k for k in keys if str(first) in k or str(second) in k or any(d in k for d in digests)]


async def test_given_a_slow_buffered_answer_when_the_guard_flags_the_message_then_the_call_is_cut_at_once(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    """GIVEN a guard that flags the message after 0.5 s and a model call that would take 4 s WHEN
    /chat is called THEN the support message comes back as soon as the verdict does (the model
    call is cancelled, not waited for), and the cut call is billed with its prompt's estimate."""
    import time

    user = await seed_user(db)
    moderation.script([Scores(scores=CRISIS.scores, delay=0.5)])
    fake.script([Reply(ANSWER, delay=4.0, usage=(9_999, 9_999))])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        started = time.monotonic()
        body = (await post_chat(client, user, settings, INNOCENT)).json()
        elapsed = time.monotonic() - started
    assert body["message"] == SUPPORT_RESOURCES_MESSAGE and body["finish_reason"] == "safety"
    assert chat_requests(fake) == 1 and elapsed < 2.0, elapsed
    [usage] = await fetch_all(db, "SELECT input_tokens, output_tokens FROM ai_usage_daily WHERE user_id = %s", (user,))
    assert 0 < usage["input_tokens"] < 9_999 and usage["output_tokens"] == 0


async def test_given_a_slow_first_token_when_the_guard_flags_the_streamed_message_then_the_stream_ends_at_once(
    db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: FakeModerationServer
) -> None:
    """GIVEN a guard that flags after 0.5 s and a model whose first token would take 4 s WHEN
    streaming THEN the support message and `done` arrive as soon as the verdict does."""
    import time

    user = await seed_user(db)
    moderation.script([Scores(scores=CRISIS.scores, delay=0.5)])
    fake.script([Reply(ANSWER, delay=4.0)])
    async with GuardedApp(db, settings, fake, moderation_guard(moderation, settings)) as client:
        started = time.monotonic()
        _, events, _ = await post_stream(client, user, settings, INNOCENT)
        elapsed = time.monotonic() - started
    tokens = token_text(events)
    assert tokens == SUPPORT_RESOURCES_MESSAGE and events[-1]["type"] == "done"
    assert elapsed < 2.0, elapsed
