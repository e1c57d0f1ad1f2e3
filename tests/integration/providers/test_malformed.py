"""ONE table of nonsense answers (`tests.fakes.MALFORMED_CASES`), served by each loopback fake in
its own dialect to the real SDK, read by its provider both buffered (`complete`) and streamed
(`stream`). GIVEN any case WHEN read THEN a `ProviderResponseError`: the project's own error
(never a `TypeError` or `AttributeError` from an unchecked field), retryable so the fallback
provider takes the round, its detail naming the provider and the fault but no body."""

from __future__ import annotations

import pytest

from coach_core.errors import ProviderError, ProviderResponseError
from coach_core.providers.base import LLMProvider, Message, StreamChunk, ToolDefinition
from tests.fakes import MALFORMED_CASES, FakeLLMServer, Malformed, MalformedCase

TOOLS = [ToolDefinition("echo_days", "Echo days.", {"type": "object", "properties": {"days": {"type": "integer"}}})]
DETAIL = r"malformed response|unexpected|without a"
"""What the detail says: a field missing, mistyped or not JSON; a type or reason this code does
not know; a stream that ended without its finish."""


async def _read(provider: LLMProvider, mode: str) -> list[StreamChunk] | object:
    kwargs = {"system": "s", "messages": [Message.user("hi")], "tools": TOOLS, "model_tier": "free"}
    if mode == "complete":
        return await provider.complete(**kwargs)  # type: ignore[arg-type]
    return [chunk async for chunk in provider.stream(**kwargs)]  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["complete", "stream"])
@pytest.mark.parametrize("case", MALFORMED_CASES)
async def test_given_a_malformed_answer_when_read_then_a_retryable_provider_response_error(
    fake: FakeLLMServer, provider: LLMProvider, case: MalformedCase, mode: str
) -> None:
    fake.script([Malformed(case)])
    with pytest.raises(ProviderError, match=DETAIL) as caught:
        await _read(provider, mode)
    assert type(caught.value) is ProviderResponseError and caught.value.retryable
    assert caught.value.status_code == 502
    assert caught.value.detail.startswith(f"{fake.provider}: ")
    assert "Sure." not in caught.value.detail and "echo_days" not in caught.value.detail
    assert len(fake.requests) == 1 and fake.unexpected == 0  # nonsense is not retried against the same provider
