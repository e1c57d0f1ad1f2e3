"""`make train-safety`: the learned crisis layer, trained from `safety_corpus/` alone and exported
to `coach_core/policies/learned/crisis_model.{json,bin}`.

One logistic model for both directions (SGD, log loss, fixed seed): every case contributes its
hashed n-grams to a shared block, and coach replies also to a reply-only block, so replies learn
from user messages and still get their own weights; every independent case is also seen twice
joined with a short harmless text (`_diluted`), so a harmless sentence cannot wash a crisis out;
the export folds the blocks into one weight vector per direction (int16 with a scale). The
threshold of each direction, and whether long texts are also scored per run of sentences, are
chosen on out-of-fold scores of the training data alone (folds are whole sets): the threshold is
the lowest that keeps false alarms on the independent sets' non-crisis cases at or below
`TARGET_FALSE_ALARMS`.

    python -m safety_ml.train [--check]     # --check: train, compare with the committed artifact
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from scipy import sparse
from sklearn.linear_model import SGDClassifier

from coach_core.policies.learned.features import FeatureSpec, indices, windows
from coach_core.policies.learned.model import ARTIFACT, DIRECTIONS, CrisisModel
from safety_ml.corpus import ROOT, TEAM_SETS, Case, digest, load

VERSION: Final = "v1"
SPEC: Final = FeatureSpec(bits=20, word_ngrams=3)
ALPHA: Final = 3e-6
EPOCHS: Final = 30
SEED: Final = 20261202
FOLDS: Final = 4
TARGET_FALSE_ALARMS: Final = 0.01
DILUTIONS: Final = 2
SHORT_WORDS: Final = {"input": 12, "output": 25}
ARTIFACT_DIR: Final = ROOT / "layers" / "coach_core" / "coach_core" / "policies" / "learned"


@dataclass(frozen=True)
class Features:
    """Each case's buckets, and each long case's windows' buckets, computed once per run."""

    whole: list[list[int]]
    windows: list[list[list[int]]]

    @classmethod
    def of(cls, cases: Sequence[Case]) -> Features:
        return cls([indices(c.text, SPEC) for c in cases], [[indices(w, SPEC) for w in windows(c.text)] for c in cases])


def _rows(rows: Sequence[list[int]], outputs: Sequence[bool]) -> sparse.csr_matrix:
    """The design matrix: shared block, reply-only block, reply indicator; L2-normalised rows."""
    size = 1 << SPEC.bits
    data: list[float] = []
    cols: list[int] = []
    ptr = [0]
    for found, is_output in zip(rows, outputs, strict=True):
        v = 1.0 / math.sqrt(len(found)) if found else 0.0
        cols += found
        data += [v] * len(found)
        if is_output:
            cols += [size + i for i in found] + [2 * size]
            data += [v] * len(found) + [1.0]
        ptr.append(len(cols))
    return sparse.csr_matrix((np.array(data), np.array(cols), np.array(ptr)), shape=(len(rows), 2 * size + 1))


@dataclass(frozen=True)
class Linear:
    """Fitted weights folded per direction (float): w[d], b[d]."""

    weights: dict[str, np.ndarray]
    bias: dict[str, float]

    def logits(self, rows: Sequence[list[int]], direction: str) -> np.ndarray:
        w, b = self.weights[direction], self.bias[direction]
        return np.array([b + (w[r].sum() / math.sqrt(len(r)) if r else 0.0) for r in rows])


def _diluted(features: Features, cases: Sequence[Case], idx: list[int]) -> tuple[list[list[int]], list[Case]]:
    """`DILUTIONS` extra copies of every independent case, each joined with a short non-crisis text
    of the same direction from the training cases (label unchanged): a crisis said beside a harmless
    sentence is still a crisis, and two harmless texts are still harmless. Without them, appending one
    harmless sentence cleared two thirds of the model's flags (docs/SAFETY_MODEL.md)."""
    rnd = random.Random(SEED)
    short = {
        d: [
            i
            for i in idx
            if cases[i].set not in TEAM_SETS
            and not cases[i].crisis
            and cases[i].direction == d
            and len(cases[i].text.split()) <= SHORT_WORDS[d]
        ]
        for d in DIRECTIONS
    }
    rows: list[list[int]] = []
    labels: list[Case] = []
    for i in idx:
        if cases[i].set in TEAM_SETS or not short[cases[i].direction]:
            continue
        for _ in range(DILUTIONS):
            j = rnd.choice(short[cases[i].direction])
            rows.append(sorted(set(features.whole[i]) | set(features.whole[j])))
            labels.append(cases[i])
    return rows, labels


def fit(features: Features, cases: Sequence[Case], mask: np.ndarray) -> Linear:
    idx = np.flatnonzero(mask).tolist()
    extra_rows, extra = _diluted(features, cases, idx)
    chosen = [cases[i] for i in idx] + extra
    x = _rows([features.whole[i] for i in idx] + extra_rows, [c.direction == "output" for c in chosen])
    y = np.array([c.crisis for c in chosen])
    clf = SGDClassifier(
        loss="log_loss", alpha=ALPHA, max_iter=EPOCHS, tol=None, class_weight="balanced", random_state=SEED
    )
    clf.fit(x, y)
    coef, size = clf.coef_.ravel(), 1 << SPEC.bits
    shared = coef[:size]
    return Linear(
        {"input": shared.copy(), "output": shared + coef[size : 2 * size]},
        {"input": float(clf.intercept_[0]), "output": float(clf.intercept_[0] + coef[2 * size])},
    )


def case_logits(model: Linear, features: Features, cases: Sequence[Case], idx: Sequence[int]) -> dict[str, np.ndarray]:
    """For each case: its whole-text logit, and the highest of whole and windows."""
    whole = np.array([model.logits([features.whole[i]], cases[i].direction)[0] for i in idx])
    best = whole.copy()
    for k, i in enumerate(idx):
        if features.windows[i]:
            best[k] = max(best[k], model.logits(features.windows[i], cases[i].direction).max())
    return {"whole": whole, "windows": best}


def set_folds(cases: Sequence[Case], folds: int = FOLDS) -> list[list[str]]:
    """Whole sets in `folds` groups of similar size (largest first, each to the smallest group)."""
    sizes: dict[str, int] = {}
    for c in cases:
        sizes[c.set] = sizes.get(c.set, 0) + 1
    groups: list[list[str]] = [[] for _ in range(folds)]
    totals = [0] * folds
    for name in sorted(sizes, key=lambda n: (-sizes[n], n)):
        k = totals.index(min(totals))
        groups[k].append(name)
        totals[k] += sizes[name]
    return groups


def threshold_for(negatives: np.ndarray, target: float = TARGET_FALSE_ALARMS) -> float:
    """The lowest logit that leaves at most `target` of these negatives at or above it."""
    ordered = np.sort(negatives)[::-1]
    allowed = math.floor(target * len(ordered))
    return float(np.nextafter(ordered[allowed], np.inf)) if allowed < len(ordered) else float(ordered[-1])


@dataclass(frozen=True)
class Choice:
    threshold_logit: float
    windows: bool
    oof_recall: float
    oof_false_alarms: float


def choose(features: Features, cases: Sequence[Case], mask: np.ndarray) -> dict[str, Choice]:
    """Threshold and windowing per direction from out-of-fold scores of the cases in `mask`."""
    sets = np.array([c.set for c in cases])
    scores: dict[str, np.ndarray] = {v: np.full(len(cases), np.nan) for v in ("whole", "windows")}
    for group in set_folds([c for c, m in zip(cases, mask, strict=True) if m]):
        held = mask & np.isin(sets, group)
        model = fit(features, cases, mask & ~held)
        idx = np.flatnonzero(held)
        for variant, values in case_logits(model, features, cases, idx.tolist()).items():
            scores[variant][idx] = values
    choices: dict[str, Choice] = {}
    for d in DIRECTIONS:
        sel = mask & np.array([c.direction == d for c in cases])
        crisis = np.array([c.crisis for c in cases])
        independent = ~np.isin(sets, TEAM_SETS)
        best: Choice | None = None
        for variant in ("whole", "windows"):
            s = scores[variant]
            thr = threshold_for(s[sel & ~crisis & independent])
            recall = float((s[sel & crisis] >= thr).mean())
            fa = float((s[sel & ~crisis & independent] >= thr).mean())
            if best is None or recall > best.oof_recall:
                best = Choice(thr, variant == "windows", recall, fa)
        assert best is not None
        choices[d] = best
    return choices


@dataclass(frozen=True)
class Trained:
    linear: Linear
    choices: dict[str, Choice]
    n_cases: int

    def runtime(self) -> CrisisModel:
        """The model exactly as the layer will run it (quantised weights, same scoring code)."""
        blob, meta = export_bytes(self, {})
        from array import array

        size = 1 << SPEC.bits
        weights: dict[str, array[int]] = {}
        for n, d in enumerate(DIRECTIONS):
            block = array("h")
            block.frombytes(blob[2 * size * n : 2 * size * (n + 1)])
            weights[d] = block
        per = meta["directions"]
        return CrisisModel(
            VERSION,
            SPEC,
            meta["sha256"],
            weights,
            {d: per[d]["scale"] for d in DIRECTIONS},
            {d: per[d]["bias"] for d in DIRECTIONS},
            {d: per[d]["threshold"] for d in DIRECTIONS},
            {d: per[d]["windows"] for d in DIRECTIONS},
        )


def train(cases: Sequence[Case], features: Features | None = None, mask: np.ndarray | None = None) -> Trained:
    """Choose thresholds on folds of the training cases, then fit on all of them."""
    features = features or Features.of(cases)
    mask = np.ones(len(cases), dtype=bool) if mask is None else mask
    choices = choose(features, cases, mask)
    return Trained(fit(features, cases, mask), choices, int(mask.sum()))


def _probability(logit: float) -> float:
    return 1.0 / (1.0 + math.exp(-logit))


def export_bytes(trained: Trained, provenance: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    """The artifact: int16 weights per direction (little-endian) and its metadata."""
    blocks, per = [], {}
    for d in DIRECTIONS:
        w = trained.linear.weights[d]
        scale = float(np.abs(w).max()) / 32767 or 1.0
        q = np.clip(np.rint(w / scale), -32767, 32767).astype("<i2")
        blocks.append(q.tobytes())
        c = trained.choices[d]
        per[d] = {
            "bias": round(trained.linear.bias[d], 8),
            "scale": scale,
            "threshold": round(_probability(c.threshold_logit), 6),
            "windows": c.windows,
            "oof_recall": round(c.oof_recall, 4),
            "oof_false_alarms": round(c.oof_false_alarms, 4),
        }
    blob = b"".join(blocks)
    meta = {
        "version": VERSION,
        "features": SPEC.as_dict(),
        "sha256": hashlib.sha256(blob).hexdigest(),
        "directions": per,
        "training": {
            "cases": trained.n_cases,
            "alpha": ALPHA,
            "epochs": EPOCHS,
            "seed": SEED,
            "folds": FOLDS,
            "target_false_alarms": TARGET_FALSE_ALARMS,
            "dilutions": DILUTIONS,
            **provenance,
        },
    }
    return blob, meta


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m safety_ml.train", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="train and compare with the committed artifact")
    args = parser.parse_args(argv)
    cases = load()
    trained = train(cases)
    sets = sorted({c.set for c in cases})
    blob, meta = export_bytes(trained, {"corpus_sha256": digest(cases), "sets": len(sets)})
    text = json.dumps(meta, indent=1, sort_keys=True) + "\n"
    paths = ARTIFACT_DIR / f"{ARTIFACT}.bin", ARTIFACT_DIR / f"{ARTIFACT}.json"
    for d in DIRECTIONS:
        p = meta["directions"][d]
        print(
            f"{d}: threshold {p['threshold']:.4f}, windows {p['windows']}, out-of-fold recall {p['oof_recall']:.3f} "
            f"at false alarms {p['oof_false_alarms']:.3f}"
        )
    print(f"{len(cases)} cases in {len(sets)} sets; {len(blob) / 1e6:.1f} MB; sha256 {meta['sha256']}")
    if args.check:
        same = paths[0].read_bytes() == blob and paths[1].read_text(encoding="utf-8") == text
        print("the committed artifact is reproduced" if same else "the committed artifact DIFFERS from this training")
        return 0 if same else 1
    paths[0].write_bytes(blob)
    paths[1].write_text(text, encoding="utf-8")
    print(f"wrote {paths[0].relative_to(ROOT)} and {paths[1].name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
