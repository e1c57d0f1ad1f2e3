"""`make bench`: run every benchmark, print one table, write `bench/results/latest.json`.

`python -m bench.run_all [name ...]` runs a subset (module names, e.g. `cache cold_start`).
A benchmark that crashes is reported as failed with its error type; the others still run.
Exit status is 0 when every selected budget is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from bench._common import ROOT, ensure_repo_on_path

BENCHMARKS = (
    "orchestrator_overhead",
    "cold_start",
    "request_overhead",
    "streaming_latency",
    "token_efficiency",
    "concurrency",
    "cache",
    "server_cpu",
    "policy_speed",
    "snapstart",
    "guard_latency",
    "soak",
    "grounding_speed",
)
RESULTS = ROOT / "bench" / "results"


def _machine() -> dict[str, Any]:
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "loadavg_at_start": [round(x, 2) for x in load] if load else None,
    }


def run_one(module_name: str) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        module = importlib.import_module(f"bench.{module_name}")
        outcome: dict[str, Any] = module.run()
    except Exception as exc:
        traceback.print_exc()
        outcome = {
            "name": module_name,
            "figure": f"crashed: {type(exc).__name__}",
            "budget": "-",
            "passed": False,
            "figures": {},
            "notes": [f"{type(exc).__name__}: {exc}"[:500]],
        }
    outcome["module"] = module_name
    outcome["seconds"] = round(time.perf_counter() - started, 1)
    return outcome


def render_table(results: list[dict[str, Any]]) -> str:
    headers = ("benchmark", "figure", "budget", "result")
    rows = [(r["name"], r["figure"], r["budget"], "PASS" if r["passed"] else "FAIL") for r in results]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers)]
    line = "  ".join("-" * w for w in widths)
    out = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)), line]
    out += ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run_all", description=__doc__)
    parser.add_argument(
        "names", nargs="*", metavar="name", help=f"benchmarks to run (default: all): {', '.join(BENCHMARKS)}"
    )
    parser.add_argument("--output", type=Path, default=RESULTS / "latest.json")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)}")
    ensure_repo_on_path()
    selected = args.names or list(BENCHMARKS)
    machine = _machine()
    results = []
    for name in selected:
        print(f"== {name} ...", file=sys.stderr, flush=True)
        outcome = run_one(name)
        print(f"   {outcome['figure']} ({outcome['seconds']} s)", file=sys.stderr, flush=True)
        results.append(outcome)
    print(render_table(results))
    report = {
        "generated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": machine,
        "results": results,
        "all_passed": all(r["passed"] for r in results),
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2, ensure_ascii=False, default=str) + "\n")
    print(f"\nwrote {args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output}")
    return 0 if report["all_passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
