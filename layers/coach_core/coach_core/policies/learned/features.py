"""The learned crisis layer's features: hashed word n-grams (and optionally character n-grams) of
the policies' canonical text (`text.normalize`: case, apostrophes, leetspeak, slang and typos already folded).

Training (`safety_ml`) and inference import this one function, so the two can never disagree.
Hashing (CRC-32, seeded per feature kind, into 2**bits buckets) keeps the artifact a flat array
of weights: no vocabulary to load, nothing to compile at cold start. Features are binary and the
vector is L2-normalised, so a text's score is `bias + sum(weights[i]) / sqrt(len(indices))`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from zlib import crc32

from coach_core.policies.text import normalize
from coach_core.policies.text.regex import LazyPattern

_TOKEN_RE = LazyPattern(r"[^\W_]+|[^\w\s]")
# Seeds keep a word and a character n-gram with the same bytes in different buckets.
_WORD_SEEDS = (0x5EED0001, 0x5EED0002, 0x5EED0003)
_CHAR_SEED = 0x5EED00C0


@dataclass(frozen=True, slots=True)
class FeatureSpec:
    """How a text becomes bucket indices; stored in the artifact's metadata and checked on load."""

    bits: int = 20
    word_ngrams: int = 3
    char_min: int = 0  # 0: no character n-grams
    char_max: int = 0

    def as_dict(self) -> dict[str, int]:
        return {
            "bits": self.bits,
            "word_ngrams": self.word_ngrams,
            "char_min": self.char_min,
            "char_max": self.char_max,
        }


def indices(text: str, spec: FeatureSpec) -> list[int]:
    """The sorted, distinct feature buckets of `text` (already-normalised text is accepted too:
    normalising twice changes nothing)."""
    norm = normalize(text)
    mask = (1 << spec.bits) - 1
    found: set[int] = set()
    words = [w.encode() for w in _TOKEN_RE.findall(norm)]
    for n in range(1, spec.word_ngrams + 1):
        seed = _WORD_SEEDS[n - 1]
        found.update(crc32(b" ".join(words[i : i + n]), seed) & mask for i in range(len(words) - n + 1))
    padded = b" " + b" ".join(words) + b" "
    for n in range(max(1, spec.char_min), spec.char_max + 1) if spec.char_min else ():
        seed = _CHAR_SEED + n
        found.update(crc32(padded[i : i + n], seed) & mask for i in range(len(padded) - n + 1))
    return sorted(found)


_SENTENCE_END = re.compile(r"(?<=[.!?\n])\s+")


def windows(text: str, size: int = 2) -> list[str]:
    """The text's sentences in overlapping runs of `size` (a long message where one sentence
    matters is scored where that sentence is, not diluted by the rest)."""
    sentences = [s for s in _SENTENCE_END.split(text) if s.strip()]
    if len(sentences) <= size:
        return []
    return [" ".join(sentences[i : i + size]) for i in range(len(sentences) - size + 1)]
