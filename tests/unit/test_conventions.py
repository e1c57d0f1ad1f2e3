"""The mechanical rules of docs/AI_CONVENTIONS.md, enforced. Each test names the rule it
checks; a failure message names the file (and line) that breaks it."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from coach_core.providers import model_config
from coach_core.tools import default_tools

REPO = Path(__file__).resolve().parents[2]
SKIP_DIRS = {
    ".venv",
    "venv",
    "build",
    "cdk.out",
    "node_modules",
    ".git",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "__pycache__",
    ".coach",
    ".hypothesis",
}
PACKAGE = REPO / "layers" / "coach_core" / "coach_core"
SDK_HOMES = {
    "openai": PACKAGE / "providers" / "openai.py",
    "anthropic": PACKAGE / "providers" / "anthropic.py",
}
SDK_EXEMPT_DIRS = ("tests", "bench")
"""Not shipped: tests and benchmarks may drive an SDK directly (fakes, raw-SDK baselines)."""
MODEL_CONFIG = PACKAGE / "providers" / "model_config.py"


def python_files() -> Iterator[Path]:
    for path in REPO.rglob("*.py"):
        if not SKIP_DIRS.intersection(path.relative_to(REPO).parts):
            yield path


def imported_roots(tree: ast.AST) -> Iterator[tuple[str, int]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module.split(".")[0], node.lineno


def test_rule1_sdks_are_imported_only_by_their_provider_module() -> None:
    """Provider factory boundary: `openai` only in providers/openai.py, `anthropic` only in
    providers/anthropic.py (checked on the syntax tree, so lazy imports count too)."""
    offenders = []
    for path in python_files():
        rel = path.relative_to(REPO)
        if rel.parts[0] in SDK_EXEMPT_DIRS:
            continue
        for root, line in imported_roots(ast.parse(path.read_text(), filename=str(path))):
            if root in SDK_HOMES and path != SDK_HOMES[root]:
                offenders.append(f"{rel}:{line} imports {root}")
    assert not offenders, "SDK imported outside its provider module:\n" + "\n".join(offenders)


def model_ids() -> set[str]:
    ids = {cfg.model for table in model_config.MODEL_TABLE.values() for cfg in table.values()}
    assert ids, "model_config lists no model ids"
    return ids


def test_rule2_model_ids_live_only_in_model_config() -> None:
    """Every model id in providers/model_config.py appears in no other .py file of the repo."""
    patterns = {m: re.compile(r"(?<![\w.-])" + re.escape(m) + r"(?![\w.-])") for m in model_ids()}
    offenders = []
    for path in python_files():
        if path == MODEL_CONFIG:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            offenders += [f"{path.relative_to(REPO)}:{n} mentions {m}" for m, p in patterns.items() if p.search(line)]
    assert not offenders, "model ids outside providers/model_config.py:\n" + "\n".join(offenders)


@pytest.mark.parametrize("tool", default_tools(), ids=lambda t: t.name)
def test_rule3_every_registered_tool_has_a_ttl_a_schema_and_a_description(tool: object) -> None:
    from coach_core.tools.base import BaseTool

    assert isinstance(tool, BaseTool)
    assert re.fullmatch(r"[a-z][a-z0-9_]{2,63}", tool.name)
    assert isinstance(tool.cache_ttl_seconds, int) and tool.cache_ttl_seconds > 0
    assert len(tool.description) >= 20
    schema = tool.parameters_schema()
    assert schema["type"] == "object"
    assert isinstance(schema["properties"], dict)
    assert schema["additionalProperties"] is False
    for name, prop in schema["properties"].items():
        assert prop.get("description"), f"{tool.name}.{name} has no description for the model"


def test_rule3_tool_names_are_unique_and_the_prompt_names_them() -> None:
    from coach_core.prompts.system_prompts import COACH_SYSTEM_PROMPT

    names = [t.name for t in default_tools()]
    assert len(names) == len(set(names))
    assert all(n in COACH_SYSTEM_PROMPT for n in names)


def test_rule_sql_lives_only_in_repositories_and_migrations() -> None:
    """No SQL statement text in the package outside repositories/ and db/."""
    sql = re.compile(r"\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b")
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("repositories", "db"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and sql.search(node.value):
                offenders.append(f"{rel}:{node.lineno}")
    assert not offenders, "SQL outside repositories/:\n" + "\n".join(offenders)


def test_rule_every_coach_route_is_authenticated() -> None:
    from fastapi.routing import APIRoute

    from coach_core.api.router import API_PREFIX, current_user, router

    routes = [r for r in router.routes if isinstance(r, APIRoute)]
    assert all(r.path.startswith(API_PREFIX + "/") for r in routes)
    assert {(r.path, m) for r in routes for m in r.methods} >= {
        (f"{API_PREFIX}/chat", "POST"),
        (f"{API_PREFIX}/chat/stream", "POST"),
        (f"{API_PREFIX}/plan", "POST"),
        (f"{API_PREFIX}/insights", "GET"),
    }
    for route in routes:
        calls = {d.call for d in route.dependant.dependencies}
        assert current_user in calls, f"{route.path} lacks the current_user dependency"


EXPECTED_SEVERITY = {"crisis": "critical", "calorie_minimum": "high", "weight_loss_rate": "medium", "medical": "low"}


def _policy_classes() -> dict[str, type]:
    """Every class under policies/ (subpackages included) that declares a policy `name`, `severity`
    and `evaluate`."""
    import importlib
    import inspect

    found: dict[str, type] = {}
    for path in (PACKAGE / "policies").rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if (
                cls.__module__ == module.__name__
                and isinstance(getattr(cls, "name", None), str)
                and all(hasattr(cls, attr) for attr in ("severity", "evaluate"))
            ):
                found[cls.name] = cls
    return found


def test_rule4_every_policy_runs_in_the_engines_severity_order() -> None:
    """Policy coverage and ordering: all four policies (and any new one) are in the engine,
    most severe first, with the severities docs/SAFETY.md assigns."""
    from coach_core.policies.engine import POLICY_ORDER, SafetyPolicyEngine
    from coach_core.policies.types import SEVERITY_RANK

    engine = SafetyPolicyEngine()
    names = [p.name for p in engine.policies]
    assert tuple(names) == POLICY_ORDER
    assert set(_policy_classes()) == set(names), "a policy class exists that the engine does not run"
    assert {p.name: p.severity for p in engine.policies} == EXPECTED_SEVERITY
    by_severity = sorted(EXPECTED_SEVERITY, key=lambda name: SEVERITY_RANK[EXPECTED_SEVERITY[name]])
    assert tuple(by_severity) == POLICY_ORDER and len(set(EXPECTED_SEVERITY.values())) == len(POLICY_ORDER)


TEMPLATE_CASES = [  # (model output, replacement message key, disclaimer keys): every key a policy names
    ("I want to kill myself", "support_resources", ()),
    ("eat 500 calories a day", "calorie_minimum", ("calorie_minimum",)),
    ("eat 1,000 kcal a day", None, ("calorie_minimum",)),
    ("lose 3 kg a week", None, ("weight_loss_rate",)),
    ("Stop taking metformin before your runs.", None, ("medical",)),
]
MIN_COPIED_TEXT = 40
"""A string this long inside a template's text, anywhere else in the package, is a copy of it."""


def test_rule4_policy_disclaimers_and_messages_are_templates() -> None:
    """Disclaimers and replacement messages come from prompts/disclaimer_templates.py: each policy
    names a template by key and the engine returns exactly that template's text (the cases reach
    every safety message), and no other module of the package spells a template's words."""
    from coach_core.policies.engine import SafetyPolicyEngine
    from coach_core.prompts.disclaimer_templates import DISCLAIMERS, SAFETY_MESSAGES

    engine = SafetyPolicyEngine()
    for text, message_key, keys in TEMPLATE_CASES:
        result = engine.check_output(text)
        assert (result.replacement_key, result.disclaimer_keys) == (message_key, keys), text
        assert result.replacement_message == (SAFETY_MESSAGES[message_key] if message_key else None)
        assert result.disclaimers == tuple(DISCLAIMERS[k] for k in keys)
    assert {key for _, key, _ in TEMPLATE_CASES} - {None} == set(SAFETY_MESSAGES)
    templates = [*DISCLAIMERS.values(), *SAFETY_MESSAGES.values()]
    home = PACKAGE / "prompts" / "disclaimer_templates.py"
    copies = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in PACKAGE.rglob("*.py")
        if path != home
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and len(node.value) >= MIN_COPIED_TEXT
        and any(node.value in template for template in templates)
    ]
    assert copies == [], "template text outside prompts/disclaimer_templates.py:\n" + "\n".join(copies)
