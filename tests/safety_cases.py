"""The labelled safety cases in tests/data/safety/, shared by the unit and contract tests.

Each line is a `coach policy-check` input line plus `expected_action`, `expected_violations`
and `class`. `cases/` holds the classes written for issue 11, `regression/` the cases that used
to live in Python, `sample.jsonl` the labelled sample (a verbatim copy: its class comes from the
tag in its note), `decisions.jsonl` the examples of the decisions in docs/SAFETY.md, and
`holdout/` cases written before tuning and never tuned on. `external_dev/` and
`external_test/` were written by someone who never saw the rules, labelled from the policy spec
alone (so some carry two policies); the misses of `external_dev` were shown to the rule
authors, `external_test` was never shown. `external2`-`external5` are later sets by other
writers who never saw the rules, each measured once before any rule was written for it. All
external sets are scored on recall and false alarms.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

SAFETY_DATA = Path(__file__).resolve().parent / "data" / "safety"
SAMPLE = SAFETY_DATA / "sample.jsonl"
DECISIONS = SAFETY_DATA / "decisions.jsonl"
TUNED_FILES = (
    sorted(SAFETY_DATA.glob("cases/*.jsonl")) + sorted(SAFETY_DATA.glob("regression/*.jsonl")) + [SAMPLE, DECISIONS]
)
HOLDOUT_FILES = sorted(SAFETY_DATA.glob("holdout/*.jsonl"))
EXTERNAL_DEV_FILES = sorted(SAFETY_DATA.glob("external_dev/*.jsonl"))
EXTERNAL_TEST_FILES = sorted(SAFETY_DATA.glob("external_test/*.jsonl"))
EXTERNAL_LATER_FILES = {n: sorted(SAFETY_DATA.glob(f"external{n}/*.jsonl")) for n in (2, 3, 4, 5)}
_NOTE_TAG = re.compile(r"^\[(\w+)\]")


def load_cases(path: Path) -> list[dict[str, Any]]:
    """The cases of one file, each with a `class` (from the note's tag for the sample)."""
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        if "class" not in case:
            tag = _NOTE_TAG.match(case.get("note", ""))
            case["class"] = f"sample_{tag.group(1)}" if tag else "sample"
        cases.append(case)
    return cases


def all_cases(paths: list[Path]) -> list[dict[str, Any]]:
    return [case for path in paths for case in load_cases(path)]
