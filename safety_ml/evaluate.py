"""`make eval-safety`: the safety layers measured honestly, and the one scorer of the corpus.

1. Leave one set out. For every independent set (never written by the rule authors), a model is
   trained by exactly the `make train-safety` procedure on every other set (its threshold chosen
   on folds of that training data), and the set is scored by the rules alone, the model alone and
   both: crisis recall and false-alarm rate on user messages, block recall and false alarms on
   coach replies; and the crises both layers still catch when a short harmless message from another
   set is appended (robustness to dilution). No case of a set is in its own fold's training data
   (`corpus.dedupe` removed every cross-set near-duplicate; `tests/unit/test_safety_corpus.py`
   checks it).
2. The committed engine (rules + committed model, every policy) per set: recall, false alarms
   and exact matches; `--failures` lists every case that is not an exact match with its rules.

    python -m safety_ml.evaluate [--set NAME]... [--jobs N] [--write] [--failures] [--no-loso] [--rules]

`--write` records both tables in `safety_corpus/figures.json` with the corpus's and the artifact's
hashes; `tests/unit/test_safety_cases.py` takes its thresholds from there (and fails when the
corpus or the artifact changed since: run `make eval-safety ARGS=--write` again).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from coach_core.policies.crisis import DETECTORS, find_crisis, fires
from coach_core.policies.engine import SafetyPolicyEngine, get_engine
from coach_core.policies.learned.model import ARTIFACT
from safety_ml.corpus import ROOT, TEAM_SETS, Case, digest, independent_sets, load
from safety_ml.report import FIGURES
from safety_ml.train import ARTIFACT_DIR, Features, train

DIRECTION_NAMES = {"input": "user messages (flag)", "output": "coach replies (block)"}


@dataclass
class Tally:
    """Recall, false alarms and exact matches of one group of cases (one policy engine run).

    A labelled positive (modify/block/flag) is caught when it comes out with that action and at
    least the labelled policies; a labelled allow is a false alarm when it comes out otherwise."""

    positives: int = 0
    caught: int = 0
    negatives: int = 0
    false_alarms: int = 0
    exact: int = 0
    total: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, case: Case, action: str, violations: Sequence[str], rules: Sequence[str]) -> None:
        want, have = set(case.expected_violations), set(violations)
        self.total += 1
        if case.expected_action == "allow":
            self.negatives += 1
            self.false_alarms += action != "allow"
        else:
            self.positives += 1
            self.caught += action == case.expected_action and want <= have
        if (action, have) == (case.expected_action, want):
            self.exact += 1
        else:
            self.failures.append(
                f"{case.id} [{case.direction}] expected {case.expected_action} {sorted(want)}, got {action} "
                f"{list(rules)}: {case.text[:140]}"
            )


def score_engine(cases: Sequence[Case], engine: SafetyPolicyEngine | None = None) -> dict[str, dict[str, Tally]]:
    """Every case through the engine (rules + committed model): a Tally per set and class."""
    engine = engine or get_engine()
    scores: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
    for case in cases:
        result = engine.check(case.text, case.direction)
        scores[case.set][case.cls].add(case, result.action, result.violation_types, result.rule_ids)
    return scores


@dataclass(frozen=True)
class Layers:
    """Crisis recall and false alarms of one direction of one set, per layer."""

    positives: int
    negatives: int
    rules: tuple[int, int]
    model: tuple[int, int]
    both: tuple[int, int]
    both_diluted: int = 0
    """Crises still caught by both layers with a harmless sentence appended."""

    @classmethod
    def of(
        cls,
        crisis: np.ndarray,
        rules: np.ndarray,
        model: np.ndarray,
        rules_diluted: np.ndarray,
        model_diluted: np.ndarray,
    ) -> Layers:
        def count(flagged: np.ndarray) -> tuple[int, int]:
            return int((flagged & crisis).sum()), int((flagged & ~crisis).sum())

        diluted = int(((rules_diluted | model_diluted) & crisis).sum())
        return cls(int(crisis.sum()), int((~crisis).sum()), count(rules), count(model), count(rules | model), diluted)


def rules_fire(cases: Sequence[Case]) -> np.ndarray:
    """Whether the crisis rules alone fire on each case."""
    return np.array([find_crisis(c.text, c.direction) is not None for c in cases])


_STATE: dict[Any, Any] = {}


def diluted(case: Case, cases: Sequence[Case]) -> str:
    """The case followed by a short harmless message of the same direction from another independent
    set, chosen by a seed derived from the case's id (the same text on every run)."""
    pool = _STATE.setdefault(
        ("harmless", case.direction),
        [
            c.text
            for c in cases
            if c.set not in TEAM_SETS
            and not c.crisis
            and c.direction == case.direction
            and 3 <= len(c.text.split()) <= 12
        ],
    )
    rnd = random.Random(case.id)
    other = rnd.choice(pool)
    while other in case.text:
        other = rnd.choice(pool)
    text = case.text.rstrip()
    return f"{text}{'' if text[-1:] in '.!?' else '.'} {other}"


def _fold(held_out: str) -> tuple[str, list[bool], list[float], list[bool]]:
    """Train without `held_out` (the whole `make train-safety` procedure) and score it with the
    model exactly as the layer runs it: each case, and each crisis case with a harmless sentence
    appended (is the flag robust to dilution?)."""
    cases: list[Case] = _STATE["cases"]
    sets = np.array([c.set for c in cases])
    trained = train(cases, _STATE["features"], sets != held_out)
    model = trained.runtime()
    held = [c for c in cases if c.set == held_out]
    scored = [model.score(c.text, c.direction) for c in held]
    diluted_flags = [c.crisis and model.score(diluted(c, cases), c.direction).crisis for c in held]
    return held_out, [s.crisis for s in scored], [s.probability for s in scored], diluted_flags


def out_of_fold(cases: list[Case], chosen: Sequence[str], jobs: int) -> tuple[np.ndarray, np.ndarray]:
    """The model's verdict on every case of the chosen sets from the fold that left its set out, plain
    and with a harmless sentence appended (False elsewhere)."""
    _STATE.update(cases=cases, features=Features.of(cases))
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_fold, chosen)
    else:
        results = [_fold(s) for s in chosen]
    sets = np.array([c.set for c in cases])
    model = np.zeros(len(cases), dtype=bool)
    model_diluted = np.zeros(len(cases), dtype=bool)
    for name, flagged, _, flagged_diluted in results:
        model[sets == name] = flagged
        model_diluted[sets == name] = flagged_diluted
    return model, model_diluted


def loso(
    cases: list[Case], chosen: Sequence[str], model: np.ndarray, model_diluted: np.ndarray
) -> dict[str, dict[str, Layers]]:
    """Per left-out set and direction: the three layers' figures."""
    rules = rules_fire(cases)
    rules_diluted = np.array([c.crisis and find_crisis(diluted(c, cases), c.direction) is not None for c in cases])
    sets = np.array([c.set for c in cases])
    crisis = np.array([c.crisis for c in cases])
    directions = np.array([c.direction for c in cases])
    table: dict[str, dict[str, Layers]] = {}
    for name in chosen:
        held = sets == name
        table[name] = {
            d: Layers.of(*(a[held & (directions == d)] for a in (crisis, rules, model, rules_diluted, model_diluted)))
            for d in ("input", "output")
            if (held & (directions == d)).any()
        }
    return table


def print_rule_contributions(
    cases: list[Case], chosen: Sequence[str], model: np.ndarray, model_diluted: np.ndarray
) -> None:
    """Per detector, over the chosen sets: the crises it catches that the out-of-fold model misses
    (plain and with a harmless sentence appended) and the false alarms it adds where the model is
    quiet: what each rule adds beyond the learned layer, measured leave one set out."""
    held = [i for i, c in enumerate(cases) if c.set in set(chosen)]
    longer = {i: diluted(cases[i], cases) for i in held if cases[i].crisis and not model_diluted[i]}
    print("\nEach rule beyond the learned layer, leave one set out: crises the fold's model misses that the rule")
    print("catches (plain | harmless sentence appended), and false alarms it adds where the model is quiet")
    for det in DETECTORS:
        caught = added = caught_diluted = 0
        for i in held:
            c = cases[i]
            if i in longer and fires(det, longer[i], c.direction):
                caught_diluted += 1
            if model[i] or not fires(det, c.text, c.direction):
                continue
            caught += c.crisis
            added += not c.crisis
        print(f"  {det.id:48s} catches {caught:4d} | {caught_diluted:4d}   adds false alarms {added:4d}")


def _pct(num: int, den: int) -> str:
    return f"{num:4d}/{den:<4d} {100 * num / den:5.1f}%" if den else f"{'-':>16s}"


def print_loso(table: dict[str, dict[str, Layers]]) -> None:
    for d, title in DIRECTION_NAMES.items():
        print(f"\nLeave one set out, {title}: recall | false alarms, for rules / model / both")
        print(
            f"  {'left-out set':44s} {'rules recall':>16s} {'model recall':>16s} {'both recall':>16s}"
            f"   {'rules FA':>16s} {'model FA':>16s} {'both FA':>16s}   {'both, diluted':>16s}"
        )
        totals = np.zeros(9, dtype=int)
        for name, per in table.items():
            if d not in per:
                continue
            x = per[d]
            print(
                f"  {name:44s} {_pct(x.rules[0], x.positives)} {_pct(x.model[0], x.positives)} "
                f"{_pct(x.both[0], x.positives)}   {_pct(x.rules[1], x.negatives)} {_pct(x.model[1], x.negatives)} "
                f"{_pct(x.both[1], x.negatives)}   {_pct(x.both_diluted, x.positives)}"
            )
            totals += [x.positives, x.negatives, *x.rules, *x.model, *x.both, x.both_diluted]
        p, n, rc, rf, mc, mf, bc, bf, dc = (int(v) for v in totals)
        print(
            f"  {'all left-out sets':44s} {_pct(rc, p)} {_pct(mc, p)} {_pct(bc, p)}   "
            f"{_pct(rf, n)} {_pct(mf, n)} {_pct(bf, n)}   {_pct(dc, p)}"
        )


def print_engine(scores: dict[str, dict[str, Tally]], failures: bool) -> None:
    print(
        "\nThe committed engine (rules + committed model, every policy), per set; the independent sets' "
        "figures here are in-sample for the model (it was trained on them): the table above is the honest one"
    )
    for name in sorted(scores, key=lambda n: (n in TEAM_SETS, n)):
        total = Tally()
        for tally in scores[name].values():
            for attr in ("positives", "caught", "negatives", "false_alarms", "exact", "total"):
                setattr(total, attr, getattr(total, attr) + getattr(tally, attr))
        print(
            f"  {name:44s} n={total.total:5d}  recall {_pct(total.caught, total.positives)}  "
            f"false alarms {_pct(total.false_alarms, total.negatives)}  exact {_pct(total.exact, total.total)}"
        )
        if failures:
            for tally in scores[name].values():
                for line in tally.failures:
                    print(f"      {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m safety_ml.evaluate", description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", help="only these left-out sets (default: every independent set)")
    parser.add_argument("--jobs", type=int, default=2, help="folds trained at once (default 2)")
    parser.add_argument("--write", action="store_true", help=f"record the figures in {FIGURES.relative_to(ROOT)}")
    parser.add_argument("--failures", action="store_true", help="list every case the engine does not match exactly")
    parser.add_argument("--no-loso", action="store_true", help="only score the committed engine")
    parser.add_argument("--rules", action="store_true", help="also what each rule adds beyond the model, per rule")
    args = parser.parse_args(argv)
    cases = load()
    chosen = args.set or independent_sets(cases)
    unknown = sorted(set(chosen) - set(independent_sets(cases)))
    if unknown:
        parser.error(f"not independent sets of the corpus: {unknown}")
    if args.write and (args.no_loso or args.set):
        parser.error("--write records the whole table: no --set, no --no-loso")
    table: dict[str, dict[str, Layers]] = {}
    if not args.no_loso:
        started = time.perf_counter()
        model, model_diluted = out_of_fold(cases, chosen, args.jobs)
        table = loso(cases, chosen, model, model_diluted)
        print_loso(table)
        print(f"\n  ({len(chosen)} folds in {time.perf_counter() - started:.0f} s)")
        if args.rules:
            print_rule_contributions(cases, chosen, model, model_diluted)
    engine = score_engine(cases)
    print_engine(engine, args.failures)
    if args.write:
        write_figures(cases, table, engine)
        print(f"\nwrote {FIGURES.relative_to(ROOT)}")
    return 0


def engine_summary(engine: dict[str, dict[str, Tally]]) -> dict[str, dict[str, int]]:
    """Per set: the committed engine's totals over every class (what the test compares)."""
    out: dict[str, dict[str, int]] = {}
    for name, classes in engine.items():
        keys = ("positives", "caught", "negatives", "false_alarms", "exact", "total")
        out[name] = {k: sum(getattr(t, k) for t in classes.values()) for k in keys}
    return out


def write_figures(
    cases: Sequence[Case], table: dict[str, dict[str, Layers]], engine: dict[str, dict[str, Tally]]
) -> None:
    meta = json.loads((ARTIFACT_DIR / f"{ARTIFACT}.json").read_text(encoding="utf-8"))
    figures = {
        "corpus_sha256": digest(cases),
        "model_sha256": meta["sha256"],
        "loso": {name: {d: asdict(x) for d, x in per.items()} for name, per in table.items()},
        "engine": engine_summary(engine),
    }
    FIGURES.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
