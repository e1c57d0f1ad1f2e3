"""Synthesize the CDK app in-process, once per session per configuration (~10 s each), with a
tiny stand-in layer folder so no `make layer` (and no Docker) is needed."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CDK_DIR = REPO_ROOT / "infra" / "cdk"
if str(CDK_DIR) not in sys.path:
    sys.path.insert(0, str(CDK_DIR))
# jsii's Node process prints a large end-of-life banner for Node 20 on every start; it still works.
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")

PYTHON_FUNCTIONS = ("chat", "chat_stream", "plan", "insights", "data", "provision_user", "expire_sessions", "migrate")
API_FUNCTIONS = ("chat", "chat_stream", "plan", "insights", "data")
ALIASED_FUNCTIONS = (*API_FUNCTIONS, "provision_user")


def load_cdk_app_module() -> ModuleType:
    """infra/cdk/app.py under a unique module name (a bare `app` would clash)."""
    spec = importlib.util.spec_from_file_location("coach_cdk_app", CDK_DIR / "app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stand_in_layer(folder: Path) -> Path:
    (folder / "python").mkdir(parents=True, exist_ok=True)
    (folder / "python" / "placeholder.py").write_text("# stand-in for the prebuilt layer\n")
    return folder


@dataclass(frozen=True)
class Synth:
    template: Any = field(repr=False)  # aws_cdk.assertions.Template
    data: dict[str, Any] = field(repr=False)
    stack_name: str
    outdir: Path
    app: Any = field(repr=False)  # aws_cdk.App, for cdk-nag

    def resources(self, cfn_type: str) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self.data["Resources"].items() if v["Type"] == cfn_type}

    def coach_functions(self) -> dict[str, dict[str, Any]]:
        return {
            k: v
            for k, v in self.resources("AWS::Lambda::Function").items()
            if str(v["Properties"].get("Runtime", "")).startswith("python")
        }

    def function_id(self, name: str) -> str:
        """Logical id of the coach function built from functions/<name>/."""
        prefix = "Functions" + "".join(p.capitalize() for p in name.split("_"))
        matches = [k for k in self.coach_functions() if re.fullmatch(re.escape(prefix) + "[0-9A-F]{8}", k)]
        assert len(matches) == 1, (name, matches)
        return matches[0]

    def function(self, name: str) -> dict[str, Any]:
        props: dict[str, Any] = self.data["Resources"][self.function_id(name)]["Properties"]
        return props

    def env(self, name: str) -> dict[str, Any]:
        variables: dict[str, Any] = self.function(name)["Environment"]["Variables"]
        return variables

    def alias_id(self, name: str) -> str:
        fn = self.function_id(name)
        (alias,) = [
            k for k, v in self.resources("AWS::Lambda::Alias").items() if v["Properties"]["FunctionName"] == {"Ref": fn}
        ]
        return alias

    def role_id(self, name: str) -> str:
        role: str = self.function(name)["Role"]["Fn::GetAtt"][0]
        return role


def synthesize(tmp_path_factory: pytest.TempPathFactory, overrides: dict[str, Any], env: Any = None) -> Synth:
    import aws_cdk as cdk
    from aws_cdk.assertions import Template

    app_module = load_cdk_app_module()
    layer = stand_in_layer(tmp_path_factory.mktemp("layer"))
    outdir = tmp_path_factory.mktemp("cdk.out")
    context = {**app_module.cdk_json_context(), "coach:layerPath": str(layer), **overrides}
    app, stack = app_module.build_app(cdk.App(outdir=str(outdir), context=context), env=env)
    template = Template.from_stack(stack)
    data = json.loads(json.dumps(template.to_json()))
    return Synth(template=template, data=data, stack_name=stack.stack_name, outdir=outdir, app=app)


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Synth:
    """The default deployment: new VPC, new user pool, stage dev, OpenAI, region-agnostic."""
    return synthesize(tmp_path_factory, {})


@pytest.fixture(scope="session")
def synth_prod(tmp_path_factory: pytest.TempPathFactory) -> Synth:
    """An existing user pool, stage prod, Anthropic, tracing off."""
    return synthesize(
        tmp_path_factory,
        {"coach:userPoolId": "eu-west-1_AbCdEf123", "coach:stage": "prod", "coach:llmProvider": "anthropic",
         "coach:tracing": False},
    )  # fmt: skip


@pytest.fixture(scope="session")
def synth_full(tmp_path_factory: pytest.TempPathFactory) -> Synth:
    """Every option on, in a concrete region: prod with a new pool, WAF, a fallback provider, the
    moderation guard, alarm e-mail, operator limits, password auth, a custom adapter layer ARN."""
    import aws_cdk as cdk

    return synthesize(
        tmp_path_factory,
        {
            "coach:stage": "prod",
            "coach:waf": True,
            "coach:transactionSearch": True,
            "coach:llmFallbackProvider": "anthropic",
            "coach:safetyGuard": "moderation",
            "coach:alarmEmail": "ops@example.com",
            "coach:rateLimitPerMinute": 20,
            "coach:dailyTokenBudget": 50000,
            "coach:allowPasswordAuth": True,
            "coach:streamDeadlineSeconds": 300,
            "coach:lwaLayerArn": "arn:aws:lambda:eu-west-1:123456789012:layer:MyAdapterArm64:3",
        },
        env=cdk.Environment(account="123456789012", region="eu-west-1"),
    )
