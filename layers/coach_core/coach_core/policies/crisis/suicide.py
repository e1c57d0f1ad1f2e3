"""Suicide and death wishes: direct statements, passive and indirect wishes (hoping for an
accident, others better off without me, wanting to disappear), internet slang ("kms",
"unalive", "sewerslide", "ctb") and plans (methods, lethal doses, goodbye notes)."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import (
    FollowedBy,
    InSentence,
    NotFollowedBy,
    NotInSentence,
    NotPrecededBy,
    in_sentence,
    vocab,
)
from coach_core.policies.crisis.lexicon import EXERCISE, SELF
from coach_core.policies.crisis.patterns import either, gap, named, opt, seq, words
from coach_core.policies.extraction import WORD_NUMBER
from coach_core.policies.text import sentence_around

# --- Tables ---------------------------------------------------------------------------------------
DESIRE: Final = (
    "wish(?:es|ed|ing)?",
    "hope(?:s|d)?",
    "hoping",
    "pray(?:s|ed|ing)?",
    "want(?:s|ed|ing)? (?:it|that)",
    "wouldnt mind if",
    "would not mind if",
    "wouldnt care if",
    "would not care if",
    "dont care if",
    "do not care if",
    "wouldnt be sad if",
    "id be (?:ok|okay|fine|happy|relieved) if",
    "im (?:ok|okay|fine) (?:with it )?if",
)
SELF_SUBJECT: Final = ("i", "id", "ill", "im", "i would", "i could", "you", "youd", "she", "he", "they")
# What the wisher hopes happens to them.
FATAL_SELF: Final = (
    "die(?:s|d)?",
    "drop dead",
    "(?:be|was|were) dead",
    "(?:dont|do not|wont|will not|never|not|wouldnt|didnt) wake up",
    "(?:never|didnt|did not) wok(?:e|en) up",
    "(?:dont|do not|wont|never|not|didnt) make it (?:to|through|past)",
    "get(?:s)? (?:hit|run over|killed)",
    "got (?:hit|run over|killed)",
    "get (?:cancer|a disease|some disease|an illness|something terminal|sick and die)",
    "(?:just )?disappear(?:ed)?",
    "vanish(?:ed)?",
    "stop(?:ped)? existing",
    "(?:didnt|did not|never) exist(?:ed)?",
    "(?:had )?never been born",
    "wasnt born",
    "stop(?:ped)? breathing",
    "(?:wasnt|werent|was not|were not|wouldnt be|not be) (?:here|around|alive)",
    "(?:was|were) gone",
    "be gone",
)
HITS_ME: Final = (
    "hits me",
    "hit me",
    "runs me over",
    "run me over",
    "ran me over",
    "kills me",
    "kill me",
    "takes me out",
    "take me out",
    "crashes into me",
    "finish(?:es)? me off",
    "ends me",
    "(?:car|bus|truck|lorry|train|driver) (?:doesnt|wont|didnt|does not|will not) (?:stop|brake|see me)",
)
VEHICLES: Final = ("plane", "flight", "car", "bus", "train", "lorry", "truck")
CRASHES: Final = ("crash(?:es|ed)?", "goes down", "went down", "going down", "falls? out of the sky")
BETTER: Final = (
    "better off",
    "better",
    "happier",
    "easier",
    "fine",
    "okay",
    "ok",
    "relieved",
    "lighter",
    "freer",
)
ABSENT: Final = (
    "without (?:me|you|her|him|them)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:wasnt|werent|was not|were not) (?:here|around|alive|there|in it)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:was|were|am) (?:gone|dead|not here|not around|not alive)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:died|die|disappeared|left for good|never existed|didnt exist|"
    "stopped existing)",
    "with (?:me|you|her|him) gone",
    "once (?:im|youre|shes|hes) gone",
    "when (?:im|youre) gone",
    "than with me",
)
BURDEN_HEAD: Final = ("im", "i am", "i feel like", "feel like", "feeling like", "i feel", "i know im", "i think im")
WANT_TO: Final = (
    "want(?:s|ed|ing)? to",
    "ready to",
    "deserve(?:s)? to",
    "wish(?:es|ing)? to",
    "hope to",
    "hoping to",
    "plan(?:s|ning|ned)? to",
    "trying to",
    "tried to",
    "wish i could",
    "just want to",
    "long to",
    "longing to",
)
DEATH_PHRASES: Final = (
    "(?:better off|rather be|should be|want to be|wish i was|wish i were) dead",
    "should (?:just )?die",
    "wish(?:es|ed|ing)? (?:that )?(?:i|she|he|they) (?:was|were|could be|would be) (?:just )?dead",
    "(?:dont|do not|no longer|not|never) (?:really )?(?:want|wish) to (?:be alive|live|exist|keep living|go on|be here"
    "(?: any ?more)?|be around(?: any ?more)?)",
    "(?:see|find|is there|there is|theres|whats|what is) (?:no|any|the|even the) point (?:in|of) (?:me )?(?:living|life|"
    "being alive|existing|going on|staying alive|carrying on|trying any ?more|anything|being here|me being here)",
    "(?:life|living|my life|it all|existing|being alive|this life) (?:is |s |feels |seems )?(?:not|isnt|aint|no longer|"
    "never|really not) (?:even )?worth (?:it|living|anything)",
    "not worth (?:living|being alive|staying alive)",
    "(?:disappointed|gutted|annoyed|upset|angry|pissed|sad|sorry) (?:that )?(?:i|i still) (?:woke up|wake up|am still "
    "(?:here|alive)|survived|didnt die|made it through (?:the night|another day))",
    "giv(?:e|ing) up on (?:life|living|being alive)",
    "no (?:reason )?to live(?: for)?",
    "nothing to live for",
    "not worth living",
    "(?:tired|sick) of (?:living|being alive|life|existing|being here)",
    "want (?:it all|everything|this|my life|it) to (?:end|stop|be over)",
    "(?:it|this|everything) (?:would|will|could) (?:all )?be over",
    "end(?:ing)? (?:it all|everything|(?:my|his|her|their|your) (?:own )?life)",
    "(?:cant|can not|cannot) (?:keep going|go on|do this any ?more|keep living|live like this|take (?:it|this) any ?more)",
    "tak(?:e|ing) (?:my|her|his|their|your) (?:own )?life",
    "life (?:is|feels|seems) (?:so |completely |totally |just )?(?:pointless|meaningless|hopeless|not worth)",
    "jump(?:ing)? (?:off|from|in front of) (?:a|the|my|this|that|our) (?:\\w+ )?(?:bridge|building|roof|train|cliff|"
    "balcony|car|bus|truck|window|tower|overpass|motorway|highway)",
    "noose",
    "(?:think|thinking|thought|thoughts|obsess\\w*|fantasi[sz]\\w*|dream\\w*|dwell\\w*) (?:about|of) (?:dying|death|"
    "being dead|my (?:own )?death|killing myself|ending (?:it|it all|my life)|not (?:being here|waking up|existing)|"
    "the rope)",
    "deserves? to (?:be hungry|go hungry|feel hungry|be in pain|feel pain|hurt|be hurt|rot|die|suffer)",
    "deserves? (?:the |some |this )?(?:pain|punishment|to be punished)",
    "(?:want|wants|need|needs|trying|plan|planning) to (?:starve|suffer|be punished)",
    "(?:took|take|taking|swallowed|swallow) (?:a bunch of|all (?:my|of my|the)|a lot of|loads of|too many|a handful of|"
    "an entire|the whole) (?:\\w+ )?(?:pills|tablets|meds|bottle|packet)",
    "(?:want|need|wish i could|wish i could get) out of (?:this |my |this stupid |this miserable )?(?:life|world|"
    "existence|body)",
    "(?:wish(?:es|ed|ing)?) (?:that )?(?:i|id|i had|i was|i were) (?:had )?never (?:been born|born|existed|exist|"
    "woken up|woke up)",
    "check(?:ing)? out (?:for good|permanently|early|of life)",
    "(?:im|i am) (?:so )?done with (?:life|living|being alive|existing|this life|my life|it all|this world)",
    "(?:lost|losing|have no|no) (?:the )?will to (?:live|go on|keep going)",
    "(?:no|nothing|no reason|no point|nothing left) (?:\\w+ )?to (?:keep going|go on|carry on|keep living|stay alive|"
    "be alive|wake up for)",
    "(?:ill|i will|im going to|i am going to) be (?:gone|dead|not here|not around) (?:soon|anyway|before long|by "
    "(?:then|tomorrow|morning|the weekend|next \\w+)|forever)",
    "(?:dont|do not) think i can (?:do this|go on|keep going|take (?:it|this)|keep living|carry on|live like this) ?"
    "(?:any ?more|much longer)",
    "stop (?:being alive|living|existing|breathing)(?= *(?:[.!?,;]|$|for good|forever|completely))",
    "(?:standing|sitting|stood|sat|on my way to) (?:on|at|to) (?:the|a|this) (?:edge of the )?(?:bridge|ledge|rooftop|"
    "roof edge|railing|train tracks|tracks|cliff edge|overpass)",
    "(?:ways?|methods?|how|best way|easiest way|quickest way|painless way) (?:\\w+ )?(?:to|i can|i could|do i|can i|"
    "could i) (?:die|kill myself|end my life|end it all)",
    "(?:lethal|fatal|deadly|toxic|overdose) (?:dose|doses|amount|quantity|level)",
    "how (?:many|much)(?: \\w+){0,6}? (?:would|will|could|to|it takes to|does it take to) kill (?:me|myself|a person|"
    "someone|you)",
    "(?:goodbye|farewell|suicide) (?:letters?|notes?|messages?|videos?)",
    "giv(?:e|ing|en) away (?:all )?(?:of )?(?:my|all my) (?:stuff|things|belongings|possessions|pets?)",
    "(?:wont|will not|not going to|dont plan to|do not plan to) be (?:around|here|alive) (?:much |for )?(?:longer|long|"
    "any ?more|tomorrow|next (?:week|month|year)|by (?:then|next \\w+))",
    "(?:dont|do not|didnt|never) deserve (?:to (?:live|be alive|exist|be here|be happy|eat|have food)|food|to eat "
    "anything)",
    "(?:pills|meds|tablets|medication|painkillers|sleeping pills) (?:\\w+ )?(?:saved|stashed|stockpiled|hoarded)",
    "(?:saving|stockpil\\w*|hoard\\w*|stash\\w*|collect\\w*) (?:up )?(?:my |all my )?(?:pills|meds|tablets|medication|"
    "painkillers|sleeping pills)",
    "(?:rather|sooner) (?:die|be dead|kill myself|starve) than (?:\\w+ ){0,2}?(?:gain|put on|be fat|get fat|weigh [0-9]+|"
    "be \\w+ (?:kg|kilos|pounds|lbs)|be overweight|go up|get bigger)",
    "(?:rather|sooner) (?:die|be dead|kill myself|starve) than (?:\\w+ ){0,2}?eat(?: (?:anything|again|more|food|a meal|"
    "normally|properly|today))?(?= *(?:[.!?,;]|$|lol|tbh|honestly))",
    "(?:worth|worthy of) (?:dying|starving|killing myself|fainting) (?:for|to be|over)",
    "(?:skinny|thin|thinness|being thin|being skinny|bones|a thigh gap) is worth (?:dying|starving|anything|everything|"
    "the pain)",
)
KILL_VERBS: Final = (
    "kill(?:s|ed|ing)?",
    "unaliv(?:e|es|ed|ing)",
    "off(?:s|ing)?",
    "hang(?:s|ed|ing)?",
    "drown(?:s|ed|ing)?",
    "poison(?:s|ed|ing)?",
    "shoot(?:s|ing)?",
    "end(?:s|ed|ing)?",
    "delete",
    "yeet(?:ing)?",
)
SLANG: Final = ("unaliv\\w*", "sewerslide", "sewer slide", "sewer-slide", "ctb", "kys", "su[i1]cid\\w*")
SUI_SLANG: Final = ("sui (?:thoughts?|ideation|urges?|feelings?|plans?|attempts?|vibes|watch|risk|mode)", "feeling sui")

# --- Context --------------------------------------------------------------------------------------
_DRILL_TAIL = re.compile(r"\s*(?:sprints?|runs?|drills?|squats?|lines?|shuttles?|squad|burpees?)\b")
_DRILL_HEAD = re.compile(
    r"\b(?:doing|did|do|ran|run|running|coach made us|made us run|made us do)\s+(?:some\s+|more\s+)?(?:\w+\s+)?$"
)
_GRIND = re.compile(
    r"\s+(?:laughing|in the foot|(?:(?:at|in|with|on|for|over|doing|during|after)\s+(?:\w+\s+){0,2}?)(?:gym|training|"
    r"workouts?|work|job|cardio|runs?|running|sessions?|reps|sets|exercise|class|classes|practice|studying|revision|"
    r"exams?|shifts?|overtime|hiit|spin|crossfit|this (?:plan|program|programme|block))\b)"
)
_KM_HEAD = re.compile(r"(?:[0-9]\s*|\b(?:few|several|many|some|couple|more|extra|last|first|of|the|those|these)\s+)$")
_KM_TAIL = re.compile(
    r"\s*(?:a|per|each|every|/|of|on|in|is a|an hour|run|walk|ride|jog|cycle|bike|swim|hike|left|away|to go|today|"
    r"this (?:morning|evening|afternoon|week|weekend)|at (?:an? |my |your |a steady |an easy )?(?:\w+ )?pace|pace|easy)\b"
)
_WAKE_TAIL = re.compile(
    r"\s*(?:again|ever|ever again|anymore|any more|tomorrow|in the morning|the next (?:day|morning)|at all)?\s*"
    r"(?:lol|honestly|tbh|sometimes|some days)?\s*[.!?;,]*\s*"
)
_BREAK_TAIL = re.compile(
    r"\s+(?:(?:from|off)\s+(?:social media|instagram|tiktok|twitter|facebook|the internet|online|work|the office|"
    r"the gym|my phone)|into (?:a|an|the|my) (?:\w+ )?(?:book|game|show|series|film|movie|novel|world|hobby|project|"
    r"music|playlist|kitchen|garden)|(?:on|for|to|into|in) (?:a |the |my )?(?:\w+ )?(?:holiday|vacation|trip|retreat|"
    r"honeymoon|getaway|weekend away|beach|island|cabin|mountains|spa|desert island|week|few days|weekend|day|month|"
    r"woods|wilderness|forest|countryside|hills|sunset|hike|run|nap|bath))"
)
_END_IT_TAIL = re.compile(
    r"(?:\s+(?:all|now|tonight|today|soon|already|for good|forever|once and for all|right now|honestly|tbh|fr|lol|"
    r"sometimes|some days|i think|at last|finally|here|too|properly|quietly))*\s*(?:[.!?;,]|\n|$)"
)
_LETS_HEAD = re.compile(r"\b(?:lets|let us|well|we will|we can|we could)\s+$")
_MAKES_ME = re.compile(r"\b(?:makes?|made|making)\s+me\s+(?:\w+\s+)?$")
_GYM_OR_DIET_WORDS = (
    r"\b(?:workouts?|training|sessions?|class|classes|cardio|burpees?|hiit|run|running|squats?|lunges?|leg day|"
    r"stair ?master|treadmill|spin|crossfit|gym|exercise|reps|sets|plank|diet|dieting|meal prep|macros|coach|trainer|"
    r"program|programme|finisher|hill sprints?|sprints?)\b"
)
_GYM_OR_DIET = re.compile(_GYM_OR_DIET_WORDS)
_PROVOKED = re.compile(
    r"\s+(?:\w+\s+)?(?:every time|whenever|when|after|during|at|by the end of|halfway through|in)\s+(?:\w+\s+){0,4}?"
    + _GYM_OR_DIET_WORDS
)
_BODY_SUBJECT = re.compile(
    r"\b(?:my|the|these|those|our|your|his|her)\s+(?:\w+\s+)?(?:legs?|arms?|quads?|glutes?|hamstrings?|calves|calf|"
    r"abs|core|lungs?|muscles?|body|feet|foot|knees?|back|shoulders?|chest|butt|bum|booty|triceps|biceps|delts|"
    r"traps|lats|forearms?|hips?|thighs?|brain|phone|laptop|car|battery|plants?|bank account|wallet|"
    r"motivation|diet|plan|streak|playlist|watch|tracker|plateau|cravings?|appetite|weight|belly|fat)\s+(?:\w+\s+){0,3}$"
)
_LIVING_TAIL = re.compile(
    r"\s+(?:on|off|in|with|like|at|near|out|room|space|costs?|situation|arrangements?|expenses|here|there)\b"
)
_NEGATED_OUTCOME = re.compile(r"\b(?:dont|do not|didnt|doesnt|not|never|wont|wouldnt|cant)\s+(?:\w+\s+)?$")
_ME_GERUND = re.compile(r"\s+(?!(?:around|anything|nothing|something|everything)\b)\w+ing\b")
_EXERCISE = vocab(EXERCISE)
_ROPE_KIT = re.compile(r"\b(?:jump|skipping|battle|climb\w*|tow|tricep|pushdowns?|pull|swing)\b")
_THINKING = re.compile(r"\b(?:think\w*|thought|easy|tempt\w*|want\w*|wish\w*|imagin\w*|urges?|keep picturing)\b")


def not_a_drill(text: str, m: re.Match[str]) -> bool:
    """Not the shuttle-run drill ("suicide sprints", "we ran suicides") or the film."""
    if _DRILL_TAIL.match(text, m.end()):
        return False
    if not m.group(0).endswith("s"):
        return True
    return not (_DRILL_HEAD.search(text[max(0, m.start() - 35) : m.start()]) or in_sentence(text, m, _EXERCISE))


def not_effort_hyperbole(text: str, m: re.Match[str]) -> bool:
    """ "killing myself at the gym" / "killing myself laughing" is hyperbole about effort."""
    return not (m.group(0).startswith("kill") and _GRIND.match(text, m.end()))


def not_kilometres(text: str, m: re.Match[str]) -> bool:
    """ "kms" is slang for "kill myself" unless it is kilometres ("5 kms", "kms a day")."""
    if m.group(0) != "kms":
        return True
    if _KM_HEAD.search(text[max(0, m.start() - 20) : m.start()]):
        return False
    return _KM_TAIL.match(text, m.end()) is None


def closes_the_thought(text: str, m: re.Match[str]) -> bool:
    """ "not wake up" / "end it" at the end of a thought, not "don't want to wake up early" or
    "end it with a stretch"."""
    _, s_end = sentence_around(text, m.start(), m.end())
    if _LETS_HEAD.search(text[max(0, m.start() - 12) : m.start()]):
        return False
    return bool(_WAKE_TAIL.fullmatch(text, m.end(), s_end) or _END_IT_TAIL.match(text, m.end()))


def not_a_break(text: str, m: re.Match[str]) -> bool:
    """Not a break from something ("disappear from social media", "into a good book")."""
    return _BREAK_TAIL.match(text, m.end()) is None


def wish_is_the_persons(text: str, m: re.Match[str]) -> bool:
    """ "my legs want to die" and "hiit makes me want to die" are gym talk: the wish belongs to
    a body part or a thing, or a workout provokes it."""
    if _MAKES_ME.search(text, max(0, m.start() - 25), m.start()):
        return not in_sentence(text, m, _GYM_OR_DIET)
    if _BODY_SUBJECT.search(text, max(0, m.start() - 40), m.start()):
        return False
    return not _PROVOKED.match(text, m.end())


def not_a_way_of_living(text: str, m: re.Match[str]) -> bool:
    """ "tired of living on salads" is about a way of living, not about being alive."""
    return not (m.group(0).endswith("living") and _LIVING_TAIL.match(text, m.end()))


def outcome_not_negated(text: str, m: re.Match[str]) -> bool:
    """ "i hope i dont die on this hill" jokes; "i hope i dont wake up" does not (its negation
    is part of the outcome)."""
    start = m.start("out")
    return _NEGATED_OUTCOME.search(text[max(0, start - 16) : start]) is None


def absence_not_an_activity(text: str, m: re.Match[str]) -> bool:
    """ "easier without you tracking everything" is about an activity, not about being gone."""
    return _ME_GERUND.match(text, m.end()) is None


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
        guards=(not_effort_hyperbole, NotFollowedBy("not_laughing", re.compile(r"\s+(?:laughing|in the foot)\b"))),
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
        guards=(FollowedBy("thought_ends", re.compile(r"\s*(?:[.!?,;]|$|tonight|soon|today|now|lol|tbh)")),),
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
                "not_for_a_thing", re.compile(r"\s+(?:on\s+(?:this|that|the|a)\s+hill|for\s+(?:a|that|this|some)\b)")
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
        id="crisis.suicide.hoped_for_death",
        kind="suicide",
        pattern=seq(words(DESIRE), opt("that"), words(SELF_SUBJECT), gap(6), named("out", words(FATAL_SELF))),
        guards=(wish_is_the_persons, outcome_not_negated, not_a_break),
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
        pattern=seq(words(DESIRE), gap(4), named("out", words(HITS_ME))),
        guards=(wish_is_the_persons, outcome_not_negated),
        examples=("i keep hoping a car hits me when i cross the road", "i wish someone would just kill me"),
        counterexamples=("I hope this workout doesn't kill me", "I wish the trainer would go easy on me"),
    ),
    Detector(
        id="crisis.suicide.hoped_for_crash",
        kind="suicide",
        pattern=seq(words(DESIRE), gap(4), words(VEHICLES), gap(2), named("out", words(CRASHES))),
        guards=(outcome_not_negated,),
        examples=("wouldn't mind if the plane went down on my flight home tbh",),
        counterexamples=("I hope the plane doesn't crash lol, nervous flyer",),
    ),
    Detector(
        id="crisis.suicide.better_off_without_me",
        kind="suicide",
        pattern=seq(words(BETTER), gap(6), named("out", words(ABSENT))),
        guards=(absence_not_an_activity,),
        examples=(
            "everyone would be better off without me",
            "my kids would honestly be happier if i wasn't here",
            "life would be easier for them if i died",
            "Maybe your family really would be better off without you around.",
        ),
        counterexamples=("I'm better off without sugar", "the plan is easier without you tracking everything"),
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
        id="crisis.suicide.death_would_be_fine",
        kind="suicide",
        pattern=seq(
            words("if i (?:died|die|were to die|didnt wake up|never woke up|was gone|got hit|got killed|just died|"
                  "just disappeared|disappeared|stopped existing)"),
            gap(6),
            words("(?:would|will|d) (?:\\w+ )?be (?:\\w+ )?(?:fine|ok|okay|a relief|good|nice|for the best|better|easier)",
                  "(?:wouldnt|would not) (?:\\w+ )?(?:care|mind|be sad|matter)", "fine by me", "ok with me",
                  "okay with me", "wouldnt be the worst"),
        ),
        examples=("if i died in my sleep tonight that would honestly be fine by me", "if i didnt wake up i wouldnt mind"),
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
            NotFollowedBy("not_a_load", re.compile(r"\s+(?:on|for) (?:my|the) (?:shoulders?|back|knees?|legs?)\b")),
        ),
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
                re.compile(r"\s+of\s+(?!(?:this|my)\s+(?:life|pain|hell|misery|head)\b|(?:life|it all|everything)\b)"),
            ),
        ),
        examples=("i see no way out", "theres only one way out of this life"),
        counterexamples=("no way out of this plateau?",),
    ),
    Detector(
        id="crisis.suicide.jump",
        kind="suicide",
        pattern=seq(words("want to", "going to", "ready to", "about to", "gonna"), "jump"),
        guards=(FollowedBy("a_fall", re.compile(r"\s*(?:[.!?,;]|$|off|from|in front|tonight|now|right now)")),),
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
        guards=(not_a_break, wish_is_the_persons),
        examples=("i want to disappear forever", "I just want to stop existing", "i wanna fade away and not come back"),
        counterexamples=("I want to disappear into a good book this weekend", "I want to disappear on holiday"),
    ),
    Detector(
        id="crisis.suicide.sleep_forever",
        kind="suicide",
        pattern=seq(words("want to", "wish i could", "just want to", "considering", "thinking (?:about|of)", "ready to",
                          "planning to", "plan to", "need to", "long to"),
                    opt(words("just", "go to", "going to", "fall")),
                    words("sleep (?:forever|permanently|for good|and never wake up|and not wake up)",
                          "asleep (?:forever|permanently|for good|and never wake up|and not wake up)")),
        guards=(wish_is_the_persons,),
        examples=("i want to go to sleep forever", "honestly considering going to sleep permanently"),
        counterexamples=("i could sleep forever after that hike", "i want to sleep forever after leg day"),
    ),
    Detector(
        id="crisis.suicide.be_gone",
        kind="suicide",
        pattern=seq(
            words("want(?:s)? to", "wish i (?:was|were|could be)", "ready to", "need to", "just want to"), "be gone"
        ),
        guards=(NotFollowedBy("not_a_trip", re.compile(r"\s+(?:for|on|by|from|till|until|to|at|before|after)\b")),),
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
        id="crisis.suicide.rope",
        kind="suicide",
        pattern=either(
            seq(
                words("think(?:s|ing)? (?:about|of)", "dream(?:s|ing)? (?:about|of)", "tempted by", "looking at"),
                words("the rope", "a rope", "rope"),
            ),
            seq(words("the rope"), words("again", "is calling", "looks? (?:good|tempting|inviting)")),
        ),
        guards=(NotInSentence("not_gym_rope", _ROPE_KIT),),
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
                re.compile(
                    r"\s+on\s+(?:caffeine|coffee|protein|creatine|vitamin\w*|supplements?|pre-?workout|sugar|carbs|chocolate|"
                    r"water|electrolytes|fib(?:re|er)|iron|zinc|magnesium|melatonin|fish oil|salt|sodium)\b"
                ),
            ),
        ),
        examples=("I'm gonna overdose on my pills", "thinking about an overdose"),
        counterexamples=("I overdosed on caffeine before the race",),
    ),
    Detector(
        id="crisis.suicide.drive_into",
        kind="suicide",
        pattern=seq(
            words("swerv\\w*", "steer\\w*", "driv(?:e|ing) my car", "crash(?:ing)? my car"),
            words("into", "off"),
            gap(2),
            words("tree", "wall", "traffic", "lorry", "truck", "river", "cliff", "barrier", "bridge"),
        ),
        guards=(InSentence("thinking_of_it", _THINKING),),
        examples=("whenever i drive i think about how easy it would be to swerve into a tree",),
        counterexamples=("a deer made me swerve into a ditch on the way to the gym",),
    ),
)
