"""Passive and indirect death wishes: hoping not to wake up or for an accident, others better
off without me, being a burden, wanting to disappear or stop existing, death that "would be
fine", nobody noticing if I were gone. Kind `suicide`."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis import suicide_context as sc
from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import InSentence, Near, NotFollowedBy, NotInSentence, vocab
from coach_core.policies.crisis.patterns import either, gap, named, opt, seq, words
from coach_core.policies.crisis.tables import suicide as sui
from coach_core.policies.text.regex import LazyPattern

_LET_SETTING = vocab(sui.LET_SETTING)
_LET_NOT = vocab(sui.LET_NOT)
_PICTURED = LazyPattern(
    r"\b(?:think\w*|thought|picturing|picture|imagin\w*|tempt\w*|want\w*|wish\w*|urges?|sometimes|keep|dream\w*|"
    r"fantasi\w*|how easy|could just|part of me)\b"
)

DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.suicide.hoped_for_death",
        kind="suicide",
        pattern=seq(
            words(sui.DESIRE), opt("that"), words(sui.SELF_SUBJECT), gap(6), named("out", words(sui.FATAL_SELF)),
        ),
        guards=(sc.wish_is_the_persons, sc.outcome_not_negated, sc.not_a_break),
        examples=(
            "sometimes i hope i just don't wake up tomorrow",
            "i wouldnt care if i died tomorrow honestly",
            "I hope I don't make it to my next birthday",
            "not suicidal or anything i just wish i would die in my sleep",
        ),
        counterexamples=("i hope i dont die on this hill lol", "I wish I could get to the gym more"),
    ),
    Detector(
        id="crisis.suicide.hoped_for_accident",
        kind="suicide",
        pattern=seq(words(sui.DESIRE), gap(4), named("out", words(sui.HITS_ME))),
        guards=(sc.wish_is_the_persons, sc.outcome_not_negated),
        examples=("i keep hoping a car hits me when i cross the road", "i wish someone would just kill me"),
        counterexamples=("I hope this workout doesn't kill me", "I wish the trainer would go easy on me"),
    ),
    Detector(
        id="crisis.suicide.hoped_for_crash",
        kind="suicide",
        pattern=seq(words(sui.DESIRE), gap(4), words(sui.VEHICLES), gap(2), named("out", words(sui.CRASHES))),
        guards=(sc.outcome_not_negated,),
        examples=("wouldn't mind if the plane went down on my flight home tbh",),
        counterexamples=("I hope the plane doesn't crash lol, nervous flyer",),
    ),
    Detector(
        id="crisis.suicide.better_off_without_me",
        kind="suicide",
        pattern=seq(words(sui.BETTER), gap(6), named("out", words(sui.ABSENT))),
        guards=(sc.absence_not_an_activity,),
        examples=(
            "everyone would be better off without me",
            "my kids would honestly be happier if i wasn't here",
            "life would be easier for them if i died",
            "Maybe your family really would be better off without you around.",
        ),
        counterexamples=("I'm better off without sugar", "the plan is easier without you tracking everything"),
    ),
    Detector(
        id="crisis.suicide.death_would_be_fine",
        kind="suicide",
        pattern=seq(
            words(
                "if i (?:died|die|were to die|didnt wake up|never woke up|was gone|got hit|got killed|just died|"
                "just disappeared|disappeared|stopped existing)"
            ),
            gap(6),
            words(
                "(?:would|will|d) (?:\\w+ )?be (?:\\w+ )?(?:fine|ok|okay|a relief|good|nice|for the best|better|"
                "easier)",
                "(?:wouldnt|would not) (?:\\w+ )?(?:care|mind|be sad|matter)",
                "fine by me",
                "ok with me",
                "okay with me",
                "wouldnt be the worst",
            ),
        ),
        examples=(
            "if i died in my sleep tonight that would honestly be fine by me",
            "if i didnt wake up i wouldnt mind",
        ),
        counterexamples=("if i die on this hill run it'll be worth it lol",),
    ),
    Detector(
        id="crisis.suicide.burden",
        kind="suicide",
        pattern=seq(
            words(
                "im",
                "i am",
                "i feel like",
                "feel like",
                "feeling like",
                "i feel",
                "i know im",
                "i think im",
                "being",
                "im just",
                "i am just",
            ),
            opt(words("such", "just", "only", "nothing but", "always")),
            opt(words("a", "an")),
            words("burden", "waste of space", "waste of oxygen", "waste of air"),
        ),
        examples=("i feel like such a burden to everyone", "my mum says im a burden and shes right"),
        counterexamples=("carrying the sandbag felt like a burden on my shoulders",),
        guards=(
            NotFollowedBy("not_a_load", LazyPattern(r"\s+(?:on|for) (?:my|the) (?:shoulders?|back|knees?|legs?)\b")),
        ),
    ),
    Detector(
        id="crisis.suicide.stop_existing",
        kind="suicide",
        pattern=either(
            seq(
                words("not", "stop", "stopped", "no longer"),
                words(
                    "be here", "being here", "be alive", "being alive", "be around", "being around", "existing", "exist"
                ),
            ),
            seq(
                words(
                    "want to",
                    "wish i could",
                    "wish to",
                    "going to",
                    "need to",
                    "just want to",
                    "should",
                    "could",
                    "want to just",
                ),
                opt("just"),
                words(
                    "disappear",
                    "vanish",
                    "not exist",
                    "stop existing",
                    "cease to exist",
                    "fade away",
                ),
            ),
            words("disappear (?:forever|for good|permanently|and never come back)", "fade away and not come back"),
        ),
        guards=(sc.not_a_break, sc.wish_is_the_persons),
        examples=("i want to disappear forever", "I just want to stop existing", "i wanna fade away and not come back"),
        counterexamples=("I want to disappear into a good book this weekend", "I want to disappear on holiday"),
    ),
    Detector(
        id="crisis.suicide.sleep_forever",
        kind="suicide",
        pattern=seq(
            words(
                "want to",
                "wish i could",
                "just want to",
                "considering",
                "thinking (?:about|of)",
                "ready to",
                "planning to",
                "plan to",
                "need to",
                "long to",
                "going to",
                "about to",
                "gonna",
            ),
            opt(words("just", "go to", "going to", "fall")),
            words(
                "sleep (?:forever|permanently|for good|and never wake up|and not wake up)",
                "asleep (?:forever|permanently|for good|and never wake up|and not wake up)",
            ),
        ),
        guards=(
            sc.wish_is_the_persons,
            NotFollowedBy(
                "not_after_effort", LazyPattern(r"\s+(?:\w+\s+)?(?:after|once|when|because of|from|on|this weekend)\b")
            ),
        ),
        examples=(
            "i want to go to sleep forever",
            "honestly considering going to sleep permanently",
            "gonna go to sleep forever tonight. bye everyone",
        ),
        counterexamples=(
            "i could sleep forever after that hike",
            "i want to sleep forever after leg day",
            "im going to sleep forever after this marathon",
        ),
    ),
    Detector(
        id="crisis.suicide.be_gone",
        kind="suicide",
        pattern=seq(
            words("want(?:s)? to", "wish i (?:was|were|could be)", "ready to", "need to", "just want to"), "be gone"
        ),
        guards=(NotFollowedBy("not_a_trip", LazyPattern(r"\s+(?:for|on|by|from|till|until|to|at|before|after)\b")),),
        examples=("i just want to be gone", "honestly ready to be gone"),
        counterexamples=("I want to be gone for the weekend", "I need to be gone by 6 for training"),
    ),
    Detector(
        id="crisis.suicide.nobody_would_care",
        kind="suicide",
        pattern=either(
            seq(
                words("no ?one", "nobody", "no1", "anyone", "any1"),
                opt(words("would", "will", "d", "even", "really")),
                opt("even"),
                words("notice", "care", "miss me", "mind", "cry"),
                gap(4),
                words(
                    "if (?:i|im) (?:was|were|am|just)? ?(?:gone|dead|died|die|disappeared|disappear|left for good|"
                    "wasnt here|wasnt around|werent here|killed myself|didnt exist|stopped existing|vanished)"
                ),
            ),
            seq(words("no ?one", "nobody", "no1"), words("would", "will", "d"), opt("even"), "miss me"),
            seq(
                words(
                    "if i (?:die|died|was dead|were dead|am dead|was gone|were gone|am gone|killed myself|crashed|"
                    "got hit|got killed|went missing|vanished|didnt come (?:back|home)|never came (?:back|home)|"
                    "disappeared)"
                ),
                gap(3),
                words(
                    "would (?:any|some|no)\\w*",
                    "will (?:any|some|no)\\w*",
                    "no ?one would",
                    "nobody would",
                    "who would",
                    "no ?one will",
                    "nobody will",
                ),
            ),
        ),
        examples=("nobody would notice if i was gone", "no one would miss me", "if i died would anyone even care"),
        counterexamples=("nobody would notice if I skipped one session",),
    ),
    Detector(
        id="crisis.suicide.drive_into",
        kind="suicide",
        pattern=either(
            seq(
                words(
                    "swerv\\w*",
                    "steer\\w*",
                    "driv(?:e|es|ing|en)(?: my car| the car)?",
                    "drove(?: my car| the car)?",
                    "crash(?:ing)? my car",
                ),
                words("into", "off", "in front of"),
                gap(2),
                words(
                    "tree",
                    "wall",
                    "traffic",
                    "lorry",
                    "truck",
                    "river",
                    "cliff",
                    "barrier",
                    "bridge",
                    "road",
                    "motorway",
                    "pole",
                    "lamppost",
                    "lake",
                    "oncoming traffic",
                    "overpass",
                    "pier",
                    "edge",
                ),
            ),
            seq(
                words("crash(?:ing|ed)?", "wreck(?:ing|ed)?", "flip(?:ping|ped)?"),
                words("my car", "the car"),
                words("on purpose", "deliberately", "intentionally"),
            ),
        ),
        guards=(
            InSentence("thinking_of_it", sc.THINKING),
            NotFollowedBy("not_a_trip", LazyPattern(r"\\s+(?:to|for|at|with)\\b")),
        ),
        examples=(
            "whenever i drive i think about how easy it would be to swerve into a tree",
            "I think about driving into a wall on the way home",
            "i keep thinking about driving off the road",
            "thinking about crashing my car on purpose",
        ),
        counterexamples=("a deer made me swerve into a ditch on the way to the gym",),
    ),
    Detector(
        id="crisis.suicide.not_want_to_live",
        kind="suicide",
        pattern=seq(
            words(sui.NOT_WANT_NEG),
            opt(words(sui.NOT_WANT_FILLER)),
            words(sui.NOT_WANT_VERB),
            named("state", words(sui.ALIVE_STRONG, sui.ALIVE_WEAK)),
        ),
        guards=(sc.life_thought_ends, sc.wish_is_the_persons, sc.not_resolved_history),
        examples=(
            "honestly whats the point of counting protein when i dont even want to be alive anymore",
            "i dont wanna live any more",
            "my sister says she doesnt want to exist anymore",
            "i really dont want to be here anymore. whats the point",
            "no desire to keep living tbh",
            "I don't want to wake up ever again",
        ),
        counterexamples=(
            "i dont want to live on protein shakes forever",
            "I don't want to be here at 6am every day, can we move my session",
            "i dont want to keep going with keto",
            "I don't want to exist on 1500 calories",
            "dont want to go on the treadmill anymore, it's boring",
        ),
    ),
    Detector(
        id="crisis.suicide.done_with_life",
        kind="suicide",
        pattern=words(sui.DONE_WITH_LIFE, sui.LIVE_OR_DIE),
        guards=(sc.wish_is_the_persons, sc.not_resolved_history),
        examples=(
            "i stopped caring whether i live or die",
            "honestly i stopped caring if i live or die at this point",
            "im so over being alive",
            "exhausted of living honestly",
            "cant see a reason to stay alive",
            "why should i even keep living",
            "she says she's done with life",
        ),
        counterexamples=(
            "I'm so over being sore after leg day",
            "I'm tired of waking up early for cardio",
            "done with cardio for today",
            "i dont care whether i live in a city or the country",
        ),
    ),
    Detector(
        id="crisis.suicide.taken_by_god",
        kind="suicide",
        pattern=seq(words(sui.PRAY_ASK), gap(4), words(sui.GOD), gap(2), words(sui.TAKE_ME)),
        guards=(sc.wish_is_the_persons,),
        examples=(
            "I find myself praying the Lord takes me in my sleep",
            "i keep asking god to just take me",
            "i hope god lets me go tonight",
            "every night i ask the lord to take me home",
            "since mum died i pray every night that god takes me too",
            "i ask god every night not to let me wake up",
        ),
        counterexamples=(
            "god give me strength for leg day",
            "praying the lord gives me strength for this marathon",
            "i pray god heals my knee",
            "i pray god takes me to the finish line of this marathon",
        ),
    ),
    Detector(
        id="crisis.suicide.join_the_dead",
        kind="suicide",
        pattern=seq(words(sui.JOIN_HEAD), opt("just"), words(sui.JOIN_THE_DEAD)),
        examples=(
            "i just want to be with my late husband again",
            "im ready to go be with my late wife",
            "i want to join my wife in heaven",
            "i long to be with my son again on the other side",
        ),
        counterexamples=(
            "my late husband loved hiking, i want to walk his route",
            "i want to be with my wife more, how do i train less",
            "i want to see my late grandads old gym",
        ),
        guards=(
            NotFollowedBy("not_a_place", LazyPattern(r"\w*s? (?:old |favourite |favorite )?(?:gym|house|route|grave)")),
        ),
    ),
    Detector(
        id="crisis.suicide.letting_it_happen",
        kind="suicide",
        pattern=words(sui.LET_HAPPEN),
        guards=(
            InSentence("pictured", _PICTURED),
            Near("a_road_or_water", _LET_SETTING, 120),
            NotInSentence("not_training", _LET_NOT),
        ),
        examples=(
            "I keep picturing just not turning the wheel on the motorway. Just letting it happen.",
            "sometimes i think about just not braking",
            "i think about just letting go of the wheel on the highway",
            "when i swim i think about just not coming back up",
            "sometimes i imagine just letting the current take me",
        ),
        counterexamples=(
            "i need to just let it happen with my progress and stop stressing",
            "keep your hands on the wheel and focus on the road",
            "i think about not braking so hard on downhill runs",
            "i just let it happen on the last rep, failed the lift",
        ),
    ),
)
