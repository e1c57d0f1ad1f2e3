"""Grammatical variants of families the other modules already hold, kept robust to tense,
aspect, negation, non-native word order and slang: not wanting to live ("im not wanting to
live", "i not want live"), finishing one's life in any construction, joining a dead partner,
"top / neck / do myself in", being alive at a date, and searching how high with "whether it
would be enough". Kind `suicide`; the self-harm and eating variants are in `harm_variants`."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis import suicide_context as sc
from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import FollowedBy, Near, NotFollowedBy, NotInSentence, NotPrecededBy, vocab
from coach_core.policies.crisis.patterns import gap, named, opt, seq, words
from coach_core.policies.crisis.tables import context as ctx
from coach_core.policies.crisis.tables import suicide as sui
from coach_core.policies.crisis.tables import variants as var
from coach_core.policies.crisis.tables.common import SELF
from coach_core.policies.text.regex import LazyPattern

# "took my life savings", "ended my life as a smoker", "take my life back".
_NOT_A_LIFE_ENDED = LazyPattern(
    r"\s+(?:savings|story|stories|insurance|coach\w*|goals?|style|back|in (?:my|a|new|another)|as|with|partner|"
    r"over|on|around|up|of|to (?:the|a|another|new))\b"
)
# "my job is taking my life", "training took my life over": a thing, not the speaker, takes it.
_A_THING_TAKES = LazyPattern(
    r"\b(?:job|work|gym|training|career|kids|it|this|that|which|cancer|illness|business|school|uni|study\w*|diet|"
    r"is|are|was|were|has|have|had|been|s)\s+(?:\w+\s+)?$"
)
_THE_DEAD = vocab(var.THE_DEAD)
_JOIN_ENDS = LazyPattern(r"\s*(?:[.!?,;:)\-]|$|\s(?:" + vocab(var.JOIN_ENDS).pattern + "))")
_AWAY_MORE = vocab(var.AWAY_MORE)
# "top myself up", "neck myself a protein shake": a top-up, not a death.
_NOT_A_TOP_UP = LazyPattern(r"\s+(?:up|off|with|a|an|some|the)\b")
# "did myself in on that run": exhaustion or an injury.
_NOT_WORN_OUT = LazyPattern(
    r"\s+(?:on|at|with|during|doing|the|a|my|today|this|after|running|lifting|training|by)\b"
)
_ENOUGH_TAIL = LazyPattern(r"(?:\s+\S+){0,8}?\s+(?:" + vocab(var.ENOUGH_TAIL).pattern + ")")
# "... whether it'd be enough for the photo", "enough to see the sea": enough for something else.
_ENOUGH_FOR = LazyPattern(r"\s+(?:for|to|of|space|room|time|light)\b")


def asks_whether_enough(text: str, m: re.Match[str]) -> bool:
    """ "looked up how high the bridge is and whether it'd be enough": the search asks if it
    would be fatal; "how high the bridge is for the photo" does not."""
    tail = _ENOUGH_TAIL.match(text, m.end())
    return tail is not None and _ENOUGH_FOR.match(text, tail.end()) is None


DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.suicide.not_wanting_to_live",
        kind="suicide",
        pattern=seq(words(var.NOT_WANTING_HEAD), named("state", words(var.NOT_WANTING_STATE))),
        guards=(sc.life_thought_ends, sc.wish_is_the_persons, sc.not_resolved_history),
        examples=(
            "I am not wanting to live anymore. My body is so ugly",
            "im not wanting to be alive any more",
            "she is not wanting to live anymore",
            "i not want live anymore",
            "i dont want live anymore",
            "i dont feel like living anymore",
            "not wanting to be alive lately",
            "he was not wanting to exist any more",
            "i have no more wish to live",
        ),
        counterexamples=(
            "im not wanting to live on salads forever",
            "i dont feel like living at the gym this week",
            "not wanting to be alive at 5am for cardio lol",
            "i dont want living costs to eat my food budget",
        ),
    ),
    Detector(
        id="crisis.suicide.finish_my_life",
        kind="suicide",
        pattern=seq(words(var.LIFE_VERBS), words(var.OWN_LIFE)),
        guards=(
            NotFollowedBy("not_a_chapter", _NOT_A_LIFE_ENDED),
            NotPrecededBy("not_a_thing_taking_it", _A_THING_TAKES),
            sc.wish_is_the_persons,
            sc.not_resolved_history,
        ),
        examples=(
            "Sometimes I think to finish my life. Then I think I should first finish this 30 day challenge haha",
            "thinking of finishing my life",
            "i will finish my life",
            "i think about to finish my life",
            "he keeps saying he will end his life",
            "i could just close my life",
            "im going to terminate my life",
        ),
        counterexamples=(
            "i took my life savings and bought a treadmill",
            "i want to take my life back from binge eating",
            "training took my life over this year",
            "my job is taking my life, no time to cook",
            "i ended my life as a smoker 3 years ago",
        ),
    ),
    Detector(
        id="crisis.suicide.join_the_departed",
        kind="suicide",
        pattern=seq(
            words(var.JOIN_WANT), opt("to"), opt("just"), opt("go"), opt("and"), named("whom", words(var.JOIN_WHOM)),
        ),
        guards=(
            Near("someone_died", _THE_DEAD, 160),
            FollowedBy("thought_ends", _JOIN_ENDS),
            sc.not_resolved_history,
        ),
        examples=(
            "My wife passed in the spring and honestly I'm ready to go and join her.",
            "since my husband died i just want to go join him",
            "mum died last year, i want to be with her again",
            "i'm ready to be with him again, he passed in june",
            "my son passed away, i want to go to him",
            "my wife died and i just want to follow her",
            "dad passed and i want to join him",
        ),
        counterexamples=(
            "my wife passed her driving test so i want to join her on road trips",
            "my sister's dog died, i want to see her this weekend",
            "my friend lost her dad so i want to join her at the funeral",
            "my grandad died, i want to see him remembered with a charity 10k",
            "my dog died and my mate wants to follow her on instagram",
            "my wife passed me on the hill so i want to join her running club",
        ),
    ),
    Detector(
        id="crisis.suicide.slang_kill_self",
        kind="suicide",
        pattern=seq(words(var.SLANG_VERBS), words(SELF)),
        guards=(sc.not_effort_hyperbole, NotFollowedBy("not_a_top_up", _NOT_A_TOP_UP)),
        examples=(
            "My mate from rugby keeps saying he's going to top himself",
            "i'm going to top myself",
            "thinking of topping myself",
            "i might neck myself",
            "they said they're going to top themselves",
        ),
        counterexamples=(
            "i need to top myself up with electrolytes",
            "top myself off with a protein shake",
            "neck myself a coffee before the session",
        ),
    ),
    Detector(
        id="crisis.suicide.do_myself_in",
        kind="suicide",
        pattern=seq(words(var.DO_IN), words(SELF), "in"),
        guards=(sc.not_effort_hyperbole, NotFollowedBy("not_worn_out", _NOT_WORN_OUT)),
        examples=(
            "i want to do myself in",
            "i might do myself in tonight",
            "he said he's going to do himself in",
            "sometimes i think about doing myself in",
        ),
        counterexamples=(
            "i did myself in on that hill run",
            "done myself in at the gym today, so sore",
            "nearly did myself in doing burpees",
        ),
    ),
    Detector(
        id="crisis.suicide.not_alive_at",
        kind="suicide",
        pattern=seq(
            words(ctx.NOT_AROUND_HEAD, var.NOT_AROUND_HEAD_MORE),
            named("state", words(ctx.NOT_AROUND_STATE, var.NOT_AROUND_STATE_MORE)),
            words(var.NOT_AROUND_AT),
        ),
        guards=(
            sc.not_away,
            NotInSentence("not_a_trip", _AWAY_MORE),
            sc.wish_is_the_persons,
            sc.not_resolved_history,
        ),
        examples=(
            "I don't see myself being alive at Christmas so I guess bulking is pointless",
            "What's the point of meal prepping when I don't plan on still being here next week",
            "i dont think ill be alive at christmas",
            "i dont expect to be alive next month",
            "i don't see myself making it to christmas",
            "im not planning to be around next month",
        ),
        counterexamples=(
            "i dont plan on still being here next week, im moving to leeds",
            "i wont be around next week, off to spain",
            "i dont see myself being here at christmas, visiting my parents",
        ),
    ),
    Detector(
        id="crisis.suicide.searched_if_enough",
        kind="suicide",
        pattern=seq(words(var.SEARCHED_MORE, sui.SEARCHED), gap(2), words(var.SEARCHED_WHAT_MORE, sui.SEARCHED_WHAT)),
        guards=(asks_whether_enough,),
        examples=(
            "i spent last night looking up how high the bridge near work is and whether it'd be enough",
            "i checked how high the bridge is and if it would be enough",
            "been researching how high the overpass is and whether its high enough",
            "worked out how many floors the car park has and if that would do it",
            "i measured how high my balcony is and whether it would be enough",
        ),
        counterexamples=(
            "looked up how high the bridge is and whether it'd be enough for the photo",
            "checked how high a box jump is and whether i'm ready",
        ),
    ),
)
