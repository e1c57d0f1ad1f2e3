"""`coach tool NAME --user UUID [--args JSON]`: run one tool through the registry, exactly
as a chat would (validated, cached, logged), and return the JSON text the model receives."""

from __future__ import annotations

import json
import uuid

from coach_core.errors import CoachError, InvalidInputError, UserNotFoundError


def parse_user_id(user: str) -> uuid.UUID:
    try:
        return uuid.UUID(user.strip())
    except ValueError:
        raise InvalidInputError(f"--user: {user!r} is not a valid UUID") from None


def parse_args_json(args_json: str) -> dict[str, object]:
    try:
        value = json.loads(args_json or "{}")
    except ValueError as exc:
        raise InvalidInputError(f"--args: not valid JSON ({exc})") from None
    if not isinstance(value, dict):
        raise InvalidInputError(f"--args: must be a JSON object such as '{{\"days\": 30}}', got {args_json!r}")
    return value


async def run_tool_command(name: str, user: str, args_json: str) -> str:
    """The tool's output content, byte for byte what the model would receive.

    Bad input (UUID, JSON, tool name, unknown user) raises InvalidInputError or
    UserNotFoundError before anything runs; a tool-level error (bad arguments, a failing
    tool) is logged like any call and then raised with the content the model would get."""
    from coach_core.db.connection import create_database
    from coach_core.repositories import users
    from coach_core.settings import get_settings
    from coach_core.tools import build_cache, default_tools
    from coach_core.tools.registry import ToolRegistry

    user_id = parse_user_id(user)
    arguments = parse_args_json(args_json)
    tools = default_tools()
    known = sorted(t.name for t in tools)
    if name not in known:
        raise InvalidInputError(f"unknown tool {name!r}; available: {', '.join(known)}")

    settings = get_settings()
    db = create_database(settings)
    cache = build_cache(settings)
    try:
        async with db.connection() as conn:
            version = await users.get_data_version(conn, user_id)
        if version is None:
            raise UserNotFoundError(f"no user with id {user_id}; import one with `coach import-user`")
        # Keyed like a request's calls, so a cached result of older data (or of an erased account) never answers.
        bound = ToolRegistry(tools, db=db, cache=cache).bind(user_id, data_version=version)
        execution = await bound.execute(name, arguments)
        await bound.flush_logs()
    finally:
        await cache.close()
        await db.close()
    if execution.is_error:
        invalid = execution.error is not None and execution.error.type == "invalid_arguments"
        error_class = InvalidInputError if invalid else CoachError
        raise error_class(f"{name} returned an error; the model would receive: {execution.content}")
    return execution.content
