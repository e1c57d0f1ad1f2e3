"""The OpenAPI document (`/openapi.json`) says what the wire carries: every free-text request
field shares one constrained string type (no NUL), every timestamp is a `date-time`, and
`/chat/stream` describes one event (an object whose `data` is the JSON of a `type`-discriminated
event, generated from the pydantic SSE models), its errors as the JSON they are. The fuzz tier
(tests/fuzz) checks real responses against this document."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from coach_core.api import create_app
from coach_core.records import STORABLE_TEXT_PATTERN
from coach_core.schemas import STREAM_EVENT_ADAPTER, StreamRecord
from tests.api_support import STREAM
from tests.integration.test_api_validation import TEXT_FIELDS

EVENT_TYPES = {"token", "tool_start", "tool_end", "done", "error"}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return create_app().openapi()


def _resolve(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    return document["components"]["schemas"][ref.rsplit("/", 1)[-1]] if ref else schema


def _strings(
    document: dict[str, Any], schema: dict[str, Any], path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """Every string-typed leaf under `schema`, with its location as the 422 would name it."""
    schema = _resolve(document, schema)
    for option in schema.get("anyOf", []):
        yield from _strings(document, option, path)
    if schema.get("type") == "string":
        yield path, schema
    for name, child in schema.get("properties", {}).items():
        yield from _strings(document, child, (*path, name))
    if "items" in schema:
        yield from _strings(document, schema["items"], (*path, 0))


def test_given_every_request_body_when_its_text_fields_are_listed_then_each_has_the_shared_storable_type(
    document: dict[str, Any],
) -> None:
    """GIVEN the document's request bodies WHEN every free-text string is listed (enums, dates and
    UUIDs are not free text) THEN each carries the one shared pattern (no NUL), and each is one of
    the fields the HTTP test sends a NUL and a lone surrogate to."""
    free_text = set()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            if body is None:
                continue
            for loc, schema in _strings(document, body, ("body",)):
                if "enum" in schema or "const" in schema or "format" in schema:
                    continue
                assert schema.get("pattern") == STORABLE_TEXT_PATTERN, (method, path, loc)
                free_text.add((method.upper(), path, loc))
    tested = {(m, p, tuple(0 if isinstance(part, int) else part for part in loc)) for m, p, _, loc in TEXT_FIELDS}
    assert free_text == tested


def test_given_the_stream_route_when_described_then_one_event_is_an_object_whose_data_is_a_discriminated_event(
    document: dict[str, Any],
) -> None:
    """GIVEN `/chat/stream` WHEN the document describes its 200 THEN `text/event-stream`'s schema
    (read per event on OpenAPI 3.1) is `StreamRecord`'s: `data` is `application/json` whose
    `contentSchema` is pydantic's `StreamEvent` union, discriminated by `type` over the five
    event types, with every referenced model in the components."""
    assert document["openapi"].startswith("3.1")
    responses = document["paths"][STREAM]["post"]["responses"]
    record = responses["200"]["content"]["text/event-stream"]["schema"]
    generated_record = StreamRecord.model_json_schema(ref_template="#/components/schemas/{model}")
    definitions = generated_record.pop("$defs")
    assert record == generated_record
    assert all(document["components"]["schemas"][name] == schema for name, schema in definitions.items())
    data = record["properties"]["data"]
    assert (data["type"], data["contentMediaType"], record["required"]) == ("string", "application/json", ["data"])
    event = data["contentSchema"]
    generated = STREAM_EVENT_ADAPTER.json_schema(ref_template="#/components/schemas/{model}")
    generated.pop("$defs")
    assert event == generated
    assert event["discriminator"]["propertyName"] == "type" and set(event["discriminator"]["mapping"]) == EVENT_TYPES
    for kind, ref in event["discriminator"]["mapping"].items():
        model = _resolve(document, {"$ref": ref})
        assert model["properties"]["type"]["const"] == kind
        assert set(model["required"]) == {"type", "data"} and model["additionalProperties"] is False
    done = _resolve(
        document, _resolve(document, {"$ref": event["discriminator"]["mapping"]["done"]})["properties"]["data"]
    )
    assert set(done["required"]) == set(done["properties"])  # always sent, `provider` included


def test_given_the_stream_route_when_its_errors_are_described_then_json_except_the_rate_limits_event(
    document: dict[str, Any],
) -> None:
    responses = document["paths"][STREAM]["post"]["responses"]
    for status, response in responses.items():
        expected = {"text/event-stream"} if status in ("200", "429") else {"application/json"}
        assert set(response["content"]) == expected, status
    assert responses["429"]["content"] == responses["200"]["content"]
    assert responses["422"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ValidationErrorResponse"
    }


def test_given_every_timestamp_a_response_carries_when_described_then_it_is_a_date_time(
    document: dict[str, Any],
) -> None:
    """The format the fuzz tier holds real timestamps to (an offset is required)."""
    session = document["components"]["schemas"]["SessionView"]["properties"]
    assert session["created_at"]["format"] == session["last_activity_at"]["format"] == "date-time"
