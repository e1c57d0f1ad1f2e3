"""The house's arrows are enforced, not described: every import-linter contract in
pyproject.toml (layers, no cycles between top-level parts, pure policies and domain, providers
that know nothing above them, SDKs only under providers/) must be kept, and no module of the
shared layer is over 500 lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "layers" / "coach_core" / "coach_core"
MAX_MODULE_LINES = 500


def test_given_the_import_linter_contracts_when_linted_then_every_contract_is_kept() -> None:
    """GIVEN the contracts in pyproject.toml WHEN lint-imports runs THEN it reports no broken contract
    (a wrong arrow anywhere in coach_core fails this test, with the offending import chain)."""
    lint_imports = Path(sys.executable).with_name("lint-imports")
    proc = subprocess.run(
        [str(lint_imports), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "0 broken" in proc.stdout


def test_given_the_shared_layer_then_no_module_is_over_500_lines() -> None:
    """GIVEN every Python module of coach_core THEN none is over 500 lines (rule tables are data)."""
    long = {
        str(path.relative_to(CORE)): count
        for path in CORE.rglob("*.py")
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}
