"""Suicide: the plain statements ("suicidal", "kill myself", "i want to die"), wanting to end
it, wishing not to wake up, hoping to die ("i wouldnt care if i died tomorrow"), and others
being better off without me. Kind `suicide`; the guards keep drills ("suicide sprints"), causes
("a suicide prevention 5k"), gym talk ("hiit makes me want to die", "killing myself at the
gym"), breaks ("disappear into a good book") and plans that end ("let's end it here for
today") out."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import NotFollowedBy, in_sentence, vocab
from coach_core.policies.crisis.history import not_resolved_history
from coach_core.policies.crisis.patterns import gap, named, opt, seq, words
from coach_core.policies.crisis.tables import suicide as sui
from coach_core.policies.crisis.tables.common import EXERCISE, SELF
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

# --- Context --------------------------------------------------------------------------------------
_DRILL_TAIL = LazyPattern(r"\s*(?:sprints?|runs?|drills?|squats?|lines?|shuttles?|squad|burpees?)\b")
_DRILL_HEAD = LazyPattern(
    r"\b(?:doing|did|do|ran|run|running|coach made us|made us run|made us do)\s+(?:some\s+|more\s+)?(?:\w+\s+)?$"
)
_EXERCISE = vocab(EXERCISE)
_CAUSE_AFTER = LazyPattern(r"\s+(?:" + vocab(sui.CAUSE_AFTER).pattern + ")")
_CAUSE_BEFORE = LazyPattern(r"\b(?:" + vocab(sui.CAUSE_BEFORE).pattern + r")\s+$")
_CAUSE_SENTENCE = vocab(sui.CAUSE_SENTENCE)
_OWN_FEELING = LazyPattern(
    r"\b(?:i|im|i am|ive|myself|me)\s+(?:\w+\s+){0,3}?(?:suicidal|feel\w*|thoughts?|think\w*|want\w*|struggl\w*)\b"
)
_GRIND = LazyPattern(
    r"\s+(?:laughing|in the foot|(?:(?:at|in|with|on|for|over|doing|during|after)\s+(?:\w+\s+){0,2}?)(?:gym|training|"
    r"workouts?|work|job|cardio|runs?|running|sessions?|reps|sets|exercise|class|classes|practice|studying|revision|"
    r"exams?|shifts?|overtime|hiit|spin|crossfit|this (?:plan|program|programme|block))\b)"
)
_WAKE_TAIL = LazyPattern(
    r"\s*(?:again|ever|ever again|anymore|any more|tomorrow|in the morning|the next (?:day|morning)|at all)?\s*"
    r"(?:lol|honestly|tbh|sometimes|some days)?\s*[.!?;,]*\s*"
)
_BREAK_TAIL = LazyPattern(
    r"\s+(?:(?:from|off)\s+(?:social media|instagram|tiktok|twitter|facebook|the internet|online|work|the office|"
    r"the gym|my phone)|into (?:a|an|the|my) (?:\w+ )?(?:book|game|show|series|film|movie|novel|world|hobby|project|"
    r"music|playlist|kitchen|garden)|(?:on|for|to|into|in) (?:a |the |my )?(?:\w+ )?(?:holiday|vacation|trip|retreat|"
    r"honeymoon|getaway|weekend away|beach|island|cabin|mountains|spa|desert island|week|few days|weekend|day|month|"
    r"woods|wilderness|forest|countryside|hills|sunset|hike|run|nap|bath))"
)
_END_IT_TAIL = LazyPattern(
    r"(?:\s+(?:all|now|tonight|today|soon|already|for good|forever|once and for all|right now|honestly|tbh|fr|lol|"
    r"sometimes|some days|i think|at last|finally|here|too|properly|quietly))*\s*(?:[.!?;,]|\n|$)"
)
_LETS_HEAD = LazyPattern(r"\b(?:lets|let us|well|we will|we can|we could)\s+$")
_MAKES_ME = LazyPattern(r"\b(?:makes?|made|making)\s+me\s+(?:\w+\s+)?$")
_GYM_OR_DIET_WORDS = (
    r"\b(?:workouts?|training|sessions?|class|classes|cardio|burpees?|hiit|run|running|squats?|lunges?|leg day|"
    r"stair ?master|treadmill|spin|crossfit|gym|exercise|reps|sets|plank|diet|dieting|meal prep|macros|coach|trainer|"
    r"program|programme|finisher|hill sprints?|sprints?)\b"
)
_GYM_OR_DIET = LazyPattern(_GYM_OR_DIET_WORDS)
_PROVOKED = LazyPattern(
    r"\s+(?:\w+\s+)?(?:every time|whenever|when|after|during|at|by the end of|halfway through|in)\s+(?:\w+\s+){0,4}?"
    + _GYM_OR_DIET_WORDS
)
_BODY_SUBJECT = LazyPattern(
    r"\b(?:my|the|these|those|our|your|his|her)\s+(?:\w+\s+)?(?:legs?|arms?|quads?|glutes?|hamstrings?|calves|calf|"
    r"abs|core|lungs?|muscles?|body|feet|foot|knees?|back|shoulders?|chest|butt|bum|booty|triceps|biceps|delts|"
    r"traps|lats|forearms?|hips?|thighs?|brain|phone|laptop|car|battery|plants?|bank account|wallet|"
    r"motivation|diet|plan|streak|playlist|watch|tracker|plateau|cravings?|appetite|weight|belly|"
    r"fat)\s+(?:\w+\s+){0,3}$"
)
_NEGATED_OUTCOME = LazyPattern(r"\b(?:dont|do not|didnt|doesnt|not|never|wont|wouldnt|cant)\s+(?:\w+\s+)?$")
_ME_GERUND = LazyPattern(r"\s+(?!(?:around|anything|nothing|something|everything)\b)\w+ing\b")


def not_a_drill(text: str, m: re.Match[str]) -> bool:
    """Not the shuttle-run drill ("suicide sprints", "we ran suicides") or the film."""
    if _DRILL_TAIL.match(text, m.end()):
        return False
    if not m.group(0).endswith("s"):
        return True
    return not (_DRILL_HEAD.search(text[max(0, m.start() - 35) : m.start()]) or in_sentence(text, m, _EXERCISE))


def not_a_cause(text: str, m: re.Match[str]) -> bool:
    """ "a suicide prevention 5k", "in memory of my brother who died by suicide": the word names a cause
    or someone's death, not the speaker's wish (unless the speaker's own feeling is in the sentence)."""
    if m.group(0).startswith("suicidal"):
        return True
    named_cause = bool(
        _CAUSE_AFTER.match(text, m.end())
        or _CAUSE_BEFORE.search(text[max(0, m.start() - 40) : m.start()])
        or in_sentence(text, m, _CAUSE_SENTENCE)
    )
    return not named_cause or in_sentence(text, m, _OWN_FEELING)


def not_effort_hyperbole(text: str, m: re.Match[str]) -> bool:
    """ "killing myself at the gym" / "killing myself laughing" is hyperbole about effort."""
    return not (m.group(0).startswith("kill") and _GRIND.match(text, m.end()))


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
        guards=(not_a_drill, not_resolved_history, not_a_cause),
        examples=(
            "i think about suicide a lot",
            "feeling suicidal tonight",
            "im so sucidal",
            "su1c1dal thoughts",
            "doing the suicide prevention walk but honestly i think about suicide myself",
        ),
        counterexamples=(
            "we did suicides at basketball practice",
            "suicide sprints again today",
            "Training for the Out of the Darkness suicide prevention 5k in memory of my uncle",
            "running in memory of my brother who died by suicide, need a plan",
            "raising money for suicide awareness with a half marathon",
        ),
    ),
    Detector(
        id="crisis.suicide.kill_self",
        kind="suicide",
        pattern=seq(words(sui.KILL_VERBS), words(SELF)),
        guards=(
            not_effort_hyperbole,
            not_resolved_history,
            NotFollowedBy("not_laughing", LazyPattern(r"\s+(?:laughing|in the foot)\b")),
        ),
        examples=(
            "I want to kill myself",
            "i wanna unalive myself",
            "thinking of offing myself",
            "i wanna k!ll myself",
        ),
        counterexamples=("I'm killing myself at the gym this month", "killing myself laughing at this"),
    ),
    Detector(
        id="crisis.suicide.want_to_die",
        kind="suicide",
        pattern=seq(words(sui.WANT_TO), opt("just"), words("die", "be dead")),
        guards=(
            wish_is_the_persons,
            not_resolved_history,
            NotFollowedBy(
                "not_for_a_thing", LazyPattern(r"\s+(?:on\s+(?:this|that|the|a)\s+hill|for\s+(?:a|that|this|some)\b)")
            ),
        ),
        examples=(
            "i just want to die",
            "I'm ready to die",
            "some nights i wanna d!e so bad",
            "my friend says she wants to die",
        ),
        counterexamples=(
            "my legs want to die after leg day",
            "hiit makes me want to die lol",
            "I'd rather die for a cause",
        ),
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
        id="crisis.suicide.hoped_for_death",
        kind="suicide",
        pattern=seq(
            words(sui.DESIRE),
            opt("that"),
            words(sui.SELF_SUBJECT),
            gap(6),
            named("out", words(sui.FATAL_SELF)),
        ),
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
        id="crisis.suicide.better_off_without_me",
        kind="suicide",
        pattern=seq(words(sui.BETTER), gap(6), named("out", words(sui.ABSENT))),
        guards=(absence_not_an_activity,),
        examples=(
            "everyone would be better off without me",
            "my kids would honestly be happier if i wasn't here",
            "life would be easier for them if i died",
            "Maybe your family really would be better off without you around.",
        ),
        counterexamples=("I'm better off without sugar", "the plan is easier without you tracking everything"),
    ),
)
