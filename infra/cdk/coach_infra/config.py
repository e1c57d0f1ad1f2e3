"""Deployment settings read from CDK context (`cdk.json` or `-c key=value`), validated once.

Keys (all optional):
  coach:stage            name suffix for the stack and its resources (default "dev"; "prod" turns on
                         deletion protection and retains the database on stack deletion)
  coach:userPoolId       an existing Cognito user pool id; when empty the stack creates a pool + client
  coach:llmProvider      openai | anthropic (default openai)
  coach:vpcId            reuse an existing VPC (Vpc.from_lookup: needs CDK_DEFAULT_ACCOUNT/REGION)
  coach:layerPath        the prebuilt layer folder (default build/layer, made by `make layer`)
  coach:lwaLayerVersion  pinned version of the Lambda Web Adapter layer (LambdaAdapterLayerArm64)
  coach:tracerSubsegments  true turns on Powertools' Tracer (X-Ray subsegments per handler); off by
                         default because its X-Ray SDK import adds ~0.6 s to every cold start. Lambda
                         and API Gateway active tracing stay on either way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from constructs import Node

REPO_ROOT = Path(__file__).resolve().parents[3]

CTX_STAGE = "coach:stage"
CTX_USER_POOL_ID = "coach:userPoolId"
CTX_LLM_PROVIDER = "coach:llmProvider"
CTX_VPC_ID = "coach:vpcId"
CTX_LAYER_PATH = "coach:layerPath"
CTX_LWA_LAYER_VERSION = "coach:lwaLayerVersion"
CTX_TRACER_SUBSEGMENTS = "coach:tracerSubsegments"

DEFAULT_STAGE = "dev"
DEFAULT_LLM_PROVIDER = "openai"
DEFAULT_LAYER_PATH = "build/layer"
# v1.1.0 of aws-lambda-web-adapter: arn:aws:lambda:<region>:753240598075:layer:LambdaAdapterLayerArm64:30
DEFAULT_LWA_LAYER_VERSION = 30
LLM_PROVIDERS = ("openai", "anthropic")

_STAGE_RE = re.compile(r"^[a-z][a-z0-9-]{0,15}$")
_POOL_RE = re.compile(r"^[\w-]+_[0-9a-zA-Z]+$")
_VPC_RE = re.compile(r"^vpc-[0-9a-f]{8,17}$")


class ConfigError(ValueError):
    """A context value is invalid; the message names the key."""


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


@dataclass(frozen=True)
class CoachConfig:
    stage: str = DEFAULT_STAGE
    user_pool_id: str | None = None
    llm_provider: str = DEFAULT_LLM_PROVIDER
    vpc_id: str | None = None
    layer_path: Path = REPO_ROOT / DEFAULT_LAYER_PATH
    lwa_layer_version: int = DEFAULT_LWA_LAYER_VERSION
    functions_root: Path = REPO_ROOT / "functions"
    tracer_subsegments: bool = False

    @property
    def is_production(self) -> bool:
        return self.stage == "prod"

    @classmethod
    def from_context(cls, node: Node) -> CoachConfig:
        """Read and validate every `coach:*` key; raise ConfigError naming the bad key."""
        stage = _text(node.try_get_context(CTX_STAGE)) or DEFAULT_STAGE
        if not _STAGE_RE.match(stage):
            raise ConfigError(f"{CTX_STAGE}: {stage!r} must be lowercase letters, digits, '-' (max 16)")

        pool = _text(node.try_get_context(CTX_USER_POOL_ID)) or None
        if pool is not None and not _POOL_RE.match(pool):
            raise ConfigError(f"{CTX_USER_POOL_ID}: {pool!r} is not a Cognito user pool id (region_Id)")

        provider = (_text(node.try_get_context(CTX_LLM_PROVIDER)) or DEFAULT_LLM_PROVIDER).lower()
        if provider not in LLM_PROVIDERS:
            raise ConfigError(f"{CTX_LLM_PROVIDER}: {provider!r} must be one of {', '.join(LLM_PROVIDERS)}")

        vpc_id = _text(node.try_get_context(CTX_VPC_ID)) or None
        if vpc_id is not None and not _VPC_RE.match(vpc_id):
            raise ConfigError(f"{CTX_VPC_ID}: {vpc_id!r} is not a VPC id (vpc-...)")

        raw_layer = _text(node.try_get_context(CTX_LAYER_PATH)) or DEFAULT_LAYER_PATH
        layer_path = Path(raw_layer)
        if not layer_path.is_absolute():
            layer_path = REPO_ROOT / layer_path

        raw_version = _text(node.try_get_context(CTX_LWA_LAYER_VERSION)) or str(DEFAULT_LWA_LAYER_VERSION)
        if not raw_version.isdigit() or int(raw_version) < 1:
            raise ConfigError(f"{CTX_LWA_LAYER_VERSION}: {raw_version!r} must be a positive layer version number")

        raw_tracer = _text(node.try_get_context(CTX_TRACER_SUBSEGMENTS)).lower() or "false"
        if raw_tracer not in ("true", "false"):
            raise ConfigError(f"{CTX_TRACER_SUBSEGMENTS}: {raw_tracer!r} must be true or false")

        return cls(
            stage=stage,
            user_pool_id=pool,
            llm_provider=provider,
            vpc_id=vpc_id,
            layer_path=layer_path,
            lwa_layer_version=int(raw_version),
            tracer_subsegments=raw_tracer == "true",
        )
