"""GIVEN the stack's Lambda architecture and the layer's wheel platforms WHEN a reader follows the
README's `sam local` section THEN it names that architecture and what an x86_64 host needs."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tests.infra.conftest import REPO_ROOT


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sam_section() -> str:
    readme = (REPO_ROOT / "README.md").read_text()
    start = readme.index("**Local invocation with `sam local`**")
    return readme[start : readme.index("```", start)]


def test_given_the_stack_architecture_then_the_sam_section_names_it_and_the_x86_route() -> None:
    from coach_infra.layer import ARCHITECTURE

    build_layer = _load(REPO_ROOT / "scripts" / "build_layer.py", "coach_build_layer_for_readme")
    section = " ".join(_sam_section().split())
    assert ARCHITECTURE.name == "arm64"
    assert all(platform.endswith("aarch64") for platform in build_layer.PLATFORMS)
    assert "**arm64**" in section and "aarch64 wheels" in section
    for needed in ("x86_64 Linux", "QEMU", "binfmt", "exec format error", "Architectures"):
        assert needed in section, needed
