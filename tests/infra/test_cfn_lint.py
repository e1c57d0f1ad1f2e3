"""GIVEN the synthesized templates WHEN cfn-lint checks them THEN it reports no errors.

Warnings are allowed (CDK emits redundant DependsOn, W3005) but printed so they stay visible."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from tests.infra.conftest import Synth

pytestmark = pytest.mark.infra

CFN_LINT = Path(sys.executable).with_name("cfn-lint")


def lint(synth: Synth, tmp_path: Path) -> list[dict[str, Any]]:
    path = tmp_path / f"{synth.stack_name}.template.json"
    path.write_text(json.dumps(synth.data, indent=1))
    result = subprocess.run(
        [str(CFN_LINT), "--format", "json", "--regions", "us-east-1", "--", str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=240,
    )
    # Exit code is a bit mask (2 errors, 4 warnings, 8 informational); 1 means cfn-lint itself failed.
    assert result.returncode != 1, result.stderr
    matches: list[dict[str, Any]] = json.loads(result.stdout or "[]")
    return matches


@pytest.mark.parametrize("which", ["synth", "synth_prod", "synth_full"])
def test_cfn_lint_reports_no_errors(which: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    assert CFN_LINT.exists(), f"cfn-lint not installed next to {sys.executable}"
    synth: Synth = request.getfixturevalue(which)
    matches = lint(synth, tmp_path)
    errors = [m for m in matches if m["Level"] == "Error"]
    for m in matches:
        print(f"{m['Level']} {m['Rule']['Id']} {m['Message']}")
    assert errors == []
