"""Context and guards for the suicide and death-wish detectors: drills and effort hyperbole,
kilometres, the end of a thought, breaks and trips, whose wish it is, and negated outcomes."""

from __future__ import annotations

import re

from coach_core.policies.crisis.detector import Guard
from coach_core.policies.crisis.guards import in_sentence, occurs_near, vocab
from coach_core.policies.crisis.tables.common import EXERCISE
from coach_core.policies.crisis.tables.context import (
    AWAY_FOR_A_REASON,
    DANGER_NEAR,
    DEATH_EVENT,
    DEATH_NEAR,
    ENDS_AN_ACTIVITY,
    ENDS_WITH,
    FALL_NOT_SH,
    FALL_WORDS,
    HEART_NOT,
    MEANS_FOR_ME,
    MEANS_HINT,
    MEANS_OTHER_USE,
    READY,
    RESOLVED_MORE,
    RESOLVED_MORE_3,
    STARVE_FILL_OK,
    STRONG_STOCKPILE,
    WANT_IT,
)
from coach_core.policies.crisis.tables.scope import CURRENT_STRONG, CURRENT_WEAK, NOT_RESOLVED, PAST, RESOLVED
from coach_core.policies.crisis.tables.suicide import PREP_CONTEXT
from coach_core.policies.extraction import WORD_NUMBER
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

_DRILL_TAIL = LazyPattern(r"\s*(?:sprints?|runs?|drills?|squats?|lines?|shuttles?|squad|burpees?)\b")
_DRILL_HEAD = LazyPattern(
    r"\b(?:doing|did|do|ran|run|running|coach made us|made us run|made us do)\s+(?:some\s+|more\s+)?(?:\w+\s+)?$"
)
_GRIND = LazyPattern(
    r"\s+(?:laughing|in the foot|(?:(?:at|in|with|on|for|over|doing|during|after)\s+(?:\w+\s+){0,2}?)(?:gym|training|"
    r"workouts?|work|job|cardio|runs?|running|sessions?|reps|sets|exercise|class|classes|practice|studying|revision|"
    r"exams?|shifts?|overtime|hiit|spin|crossfit|this (?:plan|program|programme|block))\b)"
)
_KM_HEAD = LazyPattern(
    rf"(?:[0-9]\s*|\b(?:few|several|many|some|couple|more|extra|last|first|of|the|those|these|{WORD_NUMBER})\s+)$"
)
_KM_TAIL = LazyPattern(
    r"\s*(?:a|per|each|every|/|of|on|in|is a|an hour|run|walk|ride|jog|cycle|bike|swim|hike|left|away|to go|today|"
    r"this (?:morning|evening|afternoon|week|weekend)|at (?:an? |my |your |a steady |an easy )?(?:\w+ )?pace|pace|"
    r"easy)\b"
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
_LIVING_TAIL = LazyPattern(
    r"\s+(?:on|off|in|with|like|at|near|out|room|space|costs?|situation|arrangements?|expenses|here|there)\b"
)
NEGATED_OUTCOME = LazyPattern(r"\b(?:dont|do not|didnt|doesnt|not|never|wont|wouldnt|cant)\s+(?:\w+\s+)?$")
_ME_GERUND = LazyPattern(r"\s+(?!(?:around|anything|nothing|something|everything)\b)\w+ing\b")
_EXERCISE = vocab(EXERCISE)
ROPE_KIT = LazyPattern(r"\b(?:jump|skipping|battle|climb\w*|tow|tricep|pushdowns?|pull|swing)\b")
THINKING = LazyPattern(r"\b(?:think\w*|thought|easy|tempt\w*|want\w*|wish\w*|imagin\w*|urges?|keep picturing)\b")


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
    return NEGATED_OUTCOME.search(text[max(0, start - 16) : start]) is None


def absence_not_an_activity(text: str, m: re.Match[str]) -> bool:
    """ "easier without you tracking everything" is about an activity, not about being gone."""
    return _ME_GERUND.match(text, m.end()) is None


# --- Not wanting to be alive, methods, resolved history ----------------------------------------------
_LIFE_END = (
    r"\s*(?:[.!?,;:)\-]|\n|$|(?:and|but|so|because|cause|cuz|coz|since|or|idk|lol|coach|ngl|i|im|its|it|honestly|tbh|"
    r"why|what|whats|anyway|either|man|bro|dude|fr|rn|please|help)\b)"
)
_LIFE_FILL = (
    r"(?:\s+(?:any ?more|any longer|no more|more|longer|at all|now|right now|tbh|honestly|fr|lol|really|"
    r"either|today|tomorrow|or ever|ever|"
    r"ever again|like this|in this world|on this earth|in this body|another day|much longer|some days|most days|"
    r"sometimes|anyway|either way|tonight|lately|recently|these days|this week|this month|this year))*"
)
_LIFE_TAIL = LazyPattern(_LIFE_FILL + _LIFE_END)
_WEAK_TAIL = LazyPattern(
    r"(?:\s+(?:really|honestly|tbh|now|tomorrow|or))*\s+(?:any ?more|any longer|at all|ever again|ever|on this earth|"
    r"in this world|alive)\b"
)
_WEAK_STATES = ("be here", "be around", "keep going", "go on", "carry on", "wake up")


def life_thought_ends(text: str, m: re.Match[str]) -> bool:
    """ "i dont want to live" / "be alive" ends its thought ("... anymore", ", whats the point");
    not "dont want to live on salads" or "dont want to be here at 5am". The weaker states ("be
    here", "keep going") count only with "any more", "ever again"."""
    state = m.group("state")
    if state in _WEAK_STATES:
        return _WEAK_TAIL.match(text, m.end()) is not None
    return _LIFE_TAIL.match(text, m.end()) is not None


_FALL_TO = LazyPattern(
    r"(?:\s+(?:off|from|out of|over|in front of|onto|under|"
    r"down)\b)?(?:\s+\S+){0,4}?\s+(?:the\s+)?(?:balcony|bridge|roof\w*|"
    r"ledge|edge|cliff|window|building|tower|overpass|car park|parking \w+|platform|tracks|railing|floor|flats|"
    r"apartment|motorway|highway|train|bus|truck|lorry|car|traffic)\b"
)
_FALL_ENDS = LazyPattern(
    r"(?:\s+(?:off|from it|over))?"
    + _LIFE_FILL
    + r"\s*(?:[.!?,;:)\-]|\n|$|(?:and|but|so|again|lol|tbh|honestly|idk)\b)"
)
_JUMP_SPORT = LazyPattern(
    r"\b(?:rope|box|boxes|squats?|lunges?|jacks|plyo\w*|program\w*|routine|higher|training|gym|workout|class|"
    r"trampoline|pool|lake|sea|water|dive|diving|parachute|skydiv\w*|bungee|puddle|queue|ship|bandwagon|conclusions?|"
    r"volleyball|basketball|hurdles?|chance|opportunity|into a new|on board|straight in)\b"
)
HEIGHT_WORDS = LazyPattern(
    r"\b(?:balcony|bridge|roof\w*|ledge|edge|cliff|window|building|tower|overpass|car park|parking garage|platform|"
    r"tracks|railing|top floor|\w+(?:th|st|nd|rd) floor)\b"
)


def a_fall(text: str, m: re.Match[str]) -> bool:
    """ "thinking about jumping" is a fall when it says from where ("off the bridge") or ends the
    thought beside a height ("on my balcony ... thinking about jumping"); not jump rope, box
    jumps or jumping into a new programme."""
    if _FALL_TO.match(text, m.end()) or m.group(0).endswith("climb over"):
        return True
    if in_sentence(text, m, _JUMP_SPORT):
        return False
    return _FALL_ENDS.match(text, m.end()) is not None


_GO_TAIL = LazyPattern(
    r"\s*(?:[.!?,;:)]|\n|$|(?:forever|for good|in (?:my|your|their|his|her|ones) sleep|tonight|peacefully|"
    r"quietly|without (?:it )?(?:hurting|"
    r"pain|feeling|anyone)|with no pain|and not|so it doesnt hurt|if i|lol|tbh|honestly)\b)"
)


def way_ends_at_death(text: str, m: re.Match[str]) -> bool:
    """ "the most painless way to go" ends there; "the easiest way to go vegan" or "to go from 3
    to 5 sessions" goes on."""
    return m.group("end") not in ("go", "do it", "leave") or _GO_TAIL.match(text, m.end()) is not None


_RESOLVED_MORE = vocab(RESOLVED_MORE, RESOLVED, RESOLVED_MORE_3)
_PAST_MARK = vocab(PAST)
_NOT_RESOLVED_MARK = vocab(NOT_RESOLVED)
_CURRENT_MARK = vocab(CURRENT_STRONG)
_CURRENT_WEAK_MARK = vocab(CURRENT_WEAK)


def not_resolved_history(text: str, m: re.Match[str]) -> bool:
    """Past self-harm or suicidality with a resolution the scope tables do not list ("its been
    over ten years", "im doing really well") is resolved history (the spec's rule), unless
    anything sounds current ("again", "urges", "lately" in its sentence)."""
    if not in_sentence(text, m, _PAST_MARK) or not _RESOLVED_MORE.search(text):
        return True
    if _NOT_RESOLVED_MARK.search(text) or _CURRENT_MARK.search(text):
        return True
    return in_sentence(text, m, _CURRENT_WEAK_MARK)


# --- Plans with a time, not being around, lethality, means, dying by not eating ---------------------
_ENDS_AN_ACTIVITY = vocab(ENDS_AN_ACTIVITY)
_ENDS_WITH = LazyPattern(r"(?:\s+\w+){0,3}?\s+(?:" + vocab(ENDS_WITH).pattern + ")")
_DEATH_NEAR = vocab(DEATH_NEAR)
_FOREVER_TAIL = LazyPattern(r"\s+(?:for good|forever|permanently|for ever)\b")
_AWAY = vocab(AWAY_FOR_A_REASON)
_FALL_WORDS = vocab(FALL_WORDS)
_FALL_NOT_SH = vocab(FALL_NOT_SH)
_WEAK_FATAL = ("kill", "make sure", "be sure", "dead", "die")
_HEART_NOT = LazyPattern(r"\s+(?:" + vocab(HEART_NOT).pattern + ")")
_WANT_IT = vocab(WANT_IT)
_MEANS_HINT = vocab(MEANS_HINT)
_MEANS_FOR_ME = vocab(MEANS_FOR_ME)
_MEANS_OTHER_USE = vocab(MEANS_OTHER_USE)
_NOT_FOR_HEAD = LazyPattern(r"\bnot (?:\w+ )?for (?:a |the |my |any )?(?:\w+ )?$")
_NOT_A_BEAM = LazyPattern(
    r"\b(?:yoga|hammock|swing|trx|rings|pull ?ups?|chin ?ups?|aerial|climb\w*|gym|bar|straps?|bag|punching|board|"
    r"sling|silks|bands?)\b"
)
_STARVE_OK = vocab(STARVE_FILL_OK)
_JOKING = LazyPattern(r"\s*(?:lol|lmao|haha\w*|jk|😂|🤣)")
_DESIRE_IN = LazyPattern(r"\b(?:hope|wish|want\w*|wanna|going to|gonna|plan\w*|try\w*|will|ill|could|might)\b")


def ending_is_a_life(text: str, m: re.Match[str]) -> bool:
    """ "end things this weekend" is about a life, not "lets end it tonight", "end things with my
    boyfriend", a cool-down after it or an activity named before it ("my fast ... end it tonight")."""
    if _LETS_HEAD.search(text[max(0, m.start() - 12) : m.start()]) or _ENDS_WITH.match(text, m.end()):
        return False
    act = m.group("act")
    if act.endswith(("all", "life", " with")) or "for good" in act:
        return True
    s_start, _ = sentence_around(text, m.start(), m.end())
    return _ENDS_AN_ACTIVITY.search(text, max(s_start, m.start() - 60), m.start()) is None


def over_for_good(text: str, m: re.Match[str]) -> bool:
    """ "itll finally be over" counts "for good" or beside a death ("maybe ill just die and ...")."""
    if _FOREVER_TAIL.match(text, m.end()):
        return True
    return _DEATH_NEAR.search(text, max(0, m.start() - 120), min(len(text), m.end() + 80)) is not None


def not_away(text: str, m: re.Match[str]) -> bool:
    """ "wont be around by summer" is not a trip, a move or a job ("alive" is never a trip)."""
    return m.group("state").endswith(("alive", "breathing")) or not in_sentence(text, m, _AWAY)


def a_lethal_fall(text: str, m: re.Match[str]) -> bool:
    """ "how high ... fatal" asks about a fall (a bridge, a balcony), not box jumps, climbing or
    an older relative's fall; "kill me" and "die" are gym hyperbole when training is named."""
    if m.groupdict().get("bleed"):
        return True
    if not in_sentence(text, m, _FALL_WORDS) or in_sentence(text, m, _FALL_NOT_SH):
        return False
    return not (m.group("fatal").startswith(_WEAK_FATAL) and in_sentence(text, m, _GYM_OR_DIET))


def heart_stopping_wanted(text: str, m: re.Match[str]) -> bool:
    """The heart stopping is wanted ("i kind of want it to", "i wouldnt mind"), not "stop racing"."""
    if _HEART_NOT.match(text, m.end()):
        return False
    return bool(m.groupdict().get("wish")) or occurs_near(text, m, _WANT_IT, 100)


def _other_use(text: str, lo: int, hi: int) -> bool:
    for o in _MEANS_OTHER_USE.finditer(text, lo, hi):
        said_instead = o.group(0).startswith(("but", "its", "it is", "actually", "they"))
        if said_instead or not _NOT_FOR_HEAD.search(text[max(0, o.start() - 25) : o.start()]):
            return True
    return False


def means_hinted(text: str, m: re.Match[str]) -> bool:
    """A rope, gun or pills got with a hint ("not for the gym", "you know what for", "enough to do
    it", "its for me"), or pills stockpiled; not a jump rope, a gun safe or "for my dog"."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    lo, hi = max(0, min(s_start, m.start() - 80)), min(len(text), max(s_end, m.end() + 80))
    if _other_use(text, lo, hi):
        return False
    if m.groupdict().get("beam"):
        return not in_sentence(text, m, _NOT_A_BEAM)
    if m.groupdict().get("pills") and m.group("got").startswith(STRONG_STOCKPILE):
        return True
    if _MEANS_HINT.search(text, lo, hi):
        return True
    return (
        bool(m.groupdict().get("means"))
        and not m.group("means").startswith("razor")
        and bool(_MEANS_FOR_ME.search(text, lo, hi))
    )


def starving_to_die(text: str, m: re.Match[str]) -> bool:
    """ "stop eating ... ill just die": the words between are not a food ("stop eating carbs"),
    it is no joke, and "to death" is said of oneself or wished ("starving to death here lol" is not)."""
    fill = m.group("fill").split()
    if fill and not _STARVE_OK.fullmatch(fill[0].strip(",")):
        return False
    if _JOKING.match(text, m.end()):
        return False
    if m.group("end") == "to death":
        return "self" in m.group("act") or _DESIRE_IN.search(text, max(0, m.start() - 40), m.start()) is not None
    return True


# --- Preparation: letters and a chosen date ----------------------------------------------------------
_PREP = vocab(PREP_CONTEXT)
_LETTERS = LazyPattern(r"\b(?:letters?|notes?) (?:to|for)\b")
_DATE = LazyPattern(r"\b(?:picked|set|chose|chosen|settled on|decided on) (?:a|the|my) date\b")


def prepared(text: str, m: re.Match[str]) -> bool:
    """Letters or a chosen date are a preparation beside a goodbye, an apology, "im ready" or
    the other of the two, outside the match itself (within 120 characters)."""
    lo, hi = max(0, m.start() - 120), min(len(text), m.end() + 120)
    other = _LETTERS if m.group("date") else _DATE
    return any(p.search(text, lo, m.start()) or p.search(text, m.end(), hi) for p in (_PREP, other))


NOT_AN_EVENT = LazyPattern(
    r"\s+(?:for|of|with)\s+(?:my|the|our|a|an|his|her|their)?\s*(?!it\b)\w+|\s+(?:to|and)\s+(?:meet|start|begin|"
    r"compete|move|get|celebrate|run|travel|fly)\b"
)


# --- Suicide detectors' context: stations, accidents, fatal ends, doses --------------------------------
NOT_A_STATION = LazyPattern(
    r"\s+(?:station|stop|depot|garage|park|lane|window|door|seat|ride|driver|ticket|timetable|wash|show|dealer)\b"
)
BY_ACCIDENT = LazyPattern(r"\b(?:nearly got|almost got|by accident|accidentally|texting|not looking|didnt see)\b")
FATAL_END = LazyPattern(
    r"\s*(?:[.!?,;:)]|\n|$|(?:to (?:die|kill|not wake up|end (?:it|things|my life)|be fatal|be lethal|"
    r"stop (?:my|your|a) "
    r"heart|overdose|od|do it|do the job|be enough)|before (?:i|you|it|they) (?:die|dies|stop)|lol|tbh|honestly)\b)"
)
PAINLESS = LazyPattern(
    r"\b(?:painless\w*|peaceful\w*|least painful|without (?:it )?hurting|no pain|wont hurt|doesnt hurt)\b"
)
FINAL = LazyPattern(
    r"\b(?:die|dying|not wake up|end (?:it|things|my life)|forever|for good|off myself|"
    r"in (?:my|your|their|his|her|ones) sleep)\b"
)
FALLS_FROM = LazyPattern(r"\s+(?:off|from|out of|over)\b")
CONTEMPLATED = LazyPattern(
    r"\b(?:picturing|imagin\w*|consider\w*|plan\w*|going to|on purpose|tempt\w*|urge\w*|how easy|could just|"
    r"should just|almost|nearly)\b"
)
NOT_A_DOSE = LazyPattern(r"\s+(?:of\s+)?(?:water|protein|pre-?workout|creatine|vitamins?|gummies|tea|coffee)\b")


# --- Round three: a second signal outside the match, means said plainly ---------------------------------
_DANGER_NEAR = vocab(DANGER_NEAR)
_READY = vocab(READY)
_MEANS_END = LazyPattern(r"\s*(?:[.!?,;]|$|already|today|yesterday|now|last night|this (?:morning|week))")
_ROPE_USE = LazyPattern(ROPE_KIT.pattern + "|" + vocab(EXERCISE, "double unders?", "skip\\w*", "boat", "tent").pattern)


def elsewhere_near(pattern: LazyPattern, width: int) -> Guard:
    """`pattern` within `width` characters of the match but outside it: a second signal."""

    def guard(text: str, m: re.Match[str]) -> bool:
        lo, hi = max(0, m.start() - width), min(len(text), m.end() + width)
        return any(not (m.start() <= f.start() < m.end()) for f in pattern.finditer(text, lo, hi))

    guard.__name__ = "second_signal_near"
    return guard


def other_in_danger(text: str, m: re.Match[str]) -> bool:
    """Someone else saying goodbye or not waking up beside pills, a bridge, a rope (outside the match)."""
    return elsewhere_near(_DANGER_NEAR, 160)(text, m)


def means_said_plainly(text: str, m: re.Match[str]) -> bool:
    """ "I already bought the rope." with nothing else said of it: the means, definite, ends its clause
    or is said to be ready, and no jump rope, climbing or training is near."""
    means = m.groupdict().get("means")
    if not means or means.startswith(("razor", "charcoal", "hose")) or " the " not in f" {m.group(0)} ":
        return False
    if means.startswith("rope") and occurs_near(text, m, _ROPE_USE, 100):
        return False
    if _other_use(text, max(0, m.start() - 80), m.end() + 80):
        return False
    return bool(_MEANS_END.match(text, m.end()) or in_sentence(text, m, _READY))


_DEATH_EVENT = vocab(DEATH_EVENT)
_KILLS_ME = LazyPattern(r"\bkill(?:s|ing)? (?:me|you|yourself|myself)\b")


def death_named_near(text: str, m: re.Match[str]) -> bool:
    """A wish or relief that points at a death named near it ("a truck not stopping ... sounds like relief");
    "killing me" counts only for a wish that it would ("kind of wish one would"), not "a rest day sounds nice"."""
    if occurs_near(text, m, _DEATH_EVENT, 160):
        return True
    return any(w in m.group(0) for w in ("hop", "wish", "pray")) and occurs_near(text, m, _KILLS_ME, 160)


_SAID_OF_IT = LazyPattern(
    r"\b(?:its|theyre|it is|they are|thats|those are|that is|this is|these are|it was|they were)"
    r"(?: all| actually| honestly| really)?(?: from| by| because of)?\W*$"
)


def said_of_a_wound(text: str, m: re.Match[str]) -> bool:
    """ "its from... me" says who made it only after "its", "theyre" (not "a letter from me")."""
    return not m.groupdict().get("from") or _SAID_OF_IT.search(text, max(0, m.start() - 40), m.start()) is not None
