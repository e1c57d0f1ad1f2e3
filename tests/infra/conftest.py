"""Synthesize the CDK app in-process, once per session per configuration (~10 s each), with a
tiny stand-in layer folder so no `make layer` (and no Docker) is needed."""

from __future__ import annotations

import importlib.util
import os
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


def load_cdk_app_module() -> ModuleType:
    """infra/cdk/app.py under a unique module name (a bare `app` would clash)."""
    spec = importlib.util.spec_from_file_location("coach_cdk_app", CDK_DIR / "app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Synth:
    template: Any = field(repr=False)  # aws_cdk.assertions.Template
    data: dict[str, Any] = field(repr=False)
    stack_name: str
    outdir: Path

    def resources(self, cfn_type: str) -> dict[str, dict[str, Any]]:
        return {k: v for k, v in self.data["Resources"].items() if v["Type"] == cfn_type}


def _synth(tmp_path_factory: pytest.TempPathFactory, overrides: dict[str, Any]) -> Synth:
    import aws_cdk as cdk
    from aws_cdk.assertions import Template

    app_module = load_cdk_app_module()
    layer = tmp_path_factory.mktemp("layer")
    (layer / "python").mkdir()
    (layer / "python" / "placeholder.py").write_text("# stand-in for the prebuilt layer\n")
    outdir = tmp_path_factory.mktemp("cdk.out")
    context = {**app_module.cdk_json_context(), "coach:layerPath": str(layer), **overrides}
    _app, stack = app_module.build_app(cdk.App(outdir=str(outdir), context=context))
    template = Template.from_stack(stack)
    return Synth(template=template, data=dict(template.to_json()), stack_name=stack.stack_name, outdir=outdir)


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Synth:
    """The default deployment: new VPC, new user pool, stage dev, OpenAI."""
    return _synth(tmp_path_factory, {})


@pytest.fixture(scope="session")
def synth_prod(tmp_path_factory: pytest.TempPathFactory) -> Synth:
    """An existing user pool, stage prod, Anthropic, Powertools Tracer subsegments on."""
    return _synth(
        tmp_path_factory,
        {"coach:userPoolId": "eu-west-1_AbCdEf123", "coach:stage": "prod", "coach:llmProvider": "anthropic",
         "coach:tracerSubsegments": True},
    )
