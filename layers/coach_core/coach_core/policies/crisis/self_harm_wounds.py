"""Self-harm seen through its wounds and their keeping: marks described or noticed, cuts that
must not open or be found, wound care asked for, someone close who harms themselves. Kind
`self_harm`; beside `self_harm`, which holds the acts, urges and relapse."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.detector import Detector
from coach_core.policies.crisis.guards import (
    AnyOf,
    Near,
    NotFollowedBy,
    NotInSentence,
    NotNear,
    PrecededBy,
    vocab,
)
from coach_core.policies.crisis.patterns import gap, named, near, opt, seq, words
from coach_core.policies.crisis.self_harm import deliberate_to_self
from coach_core.policies.crisis.suicide_context import not_resolved_history
from coach_core.policies.crisis.tables import common
from coach_core.policies.crisis.tables import self_harm as shx
from coach_core.policies.text.regex import LazyPattern

_BODY_NEAR = vocab(common.BODY_PARTS)
_OTHER_CAUSE = vocab(shx.WOUND_OTHER_CAUSE)
_CUT_NEAR = vocab(shx.CUT_NEAR)
_WOUND_CONTEXT = LazyPattern(
    r"\b(?:skin|arms?|thighs?|wrists?|legs?|forearms?|hips?|stomach|scabs?|bleed\w*|bandag\w*|plasters?|fresh|deep|"
    r"stitch\w*|heal\w*|cuts|wounds?|lines)\b"
)
_A_WOUND = LazyPattern(r"\b(?:cuts?|wounds?|gash\w*|bleed\w*|skin|slash\w*|lacerations?)\b")
_NOT_A_HABIT = LazyPattern(
    r"\b(?:shaving|cooking|chopping|by accident|accidentally|kitchen|deadlift\w*|lifting|sparring|boxing|lol|"
    r"jump rope|rope|stove|oven|sunburn\w*)\b"
)
_NOT_SELF_HARM_TAIL = LazyPattern(
    r"\s+(?:some slack|slack|short|off|out|up|down|by (?:not|over|under|skipping|sleeping|eating|drinking)|"
    r"with (?:stress|overtraining|too much|not))\b"
)
_ACCIDENT_BUMP = LazyPattern(
    r"\b(?:clumsy|ouch|oops|lol|tall|frame|doorway|tripped|slipped|fell|falling|accident\w*|by mistake)\b"
)

DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.self_harm.injured_self",
        kind="self_harm",
        pattern=seq(named("verb", words(shx.SELF_INJURE_VERBS)), words(common.SELF)),
        guards=(
            AnyOf("with_a_tool_or_deliberate", (Near("a_tool", vocab(common.HARM_TOOLS), 40), deliberate_to_self)),
            NotFollowedBy("not_a_habit_harming_health", _NOT_SELF_HARM_TAIL),
            NotInSentence("not_an_everyday_injury", _OTHER_CAUSE),
            not_resolved_history,
        ),
        examples=(
            "I have been harming myself with a razor blade and I would prefer my wife did not find out.",
            "injuring myself with scissors, how do i keep it clean",
            "ive been mutilating myself again",
            "she keeps harming herself and hides it",
        ),
        counterexamples=(
            "I injured myself deadlifting last week",
            "I'm harming myself by not sleeping enough",
            "damaged myself on the bike, fell off",
            "cut myself some slack this week",
        ),
    ),
    Detector(
        id="crisis.self_harm.cuts_reopen",
        kind="self_harm",
        pattern=seq(words(shx.REOPEN_WHAT), gap(4), words(shx.REOPEN)),
        guards=(
            Near("a_wound_context", _WOUND_CONTEXT, 150),
            Near("a_cut_named", _CUT_NEAR, 200),
            NotNear("another_cause", _OTHER_CAUSE, 150),
        ),
        examples=(
            "cut again last night, will the fresh ones open at the gym if i train arms",
            "scared my cuts will reopen when i do pull ups",
            "the lines on my arm are fresh, will they open during push ups",
            "will the cuts on my thighs split open if i do lunges",
        ),
        counterexamples=(
            "my hand rips keep opening up on pull ups",
            "my c-section scar split open, can i train",
            "my cut from cooking keeps reopening when i grip the bar",
            "im cutting, what time does the gym open",
        ),
    ),
    Detector(
        id="crisis.self_harm.stitches_asked_evasively",
        kind="self_harm",
        pattern=words(shx.EVASIVE),
        guards=(
            Near("a_stitches_question", vocab(shx.STITCH_Q), 150),
            Near("a_wound", _A_WOUND, 150),
            NotNear("another_cause", _OTHER_CAUSE, 150),
        ),
        examples=(
            "how deep can a cut go before you'd need stitches? asking for reasons",
            "does a cut need stitches if it's gaping? asking for a friend",
            "how many stitches would a deep cut on my wrist need, asking for reasons",
        ),
        counterexamples=(
            "how many stitches after acl surgery? asking for a friend",
            "just curious, how deep should my squats go",
            "my kid fell off her bike, does the cut need stitches? asking for a friend",
        ),
    ),
    Detector(
        id="crisis.self_harm.skin_pattern",
        kind="self_harm",
        pattern=near(words(shx.SKIN_PATTERN), words(common.BODY_PARTS), 5),
        guards=(NotNear("not_a_scanner_or_a_tally", vocab(shx.SKIN_PATTERN_NOT), 60),),
        examples=(
            "lmao my thighs look like a barcode now 🙃 anyway any leg day tips",
            "got tally marks on my wrist from last week",
            "she has a ladder of lines on her forearm",
            "my arms look like a barcode",
        ),
        counterexamples=(
            "the barcode scanner in the app doesnt read my arms workout",
            "keeping a tally of my reps for arms day",
            "neat lines on my thighs from the leggings seams",
        ),
    ),
    Detector(
        id="crisis.self_harm.too_neat_marks",
        kind="self_harm",
        pattern=seq(words(shx.MARK_WORDS), gap(12), words(shx.TOO_NEAT)),
        guards=(
            AnyOf(
                "on_a_body",
                (
                    Near("body_part", _BODY_NEAR, 100),
                    PrecededBy("someones", LazyPattern(r"\b(?:her|his|my|their|your|those|these)\s+$"), 12),
                ),
            ),
            NotNear(
                "not_a_drawing_or_a_track",
                LazyPattern(
                    r"\b(?:eyeliner|makeup|brows?|handwriting|writing|drawing|paint\w*|lawn|stripes|track|court|pitch|"
                    r"parking|road|tiles?|tattoo\w*|stitch\w* from|surg\w*|stretch marks|abs|muscle)\b"
                ),
                100,
            ),
        ),
        examples=(
            "my 13yo has these marks on her thighs, she says it's the cat but they're way too straight and neat",
            "her scratches are too neat to be from the dog",
            "the cuts on his arm are all perfectly parallel",
        ),
        counterexamples=(
            "the lines on the track are so neat",
            "my eyeliner lines are so straight today",
            "the lines on my abs are so even now",
        ),
    ),
    Detector(
        id="crisis.self_harm.someone_close_harms_self",
        kind="self_harm",
        pattern=seq(
            words(shx.HABITUAL),
            opt(words("secretly", "been", "started")),
            words("cutting", "burning", "harming", "scratching", "mutilating", "hurting"),
            words(shx.OTHER_SELF),
        ),
        guards=(
            NotInSentence("not_an_accident", _NOT_A_HABIT),
            NotFollowedBy("not_slack", _NOT_SELF_HARM_TAIL),
        ),
        examples=(
            "my boyfriend keeps cutting himself and says the gym is the only reason he stops. how do i support him",
            "my best friend has been cutting herself",
            "my daughter keeps burning herself and hides it",
        ),
        counterexamples=(
            "he keeps hurting himself lifting too heavy",
            "she keeps cutting herself shaving her legs",
            "my son keeps burning himself on the stove, so clumsy",
        ),
    ),
    Detector(
        id="crisis.self_harm.head_hit_again",
        kind="self_harm",
        pattern=seq(words(shx.HEAD_HIT), gap(2), words(shx.HEAD_HIT_SURFACE)),
        guards=(
            Near("repeated_or_in_anger", vocab(shx.HEAD_HIT_AGAIN), 150),
            NotNear("an_idiom_or_a_bump", vocab(shx.HEAD_HIT_IDIOM), 80),
            NotNear("an_accident", _ACCIDENT_BUMP, 80),
        ),
        examples=(
            "I hit my head against the wall when I'm frustrated with my body. Did it again tonight, it's fine tho",
            "banged my head on the wall again tonight till it bruised",
            "i slam my head into the door every time i see the scale",
        ),
        counterexamples=(
            "banging my head against the wall trying to understand macros",
            "hit my head on the door frame again, tall people problems",
            "hit my head on the bar during pull ups again",
        ),
    ),
)
