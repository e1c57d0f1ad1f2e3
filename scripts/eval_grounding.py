"""`make eval-grounding`: the numeric-grounding check over the generated evaluation set.

Prints, per split and in total: detection recall on the perturbed figures, the false-ungrounded
rate on the true figures, figures flagged inside advice sentences, and the set's fingerprint
(same seed, same set). Splits (tests/grounding_eval/evalset.py): `dev` (the templates the checker
was developed against), `holdout`, `fresh`, `fresh2`, `fresh3` (written later, each measured and
then looked at) and `fresh4` (written after the checker's last change, never tuned on).
Targets: recall >= 0.95, false-ungrounded <= 2 %.

    python scripts/eval_grounding.py [--seed N] [--users N] [--failures SPLIT]

Always exits 0: this reports, the tests enforce (tests/unit/test_grounding_eval.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.grounding_eval.evalset import DEFAULT_SEED, DEFAULT_USERS, digest, generate, score  # noqa: E402

RECALL_TARGET = 0.95
FALSE_TARGET = 0.02


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--users", type=int, default=DEFAULT_USERS)
    parser.add_argument(
        "--failures",
        choices=("dev", "holdout", "fresh", "fresh2", "fresh3", "fresh4", "all"),
        help="list the misses and false flags of a split",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    cases = generate(args.seed, args.users)
    scores = score(cases)
    elapsed = time.perf_counter() - started
    print(
        f"grounding evaluation: seed {args.seed}, {args.users} synthetic users, {len(cases)} answers, "
        f"set {digest(cases)} ({elapsed:.1f} s)"
    )
    print(
        f"{'split':<8} {'answers':>7} {'perturbed':>9} {'recall':>7} {'true figs':>9} {'false':>6} "
        f"{'false rate':>10} {'advice flags':>13}"
    )
    for name, s in scores.items():
        print(
            f"{name:<8} {s.answers:>7} {s.perturbed:>9} {s.recall:>7.3f} {s.true_figures:>9} {s.false_flags:>6} "
            f"{s.false_rate:>10.2%} {s.advice_flags:>6}/{s.advice_sentences:<6}"
        )
    total = scores["all"]
    met = total.recall >= RECALL_TARGET and total.false_rate <= FALSE_TARGET
    print(f"targets: recall >= {RECALL_TARGET}, false-ungrounded <= {FALSE_TARGET:.0%}: {'met' if met else 'NOT met'}")
    if args.failures:
        for line in scores[args.failures].misses:
            print("MISS ", line.replace("\n", " / "))
        for line in scores[args.failures].false:
            print("FALSE", line.replace("\n", " / "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
