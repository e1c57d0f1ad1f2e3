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
        ({}, "tracer_subsegments", False),
        ({"coach:tracerSubsegments": True}, "tracer_subsegments", True),
        ({"coach:tracerSubsegments": "false"}, "tracer_subsegments", False),
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
        ({"coach:tracerSubsegments": "sometimes"}, "coach:tracerSubsegments"),
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
    ):
        assert key in context, key
