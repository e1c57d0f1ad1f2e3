"""Restriction and fasting: stopping eating, weight lost by not eating ("dropped 5 lbs this week
by basically not eating"), and not eating for days, stated with a duration of two days or more
("haven't eaten in three days", "no food for 5 days", "a 5 day water fast to lose weight", "day
3 of no food", "nothing but water n tea for 5 days"), eating every other day, and asking how
long one can go without food. Kinds `restriction` and `fasting`."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import AnyOf, Near, NotFollowedBy, NotInSentence, NotPrecededBy, vocab
from coach_core.policies.crisis.patterns import Pat, either, gap, named, opt, raw, seq, words
from coach_core.policies.crisis.tables.common import ILLNESS, WEIGHT_WORDS
from coach_core.policies.crisis.tables.restriction import (
    BODY_GOAL,
    BY,
    CAUSE_END,
    DAY_OF_NOTHING,
    FOOD_GONE,
    LIQUID_ONLY,
    LOST,
    NOT_EATEN,
    NOT_EATING_CAUSE,
    OBJECT_TAIL_RE,
    SPAN,
    STOPPED_EATING,
    STOPPED_HEAD,
)
from coach_core.policies.extraction import DURATION, DURATION_UNIT_WORDS, WORD_NUMBER, duration_days
from coach_core.policies.text.regex import LazyPattern

# --- Restriction ----------------------------------------------------------------------------------
_OBJECT_TAIL = LazyPattern(OBJECT_TAIL_RE)
_ILLNESS = vocab(ILLNESS)
_CAUSE_END = LazyPattern(CAUSE_END)


def cause_not_a_food(text: str, m: re.Match[str]) -> bool:
    """ "lost 2 kg by not eating bread" gives up a food: the not-eating must end the phrase."""
    if m.group("after") is not None:
        return True
    return _CAUSE_END.match(text, m.end()) is not None and _OBJECT_TAIL.match(text, m.end()) is None


# --- Fasting: a duration of two days or more ------------------------------------------------------
MIN_DAYS: Final = 2.0


def duration_group(i: int = 0) -> Pat:
    """A duration, as group "dur<i>" (a regex cannot name two groups alike, even in alternatives)."""
    return named(f"dur{i}", raw(rf"(?<![\w]){DURATION}", DURATION_UNIT_WORDS))


# Weight talk, or what marks the fast as a body goal: "to get down to 45kg", "only water and black coffee".
_WEIGHT = LazyPattern(
    vocab(WEIGHT_WORDS).pattern
    + r"|[0-9](?:kg|kgs|kilos?|lbs?|st)\b|\b(?:get|gets|getting|got) down to\b|\b(?:only|just|nothing but) "
    r"(?:water|black coffee|coffee|tea|diet coke|zero drinks)\b"
)
_FREQUENCY = LazyPattern(r"\s*(?:a|per|each|every|/|out of|in)\s*(?:the\s+)?(?:week|wk|month|fortnight)\b")
_LONG_TIME = LazyPattern(rf"\b(?:how long|as long as|{DURATION})")
_FOR_THE_BODY = vocab(WEIGHT_WORDS, BODY_GOAL)
_NO_FOOD_ELSE = LazyPattern(
    r"\b(?:nothing else|no food|not eating|no solids?|fast\w*|starv\w*|without food|zero (?:food|calories))\b"
)
_MEDICAL_PREP = LazyPattern(
    r"\b(?:colonoscop\w*|surgery|procedure|operation|doctor|hospital|prep|dentist|wisdom teeth|stomach bug|flu|"
    r"sick|ill|virus|food poisoning|jaw)\b"
)


@lru_cache(maxsize=256)
def _days(phrase: str) -> float | None:
    return duration_days(phrase)


def _duration(m: re.Match[str]) -> tuple[str, str] | None:
    """(group name, text) of the duration the match holds, if any."""
    for name, value in m.groupdict().items():
        if name.startswith("dur") and value is not None:
            return name, value
    return None


def at_least_two_days(text: str, m: re.Match[str]) -> bool:
    found = _duration(m)
    days = _days(found[1]) if found else None
    return days is not None and days >= MIN_DAYS


def a_run_for_weight(text: str, m: re.Match[str]) -> bool:
    """A fast of two days or more, with weight talk in the text. "Fasting 2 days a week" (the
    5:2 diet) is two separate days, not a run."""
    found = _duration(m)
    if found is None or not at_least_two_days(text, m):
        return False
    if _FREQUENCY.match(text, m.end(found[0])) and (_days(found[1]) or 0) <= MIN_DAYS:
        return False
    return _WEIGHT.search(text) is not None


def counted_day_two_or_more(text: str, m: re.Match[str]) -> bool:
    """ "day 3 of no food" means at least two days have gone by."""
    days = _days(m.group("dur").replace("day ", "") + " days")
    return days is not None and days >= MIN_DAYS and ("fast" not in m.group(0) or _WEIGHT.search(text) is not None)


_FOOD_OBJECT = LazyPattern(
    r"\b(?:meat|red meat|pork|beef|fish|chicken|sugar|sweets|candy|chocolate|bread|carbs|gluten|dairy|junk|out|fast "
    r"food|takeaway|takeout|processed|fried|chips|crisps|pizza|rice|pasta|eggs|cheese|vegetables|veg|fruit|breakfast|"
    r"lunch|dinner|late|after|before|healthy|clean)\b"
)


def nothing_at_all(text: str, m: re.Match[str]) -> bool:
    """ "haven't eaten meat in 3 years" gives up a food, not food."""
    filler = m.group("filler")
    return not filler or _FOOD_OBJECT.search(filler) is None


def no_medical_reason(text: str, m: re.Match[str]) -> bool:
    """Not a fast for a procedure or an illness ("2 days no food before my colonoscopy")."""
    return _MEDICAL_PREP.search(text) is None


def liquids_for_the_body(text: str, m: re.Match[str]) -> bool:
    """A run of two days or more (or a week / weekend span) on drinks alone, for the body or with
    no food said outright: "nothing but water n tea for 5 days, need to drop a dress size"."""
    found = _duration(m)
    if found is not None and not at_least_two_days(text, m):
        return False
    if _MEDICAL_PREP.search(text):
        return False
    return _FOR_THE_BODY.search(text) is not None or _NO_FOOD_ELSE.search(text) is not None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.restriction.stopped_eating",
        kind="restriction",
        pattern=seq(
            words(STOPPED_HEAD),
            opt(words("basically", "pretty much", "totally", "completely", "just")),
            words(STOPPED_EATING),
        ),
        guards=(NotFollowedBy("not_a_food", _OBJECT_TAIL), NotInSentence("not_an_illness", _ILLNESS)),
        examples=("I've basically stopped eating", "she has stopped eating"),
        counterexamples=("I've stopped eating junk food", "I stopped eating after 8pm"),
    ),
    Detector(
        id="crisis.restriction.loss_from_not_eating",
        kind="restriction",
        pattern=either(
            seq(
                words(LOST),
                gap(6),
                words(BY),
                opt(words("just", "basically", "pretty much", "literally")),
                words(NOT_EATING_CAUSE),
            ),
            named(
                "after",
                seq(
                    words(NOT_EATING_CAUSE),
                    gap(4),
                    words(
                        "made me lose",
                        "has made me lose",
                        "ive lost",
                        "i lost",
                        "i dropped",
                        "ive dropped",
                        "im down",
                        "i shed",
                    ),
                ),
            ),
        ),
        guards=(cause_not_a_food, NotInSentence("not_an_illness", _ILLNESS)),
        examples=(
            "dropped 5 lbs this week by basically not eating lol",
            "lost 3kg in 5 days from skipping all my meals, want to keep it up",
            "barely eating has made me lose 6 kilos and i dont want to stop",
        ),
        counterexamples=(
            "I lost 1 kg from not eating out so much",
            "lost 2 kg by not eating after 8pm",
            "I lost 3 kg from not eating when I had the flu",
        ),
    ),
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
    Detector(
        id="crisis.fasting.long_fast",
        kind="fasting",
        pattern=either(
            seq(
                named("dur13", raw(rf"(?<![\w]){DURATION}(?:-long)?", DURATION_UNIT_WORDS)),
                opt(words("long")),
                opt(words("water", "dry", "juice")),
                words("fast(?:s|ing)?"),
            ),
            seq(words("fast(?:s|ed|ing)?"), opt(words("for", "over")), duration_group(14)),
        ),
        guards=(a_run_for_weight,),
        examples=(
            "I'm doing a 5 day water fast to lose weight quickly",
            "A 72-hour fast is a quick way to drop a few kilos.",
            "I fast for 3 days every week to lose weight",
            "i fast for 3 days at a time every week, only water and black coffee",
            "doing 72 hour fasts to get down to 45kg",
        ),
        counterexamples=("I'm doing a 24 hour fast", "I fast 2 days a week on 5:2 to lose weight"),
    ),
    Detector(
        id="crisis.fasting.day_count",
        kind="fasting",
        pattern=seq(
            named("dur", raw(rf"day (?:[0-9]+|{WORD_NUMBER})")), opt(words("of", "without")), words(DAY_OF_NOTHING)
        ),
        guards=(counted_day_two_or_more,),
        examples=("day 3 of no food, going for day 5", "day 6 of my water fast, scale finally moving"),
        counterexamples=("day 1 of my fast", "day 3 of my new program"),
    ),
    Detector(
        id="crisis.fasting.since_day",
        kind="fasting",
        pattern=seq(
            words(
                "(?:havent|have not|hasnt|has not|hadnt|had not|not) (?:really |properly |even |actually )?(?:eaten|"
                "had "
                "(?:any )?(?:food|a meal|a proper meal|anything)|eaten anything|touched food)",
                "(?:no|zero) (?:food|eating|meals?|solid food|calories)",
                "(?:had|having|eaten|eating|drunk|drinking|drank) (?:nothing but|only|just) (?:water|black coffee|tea|"
                "diet coke|coffee)",
            ),
            gap(2),
            "since",
            words(
                "(?:last )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month)",
                "the weekend",
                "the day before yesterday",
                "(?:a few|several|[0-9]+|two|three|four|five|six|seven) days ago",
            ),
        ),
        examples=("I haven't eaten anything since tuesday morning", "my husband hasn't eaten since sunday"),
        counterexamples=("I haven't eaten since breakfast",),
    ),
    Detector(
        id="crisis.fasting.every_other_day",
        kind="fasting",
        pattern=either(
            seq(
                words("eat", "eats", "eating", "ate"),
                opt("only"),
                opt(words("once", "one meal", "a meal", "something")),
                "every",
                words("other", "second", "third", "2nd", "3rd", "few", "couple of", "[2-9]", "two", "three", "four"),
                words("days?"),
            ),
            seq(
                words("eat", "eats", "eating", "ate"),
                opt("only"),
                "once every",
                words("[2-9]", "two", "three", "four"),
                words("days"),
            ),
        ),
        examples=("I eat every other day to lose weight", "i only eat once every two days"),
        counterexamples=("I eat fish every other day",),
        guards=(
            NotPrecededBy("not_a_food", LazyPattern(r"\b(?:fish|meat|eggs|salad|chicken|rice|pasta|fruit)\s*$"), 1),
        ),
    ),
    Detector(
        id="crisis.fasting.how_long",
        kind="fasting",
        pattern=seq(
            words("how many", "how long", "max(?:imum)?(?: number of)?", "longest"),
            opt(words("days?", "weeks?")),
            words("can", "could", "should", "do", "i can", "i could", "you can", "someone can"),
            opt(words("i", "you", "someone", "a person")),
            opt("safely"),
            words("fast", "go without (?:food|eating)", "not eat", "starve"),
        ),
        examples=("how many days can i go without food", "how long can I fast to lose weight fast"),
        counterexamples=("how long can i go without coffee",),
    ),
    Detector(
        id="crisis.fasting.go_without",
        kind="fasting",
        pattern=seq(
            words("go", "going", "goes", "went", "gone", "last", "survive", "live"),
            gap(2),
            words("without", "w/o"),
            words("eating", "food", "a meal", "meals"),
        ),
        guards=(AnyOf("for_weight_or_long", (Near("for_weight", _WEIGHT, 60), Near("long_time", _LONG_TIME, 40))),),
        examples=("Go without food for a few days and the scale will move fast.", "how long can you go without eating"),
        counterexamples=("I went without eating until lunch because I overslept",),
    ),
)
