"""10. What the model-based safety guard costs a streamed answer.

`/chat/stream` through the HTTP app (uvicorn on loopback), real PostgreSQL and Redis, the OpenAI
loopback fake (zero latency) for the answer, and a paced fake guard in the service: it answers
`safe` after 150 ms (about a real moderation call), or after 10 ms (a fast or cached one). The
three set-ups alternate request by request, so noise lands on all alike:

- none: no guard (rules only);
- guard 10 ms: faster than the look-ups it runs beside;
- guard 150 ms: slower than the look-ups.

Per request: when the provider call started (the fake's receive time) and when the first token
arrived, both from the moment the request was sent. The happy-path claim: the guard delays the
first provider call by at most the look-ups' own time (it runs beside them, then may hold the
call for as long again); the first token waits for the verdict (so a slow guard's verdict time
bounds it from below: no token leaves before the guard has spoken).

Budget: provider-start delay added by the 150 ms guard ≤ the look-up time without a guard.
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
    result,
    serve_in_loop,
    throwaway_database,
)

REQUESTS = 30
WARMUP = 5
STREAM_PATH = "/api/v1/coach/chat/stream"
TEXT = "Your weight is trending down steadily. Keep going this week."


class PacedGuard:
    """A guard that answers `safe` after `delay` seconds (a stand-in for a moderation call)."""

    name = "paced"

    def __init__(self, delay: float) -> None:
        self.delay = delay

    async def classify(self, text: str, direction: str) -> Any:
        from coach_core.guard import GuardVerdict

        await asyncio.sleep(self.delay)
        return GuardVerdict("safe", self.name, "paced-fake")

    def cut_tokens(self, text: str, direction: str) -> int:
        return 0

    async def aclose(self) -> None:
        return None


async def _once(http: Any, fake: Any, body: dict[str, Any]) -> tuple[float, float]:
    from tests.fakes import Reply

    fake.script([Reply(TEXT)])
    sent = time.perf_counter()
    first_token = None
    async with http.stream("POST", STREAM_PATH, json=body) as response:
        if response.status_code != 200:
            raise RuntimeError(f"POST /chat/stream answered {response.status_code}")
        async for line in response.aiter_lines():
            if line.startswith("data:") and first_token is None and json.loads(line[5:])["type"] == "token":
                first_token = time.perf_counter()
    if first_token is None:
        raise RuntimeError("no token arrived")
    provider_start = fake.requests[-1].received_at
    return (provider_start - sent) * 1000, (first_token - sent) * 1000


async def _main(database_url: str, prefix: str) -> dict[str, Any]:
    import httpx

    from coach_core.api import create_app
    from coach_core.api.auth import mint_local_token
    from coach_core.db.connection import get_database
    from coach_core.guard import GuardRunner
    from coach_core.service import CoachService, build_service
    from coach_core.tools import build_registry
    from tests.fakes import FakeOpenAIServer

    alex = (await import_demo_users(database_url))["Alex"]
    setups: dict[str, float | None] = {"none": None, "guard_10ms": 0.010, "guard_150ms": 0.150}
    samples: dict[str, dict[str, list[float]]] = {k: {"provider_start": [], "first_token": []} for k in setups}
    with (
        FakeOpenAIServer() as fake,
        bench_env(
            database_url,
            prefix,
            LLM_PROVIDER="openai",
            OPENAI_API_KEY="test-key-not-secret",
            OPENAI_BASE_URL=fake.base_url,
            LLM_MAX_RETRIES="0",
        ),
    ):
        headers = {"Authorization": f"Bearer {mint_local_token(str(alex))}"}
        body = {"message": "How is my weight trending?", "session_id": None}
        base = build_service()  # SAFETY_GUARD=none: the same service with a paced guard beside it
        services = {
            name: base
            if delay is None
            else CoachService(
                db=base.db,
                registry=build_registry(base.settings, base.db),
                settings=base.settings,
                guard=GuardRunner(PacedGuard(delay), timeout_seconds=1.5),
            )
            for name, delay in setups.items()
        }
        servers = {name: serve_in_loop(create_app(service=svc)) for name, svc in services.items()}
        bases = {name: await cm.__aenter__() for name, cm in servers.items()}
        clients = {name: httpx.AsyncClient(base_url=base, headers=headers, timeout=60) for name, base in bases.items()}
        try:
            for i in range(REQUESTS + WARMUP):
                for name in setups:
                    start, first = await _once(clients[name], fake, body)
                    if i >= WARMUP:
                        samples[name]["provider_start"].append(start)
                        samples[name]["first_token"].append(first)
        finally:
            for client in clients.values():
                await client.aclose()
            for cm in servers.values():
                await cm.__aexit__(None, None, None)
            for svc in services.values():
                await svc.aclose()
            await get_database().close()
    return {name: {k: round(median(v), 1) for k, v in s.items()} for name, s in samples.items()}


def run() -> dict[str, Any]:
    ensure_repo_on_path()
    prefix = new_redis_prefix("guard")
    try:
        with throwaway_database("guard") as url:
            figures = asyncio.run(_main(url, prefix))
    finally:
        clear_redis_prefix(prefix)
    lookups = figures["none"]["provider_start"]
    added = figures["guard_150ms"]["provider_start"] - lookups
    return result(
        "guard_latency",
        figure=(
            f"150 ms guard: provider call +{added:.1f} ms (look-ups take {lookups:.1f} ms), first token "
            f"{figures['guard_150ms']['first_token']:.0f} ms vs {figures['none']['first_token']:.0f} ms; "
            f"10 ms guard: first token {figures['guard_10ms']['first_token']:.0f} ms"
        ),
        budget="provider-call delay ≤ look-up time",
        passed=added <= lookups,
        figures=figures,
    )


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
