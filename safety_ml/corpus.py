"""The labelled safety corpus in `safety_corpus/sets/<set>.jsonl`: one schema, one loader.

Each line is a `coach policy-check` input line (`id`, `direction`, `text`) plus its labels
(`expected_action`, `expected_violations`, `class`) and where it came from (`set`,
`writer_brief`, `date`). `safety_corpus/README.md` says which sets are independent.

Near-duplicates across sets are removed when a set is added (`python -m safety_ml.corpus add`):
two texts are near-duplicates when their word-level canonical forms are equal, or when the
Jaccard similarity of their character 5-gram shingle sets is at least `NEAR_DUPLICATE`. Of a
pair, the case of the set that ranks first in `priority` is kept (independent sets before the
team's, earlier sets before later ones), so a held-out set never loses a case to a copy of it.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Final, Literal

from coach_core.policies.engine import POLICY_ORDER
from coach_core.policies.text import normalize

ROOT: Final = Path(__file__).resolve().parents[1]
SETS_DIR: Final = ROOT / "safety_corpus" / "sets"
KEYS: Final = (
    "id",
    "direction",
    "text",
    "expected_action",
    "expected_violations",
    "class",
    "set",
    "writer_brief",
    "date",
)
ACTIONS: Final = ("allow", "modify", "block", "flag")
NEAR_DUPLICATE: Final = 0.8
SHINGLE: Final = 5

# Sets written by the team (the rule authors) or derived from the rules: never reported as unseen.
TEAM_SETS: Final = (
    "spec-sample",
    "team-holdout",
    "team-decisions",
    "team-classes",
    "team-regression",
    "team-detector-examples",
)
_WORD = re.compile(r"[^\W_]+")
_CRISIS_ACTION: Final = {"input": "flag", "output": "block"}

Direction = Literal["input", "output"]


@dataclass(frozen=True)
class Case:
    id: str
    direction: Direction
    text: str
    expected_action: str
    expected_violations: tuple[str, ...]
    cls: str
    set: str
    writer_brief: str
    date: str

    @property
    def crisis(self) -> bool:
        return "crisis" in self.expected_violations

    @cached_property
    def key(self) -> str:
        """The canonical word sequence: equal keys are duplicates."""
        return " ".join(_WORD.findall(normalize(self.text)))

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "direction": self.direction,
            "text": self.text,
            "expected_action": self.expected_action,
            "expected_violations": list(self.expected_violations),
            "class": self.cls,
            "set": self.set,
            "writer_brief": self.writer_brief,
            "date": self.date,
        }


class CorpusError(ValueError):
    """A line that breaks the schema; the message names the file, line and field."""


def parse(line: str, where: str) -> Case:
    try:
        raw = json.loads(line)
    except ValueError as exc:
        raise CorpusError(f"{where}: not JSON") from exc
    if not isinstance(raw, dict) or set(raw) != set(KEYS):
        found = sorted(raw) if isinstance(raw, dict) else type(raw).__name__
        raise CorpusError(f"{where}: keys must be exactly {list(KEYS)}, got {found}")
    violations = raw["expected_violations"]
    checks = {
        "id": isinstance(raw["id"], str) and raw["id"],
        "direction": raw["direction"] in ("input", "output"),
        "text": isinstance(raw["text"], str) and raw["text"].strip(),
        "expected_action": raw["expected_action"] in ACTIONS,
        "expected_violations": isinstance(violations, list)
        and all(v in POLICY_ORDER for v in violations)
        and violations == sorted(set(violations), key=POLICY_ORDER.index)
        and (raw["expected_action"] == "allow") == (not violations)
        and ("crisis" not in violations or raw["expected_action"] == _CRISIS_ACTION.get(raw["direction"])),
        "class": isinstance(raw["class"], str) and raw["class"],
        "set": isinstance(raw["set"], str) and raw["set"],
        "writer_brief": isinstance(raw["writer_brief"], str) and raw["writer_brief"],
        "date": isinstance(raw["date"], str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw["date"]),
    }
    bad = [name for name, ok in checks.items() if not ok]
    if bad:
        raise CorpusError(f"{where}: invalid {', '.join(bad)}")
    return Case(
        raw["id"],
        raw["direction"],
        raw["text"],
        raw["expected_action"],
        tuple(violations),
        raw["class"],
        raw["set"],
        raw["writer_brief"],
        raw["date"],
    )


def read_set(path: Path) -> list[Case]:
    cases = [
        parse(line, f"{path.name}:{n}")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.strip()
    ]
    wrong = [c.id for c in cases if c.set != path.stem]
    if wrong:
        raise CorpusError(f"{path.name}: cases {wrong[:3]} name another set")
    return cases


def load(sets_dir: Path = SETS_DIR) -> list[Case]:
    """Every case of every set, in priority order; ids unique across the corpus."""
    by_set = {p.stem: read_set(p) for p in sorted(sets_dir.glob("*.jsonl"))}
    cases = [c for name in priority(by_set) for c in by_set[name]]
    dup = [i for i, n in Counter(c.id for c in cases).items() if n > 1]
    if dup:
        raise CorpusError(f"duplicate ids: {dup[:5]}")
    return cases


def priority(names: Iterable[str]) -> list[str]:
    """Independent sets first (in name order: external1..5, then w01..), then the team's."""
    names = list(names)
    return sorted(n for n in names if n not in TEAM_SETS) + [n for n in TEAM_SETS if n in names]


def independent_sets(cases: Iterable[Case]) -> list[str]:
    return priority({c.set for c in cases if c.set not in TEAM_SETS})


def shingles(key: str, size: int = SHINGLE) -> frozenset[str]:
    padded = f" {key} "
    return frozenset(padded[i : i + size] for i in range(max(1, len(padded) - size + 1)))


def near_duplicate_pairs(cases: Sequence[Case], threshold: float = NEAR_DUPLICATE) -> list[tuple[int, int, float]]:
    """Pairs (i, j), i < j, of cases in different sets whose keys are equal or whose shingle sets
    have Jaccard similarity >= threshold. Exact, by prefix filtering: order every shingle by how
    many cases hold it (rarest first); two sets with Jaccard >= t share at least one shingle among
    the first n - ceil(t * n) + 1 of each (n its size), so only pairs sharing such a prefix
    shingle are compared, and no pair is missed however common its words."""
    import numpy as np
    from scipy import sparse

    grams = [shingles(c.key) for c in cases]
    df = Counter(g for gs in grams for g in gs)
    vocab = {g: n for n, g in enumerate(sorted(df, key=lambda g: (df[g], g)))}
    rows, cols, prefix = [], [], []
    for i, gs in enumerate(grams):
        ordered = sorted(vocab[g] for g in gs)
        keep = len(ordered) - math.ceil(threshold * len(ordered)) + 1
        rows += [i] * len(ordered)
        cols += ordered
        prefix += [True] * keep + [False] * (len(ordered) - keep)
    ones = np.ones(len(rows), dtype=np.int32)
    full = sparse.csr_matrix((ones, (rows, cols)), shape=(len(cases), len(vocab)))
    keep_ = np.array(prefix)
    sub = sparse.csr_matrix((ones[keep_], (np.array(rows)[keep_], np.array(cols)[keep_])), shape=full.shape)
    candidates = sparse.triu(sub @ sub.T, k=1).tocoo()
    sets = np.array([c.set for c in cases])
    pick = sets[candidates.row] != sets[candidates.col]
    first, second = candidates.row[pick], candidates.col[pick]
    sizes = np.asarray(full.sum(axis=1)).ravel()
    found: dict[tuple[int, int], float] = {}
    for lo in range(0, len(first), 200_000):
        a, b = first[lo : lo + 200_000], second[lo : lo + 200_000]
        inter = np.asarray(full[a].multiply(full[b]).sum(axis=1)).ravel()
        jac = inter / (sizes[a] + sizes[b] - inter)
        for i, j, x in zip(
            a[jac >= threshold].tolist(), b[jac >= threshold].tolist(), jac[jac >= threshold].tolist(), strict=True
        ):
            found[(i, j)] = x
    by_key: dict[str, list[int]] = {}
    for i, c in enumerate(cases):
        by_key.setdefault(c.key, []).append(i)
    for same in by_key.values():
        for a, i in enumerate(same):
            for j in same[a + 1 :]:
                if cases[i].set != cases[j].set:
                    found.setdefault((i, j), 1.0)
    return sorted((i, j, jac) for (i, j), jac in found.items())


def dedupe(cases: Sequence[Case]) -> tuple[list[Case], list[tuple[Case, Case, float]]]:
    """Drop, of every cross-set near-duplicate pair, the case of the lower-priority set (cases
    come in priority order, so that is the later one). Returns the kept cases and (kept,
    dropped, similarity) for each drop."""
    dropped: dict[int, tuple[int, float]] = {}
    for i, j, jac in near_duplicate_pairs(cases):
        if i not in dropped and j not in dropped:
            dropped[j] = (i, jac)
    kept = [c for n, c in enumerate(cases) if n not in dropped]
    return kept, [(cases[i], cases[j], jac) for j, (i, jac) in sorted(dropped.items())]


def digest(cases: Sequence[Case]) -> str:
    """A hash of every case and label, in corpus order: the artifact and the figures record it,
    so a test can tell when either is stale."""
    import hashlib

    h = hashlib.sha256()
    for c in cases:
        h.update(json.dumps(c.as_json(), ensure_ascii=False, sort_keys=True).encode())
    return h.hexdigest()


def write_set(path: Path, cases: Sequence[Case]) -> None:
    path.write_text("".join(json.dumps(c.as_json(), ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")


def add(new_file: Path, sets_dir: Path = SETS_DIR) -> int:
    """Validate a new set's file and add it to the corpus as `sets/<its set name>.jsonl`, dropping
    the near-duplicates the priority order assigns to it or to the team's sets."""
    new = read_set(new_file) if new_file.stem == _only_set(new_file) else None
    if new is None:
        raise CorpusError(f"{new_file.name}: the file must be named after its set")
    target = sets_dir / f"{new[0].set}.jsonl"
    if target.exists():
        raise CorpusError(f"{target.name} exists: a set is added once")
    write_set(target, new)
    cases = load(sets_dir)
    kept, drops = dedupe(cases)
    for name in {c.set for c in cases}:
        write_set(sets_dir / f"{name}.jsonl", [c for c in kept if c.set == name])
    for keep, drop, jac in drops:
        print(f"dropped {drop.set}/{drop.id} ({jac:.2f} like {keep.set}/{keep.id}): {drop.text[:90]!r}")
    print(f"{len(cases)} cases, {len(drops)} near-duplicates dropped, {len(kept)} kept")
    return 0


def _only_set(path: Path) -> str:
    names = {str(json.loads(line)["set"]) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}
    if len(names) != 1:
        raise CorpusError(f"{path.name}: one set per file, found {sorted(names)}")
    return str(names.pop())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m safety_ml.corpus", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="validate every set and report cross-set near-duplicates (exit 1 if any)")
    add_p = sub.add_parser("add", help="add a new set file (named <set>.jsonl) and drop near-duplicates")
    add_p.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "add":
            return add(args.file)
        cases = load()
        pairs = near_duplicate_pairs(cases)
        for i, j, jac in pairs[:20]:
            print(f"near-duplicate ({jac:.2f}): {cases[i].set}/{cases[i].id} ~ {cases[j].set}/{cases[j].id}")
        print(f"{len(cases)} cases in {len({c.set for c in cases})} sets, {len(pairs)} cross-set near-duplicates")
        return 1 if pairs else 0
    except CorpusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
