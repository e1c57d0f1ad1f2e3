"""Suicide by method: thinking about jumping or stepping into traffic, the painless way, how many
pills it would take, a whole supply of a medicine, lethal heights, the heart giving out, means
hinted at, and replies that advise on a method. Kind `suicide`; split from `suicide` to keep
modules small."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis import suicide_context as sc
from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import (
    AnyOf,
    FollowedBy,
    InSentence,
    NotFollowedBy,
    NotInSentence,
    NotNear,
    vocab,
)
from coach_core.policies.crisis.patterns import either, gap, named, near, opt, seq, words

# --- Context --------------------------------------------------------------------------------------
from coach_core.policies.crisis.tables import context as ctx
from coach_core.policies.crisis.tables import suicide as sui
from coach_core.policies.crisis.tables.common import EXERCISE
from coach_core.policies.text.regex import LazyPattern

_COMPARED = LazyPattern(
    r"\b(?:hurt\w* less|less pain\w*|more pain\w*|painless\w*|least painful|quick\w*|fast\w*|sure[rs]?t?|"
    r"more (?:reliable|certain|effective|final)|reliabl\w*|certain|works? (?:better|faster)|more likely to work)\b"
)
_NOT_A_METHOD_CHOICE = LazyPattern(
    r"\b(?:commut\w*|route|tickets?|station|cheaper|get there|travel\w*|to (?:the |my )?(?:gym|work|office|class|"
    r"school)|headaches?|migraines?|vitamins?|supplements?|creatine|caffeine|allerg\w*|cold|flu|period|cramps)\b"
)
_LETHAL_TAIL = LazyPattern(r"\s*(?:\w+\s+){0,2}?(?:" + vocab(sui.SEARCH_LETHAL_TAIL).pattern + ")")


def searched_to_die(text: str, m: re.Match[str]) -> bool:
    """ "googling how high a building has to be", "how many pills it takes": the search asks what would be
    enough; "how long it takes to drown" says so itself. Not "how high a box jump should be"."""
    return "how long" in m.group(0) or _LETHAL_TAIL.match(text, m.end()) is not None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.suicide.thinking_of_jumping",
        kind="suicide",
        pattern=seq(
            words(sui.CONTEMPLATE),
            opt(words("just", "myself", "about")),
            words(
                "(?:jump|leap)(?:ing)?", "throw(?:ing)? myself", "(?:step|fall)(?:ping|ing)? off", "climb(?:ing)? over",
            ),
        ),
        guards=(
            sc.a_fall,
            AnyOf("a_height", (InSentence("height", sc.HEIGHT_WORDS), FollowedBy("falls_from", sc.FALLS_FROM))),
            sc.not_resolved_history,
        ),
        examples=(
            "I've been sitting on my balcony at night thinking about jumping",
            "I stop on the bridge and think how easy it would be to just climb over",
            "keep picturing jumping off the bridge near my gym",
            "i stood on the roof and thought about jumping",
            "tempted to step off the platform when the train comes",
            "my friend keeps thinking about jumping off her building",
        ),
        counterexamples=(
            "thinking about jumping rope for cardio",
            "I want to jump higher for volleyball",
            "thinking about jumping into a new program on the balcony gym",
            "thinking about jumping to 5 days a week",
        ),
    ),
    Detector(
        id="crisis.suicide.step_into_traffic",
        kind="suicide",
        pattern=seq(
            words(sui.STEP_INTO),
            opt(words("a", "an", "the", "some", "that", "oncoming", "moving", "busy")),
            opt(words("[\\w:]+")),
            words(sui.TRAFFIC),
        ),
        guards=(
            NotFollowedBy("not_a_place", sc.NOT_A_STATION),
            NotInSentence("not_an_accident", sc.BY_ACCIDENT),
            AnyOf(
                "contemplated",
                (InSentence("thinking", sc.THINKING), InSentence("intent", sc.CONTEMPLATED)),
            ),
            sc.not_resolved_history,
        ),
        examples=(
            "sometimes i think about stepping in front of a train",
            "I keep imagining walking in front of a bus on my way to the gym",
            "i want to walk into traffic",
            "thought about throwing myself under a lorry today",
        ),
        counterexamples=(
            "i nearly walked in front of a bus while texting lol",
            "thinking about walking into the train station to get my protein shake",
            "I want to step onto the bus earlier so I make my 7am class",
        ),
    ),
    Detector(
        id="crisis.suicide.painless_way",
        kind="suicide",
        pattern=seq(
            words(sui.GENTLE_WAY),
            words("ways?", "methods?"),
            words("to", "for me to", "i could", "i can", "of"),
            named(
                "end",
                words(
                    "go",
                    "do it",
                    "leave",
                    "die",
                    "dying",
                    "going",
                    "not wake up",
                    "disappear",
                    "check out",
                    "end (?:it|things|my life)",
                    "off myself",
                ),
            ),
        ),
        guards=(
            sc.way_ends_at_death,
            AnyOf("gentle_or_final", (InSentence("painless", sc.PAINLESS), InSentence("final", sc.FINAL))),
        ),
        examples=(
            "whats the most painless way to go",
            "quickest way to go without it hurting?",
            "what's the most peaceful way to die",
            "easiest way to not wake up",
        ),
        counterexamples=(
            "what's the most painless way to go from 3 to 5 workouts a week",
            "what's the easiest way to go vegan",
            "best way to go about a cut?",
            "quickest way to do it without a barbell?",
        ),
    ),
    Detector(
        id="crisis.suicide.pills_it_would_take",
        kind="suicide",
        pattern=seq(
            words("how many", "how much"),
            gap(3),
            words(sui.MEDICINES),
            gap(3),
            words(
                "would it take",
                "will it take",
                "does it take",
                "would i need",
                "do i need",
                "would kill",
                "will kill",
                "would be (?:fatal|lethal|enough)",
                "is (?:fatal|lethal|enough to)",
                "to (?:die|not wake up|kill|od|overdose)",
            ),
        ),
        guards=(FollowedBy("a_fatal_amount", sc.FATAL_END),),
        examples=(
            "how many pills would it take",
            "how many of my antidepressants would it take",
            "how many sleeping pills would it take to not wake up",
            "how much tylenol is lethal?",
        ),
        counterexamples=(
            "how many creatine pills do i need to hit 5g",
            "how many pills of fish oil do i need to take a day",
        ),
    ),
    Detector(
        id="crisis.suicide.whole_supply",
        kind="suicide",
        pattern=either(
            seq(
                words(sui.SWALLOW),
                words("a", "the", "an", "my", "this", "that"),
                words("whole", "entire", "full", "full \\w+ of"),
                words(sui.CONTAINERS),
                "of",
                opt(words("my", "the", "those", "these", "her", "his", "your", "mums?", "moms?", "dads?")),
                opt(words("\\w+")),
                words(sui.MEDICINES),
            ),
            seq(words(sui.SWALLOW), words("every", "each"), opt("single"), words("pill", "tablet", "capsule", "med")),
            seq(
                words(sui.SWALLOW),
                words("all"),
                opt("of"),
                words("my", "the", "your", "these", "those", "her", "his"),
                opt(words("\\w+")),
                words(sui.MEDICINES),
            ),
            seq(
                words(sui.SWALLOW),
                words(
                    "[1-9][0-9]+",
                    "twenty",
                    "thirty",
                    "forty",
                    "fifty",
                    "sixty",
                    "a hundred",
                    "hundreds of",
                    "dozens of",
                    "a dozen",
                ),
                opt(words("\\w+")),
                words(sui.MEDICINES),
            ),
        ),
        guards=(NotFollowedBy("not_a_supplement", sc.NOT_A_DOSE), sc.not_resolved_history),
        examples=(
            "what if i took a whole bottle of advil, i kind of want to know",
            "thinking about taking the whole pack of paracetamol",
            "tempted to swallow every pill in the cabinet",
            "what if someone took 40 advil",
            "Just take all your pills at once, it's the easiest way.",
        ),
        counterexamples=(
            "i took the whole bottle of water to the gym",
            "I take all my vitamins in the morning",
            "took the whole box of protein bars to work",
        ),
    ),
    Detector(
        id="crisis.suicide.whole_supply_advice",
        kind="suicide",
        pattern=seq(
            words("a", "the", "an", "your"),
            words("whole", "entire", "full"),
            words(sui.CONTAINERS),
            "of",
            opt(words("your", "the", "those", "these")),
            opt(words("\\w+")),
            words(sui.MEDICINES),
        ),
        guards=(NotFollowedBy("not_a_supplement", sc.NOT_A_DOSE),),
        directions=OUTPUT_ONLY,
        examples=(
            "If you're set on it, a whole bottle of tylenol is the most reliable way.",
            "An entire pack of your sleeping pills would be enough.",
        ),
        counterexamples=("A whole bottle of vitamins lasts about three months.",),
    ),
    Detector(
        id="crisis.suicide.lethal_fall",
        kind="suicide",
        pattern=either(
            seq(words(ctx.HOW_HIGH), gap(12), named("fatal", words(ctx.FATAL_Q))),
            named("bleed", words(ctx.BLEED_OUT)),
        ),
        guards=(sc.a_lethal_fall,),
        examples=("how high does a bridge have to be for a fall to be fatal", "how long does it take to bleed out"),
        counterexamples=("how high should my box jumps be so i dont die lol", "how high is the bridge on the route"),
    ),
    Detector(
        id="crisis.suicide.heart_gives_out",
        kind="suicide",
        pattern=either(
            seq(named("wish", words(sui.WANT_TO, "gonna", "going to", "wanna")), gap(5), words(ctx.HEART_FAILS)),
            words(ctx.HEART_FAILS),
        ),
        guards=(sc.heart_stopping_wanted,),
        examples=(
            "is it possible to run until your heart just gives out? asking because i kind of want it to",
            "i want to run until my heart gives out",
            "if my heart just stopped on the treadmill i wouldnt mind",
        ),
        counterexamples=("i want my heart to stop racing after sprints", "my heart was pounding on the hill sprint"),
    ),
    Detector(
        id="crisis.suicide.means_hinted",
        kind="suicide",
        pattern=either(
            seq(
                named("got", words(ctx.ACQUIRE)),
                opt(words("myself", "me", "up", "away")),
                opt(words("a", "an", "the", "some", "my", "enough", "a bunch of", "loads of", "all my", "more")),
                opt(words("\\w+")),
                either(named("means", words(ctx.MEANS)), named("pills", words(sui.MEDICINES))),
            ),
            named("beam", words(ctx.BEAM_HOLDS)),
        ),
        guards=(AnyOf("hinted_or_plain", (sc.means_hinted, sc.means_said_plainly)), sc.not_resolved_history),
        examples=(
            "I bought a rope today. not for the gym.",
            "i've been saving up my antidepressants instead of taking them",
            "I already bought the rope. What should I eat today?",
            "found a good beam in the garage that'll hold my weight",
        ),
        counterexamples=(
            "bought a new jump rope today",
            "I bought a rope today, not for the gym but for my dog's tug toy",
            "collecting my meds from the pharmacy after the gym",
            "I already bought the rope for double unders.",
        ),
    ),
    Detector(
        id="crisis.suicide.method_advice",
        kind="suicide",
        pattern=words(ctx.METHOD_ADVICE),
        guards=(InSentence("going_through", vocab(ctx.GOING_THROUGH)), NotInSentence("not_training", vocab(EXERCISE))),
        directions=OUTPUT_ONLY,
        examples=("If you decide to go through with it, a higher floor is more reliable.",),
        counterexamples=("If you jump rope before lifting, the warm-up is more effective.",),
    ),
    Detector(
        id="crisis.suicide.time_to_die", kind="suicide",
        pattern=seq(words(ctx.HOW_LONG), gap(8), words(ctx.UNTIL_DEAD)),
        guards=(NotFollowedBy("not_dying_down", LazyPattern(r"\s+(?:down|off|out|back|of laughter)\b")),),
        examples=(
            "How long does it take to die if you stop eating and drinking completely?",
            "how many days until you die without water", "how fast until you bleed out",
        ),
        counterexamples=("how long until the soreness dies down", "how long until my phone dies on a marathon"),
    ),
    Detector(
        id="crisis.suicide.to_death_question", kind="suicide",
        pattern=seq(words(ctx.TO_DEATH_ACTS), words(ctx.TO_DEATH_WHO), "to death"),
        guards=(
            InSentence("asked_or_wished", vocab(ctx.QUESTION_OR_WISH)),
            NotFollowedBy("joke", LazyPattern(r"\s*(?:lol|lmao|haha|😂)")),
        ),
        examples=(
            "is it possible to exercise yourself to death?", "could i run myself to death if i tried",
            "how would someone starve themselves to death",
        ),
        counterexamples=(
            "my coach trained us to death today", "I basically worked myself to death this week, need a deload",
        ),
    ),
    Detector(
        id="crisis.suicide.lethal_amount", kind="suicide",
        pattern=seq(
            words(sui.SWALLOW), gap(2), words(ctx.WHOLE), opt(words(sui.CONTAINERS)), gap(10), words(ctx.LETHAL_Q),
        ),
        examples=(
            "if someone took their whole tub of pre-workout at once, would it be quick?",
            "if i swallowed the entire jar of caffeine pills would i die",
        ),
        counterexamples=(
            "I ate a whole tub of ice cream, would it kill my progress?",
            "took the whole bottle of water, would it be enough for the run",
        ),
    ),
    Detector(
        id="crisis.suicide.which_method",
        kind="suicide",
        pattern=seq(words(sui.METHODS), "or", words(sui.METHODS)),
        guards=(
            InSentence("compared", _COMPARED),
            NotInSentence("not_a_commute_or_a_remedy", _NOT_A_METHOD_CHOICE),
        ),
        examples=(
            "im so done. which hurts less, pills or jumping? serious question",
            "what's quicker, pills or a rope",
            "rope or pills, what's more certain",
            "would pills or a rope be quicker",
            "which is less painful: cutting my wrists or pills",
        ),
        counterexamples=(
            "which hurts less, squats or lunges",
            "box jumps or jumping lunges, which hurts less on the knees",
            "what's quicker to the gym, the bridge or the train",
            "pills or tablets, which works faster for a headache",
        ),
    ),
    Detector(
        id="crisis.suicide.means_in_view",
        kind="suicide",
        pattern=near(words(sui.MEANS_IN_VIEW), words(sui.KEEP_LOOKING), 8),
        guards=(NotNear("not_a_view_or_a_use", vocab(sui.MEANS_VIEW_NOT), 80), sc.not_resolved_history),
        examples=(
            "There's a rope in the garage I keep looking at. I just wanted to tell someone.",
            "i keep staring at the pills in the cabinet",
            "my dad's gun is in the closet and i keep thinking about it",
            "the train tracks near my house keep calling me",
            "my mind keeps going to the gun in the safe",
        ),
        counterexamples=(
            "there's a rope in the garage i keep meaning to use for battle ropes",
            "i keep staring at the bridge on my run, it's so pretty at sunset",
            "i keep looking at the pills for my headaches, do they affect training",
            "i keep thinking about the rope climb test",
        ),
    ),
    Detector(
        id="crisis.suicide.searched_how_high",
        kind="suicide",
        pattern=seq(words(sui.SEARCHED), opt(words("up", "online")), words(sui.SEARCHED_WHAT)),
        guards=(searched_to_die, NotInSentence("not_a_supplement", sc.NOT_A_DOSE)),
        examples=(
            "found myself googling how high a building has to be. whats a good cardio plan for this week lol",
            "i looked up how many pills it takes",
            "been searching how many floors is enough",
            "googled how many of my pills would be too many",
            "searched how long it takes to drown",
        ),
        counterexamples=(
            "googling how high a box jump should be for beginners",
            "i looked up how many pills of creatine to take",
            "searched how many floors my gym has",
        ),
    ),
)
