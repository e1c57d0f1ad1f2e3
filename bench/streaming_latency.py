"""4. Streaming latency: `POST /api/v1/coach/chat/stream` through the HTTP app (uvicorn on a
loopback port), real PostgreSQL and Redis, the loopback provider fakes in a background
thread of this process.

The answer streams sentence by sentence (issue 11): a sentence leaves once it is complete and
has passed the output rules, so the earliest a token can leave is when the provider wrote the
delta that completes the first sentence (plus the next character, which confirms the end).

First token: the fake records the `perf_counter()` at which it wrote each SSE event; the
client records when it parsed the first `token` event. Both clocks are this process's
monotonic clock, so the difference to the completing delta is the time spent in the SDK, the
orchestrator, the output guard, the service, sse-starlette, uvicorn and the client, with no
scheduling noise from a second process. Zero-latency replies, both providers.

Pacing: a reply whose every SSE event is sent 20 ms after the previous one (real pacing, like a
model). Reported: the time-to-first-token the sentence gate adds (from the provider's first
delta to the first sentence's release: the price of never sending an unsafe sentence), and for
every sentence the lag from its completing delta to its arrival (one token event per sentence).

Budget: first token ≤ 10 ms after the completing delta (median; p95 reported); every paced
sentence released ≤ 10 ms after its completing delta (median), one event per sentence.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from bench._common import (
    bench_env,
    clear_redis_prefix,
    ensure_repo_on_path,
    import_demo_users,
    median,
    new_redis_prefix,
    percentile,
    result,
    serve_in_loop,
    throwaway_database,
)

FIRST_TOKEN_REQUESTS = 60
PACED_REQUESTS = 3
PACE_SECONDS = 0.020
BUDGET_FIRST_TOKEN_MS = 10.0
STREAM_PATH = "/api/v1/coach/chat/stream"
TEXT = (
    "Your weight is trending down at a steady pace of about a third of a kilo each week. "
    "That is exactly the kind of gradual change that lasts. Keep your protein where it is. "
    "Add one more walk this week."
)
SENTENCES = 4


def _completing_chunks(chunks: list[str]) -> list[int]:
    """For each sentence, the index of the chunk whose arrival confirms its end (the chunk with
    the terminator and the character after it); the last sentence ends with the stream."""
    out: list[int] = []
    for i, chunk in enumerate(chunks):
        if chunk.rstrip().endswith((".", "!", "?")) and chunk != chunk.rstrip():
            out.append(i)
    if len(out) < SENTENCES:
        out.append(len(chunks))  # the finish event: the tail is released at the end
    return out


def _first_delta_index(provider: str) -> int:
    """Index of the first text delta among the fake's SSE events for a text-only reply:
    OpenAI sends a role chunk first; Anthropic sends message_start and content_block_start."""
    return 1 if provider == "openai" else 2


async def _stream_once(http: Any, body: dict[str, Any]) -> tuple[list[float], list[str], str | None]:
    """POST one stream; (receive times of token events, their texts, terminal event type)."""
    times: list[float] = []
    texts: list[str] = []
    terminal = None
    async with http.stream("POST", STREAM_PATH, json=body) as response:
        if response.status_code != 200:
            raise RuntimeError(f"POST /chat/stream answered {response.status_code}")
        async for line in response.aiter_lines():
            if not line.startswith("data:"):
                continue
            now = time.perf_counter()
            event = json.loads(line[5:].strip())
            if event["type"] == "token":
                times.append(now)
                texts.append(event["data"]["content"])
            elif event["type"] in ("done", "error"):
                terminal = event["type"]
    return times, texts, terminal


async def _provider_case(provider: str, database_url: str, prefix: str, user_token: str) -> dict[str, Any]:
    import httpx

    from coach_core.api import create_app
    from coach_core.db.connection import get_database
    from coach_core.service import build_service
    from tests.fakes import FakeAnthropicServer, FakeOpenAIServer, Reply

    fake_cls = FakeOpenAIServer if provider == "openai" else FakeAnthropicServer
    key_var = "OPENAI_API_KEY" if provider == "openai" else "ANTHROPIC_API_KEY"
    url_var = "OPENAI_BASE_URL" if provider == "openai" else "ANTHROPIC_BASE_URL"
    with (
        fake_cls() as fake,
        bench_env(
            database_url,
            prefix,
            LLM_PROVIDER=provider,
            **{key_var: "test-key-not-secret", url_var: fake.base_url},
            LLM_MAX_RETRIES="0",
            LLM_TIMEOUT_SECONDS="30",
        ),
    ):
        service = build_service()
        app = create_app(service=service)
        headers = {"Authorization": f"Bearer {user_token}"}
        body = {"message": "How is my weight trending?", "session_id": None}
        first_delta = _first_delta_index(provider)
        async with serve_in_loop(app) as base, httpx.AsyncClient(base_url=base, headers=headers, timeout=60) as http:
            fake.script([Reply(TEXT)] * 5)
            for _ in range(5):  # warm-up: pool, provider client, code paths
                await _stream_once(http, body)

            first_token_ms: list[float] = []
            terminals: list[str | None] = []
            completing = _completing_chunks(Reply(TEXT).text_chunks())
            for _ in range(FIRST_TOKEN_REQUESTS):
                fake.script([Reply(TEXT)])
                times, _, terminal = await _stream_once(http, body)
                terminals.append(terminal)
                sent = fake.requests[-1].event_times[first_delta + completing[0]]
                first_token_ms.append((times[0] - sent) * 1000)

            paced: list[dict[str, Any]] = []
            for _ in range(PACED_REQUESTS):
                reply = Reply(TEXT, chunk_delay=PACE_SECONDS)
                fake.script([reply])
                times, texts, terminal = await _stream_once(http, body)
                terminals.append(terminal)
                event_times = fake.requests[-1].event_times
                release_lags = [
                    (t - event_times[first_delta + c]) * 1000 for t, c in zip(times, completing, strict=False)
                ]
                paced.append(
                    {
                        "deltas_sent": len(reply.text_chunks()),
                        "token_events_received": len(texts),
                        "one_event_per_sentence": len(texts) == SENTENCES and "".join(texts) == TEXT,
                        "gate_added_first_token_ms": round((times[0] - event_times[first_delta]) * 1000, 1),
                        "release_lag_median_ms": round(median(release_lags), 2),
                        "release_lag_max_ms": round(max(release_lags), 2),
                    }
                )
        unexpected = fake.unexpected
        await service.aclose()
        await get_database().close()
    return {
        "provider": provider,
        "first_token_median_ms": round(median(first_token_ms), 3),
        "first_token_p95_ms": round(percentile(first_token_ms, 95), 3),
        "first_token_max_ms": round(max(first_token_ms), 3),
        "first_token_requests": FIRST_TOKEN_REQUESTS,
        "paced": paced,
        "all_streams_done": all(t == "done" for t in terminals),
        "fake_unexpected": unexpected,
    }


async def _main(database_url: str, prefix: str) -> list[dict[str, Any]]:
    from coach_core.api.auth import mint_local_token

    users = await import_demo_users(database_url)
    token = mint_local_token(str(users["Alex"]))
    return [await _provider_case(p, database_url, prefix, token) for p in ("openai", "anthropic")]


def run() -> dict[str, Any]:
    ensure_repo_on_path()
    prefix = new_redis_prefix("stream")
    try:
        with throwaway_database("stream") as url:
            cases = asyncio.run(_main(url, prefix))
    finally:
        clear_redis_prefix(prefix)
    worst_first = max(c["first_token_median_ms"] for c in cases)
    worst_p95 = max(c["first_token_p95_ms"] for c in cases)
    lags = [p["release_lag_median_ms"] for c in cases for p in c["paced"]]
    gate = [p["gate_added_first_token_ms"] for c in cases for p in c["paced"]]
    pace_ok = all(lag <= BUDGET_FIRST_TOKEN_MS for lag in lags)
    unbatched = all(p["one_event_per_sentence"] for c in cases for p in c["paced"])
    passed = (
        worst_first <= BUDGET_FIRST_TOKEN_MS
        and pace_ok
        and unbatched
        and all(c["all_streams_done"] and c["fake_unexpected"] == 0 for c in cases)
    )
    figure = (
        f"first sentence +{worst_first:.2f} ms after its completing delta (p95 {worst_p95:.2f}); at 20 ms/token "
        f"the sentence gate adds {min(gate):.0f}–{max(gate):.0f} ms to the first token; sentences released "
        f"{min(lags):.1f}–{max(lags):.1f} ms after completion; {'1 event per sentence' if unbatched else 'WRONG'}"
    )
    return result(
        "4. Streaming latency",
        figure=figure,
        budget="≤ 10 ms after the completing delta; one event per sentence",
        passed=passed,
        figures={"cases": cases},
    )
