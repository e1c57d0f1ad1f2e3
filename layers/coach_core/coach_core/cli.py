"""The `coach` console script. Each command imports only what it needs."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any


def _migrate(_: argparse.Namespace) -> int:
    from coach_core.db.migrate import migrate
    from coach_core.settings import get_settings
    from coach_core.text import plural

    applied = asyncio.run(migrate(get_settings().database_url))
    print(f"applied {plural(len(applied), 'migration')}: {', '.join(applied)}" if applied else "database is up to date")
    return 0


def _import_user(args: argparse.Namespace) -> int:
    from coach_core.service.importer import import_user_file

    user_id = asyncio.run(import_user_file(args.file))
    print(f"imported user {user_id}")
    return 0


def _seed_demo(_: argparse.Namespace) -> int:
    from coach_core.demo import seed_demo

    asyncio.run(seed_demo(sys.stdout))
    return 0


def _tool(args: argparse.Namespace) -> int:
    from coach_core.tools.cli import run_tool_command

    print(asyncio.run(run_tool_command(args.name, args.user, args.args)))
    return 0


def _policy_check(args: argparse.Namespace) -> int:
    from coach_core.policies.evaluate import run_policy_check
    from coach_core.text import plural

    failed = 0
    try:
        if args.guard is None:
            failed = run_policy_check(sys.stdin, sys.stdout, errors=sys.stderr)
        else:
            from coach_core.service.policy_check import guard_check

            with guard_check(args.guard) as check:
                failed = run_policy_check(sys.stdin, sys.stdout, guard=check, errors=sys.stderr)
    except BrokenPipeError:
        # The reader stopped early (`| head`): not our error. Point stdout at /dev/null so the
        # interpreter's final flush does not raise again (the Python docs' recipe).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    if failed:
        print(
            f"coach policy-check: {plural(failed, 'line')} could not be read (each named above; "
            "its output line is an error object)",
            file=sys.stderr,
        )
    return 1 if failed else 0


def _token(args: argparse.Namespace) -> int:
    from pathlib import Path

    from coach_core.api.auth import mint_local_token
    from coach_core.settings import get_settings

    # JWT_SECRET from the environment (or .env), else the one `make run` generated for this checkout.
    settings = get_settings().with_checkout_jwt_secret(Path.cwd())
    print(mint_local_token(args.user, hours=args.hours, settings=settings))
    return 0


def _expire_sessions(_: argparse.Namespace) -> int:
    from coach_core.service.expiry import expire_idle_sessions_now
    from coach_core.service.retention import purge_now
    from coach_core.text import plural

    async def run() -> tuple[int, int, int]:
        from coach_core.db.connection import create_database
        from coach_core.settings import get_settings

        db = create_database(get_settings())
        try:
            count = await expire_idle_sessions_now(db=db)
            purged = await purge_now(db=db)
        finally:
            await db.close()
        return count, purged.histories, purged.excerpts

    count, histories, excerpts = asyncio.run(run())
    print(
        f"expired {plural(count, 'idle session')}; purged the history of {plural(histories, 'old expired session')} "
        f"and {plural(excerpts, 'old violation excerpt')}"
    )
    return 0


def _serve(args: argparse.Namespace) -> int:
    from coach_core.server import serve

    serve(host=args.host, port=args.port, workers=args.workers)
    return 0


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


DISTRIBUTION = "coach-ai"
TOOL_NAMES = (
    "get_user_profile",
    "get_recent_checkins",
    "get_weight_trend",
    "get_nutrition_summary",
    "calculate_tdee",
    "get_adherence_metrics",
)
"""For `coach tool --help` (tests/unit/test_cli_help.py keeps it equal to the registry's)."""


def version_text() -> str:
    """The installed coach-ai distribution's version (package metadata, not a copy in code)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"coach {version(DISTRIBUTION)}"
    except PackageNotFoundError:
        return f"coach (version unknown: the {DISTRIBUTION} package is not installed)"


class _VersionAction(argparse.Action):
    """`--version`: reads the metadata only when asked, then exits 0."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object, **__: object) -> None:
        print(version_text())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="coach", description="Coach AI command line")
    parser.add_argument("--version", action=_VersionAction, help="print the installed coach-ai version and exit")
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, func: Callable[[argparse.Namespace], int], help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        p.set_defaults(func=func)
        return p

    serve = add("serve", _serve, "serve the full API on localhost (OpenAPI at /docs)")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for every interface)",
    )
    serve.add_argument("--port", type=int, default=8000, help="TCP port to listen on (default 8000)")
    serve.add_argument(
        "--workers",
        type=_positive_int,
        default=1,
        help="worker processes (default 1; use the number of cores to serve concurrent load)",
    )
    add("migrate", _migrate, "apply database migrations (idempotent)")
    imp = add("import-user", _import_user, "import one user's data from a JSON file (idempotent)")
    imp.add_argument(
        "file", help="the user's JSON file (required; format in docs/DOMAIN.md); a bad file writes nothing"
    )
    add("seed-demo", _seed_demo, "create the demo users; print their ids and local tokens")
    tool = add("tool", _tool, "run a tool through the registry and print what the model sees")
    tool.add_argument("name", help=f"the tool to run (required): {', '.join(TOOL_NAMES)}")
    tool.add_argument("--user", required=True, help="the user's id, a UUID (required)")
    tool.add_argument(
        "--args",
        default="{}",
        help=(
            """the tool's arguments as a JSON object, e.g. '{"days": 30}' """
            "(default {}: the tool's defaults)"
        ),
    )
    check = add(
        "policy-check",
        _policy_check,
        "JSON lines in, JSON lines out: run the safety policies (exit 1, naming each line on stderr, "
        "when a line cannot be read)",
    )
    check.add_argument(
        "--guard",
        choices=("moderation", "llm"),
        default=None,
        help=(
            "also run the model-based guard (needs a provider key) and combine the two layers "
            "(default: none, the rules and the learned crisis model only)"
        ),
    )
    token = add(
        "token", _token, "mint a local JWT for a user, signed with JWT_SECRET or else this checkout's .coach/jwt_secret"
    )
    token.add_argument("--user", required=True, help="the user's id, a UUID: the token's `sub` (required)")
    token.add_argument(
        "--hours",
        type=float,
        default=None,
        help="lifetime in hours (default 24; at most JWT_MAX_LIFETIME_HOURS, 720 by default)",
    )
    add(
        "expire-sessions",
        _expire_sessions,
        "mark idle sessions EXPIRED and purge health data past its retention (the scheduled job, by hand)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from coach_core.errors import CoachError
    from coach_core.settings import SettingsError

    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (CoachError, SettingsError) as exc:
        print(f"coach {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
