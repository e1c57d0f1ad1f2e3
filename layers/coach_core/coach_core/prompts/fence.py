"""Text a user controls, written into a prompt as data: one line of JSON that can neither break
the line nor close a fence (`<`, `>` and every Unicode line break are escaped)."""

from __future__ import annotations

import json

_ESCAPES = str.maketrans(
    {
        "<": "\\u003c",
        ">": "\\u003e",
        "&": "\\u0026",
        "\u0085": "\\u0085",
        "\u2028": "\\u2028",
        "\u2029": "\\u2029",
    }
)
"""What `json.dumps` leaves as is but a prompt must not: markup that could close a tag fence,
and the line breaks beyond the control characters JSON already escapes."""


def json_line(value: object) -> str:
    """`value` as compact JSON on one line (non-ASCII letters kept readable)."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": ")).translate(_ESCAPES)
