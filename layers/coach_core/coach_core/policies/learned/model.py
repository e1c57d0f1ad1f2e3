"""The learned crisis layer at run time: a logistic model over hashed n-grams, exported by
`make train-safety` to `crisis_model.json` (version, threshold, scale) and `crisis_model.bin`
(int16 weights, one block per direction). Pure Python: no scikit-learn, no numpy; the weights are
one `array` read from the file (~1 ms), and a message is scored in well under a millisecond.

A message is scored as a whole and, for long messages, per run of sentences (`features.windows`),
keeping the highest score, so one sentence that matters is not diluted by the rest. It is a crisis
when the score reaches the direction's threshold (chosen on training folds only: docs/SAFETY_MODEL.md).
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from array import array
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final

from coach_core.policies.learned.features import FeatureSpec, indices, windows
from coach_core.policies.types import CRISIS_MODEL_RULE_PREFIX, Direction

ARTIFACT: Final = "crisis_model"
DIRECTIONS: Final[tuple[Direction, ...]] = ("input", "output")


class ModelArtifactError(RuntimeError):
    """The artifact is missing, corrupt or does not match this code's feature extraction."""


@dataclass(frozen=True, slots=True)
class Score:
    """The model's verdict on one text: its probability, whether it reaches the threshold, and
    the text that scored highest (the whole text, or the run of sentences of a long one)."""

    probability: float
    crisis: bool
    evidence: str


@dataclass(frozen=True, eq=False)
class CrisisModel:
    version: str
    spec: FeatureSpec
    sha256: str
    weights: dict[str, array[int]]
    scale: dict[str, float]
    bias: dict[str, float]
    threshold: dict[str, float]
    use_windows: dict[str, bool]

    @property
    def rule_id(self) -> str:
        return f"{CRISIS_MODEL_RULE_PREFIX}{self.version}"

    def logit(self, text: str, direction: Direction) -> float:
        """The score of one text (no windows): bias + mean weight over sqrt(#features)."""
        found = indices(text, self.spec)
        if not found:
            return self.bias[direction]
        w = self.weights[direction]
        return self.bias[direction] + self.scale[direction] * sum(map(w.__getitem__, found)) / math.sqrt(len(found))

    def score(self, text: str, direction: Direction) -> Score:
        return _score(self, text, direction)


@lru_cache(maxsize=64)  # the streaming guard re-checks the same text; policy-check prints the score too
def _score(model: CrisisModel, text: str, direction: Direction) -> Score:
    z, evidence = model.logit(text, direction), text
    if model.use_windows[direction]:
        for window in windows(text):
            zw = model.logit(window, direction)
            if zw > z:
                z, evidence = zw, window
    probability = 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0
    return Score(round(probability, 4), probability >= model.threshold[direction], evidence)


def _meta() -> dict[str, object]:
    try:
        raw = resources.files(__package__).joinpath(f"{ARTIFACT}.json").read_text(encoding="utf-8")
        meta = json.loads(raw)
    except (OSError, ValueError) as exc:
        raise ModelArtifactError(f"cannot read {ARTIFACT}.json") from exc
    if not isinstance(meta, dict):
        raise ModelArtifactError(f"{ARTIFACT}.json is not an object")
    return meta


@lru_cache(maxsize=1)
def load_model() -> CrisisModel:
    """The committed artifact, read once per process (`SafetyPolicyEngine.warm` loads it before a
    snapshot). Its SHA-256 and feature spec are checked: a mismatch fails loudly, never silently."""
    meta = _meta()
    try:
        blob = resources.files(__package__).joinpath(f"{ARTIFACT}.bin").read_bytes()
        spec = FeatureSpec(**meta["features"])  # type: ignore[arg-type]
        size = 1 << spec.bits
        if hashlib.sha256(blob).hexdigest() != meta["sha256"] or len(blob) != 2 * size * len(DIRECTIONS):
            raise ModelArtifactError(f"{ARTIFACT}.bin does not match its metadata")
        weights: dict[str, array[int]] = {}
        view = memoryview(blob)
        for n, direction in enumerate(DIRECTIONS):
            block = array("h")
            block.frombytes(view[2 * size * n : 2 * size * (n + 1)])
            if sys.byteorder != "little":
                block.byteswap()
            weights[direction] = block
        per = meta["directions"]
        return CrisisModel(
            version=str(meta["version"]),
            spec=spec,
            sha256=str(meta["sha256"]),
            weights=weights,
            scale={d: float(per[d]["scale"]) for d in DIRECTIONS},  # type: ignore[index]
            bias={d: float(per[d]["bias"]) for d in DIRECTIONS},  # type: ignore[index]
            threshold={d: float(per[d]["threshold"]) for d in DIRECTIONS},  # type: ignore[index]
            use_windows={d: bool(per[d]["windows"]) for d in DIRECTIONS},  # type: ignore[index]
        )
    except (KeyError, TypeError, ValueError, OSError) as exc:
        raise ModelArtifactError(f"{ARTIFACT} is incomplete") from exc
