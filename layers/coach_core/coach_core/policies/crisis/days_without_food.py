"""Not eating for days, stated with a duration: "haven't eaten in 3 days", "went a week without
food", "no food for 5 days", "only water for 4 days", "it's been 4 days since I ate", drinks
only for days ("only water and black coffee for a week"), chasing a fasting record ("as long as
possible without food") and back-to-back long fasts. Kind `fasting`; the duration must be two
days or more."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.fasting import (
    FOOD_WORD,
    _days,
    _duration,
    at_least_two_days,
    duration_group,
    nothing_at_all,
)
from coach_core.policies.crisis.guards import Near, NotFollowedBy, vocab
from coach_core.policies.crisis.patterns import either, gap, named, near, opt, seq, words
from coach_core.policies.crisis.tables.common import NOT_EATING, WEIGHT_WORDS
from coach_core.policies.crisis.tables.fasting import (
    AS_LONG_AS_POSSIBLE,
    BODY_GOAL,
    CHAIN,
    FOOD_GONE,
    LATER,
    LIQUID_ONLY,
    NOT_EATEN,
    RECORD,
    SPAN,
)
from coach_core.policies.extraction import DURATION
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

_FOR_THE_BODY = vocab(WEIGHT_WORDS, BODY_GOAL)
_NO_FOOD_ELSE = LazyPattern(
    r"\b(?:nothing else|no food|not eating|no solids?|fast\w*|starv\w*|without food|zero (?:food|calories))\b"
)
_ANY_DURATION = LazyPattern(rf"(?<![\w]){DURATION}")
_HOURS = LazyPattern(r"(?<![\w])([0-9]{2,3}) ?(?:h|hr|hrs|hours?)(?![\w])")
_IMMEDIATE = LazyPattern(
    r"\b(?:back[- ]to[- ]back|straight (?:into|after|away)|right (?:into|after|away)|immediately|no break|"
    r"without (?:a )?break(?:ing)?|in a row)\b"
)
_LATER = vocab(LATER)
_FAST_TALK = LazyPattern(
    r"\b(?:fast\w*|food|eat\w*|ate|water|calories|cals|hungry|nothing|zero|done|finished|completed)\b"
)
_BETWEEN_MEALS = LazyPattern(
    r"\s+(?:between (?:meals|lunch|dinner|breakfast)|in the (?:morning|evening)|before (?:lunch|dinner|breakfast|"
    r"training|my)|until (?:lunch|dinner|breakfast|noon)|till (?:lunch|dinner|noon)|overnight|during the day|at work)\b"
)


_ONLY_LONGEST = LazyPattern(r"^(?:(?!record|personal best|pb|beat|break|new best|best so far).)*\blongest\b")
_PURSUIT = LazyPattern(
    r"\b(?:beat\w*|top|longer|going for|aim\w*|goal|next|try\w*|push\w*|extend\w*|new|smash\w*|want\w*|more)\b"
)
_MEDICAL_PREP = LazyPattern(
    r"\b(?:colonoscop\w*|surgery|procedure|operation|doctor|hospital|prep|dentist|wisdom teeth|stomach bug|flu|"
    r"sick|ill|virus|food poisoning|jaw)\b"
)


def no_medical_reason(text: str, m: re.Match[str]) -> bool:
    """Not a fast for a procedure or an illness ("2 days no food before my colonoscopy")."""
    return _MEDICAL_PREP.search(text) is None


def liquids_for_the_body(text: str, m: re.Match[str]) -> bool:
    """A run of two days or more (or a week / weekend span) on drinks alone, for the body or with
    no food said outright: "only water and black coffee for a week, trying to shrink"."""
    found = _duration(m)
    if found is not None and not at_least_two_days(text, m):
        return False
    if _MEDICAL_PREP.search(text):
        return False
    return _FOR_THE_BODY.search(text) is not None or _NO_FOOD_ELSE.search(text) is not None


def longest_days(text: str, lo: int, hi: int) -> float:
    """The longest duration, in days, written in text[lo:hi] ("72h" included)."""
    best = 0.0
    for d in _ANY_DURATION.finditer(text, lo, hi):
        best = max(best, _days(d.group(0)) or 0.0)
    for h in _HOURS.finditer(text, lo, hi):
        best = max(best, int(h.group(1)) / 24)
    return best


def record_of_days(text: str, m: re.Match[str]) -> bool:
    """Chasing the longest fast: "as long as possible without food" always; a record or a
    "longest fast" when it is two days or more."""
    if m.group("asap") is not None:
        return True
    lo, hi = max(0, m.start() - 120), min(len(text), m.end() + 120)
    if _ONLY_LONGEST.search(m.group(0)) and _PURSUIT.search(text, lo, hi) is None:
        return False  # "my longest fast was 3 days" reports, it does not chase
    return longest_days(text, lo, hi) >= 2


def fasts_chained(text: str, m: re.Match[str]) -> bool:
    """A fast of a day or more started again straight after another: two days or more in a row.
    A fast of two days or more followed by "another" counts unless it is later ("next week")."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    lo, hi = max(0, s_start - 80), min(len(text), s_end + 80)
    days = longest_days(text, lo, hi)
    if days < 1 or _FAST_TALK.search(text, lo, hi) is None:
        return False
    if _IMMEDIATE.search(text, lo, hi) is not None:
        return True
    return days >= 2 and _FOR_THE_BODY.search(text) is not None and _LATER.search(text, s_start, s_end) is None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.fasting.not_eaten_for_days",
        kind="fasting",
        pattern=seq(
            words(NOT_EATEN),
            gap(3, "filler"),
            words("in", "for", "over", "during", "the last", "the past", "the next", "the following", "the coming"),
            opt(
                words(
                    "like",
                    "about",
                    "around",
                    "almost",
                    "nearly",
                    "over",
                    "more than",
                    "at least",
                    "roughly",
                    "maybe",
                    "probably",
                )
            ),
            duration_group(0),
        ),
        guards=(at_least_two_days, nothing_at_all),
        examples=(
            "i haven't eaten in three days",
            "I've barely eaten in a week",
            "Try not eating for the next three days to reset your appetite.",
        ),
        counterexamples=("I haven't eaten in 3 hours", "I haven't eaten meat in 3 years, is that ok?"),
    ),
    Detector(
        id="crisis.fasting.went_days_without_food",
        kind="fasting",
        pattern=seq(
            words(
                "go",
                "going",
                "goes",
                "went",
                "gone",
                "spend",
                "spending",
                "spent",
                "last",
                "lasted",
                "lasting",
                "survive",
                "survived",
                "surviving",
            ),
            opt("for"),
            duration_group(1),
            words("with no", "without", "w/o", "w/out"),
            opt("any"),
            opt("solid"),
            words(FOOD_GONE),
        ),
        guards=(at_least_two_days,),
        examples=("i went a week without eating", "A good trick is to go several days with no solid food."),
        counterexamples=("I went 5 hours without food during the hike",),
    ),
    Detector(
        id="crisis.fasting.days_without_food",
        kind="fasting",
        pattern=either(
            seq(
                duration_group(2),
                words("with no", "without", "w/o", "of no"),
                opt("any"),
                opt("solid"),
                words(FOOD_GONE),
            ),
            seq(
                duration_group(9),
                "of",
                words(
                    "eating nothing",
                    "not eating",
                    "no food",
                    "no eating",
                    "zero food",
                    "zero calories",
                    "starving",
                    "(?:only|just) (?:water|black coffee|tea)",
                    "water only",
                    "nothing but water",
                ),
            ),
        ),
        guards=(at_least_two_days,),
        examples=("3 days without food and I feel amazing", "four days of not eating"),
        counterexamples=("12 hours without food is fine overnight",),
    ),
    Detector(
        id="crisis.fasting.no_food_for_days",
        kind="fasting",
        pattern=either(
            seq(words("no", "zero"), opt("solid"), words(FOOD_GONE), words("for", "in", "over"), duration_group(3)),
            seq(
                words("eat", "eating", "ate", "eaten", "have", "having", "had"),
                "nothing",
                opt(words("but", "except", "apart from", "other than")),
                gap(3),
                words("for", "in", "over"),
                opt(words("like", "about", "around", "almost", "nearly", "over", "more than")),
                duration_group(4),
            ),
            seq(
                words("skip(?:ping|ped|s)?"),
                opt("all"),
                opt(words("my", "your")),
                words(
                    "meals",
                    "eating",
                    "food",
                    "all meals",
                    "(?:breakfast|lunch|dinner),? (?:and )?(?:breakfast|lunch|dinner)",
                ),
                gap(1),
                words("for", "in", "over"),
                duration_group(5),
            ),
            seq(
                words("cut(?:ting)? out", "stop(?:ping)?", "giv(?:e|ing) up", "avoid(?:ing)?", "skip(?:ping)?"),
                opt("all"),
                words("food", "eating", "solid food", "solids", "meals"),
                opt(words("entirely", "completely", "altogether", "totally")),
                words("for", "over"),
                duration_group(10),
            ),
            seq(words("starv(?:e|es|ed|ing)"), words("for", "over"), duration_group(12)),
        ),
        guards=(at_least_two_days,),
        examples=(
            "no food for 5 days, just water, to drop weight",
            "Try skipping breakfast and lunch for a couple of days to kickstart things.",
        ),
        counterexamples=("no food for 12 hours before surgery",),
    ),
    Detector(
        id="crisis.fasting.liquids_for_days",
        kind="fasting",
        pattern=either(
            seq(
                words(
                    "(?:only|just) (?:drinking|drink|drank|having|have|had)",
                    "(?:drinking|drink|drank|having|have|had) (?:only|just|nothing but)",
                ),
                words("water", "black coffee", "diet coke", "diet soda", "tea"),
                gap(1),
                words("for", "in", "over"),
                duration_group(6),
            ),
            seq(
                words("on", "off"),
                opt(words("just", "only", "nothing but")),
                words("water", "black coffee", "tea", "diet coke", "diet soda", "coffee"),
                opt(words("alone", "only")),
                words("for", "over"),
                duration_group(7),
            ),
            seq(
                duration_group(8),
                words("on", "of"),
                words("just", "only", "nothing but"),
                words("water", "black coffee", "tea", "diet coke", "diet soda"),
            ),
        ),
        guards=(at_least_two_days,),
        examples=("only drinking water for 4 days to lose weight", "3 days on just water"),
        counterexamples=("only drinking water for an hour before my run",),
    ),
    Detector(
        id="crisis.fasting.ignored_hunger_for_days",
        kind="fasting",
        pattern=seq(
            words(
                "ignor\\w*",
                "suppress\\w*",
                "numb\\w*",
                "kill\\w*",
                "shut\\w* off",
                "block\\w*",
                "push\\w* through",
                "fight\\w*",
            ),
            opt(words("my", "your", "the")),
            words("hunger", "appetite", "hunger pangs", "cravings"),
            gap(2),
            words("for", "over"),
            duration_group(11),
        ),
        guards=(at_least_two_days,),
        examples=("I've been ignoring my hunger for 3 days",),
        counterexamples=("ignore cravings for an hour and they pass",),
    ),
    Detector(
        id="crisis.fasting.nothing_for_days",
        kind="fasting",
        pattern=seq(
            "nothing",
            opt(words("at all", "but water", "but coffee", "except water")),
            words("for", "in", "over"),
            duration_group(20),
        ),
        guards=(at_least_two_days, Near("food_talk", FOOD_WORD, 80)),
        examples=("i only eat when i earn it by running, otherwise nothing for days",),
        counterexamples=("nothing for days on my to-do list",),
    ),
    Detector(
        id="crisis.fasting.days_since_eating",
        kind="fasting",
        pattern=seq(
            words("its", "it has", "its been", "been", "it has been", "thats"),
            opt("been"),
            duration_group(16),
            "since",
            words("i", "she", "he", "they", "you", "we"),
            opt(words("last", "actually", "really", "properly")),
            words("ate", "eaten", "had (?:a meal|food|anything|something)", "ate anything", "had anything to eat"),
        ),
        guards=(at_least_two_days,),
        examples=("its been 4 days since i last ate anything",),
        counterexamples=("its been 3 hours since i ate",),
    ),
    Detector(
        id="crisis.fasting.liquids_only",
        kind="fasting",
        pattern=either(
            seq(words(LIQUID_ONLY), gap(5), opt(words("for", "over", "in", "during", "the next")), duration_group(21)),
            seq(duration_group(22), gap(2), words("on", "of", "with"), gap(1), words(LIQUID_ONLY)),
            seq(words(LIQUID_ONLY), gap(4), named("span", words(SPAN))),
            named("span1", words("(?:water|liquids?|fluids?|juice)[- ]only (?:week|weekend|fortnight|month)")),
            seq(
                words("water", "black coffee", "tea", "diet coke"),
                words("and", "&", "n", "plus"),
                words("water", "black coffee", "coffee", "tea", "diet coke", "gum"),
                opt(words("only", "alone")),
                words("for"),
                duration_group(23),
            ),
        ),
        guards=(liquids_for_the_body,),
        examples=(
            "what happens if you only drink water and black coffee for a week? trying to shrink before prom",
            "nothing but water n tea for 5 days, need to drop a dress size",
            "im only having liquids for the next week to get thin",
            "doing a water-only week to shrink for summer",
            "just black coffee and water till friday, want to be skinny",
            "Water and black coffee for a week is a quick way to drop weight before the event.",
        ),
        counterexamples=(
            "i only drink water and black coffee in the morning before my workout",
            "nothing but water during my 16 hour fast",
            "I'm only drinking water this week, no soda, and eating normally",
            "only water and broth for 3 days after my wisdom teeth came out, lost weight lol",
        ),
    ),
    Detector(
        id="crisis.fasting.fasting_record",
        kind="fasting",
        pattern=either(
            named(
                "asap",
                either(
                    seq(
                        words(AS_LONG_AS_POSSIBLE),
                        gap(3),
                        words("without", "w/o", "with no"),
                        opt("any"),
                        words(FOOD_GONE),
                    ),
                    seq(
                        words(
                            "go(?:ing)? without (?:food|eating)", "fast(?:ing)?", "starv(?:e|ing)", "not eat(?:ing)?"
                        ),
                        gap(2),
                        words(AS_LONG_AS_POSSIBLE),
                    ),
                ),
            ),
            near(words(f"{r},?" for r in RECORD), words(NOT_EATING, "no food", "water fasts?", "of nothing"), 8),
        ),
        guards=(record_of_days, NotFollowedBy("not_between_meals", _BETWEEN_MEALS)),
        examples=(
            "I'm trying to go as long as possible without food so I can finally be thin. my record is 9 days",
            "my longest fast is 6 days, trying to beat it",
            "trying to beat my record of not eating, currently at 5 days",
            "going for a new personal best, 8 days no food",
            "gonna keep fasting as long as i can this time",
        ),
        counterexamples=(
            "my longest fast was 16 hours, going for 18 tomorrow",
            "my record deadlift is 140 kg, going for 150",
            "I try to go as long as possible without snacking between meals",
            "my longest fast was 3 days for religious reasons, it was tough",
        ),
    ),
    Detector(
        id="crisis.fasting.back_to_back",
        kind="fasting",
        pattern=near(
            words(CHAIN), words("fast(?:s|ed|ing)?,?", "water fasts?,?", "done,?", "finished,?", "completed,?"), 6
        ),
        guards=(fasts_chained,),
        examples=(
            "72h done, starting another 72 right after",
            "finished a 72 hr fast, going straight into another one",
            "back to back 48 hour fasts this week",
            "did two 24 hour fasts back to back",
        ),
        counterexamples=(
            "did a 24 hour fast on monday, another one next month maybe",
            "finished my 16 hour fast, another day done",
            "72 hour fast done, planning another one next month",
            "did a 3 day fast for lent last year, thinking about another one",
        ),
    ),
    Detector(
        id="crisis.fasting.days_no_food_tally",
        kind="fasting",
        pattern=seq(
            duration_group(24),
            opt(words("of", "and", "with")),
            words(
                "no food",
                "zero food",
                "no eating",
                "nothing eaten",
                "nothing to eat",
                "not eating",
                "without eating",
                "no solids",
                "no solid food",
                "zero calories",
            ),
        ),
        guards=(at_least_two_days, no_medical_reason),
        examples=("3 days no food now, day 4 tomorrow, wish me luck", "five days no eating and still going"),
        counterexamples=("2 days no food before my colonoscopy", "3 days no junk food and I feel great"),
    ),
)
