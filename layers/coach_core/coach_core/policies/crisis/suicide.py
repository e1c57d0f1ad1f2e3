"""Suicide: direct statements ("want to die", "kill myself", "end it all"), slang ("kms",
"unalive", "sewerslide", "ctb"), plans and means (methods, lethal doses, overdose, the rope,
goodbye notes). Passive and indirect wishes are in `death_wishes`."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis import suicide_context as sc
from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import (
    FollowedBy,
    Near,
    NotFollowedBy,
    NotInSentence,
    in_sentence,
    vocab,
)
from coach_core.policies.crisis.patterns import either, opt, seq, words
from coach_core.policies.crisis.tables import context as ctx

# --- Context --------------------------------------------------------------------------------------
from coach_core.policies.crisis.tables import suicide as sui
from coach_core.policies.crisis.tables.common import SELF
from coach_core.policies.text.regex import LazyPattern

_CAUSE_AFTER = LazyPattern(r"\s+(?:" + vocab(ctx.CAUSE_AFTER).pattern + ")")
_CAUSE_BEFORE = LazyPattern(r"\b(?:" + vocab(ctx.CAUSE_BEFORE).pattern + r")\s+$")
_CAUSE_SENTENCE = vocab(ctx.CAUSE_SENTENCE)
_OWN_FEELING = LazyPattern(
    r"\b(?:i|im|i am|ive|myself|me)\s+(?:\w+\s+){0,3}?(?:suicidal|feel\w*|thoughts?|think\w*|want\w*|struggl\w*)\b"
)

# "take my life back", "took my life savings": a life reclaimed or spent, not ended.
_LIFE_BACK = LazyPattern(
    r"\s+(?:back|savings|insurance|story|stories|coach\w*|goals?|in (?:my|your|our) (?:own )?hands)\b"
)


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

DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.suicide.suicide_word",
        kind="suicide",
        pattern=words("su[i1l]?[cs]{1,2}[i1]?d(?:e|es|al|ally|ing|le|el|ial)", "suicid\\w*"),
        guards=(sc.not_a_drill, sc.not_resolved_history, not_a_cause),
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
        guards=(sc.not_effort_hyperbole, NotFollowedBy("not_laughing", LazyPattern(r"\s+(?:laughing|in the foot)\b"))),
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
        pattern=either(
            words("kms", sui.SLANG), words(sui.SUI_SLANG), seq(words("yeet(?:ing)? myself"), words("off", "into")),
        ),
        guards=(sc.not_kilometres, sc.not_a_drill, sc.not_resolved_history, not_a_cause),
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
        pattern=seq(words(sui.WANT_TO), opt("just"), words("die", "be dead")),
        guards=(
            sc.wish_is_the_persons,
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
        pattern=words(sui.DEATH_PHRASES),
        guards=(sc.wish_is_the_persons, sc.not_a_way_of_living, NotFollowedBy("not_a_life_back", _LIFE_BACK)),
        examples=(
            "honestly i'd be better off dead",
            "I don't want to be alive anymore",
            "life is pointless",
            "im so tired of existing",
            "thinking of taking my own life",
            "I'd rather die than gain weight",
        ),
        counterexamples=(
            "I'm tired of living on salads",
            "this hill sprint makes me want to be dead lol",
            "i want to take my life back from dieting",
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
        guards=(FollowedBy("sc.a_fall", LazyPattern(r"\s*(?:[.!?,;]|$|off|from|in front|tonight|now|right now)")),),
        examples=("i want to jump", "im going to jump off the bridge"),
        counterexamples=("I want to jump higher for basketball", "I'm going to jump rope for cardio"),
    ),
    Detector(
        id="crisis.suicide.end_it",
        kind="suicide",
        pattern=seq(words("end", "ending", "ended"), words("it", "things", "everything")),
        guards=(sc.closes_the_thought,),
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
        guards=(sc.closes_the_thought,),
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
        guards=(NotInSentence("not_gym_rope", sc.ROPE_KIT),),
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
        id="crisis.suicide.joke_taken_back",
        kind="suicide",
        pattern=words(sui.JOKE_TAKEN_BACK),
        guards=(
            Near("a_death_named", vocab(sui.JOKE_DEATH), 160),
            Near("a_joke_before", LazyPattern(r"\b(?:lol|lmao|haha\w*|jk|joking|kidding|😂|🤣|🙃|💀)"), 160),
        ),
        examples=(
            "haha death sounds nice. im not even kidding",
            "plan for bulking season: not existing lol. no seriously",
            "lmao i could just disappear. no but really",
        ),
        counterexamples=(
            "cut my carbs short this week haha. no but really it helped",
            "this workout will be the death of me lol",
            "leg day nearly killed me haha. no but really, my quads are dead",
        ),
    ),
)
