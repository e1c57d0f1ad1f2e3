"""`crisis` (critical): suicidal ideation, self-harm and eating-disorder behaviours.

Input that states intent or current behaviour, by the user or about someone they worry
about, is flagged (support resources, no model call). Model output that describes these
behaviours without a warning or a pointer to help is blocked. Patterns are written around
verbs and their objects ("make herself sick", "haven't eaten in a week") so figures of
speech ("this workout is killing me", "cutting carbs") never match; exclusions cover
accidents and gym injuries, exercise nausea, illness, and past behaviour stated as
clearly resolved. When a phrase could be hyperbole or risk, it counts as risk.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from coach_core.policies.extraction import DURATION, duration_days
from coach_core.policies.extraction import WORD_NUMBER as _WORD
from coach_core.policies.text import alternation, excerpt, normalize, sentence_around
from coach_core.policies.types import Action, Direction, PolicyFinding, Severity

_SELF = r"(?:myself|yourself|herself|himself|themselves|themself|ourselves|oneself)"
_POSSESSIVE = r"(?:my|your|her|his|their)"
_D = rf"(?P<dur>{DURATION})"
_MIN_DAYS = 2.0

Check = Callable[[str, "re.Match[str]"], bool]


def _near(text: str, m: re.Match[str], pattern: re.Pattern[str], width: int = 90) -> bool:
    """`pattern` occurs in the sentence of the match or within `width` characters of it."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    return bool(
        pattern.search(
            text, min(s_start, max(0, m.start() - width)), max(s_end, min(len(text), m.end() + width))
        )
    )


def _in_sentence(text: str, m: re.Match[str], pattern: re.Pattern[str]) -> bool:
    s_start, s_end = sentence_around(text, m.start(), m.end())
    return bool(pattern.search(text, s_start, s_end))


_LONG_TIME = re.compile(rf"\b(?:how long|as long as|{DURATION})")


def _day_count(m: re.Match[str]) -> bool:
    """ "day 3 of ..." means at least two days have gone by."""
    days = duration_days(m.group("dur").replace("day ", "") + " days")
    return days is not None and days >= _MIN_DAYS


def _multi_day(_: str, m: re.Match[str]) -> bool:
    days = duration_days(m.group("dur"))
    return days is not None and days >= _MIN_DAYS


# --- Context vocabularies ---------------------------------------------------------------------

_ACCIDENT = re.compile(
    r"\b(?:accident\w*|by mistake|cooking|shaving|chopping|slicing|kitchen|stove|oven|pan|iron|kettle|"
    r"training|workout|gym|lift\w*|squat\w*|deadlift\w*|bench\w*|running|run|sprint\w*|playing|football|"
    r"soccer|rugby|basketball|tennis|climbing|skiing|cycling|bike|fell|fall|falling|slipped|tripped|knee|"
    r"back|shoulder|ankle|wrist|hamstring|calf|elbow|hip|neck|groin|muscle|injur\w*|sprain\w*|strain\w*|"
    r"pulled|tore|torn|twisted|rolled|bar|barbell|dumbbell|kettlebell|plate|machine|treadmill|stretch\w*)\b"
)
_INTENT = re.compile(
    r"\b(?:want\w*|urges?|tempt\w*|on purpose|deliberately|intentionally|as (?:a )?punishment|to punish|"
    r"deserve\w*|because i (?:ate|hate|overate|binged)|(?:if|when|whenever|every time) i (?:eat|ate|slip|"
    r"overeat|binge|fail|mess up)|thinking (?:about|of)|feel like|cant stop|self[\s-]?harm\w*)\b"
)
_ED_CONTEXT = re.compile(
    r"\b(?:after (?:eating|i eat|i ate|she eats|he eats|they eat|you eat|(?:big |every |each |my |a |"
    r"large )?meals?|dinner|lunch|breakfast|food|bingeing|binging|a binge|binges|overeating|i overeat|"
    r"snacks?|dessert|everything)|(?:when|whenever|every time|if)\s+(?:i|she|he|they|you)\s+(?:eat|eats|"
    r"ate|overeat\w*|binge\w*|slip\w*)|to (?:lose|drop|keep|stay|get (?:thin|skinny|rid))|weight|scale|"
    r"calori\w*|cals|on purpose|deliberately|intentionally|from counting|get rid of (?:the )?(?:food|"
    r"calories|it)|undo|compensat\w*|purg\w*|binge\w*|thin|skinny|everything (?:i|she|he|they|you) eat\w*|"
    r"what (?:i|she|he|they|you) (?:eat|ate)|(?:my|the|her|his|your) (?:food|meals?))\b"
)
_SELF_HATE = re.compile(
    r"\b(?:hate|hating|disgust\w*|ugly|fat|punish\w*|deserve\w*|bleed\w*|blood|eat|eats|ate|eating|"
    r"binge\w*|overeat\w*|mess up|messed up|fail\w*)\b"
)
_ILLNESS = re.compile(
    r"\b(?:food poisoning|stomach bug|bug|flu|virus|norovirus|hungover|hangover|drunk|alcohol|migraine|"
    r"morning sickness|pregnan\w*|motion sick\w*|car ?sick|sea ?sick|chemo\w*|covid|gastro\w*|allerg\w*|"
    r"reflux|gerd|sick with|sick from|medication|antibiotics?|surgery|dentist|wisdom teeth|tonsils)\b"
)
_NAUSEA = re.compile(
    r"\b(?:nearly|almost|felt like|feel like|feeling like|could have|couldve|about to|going to|"
    r"thought i would|thought id|want to|made me want to|wanted to|"
    r"like i was going to)\s+(?:i was going to\s+|i would\s+|id\s+)?(?:throw|vomit|puke|hurl|be sick|barf)"
)
_EXERCISE = re.compile(
    r"\b(?:workout|training|run|running|ran|sprint\w*|burpees?|hiit|race|class|leg day|crossfit|spin|"
    r"intervals?|marathon|gym|exercise|lifting|squats?|deadlifts?|session|set|reps?|wod|rowing|cardio)\b"
)
_WEIGHT_CONTEXT = re.compile(
    r"\b(?:lose|losing|lost|weight|scale|thin|thinner|skinny|fat|calori\w*|cals|slip\w*|binge\w*|binging|"
    r"overeat\w*|after (?:meals?|eating|i eat|i ate|food|dinner|lunch|breakfast|every meal|each meal|"
    r"a big meal)|when i eat|if i eat|flush\w*|empty (?:out|myself)|drop\w*|shed\w*|cut\w*|weigh\w*|"
    r"lighter|bloat\w*|get rid of|keep .{0,25}(?:down|off|low)|purg\w*|compensat\w*|water weight|"
    r"make weight|slim\w*|smaller)\b"
)
_PRESCRIBED = re.compile(
    r"\b(?:blood pressure|hypertension|prescri\w*|my doctor|heart failure|edema|oedema|kidney|constipat\w*|"
    r"colonoscopy|bowel prep)\b"
)
_MISUSE = re.compile(
    r"\b(?:to (?:lose|drop|shed|cut|make weight|get thin|be thin|stay thin)|after (?:meals|eating|i eat)|"
    r"binge\w*|slip\w*|purg\w*|scale|skinny|thin)\b"
)
_USAGE = re.compile(
    r"\b(?:take|taking|took|takes|use|using|used|try|trying|tried|buy|buying|bought|order\w*|pop\w*|"
    r"swallow\w*|abus\w*|on|how many|dose|dosage|double|extra|start\w*|stack\w*|get|getting|need|rely|"
    r"been)\b"
)


def _hurt_self(text: str, m: re.Match[str]) -> bool:
    """Hurting oneself counts unless it reads as an accident or a training injury."""
    follow = text[m.end() : m.end() + 20]
    if re.match(r"\s+(?:out|some slack|slack|a break|laughing|short)\b", follow):
        return False
    if _in_sentence(text, m, _INTENT):
        return True
    return not _in_sentence(text, m, _ACCIDENT)


def _cut_body(text: str, m: re.Match[str]) -> bool:
    if re.match(r"\s+(?:day|days|workout|session|training|short)\b", text[m.end() : m.end() + 15]):
        return False
    return _hurt_self(text, m)


def _suicide_word(text: str, m: re.Match[str]) -> bool:
    """Not the shuttle-run drill ("suicide sprints", "we ran suicides") or the film."""
    if re.match(
        r"\s*(?:sprints?|runs?|drills?|squats?|lines?|shuttles?|squad|burpees?)\b",
        text[m.end() : m.end() + 12],
    ):
        return False
    return not (
        m.group(0).endswith("s")
        and re.search(
            r"\b(?:doing|did|do|ran|run|running|coach made us)\s+(?:some\s+|more\s+)?$",
            text[max(0, m.start() - 25) : m.start()],
        )
    )


def _wake_up(text: str, m: re.Match[str]) -> bool:
    """ "not wake up" at the end of a thought, not "don't want to wake up early for the gym"."""
    _, s_end = sentence_around(text, m.start(), m.end())
    follow = text[m.end() : s_end]
    return bool(
        re.fullmatch(
            r"\s*(?:again|ever|ever again|anymore|any more|tomorrow|in the morning|the next (?:day|"
            r"morning)|at all)?\s*(?:lol|honestly|tbh|sometimes|some days)?\s*[.!?;]*\s*",
            follow,
        )
    )


def _not_here(text: str, m: re.Match[str]) -> bool:
    _, s_end = sentence_around(text, m.start(), m.end())
    follow = text[m.end() : s_end]
    return bool(
        re.fullmatch(
            r"\s*(?:anymore|any more|any longer|forever|at all|for (?:my|the) (?:kids|family))?\s*[.!?;]*\s*",
            follow,
        )
    )


def _disappear(text: str, m: re.Match[str]) -> bool:
    return not re.match(
        r"\s+(?:from|off)\s+(?:social media|instagram|tiktok|twitter|facebook|the internet|online|work|"
        r"the office|the gym|my phone)",
        text[m.end() : m.end() + 40],
    )


def _overdose(text: str, m: re.Match[str]) -> bool:
    return not re.match(
        r"\s+on\s+(?:caffeine|coffee|protein|creatine|vitamin\w*|supplements?|pre-?workout|sugar|carbs|"
        r"chocolate|water|electrolytes|fib(?:re|er)|iron|zinc|magnesium|melatonin|fish oil|salt|sodium)\b",
        text[m.end() : m.end() + 30],
    )


def _kms(text: str, m: re.Match[str]) -> bool:
    """ "kms" is slang for "kill myself" unless it is kilometres ("5 kms", "kms a day")."""
    before = text[max(0, m.start() - 20) : m.start()]
    if re.search(
        r"(?:[0-9]\s*|\b(?:few|several|many|some|couple|more|extra|last|first|of|the|those|these)\s+)$",
        before,
    ):
        return False
    return not re.match(
        r"\s*(?:a|per|each|every|/|of|on|in|an hour|run|walk|ride|jog|cycle|bike|swim|hike|left|away|"
        r"to go)\b",
        text[m.end() : m.end() + 12],
    )


def _vomit(text: str, m: re.Match[str]) -> bool:
    """Vomiting counts when tied to eating or weight, not exercise nausea or illness."""
    if _in_sentence(text, m, _ILLNESS):
        return False
    if _in_sentence(text, m, _NAUSEA) and _in_sentence(text, m, _EXERCISE):
        return False
    return _near(text, m, _ED_CONTEXT, 80)


def _purge(text: str, m: re.Match[str]) -> bool:
    """ "purge" the behaviour, not "purge my pantry of junk food"."""
    return not re.match(
        r"\s+(?:(?:the|my|our|your|all|all the|of)\s+)*(?:pantry|kitchen|fridge|freezer|cupboards?|closet|"
        r"house|home|cabinets?|wardrobe|shelves|social|feed|inbox|toxins|junk|processed|sugar|snacks?|"
        r"treats|temptations|clutter)\b",
        text[m.end() : m.end() + 40],
    )


def _laxative(text: str, m: re.Match[str]) -> bool:
    if not _near(text, m, _WEIGHT_CONTEXT, 100):
        return False
    return not (_in_sentence(text, m, _PRESCRIBED) and not _near(text, m, _MISUSE, 100))


def _diet_pill(text: str, m: re.Match[str]) -> bool:
    return _near(text, m, _USAGE, 60)


def _insulin(text: str, m: re.Match[str]) -> bool:
    return bool(_WEIGHT_CONTEXT.search(text))


def _fast(text: str, m: re.Match[str]) -> bool:
    return _multi_day(text, m) and bool(_WEIGHT_CONTEXT.search(text))


def _relapse(text: str, _: re.Match[str]) -> bool:
    return bool(
        re.search(
            r"\b(?:eating disorder|anorexi\w*|bulimi\w*|purg\w*|restrict\w*|binge\w*|ed|ana|mia)\b", text
        )
    )


@dataclass(frozen=True, slots=True)
class _Detector:
    kind: str
    pattern: re.Pattern[str]
    check: Check | None
    gate: frozenset[str]  # the pattern cannot match unless one of these substrings occurs
    also: frozenset[str]  # ... and, when not empty, one of these too


def _d(
    kind: str,
    pattern: str,
    check: Check | None = None,
    *,
    gate: tuple[str, ...],
    also: tuple[str, ...] = (),
) -> _Detector:
    return _Detector(kind, re.compile(pattern), check, frozenset(gate), frozenset(also))


_DETECTORS: Final[tuple[_Detector, ...]] = (
    # Suicidal ideation.
    _d(
        "suicide",
        r"\bsu[i1l]?[cs]{1,2}[i1]?d(?:e|es|al|ally|ing)\b",
        _suicide_word,
        gate=("suic", "suis", "suc", "sus", "sui", "su1", "sulc", "suls"),
    ),
    _d(
        "suicide",
        rf"\b(?:kill|killing|killed|kills|unalive|unaliving|unalived|off|offing|hang|hanging|hanged|drown|"
        rf"drowning|poison|poisoning|shoot|shooting|end|ending|harm|harming|harmed|harms)\s+{_SELF}\b",
        lambda t, m: not re.match(r"\s+(?:laughing|in the foot)\b", t[m.end() : m.end() + 14]),
        gate=("sel",),
    ),
    _d("suicide", r"\bkms\b", _kms, gate=("kms",)),
    _d("suicide", r"\b(?:unaliv\w*|sewerslide|sewer slide)\b", gate=("unaliv", "sewer")),
    _d(
        "suicide",
        r"\b(?:want|wants|wanted|wanting|ready|deserve|deserves|wish|wishing|hope|hoping|plan|planning|"
        r"planned|trying|tried)\s+to\s+die\b|\bwish (?:i|she|he|they) (?:was|were|could|would|"
        r"had) (?:just )?(?:be |been )?(?:dead|die|died)\b|\b(?:better off|rather be|should be|want to be|"
        r"wish i was|wish i were) dead\b|\bshould (?:just )?die\b|\b(?:dont|do not|no longer|not|"
        r"never) (?:really )?(?:want|wish) to (?:be alive|live|exist|keep living|go on|be here anymore|"
        r"be here any more|be around anymore|be around any more)\b|\b(?:no|nothing|"
        r"no reason) (?:reason )?to live (?:for)?\b|\bnot worth living\b|\b(?:tired|sick) of (?:living|"
        r"being alive|life|existing)\b|\bwant (?:it all|everything|this|my life|it) to (?:end|stop|"
        r"be over)\b|\bend(?:ing)? (?:it all|everything|(?:my|his|her|their|your) (?:own )?life)\b|"
        r"\b(?:better off|happier|better|easier) (?:if (?:i|she|he) (?:wasnt|werent|was not|were not|"
        r"was gone|were gone|died|didnt exist|was dead|disappeared)\b|without me\b)|\bif i (?:wasnt|werent|"
        r"was not|were not) (?:around|here|alive)\b|\b(?:would|will|d) be (?:\w+\s+){0,2}?(?:fine|okay|ok|"
        r"better|happier|easier) without me\b|\b(?:cant|can not|cannot) (?:keep going|go on|do this|"
        r"keep doing this|live) like this\b|\b(?:want to|wanna|wish i could|"
        r"just want to) (?:go to )?sleep (?:forever|and never wake)\b|\b(?:want|wants|wanna|deserve|"
        r"deserves|need|needs|trying|plan|planning) to (?:starve|suffer|be punished)\b|\b(?:took|take|"
        r"taking|swallowed|swallow) (?:a bunch of|all (?:my|of my|the)|a lot of|loads of|too many|"
        r"a handful of|an entire|the whole) (?:pills|tablets|meds|bottle|packet)\b|\btak(?:e|ing) (?:my|"
        r"her|his|their) (?:own )?life\b|\b(?:cant|can not|cannot) (?:go on|take (?:it|this) anymore|"
        r"do this anymore|keep living|live like this)\b|\blife (?:is|feels|seems) (?:so |completely |"
        r"totally |just )?(?:pointless|meaningless|hopeless|not worth)|\bwhats the point (?:of|"
        r"in) (?:living|life|going on|being alive|anything)\b|\bjump(?:ing)? (?:off|from|in front of) (?:a|"
        r"the) (?:bridge|building|roof|train|cliff|balcony)\b|\bnoose\b",
        gate=(
            "die",
            "dead",
            "without me",
            "if i",
            "if she",
            "if he",
            "want to",
            "wish to",
            "live",
            "living",
            "alive",
            "exist",
            "life",
            "end",
            "cant",
            "can not",
            "cannot",
            "point",
            "jump",
            "noose",
            "starve",
            "suffer",
            "punish",
            "pills",
            "tablets",
            "meds",
            "bottle",
            "packet",
            "better",
            "happier",
            "easier",
            "sleep",
            "like this",
        ),
    ),
    _d(
        "suicide",
        r"\b(?:never|not|dont|do not|wont|wouldnt|would not)\s+(?:want to\s+|have to\s+|ever\s+|"
        r"to\s+)?wake(?:\s+up)?\b",
        _wake_up,
        gate=("wake",),
    ),
    _d("suicide", r"\bnot (?:be|being) (?:here|alive|around)\b", _not_here, gate=("not be",)),
    _d(
        "suicide",
        r"\bdisappear (?:forever|for good|permanently)\b|\b(?:want|wants|wanna|wish i could|wish to|"
        r"going to|need to|just want to|should|could)\s+(?:to\s+)?(?:just\s+)?(?:disappear|vanish|"
        r"not exist|stop existing|cease to exist|fade away)\b",
        _disappear,
        gate=("disappear", "vanish", "exist", "fade away"),
    ),
    _d("suicide", r"\b(?:stop|stopped) existing\b", gate=("existing",)),
    _d("suicide", r"\boverdos\w*", _overdose, gate=("overdos",)),
    # Self-harm.
    _d("self_harm", r"\bself[\s-]?(?:harm\w*|injur\w*|mutilat\w*)\b", gate=("self",)),
    _d(
        "self_harm",
        rf"\b(?:hurt|hurting|hurts|cut|cutting|cuts|burn|burning|burned|burnt|burns|hit|hitting|hits|punch|"
        rf"punching|punched|scratch\w*|bruis\w*|slap\w*|bite|biting|smack\w*|beat|beating|choke|choking|"
        rf"strangl\w*|punish|punishing|punished|punishes)\s+{_SELF}\b",
        _hurt_self,
        gate=("sel",),
    ),
    _d(
        "self_harm",
        rf"\b(?:cut|cutting|cuts|slit|slitting|slice|slicing|carve|carving|burn|burning)\s+{_POSSESSIVE}\s+"
        r"(?:wrists?|arms?|thighs?|legs?|skin|stomach|hips?|forearms?|veins?|throat)\b",
        _cut_body,
        gate=("cut", "slit", "slic", "carv", "burn"),
    ),
    _d(
        "self_harm",
        rf"\b(?:hit|hits|hitting|punch\w*|slap\w*|bang\w*|scratch\w*|bruis\w*|pinch\w*)\s+{_POSSESSIVE}\s+"
        r"(?:own\s+)?(?:wrists?|arms?|thighs?|legs?|skin|stomach|belly|hips?|forearms?|face|head|body)\b",
        lambda t, m: _in_sentence(t, m, _INTENT) or _in_sentence(t, m, _SELF_HATE),
        gate=("hit", "punch", "slap", "bang", "scratch", "bruis", "pinch"),
    ),
    # Purging.
    _d(
        "purging",
        rf"\b(?:make|makes|made|making|force|forces|forced|forcing|get|gets|got|"
        rf"getting)\s+{_SELF}\s+(?:to\s+)?"
        r"(?:be\s+)?(?:sick|throw up|vomit\w*|puke|purge|gag)\b",
        gate=("sel",),
    ),
    _d(
        "purging",
        r"\b(?:throw(?:ing|s)?|threw|thrown)\s+(?:it\s+|(?:it\s+)?all\s+|everything\s+|(?:my\s+|her\s+|"
        r"his\s+)?(?:food|meals?|dinner|lunch|breakfast)\s+)?up\b|\bvomit\w*|\bpuk(?:e|es|ed|ing)\b|"
        r"\bbarf\w*",
        _vomit,
        gate=("throw", "threw", "vomit", "puk", "barf"),
    ),
    _d(
        "purging",
        rf"\bfingers? down {_POSSESSIVE} throat\b|\bipecac\b"
        r"|\bchew\w*(?!\s+gum)(?:\s+\w+){0,3}?\s+(?:and|then)\s+spit\w*",
        gate=("throat", "spit", "ipecac"),
    ),
    _d("purging", r"\bpurg(?:e|es|ed|ing)\b", _purge, gate=("purg",)),
    # Laxatives, diuretics, diet pills, insulin omission.
    _d(
        "laxative_misuse",
        r"\b(?:laxatives?|laxies|senna|senokot|sennakot|dulcolax|bisacodyl|ex-?lax|miralax|movicol|"
        r"diuretics?|water pills?|water tablets?)\b",
        _laxative,
        gate=(
            "lax",
            "senna",
            "senokot",
            "sennakot",
            "bisacodyl",
            "miralax",
            "movicol",
            "diuretic",
            "water pill",
            "water tablet",
        ),
    ),
    _d(
        "diet_pills",
        r"\b(?:diet|slimming|weight[\s-]?loss)\s+(?:pills?|tablets?|tabs|capsules|drugs)\b|"
        r"\bappetite suppressants?\b|\b(?:dnp|clenbuterol|clen)\b",
        _diet_pill,
        gate=("pill", "tablet", "tabs", "capsule", "drug", "suppressant", "dnp", "clen"),
    ),
    _d(
        "insulin_omission",
        r"\b(?:skip\w*|omit\w*|miss\w*|stop\w*|reduc\w*|restrict\w*|withhold\w*|under-?dos\w*|less|"
        r"cut\w*(?:\s+back)?(?:\s+on)?|not\s+(?:tak|tak\w*|us\w*))\s+(?:(?:my|the|taking|using|on|"
        r"doses?\s+of|down\s+on|back\s+on)\s+)*insulin\b|\binsulin\s+(?:omission|restriction|"
        r"manipulation)\b",
        _insulin,
        gate=("insulin",),
    ),
    _d("insulin_omission", r"\bdiabulimi\w*", gate=("diabulim",)),
    # Starvation and not eating for days.
    _d("starvation", rf"\bstarv(?:e|es|ed|ing)\s+{_SELF}\b|\bstarvation diet\b", gate=("starv",)),
    _d(
        "starvation",
        r"\bstarv(?:e|es|ed|ing)\b(?:\s+\w+){0,3}?\s+(?:to|so (?:i|that i|she|he|they) can|until|till|"
        r"in order to)\s+(?:lose|drop|shed|get (?:thin|skinny|smaller)|be (?:thin|skinny|smaller|lighter)|"
        r"fit|weigh|look|make weight|hit)",
        gate=("starv",),
    ),
    _d("starvation", rf"\bstarv(?:e|es|ed|ing)\s+(?:for|over)\s+{_D}", _multi_day, gate=("starv",)),
    _d(
        "starvation",
        r"\bstarv(?:e|es|ed|ing)\s+(?:myself\s+)?(?:until|till|til|before|up to)\s+(?!(?:lunch|dinner|"
        r"breakfast|supper|i eat|we eat|later|tonight|the next meal|my next meal|food)\b)",
        gate=("starv",),
    ),
    _d(
        "starvation",
        r"\b(?:how many|how long|max(?:imum)?(?: number of)?|longest)\s+(?:(?:days?|weeks?)\s+)?(?:(?:can|"
        r"could|should|do)\s+(?:i|you|someone|a person)|(?:i|you|someone|a person)\s+(?:can|could|"
        r"should))\s+(?:safely\s+)?(?:fast|go without (?:food|eating)|not eat|starve)",
        gate=("fast", "without", "not eat", "starve"),
    ),
    _d(
        "starvation",
        r"\b(?:i(?:ve| have)?|she|he|they|shes|hes|theyve)\s+(?:basically\s+|pretty much\s+|totally\s+|"
        r"completely\s+|just\s+)?(?:(?:stopped|quit|stop)\s+eating|(?:refuse|refused|"
        r"refusing)\s+to\s+eat)\b(?!\s+(?:junk|sugar|meat|bread|after|late|at night|so much|processed|out|"
        r"fast food|carbs|gluten|dairy|red meat|fried|sweets|snacks|chocolate|takeaway|takeout|before|past|"
        r"when|while|in front|with|the))",
        gate=("eating", "to eat"),
    ),
    _d(
        "starvation",
        r"\b(?:havent|have not|hasnt|has not|hadnt|had not|didnt|did not|dont|do not|not|wont|will not|"
        r"stop(?:ped)?|quit|barely|hardly|refuse to|refusing to|refused to)\s+(?:really\s+|properly\s+|"
        r"actually\s+|even\s+)?(?:eaten|eating|eat|ate|had\s+(?:any\s+)?(?:food|a meal|anything)|"
        r"touched\s+food|had\s+a\s+(?:proper\s+)?meal)\b"
        rf"(?:\s+\w+){{0,3}}?\s+(?:in|for|over|during|the\s+(?:last|past))\s+{_D}",
        _multi_day,
        gate=("eat", "ate", "food", "meal"),
        also=("day", "week", "wk", "fortnight", "month", "hour", "hr", "year", "yr"),
    ),
    _d(
        "starvation",
        r"\b(?:go|going|goes|went|gone|spend|spending|spent|last|lasted|lasting|survive|survived|"
        r"surviving)\s+"
        rf"(?:for\s+)?{_D}\s+(?:with\s+no|without|w/o|w/out)\s+(?:any\s+)?(?:solid\s+)?(?:food|eating|"
        rf"meals?|a\s+meal|"
        r"anything|calories)",
        _multi_day,
        gate=("without", "with no", "w/o", "w/out"),
    ),
    _d(
        "starvation",
        rf"{_D}\s+(?:with\s+no|without|w/o|of\s+no)\s+(?:any\s+)?(?:solid\s+)?(?:food|eating|meals?|"
        rf"a\s+meal|calories)",
        _multi_day,
        gate=("without", "with no", "w/o", "w/out", "of no"),
    ),
    _d(
        "starvation",
        rf"\b(?:no|zero)\s+(?:solid\s+)?(?:food|eating|meals?|calories)\s+(?:for|in|over)\s+{_D}",
        _multi_day,
        gate=("no ", "zero"),
    ),
    _d(
        "starvation",
        r"\b(?:go|going|goes|went|gone|last|survive|live)\s+(?:\w+\s+){0,2}?(?:without|w/o)\s+(?:eating|"
        r"food|a meal|meals)\b",
        lambda t, m: _in_sentence(t, m, _WEIGHT_CONTEXT) or _in_sentence(t, m, _LONG_TIME),
        gate=("without", "w/o"),
    ),
    _d(
        "starvation",
        rf"\b(?P<dur>day\s+(?:[0-9]+|{_WORD}))\s+(?:of|without)\s+(?:not eating|no food|eating nothing|"
        rf"no eating|"
        r"starving|(?:my |a |this )?(?:water |dry |juice )?fast(?:ing)?)",
        lambda t, m: _day_count(m) and ("fast" not in m.group(0) or bool(_WEIGHT_CONTEXT.search(t))),
        gate=("day ",),
    ),
    _d(
        "starvation",
        rf"\b(?:eat|eating|ate|eaten|have|having|had)\s+nothing\s+(?:\w+\s+)?(?:for|in|over)\s+{_D}",
        _multi_day,
        gate=("nothing",),
    ),
    _d(
        "starvation",
        r"\bskip(?:ping|ped|s)?\s+(?:all\s+)?(?:my\s+|your\s+)?(?:meals|eating|food|all meals|(?:breakfast|"
        r"lunch|dinner),?\s+(?:and\s+)?(?:breakfast|lunch|dinner))\s+(?:\w+\s+)?"
        rf"(?:for|in|over)\s+{_D}",
        _multi_day,
        gate=("skip",),
    ),
    _d(
        "starvation",
        r"\b(?:only|just)\s+(?:drinking|drink|drank|having|have|had)\s+(?:water|black coffee|diet (?:coke|"
        r"soda)|tea)\s+"
        rf"(?:\w+\s+)?(?:for|in|over)\s+{_D}",
        _multi_day,
        gate=("only", "just"),
    ),
    _d(
        "starvation",
        rf"{_D}(?:\s+|-)?(?:long\s+)?(?:water\s+|dry\s+|juice\s+)?fast(?:s|ing)?\b",
        _fast,
        gate=("fast",),
    ),
    _d("starvation", rf"\bfast(?:ing)?\s+(?:for|over)\s+{_D}", _fast, gate=("fast",)),
    # Hiding not eating.
    _d(
        "hiding",
        r"\b(?:hide|hides|hiding|hid|conceal\w*|"
        r"keep\w* (?:it )?(?:a )?secret)\b(?:\s+\w+){0,6}?\s+(?:the fact\s+)?(?:that\s+)?(?:(?:i|im|i am|"
        r"ive|my|she|he|shes|hes|they|theyre)\s+)?(?:not eating|havent eaten|dont eat|didnt eat|(?:am|is|"
        r"are|been)\s+not eating|skipp\w*|starv\w*|purg\w*|throw\w* up|vomit\w*|eating|weight loss|"
        r"laxatives?|how little)",
        gate=("hid", "conceal", "secret"),
    ),
    _d(
        "hiding",
        r"\b(?:pretend\w*|fake|faking|lie|lying|lied)\s+(?:to\s+(?:\w+\s+){1,2})?(?:that\s+)?(?:i\s+|"
        r"ive\s+)?(?:about\s+)?(?:(?:have|had|already)\s+)*(?:eat\w*|ate|eaten|meals?|food|full)\b",
        gate=("pretend", "fake", "faking", "lie", "lying", "lied"),
    ),
    _d(
        "hiding",
        r"\b(?:notic\w*|find out|finding out|found out|realiz\w*|realis\w*|catch\w* me|suspect\w*|"
        r"knowing)\b(?:\s+\w+){0,4}?\s+(?:not eating|havent eaten|have not eaten|dont eat|didnt eat|"
        r"skip\w* (?:meals|dinner|lunch|breakfast)|throw\w* up|purg\w*|starv\w*|vomit\w*)",
        gate=(
            "notic",
            "find out",
            "finding out",
            "found out",
            "realiz",
            "realis",
            "catch",
            "suspect",
            "knowing",
        ),
    ),
    _d(
        "hiding",
        r"\bwithout (?:anyone|any1|\w+ \w+|them|people|my \w+|her|him) (?:noticing|knowing|finding out|"
        r"seeing)\b",
        lambda t, m: _in_sentence(
            t,
            m,
            re.compile(
                r"\b(?:eat\w*|ate|meals?|food|skip\w*|starv\w*|purg\w*|throw\w* up|vomit\w*|laxatives?|"
                r"lose weight|losing weight|weight loss|diet\w*|calories)\b"
            ),
        ),
        gate=("without",),
    ),
    # Pro-ED content and current eating disorders.
    _d(
        "pro_ed",
        r"\bpro[\s-]?(?:ana|mia|ed)\b|\b(?:thinspo|meanspo|bonespo|skinnyspo|bone[\s-]?spo)\w*|\b(?:ana|"
        r"mia) (?:coach|buddy|buddies|tips|diet|rules|bracelet|sisters?)\b|\bana and mia\b|\b(?:tips|help|"
        r"ways|tricks)\s+(?:to|for|on)\s+(?:becoming|being|stay(?:ing)?|get(?:ting)?)\s+(?:anorexic|"
        r"bulimic)\b|\b(?:how|want)\s+(?:to|do i|can i)\s+(?:become|be|get)\s+(?:anorexic|bulimic)\b|"
        r"\bwish (?:i|she|he) (?:was|were|had|could be|could get) (?:anorexic|bulimic|anorexia|bulimia|"
        r"an eating disorder)\b",
        gate=(
            "pro ana",
            "pro-ana",
            "proana",
            "pro mia",
            "pro-mia",
            "promia",
            "pro ed",
            "pro-ed",
            "proed",
            "thinspo",
            "meanspo",
            "bonespo",
            "skinnyspo",
            "bone spo",
            "bone-spo",
            "ana ",
            "mia ",
            "anorexi",
            "bulimi",
            "eating disorder",
        ),
    ),
    _d(
        "eating_disorder",
        r"\b(?:i (?:have|think i have|think i might have|might have|may have|ve got|got|am|"
        r"was just diagnosed with)|ive got|im|i am|she has|he has|she is|shes|he is|hes|they have|theyre|"
        r"struggling with|suffering (?:from|with)|battling|dealing with|fighting|"
        r"living with)\s+(?:an?\s+)?(?:(?:really|severe|bad|full[\s-]blown)\s+)?(?:eating disorder|"
        r"anorexi\w*|bulimi\w*|binge eating disorder|arfid|osfed|ednos|orthorexi\w*)",
        gate=("eating disorder", "anorexi", "bulimi", "arfid", "osfed", "ednos", "orthorexi"),
    ),
    _d(
        "eating_disorder",
        r"\b(?:my|her|his) (?:eating disorder|ed|anorexia|bulimia)\s+(?:is|has|s)\s+(?:back|getting worse|"
        r"worse|bad again|flaring|coming back|acting up|taking over|telling me)",
        gate=("eating disorder", "ed ", "anorexia", "bulimia"),
    ),
    _d("eating_disorder", r"\brelaps\w*", _relapse, gate=("relaps",)),
)

# --- Resolved past and supportive output ----------------------------------------------------------

_PAST = re.compile(
    r"\b(?:used to|struggled|suffered|had|was|were|did|as a (?:teen|teenager|kid|child|student)|"
    r"in (?:high school|college|university|my teens|my twenties|my youth)|when i was|back then|years ago|"
    r"decades? ago|in the past|long ago|previously|formerly|history of)\b"
)
_RESOLVED = re.compile(
    r"\b(?:behind me|recovered|(?:in|into) (?:full )?recovery|in remission|healthy now|(?:im|"
    r"i am) (?:healthy|well|fine|ok|okay|doing (?:well|great|fine|much better))(?: now)?|"
    r"doing (?:much )?better now|over it now|overcame|overcome|beat it|moved (?:on|past)|put (?:it|that|"
    r"this) behind|no longer|not anymore|dont anymore|thing of the past|all in the past|"
    r"[0-9]+ years? (?:clean|free|recovered|in recovery))\b"
)
_CURRENT = re.compile(
    r"\b(?:again|still|lately|recently|these days|currently|nowadays|right now|this (?:week|month|morning|"
    r"evening|year)|today|tonight|last night|yesterday|start(?:ed|ing)? (?:again|back)|relaps\w*|urges?|"
    r"tempt\w*|slip(?:ped|ping)? (?:back|up)|thinking (?:about|of)|want to|wanting to|feel like|going to|"
    r"might|miss (?:it|doing)|struggling|cant stop|cannot stop|keep|keeps|every (?:day|night|time|meal|"
    r"morning)|whenever|help me|how (?:do|can|to|should)|tips|should i|im \w+ing|i am \w+ing|"
    r"ive been \w+ing|i have been \w+ing)\b"
)
# Output that names a behaviour only to warn about it or point to help. Support and warning
# words count anywhere in the sentence; negations only right before the behaviour ("please
# don't go days without food"), so "To stop cravings, go 3 days without food" still blocks.
_SUPPORTIVE = re.compile(
    r"\b(?:reach out|helpline|hotline|help ?line|988|crisis|emergency|support\w*|professional|therapist|"
    r"counsel+or|doctor|gp|physician|clinician|dietitian|talk to|speak (?:to|with)|seek (?:help|support)|"
    r"get help|someone you trust|not alone|concerned|worried|sorry|sounds like|it seems|care about|"
    r"here for you|anad|beat|samaritans|eating disorders?|not (?:a )?(?:safe|healthy|effective|good|"
    r"recommended|sustainable)|isnt (?:safe|healthy|effective)|dangerous|harmful|risky|risks|unsafe|"
    r"unhealthy|seriously|deadly|life-threatening|electrolyte\w*|dehydrat\w*|side effects|warning|"
    r"ineffective|myth|only (?:remove|lose|lost) water|water weight|doesnt (?:work|help|burn)|dont (?:work|"
    r"help|burn))\b"
)
_NEGATED_BEFORE = re.compile(
    r"\b(?:dont|do not|never|avoid|stop|shouldnt|should not|wont|will not|cannot|cant|not|no need to|"
    r"instead of|rather than|please dont|please do not)\b(?:\s+\S+)?\s*$"
)


def _resolved_past(text: str, m: re.Match[str]) -> bool:
    """Stated as past and clearly resolved: a past marker where it is said, a resolution
    somewhere, and nothing that sounds current."""
    return _in_sentence(text, m, _PAST) and bool(_RESOLVED.search(text)) and not _CURRENT.search(text)


def _supportive(text: str, m: re.Match[str]) -> bool:
    """Output that names a behaviour to warn about it or point to help, not to teach it."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    if _NEGATED_BEFORE.search(text[s_start : m.start()]):
        return True
    return bool(_SUPPORTIVE.search(text[s_start : m.start()]) or _SUPPORTIVE.search(text[m.end() : s_end]))


# Every gate word, found in one pass: at each position the longest gate word that starts
# there, plus the gate words that are its prefixes ("self" there means "sel" is there too).
_GATE_WORDS: Final = sorted({w for det in _DETECTORS for w in det.gate | det.also}, key=len, reverse=True)
_GATE_RE: Final = re.compile("(?=(" + alternation("|".join(re.escape(w) for w in _GATE_WORDS)) + "))")
_GATE_PREFIXES: Final = {w: frozenset(p for p in _GATE_WORDS if w.startswith(p)) for w in _GATE_WORDS}


def _gate_words(norm: str) -> frozenset[str]:
    found: set[str] = set()
    for m in _GATE_RE.finditer(norm):
        found |= _GATE_PREFIXES[m.group(1)]
    return frozenset(found)


def find_crisis(text: str, direction: Direction) -> tuple[str, re.Match[str], str] | None:
    """(kind, match, normalised text) of the first crisis signal, or None."""
    norm = normalize(text)
    present = _gate_words(norm)
    for det in _DETECTORS:
        if present.isdisjoint(det.gate) or (det.also and present.isdisjoint(det.also)):
            continue
        for m in det.pattern.finditer(norm):
            if det.check is not None and not det.check(norm, m):
                continue
            if _resolved_past(norm, m):
                continue
            if direction == "output" and _supportive(norm, m):
                continue
            return det.kind, m, norm
    return None


class CrisisPolicy:
    name: Final = "crisis"
    severity: Final[Severity] = "critical"

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None:
        hit = find_crisis(text, direction)
        if hit is None:
            return None
        _, m, norm = hit
        action: Action = "flag" if direction == "input" else "block"
        return PolicyFinding(action, excerpt(norm, m.start(), m.end()), None, "support_resources")
