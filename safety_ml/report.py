"""The leave-one-set-out table of `safety_corpus/figures.json` as Markdown, for the model card
(docs/SAFETY_MODEL.md quotes it verbatim; a test keeps the two equal).

    python -m safety_ml.report
"""

from __future__ import annotations

import json
from typing import Any

from safety_ml.corpus import ROOT

FIGURES = ROOT / "safety_corpus" / "figures.json"

DIRECTIONS = {"input": "User messages (crisis → flag)", "output": "Coach replies (crisis → block)"}


def _cell(hits: int, of: int) -> str:
    return f"{hits}/{of} ({100 * hits / of:.1f} %)" if of else "–"


def table(figures: dict[str, Any], direction: str) -> str:
    """One direction's table: per left-out set, recall and false alarms of the rules, the model
    and both, and both layers' recall with a harmless message appended; then the totals."""
    head = (
        "| left-out set | rules recall | model recall | both recall | rules FA | model FA | both FA "
        "| both, diluted |\n|---|---|---|---|---|---|---|---|"
    )
    rows, totals = [], [0] * 9
    for name, per in figures["loso"].items():
        if direction not in per:
            continue
        x = per[direction]
        p, n = x["positives"], x["negatives"]
        values = [p, n, *x["rules"], *x["model"], *x["both"], x["both_diluted"]]
        totals = [a + b for a, b in zip(totals, values, strict=True)]
        rows.append(_row(name, values))
    rows.append(_row("**all left-out sets**", totals))
    return "\n".join([f"{DIRECTIONS[direction]}:", "", head, *rows])


def _row(name: str, v: list[int]) -> str:
    p, n, rc, rf, mc, mf, bc, bf, dc = v
    cells = [_cell(rc, p), _cell(mc, p), _cell(bc, p), _cell(rf, n), _cell(mf, n), _cell(bf, n), _cell(dc, p)]
    return f"| {name} | " + " | ".join(cells) + " |"


def report(figures: dict[str, Any]) -> str:
    return "\n\n".join(table(figures, d) for d in DIRECTIONS)


def main() -> int:
    print(report(json.loads(FIGURES.read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
