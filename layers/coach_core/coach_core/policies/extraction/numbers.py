"""Numbers in free text: digits with separators and decimals ("1,200", "1,5", "1.7k"), number
words ("eight hundred and fifty", "nine fifty", "12 hundred") and the `prepare` form that
extraction works on (normalised text with quantities written as digits). At most MAX_NUMBERS
numbers are read from one text, which keeps hostile inputs cheap."""

from __future__ import annotations

import re
from functools import lru_cache

from coach_core.policies.text import alternation, normalize
from coach_core.policies.text.regex import LazyPattern

# Digits with thousands separators ("1,200", "1 200" before an energy unit), decimals with a
# point or a comma ("1.5", "1,5"), and a "k" multiplier ("1k", "1.7k"; not "1kg"/"1kcal").
NUM = (
    r"(?:[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]{1,3}(?: [0-9]{3})+(?=\s?(?:k ?cal|kj|kilo))|"
    r"[0-9]+(?:[.,][0-9]+)?|\.[0-9]+)(?:k(?![a-z]))?"
)
_THOUSANDS_RE = LazyPattern(r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")


def parse_number(token: str) -> float:
    """Value of a token matched by NUM."""
    tok = token.strip().replace(" ", "")
    scale = 1.0
    if tok.endswith("k"):
        tok, scale = tok[:-1], 1000.0
    tok = tok.replace(",", "") if _THOUSANDS_RE.fullmatch(tok) else tok.replace(",", ".")
    return float(tok) * scale


_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_WORD = alternation("|".join(sorted([*_UNITS, *_TENS, "hundred", "thousand"], key=len, reverse=True)))
WORD_NUMBER = _WORD  # one number word ("three", "twenty", "hundred"), for patterns elsewhere
# Digits count as part of a run only right before a scale word, so "12 hundred" and "1.2
# thousand" scale as one number (1200) instead of "hundred" becoming a separate 100.
_SCALED_DIGITS = r"(?<![0-9.,])[0-9]+(?:[.,][0-9]+)?(?=\s+(?:hundred|thousand)\b)"
_RUN_RE = LazyPattern(
    rf"(?:\b(?:an?\s+(?=hundred|thousand))?{_WORD}|{_SCALED_DIGITS})(?:(?:\s+|-)(?:and\s+)?(?:an?\s+"
    rf"(?=hundred|thousand))?(?:{_WORD}|{_SCALED_DIGITS}))*(?:\s+point(?:\s+{_WORD})+)?"
    rf"(?:\s+and\s+a\s+half)?\b"
)
_TOKEN_RE = LazyPattern(r"[a-z]+|[0-9]+(?:[.,][0-9]+)?")


def words_to_numbers(run: str) -> str:
    """Digits for one run of number words; a run that holds two numbers keeps them apart."""
    out: list[str] = []
    total = 0.0
    group = 0.0
    seen = False
    last = ""
    joined = False
    tokens = _TOKEN_RE.findall(run)

    def flush() -> None:
        nonlocal total, group, seen, last, joined
        if seen:
            value = round(total + group, 6)  # "1.1 thousand" is 1100, not 1100.0000000000002
            out.append(str(int(value)) if value == int(value) else str(value))
        total, group, seen, last, joined = 0.0, 0.0, False, "", False

    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok == "and":
            if tokens[i + 1 : i + 3] == ["a", "half"] and seen:
                group += 0.5
                i += 3
                continue
            joined = True
            i += 1
            continue
        if tok == "point" and seen:
            digits = ""
            i += 1
            while i < len(tokens) and tokens[i] in _UNITS and _UNITS[tokens[i]] < 10:
                digits += str(_UNITS[tokens[i]])
                i += 1
            if digits:
                group += float("0." + digits)
            continue
        if tok[0].isdigit():
            value, kind = float(tok.replace(",", ".")), "unit"
        elif tok in ("a", "an"):
            value, kind = 1, "unit"
        elif tok in _UNITS:
            value, kind = _UNITS[tok], "unit"
        elif tok in _TENS:
            value, kind = _TENS[tok], "tens"
        else:
            value, kind = (100, "hundred") if tok == "hundred" else (1000, "thousand")
        if kind == "unit":
            if last == "unit" or (last == "tens" and (group % 10 or value >= 10)):
                flush()
            group += value
        elif kind == "tens":
            if last == "unit" and not joined and 1 <= group < 100 and total == 0:
                group = group * 100 + value  # "nine fifty" = 950
            elif last == "tens" or (last == "unit" and group >= 10 and group % 10):
                flush()
                group = value
            else:
                group += value
        elif kind == "hundred":
            if group >= 100:
                flush()
            group = (group or 1) * 100
        else:
            total += (group or 1) * 1000
            group = 0
        seen = True
        last = kind if kind in ("unit", "tens") else "scale"
        joined = False
        i += 1
    flush()
    return " ".join(out)


_DIGIT_HALF_RE = LazyPattern(r"\b([0-9]+)(?:\s+and\s+a\s+half|\s*½)\b")
_MASS = r"(?:kilos?|kilograms?|kgs?|pounds?|lbs?|stones?)"
_HALF_A_RE = LazyPattern(rf"\b(?:half an?|an? half)\s+(?={_MASS}\b)")
_A_MASS_RE = LazyPattern(rf"\b(?:an?|one)\s+(?={_MASS}\b)")
_COUPLE_RE = LazyPattern(rf"\ba\s+couple(?:\s+of)?\s+(?={_MASS}\b)")
_UNIT_AND_HALF_RE = LazyPattern(rf"\b([0-9]+(?:\.[0-9]+)?)\s+({_MASS})\s+and\s+a\s+half\b")


def numberize(text: str) -> str:
    """Normalised text with quantities written as digits ("twelve hundred" -> "1200",
    "half a kilo" -> "0.5 kilo", "a pound" -> "1 pound"). Word numbers are only rewritten
    where they are numbers; everything else is left as it is."""
    out = _RUN_RE.sub(_run_to_digits, text)
    if "couple" in out:
        out = _COUPLE_RE.sub("2 ", out)
    half = "half" in out or "½" in out
    if half:  # "2 and a half" before "a half kg", and "half a kilo" before "a kilo"
        out = _HALF_A_RE.sub("0.5 ", _DIGIT_HALF_RE.sub(_digits_and_half, out))
    if "kilo" in out or "kg" in out or "pound" in out or "lb" in out or "stone" in out:
        out = _A_MASS_RE.sub("1 ", out)
        if half:  # "a kilo and a half" -> "1 kilo and a half" -> "1.5 kilo"
            out = _UNIT_AND_HALF_RE.sub(_unit_and_half, out)
    return out


def _run_to_digits(m: re.Match[str]) -> str:
    return words_to_numbers(m.group(0))


def _unit_and_half(m: re.Match[str]) -> str:
    return f"{float(m.group(1)) + 0.5:g} {m.group(2)}"


def _digits_and_half(m: re.Match[str]) -> str:
    return f"{int(m.group(1)) + 0.5:g}"


_WORD_HYPHEN_RE = LazyPattern(r"(?<=[0-9a-z])-(?=[a-z])")


@lru_cache(maxsize=32)  # two policies (calories, weight rate) extract from the same text
def prepare(text: str) -> str:
    """The form extraction works on: normalised, quantities as digits, and hyphens between
    words read as spaces ("a 1,000-calorie-a-day plan" is "a 1,000 calorie a day plan")."""
    norm = normalize(text)
    if "-" in norm:
        norm = _WORD_HYPHEN_RE.sub(" ", norm)
    return numberize(norm)


NUM_RE = LazyPattern(NUM)
_NUMBER_START_RE = LazyPattern(rf"(?<![0-9a-z.,]){NUM}")


# At most this many numbers are read from one text. A coaching message holds a handful; a wall
# of hundreds of numbers is a data dump or an attempt to slow the engine down, and reading the
# first ones keeps every check within a few milliseconds. (The model's reply is checked too.)
MAX_NUMBERS = 100


@lru_cache(maxsize=32)
def number_starts(text: str) -> tuple[int, ...]:
    """Where each number in `text` starts (the first MAX_NUMBERS): extraction looks only
    there, not at every character."""
    return tuple(m.start() for m, _ in zip(_NUMBER_START_RE.finditer(text), range(MAX_NUMBERS), strict=False))
