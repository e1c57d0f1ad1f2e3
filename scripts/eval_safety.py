"""`make eval-safety`: every labelled case in tests/data/safety/ through the real
`coach policy-check`, scored per class.

Per class: recall (cases labelled modify/block/flag that come out with that action and at least
the labelled policies), false-alarm rate (cases labelled allow that come out as anything else)
and exact matches (action and policy set as labelled). Grouped by set: `cases` (the classes of
issue 11, tuned on), `holdout` (written before tuning, never tuned on), `regression`, `sample`,
`decisions` (the examples of docs/SAFETY.md's decisions), and the external set: written by
someone who never saw the rules, labelled from SAFETY_POLICIES.md alone, split by id into
`external_dev` (odd ids: its misses were shown to the rule authors) and `external_test` (even
ids: never shown, never tuned on); `external2` and `external3`, later sets by other writers who
never saw the rules (the first measured and then tuned on, the second never shown).

    python scripts/eval_safety.py [--set NAME]... [--failures]

`--failures` lists every case that is not an exact match, with the rule ids that fired, so a
miss or a false alarm can be traced. Always exits 0: this reports, the tests enforce.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "safety"
SETS = (
    "cases", "holdout", "regression", "sample", "decisions",
    "external_dev", "external_test", "external2", "external3", "external4", "external5",
)


@dataclass
class Score:
    positives: int = 0
    caught: int = 0
    negatives: int = 0
    false_alarms: int = 0
    exact: int = 0
    total: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, case: dict[str, Any], out: dict[str, Any]) -> None:
        expected, got = case["expected_action"], out.get("action")
        want, have = set(case["expected_violations"]), set(out.get("violations", []))
        self.total += 1
        if expected == "allow":
            self.negatives += 1
            self.false_alarms += got != "allow"
        else:
            self.positives += 1
            self.caught += got == expected and want <= have
        if (got, have) == (expected, want):
            self.exact += 1
        else:
            self.failures.append(
                f"{case['id']} [{case['direction']}] expected {expected} {sorted(want)}, got {got} "
                f"{out.get('rules', out.get('error'))}: {case['text'][:140]}"
            )

    def merge(self, other: Score) -> None:
        for name in ("positives", "caught", "negatives", "false_alarms", "exact", "total"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _set_of(path: Path) -> str:
    return path.parent.name if path.parent != DATA else path.stem


def _load() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for path in sorted(DATA.rglob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if not line.strip():
                continue
            case = json.loads(line)
            if "class" not in case:  # the verbatim sample: its class is the tag in its note
                case["class"] = "sample_" + case.get("note", "[unknown]").split("]")[0].lstrip("[")
            case.setdefault("id", f"{path.stem}-{n}")
            cases.append((_set_of(path), case))
    return cases


def _policy_check(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    coach = Path(sys.executable).with_name("coach")
    command = (
        [str(coach), "policy-check"] if coach.is_file() else [sys.executable, "-m", "coach_core.cli", "policy-check"]
    )
    stdin = "".join(json.dumps({"id": c["id"], "direction": c["direction"], "text": c["text"]}) + "\n" for c in cases)
    proc = subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def _pct(num: int, den: int) -> str:
    return f"{num}/{den} ({100 * num / den:5.1f}%)" if den else "-"


def _row(name: str, s: Score) -> str:
    return (
        f"  {name:24s} n={s.total:4d}  recall {_pct(s.caught, s.positives):18s}  "
        f"false alarms {_pct(s.false_alarms, s.negatives):18s}  exact {_pct(s.exact, s.total)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="eval_safety", description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=SETS, action="append", help="only these sets (default: all)")
    parser.add_argument("--failures", action="store_true", help="list every case that is not an exact match")
    args = parser.parse_args(argv)
    chosen = [(s, c) for s, c in _load() if not args.set or s in args.set]
    results = _policy_check([c for _, c in chosen])
    scores: dict[str, dict[str, Score]] = defaultdict(lambda: defaultdict(Score))
    for (set_name, case), out in zip(chosen, results, strict=True):
        scores[set_name][case["class"]].add(case, out)
    overall = Score()
    for set_name in SETS:
        if set_name not in scores:
            continue
        total = Score()
        print(f"{set_name}:")
        for cls, score in sorted(scores[set_name].items()):
            print(_row(cls, score))
            total.merge(score)
        print(_row("ALL " + set_name, total))
        overall.merge(total)
    print(_row("OVERALL", overall))
    if args.failures:
        for set_name in SETS:
            for cls, score in sorted(scores.get(set_name, {}).items()):
                for line in score.failures:
                    print(f"[{set_name}/{cls}] {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
