"""Text helpers shared by the policies: one canonical form so patterns stay simple, sentence
spans for scoping, and trigger sanitising for the violation log.

The canonical form is NFKC, case-folded, apostrophes removed ("i'm" -> "im", "graves'" ->
"graves"), dashes unified to "-", whitespace collapsed, and a few common misspellings and
slang spellings rewritten ("myslef" -> "myself", "wanna" -> "want to", "endin" -> "ending",
"want 2 die" -> "want to die"). Every policy matches against this form, which is what makes
results independent of letter case.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from functools import lru_cache

_DELETE = "'’‘ʼ`´′\u200b\u200c\u200d\u2060\ufeff\u00ad"
_DASHES = "‐‑‒–—―−"
_TRANSLATION = {ord(c): None for c in _DELETE} | {ord(c): "-" for c in _DASHES} | {ord("ı"): "i"}
_FRACTIONS = {ord("½"): ".5", ord("¼"): ".25", ord("¾"): ".75"}  # before NFKC turns "2½" into "21⁄2"

# Misspellings and slang that would otherwise slip past word patterns. Keys are matched as
# whole words (spaces allowed) in the case-folded, apostrophe-free text.
_TYPOS: dict[str, str] = {
    "myslef": "myself",
    "mysefl": "myself",
    "mysef": "myself",
    "myslf": "myself",
    "myselfe": "myself",
    "meself": "myself",
    "my self": "myself",
    "mysel": "myself",
    "her self": "herself",
    "him self": "himself",
    "your self": "yourself",
    "urself": "yourself",
    "yourslef": "yourself",
    "them selves": "themselves",
    "them self": "themself",
    "throwup": "throw up",
    "thow up": "throw up",
    "trow up": "throw up",
    "throwin up": "throwing up",
    "throwing-up": "throwing up",
    "throw-up": "throw up",
    "threw-up": "threw up",
    "laxitive": "laxative",
    "laxitives": "laxatives",
    "laxatves": "laxatives",
    "laxatvies": "laxatives",
    "laxtives": "laxatives",
    "laxitves": "laxatives",
    "laxatices": "laxatives",
    "diruetic": "diuretic",
    "diruetics": "diuretics",
    "diuretcs": "diuretics",
    "vommit": "vomit",
    "vomitt": "vomit",
    "vomitting": "vomiting",
    "vommiting": "vomiting",
    "vommitting": "vomiting",
    "vomitted": "vomited",
    "vommited": "vomited",
    "strave": "starve",
    "starveing": "starving",
    "starvng": "starving",
    "stavring": "starving",
    "kll": "kill",
    "klil": "kill",
    "kil": "kill",
    "kilk": "kill",
    "wanna": "want to",
    "wana": "want to",
    "gonna": "going to",
    "tryna": "trying to",
    "pls": "please",
    "plz": "please",
    "u": "you",
    "ur": "your",
    "cuz": "because",
    "bc": "because",
    "thinspiration": "thinspo",
    "dont wanna": "dont want to",
    "calroies": "calories",
    "calores": "calories",
    "caloires": "calories",
    "claories": "calories",
    "kilogramme": "kilogram",
    "kilogrammes": "kilograms",
    "purgeing": "purging",
    "purgin": "purging",
    "pruging": "purging",
    "puging": "purging",
    "anerexia": "anorexia",
    "anerexic": "anorexic",
    "anorexa": "anorexia",
    "anorxia": "anorexia",
    "anorexc": "anorexic",
    "anorexik": "anorexic",
    "anorexiac": "anorexic",
    "bulemia": "bulimia",
    "bulemic": "bulimic",
    "bulimc": "bulimic",
    "bullimia": "bulimia",
    "bullimic": "bulimic",
    "makeing": "making",
    "takeing": "taking",
    "useing": "using",
    "hideing": "hiding",
    "ded": "dead",
    "gunna": "going to",
    "finna": "going to",
    "gona": "going to",
    "idk": "i dont know",
    "rn": "right now",
    "ppl": "people",
    "b4": "before",
    "starvin": "starving",
    "suicidle": "suicidal",
    "bonespiration": "bonespo",
    "wnat": "want",
    "watn": "want",
    "wnt": "want",
    "my slef": "myself",
    "my selfe": "myself",
    "sucidal": "suicidal",
}
# Dropped final "g" on the verbs the patterns look for ("endin it", "starvin myself").
_TYPOS |= {
    f"{stem}in": f"{stem}ing"
    for stem in (
        "end",
        "kill",
        "cutt",
        "hurt",
        "throw",
        "mak",
        "tak",
        "think",
        "try",
        "eat",
        "dy",
        "feel",
        "liv",
        "go",
        "do",
        "hav",
        "hid",
        "vomit",
        "puk",
        "bing",
        "fast",
        "skipp",
        "us",
        "want",
        "plann",
        "tell",
        "hat",
        "punish",
        "restrict",
        "starv",
        "purg",
        "burn",
        "lov",
        "los",
        "drop",
        "sleep",
        "wak",
        "count",
    )
}

_SPACES_RE = re.compile(r"[ \t\r\f\v]+")
_NEWLINES_RE = re.compile(r"\s*\n\s*")
_REPEATS_RE = re.compile(r"([a-z])\1{2,}")

# A sentence ends at . ! ? ; (followed by space or the end, so "1.5" is not a boundary) or a newline.
_SENTENCE_END_RE = re.compile(r"[.!?;]+(?=\s|$)|\n")


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
    folded = _TYPO_RE.sub(_fix_typo, folded)
    return _TEXT_TO_RE.sub(r"\1 to ", folded) if " 2 " in folded else folded


def _fix_typo(m: re.Match[str]) -> str:
    return _TYPOS[m.group(0)]


# "want 2 die", "going 2 kill myself": a "2" that stands for "to" before a verb.
_TEXT_TO_RE = re.compile(
    r"\b(want|wanna|going|need|have|trying|try|wish|plan|planning|ready)\s+2\s+(?=(?:die|kill|end|disappear|hurt|"
    r"cut|starve|sleep|be|go|eat|throw|purge|stop|live|exist|give up|overdose)\b)"
)


@lru_cache(maxsize=32)
def _sentence_ends(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every sentence-ending mark, computed once per text."""
    return tuple((m.start(), m.end()) for m in _SENTENCE_END_RE.finditer(text))


# A "sentence" reaches at most this far either side of what it is asked about: real sentences
# are shorter, and a 4,000-character run-on must not make every lookup scan all of it.
SENTENCE_RADIUS = 240


def sentence_around(text: str, start: int, end: int | None = None) -> tuple[int, int]:
    """The span of the sentence that contains position `start` (through `end` if given),
    clipped at a word boundary to SENTENCE_RADIUS characters either side."""
    stop = start if end is None else end
    marks = _sentence_ends(text)
    i = bisect_right(marks, (start, len(text) + 1))  # first mark starting after `start`
    while i > 0 and marks[i - 1][1] > start:  # a mark overlapping `start` belongs to this sentence
        i -= 1
    first = marks[i - 1][1] if i > 0 else 0
    while i < len(marks) and marks[i][0] < stop:
        i += 1
    last = marks[i][1] if i < len(marks) else len(text)
    if start - first > SENTENCE_RADIUS:
        lo = start - SENTENCE_RADIUS
        space = text.find(" ", lo, start)
        first = space + 1 if space != -1 else lo
    if last - stop > SENTENCE_RADIUS:
        hi = stop + SENTENCE_RADIUS
        space = text.rfind(" ", stop, hi)
        last = space if space != -1 else hi
    return first, last


def _top_level_terms(pattern: str) -> list[str]:
    """Split a regex at its top-level "|" (not inside groups, classes or escapes)."""
    terms: list[str] = []
    depth = 0
    in_class = False
    current: list[str] = []
    chars = iter(pattern)
    for ch in chars:
        if ch == "\\":
            current.append(ch + next(chars, ""))
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            terms.append("".join(current))
            current = []
            continue
        current.append(ch)
    terms.append("".join(current))
    return terms


def alternation(pattern: str) -> str:
    """The alternatives of `pattern` regrouped by first character, so the matcher tries only
    the branches that can start at each position (several times faster than a flat
    alternation of hundreds of words). Same language as `(?:pattern)`."""
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for term in _top_level_terms(pattern):
        head = term[0]
        if head.isalnum() and len(term) > 1 and term[1] not in "?*+{":
            groups.setdefault(head, []).append(term[1:])
        else:
            rest.append(term)
    parts = [f"{re.escape(c)}(?:{'|'.join(tails)})" for c, tails in sorted(groups.items())]
    return "(?:" + "|".join(parts + rest) + ")"


_QUESTION_START_RE = re.compile(
    r"^\W*(?:and\s+|but\s+|so\s+|ok\s+|okay\s+|hey\s+|hi\s+|coach\s+|also\s+|then\s+)*"
    r"(?:is|isnt|are|arent|am|was|can|cant|could|couldnt|should|shouldnt|would|wouldnt|will|do|does|"
    r"doesnt|did|didnt|dont|how|what|whats|why|when|where|which|who|any\s+tips)\b"
)
_QUESTION_PHRASE_RE = re.compile(
    r"\b(?:is it (?:ok|okay|safe|fine|bad|too)|is that (?:ok|okay|safe|fine|bad|too|enough)|"
    r"do you think|would it be|wondering (?:if|whether)|not sure (?:if|whether)|"
    r"dont know (?:if|whether)|im curious (?:if|whether))\b"
)


def is_question(sentence: str) -> bool:
    """A sentence that asks: ends with '?', starts like a question, or says it wonders."""
    s = sentence.strip()
    return s.endswith("?") or bool(_QUESTION_START_RE.match(s) or _QUESTION_PHRASE_RE.search(s))


def is_question_span(text: str, start: int, end: int) -> bool:
    """`is_question(text[start:end])` without rescanning the span for every figure in it."""
    last = end - 1
    while last >= start and text[last].isspace():
        last -= 1
    if last >= start and text[last] == "?":
        return True
    return bool(
        _QUESTION_START_RE.match(text[start : min(end, start + 120)].lstrip())
        or occurs_within(_QUESTION_PHRASE_RE, text, start, end)
    )


@lru_cache(maxsize=256)
def _match_spans(pattern: re.Pattern[str], text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every match of `pattern` in `text`, found in one scan."""
    return tuple(m.span() for m in pattern.finditer(text))


def occurs_within(pattern: re.Pattern[str], text: str, lo: int, hi: int) -> bool:
    """Whether a match of `pattern` lies inside text[lo:hi]. One scan per (pattern, text),
    then a binary search per question: many figures in one long text ask about overlapping
    windows, and rescanning each window would make the work grow with the square of the length."""
    spans = _match_spans(pattern, text)
    i = bisect_right(spans, (lo, -1))
    return i < len(spans) and spans[i][1] <= hi


# --- Trigger sanitising --------------------------------------------------------------------

TRIGGER_LIMIT = 200
_EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE_RE = re.compile(r"(?<![\w+])\+?\(?[0-9][0-9()\s.-]{5,}[0-9](?![\w])")


def _mask_phone(m: re.Match[str]) -> str:
    digits = sum(ch.isdigit() for ch in m.group(0))
    return "[phone]" if digits >= 7 and "," not in m.group(0) else m.group(0)


def sanitize_trigger(text: str, limit: int = TRIGGER_LIMIT) -> str:
    """Mask e-mail addresses and phone numbers, collapse whitespace and truncate to `limit`."""
    masked = _PHONE_RE.sub(_mask_phone, _EMAIL_RE.sub("[email]", text))
    masked = " ".join(masked.split())
    if len(masked) > limit:
        masked = masked[: limit - 1].rstrip() + "…"
    return masked


def excerpt(text: str, start: int, end: int, limit: int = TRIGGER_LIMIT) -> str:
    """The sanitised words around text[start:end], cut at whitespace so no token is split."""
    room = max(0, (limit - (end - start)) // 2)
    lo = max(0, start - room)
    hi = min(len(text), end + room)
    if lo > 0:
        space = text.find(" ", lo, start)
        lo = space + 1 if space != -1 else start
    if hi < len(text):
        space = text.rfind(" ", end, hi)
        hi = space if space != -1 else end
    return sanitize_trigger(text[lo:hi], limit)


_TYPO_RE = re.compile(
    r"\b" + alternation("|".join(re.escape(k) for k in sorted(_TYPOS, key=len, reverse=True))) + r"\b"
)
