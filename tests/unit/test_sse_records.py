"""Token events are written as pre-encoded bytes (a CPU saving per streamed delta); the wire
format must stay byte-identical to the pydantic model path:
`data: {"type":"token","data":{"content":"..."}}` followed by a blank line."""

from __future__ import annotations

import json

import pytest

from coach_core.api.sse import sse, token_record
from coach_core.schemas import STREAM_EVENT_ADAPTER, StreamTokenEvent, TokenData

CONTENTS = [
    " steadily,",
    "",
    'quotes " and backslash \\ and slash /',
    "line one\nline two\r\nthree\rfour",
    "controls \x00 \x01 \x1f \x7f \t",
    "non-ASCII é ß 日本 \u2028 \u2029 😀",
    "<script>&amp;</script>",
    "data: not a field\n\nid: 1",
]


@pytest.mark.parametrize("content", CONTENTS)
def test_given_a_delta_when_encoded_then_bytes_equal_the_model_record(content: str) -> None:
    expected = sse(StreamTokenEvent(data=TokenData(content=content))).encode()
    assert token_record(content) == expected


@pytest.mark.parametrize("content", CONTENTS)
def test_given_a_delta_when_encoded_then_it_is_one_data_line_that_parses_back(content: str) -> None:
    record = token_record(content)
    assert record.startswith(b"data: ") and record.endswith(b"\n\n")
    line = record[len(b"data: ") : -2]
    assert b"\n" not in line and b"\r" not in line
    event = STREAM_EVENT_ADAPTER.validate_python(json.loads(line))
    assert event == StreamTokenEvent(data=TokenData(content=content))
