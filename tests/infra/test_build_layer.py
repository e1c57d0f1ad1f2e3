"""GIVEN scripts/build_layer.py WHEN its pieces run on small inputs THEN the layer recipe is right
(aarch64 wheels for the runtime's Python, runtime-provided SDKs left out, skip when unchanged)."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bl() -> ModuleType:
    spec = importlib.util.spec_from_file_location("coach_build_layer", REPO_ROOT / "scripts" / "build_layer.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("requirement", "name"),
    [
        ("psycopg[binary]>=3.2", "psycopg"),
        ("pyjwt[crypto]>=2.8", "pyjwt"),
        ("aws-lambda-powertools>=3.20", "aws-lambda-powertools"),
        ("Pydantic_Settings>=2.3", "pydantic-settings"),
        ("boto3 ; python_version >= '3.9'", "boto3"),
    ],
)
def test_requirement_name_normalises(bl: ModuleType, requirement: str, name: str) -> None:
    assert bl.requirement_name(requirement) == name


def test_runtime_requirements_drop_what_lambda_provides(bl: ModuleType, tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    deps = '["boto3>=1.34", "fastapi>=0.115", "psycopg[binary]>=3.2"]'
    pyproject.write_text(f'[project]\nname="x"\ndependencies={deps}\n')
    assert bl.runtime_requirements(pyproject) == ["fastapi>=0.115", "psycopg[binary]>=3.2", "aws-xray-sdk>=2.14"]


def test_project_runtime_requirements_include_the_binary_driver(bl: ModuleType) -> None:
    reqs = bl.runtime_requirements()
    names = {bl.requirement_name(r) for r in reqs}
    assert "psycopg" in names and "uvicorn" in names and "mangum" in names
    assert "aws-xray-sdk" in names  # tracing is active on Lambda
    assert any(r.startswith("psycopg[binary]") for r in reqs)
    assert not names & {"boto3", "botocore"}


def test_pip_command_targets_aarch64_wheels_for_the_runtime(bl: ModuleType, tmp_path: Path) -> None:
    cmd = bl.pip_command(["fastapi>=0.115"], tmp_path)
    joined = " ".join(cmd)
    assert "--only-binary=:all:" in cmd
    assert "--platform manylinux2014_aarch64" in joined
    assert f"--python-version {bl.PYTHON_VERSION}" in joined
    assert f"--target {tmp_path}" in joined
    assert cmd[-1] == "fastapi>=0.115"


def test_layer_python_matches_the_lambda_runtime(bl: ModuleType) -> None:
    from coach_infra.layer import RUNTIME

    assert RUNTIME.name == f"python{bl.PYTHON_VERSION}"


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (["x>=1", "y>=2"], ["y>=2", "x>=1"], True),
        (["x>=1"], ["x>=2"], False),
        (["x>=1"], ["x>=1", "z"], False),
    ],
)
def test_stamp_depends_only_on_the_requirement_set(bl: ModuleType, a: list[str], b: list[str], same: bool) -> None:
    assert (bl.stamp_for(a) == bl.stamp_for(b)) is same


def test_strip_tree_removes_bytecode_scripts_records_and_package_tests(bl: ModuleType, tmp_path: Path) -> None:
    site = tmp_path / "python"
    files = {
        "pkg/__init__.py": "",
        "pkg/tests/test_x.py": "",
        "pkg/__pycache__/m.cpython-311.pyc": "",
        "pkg-1.0.dist-info/RECORD": "",
        "pkg-1.0.dist-info/METADATA": "Name: pkg",
        "bin/uvicorn": "#!/usr/bin/python",
        "tests/keep_me.py": "",  # a top-level `tests` that is not inside a package stays
        "botocore/__init__.py": "",  # the runtime has its own
        "botocore-1.40.0.dist-info/METADATA": "",
    }
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    bl.strip_tree(site)
    remaining = {str(p.relative_to(site)) for p in site.rglob("*") if p.is_file()}
    assert remaining == {"pkg/__init__.py", "pkg-1.0.dist-info/METADATA", "tests/keep_me.py"}


def test_given_matching_stamp_when_built_again_then_pip_is_not_called(
    bl: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "layer"
    (out / "python").mkdir(parents=True)
    stamp = bl.stamp_for(bl.runtime_requirements())
    (tmp_path / ".layer-stamp").write_text(stamp + "\n")

    def no_pip(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        raise AssertionError("pip must not run when the stamp matches")

    monkeypatch.setattr(bl.subprocess, "run", no_pip)
    size = bl.build(out)
    assert (out / "python" / "coach_core" / "settings.py").is_file()
    assert size > 0


def test_given_changed_requirements_then_pip_runs_and_stamp_is_rewritten(
    bl: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "layer"
    (out / "python").mkdir(parents=True)
    (tmp_path / ".layer-stamp").write_text("stale\n")
    calls: list[list[str]] = []

    def fake_pip(cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        calls.append(cmd)
        target = Path(cmd[cmd.index("--target") + 1])
        (target / "fastapi").mkdir(parents=True)
        (target / "fastapi" / "__init__.py").write_text("")
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(bl.subprocess, "run", fake_pip)
    bl.build(out)
    assert len(calls) == 1
    assert (tmp_path / ".layer-stamp").read_text().strip() == bl.stamp_for(bl.runtime_requirements())
    assert (out / "python" / "fastapi" / "__init__.py").is_file()


def test_given_oversized_layer_then_build_fails(
    bl: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "layer"
    (out / "python").mkdir(parents=True)
    (tmp_path / ".layer-stamp").write_text(bl.stamp_for(bl.runtime_requirements()) + "\n")
    monkeypatch.setattr(bl, "LAMBDA_UNZIPPED_LIMIT_MB", 0.001)
    with pytest.raises(SystemExit, match="too large"):
        bl.build(out)


def test_stream_run_script_starts_the_stream_app_on_the_adapter_port() -> None:
    run = REPO_ROOT / "functions" / "chat_stream" / "run.sh"
    text = run.read_text()
    assert run.stat().st_mode & 0o111, "run.sh must be executable: Lambda Web Adapter execs it"
    assert text.startswith("#!/bin/bash\n")
    assert "exec python -m uvicorn coach_core.stream_app:app" in text
    assert "${PORT:-8080}" in text
