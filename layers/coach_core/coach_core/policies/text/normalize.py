"""The canonical form every policy pattern is written against.

NFKC, case-folded, apostrophes removed ("i'm" -> "im"), dashes unified to "-", whitespace
collapsed (newlines kept: they end sentences), letters repeated three or more times cut to two
("sooooo" -> "soo"), leetspeak and masked crisis words read back ("k1ll" -> "kill", "s*icide"
-> "suicide"), the misspellings and slang of `typos.TYPOS` rewritten ("myslef" -> "myself",
"wanna" -> "want to", "endin" -> "ending"), and "want 2 die" read as "want to die". Matching
this form is what makes every result independent of letter case and of these spellings.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from coach_core.policies.text.regex import LazyPattern, alternation
from coach_core.policies.text.typos import DROPPED_G_STEMS, LEET_CHARS, LEET_TARGETS, TYPOS

_DELETE = "'’‘ʼ`´′\u200b\u200c\u200d\u2060\ufeff\u00ad"
_DASHES = "‐‑‒–—―−"
_TRANSLATION = {ord(c): None for c in _DELETE} | {ord(c): "-" for c in _DASHES} | {ord("ı"): "i"}
_FRACTIONS = {ord("½"): ".5", ord("¼"): ".25", ord("¾"): ".75"}  # before NFKC turns "2½" into "21⁄2"

_ALL_TYPOS: dict[str, str] = TYPOS | {f"{stem}in": f"{stem}ing" for stem in DROPPED_G_STEMS}
_TYPO_RE = LazyPattern(
    r"\b" + alternation("|".join(re.escape(k) for k in sorted(_ALL_TYPOS, key=len, reverse=True))) + r"\b"
)
_SPACES_RE = LazyPattern(r"[ \t\r\f\v]+")
_NEWLINES_RE = LazyPattern(r"\s*\n\s*")
_REPEATS_RE = LazyPattern(r"([a-z])\1{2,}")
# A token where a letter touches a digit or one of ! @ $ * | : a leetspeak or masked candidate.
_LEET_SYMBOLS = "0134579!@$*|"
# It starts only where a token starts, so a run of 4,000 digits costs one linear scan.
_LEET_TOKEN_RE = LazyPattern(r"(?<![a-z0-9!@$*|-])(?:[a-z]+[0-9!@$*|]|[0-9!@$*|]+[a-z])[a-z0-9!@$*|-]*")
_LEET_TABLE = str.maketrans(LEET_CHARS)
_MASKED_TARGETS: dict[int, tuple[str, ...]] = {}
for _word in LEET_TARGETS:
    _MASKED_TARGETS.setdefault(len(_word), ())
    _MASKED_TARGETS[len(_word)] += (_word,)

# "want 2 die", "going 2 kill myself": a "2" that stands for "to" before a verb.
_TEXT_TO_RE = LazyPattern(
    r"\b(want|wanna|going|need|have|trying|try|wish|plan|planning|ready)\s+2\s+(?=(?:die|kill|end|disappear|hurt|"
    r"cut|starve|sleep|be|go|eat|throw|purge|stop|live|exist|give up|overdose)\b)"
)


def _unmask(token: str) -> str | None:
    """The crisis word a masked token stands for ("s*icide", "k*ll"), if exactly one fits."""
    fits = [
        w
        for w in _MASKED_TARGETS.get(len(token), ())
        if all(c == "*" or c == t or LEET_CHARS.get(c) == t for c, t in zip(token, w, strict=True))
    ]
    return fits[0] if len(fits) == 1 else None


def _read_leet(m: re.Match[str]) -> str:
    token = m.group(0)
    plain = token.translate(_LEET_TABLE)
    if plain in LEET_TARGETS:
        return plain
    if "*" in token:
        return _unmask(token) or token
    return token


def _fix_typo(m: re.Match[str]) -> str:
    return _ALL_TYPOS[m.group(0)]


@lru_cache(maxsize=32)  # the engine runs four policies on the same text: normalise it once
def normalize(text: str) -> str:
    """The canonical form every pattern is written against."""
    if text.isascii():  # the common case: NFKC and the translation table would change nothing else
        folded = text.lower().replace("'", "").replace("`", "")
    else:
        folded = unicodedata.normalize("NFKC", text.translate(_FRACTIONS)).casefold().translate(_TRANSLATION)
    folded = _REPEATS_RE.sub(r"\1\1", folded)
    # Collapse whitespace; newlines survive (they end sentences) only when there are any.
    folded = _NEWLINES_RE.sub("\n", _SPACES_RE.sub(" ", folded)).strip() if "\n" in folded else " ".join(folded.split())
    if any(c in folded for c in _LEET_SYMBOLS):
        folded = _LEET_TOKEN_RE.sub(_read_leet, folded)
    folded = _TYPO_RE.sub(_fix_typo, folded)
    return _TEXT_TO_RE.sub(r"\1 to ", folded) if " 2 " in folded else folded
