"""Which figures in an answer state something about the user's own data (claims), and what
each one is about (its topic and cues), from the words of its clause and sentence.

A figure is a claim unless its clause gives advice ("aim for 1,650 kcal", "add 20 g protein",
"you could eat ..."), speaks in general ("most adults need 7-9 hours", "1 kg of fat is about
7,700 kcal"), describes a food or an activity ("a chicken breast has 30 g protein", "a brisk
walk burns 200 kcal"), asks, rejects ("..., not 2,000"), or is a frequency ("3 days a week").
Words that tie the figure to the user's data win over advice words: "aim for your target of
1,630 kcal" and "your 140 g target" are claims; so is "you've averaged 1,740 kcal".

Topics narrow which data value a figure may match: "140 g protein" is checked against protein,
not fat; "you averaged 1,650 kcal" against intake, not the target. The nearest cue in the
clause wins. Cues (`body`, `energy`, `gap`, `missed`) admit the derived values that need them,
and `series` admits one day's value ("on Monday you weighed 70.1 kg").

Patterns run on the `prepare` form of the text (lower case, no apostrophes, digits).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from coach_core.policies.extraction import Quantity, extract_quantities, prepare
from coach_core.policies.extraction.clauses import _CLAUSE_BREAK_RE, negated_head
from coach_core.policies.text import is_question, sentence_around
from coach_core.policies.text.regex import LazyPattern, alternation

_LEAD = (
    # No "^": these are matched at a clause's start (`match(text, pos)`), where "^" would never match.
    r"\W*(?:(?:and|so|then|also|just|now|next|first|instead|ideally|maybe|perhaps|please|simply|gradually|"
    r"slowly)\s+)*"
)
_IMPERATIVE = (
    r"(?:aim|try|add|eat|get|keep|go|consider|shoot|swap|drink|walk|sleep|include|cut|increase|reduce|lower|"
    r"raise|bump|start|stick|make|plan|set|hit|stay|take|log|weigh|track|limit|cap|boost|spread|split|use|allow|"
    r"give|focus|prioriti[sz]e|build|work|lift|do|drop|bring|push|move|hold|choose|pick|replace|skip|avoid|fill|"
    r"pair|prep|cook|schedule|check|record|note|trim|shave|top|round|stop|look|think|begin|ramp|opt|target|"
    r"have(?!\s+(?:been|\w+ed|lost|had|got|kept|hit|eaten|done|made)\b)|be(?!\s+\w+ed\b)|stay|ease|settle|land)\b"
    # ...used as a verb: not the noun of "check-ins on 12 days" or a label ("target macros: ...").
    r"(?!\s*-?\s*ins?\b|(?:\s+\w+)?\s*:|\s+(?:has|have|is|are|was|were|averag\w*|comes?|came|sits?|stands?)\b)"
)
_ADVICE_START_RE: Final = LazyPattern(_LEAD + _IMPERATIVE)
_ADVICE_RE = LazyPattern(
    r"\b(?:you\s+(?:should|could|might|may|can|would|will|d|ll|need\s+to\s+(?:eat|get|hit|add|aim|keep|stay))|"
    r"youd|youll|id\s+\w+|i\s+(?:would|suggest|recommend|advise)|we\s+(?:could|can|should|might|will)|lets|"
    r"let\s+us|its\s+worth|it\s+is\s+worth|would|should|could|might|recommend\w*|suggest\w*|advis\w*|"
    r"try(?:ing)?\s+(?:to|and)|aim(?:ing)?\s+(?:for|to|at)|shoot(?:ing)?\s+for|if\s+you|if\s+(?:that|this)|once\s+you|"
    r"when\s+you|until\s+you|in\s+order\s+to|for\s+(?:example|instance)|eg|e\.g|imagine|suppose|say|"
    r"a\s+good\s+(?:target|goal|aim|idea|place|start|range|rule)|on\s+track\s+to|on\s+pace\s+to|by\s+the\s+time)\b"
)
_GENERIC_RE: Final = LazyPattern(
    r"\b(?:most|many|some)\s+(?:people|adults|women|men|folks|lifters|athletes)|\badults\b|\bgenerally\b|"
    r"\bin\s+general\b|\btypically\b|\bresearch\b|\bstudies\b|\bevidence\b|\bguidelines?\b|\bexperts?\b|"
    r"\brule\s+of\s+thumb\b|\ba\s+(?:healthy|safe|sustainable|typical|common|reasonable|realistic|moderate)\s+"
    r"(?:rate|pace|range|target|amount|intake|deficit|surplus|loss)\b|\bof\s+(?:body\s+)?fat\s+(?:is|equals|"
    r"holds|contains|stores|takes|needs|requires|means)\b|\bper\s+(?:gram|kg\s+of\s+fat|pound\s+of\s+fat)\b|\bequals?\s+(?:about|roughly)\b"
)
_FOOD_RE = LazyPattern(
    r"\b(?:meals?|snacks?|servings?|portions?|breakfast|lunch|dinner|supper|brunch|dessert|bars?|shakes?|"
    r"smoothies?|sandwich(?:es)?|slices?|pieces?|cups?|bowls?|plates?|recipes?|dish(?:es)?|scoops?|eggs?|"
    r"chicken|beef|fish|salmon|tuna|tofu|yogh?urt|skyr|cottage|cheese|milk|oats|rice|pasta|bread|potato\w*|"
    r"beans|lentils|nuts|banana|apple|fruit|whey|powder|tbsp|tablespoons?|tsp|contains|packs|provides|"
    r"per\s+100)\b"
)
# An energy figure about the user's data is said of the user or of their data: a food's energy
# ("a handful of almonds is about 160 kcal") has neither in its sentence; "that's" refers back
# to the sentence before ("That's about 7,280 kJ a day."). (Grams are not held to
# this: "per day that's 120 g protein, 200 g carbs" names the macros, and a food is in _FOOD_RE.)
_ANCHOR_RE = LazyPattern(
    r"\b(?:you|your|youre|youve|yours|yourself|averag\w*|avg|trend\w*|intake|target\w*|goal|maintenance|tdee|"
    r"bmr|streak\w*|logg\w*|logs?|tracked|tracking|check\s?ins?|checked|weigh\s?ins?|rate|change|deficit|surplus|"
    r"macros|window|period|plan|calculator|profile|data|numbers|scale|weight|sleep|mood|energy|has\s+been|"
    r"have\s+been|so\s+far|lately|recently|thats|that\s+is|which\s+is|this\s+is)\b"
)
_ACTIVITY_RE = LazyPattern(
    r"\b(?:walk\w*|run\w*|jog\w*|cycl\w*|bike|swim\w*|session|workout|class|minutes|mins|steps|km|miles|"
    r"training|cardio|hike|hiking|exercise)\b"
)
_FREQUENCY_TAIL_RE: Final = LazyPattern(r"\s*(?:a|per|each|every|/)\s*(?:week|wk|month)\b|\s*weekly\b")
# "Losing 1 kg of fat takes ...", "Eating 1,600 kcal would ...": a sentence about an action in
# general, with no "you" before the figure.
_GERUND_START_RE: Final = LazyPattern(
    r"\W*(?:losing|gaining|eating|burning|cutting|adding|dropping|keeping|getting|walking|running|sleeping|"
    r"hitting|reaching|going|staying)\b(?![^.!?\n]*\byou)"
)
_FUTURE_HEAD_RE: Final = LazyPattern(r"\b(?:next|coming|upcoming|another|more|extra|additional)\s+$")
# Words that tie the figure to the user's data: a verb of what they did, or "your <thing> is".
_DATA_VERB_RE: Final = LazyPattern(
    r"\byoud\s+(?:burn|need|use)\b(?:\s+\S+){0,4}?\s*$|"  # "at rest you'd burn 1,443 kcal": a need, not advice
    r"\byou(?:ve|re|\s+have|\s+are)?\s+(?:(?:been|currently|now|already|only|just|also|still|actually|"
    r"consistently|recently)\s+)*(?:averag\w*|logg\w*|lost|losing|gained|gaining|dropped|dropping|ate|eating|eaten|"
    r"consum\w*|weigh\w*|hit|had|getting|checked|slept|sleeping|recorded|tracked|managed|kept|stayed|sitting|sat|"
    r"down|up|at|trending|holding|hovering|burning|burn|need|needs|aiming|targeting|heading)\b(?:\s+\S+){0,4}?\s*$"
)
_POSSESSIVE_RE: Final = LazyPattern(
    r"\byour\s+(?:\S+\s+){0,4}?(?:is|was|are|were|of|at|sits\s+at|stands\s+at|comes\s+to|came\s+to|=|:|sits|stands|"
    r"averaged|averages|works\s+out\s+to|now)\s+(?:(?:about|around|roughly|approximately|approx|~|only|just|nearly|"
    r"almost|currently|now)\s+)*$|\byour\s+(?:current\s+|latest\s+|estimated\s+)?$"
)


def _regrouped(pattern: LazyPattern) -> LazyPattern:
    """`\\b(?:w1|w2|...)` with its words regrouped by first letter (`alternation`): the same
    language, about twice as fast to scan."""
    body, tail = pattern.pattern, ""
    if body.endswith(r")\b"):
        body, tail = body[:-2], r"\b"
    assert body.startswith(r"\b(?:") and body.endswith(")"), pattern.pattern
    return LazyPattern(r"\b" + alternation(body[5:-1]) + tail)


_ADVICE_RE = _regrouped(_ADVICE_RE)
_FOOD_RE = _regrouped(_FOOD_RE)
_ACTIVITY_RE = _regrouped(_ACTIVITY_RE)

_NEGATION_HINTS: Final = ("not", "nt ", "never", "no ", "avoid", "stop", "quit", "instead", "rather", "nor", "refus")


def _tied_to_user(head: str) -> bool:
    """A data verb or "your <thing> is" right before the figure. Tried only where "you" occurs
    (anchored at the end, a search from every position would cost the head's length each time)."""
    i = head.rfind("you")
    while i != -1:
        if _DATA_VERB_RE.match(head, i) or _POSSESSIVE_RE.match(head, i):
            return True
        i = head.rfind("you", 0, i)
    return False


# Exclusive topics: the nearest cue in the clause says which value of the kind a figure is.
TOPICS: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "grams": (("protein", r"protein|prot|p"), ("carbs", r"carbs?|carbohydrates?|c"), ("fat", r"fats?|f")),
    "energy": (
        # First, so "target intake" and "intake target" read as a target.
        (
            "target",
            r"(?:target|goal|recommended|suggested)\s+(?:intake|calories|kcal)|intake\s+(?:target|goal)|"
            r"target\w*|goal|budget|allowance|aim\w*|recommended",
        ),
        (
            "bmr",
            r"bmr|basal|at\s+(?:\w+\s+)?rest(?:\s+you\w*)?(?:\s+burn\w*)?|resting(?:\s+burn)?|metabolic\s+rate|"
            r"burn\w*\s+at\s+rest",
        ),
        ("intake", r"eat\w*|ate|intake|averag\w*|logged|consum\w*|taking\s+in|food"),
        ("tdee", r"maintenance|maintain\w*|tdee|burn\w*|expenditure|total\s+daily"),
    ),
    "percent": (
        ("checkin", r"check\s?ins?|checkins?|checked\s+in|checking\s+in"),
        ("logging", r"logg\w*|logs?|food\s+diary|tracked|tracking"),
    ),
    "days": (
        ("weighin", r"weigh\s?ins?|weighed\s+in"),
        ("checkin", r"check\s?ins?|checkins?|checked\s+in|checking\s+in"),
        ("logging", r"logg\w*|logs?|food\s+diary|tracked|tracking|meals"),
    ),
    "rating": (("energy", r"energy"), ("mood", r"mood")),
    "mass": (("goal", r"goal|target|aim\w*|reach\w*|to\s+go"), ("average", r"average|avg|trend\w*|smoothed|moving")),
}
# Grams of a macro are either what the user ate or a target: the nearest word says which.
_STANCE = (
    # Not "daily" or "a day": targets are per day too.
    ("intake", r"averag\w*|eating|eat|ate|getting|logged|intake|consum\w*|has\s+been|have\s+been|typical|so\s+far"),
    ("target", r"target\w*|goal|aim\w*|plan|need\w*|should|recommend\w*|split|sets?|calculator|prescribed"),
)
STANCES: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "grams": _STANCE,
    "g_per_kg": _STANCE,
    # A count is the longest streak, the current one, or neither.
    "days": (
        ("longest", r"(?:longest|best|record)(?:\s+\S+){0,2}?\s+(?:streak|run)|longest"),
        ("streak", r"streak\w*|in\s+a\s+row|straight|consecutive|running|(?:current|ongoing)(?:\s+\S+){0,2}?\s+run"),
    ),
}
# Cues admit the derived values that need them (references.derived).
CUES: Final[Mapping[str, str]] = {
    "body": r"body\s?weight|of\s+(?:your\s+)?(?:body\s+)?weight|of\s+body\s?mass",
    "energy": r"maintenance|tdee|target|intake|calories|kcal|goal|budget|deficit|surplus|needs|burn\w*",
    "gap": (
        r"short|below|under|over|above|more|less|fewer|gap|behind|shy|extra|additional|another|difference|away|"
        r"off|missing|increase|boost|add\w*|up"
    ),
    "missed": r"miss\w*|skipp\w*|without|gaps?|didnt|did\s+not|no\s+(?:logs?|entr\w*|check\s?ins?)|blank",
    "rate": r"weekly|rate|pace|per\s+week|a\s+week|each\s+week|every\s+week|wk",
}


def _named(table: tuple[tuple[str, str], ...]) -> LazyPattern:
    """One scan for a table of alternatives: each name a group, whole words only."""
    return LazyPattern(r"\b(?:" + "|".join(f"(?P<{name}>{words})" for name, words in table) + r")\b")


_TOPIC_RES: Final = {kind: _named(table) for kind, table in TOPICS.items()}
_STANCE_RES: Final = {kind: _named(table) for kind, table in STANCES.items()}
_CUES_RE: Final = _named(tuple(CUES.items()))
_SERIES_RE = LazyPattern(
    r"\b(?:(?:on|last|this\s+past)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today|this\s+morning|"
    r"last\s+night|(?:lowest|highest|peak|lightest|heaviest|starting|first|last|latest|most\s+recent|single|one)\s+"
    r"(?:weigh\s?in|reading|entry|check\s?in|day)|weighed\s+in|weighed|(?:a|one|two|three|[0-9]+)\s+(?:days?|weeks?)\s+"
    r"ago|at\s+the\s+start|when\s+you\s+(?:started|began)|started\s+at|began\s+at|peaked|low\s+point|high\s+point|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\w*\s+[0-9]{1,2}\b|[0-9]{4}-[0-9]{2}-[0-9]{2}|"
    r"on\s+the\s+[0-9]{1,2}(?:st|nd|rd|th)\b|scale)"
)
_SERIES_RE = _regrouped(_SERIES_RE)
_SERIES_KINDS: Final = frozenset({"mass", "hours", "rating"})
"""The kinds a daily series holds (check-ins, moving-average points): only they need a day's cue."""
CLAUSE_REACH: Final = 90
HEAD_REACH: Final = 60
TAIL_REACH: Final = 16


@dataclass(frozen=True, slots=True)
class Claim:
    """A figure about the user's data: the quantity, its topic (or None) and the cues around it."""

    quantity: Quantity
    topic: str | None
    cues: frozenset[str]
    series: bool
    stance: str | None = None


@dataclass(slots=True)
class _Sentence:
    """What is read once per sentence: general-statement and day markers, cue and topic word
    spans (so each figure's clause is a bisect, not a rescan)."""

    start: int
    anchored: bool
    generic: bool
    series: bool
    asked: bool
    cues: list[tuple[int, str]]
    topics: dict[str, list[tuple[int, int, str]]]
    stances: dict[str, list[tuple[int, int, str]]]


def _sentence(t: str, s_start: int, s_end: int, kinds: set[str]) -> _Sentence:
    topics = {
        kind: [(m.start(), m.end(), m.lastgroup or "") for m in _TOPIC_RES[kind].finditer(t, s_start, s_end)]
        for kind in kinds
        if kind in _TOPIC_RES
    }
    return _Sentence(
        start=s_start,
        anchored="energy" in kinds and bool(_ANCHOR_RE.search(t, s_start, s_end)),
        generic=bool(_GENERIC_RE.search(t, s_start, s_end)),
        series=not kinds.isdisjoint(_SERIES_KINDS) and bool(_SERIES_RE.search(t, s_start, s_end)),
        asked=t[s_start:s_end].rstrip().endswith("?"),
        cues=[(m.start(), m.lastgroup or "") for m in _CUES_RE.finditer(t, s_start, s_end)],
        topics=topics,
        stances={
            kind: [(m.start(), m.end(), m.lastgroup or "") for m in _STANCE_RES[kind].finditer(t, s_start, s_end)]
            for kind in kinds
            if kind in _STANCE_RES
        },
    )


_TOPIC_AFTER_BREAK = frozenset("(,;:")


def _nearest_topic(t: str, q: Quantity, spans: list[tuple[int, int, str]], lo: int) -> str | None:
    """The topic word nearest the figure: before it (back to `lo`), or right after it with no
    punctuation between ("140 g protein", but not "1,953 kcal (bmr ...")."""
    best: tuple[int, str] | None = None
    for start, end, topic in spans:
        if end <= q.start:
            if start < lo:
                continue
            distance = q.start - end
        elif start >= q.end:
            between = t[q.end : start]
            if len(between) > TAIL_REACH or any(c in _TOPIC_AFTER_BREAK for c in between):
                continue
            distance = start - q.end
        else:
            distance = 0  # the figure's own unit ("14 weigh-ins")
        if best is None or distance < best[0]:
            best = (distance, topic)
    return best[1] if best else None


def _is_claim(t: str, q: Quantity, c_start: int, c_end: int, sentence: _Sentence) -> bool:
    head = t[max(c_start, q.start - HEAD_REACH) : q.start]
    clause = t[c_start:c_end]
    asked = clause.rstrip().endswith("?") or (sentence.asked and is_question(clause))
    if asked or (any(w in head for w in _NEGATION_HINTS) and negated_head(head, caps_count=True)):
        return False
    if _tied_to_user(head):
        return True
    if _ADVICE_START_RE.match(t, c_start, q.start) or _ADVICE_RE.search(t, c_start, q.start) or sentence.generic:
        return False
    if _GERUND_START_RE.match(t, sentence.start, q.start):
        return False
    if q.kind == "days" and (_FREQUENCY_TAIL_RE.match(t, q.end) or _FUTURE_HEAD_RE.search(head)):
        return False
    if q.kind in ("energy", "grams", "g_per_kg"):
        # A food or a meal named in the clause, or as the sentence's subject, is what the figure describes.
        if q.energy_context == "per_meal" or _FOOD_RE.search(clause) or _FOOD_RE.search(t, sentence.start, q.start):
            return False
        if q.kind == "energy" and not sentence.anchored:
            return False
        if q.energy_context == "burned" and _ACTIVITY_RE.search(clause):
            return False
    return True


def claims_in(text: str) -> list[Claim]:
    """The figures in `text` that state something about the user's data (see the module docstring)."""
    quantities = extract_quantities(text)
    if not quantities:
        return []
    t = prepare(text)
    breaks = [(m.start(), m.end()) for m in _CLAUSE_BREAK_RE.finditer(t)]
    # A topic word may sit in parentheses before the figure ("maintenance (tdee) is 1,953 kcal").
    topic_breaks = [b for b in breaks if t[b[0] : b[1]] not in ("(", ")")]
    spans = [sentence_around(t, q.start, q.end) for q in quantities]
    kinds: dict[tuple[int, int], set[str]] = {}
    for q, span in zip(quantities, spans, strict=True):
        kinds.setdefault(span, set()).add(q.kind)
    sentences: dict[tuple[int, int], _Sentence] = {}
    out: list[Claim] = []
    for q, (s_start, s_end) in zip(quantities, spans, strict=True):
        sentence = sentences.get((s_start, s_end))
        if sentence is None:
            sentence = sentences[(s_start, s_end)] = _sentence(t, s_start, s_end, kinds[(s_start, s_end)])
        i = bisect_left(breaks, (q.start, -1))
        c_start = max(s_start, q.start - CLAUSE_REACH, breaks[i - 1][1] if i and breaks[i - 1][1] <= q.start else 0)
        j = bisect_left(breaks, (q.end, -1))
        c_end = min(s_end, q.end + CLAUSE_REACH, breaks[j][0] if j < len(breaks) else len(t))
        if c_end < s_end and t[c_end:s_end].strip(" .!") == "?":
            c_end = s_end
        if not _is_claim(t, q, c_start, c_end, sentence):
            continue
        # A period may open the sentence ("Weekly, you're losing 0.4 kg"): the rate cue is the sentence's.
        cues = frozenset(name for pos, name in sentence.cues if c_start <= pos < c_end or name == "rate")
        k = bisect_left(topic_breaks, (q.start, -1))
        lo = max(s_start, q.start - CLAUSE_REACH, topic_breaks[k - 1][1] if k else 0)
        topic = _nearest_topic(t, q, sentence.topics.get(q.kind, []), lo)
        stance = _nearest_topic(t, q, sentence.stances.get(q.kind, []), lo) if q.kind in STANCES else None
        out.append(Claim(q, topic, cues, sentence.series, stance))
    return out
