"""GIVEN the source under layers/coach_core/coach_core WHEN its imports are read THEN every
third-party top-level module belongs to a distribution declared in `[project].dependencies`
(a package the code imports directly must never arrive only as someone else's dependency)."""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "layers" / "coach_core" / "coach_core"
FIRST_PARTY = {"coach_core"}
LAMBDA_RUNTIME_MODULES = {"snapshot_restore_py"}
"""Modules the AWS Lambda Python runtime itself provides (SnapStart's runtime hooks): never
installed, imported only inside a guard that tolerates their absence."""


def imported_modules(source: str) -> Iterator[str]:
    """Top-level names of every absolute import in `source` (relative imports are first-party)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.partition(".")[0]


def third_party_imports(root: Path = CORE) -> dict[str, set[str]]:
    """top-level module -> the files (relative to the repo) that import it."""
    found: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for module in imported_modules(path.read_text(encoding="utf-8")):
            skipped = FIRST_PARTY | LAMBDA_RUNTIME_MODULES | {"__future__"}
            if module in sys.stdlib_module_names or module in skipped:
                continue
            found.setdefault(module, set()).add(str(path.relative_to(ROOT)))
    return found


def declared_dependencies() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {canonicalize_name(Requirement(r).name) for r in data["project"]["dependencies"]}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import openai\nfrom httpx2 import Timeout\n", ["openai", "httpx2"]),
        ("import os.path, jwt.algorithms\n", ["os", "jwt"]),
        ("from . import models\nfrom .x import y\n", []),
        ("def f():\n    import psycopg_pool\n", ["psycopg_pool"]),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from starlette.requests import Request\n",
            ["typing", "starlette"],
        ),
    ],
    ids=["plain", "dotted", "relative", "lazy", "type-checking"],
)
def test_given_source_when_scanned_then_every_absolute_import_is_seen(source: str, expected: list[str]) -> None:
    assert list(imported_modules(source)) == expected


def test_given_the_core_package_when_scanned_then_the_sdks_and_their_http_client_are_found() -> None:
    """Guards the scan itself: these imports exist today, so a scan that finds nothing is broken."""
    assert {"openai", "anthropic", "httpx2", "fastapi", "psycopg"} <= set(third_party_imports())


def test_given_every_third_party_import_in_coach_core_then_its_distribution_is_a_declared_dependency() -> None:
    declared = declared_dependencies()
    owners = packages_distributions()
    problems = []
    for module, files in sorted(third_party_imports().items()):
        distributions = {canonicalize_name(d) for d in owners.get(module, ())}
        if not distributions:
            problems.append(f"{module} (imported by {', '.join(sorted(files))}) is not installed")
        elif not distributions & declared:
            problems.append(
                f"{module} (imported by {', '.join(sorted(files))}) comes from {', '.join(sorted(distributions))}, "
                "which [project].dependencies does not declare"
            )
    assert not problems, "add to pyproject.toml (then run make lock):\n" + "\n".join(problems)
