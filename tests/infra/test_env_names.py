"""GIVEN infra's own environment-variable names THEN each equals the runtime's settings constant,
and nothing under infra/ imports coach_core (infra must synthesize without the runtime)."""

from __future__ import annotations

import ast

import pytest

from tests.infra.conftest import CDK_DIR

pytestmark = pytest.mark.infra


def test_every_runtime_name_infra_sets_equals_the_settings_constant() -> None:
    from coach_core import settings
    from coach_infra import env

    assert len(env.RUNTIME_NAMES) == len(set(env.RUNTIME_NAMES)) >= 17
    for name in env.RUNTIME_NAMES:
        constant = f"ENV_{name}"
        assert hasattr(settings, constant), f"coach_core.settings has no {constant}"
        assert getattr(settings, constant) == name == getattr(env, name)


def test_no_module_under_infra_imports_coach_core() -> None:
    modules = sorted(CDK_DIR.rglob("*.py"))
    assert len(modules) > 10
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [alias.name for alias in node.names] if isinstance(node, ast.Import)
                else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )  # fmt: skip
            assert not any(n == "coach_core" or n.startswith("coach_core.") for n in names), path
