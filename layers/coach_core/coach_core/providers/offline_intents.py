"""What the offline model understands: a table of intents, matched on the words of a message.

Each `Intent` names the phrases and words that ask for it and the tools that answer it, round by
round (a second round is a follow-up the first round's results call for, as a real model would
make). Intents without tools (`reply`) are social: a greeting, thanks, a question about the
model itself. A message that matches no intent is off-topic and gets `OFF_TOPIC`, with no tool
call. The table is data: adding a question the model understands is adding a row.

Matching is deterministic: phrases first (a matched phrase is removed, so "energy needs" is not
also read as "energy"), then single words, in table order. Pure: no I/O, no imports above
`providers/`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "INTENTS",
    "OFF_TOPIC",
    "Intent",
    "Match",
    "match_intents",
    "requested_days",
    "tool_rounds",
]

WEIGHT = "get_weight_trend"
NUTRITION = "get_nutrition_summary"
ADHERENCE = "get_adherence_metrics"
CHECKINS = "get_recent_checkins"
TDEE = "calculate_tdee"
PROFILE = "get_user_profile"


@dataclass(frozen=True, slots=True)
class Intent:
    """One kind of question. `rounds`: the tools to call, one tuple per tool round; `advice`:
    the answer says what to change (compares intake with targets) instead of restating each
    result; `closing`: a sentence the answer ends with; `reply`: the whole answer of an intent
    that needs no data."""

    name: str
    phrases: tuple[str, ...] = ()
    words: frozenset[str] = frozenset()
    rounds: tuple[tuple[str, ...], ...] = ()
    advice: bool = False
    closing: str = ""
    reply: str = ""

    @property
    def tools(self) -> tuple[str, ...]:
        return tuple(name for names in self.rounds for name in names)


CAPABILITIES = (
    "how your weight is trending, what you eat and how much protein you get, how consistent you've "
    "been, your energy needs, your plan, or what to change"
)
GREETING = f"Hi! I'm the offline demo coach. Ask me {CAPABILITIES}, and I'll look at your own data."
THANKS = "You're welcome! Ask me about your weight, food, consistency or plan whenever you like."
ABOUT = (
    "I'm the offline demo model: a small rule-based coach that runs without an API key. I can answer "
    f"questions about {CAPABILITIES}, always from your own data. Anything else needs a real model "
    "(an OpenAI or Anthropic key)."
)
OFF_TOPIC = (
    "I'm the offline demo model: I can answer questions about your weight, food, consistency and plan, "
    "but not that one. Try asking how your weight is trending or what you should change."
)
PLAN_CLOSING = "For a day-by-day meal plan, press Plan my week in the console (POST /plan)."


def _phrases(text: str) -> tuple[str, ...]:
    """Phrases separated by `;` (a table cell reads as a list, not one string per line)."""
    return tuple(p.strip() for p in text.split(";"))


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


INTENTS: tuple[Intent, ...] = (
    Intent(
        "what_to_change",
        phrases=_phrases(
            "what should i change; what do i change; what can i change; what to change; should i change; "
            "what should i do; what can i do; what do i do; how can i improve; how do i improve; do better; "
            "why is my weight stuck; why am i not losing; not losing; what would you change"
        ),
        words=_words("improve improving advice tips tip stuck plateau plateaued stalled"),
        rounds=((WEIGHT, NUTRITION, ADHERENCE), (TDEE,)),
        advice=True,
    ),
    Intent(
        "intake_vs_target",
        phrases=_phrases(
            "enough protein; protein target; protein goal; more protein; enough calories; eating enough; "
            "eating too much; too many calories; too much food; over my target; under my target; "
            "hitting my target; hit my target; on target"
        ),
        rounds=((NUTRITION, TDEE),),
        advice=True,
    ),
    Intent(
        "energy_needs",
        phrases=_phrases(
            "how much should i eat; how many calories should; how many calories do i need; calories do i burn; "
            "energy needs; energy need; calorie needs; daily needs; energy expenditure"
        ),
        words=_words("tdee maintenance bmr metabolism expenditure burn burning"),
        rounds=((TDEE,),),
    ),
    Intent(
        "plan",
        phrases=_phrases("what should i eat; what to eat; meal plan; my targets; my target; calorie target; my macros"),
        words=_words("plan plans planning target targets goal goals"),
        rounds=((TDEE, PROFILE),),
        closing=PLAN_CLOSING,
    ),
    Intent(
        "progress",
        phrases=_phrases(
            "how am i doing; how i'm doing; how have i been doing; on track; how's it going; how is it going; "
            "overview; summary"
        ),
        words=_words("progress"),
        rounds=((WEIGHT, ADHERENCE),),
    ),
    Intent(
        "weight",
        words=_words(
            "weight weights weigh weighing weighed weigh-in weigh-ins scale trend trending trends kg kilos lbs "
            "pounds lighter heavier"
        ),
        rounds=((WEIGHT,),),
    ),
    Intent(
        "intake",
        words=_words(
            "food foods eat eating ate eaten meal meals calorie calories kcal protein macro macros carbs carb fat "
            "fats nutrition intake diet"
        ),
        rounds=((NUTRITION,),),
    ),
    Intent(
        "consistency",
        phrases=_phrases("in a row"),
        words=_words(
            "consistency consistent consistently streak streaks adherence habit habits logging skipped missed"
        ),
        rounds=((ADHERENCE,),),
    ),
    Intent(
        "checkins",
        phrases=_phrases("check in; checked in"),
        words=_words(
            "sleep sleeping slept rested tired mood moods energy energetic check-in check-ins checkin checkins"
        ),
        rounds=((CHECKINS,),),
    ),
    Intent("profile", phrases=_phrases("about me"), words=_words("profile height age"), rounds=((PROFILE,),)),
    Intent(
        "greeting",
        phrases=_phrases("good morning; good afternoon; good evening"),
        words=_words("hi hello hey hiya howdy"),
        reply=GREETING,
    ),
    Intent("thanks", phrases=_phrases("thank you"), words=_words("thanks thx cheers"), reply=THANKS),
    Intent(
        "about",
        phrases=_phrases("what can you do; who are you; what are you; how do you work"),
        words=_words("help"),
        reply=ABOUT,
    ),
)

_WORD = re.compile(r"[a-z0-9'-]+")
_NUMBERS = dict(
    zip(
        ["a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
        (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
        strict=True,
    )
)
_UNIT_DAYS = {"day": 1, "week": 7, "fortnight": 14, "month": 30, "year": 365}
# A window is said with a word that makes it one: "the last 60 days", "this month", "over two
# weeks"; "0.5 kg a week" and "per week" are rates, not windows.
_SPAN = re.compile(
    r"\b(?:last|past|this|over|in|for|during|previous|recent|the)\s+(?:(?:last|past|previous|recent)\s+)?"
    r"(?:(\d{1,3}|" + "|".join(_NUMBERS) + r")\s*(?:-\s*)?)?(days?|weeks?|months?|years?|fortnight)\b"
)
# A follow-up to the question before: "and my food?", "what about this month?", "over the last 60 days?"
_FOLLOW_UP = re.compile(r"\W*(?:and|what about|how about|also|same)\b")
_WINDOW_ONLY = re.compile(r"\W*(?:over|in|for|during|this|last|past|the)\b")


@functools.lru_cache(maxsize=256)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<![a-z0-9'-])" + re.escape(phrase) + r"(?![a-z0-9'-])")


@dataclass(frozen=True, slots=True)
class Match:
    """What a message asks: its data intents (in table order), its social intents, and
    whether it reads as a follow-up to the question before it ("and this month?")."""

    data: tuple[Intent, ...]
    social: tuple[Intent, ...]
    follow_up: bool

    @property
    def greeted(self) -> bool:
        return any(i.name == "greeting" for i in self.social)


def normalise(text: str) -> str:
    return text.lower().replace("\u2019", "'").replace("\u2018", "'")


def match_intents(text: str) -> Match:
    """The intents `text` asks for (see the module docstring)."""
    lowered = normalise(text)
    remaining = lowered
    by_phrase: set[str] = set()
    for intent in INTENTS:
        for phrase in intent.phrases:
            remaining, found = _phrase_pattern(phrase).subn(" ", remaining)
            if found:
                by_phrase.add(intent.name)
    words = set(_WORD.findall(remaining))
    hits = [i for i in INTENTS if i.name in by_phrase or words & i.words]
    follow_up = bool(_FOLLOW_UP.match(lowered)) or (
        bool(_WINDOW_ONLY.match(lowered)) and requested_days(lowered) is not None
    )
    return Match(tuple(i for i in hits if i.rounds), tuple(i for i in hits if not i.rounds), follow_up)


def requested_days(text: str) -> int | None:
    """The window the message names, in days ("this month" → 30, "the last two weeks" → 14,
    "today" → 1), or None."""
    lowered = normalise(text)
    if span := _SPAN.search(lowered):
        count = span.group(1)
        number = 1 if count is None else int(count) if count.isdigit() else _NUMBERS[count]
        return number * _UNIT_DAYS[span.group(2).removesuffix("s")]
    return 1 if "today" in _WORD.findall(lowered) else None


def tool_rounds(intents: Sequence[Intent]) -> list[tuple[str, ...]]:
    """The tool rounds of several intents together: round n calls every intent's round-n tools,
    each tool once (in the first round that asks for it), in table order."""
    rounds: list[list[str]] = []
    seen: set[str] = set()
    depth = max((len(i.rounds) for i in intents), default=0)
    for n in range(depth):
        names: list[str] = []
        for intent in intents:
            if n < len(intent.rounds):
                for name in intent.rounds[n]:
                    if name not in seen:
                        seen.add(name)
                        names.append(name)
        if names:
            rounds.append(names)
    return [tuple(names) for names in rounds]
