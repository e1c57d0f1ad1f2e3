"""GIVEN Powertools' Tracer (with a recording provider in place of X-Ray) around a Lambda handler
THEN the trace carries neither the handler's response nor an exception's text: no response or
error metadata, and an exception never passes through the handler's subsegment (X-Ray's would
record its message); the caller still gets the response and the very exception."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from aws_lambda_powertools import Tracer
from aws_lambda_powertools.tracing.base import BaseProvider, BaseSegment

from coach_core.observability import LazyTracer

SECRET = "jane.doe@example.com weighs 82.4 kg"


class RecordingSegment(BaseSegment):
    def __init__(self) -> None:
        self.metadata: list[tuple[str, Any]] = []
        self.annotations: dict[str, Any] = {}
        self.exceptions: list[BaseException] = []

    def close(self, end_time: int | None = None) -> None: ...
    def add_subsegment(self, subsegment: Any) -> None: ...
    def remove_subsegment(self, subsegment: Any) -> None: ...

    def put_annotation(self, key: str, value: Any) -> None:
        self.annotations[key] = value

    def put_metadata(self, key: str, value: Any, namespace: str = "default") -> None:
        self.metadata.append((key, value))

    def add_exception(self, exception: BaseException, stack: Any, remote: bool = False) -> None:
        self.exceptions.append(exception)


class RecordingProvider(BaseProvider):
    """Like X-Ray's: an exception leaving `in_subsegment` is recorded on the subsegment."""

    def __init__(self) -> None:
        self.segments: list[RecordingSegment] = []

    @contextlib.contextmanager
    def in_subsegment(self, name: str | None = None, **kwargs: Any) -> Iterator[RecordingSegment]:
        segment = RecordingSegment()
        self.segments.append(segment)
        try:
            yield segment
        except Exception as exc:
            segment.add_exception(exc, [])
            raise

    @contextlib.asynccontextmanager
    async def in_subsegment_async(self, name: str | None = None, **kwargs: Any) -> Any:
        yield RecordingSegment()

    def put_annotation(self, key: str, value: Any) -> None:
        self.segments[-1].put_annotation(key, value)

    def put_metadata(self, key: str, value: Any, namespace: str = "default") -> None:
        self.segments[-1].put_metadata(key, value, namespace)

    def patch(self, modules: Any) -> None: ...
    def patch_all(self) -> None: ...


@pytest.fixture
def traced() -> Iterator[tuple[LazyTracer, RecordingProvider]]:
    provider = RecordingProvider()
    lazy = LazyTracer()
    lazy._tracer = Tracer(service="coach-test", provider=provider, disabled=False, auto_patch=False)
    yield lazy, provider
    Tracer._reset_config()  # Tracer's configuration is shared by every instance


@pytest.mark.parametrize("env", [None, "true"])
def test_given_a_handler_response_when_traced_then_the_trace_does_not_carry_it(
    traced: tuple[LazyTracer, RecordingProvider], monkeypatch: pytest.MonkeyPatch, env: str | None
) -> None:
    """Even with POWERTOOLS_TRACER_CAPTURE_RESPONSE left on (the decorator's flag wins)."""
    if env is not None:
        monkeypatch.setenv("POWERTOOLS_TRACER_CAPTURE_RESPONSE", env)
    lazy, provider = traced

    @lazy.capture_lambda_handler
    def handler(event: Any, context: Any) -> dict[str, Any]:
        return {"statusCode": 200, "body": SECRET}

    assert handler({}, None) == {"statusCode": 200, "body": SECRET}
    (segment,) = provider.segments
    assert segment.metadata == [] and segment.exceptions == []
    assert SECRET not in repr(segment.annotations)


def test_given_a_handler_that_raises_when_traced_then_no_exception_text_reaches_the_trace(
    traced: tuple[LazyTracer, RecordingProvider], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POWERTOOLS_TRACER_CAPTURE_ERROR", "true")
    lazy, provider = traced
    error = ValueError(SECRET)

    @lazy.capture_lambda_handler
    def handler(event: Any, context: Any) -> dict[str, Any]:
        raise error

    with pytest.raises(ValueError) as info:
        handler({}, None)
    assert info.value is error
    (segment,) = provider.segments
    assert segment.metadata == [] and segment.exceptions == []
    assert segment.annotations["HandlerError"] == "ValueError"
    assert SECRET not in repr(segment.annotations)
