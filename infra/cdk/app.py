#!/usr/bin/env python3
"""CDK app entry point (`cdk.json` runs it with the project venv's Python).

Synthesizes one CoachStack per invocation into cdk.out/. Context keys are documented in
coach_infra/config.py and docs/DEPLOYMENT.md. Running `python infra/cdk/app.py` directly also
writes cdk.out/ (no CDK CLI needed for synth)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import aws_cdk as cdk  # noqa: E402

from coach_infra.config import CTX_VPC_ID, CoachConfig, ConfigError  # noqa: E402
from coach_infra.stack import CoachStack  # noqa: E402

REPO_ROOT = HERE.parents[1]


def cdk_json_context() -> dict[str, Any]:
    """The `context` block of cdk.json (coach:* keys and feature flags).

    The CDK CLI passes it to the app itself; a direct `python infra/cdk/app.py` (and the tests)
    load it here so both synthesize the same template."""
    data = json.loads((REPO_ROOT / "cdk.json").read_text(encoding="utf-8"))
    context: dict[str, Any] = data.get("context", {})
    return context


def stack_name(stage: str) -> str:
    return f"CoachAi-{stage}"


def build_app(app: cdk.App | None = None, env: cdk.Environment | None = None) -> tuple[cdk.App, CoachStack]:
    """Create the app and the stack (without synthesizing); tests call this in-process.

    `env` pins account and region (tests); otherwise CDK_DEFAULT_ACCOUNT/REGION decide, and
    without them the template is region-agnostic."""
    if app is None:
        # Under the CDK CLI, CDK_OUTDIR says where the CLI expects the assembly; run directly, cdk.out/.
        if os.environ.get("CDK_OUTDIR"):
            app = cdk.App()
        else:
            app = cdk.App(outdir=str(REPO_ROOT / "cdk.out"), context=cdk_json_context())
    config = CoachConfig.from_context(app.node)
    account = env.account if env else os.environ.get("CDK_DEFAULT_ACCOUNT")
    region = env.region if env else os.environ.get("CDK_DEFAULT_REGION")
    if config.vpc_id and not (account and region):
        raise ConfigError(
            f"{CTX_VPC_ID} needs an explicit account and region for the VPC lookup: "
            "run through the CDK CLI with credentials, or set CDK_DEFAULT_ACCOUNT and CDK_DEFAULT_REGION"
        )
    env = cdk.Environment(account=account, region=region) if account and region else None
    stack = CoachStack(
        app,
        stack_name(config.stage),
        config=config,
        env=env,
        description=f"Coach AI ({config.stage}): REST API, Lambda functions, RDS PostgreSQL + proxy, Valkey cache",
    )
    return app, stack


def main() -> int:
    try:
        app, _ = build_app()
    except (ConfigError, FileNotFoundError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    app.synth()
    return 0


if __name__ == "__main__":
    sys.exit(main())
