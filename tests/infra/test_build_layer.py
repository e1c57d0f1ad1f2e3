"""GIVEN scripts/build_layer.py WHEN its pieces run on small inputs THEN the layer recipe is right
(aarch64 wheels for the runtime's Python from the checked-in lock, runtime-provided SDKs left out,
skip when unchanged), and the lock is in sync with pyproject.toml (checked without network)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

REPO_ROOT = Path(__file__).resolve().parents[2]
# The marker environment of the Lambda target (CPython 3.12 on Linux aarch64).
LAMBDA_MARKERS = {
    "python_version": "3.12",
    "python_full_version": "3.12.0",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "platform_machine": "aarch64",
    "os_name": "posix",
}
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?:\s*\\)?$")
_HASH = re.compile(r"^\s+--hash=sha256:[0-9a-f]{64}")


@dataclass
class Pin:
    version: Version
    hashes: int = 0


def parse_lock(text: str) -> dict[str, Pin]:
    """name -> pinned version and hash count, from a requirements file that uv wrote."""
    pins: dict[str, Pin] = {}
    current: Pin | None = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if match := _PIN.match(line):
            current = pins.setdefault(canonicalize_name(match.group(1)), Pin(Version(match.group(2))))
        elif _HASH.match(line) and current is not None:
            current.hashes += 1
        else:
            raise AssertionError(f"unexpected lock line (every entry must be name==version with hashes): {line!r}")
    return pins


def extra_requirements(requirement: Requirement) -> list[Requirement]:
    """What `requirement`'s extras add on the Lambda target, read from the installed metadata."""
    if not requirement.extras:
        return []
    added = []
    for raw in importlib.metadata.requires(requirement.name) or ():
        dep = Requirement(raw)
        if dep.marker is None or dep.marker.evaluate({**LAMBDA_MARKERS, "extra": ""}):
            continue
        if any(dep.marker.evaluate({**LAMBDA_MARKERS, "extra": extra}) for extra in requirement.extras):
            added.append(dep)
    return added


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
    assert bl.runtime_requirements(pyproject) == ["fastapi>=0.115", "psycopg[binary]>=3.2"]


def test_project_runtime_requirements_include_the_binary_driver(bl: ModuleType) -> None:
    reqs = bl.runtime_requirements()
    names = {bl.requirement_name(r) for r in reqs}
    assert "psycopg" in names and "uvicorn" in names and "mangum" in names
    assert "aws-xray-sdk" not in names  # tracing is OpenTelemetry's (docs/OBSERVABILITY.md)
    assert {"opentelemetry-sdk", "opentelemetry-exporter-otlp-proto-http"} <= names
    assert any(r.startswith("psycopg[binary]") for r in reqs)
    assert not names & {"boto3", "botocore"}


def test_pip_command_installs_exactly_the_lock_as_aarch64_wheels(bl: ModuleType, tmp_path: Path) -> None:
    cmd = bl.pip_command(tmp_path / "requirements.lock", tmp_path / "site")
    joined = " ".join(cmd)
    assert "--only-binary=:all:" in cmd
    assert "--no-deps" in cmd and "--require-hashes" in cmd
    assert "--platform manylinux2014_aarch64" in joined
    assert f"--python-version {bl.PYTHON_VERSION}" in joined
    assert f"--target {tmp_path / 'site'}" in joined
    assert cmd[-2:] == ["--requirement", str(tmp_path / "requirements.lock")]


def test_lock_command_resolves_for_the_lambda_target_with_hashes(bl: ModuleType) -> None:
    cmd = bl.lock_command()
    joined = " ".join(cmd)
    assert cmd[1:6] == ["-m", "uv", "pip", "compile", "-"]
    assert f"--python-version {bl.PYTHON_VERSION}" in joined
    assert f"--python-platform {bl.UV_PLATFORM}" in joined
    assert "--only-binary :all:" in joined and "--generate-hashes" in cmd
    assert all(f"--no-emit-package {name}" in joined for name in bl.EXCLUDED_FROM_LOCK)


def test_uv_platform_is_the_newest_manylinux_aarch64_tag(bl: ModuleType) -> None:
    arch, _, tag = bl.UV_PLATFORM.partition("-")
    assert arch == "aarch64"
    assert f"{tag}_aarch64" == bl.PLATFORMS[-1]


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
    stamp = bl.layer_stamp(bl.checked_lock())
    (tmp_path / ".layer-stamp").write_text(stamp + "\n")

    def no_pip(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        raise AssertionError("pip must not run when the stamp matches")

    monkeypatch.setattr(bl.subprocess, "run", no_pip)
    size = bl.build(out)
    assert (out / "python" / "coach_core" / "settings.py").is_file()
    assert size > 0


def test_given_a_changed_lock_then_pip_runs_and_stamp_is_rewritten(
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
    assert calls[0][-1] == str(bl.LOCK_FILE)
    assert (tmp_path / ".layer-stamp").read_text().strip() == bl.layer_stamp(bl.checked_lock())
    assert (out / "python" / "fastapi" / "__init__.py").is_file()


def test_given_oversized_layer_then_build_fails(
    bl: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "layer"
    (out / "python").mkdir(parents=True)
    (tmp_path / ".layer-stamp").write_text(bl.layer_stamp(bl.checked_lock()) + "\n")
    monkeypatch.setattr(bl, "LAMBDA_UNZIPPED_LIMIT_MB", 0.001)
    with pytest.raises(SystemExit, match="too large"):
        bl.build(out)


def test_given_a_lock_resolved_from_other_requirements_when_building_then_it_fails_asking_for_make_lock(
    bl: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = tmp_path / "requirements.lock"
    stale.write_text(bl.lock_text(["fastapi>=0.1"], "fastapi==0.165.0 \\\n    --hash=sha256:" + "0" * 64 + "\n"))

    def no_pip(*args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        raise AssertionError("pip must not run from a stale lock")

    monkeypatch.setattr(bl.subprocess, "run", no_pip)
    with pytest.raises(SystemExit, match="run make lock"):
        bl.build(tmp_path / "layer", lock_file=stale)
    with pytest.raises(SystemExit, match="run make lock"):
        bl.build(tmp_path / "layer", lock_file=tmp_path / "missing.lock")


def test_given_uv_output_when_locking_then_the_lock_is_headed_by_the_requirements_stamp(
    bl: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[list[str], str]] = []

    def fake_uv(cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        seen.append((cmd, kwargs["input"]))
        return subprocess.CompletedProcess(cmd, 0, stdout="fastapi==0.165.0\n", stderr="")

    monkeypatch.setattr(bl.subprocess, "run", fake_uv)
    lock = tmp_path / "requirements.lock"
    bl.write_lock(lock)
    [(cmd, stdin)] = seen
    assert cmd == bl.lock_command()
    assert stdin.split() == bl.runtime_requirements()
    text = lock.read_text()
    assert bl.lock_stamp(text) == bl.stamp_for(bl.runtime_requirements())
    assert text.endswith("fastapi==0.165.0\n")
    assert bl.checked_lock(lock) == text


# ---- the checked-in lock stays in sync with pyproject.toml (no network) --------------------------


def test_the_lock_was_resolved_from_the_current_dependency_list(bl: ModuleType) -> None:
    recorded = bl.lock_stamp(bl.LOCK_FILE.read_text(encoding="utf-8"))
    assert recorded == bl.stamp_for(bl.runtime_requirements()), (
        "pyproject.toml's dependencies (or the layer target) changed since layers/requirements.lock was "
        "resolved: run make lock and commit the lock"
    )


def test_every_runtime_requirement_is_pinned_in_the_lock_at_a_version_it_accepts(bl: ModuleType) -> None:
    pins = parse_lock(bl.LOCK_FILE.read_text(encoding="utf-8"))
    problems = []
    for raw in bl.runtime_requirements():
        requirement = Requirement(raw)
        for needed in (requirement, *extra_requirements(requirement)):
            pin = pins.get(canonicalize_name(needed.name))
            if pin is None:
                problems.append(f"{needed} is not in the lock")
            elif not needed.specifier.contains(pin.version, prereleases=True):
                problems.append(f"{needed} does not accept the locked {pin.version}")
    assert not problems, "run make lock:\n" + "\n".join(problems)


def test_the_lock_pins_with_hashes_and_leaves_out_what_the_runtime_provides(bl: ModuleType) -> None:
    pins = parse_lock(bl.LOCK_FILE.read_text(encoding="utf-8"))
    assert {"openai", "anthropic", "httpx2", "psycopg-binary", "cryptography"} <= set(pins)
    assert not set(pins) & {canonicalize_name(n) for n in (*bl.EXCLUDED_FROM_LOCK, "boto3")}
    assert [name for name, pin in pins.items() if pin.hashes == 0] == []


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("fastapi>=0.1 \\\n    --hash=sha256:" + "0" * 64 + "\n", "unexpected lock line"),
        ("fastapi==0.165.0\n", None),
        ("# comment\nfastapi==0.165.0 \\\n    --hash=sha256:" + "a" * 64 + "\n    # via x\n", None),
    ],
    ids=["range-not-pin", "pin-without-hash", "pin-with-hash"],
)
def test_parse_lock_reads_pins_and_hashes(text: str, error: str | None) -> None:
    if error:
        with pytest.raises(AssertionError, match=error):
            parse_lock(text)
    else:
        assert parse_lock(text)["fastapi"].version == Version("0.165.0")


def test_extras_expand_to_what_they_add_on_the_lambda_target() -> None:
    names = {canonicalize_name(r.name) for r in extra_requirements(Requirement("psycopg[binary]>=3.3"))}
    assert names == {"psycopg-binary"}
    assert extra_requirements(Requirement("fastapi>=0.165")) == []


def test_stream_run_script_starts_the_stream_app_on_the_adapter_port() -> None:
    run = REPO_ROOT / "functions" / "chat_stream" / "run.sh"
    text = run.read_text()
    assert run.stat().st_mode & 0o111, "run.sh must be executable: Lambda Web Adapter execs it"
    assert text.startswith("#!/bin/bash\n")
    assert "exec python -m uvicorn coach_core.stream_app:app" in text
    assert "${PORT:-8080}" in text
    assert "--ws none" in text  # no WebSocket route: uvicorn need not import a WebSocket library
