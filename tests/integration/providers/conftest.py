"""Provider and orchestrator tests run once per wire protocol: `fake` is each loopback fake in
turn (OpenAI, Anthropic), and `provider` the real SDK aimed at it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from coach_core.providers.base import LLMProvider
from coach_core.service import make_provider
from tests.fakes import FakeAnthropicServer, FakeLLMServer, FakeOpenAIServer

FAKES: dict[str, type[FakeLLMServer]] = {"openai": FakeOpenAIServer, "anthropic": FakeAnthropicServer}


@pytest.fixture(scope="module", params=sorted(FAKES))
def fake(request: pytest.FixtureRequest) -> Iterator[FakeLLMServer]:
    with FAKES[request.param]() as server:
        yield server


@pytest.fixture
async def provider(fake: FakeLLMServer) -> AsyncIterator[LLMProvider]:
    built = make_provider(fake.settings())
    yield built
    await built.aclose()
