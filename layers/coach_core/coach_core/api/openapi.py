"""The OpenAPI document: FastAPI's, plus what it cannot derive by itself for `/chat/stream`.

FastAPI describes a `text/event-stream` response as a plain string, and documents the
route's JSON error responses under the route's media type. Here the 200 describes one event,
generated from the pydantic SSE models (`StreamRecord`: an object whose `data` is the JSON of
a `type`-discriminated `StreamEvent`), as `itemSchema` on OpenAPI 3.2 and as the media type's
`schema` (read per event) on 3.1, which FastAPI emits; a 429 is one such event too; every
other error is JSON, as it is on the wire.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from coach_core.schemas import StreamRecord

REF_TEMPLATE = "#/components/schemas/{model}"
SSE = "text/event-stream"
JSON = "application/json"
STREAMED_ERRORS = frozenset({"429"})
"""Error statuses whose body on `/chat/stream` is an event (the rate limit), not JSON."""


class OpenAPIComponentConflictError(RuntimeError):
    """Two different schemas would share one component name (a build-time bug, not a request's)."""


def _add_components(document: dict[str, Any], definitions: dict[str, Any]) -> None:
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for name, schema in definitions.items():
        if schemas.setdefault(name, schema) != schema:
            raise OpenAPIComponentConflictError(f"OpenAPI component {name!r} would be defined twice, differently")


def describe_event_stream(document: dict[str, Any], path: str) -> None:
    """Describe `path`'s POST responses in `document` (in place), as the module docstring says."""
    record = StreamRecord.model_json_schema(ref_template=REF_TEMPLATE)
    _add_components(document, record.pop("$defs", {}))
    keyword = "itemSchema" if str(document.get("openapi", "")).startswith("3.2") else "schema"
    for status, response in document["paths"][path]["post"]["responses"].items():
        content = response.get("content", {})
        schema = content.pop(SSE, {}).get("schema")
        if status == "200" or status in STREAMED_ERRORS:
            response["content"] = {SSE: {keyword: record}}
        elif schema is not None:
            response["content"] = {JSON: {"schema": schema}, **content}


def install_openapi(app: FastAPI, stream_path: str) -> None:
    """Make `app.openapi()` (what `/openapi.json` and `/docs` serve) describe the event stream."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            describe_event_stream(generate(), stream_path)
        return app.openapi_schema  # type: ignore[return-value]

    app.openapi = openapi  # type: ignore[method-assign]
