"""GIVEN CDK context values WHEN CoachConfig reads them THEN good values parse and bad ones name their key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.infra


def config_from(context: dict[str, Any]) -> Any:
    import aws_cdk as cdk

    from coach_infra.config import CoachConfig

    return CoachConfig.from_context(cdk.App(context=context).node)


def test_given_empty_context_then_defaults_apply() -> None:
    from coach_infra.config import REPO_ROOT

    cfg = config_from({})
    assert (cfg.stage, cfg.llm_provider, cfg.user_pool_id, cfg.vpc_id) == ("dev", "openai", None, None)
    assert cfg.layer_path == REPO_ROOT / "build" / "layer"
    assert cfg.lwa_layer_version == 30
    assert cfg.is_production is False
    assert (cfg.llm_fallback_provider, cfg.safety_guard, cfg.lwa_layer_arn) == (None, "moderation", None)
    assert (cfg.stream_deadline_seconds, cfg.stream_reserved_concurrency) == (120, None)
    assert (cfg.rate_limit_per_minute, cfg.daily_token_budget, cfg.alarm_email) == (None, None, None)
    assert (cfg.waf, cfg.allow_password_auth, cfg.snap_start) == (False, False, True)
    assert cfg.providers_in_use == frozenset({"openai"})


@pytest.mark.parametrize(
    ("context", "providers"),
    [
        ({"coach:llmProvider": "anthropic"}, {"anthropic"}),  # the default guard is then `llm`
        (
            {"coach:llmProvider": "anthropic", "coach:llmFallbackProvider": "openai", "coach:safetyGuard": "none"},
            {"anthropic", "openai"},
        ),
        ({"coach:llmProvider": "anthropic", "coach:llmFallbackProvider": "openai"}, {"anthropic", "openai"}),
        ({"coach:llmProvider": "anthropic", "coach:safetyGuard": "moderation"}, {"anthropic", "openai"}),
        ({"coach:llmProvider": "anthropic", "coach:safetyGuard": "llm"}, {"anthropic"}),
    ],
)
def test_given_providers_and_guard_then_the_keys_in_use_follow(context: dict[str, Any], providers: set[str]) -> None:
    assert config_from(context).providers_in_use == frozenset(providers)


@pytest.mark.parametrize(
    ("context", "guard"),
    [
        ({}, "moderation"),
        ({"coach:llmProvider": "anthropic"}, "llm"),
        ({"coach:llmProvider": "anthropic", "coach:llmFallbackProvider": "openai"}, "moderation"),
        ({"coach:safetyGuard": "none"}, "none"),
        ({"coach:llmProvider": "anthropic", "coach:safetyGuard": "moderation"}, "moderation"),
    ],
)
def test_given_no_guard_chosen_then_the_model_guard_is_on_with_a_key_the_stack_already_has(
    context: dict[str, Any], guard: str
) -> None:
    """GIVEN no coach:safetyGuard THEN the second safety layer is on: OpenAI moderation when OpenAI
    is the primary or the fallback (its key is deployed anyway), else the provider's cheapest tier;
    an operator can still choose, including `none`."""
    assert config_from(context).safety_guard == guard


@pytest.mark.parametrize(
    ("context", "attribute", "expected"),
    [
        ({"coach:stage": "prod"}, "is_production", True),
        ({"coach:llmProvider": "Anthropic"}, "llm_provider", "anthropic"),
        ({"coach:userPoolId": "us-east-1_Ab12Cd34"}, "user_pool_id", "us-east-1_Ab12Cd34"),
        ({"coach:userPoolId": ""}, "user_pool_id", None),
        ({"coach:vpcId": "vpc-0123456789abcdef0"}, "vpc_id", "vpc-0123456789abcdef0"),
        ({"coach:lwaLayerVersion": 27}, "lwa_layer_version", 27),
        ({"coach:lwaLayerVersion": "31"}, "lwa_layer_version", 31),
        ({"coach:layerPath": "/opt/prebuilt"}, "layer_path", Path("/opt/prebuilt")),
        ({}, "tracing", True),
        ({"coach:tracing": False}, "tracing", False),
        ({"coach:tracing": "true"}, "tracing", True),
        ({}, "transaction_search", False),
        ({"coach:transactionSearch": True}, "transaction_search", True),
        ({"coach:llmFallbackProvider": "Anthropic"}, "llm_fallback_provider", "anthropic"),
        ({"coach:llmFallbackProvider": ""}, "llm_fallback_provider", None),
        ({"coach:safetyGuard": "moderation"}, "safety_guard", "moderation"),
        ({"coach:streamDeadlineSeconds": 300}, "stream_deadline_seconds", 300),
        ({"coach:streamReservedConcurrency": 10}, "stream_reserved_concurrency", 10),
        ({"coach:streamReservedConcurrency": "off"}, "stream_reserved_concurrency", 0),
        ({"coach:rateLimitPerMinute": 0}, "rate_limit_per_minute", 0),
        ({"coach:dailyTokenBudget": "100000"}, "daily_token_budget", 100000),
        ({"coach:alarmEmail": "ops@example.com"}, "alarm_email", "ops@example.com"),
        ({"coach:waf": True}, "waf", True),
        ({"coach:allowPasswordAuth": "true"}, "allow_password_auth", True),
        ({"coach:snapStart": False}, "snap_start", False),
        (
            {"coach:lwaLayerArn": "arn:aws-cn:lambda:cn-north-1:111122223333:layer:Lwa:2"},
            "lwa_layer_arn",
            "arn:aws-cn:lambda:cn-north-1:111122223333:layer:Lwa:2",
        ),
    ],
)
def test_given_valid_value_then_it_is_used(context: dict[str, Any], attribute: str, expected: Any) -> None:
    assert getattr(config_from(context), attribute) == expected


@pytest.mark.parametrize(
    ("context", "key"),
    [
        ({"coach:stage": "Prod!"}, "coach:stage"),
        ({"coach:stage": "a-very-long-stage-name"}, "coach:stage"),
        ({"coach:llmProvider": "offline"}, "coach:llmProvider"),
        ({"coach:llmProvider": "gemini"}, "coach:llmProvider"),
        ({"coach:userPoolId": "not a pool"}, "coach:userPoolId"),
        ({"coach:vpcId": "subnet-123"}, "coach:vpcId"),
        ({"coach:lwaLayerVersion": "latest"}, "coach:lwaLayerVersion"),
        ({"coach:lwaLayerVersion": 0}, "coach:lwaLayerVersion"),
        ({"coach:tracing": "sometimes"}, "coach:tracing"),
        ({"coach:transactionSearch": "yes"}, "coach:transactionSearch"),
        ({"coach:llmFallbackProvider": "openai"}, "coach:llmFallbackProvider"),  # same as the primary
        ({"coach:llmFallbackProvider": "gemini"}, "coach:llmFallbackProvider"),
        ({"coach:safetyGuard": "strict"}, "coach:safetyGuard"),
        ({"coach:streamDeadlineSeconds": 10}, "coach:streamDeadlineSeconds"),
        ({"coach:streamDeadlineSeconds": 900}, "coach:streamDeadlineSeconds"),
        ({"coach:streamReservedConcurrency": -1}, "coach:streamReservedConcurrency"),
        ({"coach:rateLimitPerMinute": "many"}, "coach:rateLimitPerMinute"),
        ({"coach:dailyTokenBudget": 1.5}, "coach:dailyTokenBudget"),
        ({"coach:alarmEmail": "not-an-address"}, "coach:alarmEmail"),
        ({"coach:waf": "yes"}, "coach:waf"),
        ({"coach:allowPasswordAuth": 1}, "coach:allowPasswordAuth"),
        ({"coach:snapStart": "maybe"}, "coach:snapStart"),
        ({"coach:lwaLayerArn": "LambdaAdapterLayerArm64:30"}, "coach:lwaLayerArn"),
    ],
)
def test_given_invalid_value_then_error_names_the_key(context: dict[str, Any], key: str) -> None:
    from coach_infra.config import ConfigError

    with pytest.raises(ConfigError, match=key):
        config_from(context)


def test_given_vpc_id_without_account_and_region_then_app_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    import aws_cdk as cdk

    from coach_infra.config import ConfigError
    from tests.infra.conftest import load_cdk_app_module

    monkeypatch.delenv("CDK_DEFAULT_ACCOUNT", raising=False)
    monkeypatch.delenv("CDK_DEFAULT_REGION", raising=False)
    app_module = load_cdk_app_module()
    with pytest.raises(ConfigError, match="coach:vpcId"):
        app_module.build_app(cdk.App(context={"coach:vpcId": "vpc-0123456789abcdef0"}))


def test_given_missing_layer_folder_then_synth_explains_how_to_build_it(tmp_path: Path) -> None:
    import aws_cdk as cdk

    from coach_infra.layer import LayerFolderMissing
    from tests.infra.conftest import load_cdk_app_module

    app_module = load_cdk_app_module()
    with pytest.raises(LayerFolderMissing, match="make layer"):
        app_module.build_app(cdk.App(context={"coach:layerPath": str(tmp_path / "absent")}))


def test_given_a_built_layer_without_the_ca_bundle_then_synth_names_the_script(tmp_path: Path) -> None:
    """GIVEN a layer with coach_core but no database CA bundle THEN synth stops and says how to add it;
    WITH the bundle it passes the check."""
    import aws_cdk as cdk

    from coach_infra.layer import CA_BUNDLE, LayerFolderMissing, SharedLayer

    (tmp_path / "python" / "coach_core").mkdir(parents=True)
    with pytest.raises(LayerFolderMissing, match=r"scripts/fetch_rds_ca\.py"):
        SharedLayer(cdk.Stack(cdk.App(), "Probe"), "Layer", path=tmp_path)
    (tmp_path / CA_BUNDLE).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / CA_BUNDLE).write_text("-----BEGIN CERTIFICATE-----\n")
    SharedLayer(cdk.Stack(cdk.App(), "Probe"), "Layer", path=tmp_path)


def test_cdk_json_runs_the_app_with_the_project_venv() -> None:
    import json

    from tests.infra.conftest import REPO_ROOT, load_cdk_app_module

    data = json.loads((REPO_ROOT / "cdk.json").read_text())
    assert data["app"] == ".venv/bin/python infra/cdk/app.py"
    context = load_cdk_app_module().cdk_json_context()
    for key in (
        "coach:stage",
        "coach:userPoolId",
        "coach:llmProvider",
        "coach:vpcId",
        "coach:layerPath",
        "coach:lwaLayerVersion",
        "coach:llmFallbackProvider",
        "coach:safetyGuard",
        "coach:streamDeadlineSeconds",
        "coach:alarmEmail",
        "coach:waf",
        "coach:allowPasswordAuth",
        "coach:snapStart",
    ):
        assert key in context, key
