"""`python -m bench.report [results.json]`: the results table as Markdown, for
docs/PERFORMANCE.md (defaults to bench/results/latest.json)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bench.run_all import RESULTS


def markdown(report: dict[str, Any]) -> str:
    machine = report.get("machine", {})
    lines = [
        f"Run {report.get('generated_at', '?')} on {machine.get('cpus', '?')} CPUs, Python "
        f"{machine.get('python', '?')}, load average at start {machine.get('loadavg_at_start')}.",
        "",
        "| benchmark | figure | budget | result |",
        "|---|---|---|---|",
    ]
    for r in report["results"]:
        cells = [r["name"], r["figure"], r["budget"], "PASS" if r["passed"] else "**FAIL**"]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else RESULTS / "latest.json"
    print(markdown(json.loads(path.read_text())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
