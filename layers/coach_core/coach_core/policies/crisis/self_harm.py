"""Self-harm: by the usual words ("self-harm", "cut myself"), by the act or its result
("burned my arm with a lighter", "scratching until it bleeds", "punching my thighs till they
bruise", "burn marks on her wrists"), urges, and relapse after "used to"."""

from __future__ import annotations

import re
from typing import Final

from coach_core.policies.crisis.detector import OUTPUT_ONLY, Detector
from coach_core.policies.crisis.guards import (
    AnyOf,
    FollowedBy,
    InSentence,
    Near,
    NotFollowedBy,
    NotInSentence,
    NotPrecededBy,
    in_sentence,
    occurs_near,
    vocab,
)
from coach_core.policies.crisis.patterns import either, gap, named, opt, seq, words
from coach_core.policies.crisis.suicide_context import elsewhere_near, not_resolved_history, said_of_a_wound
from coach_core.policies.crisis.tables import common
from coach_core.policies.crisis.tables import self_harm as shx
from coach_core.policies.crisis.tables.context import ACCIDENT, INTENT, SELF_HATE, TRIGGERS_MORE
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

# "pull my hair out": here "out" is the act, not "burn your legs out" at the gym.
_OUT_IS_THE_ACT: Final = ("pull", "yank", "rip", "tear", "tore")

_INTENT = vocab(INTENT, TRIGGERS_MORE)
_SELF_HATE = vocab(SELF_HATE)
_ACCIDENT = vocab(ACCIDENT, common.EXERCISE, "stair ?master", "stairs", "lunges", "steps")
_EXERCISE = vocab(common.EXERCISE)
_RESULT = vocab(common.HARM_RESULTS, "until it bleeds", "until they bleed")
_SH_CONTEXT = LazyPattern(shx.SH_CONTEXT_RE)
_NOT_HARM_TAIL = LazyPattern(r"\s+(?:out|some slack|slack|a break|laughing|short|up|off|down|free)\b")
_FITNESS_CUT = LazyPattern(shx.FITNESS_CUT_RE)
_THOUGHT_ENDS = LazyPattern(shx.THOUGHT_ENDS_RE)


def deliberate(text: str, m: re.Match[str]) -> bool:
    """Hurting oneself counts when it says why or when ("when i overeat", "as punishment");
    otherwise not when it reads as an accident or a training injury, and for the milder verbs
    ("scratch", "hit") only with self-hatred or a wound that follows."""
    if _NOT_HARM_TAIL.match(text, m.end()) and not m.group("verb").startswith(_OUT_IS_THE_ACT):
        return False
    if in_sentence(text, m, _INTENT):
        return True
    if in_sentence(text, m, _ACCIDENT):
        return False
    _, s_end = sentence_around(text, m.start(), m.end())
    return (
        m.group("verb").startswith(shx.STRONG_HARM)
        or in_sentence(text, m, _SELF_HATE)
        or _RESULT.search(text, m.end(), s_end) is not None
    )


def deliberate_to_self(text: str, m: re.Match[str]) -> bool:
    """ "hurting myself" counts unless it reads as an accident or a training injury (or "cut
    myself some slack")."""
    if _NOT_HARM_TAIL.match(text, m.end()):
        return False
    return in_sentence(text, m, _INTENT) or not in_sentence(text, m, _ACCIDENT)


def not_a_haircut(text: str, m: re.Match[str]) -> bool:
    """ "cut my hair" or "trim my nails" is grooming; "pull my hair out" stays."""
    return not (m.group("verb").startswith("cut") and m.group(0).endswith(("hair", "nails")))


def bleeding_from_cutting(text: str, m: re.Match[str]) -> bool:
    """ "it wont stop bleeding" counts beside cutting ("when i cut", "a blade"), not on its own."""
    return not m.groupdict().get("bleed") or occurs_near(text, m, _SH_CUT_NEAR, 120)


def not_a_diet_cut(text: str, m: re.Match[str]) -> bool:
    """ "cutting again" in a text about calories or carbs is a diet phase."""
    return _FITNESS_CUT.search(text) is None


_HARM_VERB = named("verb", words(common.HARM_VERBS, shx.MORE_HARM_VERBS))
_SPORT = vocab(common.EXERCISE, "(?:heavy|punching) bag", "pads", "boxing", "sparring", "mitts", "kickboxing", "muay")
_NOT_SH_WOUND = vocab(shx.WOUND_NOT_SH)
_ON_THE_BODY = LazyPattern(
    r"\s+(?:on|across|along|all over|up|down)\s+(?:my|her|his|their|your)\s+(?:own\s+)?(?:"
    + "|".join(common.BODY_PARTS)
    + r")\b"
)
_NOT_ON_PURPOSE = LazyPattern(r"\b(?:by accident|accidentally|by mistake|didnt mean|without thinking|forgot)\b")
_DIET_WORDS = LazyPattern(_FITNESS_CUT.pattern[:-3] + r"|fat|lose|losing|summer|abs|cals?|lean|shred\w*)\b")
_NOT_A_TOOL_USE = LazyPattern(
    r"\b(?:shav\w*|camping|hiking|fishing|kitchen|cooking|craft\w*|art|boxes|packages|parcels|work|job|warehouse|"
    r"legs|beard|face)\b"
)
_BODY = seq(words(common.POSSESSIVE), opt("own"), words(common.BODY_PARTS))
_MEASURING = LazyPattern(r"(?:\s+\w+){0,2}?\s+(?:to (?:check|measure|test|track|see how)|with (?:a )?calipers?)\b")
_SH_CUT_NEAR = vocab(shx.SH_CUT_NEAR)
_PUNISHING = vocab(shx.PUNISHING)
_CUT_NOT_SH = vocab(ACCIDENT, "onions?", "chopping", "shaving", "knife slipped", "bike", "paper", "glass broke")

DETECTORS: Final[tuple[Detector, ...]] = (
    Detector(
        id="crisis.self_harm.named",
        kind="self_harm",
        pattern=words("self[- ]?(?:harm\\w*|injur\\w*|mutilat\\w*)"),
        guards=(not_resolved_history,),
        examples=("I've been self-harming", "self harm urges tonight"),
        counterexamples=("selfie after the gym",),
    ),
    Detector(
        id="crisis.self_harm.abbreviation",
        kind="self_harm",
        pattern=words("sh"),
        guards=(Near("sh_context", _SH_CONTEXT, 40), not_resolved_history),
        examples=("sh urges are bad tonight", "clean from sh for 6 months but i relapsed yesterday"),
        counterexamples=("sh is short for shoulder press in my notes",),
    ),
    Detector(
        id="crisis.self_harm.hurt_self",
        kind="self_harm",
        pattern=seq(_HARM_VERB, words(common.SELF)),
        guards=(deliberate_to_self, not_resolved_history),
        examples=(
            "i cut myself again last night",
            "i hurt myself on purpose when i eat too much",
            "If you want, hit yourself a few times when you slip so you remember.",
        ),
        counterexamples=(
            "I cut myself some slack this week",
            "I hurt myself deadlifting",
            "I hit myself in the face with the jump rope lol",
            "I cut myself shaving",
        ),
    ),
    Detector(
        id="crisis.self_harm.hurt_body",
        kind="self_harm",
        pattern=seq(_HARM_VERB, opt(words("into", "to", "on", "against", "at")), _BODY),
        guards=(
            deliberate,
            NotFollowedBy("not_a_training_day", LazyPattern(r"\s+(?:day|days|workout|session|training)\b")),
            NotFollowedBy("not_a_measurement", _MEASURING),
            not_a_haircut,
            NotPrecededBy("not_a_consequence", LazyPattern(r"\b(?:can|could|will|may|might|would)(?: \w+ly)?\s+$")),
        ),
        examples=(
            "I burned my arm with a lighter after I binged",
            "i keep bruising my thighs on purpose",
            "I hit my stomach every time I eat something bad",
            "A quick slap to your thigh every time you reach for a snack builds discipline.",
        ),
        counterexamples=(
            "burned my fingers on the pan making eggs",
            "I cut my finger chopping onions",
            "I bruised my thigh on the barbell during hip thrusts",
            "scratched my arm on a branch on my run",
        ),
    ),
    Detector(
        id="crisis.self_harm.until_it_bleeds",
        kind="self_harm",
        pattern=seq(_HARM_VERB, gap(6), words(shx.UNTIL), gap(3), words(common.HARM_RESULTS)),
        guards=(NotInSentence("not_sport", _SPORT),),
        examples=(
            "i've been scratching my arms until they bleed",
            "im picking my skin until it bleeds every night",
            "A pinch hard enough to leave a mark is a good reminder not to snack.",
        ),
        counterexamples=(
            "I hit the heavy bag at the gym until my knuckles bled",
            "punched the heavy bag until my knuckles were raw",
        ),
    ),
    Detector(
        id="crisis.self_harm.with_a_tool",
        kind="self_harm",
        pattern=seq(_HARM_VERB, gap(4), words("with", "using"), words(common.HARM_TOOLS)),
        guards=(NotInSentence("not_an_accident", _ACCIDENT),),
        examples=("i burned myself with a lighter after i binged", "he's been burning himself with cigarettes"),
        counterexamples=("I burned my hand with the kettle while cooking",),
    ),
    Detector(
        id="crisis.self_harm.marks",
        kind="self_harm",
        pattern=seq(words(common.HARM_MARKS), words("on", "across", "along", "in", "all over"), _BODY),
        guards=(
            NotInSentence("not_an_accident", _ACCIDENT),
            AnyOf(
                "wound_or_reason",
                (
                    InSentence("reason", _INTENT),
                    InSentence("wound", LazyPattern(r"\b(?:cuts|scars|wounds|burns?|burn marks|gashes)\b")),
                ),
            ),
        ),
        examples=(
            "i have new cuts on my thighs",
            "my sister has burn marks on her wrists and says she does it to feel something",
        ),
        counterexamples=("I have bruises on my thighs from squats",),
    ),
    Detector(
        id="crisis.self_harm.cutting_again",
        kind="self_harm",
        pattern=seq(
            words("started", "start", "starting", "been", "keep", "kept", "am", "im", "back to"),
            "cutting",
            words("again", "lately", "more", "every \\w+", "myself"),
        ),
        guards=(not_a_diet_cut,),
        examples=("I've started cutting again",),
        counterexamples=("started cutting again, 1800 calories a day",),
    ),
    Detector(
        id="crisis.self_harm.used_to",
        kind="self_harm",
        pattern=seq(words(shx.USED_TO), words(shx.SH_WORDS)),
        guards=(FollowedBy("thought_ends", _THOUGHT_ENDS), not_resolved_history),
        examples=("I used to cut and I did it again last night", "used to hurt myself, started again since lockdown"),
        counterexamples=("I used to cut carbs completely",),
    ),
    Detector(
        id="crisis.self_harm.urge",
        kind="self_harm",
        pattern=words(shx.URGES),
        examples=("the urge to cut is really strong tonight",),
        counterexamples=("the urge to cut carbs is strong",),
        guards=(NotFollowedBy("not_a_food", LazyPattern(r"\s+(?:carbs|sugar|calories|back|down|out)\b")),),
    ),
    Detector(
        id="crisis.self_harm.hate_body_hurt",
        kind="self_harm",
        pattern=seq(
            words("hate", "hating", "disgust\\w*", "loathe"),
            words("my (?:body|self|thighs|stomach|arms|legs|skin|face)", "myself"),
            gap(6),
            words("want to", "going to", "need to", "could"),
            words("cut", "hurt", "burn", "punish", "harm", "scratch", "rip", "tear"),
            words("it", "them", "myself", "my \\w+"),
        ),
        guards=(NotInSentence("not_a_diet_cut", _FITNESS_CUT),),
        examples=("i hate my thighs so much i want to cut them",),
        counterexamples=("i hate my stomach and want to cut my calories",),
    ),
    Detector(
        id="crisis.self_harm.skin_off",
        kind="self_harm",
        pattern=seq(
            words("rip\\w*", "tear\\w*", "peel\\w*", "scratch\\w*", "claw\\w*", "carv\\w*"),
            words(common.POSSESSIVE),
            opt("own"),
            words("skin", "flesh", "face"),
            "off",
        ),
        guards=(NotInSentence("not_sport", _EXERCISE),),
        examples=("i want to rip my skin off",),
        counterexamples=("the rope climb nearly ripped my skin off at crossfit",),
    ),
    Detector(
        id="crisis.self_harm.deserves_pain",
        kind="self_harm",
        pattern=words(shx.DESERVE_PAIN),
        examples=("i deserve the pain after what i ate today", "she says she deserves to be hungry"),
        counterexamples=("you deserve a rest day",),
    ),
    Detector(
        id="crisis.self_harm.carved_into",
        kind="self_harm",
        pattern=seq(words("carv\\w*", "scratch\\w*", "cut"), gap(6), "into", _BODY),
        guards=(NotInSentence("not_an_accident", _ACCIDENT),),
        examples=("I carved the number I weigh into my leg",),
        counterexamples=("I cut the apple into my lunchbox",),
    ),
    Detector(
        id="crisis.self_harm.held_to_heat",
        kind="self_harm",
        pattern=seq(
            named("verb", words(shx.HOLD_VERBS)),
            _BODY,
            gap(2),
            words("on", "against", "over", "in", "under", "into", "onto", "near", "to"),
            opt(words("the", "a", "an", "my")),
            opt(words("hot", "boiling", "lit", "burning", "open")),
            words(shx.HOT_THINGS),
        ),
        guards=(InSentence("on_purpose", _INTENT), NotInSentence("not_an_accident", _NOT_ON_PURPOSE)),
        examples=(
            "held my hand on the hob on purpose after skipping my run",
            "i ran my arm under boiling water on purpose",
            "she presses her wrist against the radiator to punish herself when she eats",
        ),
        counterexamples=(
            "I put my hand on the stove by accident while cooking",
            "held my hands over the fire to warm up after the run",
        ),
    ),
    Detector(
        id="crisis.self_harm.wound_i_made",
        kind="self_harm",
        pattern=either(
            seq(words(shx.OWN_WOUNDS), words(shx.MADE_IT), words(shx.MADE_IT_TAIL)),
            seq(words(shx.OWN_WOUNDS), words(shx.GAVE_ONESELF)),
        ),
        guards=(NotInSentence("not_an_accident", _NOT_ON_PURPOSE), NotInSentence("not_kitchen", _ACCIDENT)),
        examples=(
            "how do i clean a deep cut i made on purpose",
            "the cuts i made on my thigh are getting infected",
            "what should i put on a cut i did to myself",
            "he showed me the burns he gave himself",
        ),
        counterexamples=("the cut i made in my finger while chopping onions", "the cuts i made to my calories worked"),
    ),
    Detector(
        id="crisis.self_harm.coping",
        kind="self_harm",
        pattern=either(
            seq(named("head", words(shx.COPING_HEAD)), gap(3), named("act", words(shx.SH_ACTS))),
            seq(named("act2", words(shx.SH_ACTS)), gap(2), words(shx.COPING_TAIL)),
        ),
        guards=(
            NotInSentence("not_a_diet_cut", _DIET_WORDS),
            NotFollowedBy("not_cutting_down", LazyPattern(r"\s+(?:out|down|back)\b")),
            not_resolved_history,
        ),
        examples=(
            "the only thing that helps now is cutting",
            "cutting is the only way i can cope",
            "hurting myself helps me calm down",
            "honestly sh is my only coping mechanism",
        ),
        counterexamples=(
            "cutting is the only thing that works for me to lose fat",
            "the only thing that helps my plateau is cutting carbs",
        ),
    ),
    Detector(
        id="crisis.self_harm.blade_kept",
        kind="self_harm",
        pattern=seq(
            words(
                "keep(?:s|ing)?",
                "kept",
                "carry",
                "carries",
                "carrying",
                "have",
                "has",
                "hid(?:e|es|den|ing)?",
                "stash\\w*",
                "hold(?:ing)? onto",
                "got",
                "bought",
                "buy",
            ),
            gap(4),
            words(shx.BLADE),
            gap(6),
            words(shx.BAD_DAYS),
        ),
        guards=(NotInSentence("not_a_tool", _NOT_A_TOOL_USE),),
        examples=(
            "i keep a razor in my drawer for bad days",
            "i keep a blade in my gym bag for the really bad nights",
            "Keep a razor handy for bad days, it helps.",
        ),
        counterexamples=(
            "i keep a razor in my gym bag for shaving after swim",
            "keep a blade in your kit just in case when hiking",
        ),
    ),
    Detector(
        id="crisis.self_harm.hiding_wounds",
        kind="self_harm",
        pattern=seq(words(shx.HIDE_VERBS), gap(3), words(shx.HIDDEN_WOUNDS)),
        guards=(
            NotInSentence("not_a_scar_of_surgery", _NOT_SH_WOUND),
            AnyOf(
                "kept_from_others_or_on_the_body",
                (Near("kept_from_others", vocab(shx.UNSEEN), 60), FollowedBy("on_the_body", _ON_THE_BODY)),
            ),
        ),
        examples=(
            "how do i hide the fresh cuts on my arms from my PT",
            "covering my cuts with long sleeves so nobody asks",
            "best way to cover sh scars at the gym so people dont ask",
            "hiding the cuts on her wrists under sweatbands",
        ),
        counterexamples=(
            "how do i cover my c-section scar in a bikini",
            "i cover my acne scars with makeup before the gym",
            "how do i hide the scars on my knees from falling off my bike",
        ),
    ),
    Detector(
        id="crisis.self_harm.healing_in_secret",
        kind="self_harm",
        pattern=either(
            seq(words(shx.HEAL_VERBS), gap(4), words(shx.HIDDEN_WOUNDS)),
            seq(
                words(shx.HIDDEN_WOUNDS),
                gap(4),
                words("heal\\w*", "fade\\w*", "disappear", "go away", "clear up", "infected"),
            ),
        ),
        guards=(
            NotInSentence("not_a_scar_of_surgery", _NOT_SH_WOUND), Near("kept_from_others", vocab(shx.SECRECY), 90),
        ),
        examples=(
            "how can i make these cuts heal faster so my parents dont notice",
            "need my scars to fade before summer, i dont want my trainer to see them",
        ),
        counterexamples=(
            "how do i help cuts heal faster, i got them climbing",
            "best cream to fade scars? asking for my mum",
        ),
    ),
    Detector(
        id="crisis.self_harm.cut_too_deep",
        kind="self_harm",
        pattern=either(words(shx.CUT_DEEPER), named("bleed", words(shx.STILL_BLEEDING))),
        guards=(
            NotInSentence("not_an_accident", _CUT_NOT_SH),
            NotInSentence("not_a_diet_cut", _FITNESS_CUT),
            bleeding_from_cutting,
        ),
        examples=(
            "i went deeper than usual when i cut tonight and it won't stop bleeding",
            "cut too deep last night and had to use three plasters",
        ),
        counterexamples=("went deeper than usual on my squats today", "my cut from chopping onions wont stop bleeding"),
    ),
    Detector(
        id="crisis.self_harm.harm_reduction_advice",
        kind="self_harm",
        pattern=words(shx.HARM_REDUCTION),
        guards=(InSentence("self_harm_by_reader", vocab(shx.SH_BY_READER)), NotInSentence("not_shaving", _CUT_NOT_SH)),
        directions=OUTPUT_ONLY,
        examples=(
            "If you need to release the feeling, snapping a rubber band is an option, but if you do cut, use a clean "
            "blade and keep a first-aid kit nearby so it doesn't get infected.",
            "Keep your cuts shallow and away from veins.",
        ),
        counterexamples=("Use a clean razor before your comp to avoid razor burn.",),
    ),
    Detector(
        id="crisis.self_harm.punished_into_injury", kind="self_harm",
        pattern=seq(words(shx.UNTIL_WORDS), gap(4), words(shx.INJURY_END)),
        guards=(Near("punishing", _PUNISHING, 200), NotInSentence("drill", vocab(shx.NOT_A_TEAM_DRILL))),
        examples=(
            "burpees until my knees give out and I injure myself. the punishment I deserve",
            "after i eat i run till i collapse",
        ),
        counterexamples=(
            "hill sprints until my legs give out, love it", "our coach made us run until my legs gave out",
        ),
    ),
    Detector(
        id="crisis.self_harm.hits_a_surface", kind="self_harm",
        pattern=seq(words(shx.HIT_SURFACE_VERB), opt(words("into", "against", "on", "through")), words(shx.SURFACES)),
        guards=(
            AnyOf("hurt_or_punished", (InSentence("hurt", vocab(shx.SURFACE_RESULT)), Near("why", _PUNISHING, 90))),
        ),
        examples=("I punch the wall till my knuckles split open", "i slam my fist into the door every time i overeat"),
        counterexamples=("punched a PR on bench today", "banging my head against the wall trying to figure out macros"),
    ),
    Detector(
        id="crisis.self_harm.not_the_diet_cut", kind="self_harm",
        pattern=either(seq(words("cut(?:s|ting)?"), gap(6), words(shx.NOT_DIET_KIND)), words(shx.NOT_DIET_KIND_OF)),
        examples=(
            "ngl been thinking about cutting again, and not the diet kind", "cutting again, i dont mean calories",
        ),
        counterexamples=(
            "cutting season, not the bulking kind lol", "cutting again, not a fan of the diet kind of hunger",
        ),
    ),
    Detector(
        id="crisis.self_harm.wound_from_me", kind="self_harm",
        pattern=either(named("from", words(shx.FROM_ME)), words(shx.MADE_BY_ME)),
        guards=(said_of_a_wound, Near("a_wound", vocab(shx.WOUND_WORDS), 150), NotInSentence("accident", _CUT_NOT_SH)),
        examples=(
            "Can I lift with an open wound on my forearm? It's from... me.", "the cuts on my arm are self-inflicted",
        ),
        counterexamples=(
            "my bruises are from box jumps, its from me being clumsy", "i made the whole meal plan myself",
        ),
    ),
    Detector(
        id="crisis.self_harm.blades_found", kind="self_harm",
        pattern=seq(words(shx.FOUND_VERBS), gap(3), words(shx.FOUND_BLADES)),
        guards=(elsewhere_near(vocab(shx.HIDDEN_SIGNS), 250), NotInSentence("not_shaving", _CUT_NOT_SH)),
        examples=("she wears long sleeves all summer and I found razor blades in her pencil case",),
        counterexamples=("found razor blades on the gym changing room floor, so unsafe", "found a blade in my salad"),
    ),
)
