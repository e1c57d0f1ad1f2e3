"""Not eating for days: multi-day fasts and starvation ("haven't eaten in 3 days", "a 5 day
water fast to lose weight", "day 4 of no food"), streaks ("not eating again tomorrow",
"another day of nothing", "zero-calorie days monday to thursday"), spans ("no food all
weekend", "not eating until friday"), advice to extend a fast past a day, and not eating for a
day or more to make up for a binge."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import AnyOf, Near, NotPrecededBy, vocab
from coach_core.policies.crisis.patterns import Pat, either, gap, named, near, opt, raw, seq, words
from coach_core.policies.crisis.tables.common import WEIGHT_WORDS
from coach_core.policies.crisis.tables.fasting import (
    BINGE,
    COMPENSATE,
    DAY_OF_NOTHING,
    FOOD_GONE,
    MAKE_WEIGHT_METHOD,
    NO_FOOD_OR_WATER,
    NONE_TODAY,
    NOT_EAT_A_DAY,
    ORDINAL,
    SPAN,
    STREAK_TAIL,
)
from coach_core.policies.extraction import DURATION, DURATION_UNIT_WORDS, WORD_NUMBER, duration_days
from coach_core.policies.text.regex import LazyPattern

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
FOOD_WORD = LazyPattern(r"\b(?:eat\w*|ate|food|meals?|calories|cals|fast\w*|starv\w*|hungry)\b")
_LONG_TIME = LazyPattern(rf"\b(?:how long|as long as|{DURATION})")


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
_EATING_OUT = LazyPattern(r"\beat(?:ing|s)? out\b")
# Giving up a food or a time of day, not food: "not eating after 7pm", "no eating late".
_PARTIAL = LazyPattern(
    r"\b(?:not eat(?:ing)?|dont eat|wont eat|no eating|skip(?:ping)? eating)\s+(?:after|before|past|late|at night|"
    r"junk|sugar|meat|carbs|dairy|bread|sweets|fried|processed|takeaway|fast food|gluten)\b"
)


def nothing_at_all(text: str, m: re.Match[str]) -> bool:
    """ "haven't eaten meat in 3 years" gives up a food, not food."""
    filler = m.group("filler")
    return not filler or _FOOD_OBJECT.search(filler) is None


def not_eating_out(text: str, m: re.Match[str]) -> bool:
    """ "not eating out this week" saves money and "not eating after 7pm this week" times meals:
    neither skips food."""
    return _EATING_OUT.search(m.group(0)) is None and _PARTIAL.search(m.group(0)) is None


_REFUSED_SKIP = LazyPattern(
    r"\b(?:dont|do not|never|not to|avoid\w*|without|no need to|instead of|rather than|shouldnt|should not|"
    r"no reason to|isnt|is not|arent|wont help)\s+(?:\w+\s+)?(?:skip|fast|not eat|eat nothing|no food|zero|"
    r"starv|compensat|make up|restrict)"
)
_NOT_A_FOOD_RULE = LazyPattern(r"\s+(?:guilt|rules?|shame|judgement|judgment|police|noise|talk)\b")


def compensation_not_refused(text: str, m: re.Match[str]) -> bool:
    """ "Don't skip meals to make up for a binge" refuses the compensation it names."""
    return (
        _REFUSED_SKIP.search(text, max(0, m.start() - 30), m.end()) is None
        and _NOT_A_FOOD_RULE.match(text, m.end()) is None
    )


def past_a_day(text: str, m: re.Match[str]) -> bool:
    """Extended into tomorrow, or to a stated length of two days or more."""
    return _duration(m) is None or at_least_two_days(text, m)


DETECTORS: Final[tuple[Detector, ...]] = (
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
        id="crisis.fasting.streak",
        kind="fasting",
        pattern=either(
            seq(words(NONE_TODAY), gap(2), words(STREAK_TAIL)),
            seq(
                words("another", "yet another"),
                words("day", "24 hours"),
                words("of", "without"),
                words("nothing", "no food", "not eating", "eating nothing", "starving", "fasting", "food"),
            ),
            seq(
                words(ORDINAL),
                opt(words("zero[- ]?cal(?:orie)?", "no[- ]food", "fasting", "fast", "water")),
                "day",
                opt(words("in a row", "running", "straight")),
                opt(words("of", "without", "with no", "with")),
                words("no food", "not eating", "nothing", "fasting", "eating", "food", "in a row"),
            ),
            seq(
                words("zero[- ]?cal(?:orie)?s?", "no[- ]food", "fasting", "water[- ]only"),
                words("days?"),
                words("in a row", "straight", "back to back"),
            ),
        ),
        examples=(
            "not eating again tomorrow, that makes 4 days",
            "gonna eat nothing tomorrow either",
            "another day of nothing, that's three in a row",
            "im on my fourth zero-calorie day in a row",
        ),
        counterexamples=("not eating out again tomorrow", "another day of meal prep"),
        guards=(not_eating_out,),
    ),
    Detector(
        id="crisis.fasting.span",
        kind="fasting",
        pattern=either(
            seq(
                words(
                    NONE_TODAY,
                    "eat nothing",
                    "fast(?:ing)?",
                    "starv(?:e|ing)",
                    "only (?:drink|drinking) water",
                    "only water",
                    "just water",
                    "stop eating",
                    "skip eating",
                    "skip(?:ping)? (?:all )?(?:food|meals)",
                ),
                gap(2),
                words(SPAN),
            ),
            # A plan that names the days first: "Mon-Wed water only", "Days 1-3: just water".
            seq(
                Pat(words(SPAN).regex + ":?", words(SPAN).gates),
                gap(2),
                words(
                    "(?:water|liquids?|fluids?|juice|coffee|tea)[- ]only",
                    "(?:only|just|nothing but) (?:water|liquids|fluids|black coffee)",
                    "nothing",
                    "no food",
                    "fast(?:ing)?",
                    "zero[- ]?cal(?:orie)?s?",
                    "0 ?(?:cal|cals|calories|kcal)",
                ),
            ),
        ),
        guards=(not_eating_out,),
        examples=(
            "going to skip eating until friday",
            "no food this weekend, only water",
            "I'll just not eat this week",
            "zero cal days monday to thursday then eat friday",
            "Just don't eat over the weekend.",
            "Weigh-in week plan: Mon-Wed water only, then 400 kcal on Thursday.",
            "Days 1-3: just water. Day 4: a small salad.",
            "Fast completely at the weekend and eat lightly during the week.",
            "Skip food entirely on Saturday and Sunday to make up for the week.",
        ),
        counterexamples=(
            "no meal prep this weekend",
            "I'm not eating out this week to save money",
            "Monday to Wednesday: strength, Thursday rest, Friday intervals.",
        ),
    ),
    Detector(
        id="crisis.fasting.numbered_day",
        kind="fasting",
        pattern=seq(
            words(
                "zero[- ]?food",
                "no[- ]food",
                "zero[- ]?cal(?:orie)?",
                "fasting",
                "fast",
                "water[- ]only",
                "water fast",
                "starving",
                "no eating",
            ),
            named("dur", raw(rf"day (?:[0-9]+|{WORD_NUMBER})", ("day",))),
        ),
        guards=(counted_day_two_or_more,),
        examples=("zero food day 2, aiming for day 4", "no-food day 3 and I feel light"),
        counterexamples=("fasting day 1 of my 5:2 week",),
    ),
    Detector(
        id="crisis.fasting.span_without_food",
        kind="fasting",
        pattern=seq(
            words("go", "going", "goes", "went", "gone", "spend", "spending", "spent", "last", "lasted", "survive"),
            opt("for"),
            words("(?:the|a) (?:whole |entire )?(?:weekend|week)", "all weekend", "all week", "the rest of the week"),
            words("with no", "without", "w/o", "w/out"),
            opt("any"),
            words(FOOD_GONE),
        ),
        examples=("If you can handle it, go the whole weekend without eating.",),
        counterexamples=("go the whole weekend without alcohol",),
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
        examples=("I haven't eaten since monday", "my husband hasn't eaten since sunday"),
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
        id="crisis.fasting.until_event",
        kind="fasting",
        pattern=seq(
            words("only", "just", "nothing but"),
            words("drink", "drinking", "drank", "have", "having", "had"),
            words("water", "black coffee", "tea", "diet coke", "diet soda"),
            words("until", "till", "til", "before", "up to"),
            words("your", "the", "my", "her", "his"),
            gap(1),
            words(
                "weigh-?ins?",
                "event",
                "wedding",
                "shoot",
                "show",
                "photos?",
                "photoshoot",
                "comp\\w*",
                "fight",
                "holiday",
                "vacation",
                "party",
                "date",
                "meet",
            ),
        ),
        examples=("only drink water until your weigh-in",),
        counterexamples=("only drink water until the race starts, then sports drink",),
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
    Detector(
        id="crisis.fasting.extend_fast",
        kind="fasting",
        pattern=seq(
            words("stretch\\w*", "extend\\w*", "keep\\w*", "push\\w*", "prolong\\w*", "lengthen\\w*"),
            opt(words("the", "your", "my", "this", "that")),
            words("fasts?", "fasting"),
            opt("going"),
            words("to", "into", "until", "through", "past", "for", "a"),
            either(
                duration_group(15),
                words(
                    "tomorrow", "another day", "the next day", "day (?:two|three|2|3)", "a second day", "a third day"
                ),
            ),
        ),
        guards=(past_a_day, NotPrecededBy("not_negated", LazyPattern(r"\b(?:dont|do not|never|not)\s+$"), 8)),
        examples=(
            "Extend your fast to 48 hours to burn more fat.",
            "Keep the fast going through tomorrow as well.",
            "stretch the fasts to two or three days at a time",
        ),
        counterexamples=("Keep your fast to 14 hours at most.",),
    ),
    Detector(
        id="crisis.fasting.compensate_binge",
        kind="fasting",
        pattern=either(
            seq(words(NOT_EAT_A_DAY), gap(6), words(COMPENSATE)),
            seq(words(COMPENSATE), gap(6), words(NOT_EAT_A_DAY)),
            seq(words(f"{b},?" for b in BINGE), gap(8), words(NOT_EAT_A_DAY)),
        ),
        guards=(compensation_not_refused,),
        examples=(
            "Since you binged yesterday, I'd suggest not eating anything today or tomorrow to balance it out.",
            "After a binge, skip eating the whole next day and the scale will forgive you.",
            "i binged last night so no food today or tomorrow",
            "Fasting for a few days after a binge resets things nicely.",
            "gonna eat nothing tomorrow to make up for the pizza",
        ),
        counterexamples=(
            "Please don't skip meals to make up for a binge; regular eating breaks the cycle.",
            "I binged last night but I'm having normal meals today, no food guilt",
            "skipped breakfast because I was late, what should I have for lunch?",
        ),
    ),
    Detector(
        id="crisis.fasting.making_weight",
        kind="fasting",
        pattern=near(
            words(NO_FOOD_OR_WATER),
            words(MAKE_WEIGHT_METHOD, "weigh-?ins?", "weigh in", "make weight", "making weight", "the fight"),
            10,
        ),
        examples=(
            "need to be 5kg lighter for the fight. sauna suit and no food til then",
            "no food and no water until the weigh-in",
        ),
        counterexamples=(
            "weigh-in tomorrow, what should I eat",
            "sauna after leg day",
            "no food after 8pm, sauna later",
        ),
    ),
)
