"""Suicide: direct statements ("want to die", "kill myself", "end it all"), slang ("kms",
"unalive", "sewerslide", "ctb"), plans and means (methods, lethal doses, overdose, the rope,
goodbye notes). Passive and indirect wishes are in `death_wishes`."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import (
    AnyOf,
    FollowedBy,
    InSentence,
    NotFollowedBy,
    NotInSentence,
    vocab,
)
from coach_core.policies.crisis.patterns import either, gap, named, opt, seq, words

# --- Context --------------------------------------------------------------------------------------
from coach_core.policies.crisis.suicide_context import (
    BY_ACCIDENT,
    CONTEMPLATED,
    FALLS_FROM,
    FATAL_END,
    FINAL,
    HEIGHT_WORDS,
    NOT_A_DOSE,
    NOT_A_STATION,
    PAINLESS,
    ROPE_KIT,
    THINKING,
    a_fall,
    a_lethal_fall,
    closes_the_thought,
    heart_stopping_wanted,
    means_hinted,
    not_a_drill,
    not_a_way_of_living,
    not_effort_hyperbole,
    not_kilometres,
    not_resolved_history,
    way_ends_at_death,
    wish_is_the_persons,
)
from coach_core.policies.crisis.tables.common import EXERCISE, SELF
from coach_core.policies.crisis.tables.context import (
    ACQUIRE,
    BEAM_HOLDS,
    BLEED_OUT,
    FATAL_Q,
    GOING_THROUGH,
    HEART_FAILS,
    HOW_HIGH,
    MEANS,
    METHOD_ADVICE,
)
from coach_core.policies.crisis.tables.suicide import (
    CONTAINERS,
    CONTEMPLATE,
    DEATH_PHRASES,
    GENTLE_WAY,
    KILL_VERBS,
    MEDICINES,
    SLANG,
    STEP_INTO,
    SUI_SLANG,
    SWALLOW,
    TRAFFIC,
    WANT_TO,
)
from coach_core.policies.text.regex import LazyPattern

DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.suicide.suicide_word",
        kind="suicide",
        pattern=words("su[i1l]?[cs]{1,2}[i1]?d(?:e|es|al|ally|ing|le|el|ial)", "suicid\\w*"),
        guards=(not_a_drill,),
        examples=("i think about suicide a lot", "feeling suicidal tonight", "im so sucidal", "su1c1dal thoughts"),
        counterexamples=("we did suicides at basketball practice", "suicide sprints again today"),
    ),
    Detector(
        id="crisis.suicide.kill_self",
        kind="suicide",
        pattern=seq(words(KILL_VERBS), words(SELF)),
        guards=(not_effort_hyperbole, NotFollowedBy("not_laughing", LazyPattern(r"\s+(?:laughing|in the foot)\b"))),
        examples=(
            "I want to kill myself",
            "i wanna unalive myself",
            "thinking of offing myself",
            "i wanna k!ll myself",
        ),
        counterexamples=("I'm killing myself at the gym this month", "killing myself laughing at this"),
    ),
    Detector(
        id="crisis.suicide.slang",
        kind="suicide",
        pattern=either(words("kms", SLANG), words(SUI_SLANG), seq(words("yeet(?:ing)? myself"), words("off", "into"))),
        guards=(not_kilometres, not_a_drill),
        examples=(
            "honestly kms",
            "thinking of unaliving",
            "the sewerslide thoughts are back",
            "i think im going to ctb",
        ),
        counterexamples=("ran 5 kms today", "my commute is 30 kms each way"),
    ),
    Detector(
        id="crisis.suicide.commit",
        kind="suicide",
        pattern=seq(words("want(?:s)? to", "going to", "about to", "ready to", "plan(?:ning)? to"), "commit"),
        guards=(FollowedBy("thought_ends", LazyPattern(r"\s*(?:[.!?,;]|$|tonight|soon|today|now|lol|tbh)")),),
        examples=("i want to commit", "honestly ready to commit tonight"),
        counterexamples=("i need to commit to my meal prep this week", "i want to commit to running"),
    ),
    Detector(
        id="crisis.suicide.want_to_die",
        kind="suicide",
        pattern=seq(words(WANT_TO), opt("just"), words("die", "be dead")),
        guards=(
            wish_is_the_persons,
            NotFollowedBy(
                "not_for_a_thing", LazyPattern(r"\s+(?:on\s+(?:this|that|the|a)\s+hill|for\s+(?:a|that|this|some)\b)")
            ),
        ),
        examples=("i just want to die", "I'm ready to die", "i wanna d!e", "my friend says she wants to die"),
        counterexamples=(
            "my legs want to die after leg day",
            "hiit makes me want to die lol",
            "I'd rather die for a cause",
        ),
    ),
    Detector(
        id="crisis.suicide.death_wish",
        kind="suicide",
        pattern=words(DEATH_PHRASES),
        guards=(wish_is_the_persons, not_a_way_of_living),
        examples=(
            "honestly i'd be better off dead",
            "I don't want to be alive anymore",
            "life is pointless",
            "im so tired of existing",
            "thinking of taking my own life",
            "I'd rather die than gain weight",
        ),
        counterexamples=("I'm tired of living on salads", "this hill sprint makes me want to be dead lol"),
    ),
    Detector(
        id="crisis.suicide.no_way_out",
        kind="suicide",
        pattern=seq(
            words(
                "no",
                "theres no",
                "there is no",
                "dont see a",
                "do not see a",
                "cant see a",
                "cannot see a",
                "cant find a",
                "only one",
            ),
            "way out",
        ),
        guards=(
            NotFollowedBy(
                "not_of_a_thing",
                LazyPattern(r"\s+of\s+(?!(?:this|my)\s+(?:life|pain|hell|misery|head)\b|(?:life|it all|everything)\b)"),
            ),
        ),
        examples=("i see no way out", "theres only one way out of this life"),
        counterexamples=("no way out of this plateau?",),
    ),
    Detector(
        id="crisis.suicide.jump",
        kind="suicide",
        pattern=seq(words("want to", "going to", "ready to", "about to", "gonna"), "jump"),
        guards=(FollowedBy("a_fall", LazyPattern(r"\s*(?:[.!?,;]|$|off|from|in front|tonight|now|right now)")),),
        examples=("i want to jump", "im going to jump off the bridge"),
        counterexamples=("I want to jump higher for basketball", "I'm going to jump rope for cardio"),
    ),
    Detector(
        id="crisis.suicide.end_it",
        kind="suicide",
        pattern=seq(words("end", "ending", "ended"), words("it", "things", "everything")),
        guards=(closes_the_thought,),
        examples=("i just want to end it", "I've been thinking about ending things"),
        counterexamples=("let's end it here for today", "end it with a long stretch"),
    ),
    Detector(
        id="crisis.suicide.not_wake_up",
        kind="suicide",
        pattern=seq(
            words("never", "not", "dont", "do not", "wont", "wouldnt", "would not"),
            opt(words("want to", "have to", "ever", "to")),
            words("wake", "wake up"),
        ),
        guards=(closes_the_thought,),
        examples=("sometimes I wish I could go to sleep and not wake up", "i pray i never wake up"),
        counterexamples=("I don't want to wake up early for the gym",),
    ),
    Detector(
        id="crisis.suicide.rope",
        kind="suicide",
        pattern=either(
            seq(
                words("think(?:s|ing)? (?:about|of)", "dream(?:s|ing)? (?:about|of)", "tempted by", "looking at"),
                words("the rope", "a rope", "rope"),
            ),
            seq(words("the rope"), words("again", "is calling", "looks? (?:good|tempting|inviting)")),
        ),
        guards=(NotInSentence("not_gym_rope", ROPE_KIT),),
        examples=("been thinking about the rope again",),
        counterexamples=("thinking about the rope climb test at crossfit",),
    ),
    Detector(
        id="crisis.suicide.overdose",
        kind="suicide",
        pattern=words("overdos\\w*"),
        guards=(
            NotFollowedBy(
                "not_everyday_excess",
                LazyPattern(
                    r"\s+on\s+(?:caffeine|coffee|protein|creatine|vitamin\w*|supplements?|pre-?workout|sugar|carbs|"
                    r"chocolate|"
                    r"water|electrolytes|fib(?:re|er)|iron|zinc|magnesium|melatonin|fish oil|salt|sodium)\b"
                ),
            ),
        ),
        examples=("I'm gonna overdose on my pills", "thinking about an overdose"),
        counterexamples=("I overdosed on caffeine before the race",),
    ),
    Detector(
        id="crisis.suicide.thinking_of_jumping",
        kind="suicide",
        pattern=seq(
            words(CONTEMPLATE),
            opt(words("just", "myself", "about")),
            words("jump(?:ing)?", "leap(?:ing)?", "throw(?:ing)? myself", "step(?:ping)? off", "fall(?:ing)? off"),
        ),
        guards=(
            a_fall,
            AnyOf("a_height", (InSentence("height", HEIGHT_WORDS), FollowedBy("falls_from", FALLS_FROM))),
            not_resolved_history,
        ),
        examples=(
            "I've been sitting on my balcony at night thinking about jumping",
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
            words(STEP_INTO),
            opt(words("a", "an", "the", "some", "that", "oncoming", "moving", "busy")),
            opt(words("[\\w:]+")),
            words(TRAFFIC),
        ),
        guards=(
            NotFollowedBy("not_a_place", NOT_A_STATION),
            NotInSentence("not_an_accident", BY_ACCIDENT),
            AnyOf(
                "contemplated",
                (InSentence("thinking", THINKING), InSentence("intent", CONTEMPLATED)),
            ),
            not_resolved_history,
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
            words(GENTLE_WAY),
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
            way_ends_at_death,
            AnyOf("gentle_or_final", (InSentence("painless", PAINLESS), InSentence("final", FINAL))),
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
            words(MEDICINES),
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
        guards=(FollowedBy("a_fatal_amount", FATAL_END),),
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
                words(SWALLOW),
                words("a", "the", "an", "my", "this", "that"),
                words("whole", "entire", "full", "full \\w+ of"),
                words(CONTAINERS),
                "of",
                opt(words("my", "the", "those", "these", "her", "his", "your", "mums?", "moms?", "dads?")),
                opt(words("\\w+")),
                words(MEDICINES),
            ),
            seq(words(SWALLOW), words("every", "each"), opt("single"), words("pill", "tablet", "capsule", "med")),
            seq(
                words(SWALLOW),
                words("all"),
                opt("of"),
                words("my", "the", "your", "these", "those", "her", "his"),
                opt(words("\\w+")),
                words(MEDICINES),
            ),
            seq(
                words(SWALLOW),
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
                words(MEDICINES),
            ),
        ),
        guards=(NotFollowedBy("not_a_supplement", NOT_A_DOSE), not_resolved_history),
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
            words(CONTAINERS),
            "of",
            opt(words("your", "the", "those", "these")),
            opt(words("\\w+")),
            words(MEDICINES),
        ),
        guards=(NotFollowedBy("not_a_supplement", NOT_A_DOSE),),
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
        pattern=either(seq(words(HOW_HIGH), gap(12), named("fatal", words(FATAL_Q))), named("bleed", words(BLEED_OUT))),
        guards=(a_lethal_fall,),
        examples=("how high does a bridge have to be for a fall to be fatal", "how long does it take to bleed out"),
        counterexamples=("how high should my box jumps be so i dont die lol", "how high is the bridge on the route"),
    ),
    Detector(
        id="crisis.suicide.heart_gives_out",
        kind="suicide",
        pattern=either(
            seq(named("wish", words(WANT_TO, "gonna", "going to", "wanna")), gap(5), words(HEART_FAILS)),
            words(HEART_FAILS),
        ),
        guards=(heart_stopping_wanted,),
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
                named("got", words(ACQUIRE)),
                opt(words("myself", "me", "up", "away")),
                opt(words("a", "an", "the", "some", "my", "enough", "a bunch of", "loads of", "all my", "more")),
                opt(words("\\w+")),
                either(named("means", words(MEANS)), named("pills", words(MEDICINES))),
            ),
            named("beam", words(BEAM_HOLDS)),
        ),
        guards=(means_hinted, not_resolved_history),
        examples=(
            "I bought a rope today. not for the gym.",
            "i've been saving up my antidepressants instead of taking them",
            "found a good beam in the garage that'll hold my weight",
        ),
        counterexamples=(
            "bought a new jump rope today",
            "I bought a rope today, not for the gym but for my dog's tug toy",
            "collecting my meds from the pharmacy after the gym",
        ),
    ),
    Detector(
        id="crisis.suicide.method_advice",
        kind="suicide",
        pattern=words(METHOD_ADVICE),
        guards=(InSentence("going_through", vocab(GOING_THROUGH)), NotInSentence("not_training", vocab(EXERCISE))),
        directions=OUTPUT_ONLY,
        examples=("If you decide to go through with it, a higher floor is more reliable.",),
        counterexamples=("If you jump rope before lifting, the warm-up is more effective.",),
    ),
)
