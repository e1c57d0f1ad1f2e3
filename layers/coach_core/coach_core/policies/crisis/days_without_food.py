"""Not eating for days, stated with a duration: "haven't eaten in 3 days", "went a week without
food", "no food for 5 days", "only water for 4 days", "it's been 4 days since I ate". Kind
`fasting`; the duration must be two days or more."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.fasting import FOOD_WORD, at_least_two_days, duration_group, nothing_at_all
from coach_core.policies.crisis.guards import Near
from coach_core.policies.crisis.patterns import either, gap, opt, seq, words
from coach_core.policies.crisis.tables.fasting import FOOD_GONE, NOT_EATEN

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
)
