"""The `coach` console script. Each command imports only what it needs."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable, Sequence


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

    try:
        if args.guard is None:
            run_policy_check(sys.stdin, sys.stdout)
        else:
            from coach_core.service.policy_check import guard_check

            with guard_check(args.guard) as check:
                run_policy_check(sys.stdin, sys.stdout, guard=check)
    except BrokenPipeError:
        # The reader stopped early (`| head`): not our error. Point stdout at /dev/null so the
        # interpreter's final flush does not raise again (the Python docs' recipe).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


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
    print(f"expired {plural(count, 'idle session')}; purged the history of {plural(histories, 'old expired session')} "
          f"and {plural(excerpts, 'old violation excerpt')}")
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="coach", description="Coach AI command line")
    sub = parser.add_subparsers(dest="command", required=True)

    def add(name: str, func: Callable[[argparse.Namespace], int], help_: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_)
        p.set_defaults(func=func)
        return p

    serve = add("serve", _serve, "serve the full API on localhost (OpenAPI at /docs)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=_positive_int, default=1,
                       help="worker processes (default 1; use the number of cores to serve concurrent load)")
    add("migrate", _migrate, "apply database migrations (idempotent)")
    imp = add("import-user", _import_user, "import one user's data from a JSON file (idempotent)")
    imp.add_argument("file")
    add("seed-demo", _seed_demo, "create the demo users; print their ids and local tokens")
    tool = add("tool", _tool, "run a tool through the registry and print what the model sees")
    tool.add_argument("name")
    tool.add_argument("--user", required=True, help="user id (UUID)")
    tool.add_argument("--args", default="{}", help="tool arguments as a JSON object")
    check = add("policy-check", _policy_check, "JSON lines in, JSON lines out: run the safety policies")
    check.add_argument("--guard", choices=("moderation", "llm"), default=None,
                       help="also run the model-based guard (needs a provider key) and combine the two layers")
    token = add("token", _token, "mint a local JWT for a user")
    token.add_argument("--user", required=True, help="user id (UUID)")
    token.add_argument("--hours", type=float, default=None,
                       help="lifetime in hours (default 24; at most JWT_MAX_LIFETIME_HOURS, 720)")
    add("expire-sessions", _expire_sessions,
        "mark idle sessions EXPIRED and purge health data past its retention (the scheduled job, by hand)")
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
