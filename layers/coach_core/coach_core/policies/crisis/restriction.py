"""Restriction and starvation: starving oneself, stopping or refusing food, eating nothing
until weak or until a number on the scale, living on a token amount of food, water, coffee or
gum, and believing one does not deserve food. (Not eating for days is `fasting`.)"""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import (
    AnyOf,
    FollowedBy,
    Near,
    NotFollowedBy,
    NotInSentence,
    NotPrecededBy,
    vocab,
)
from coach_core.policies.crisis.patterns import either, gap, named, near, opt, seq, words
from coach_core.policies.crisis.tables.common import ILLNESS, NOT_EATING, SELF
from coach_core.policies.crisis.tables.restriction import (
    ALL_I_EAT,
    AT_ANY_COST,
    BODY_GIVES_OUT,
    BONY_GOAL,
    BY,
    CAUSE_END,
    FEEL_FAT,
    LEAST_AMOUNT,
    LEAST_EAT,
    LEAST_PURPOSE,
    LEAST_WHO,
    LIVE_ON,
    LOST,
    NO_FOOD_UNTIL,
    NOT_EATING_CAUSE,
    NOT_FOOD,
    OBJECT_TAIL_RE,
    PRAISE,
    PRAISED_ACT,
    PROTRUDING,
    REFUSES,
    SINGLE_FOOD_RE,
    SKIP_DISTRESS,
    SKIP_MEALS,
    STARVE,
    STOPPED_EATING,
    STOPPED_HEAD,
    TO_GET_THIN,
    TOKEN_FOODS,
    TOKEN_QTY,
    UNTIL_BODY_GOAL_RE,
    UNTIL_GOAL,
    UNTIL_SUBJECT,
)
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

OBJECT_TAIL = LazyPattern(OBJECT_TAIL_RE)
_UNTIL_BODY_GOAL = LazyPattern(UNTIL_BODY_GOAL_RE)
_SINGLE_FOOD = LazyPattern(SINGLE_FOOD_RE)

_ILLNESS = vocab(ILLNESS)
_WITH_MEALS = LazyPattern(
    r"\b(?:(?:for|at|with)\s+(?:my\s+)?(?:breakfast|brunch|lunch|dinner|supper|meals?)|as a snack|plus|besides|on top "
    r"of|"
    r"in addition to|as well as)\b"
)

_ALL_I_EAT = vocab(ALL_I_EAT)
_FEEL_FAT = vocab(FEEL_FAT)
_CAUSE_END = LazyPattern(CAUSE_END)
_NOT_A_PROVERB = LazyPattern(r"\s+(?:keeps|will keep|keep)\b")
_NUTRITION = LazyPattern(
    r"\b(?:protein|cholesterol|fib(?:re|er)|vitamin\w*|potassium|iron|healthy|too many|too much|safe|supplement\w*|"
    r"enough (?:protein|fibre|fiber|nutrients))\b"
)


def until_a_body_goal(text: str, m: re.Match[str]) -> bool:
    """ "until I hit 50 kg", "till im down 10lbs", "until you see the scale move": what ends the
    refusal is a body or weight goal, not getting home or a fasting window."""
    _, s_end = sentence_around(text, m.start(), m.end())
    return _UNTIL_BODY_GOAL.match(text, m.start("goal") - 1, min(s_end, m.start("goal") + 80)) is not None


def not_a_single_food_until(text: str, m: re.Match[str]) -> bool:
    """ "not eating carbs until i lose 5kg" gives up one food, not eating."""
    return _SINGLE_FOOD.search(m.group("what") or "") is None and _SINGLE_FOOD.search(m.group("refusal")) is None


_NEGATED_PRAISE = LazyPattern(r"\b(?:not|dont|never|no|isnt|stop|instead of)\s+(?:\w+\s+)?$")


def cause_not_a_food(text: str, m: re.Match[str]) -> bool:
    """ "lost 2 kg by not eating bread" gives up a food: the not-eating must end the phrase."""
    if m.group("after") is not None:
        return True
    return _CAUSE_END.match(text, m.end()) is not None and OBJECT_TAIL.match(text, m.end()) is None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.restriction.starving_self",
        kind="restriction",
        pattern=either(seq(words(STARVE), words(SELF)), words("starvation diet")),
        guards=(
            NotFollowedBy("not_of_sleep", LazyPattern(r"\s+of\s+(?!food|calories|nutrients|meals|energy)\w")),
            NotPrecededBy(
                "not_rejected",
                LazyPattern(
                    r"\b(?:without|instead of|rather than|avoid\w*|no need to|no more|stop|dont|never)\s+(?:\w+\s+)?$"
                ),
            ),
        ),
        examples=("my daughter is starving herself", "i'm starving myself to get thin for summer"),
        counterexamples=("lose weight without starving yourself", "I'm starving, what should I have for lunch?"),
    ),
    Detector(
        id="crisis.restriction.starve_to_lose",
        kind="restriction",
        pattern=seq(
            words(STARVE),
            gap(3),
            words("to", "so (?:i|that i|she|he|they) can", "until", "till", "in order to"),
            opt(words("i", "you", "she", "he", "we", "they")),
            words(TO_GET_THIN),
        ),
        examples=("gonna starve until i lose 5 kg", "she starves herself to fit into the dress"),
        counterexamples=("I'm starving so I'll look for a snack",),
    ),
    Detector(
        id="crisis.restriction.starve_until",
        kind="restriction",
        pattern=seq(words(STARVE), opt("myself"), words("until", "till", "til", "before", "up to")),
        guards=(
            NotFollowedBy(
                "not_a_meal",
                LazyPattern(
                    r"\s+(?:lunch|dinner|breakfast|supper|i eat|we eat|later|tonight|the next meal|my next meal|food)\b"
                ),
            ),
        ),
        examples=("i starve till the weekend then binge",),
        counterexamples=("I'm starving until lunch, any snack ideas?",),
    ),
    Detector(
        id="crisis.restriction.stopped_eating",
        kind="restriction",
        pattern=seq(
            words(STOPPED_HEAD),
            opt(words("basically", "pretty much", "totally", "completely", "just")),
            words(STOPPED_EATING),
        ),
        guards=(NotFollowedBy("not_a_food", OBJECT_TAIL), NotInSentence("not_an_illness", _ILLNESS)),
        examples=("I've basically stopped eating", "she has stopped eating"),
        counterexamples=("I've stopped eating junk food", "I stopped eating after 8pm"),
    ),
    Detector(
        id="crisis.restriction.restricting",
        kind="restriction",
        pattern=seq(
            words(
                "i",
                "im",
                "ive been",
                "i have been",
                "been",
                "she",
                "shes",
                "he",
                "hes",
                "started",
                "start",
                "keep",
                "kept",
                "back to",
                "am",
                "is",
                "was",
                "still",
            ),
            opt(words("been", "really", "seriously", "properly")),
            words("restrict(?:ing|ed)?"),
        ),
        guards=(
            FollowedBy(
                "no_object",
                LazyPattern(
                    r"\s*(?:[.!?,;]|$|again|hard|harder|badly|a lot|more|heavily|severely|and|but|because|so|since|"
                    r"lately|"
                    r"really|every|all|to lose|to get|until|till|like|for (?:days|weeks))"
                ),
            ),
        ),
        examples=("I had anorexia years ago and I'm restricting again", "ive been restricting hard since christmas"),
        counterexamples=("I'm restricting carbs this month", "she restricts sodium for her blood pressure"),
    ),
    Detector(
        id="crisis.restriction.refuses_food",
        kind="restriction",
        pattern=words(REFUSES),
        guards=(NotFollowedBy("not_a_food", OBJECT_TAIL), NotInSentence("not_an_illness", _ILLNESS)),
        examples=("my son refuses to eat anything", "she is refusing to eat"),
        counterexamples=("my toddler refuses to eat vegetables",),
    ),
    Detector(
        id="crisis.restriction.until_weak",
        kind="restriction",
        pattern=seq(
            words("dont", "do not", "never", "not", "stop", "stopped", "no"),
            words("eat", "eating", "food"),
            opt(words("anything", "at all")),
            words("until", "till", "til", "unless"),
            words("i", "im", "i am", "you", "youre", "you are", "my body"),
            gap(2),
            words(BODY_GIVES_OUT),
        ),
        examples=("i just dont eat until im weak",),
        counterexamples=("I don't eat until I'm hungry",),
    ),
    Detector(
        id="crisis.restriction.rest_days",
        kind="restriction",
        pattern=seq(
            words("dont", "do not", "never", "not", "stop", "skip", "avoid", "no"),
            words("eat", "eating", "food", "meals"),
            opt(words("anything", "at all")),
            words("on", "during"),
            opt(words("my", "your", "the")),
            words("rest", "off", "non-?training", "non training", "recovery", "weekend", "lazy"),
            words("days?"),
        ),
        examples=("don't eat on rest days",),
        counterexamples=("eat a bit less on rest days",),
    ),
    Detector(
        id="crisis.restriction.token_food",
        kind="restriction",
        pattern=seq(
            either(
                seq(
                    words("only", "just"),
                    words(
                        "(?:let|allow)(?:s|ing)? (?:myself|me)(?: to)? (?:eat|have)",
                        "(?:let|allow)(?:s|ing)? (?:myself|me)",
                        "eat(?:ing)?",
                        "ate",
                        "have",
                        "having",
                        "had",
                        "consume",
                        "consuming",
                        "live on",
                        "living on",
                    ),
                ),
                seq(words("eat(?:ing)?", "ate", "have", "having", "had"), words("only", "just")),
            ),
            opt(words("like", "about")),
            words("one", "a", "an", "1", "half an?", "a single", "a few", "two", "2", "a couple of"),
            opt(words("small", "tiny")),
            words(TOKEN_FOODS),
            gap(5),
            words("(?:a|per|each|every) day"),
        ),
        guards=(NotInSentence("not_part_of_meals", _WITH_MEALS),),
        examples=("i only eat one apple a day",),
        counterexamples=("I have two eggs a day for breakfast",),
    ),
    Detector(
        id="crisis.restriction.until_a_number",
        kind="restriction",
        pattern=seq(
            named("refusal", words(NOT_EATING, NO_FOOD_UNTIL)),
            gap(3, "what"),
            words("until", "till", "til", "untill", "before", "unless"),
            opt(words(UNTIL_SUBJECT)),
            named("goal", words(UNTIL_GOAL)),
        ),
        guards=(until_a_body_goal, not_a_single_food_until),
        examples=(
            "I'm not eating until I hit 50 kg",
            "eat nothing until you see the scale move",
            "wont eat until i lose 4kg by next week",
            "no food til ive dropped 5kg, giving myself 2 weeks",
            "not eating anything till i'm down 10lbs",
            "fasting until i'm under 110 pounds",
            "Don't eat anything until you've dropped the last 3 kg.",
        ),
        counterexamples=(
            "no eating until I'm hungry",
            "not eating until i get home from work",
            "I'm fasting until I reach 16 hours",
            "not eating carbs until i lose 5kg",
        ),
    ),
    Detector(
        id="crisis.restriction.living_on",
        kind="restriction",
        pattern=seq(
            words(LIVE_ON),
            words("on", "off"),
            opt(words("just", "only", "nothing but")),
            words(NOT_FOOD),
            opt(seq(words("and", "&", "n"), words(NOT_FOOD))),
        ),
        guards=(
            NotFollowedBy(
                "not_with_food",
                LazyPattern(
                    r"\s+(?:and|with|plus|&|n)\s+(?!(?:diet|black|water|gum|ice|air|cigarettes|energy|coffee|tea|"
                    r"nothing)\b)"
                ),
            ),
            NotFollowedBy("not_a_place", LazyPattern(r"\s*(?:street|road|lane|avenue|island|boat)\b")),
        ),
        examples=("i've been living on black coffee and gum", "surviving on diet coke"),
        counterexamples=("running on coffee and a bagel and protein today", "I live on water street"),
    ),
    Detector(
        id="crisis.restriction.so_i_dont_eat",
        kind="restriction",
        pattern=seq(
            words("so", "so that"),
            words("i", "she", "he", "you", "they"),
            words("dont", "do not", "doesnt", "wont", "will not", "never", "can skip", "can avoid"),
            opt(words("have to", "need to", "feel the need to", "feel like")),
            words("eat", "eating"),
        ),
        guards=(
            NotFollowedBy(
                "not_a_food",
                LazyPattern(
                    r"\s+(?:out|junk|fast food|late|takeaway|takeout|sugar|snacks|as much|so much|too much|crap|"
                    r"rubbish)\b"
                ),
            ),
        ),
        examples=("i drink loads of water so i dont have to eat",),
        counterexamples=("I meal prep so I don't eat junk",),
    ),
    Detector(
        id="crisis.restriction.undeserved_food",
        kind="restriction",
        pattern=seq(
            words("dont", "do not", "didnt", "never", "doesnt"),
            "deserve",
            words("to eat", "food", "to have food", "a meal", "dinner", "lunch", "breakfast"),
        ),
        examples=("I don't deserve to eat today",),
        counterexamples=("you deserve a good meal after that race",),
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
            "I've lost 4 kg in a week from not eating, how do I keep it going?",
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
        id="crisis.restriction.token_food_plain",
        kind="restriction",
        pattern=seq(
            words(TOKEN_QTY),
            opt(words("small", "tiny", "plain", "dry")),
            words(TOKEN_FOODS),
            gap(2),
            words("(?:a|per|each|every) day", "daily", "a day"),
        ),
        guards=(
            NotInSentence("not_part_of_meals", _WITH_MEALS),
            NotFollowedBy("not_the_proverb", _NOT_A_PROVERB),
            NotInSentence("not_a_nutrition_question", _NUTRITION),
            AnyOf(
                "all_of_it_or_still_fat",
                (Near("all_i_eat", _ALL_I_EAT, 40), Near("still_fat", _FEEL_FAT, 120)),
            ),
        ),
        examples=(
            "i eat one rice cake a day and i still feel fat",
            "one apple a day for three weeks now and i still feel huge",
            "one yoghurt a day is all i eat now",
            "Half a banana a day is plenty if you want to get really thin.",
        ),
        counterexamples=(
            "one apple a day keeps the doctor away haha",
            "i eat one egg a day for breakfast with toast",
            "I have an apple a day as a snack",
            "is just one egg a day enough protein?",
        ),
    ),
    Detector(
        id="crisis.restriction.bony_goal",
        kind="restriction",
        pattern=either(
            near(words(BONY_GOAL), words(AT_ANY_COST), 10),
            seq(
                words("want", "wants", "wanna", "need", "needs", "goal", "dream", "wish", "until", "till"),
                gap(3),
                words("hip ?-?bones?", "ribs?", "rib ?cage", "spine", "thighs"),
                gap(2),
                words(PROTRUDING),
            ),
        ),
        guards=(NotPrecededBy("not_refused", LazyPattern(r"\b(?:dont|do not|never|not)\s+(?:\w+\s+)?$")),),
        examples=(
            "i want my hip bones to stick out whatever it takes",
            "collarbones showing no matter what, even if i have to stop eating",
            "ill do anything to get a thigh gap",
            "I want my ribs to show through my skin",
            "i want my thighs to never touch",
        ),
        counterexamples=(
            "I want my collarbones to show a bit more, how much should I lift for shoulders",
            "i want visible abs, whatever it takes in the gym",
            "how do I stop my thighs from chafing on long runs",
        ),
    ),
    Detector(
        id="crisis.restriction.praised",
        kind="restriction",
        pattern=near(words(PRAISE), words(PRAISED_ACT), 8),
        guards=(
            NotFollowedBy("not_a_food", OBJECT_TAIL),
            NotPrecededBy("not_negated", _NEGATED_PRAISE),
        ),
        directions=OUTPUT_ONLY,
        examples=(
            "Keep going with not eating, you're losing weight so fast!",
            "Great job skipping all your meals this week, the results will show.",
            "Well done going without food since Monday!",
        ),
        counterexamples=(
            "Great job not eating late at night, that helps your sleep.",
            "Keep it up! Your consistency with meals is great.",
        ),
    ),
    Detector(
        id="crisis.restriction.least_i_can_eat",
        kind="restriction",
        pattern=seq(words(LEAST_AMOUNT), words(LEAST_WHO), words(LEAST_EAT)),
        guards=(Near("hidden_or_for_weight", vocab(LEAST_PURPOSE), 80),),
        examples=("whats the least i can eat without my parents noticing", "how little food can i get away with"),
        counterexamples=("whats the least i can eat before a race to avoid cramps",),
    ),
    Detector(
        id="crisis.restriction.skipping_in_distress",
        kind="restriction",
        pattern=words(SKIP_MEALS),
        guards=(Near("distress_or_streak", vocab(SKIP_DISTRESS), 60),),
        examples=("my diet plan: cry, skip meals, repeat", "day 5 of skipping meals and i hate myself"),
        counterexamples=("skipped lunch because meetings ran late", "skipping meals on a busy day 1 of the conference"),
    ),
)
