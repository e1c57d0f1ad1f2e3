"""`crisis` (critical): suicidal ideation, self-harm and eating-disorder behaviours.

Input that states intent or current behaviour, by the user or about someone they worry
about, is flagged (support resources, no model call). Model output that describes these
behaviours without a warning or a pointer to help is blocked. Patterns are written around
verbs and their objects ("make herself sick", "haven't eaten in a week") so figures of
speech ("this workout is killing me", "cutting carbs") never match; exclusions cover
accidents and gym injuries, exercise nausea, illness, and past behaviour stated as
clearly resolved. When a phrase could be hyperbole or risk, it counts as risk.

Output is blocked when it suggests a behaviour ("you could take a laxative after heavy
meals", "skip meals for 3 days", "tell your parents you already ate"); some detectors run
on output only, for suggestions that are harmless to hear from a user. Output that names a
behaviour only to warn about it or point to help ("laxatives are not a safe way to lose
weight", "if you ever feel like hurting yourself, call 988") is allowed: a support or
warning phrase in the same sentence, or a negation said to the reader right before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from coach_core.policies.extraction import DURATION, duration_days
from coach_core.policies.extraction import WORD_NUMBER as _WORD
from coach_core.policies.text import alternation, excerpt, normalize, occurs_within, sentence_around
from coach_core.policies.types import Action, Direction, PolicyFinding, Severity

# Laxatives, diuretics and pills people misuse to purge or lose weight.
_PURGE_AID = (
    r"(?:laxatives?|laxative teas?|diuretics?|water pills?|water tablets?|diet pills?|slimming pills?|"
    r"appetite suppressants?|senna|dulcolax|ex-?lax|bisacodyl|ipecac|detox teas?|skinny teas?)\b"
)
_SELF = r"(?:myself|yourself|herself|himself|themselves|themself|ourselves|oneself)"
_POSSESSIVE = r"(?:my|your|her|his|their)"
_D = rf"(?P<dur>{DURATION})"
_MIN_DAYS = 2.0

Check = Callable[[str, "re.Match[str]"], bool]


def _near(text: str, m: re.Match[str], pattern: re.Pattern[str], width: int = 90) -> bool:
    """`pattern` occurs in the sentence of the match or within `width` characters of it."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    return occurs_within(
        pattern, text, min(s_start, max(0, m.start() - width)), max(s_end, min(len(text), m.end() + width))
    )


def _followed_by(text: str, m: re.Match[str], pattern: re.Pattern[str], width: int) -> bool:
    """`pattern` matches right after the match, within the next `width` characters."""
    return pattern.match(text[m.end() : m.end() + width]) is not None


def _in_sentence(text: str, m: re.Match[str], pattern: re.Pattern[str]) -> bool:
    s_start, s_end = sentence_around(text, m.start(), m.end())
    return occurs_within(pattern, text, s_start, s_end)


_LONG_TIME = re.compile(rf"\b(?:how long|as long as|{DURATION})")


def _day_count(m: re.Match[str]) -> bool:
    """ "day 3 of ..." means at least two days have gone by."""
    days = duration_days(m.group("dur").replace("day ", "") + " days")
    return days is not None and days >= _MIN_DAYS


_FREQUENCY_RE = re.compile(r"\s*(?:a|per|each|every|/|out of|in)\s*(?:the\s+)?(?:week|wk|month|fortnight)\b")


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
    r"\b(?:after (?:eating|i eat|i ate|she eats|he eats|they eat|you eat|(?:\w+ ){0,2}?(?:meals?|dinner|"
    r"lunch|breakfast|food|snacks?|dessert|binges?|takeaway|takeout|pizza|cake)|bingeing|binging|"
    r"overeating|i overeat|everything)|(?:when|whenever|every time|if)\s+(?:i|she|he|they|you)\s+(?:eat|eats|"
    r"ate|overeat\w*|binge\w*|slip\w*)|to (?:lose|drop|keep|stay|get (?:thin|skinny|rid))|weight|scale|"
    r"calori\w*|cals|on purpose|deliberately|intentionally|from counting|get rid of (?:the )?(?:food|"
    r"calories|it)|undo|compensat\w*|purg\w*|binge\w*|thin|skinny|everything (?:i|she|he|they|you) eat\w*|"
    r"what (?:i|she|he|they|you) (?:eat|ate)|(?:my|the|her|his|your) (?:food|meals?)|everything (?:i|she|he|they|"
    r"you) (?:ate|had)|(?:so|and) (?:it|they|the calories|that) (?:doesnt|dont|wont|didnt) count|doesnt count|"
    r"dont count|bulimi\w*|anorexi\w*|eating disorders?)\b"
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
    r"make weight|slim\w*|smaller|after (?:\w+ ){0,2}?(?:meals?|dinner|lunch|breakfast|food|snacks?|binges?)|"
    r"on (?:track|target)|weigh-?ins?|flat (?:stomach|tummy|belly)|lean|shred\w*|detox\w*|cleanse|reset|"
    r"appetite|bikini|skinn\w*|dress size|undo\w*|cancel (?:it )?out|make up for|light|after (?:\w+ ){0,2}?(?:pizza|"
    r"cake|takeaway|takeout|dessert|eating out|a big night|overeating|bingeing|binging))\b"
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


_CUT_FITNESS_TAIL = re.compile(r"\s+(?:day|days|workout|session|training|short)\b")


def _cut_body(text: str, m: re.Match[str]) -> bool:
    if _followed_by(text, m, _CUT_FITNESS_TAIL, 15):
        return False
    return _hurt_self(text, m)


_DRILL_TAIL = re.compile(r"\s*(?:sprints?|runs?|drills?|squats?|lines?|shuttles?|squad|burpees?)\b")


def _suicide_word(text: str, m: re.Match[str]) -> bool:
    """Not the shuttle-run drill ("suicide sprints", "we ran suicides") or the film."""
    if _followed_by(text, m, _DRILL_TAIL, 12):
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
    """Not a break from something ("disappear from social media", "into a good book",
    "on holiday for a week")."""
    return not _followed_by(text, m, _BREAK_TAIL, 40)


_BREAK_TAIL = re.compile(
    r"\s+(?:(?:from|off)\s+(?:social media|instagram|tiktok|twitter|facebook|the internet|online|work|"
    r"the office|the gym|my phone)|into (?:a|an|the|my) (?:\w+ )?(?:book|game|show|series|film|movie|novel|"
    r"world|hobby|project|music|playlist|kitchen|garden)|(?:on|for) (?:a |the |my )?(?:holiday|vacation|trip|"
    r"retreat|honeymoon|getaway|weekend away)|to (?:a|an|the) (?:beach|island|cabin|mountains|spa|retreat|"
    r"desert island))"
)


_SNEAK = re.compile(
    r"\b(?:when|while)\s+(?:\w+\s+){0,2}?(?:isnt|is not|arent|are not|not|wasnt|werent)\s+(?:looking|watching|home|"
    r"around)|so (?:that )?(?:nobody|no one|noone|they|she|he|my \w+|mum|mom|dad|people)|behind (?:her|his|their|my "
    r"\w+s?) backs?|without (?:her|him|them|anyone|any1|my \w+) (?:seeing|knowing|noticing)|secretly|sneak\w*|"
    r"hid(?:e|ing)?\b"
)
_DECEIT = re.compile(
    r"\b(?:so (?:that )?(?:they|she|he|nobody|no one|noone|people|everyone|my \w+|your \w+|mum|mom|dad)\s+(?:\w+\s+)?"
    r"(?:dont|wont|doesnt|stop|stops|leave|leaves|quit|cant|never|think|believe|assume|arent|isnt)|but (?:i|you|"
    r"she|he) (?:didnt|havent|hadnt|wont|dont)|even though (?:i|you|she|he) (?:didnt|havent|hadnt|dont)|when (?:i|you|"
    r"she|he) (?:didnt|havent|hadnt)|to avoid|to get out of|lie|lying|lied|pretend\w*|(?:dont|wont|doesnt|didnt) "
    r"(?:notice|know|ask|find out|worry|suspect))\b"
)


def _deceive(text: str, m: re.Match[str]) -> bool:
    """ "tell them you already ate" as advice (said to the reader at the start of the
    sentence) or with a sign of deceit ("... you ate at work so they stop asking"); not an
    honest "I told my trainer I already ate"."""
    if not re.search(r"\b(?:already|just)\b", m.group(0)):
        return _in_sentence(text, m, _DECEIT)
    s_start, _ = sentence_around(text, m.start(), m.end())
    head = text[s_start : m.start()]
    imperative = re.fullmatch(r"\W*(?:(?:just|simply|then|and|so|you can|you could|try to|always|instead)\s+)*", head)
    return bool(imperative) or _in_sentence(text, m, _DECEIT)


def _overdose(text: str, m: re.Match[str]) -> bool:
    """Not "overdosed on caffeine" and other everyday excess."""
    return not _followed_by(text, m, _EVERYDAY_EXCESS_TAIL, 30)


_EVERYDAY_EXCESS_TAIL = re.compile(
    r"\s+on\s+(?:caffeine|coffee|protein|creatine|vitamin\w*|supplements?|pre-?workout|sugar|carbs|"
    r"chocolate|water|electrolytes|fib(?:re|er)|iron|zinc|magnesium|melatonin|fish oil|salt|sodium)\b"
)


_BODY_SUBJECT = re.compile(
    r"\b(?:my|the|these|those|our|your|his|her)\s+(?:\w+\s+)?(?:legs?|arms?|quads?|glutes?|hamstrings?|calves|calf|"
    r"abs|core|lungs?|muscles?|body|feet|foot|knees?|back|shoulders?|chest|butt|bum|booty|triceps|biceps|delts|"
    r"traps|lats|forearms?|hips?|thighs?|brain|phone|laptop|car|battery|plants?|bank account|wallet|"
    r"motivation|diet|plan|streak|playlist|watch|tracker)\s+(?:\w+\s+){0,2}$"
)


_MAKES_ME = re.compile(r"\b(?:makes?|made|making)\s+me\s+(?:\w+\s+)?$")
# What may provoke a "want to die" that is hyperbole: training, a diet, a workout.
_GYM_OR_DIET_WORDS = (
    r"\b(?:workouts?|training|sessions?|class|classes|cardio|burpees?|hiit|run|running|squats?|lunges?|leg day|"
    r"stair ?master|treadmill|spin|crossfit|gym|exercise|reps|sets|plank|diet|dieting|meal prep|macros|coach|trainer|"
    r"program|programme)\b"
)
_GYM_OR_DIET = re.compile(_GYM_OR_DIET_WORDS)
_PROVOKED = re.compile(
    r"\s+(?:\w+\s+)?(?:every time|whenever|when|after|during|at|by the end of|halfway through)\s+(?:\w+\s+){0,4}?"
    + _GYM_OR_DIET_WORDS
)


def _person_subject(text: str, m: re.Match[str]) -> bool:
    """ "my legs want to die" and "hiit makes me want to die" are gym talk: the wish belongs
    to a body part or a thing, or a workout provokes it."""
    if _MAKES_ME.search(text, max(0, m.start() - 25), m.start()):
        # "my body makes me want to die" is body hatred; "hiit makes me want to die" is not
        return not _in_sentence(text, m, _GYM_OR_DIET)
    if _BODY_SUBJECT.search(text, max(0, m.start() - 40), m.start()):
        return False
    return not _PROVOKED.match(text, m.end())


# A "cut" in the fitness sense: dieting down, not self-harm.
_FITNESS_CUT = re.compile(
    r"\b(?:calori\w*|cals|kcal|bulk\w*|macros?|weight|kg|kgs|lbs?|pounds|protein|carbs?|diet\w*|phase|season|"
    r"gym|deficit|lean|shred\w*|body ?fat|fat loss|training|maintenance|sugar|dairy|gluten)\b"
)
_SH_CONTEXT = re.compile(
    r"\b(?:urges?|relaps\w*|again|scars?|clean|free|cuts?|cutting|wounds?|blades?|razors?|self|harm\w*|"
    r"want to|tempted|tonight|last night|recover\w*|hide|hiding|fresh|deep)\b"
)


_GRIND = re.compile(
    r"\s+(?:laughing|in the foot|(?:(?:at|in|with|on|for|over|doing|during|after)\s+(?:\w+\s+){0,2}?)(?:gym|training|"
    r"workouts?|work|job|cardio|runs?|running|sessions?|reps|sets|exercise|class|classes|practice|studying|revision|"
    r"exams?|shifts?|overtime|hiit|spin|crossfit|this (?:plan|program|programme|block))\b)"
)


# A food named as part of ordinary meals rather than as the whole day's intake.
_WITH_MEALS = re.compile(
    r"\b(?:(?:for|at|with)\s+(?:my\s+)?(?:breakfast|brunch|lunch|dinner|supper|meals?)|as a snack|"
    r"plus|besides|on top of|in addition to|as well as)\b"
)

_LAUGHING_TAIL = re.compile(r"\s+(?:laughing|in the foot)\b")


def _kill_self(text: str, m: re.Match[str]) -> bool:
    """ "killing myself at the gym" / "killing myself laughing" is hyperbole about effort."""
    return not (m.group(0).startswith("kill") and _GRIND.match(text, m.end())) and not _followed_by(
        text, m, _LAUGHING_TAIL, 14
    )


def _end_of_thought(text: str, m: re.Match[str]) -> bool:
    """The phrase closes the thought: "i'm done with life", not "done with life admin" or
    "i'll be gone soon for the holidays"."""
    _, s_end = sentence_around(text, m.start(), m.end())
    follow = text[m.end() : s_end]
    return not re.match(
        r"\s*(?:admin|stuff|insurance|coaching|lessons|skills|hacks|on|for(?! (?:me|her|him|us|them)\b)|to|from|at|"
        r"in)\b",
        follow,
    )


_LETS_BEFORE = re.compile(r"\b(?:lets|let us|well|we will|we can|we could)\s+$")
# After "end it": only filler words, then the end of the sentence or a pause.
_END_IT_TAIL = re.compile(
    r"(?:\s+(?:all|now|tonight|today|soon|already|for good|forever|once and for all|right now|honestly|tbh|fr|lol|"
    r"sometimes|some days|i think|at last|finally|here|too|properly|quietly))*\s*(?:[.!?;,]|\n|$)"
)


def _end_it(text: str, m: re.Match[str]) -> bool:
    """ "end it" / "end things" closing the thought ("i just want to end it", "thinking about
    ending things"), not "end it with a stretch", "ending things with my ex" or a coach's
    "let's end it here"."""
    if _LETS_BEFORE.search(text, max(0, m.start() - 12), m.start()):
        return False
    return bool(_END_IT_TAIL.match(text, m.end()))


_KM_TAIL = re.compile(
    r"\s*(?:a|per|each|every|/|of|on|in|an hour|run|walk|ride|jog|cycle|bike|swim|hike|left|away|to go)\b"
)


def _kms(text: str, m: re.Match[str]) -> bool:
    """ "kms" is slang for "kill myself" unless it is kilometres ("5 kms", "kms a day")."""
    before = text[max(0, m.start() - 20) : m.start()]
    if re.search(
        r"(?:[0-9]\s*|\b(?:few|several|many|some|couple|more|extra|last|first|of|the|those|these)\s+)$",
        before,
    ):
        return False
    return not _followed_by(text, m, _KM_TAIL, 12)


def _vomit(text: str, m: re.Match[str]) -> bool:
    """Vomiting counts when tied to eating or weight, not exercise nausea or illness."""
    if _in_sentence(text, m, _ILLNESS):
        return False
    if _in_sentence(text, m, _NAUSEA) and _in_sentence(text, m, _EXERCISE):
        return False
    return _near(text, m, _ED_CONTEXT, 80)


def _purge(text: str, m: re.Match[str]) -> bool:
    """ "purge" the behaviour, not "purge my pantry of junk food"."""
    return not _followed_by(text, m, _DECLUTTER_TAIL, 40)


_DECLUTTER_TAIL = re.compile(
    r"\s+(?:(?:the|my|our|your|all|all the|of)\s+)*(?:pantry|kitchen|fridge|freezer|cupboards?|closet|"
    r"house|home|cabinets?|wardrobe|shelves|social|feed|inbox|toxins|junk|processed|sugar|snacks?|"
    r"treats|temptations|clutter)\b"
)


_BLOOD_PRESSURE = re.compile(
    r"\b(?:pressure|reading|readings|mmhg|systolic|diastolic|hypertension|meds|medication|pills?|monitor|cuff|"
    r"[0-9]{2,3}\s*/\s*[0-9]{2,3})\b|\bb\s?/\s?p\s+(?:is|was|has been|s)\s+(?:\w+\s+)?(?:high|low|up|down|normal|"
    r"fine|good|ok|okay|better|elevated)"
)


def _laxative(text: str, m: re.Match[str]) -> bool:
    if not _near(text, m, _WEIGHT_CONTEXT, 100):
        return False
    return not (_in_sentence(text, m, _PRESCRIBED) and not _near(text, m, _MISUSE, 100))


_WATER_CUT = re.compile(r"\b(?:water weight|weigh-?ins?|make weight|drop water|cut water|lose water|flush\w*)\b")
# Taking a weight-loss or stimulant drug outside a prescription, or a stimulant to stop eating.
_UNPRESCRIBED = re.compile(
    r"\b(?:without (?:a |any |my )?(?:prescription|script|rx|doctor|gp)|no (?:prescription|script|rx)|"
    r"not prescribed|(?:isnt|wasnt|arent) prescribed|off[\s-]label|black market|grey market|gray market|"
    r"research (?:chem\w*|peptides?)|(?:buy|order|get|got|bought|ordered)\w* (?:\w+ ){0,3}?(?:online|off (?:the )?"
    r"(?:internet|instagram|tiktok|telegram)|from (?:a friend|my friend|a guy|someone|china|mexico))|"
    r"(?:my |a )?(?:friends|mums|moms|dads|sisters|brothers|partners|roommates|flatmates|someone elses) "
    r"(?:pills|meds|prescription|pen|script|adderall|ozempic|supply)|more than (?:prescribed|my dose|the dose)|"
    r"double (?:my|the|up)\w* (?:dose|dosage)|extra doses?|steal\w*|stole|snort\w*|microdos\w*)\b"
)
_STIMULANT = re.compile(
    r"\b(?:adderall|vyvanse|ritalin|modafinil|caffeine pills|ephedr\w*|t3|cytomel|thyroid|"
    r"levothyroxine)"
)
_STOP_EATING = re.compile(
    r"\b(?:to|so i can|so i|so that i|and)\s+(?:\w+\s+)?(?:lose|drop|shed|get (?:thin|skinny)|be (?:thin|skinny)|"
    r"suppress|kill (?:my|your) appetite|not (?:eat|be hungry|feel hungry)|stop (?:eating|being hungry)|"
    r"eat less|skip meals|speed up (?:my|your) metabolism)"
)


def _unprescribed(text: str, m: re.Match[str]) -> bool:
    """Weight-loss or stimulant drugs without a prescription, or stimulants taken to stop eating."""
    if _in_sentence(text, m, _UNPRESCRIBED):
        return True
    return bool(_STIMULANT.match(m.group(0)) and _near(text, m, _STOP_EATING, 60))


def _diet_pill(text: str, m: re.Match[str]) -> bool:
    return _near(text, m, _USAGE, 60)


@lru_cache(maxsize=8)
def _weight_anywhere(text: str) -> bool:
    """Weight or body-size talk anywhere in the text (once per text)."""
    return bool(_WEIGHT_CONTEXT.search(text))


def _insulin(text: str, m: re.Match[str]) -> bool:
    return _weight_anywhere(text)


_FOOD_WORD = re.compile(r"\b(?:eat\w*|ate|food|meals?|calories|cals|fast\w*|starv\w*|hungry)\b")


def _water_only(text: str, m: re.Match[str]) -> bool:
    """Living on water (or black coffee) alone for days."""
    dur = m.group("dur") or m.group("d2")
    days = duration_days(dur) if dur else None
    return days is not None and days >= _MIN_DAYS


def _fast(text: str, m: re.Match[str]) -> bool:
    """A fast of two days or more, for weight. "Fasting 2 days a week" (the 5:2 diet) is two
    separate days, not a run."""
    if _FREQUENCY_RE.match(text, m.end("dur")) and (duration_days(m.group("dur")) or 0) <= _MIN_DAYS:
        return False
    return _multi_day(text, m) and _weight_anywhere(text)


_ED_WORD = re.compile(
    r"\b(?:eating disorder|anorexi\w*|bulimi\w*|purg\w*|restricting|binge\w*|ed|ana|mia|arfid|orthorexi\w*|"
    r"self[\s-]?harm\w*|sh|suicidal\w*|the urge to (?:purge|starve|restrict|throw up|cut myself))\b"
)


def _relapse(text: str, m: re.Match[str]) -> bool:
    """A relapse into an eating disorder or self-harm, or a bare "i'm relapsing" with nothing
    to say it is about something else ("relapsed on my diet", "my knee injury relapsed")."""
    if re.search(
        r"\b(?:eating disorder|anorexi\w*|bulimi\w*|purg\w*|restrict\w*|binge\w*|ed|ana|mia|sh|self[\s-]?harm\w*|"
        r"cutting)\b",
        text,
    ):
        return True
    if not re.search(
        r"\b(?:i|im|i am|ive|i have|i had|she|he|they|shes|hes|theyre|think|kinda|basically|totally|just|a)\s+$",
        text[max(0, m.start() - 20) : m.start()],
    ):
        return False
    _, s_end = sentence_around(text, m.start(), m.end())
    return bool(
        re.fullmatch(
            r"(?:\s+(?:again|badly|hard|today|tonight|yesterday|last night|this week|lately|so bad|honestly|tbh|lol|"
            r"and i hate it|i think))*\s*[.!?;,]*\s*",
            text[m.end() : s_end],
        )
    )


@dataclass(frozen=True, slots=True)
class _Detector:
    kind: str
    pattern: re.Pattern[str]
    check: Check | None
    gate: frozenset[str]  # the pattern cannot match unless one of these substrings occurs
    also: frozenset[str]  # ... and, when not empty, one of these too
    only: Direction | None  # run on this direction only (None: both)


def _d(
    kind: str,
    pattern: str,
    check: Check | None = None,
    *,
    gate: tuple[str, ...],
    also: tuple[str, ...] = (),
    only: Direction | None = None,
) -> _Detector:
    return _Detector(kind, re.compile(pattern), check, frozenset(gate), frozenset(also), only)


_DETECTORS: Final[tuple[_Detector, ...]] = (
    # Suicidal ideation.
    _d(
        "suicide",
        r"\bsu[i1l]?[cs]{1,2}[i1]?d(?:e|es|al|ally|ing|le|el|ial)\b",
        _suicide_word,
        gate=("suic", "suis", "suc", "sus", "sui", "su1", "sulc", "suls"),
    ),
    _d(
        "suicide",
        rf"\b(?:kill|killing|killed|kills|unalive|unaliving|unalived|off|offing|hang|hanging|hanged|drown|"
        rf"drowning|poison|poisoning|shoot|shooting|end|ending|harm|harming|harmed|harms)\s+{_SELF}\b",
        _kill_self,
        gate=("sel",),
    ),
    _d("suicide", r"\bkms\b", _kms, gate=("kms",)),
    _d("suicide", r"\b(?:unaliv\w*|sewerslide|sewer slide)\b", gate=("unaliv", "sewer")),
    _d(
        "suicide",
        r"\b(?:want|wants|wanted|wanting|ready|deserve|deserves|wish|wishing|hope|hoping|plan|planning|"
        r"planned|trying|tried)\s+to\s+die\b(?!\s+(?:on\s+(?:this|that|the|a)\s+hill|for\s+(?:a|that|this|some)\b))|"
        r"\bwish (?:i|she|he|they) (?:was|were|could|would|"
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
        r"a handful of|an entire|the whole) (?:\w+ )?(?:pills|tablets|meds|bottle|packet)\b|\btak(?:e|ing) (?:my|"
        r"her|his|their) (?:own )?life\b|\b(?:cant|can not|cannot) (?:go on|take (?:it|this) anymore|"
        r"do this anymore|keep living|live like this)\b|\blife (?:is|feels|seems) (?:so |completely |"
        r"totally |just )?(?:pointless|meaningless|hopeless|not worth)|\bwhats the point (?:of|"
        r"in) (?:living(?!\s+(?:on|off|in|with|like|at|near|out|room|space|costs?|situation|arrangements?|"
        r"expenses)\b)|life|going on|being alive|anything)\b|\bjump(?:ing)? (?:off|from|in front of) "
        r"(?:a|the|my|this|that|our) (?:\w+ )?(?:bridge|building|roof|train|cliff|balcony|car|bus|truck|window|"
        r"tower|overpass|motorway|highway)\b|\bnoose\b|\bwish(?:es|ed|ing)? (?:that )?(?:i|she|he|they) (?:was|were|"
        r"could be|would be) (?:just )?dead\b|\b(?:want|wanna|need|wish i could|wish i could get) out of (?:this |my |"
        r"this stupid |this miserable )?(?:life|world|existence|body)\b|\b(?:think|thinking|thought|thoughts|obsess\w*|"
        r"fantasi[sz]\w*|dream\w*|dwell\w*) (?:about|of) (?:dying|death|being dead|my (?:own )?death|killing myself|"
        r"ending (?:it|it all|my life)|not (?:being here|waking up|existing))\b|\bdeserves? to (?:be hungry|go hungry|"
        r"feel hungry|be in pain|feel pain|hurt|be hurt|rot)\b|\bdeserves? (?:the |some |this )?(?:pain|punishment|"
        r"to be "
        r"punished)\b",
        _person_subject,
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
            "stop",
            "over",
            "wish",
            "out of",
            "think",
            "thought",
            "obsess",
            "fantasi",
            "dream",
            "dwell",
            "deserve",
        ),
    ),
    _d(
        "suicide",
        r"\b(?:end|ending|ended)\s+(?:it|things|everything)\b",
        _end_it,
        gate=("end",),
    ),
    _d(
        "suicide",
        r"\b(?:life|living|my life|it all|existing|being alive)\s+(?:(?:is|s|feels|seems)\s+)?(?:not|isnt|aint|"
        r"no longer|never|really not)\s+(?:even\s+)?worth\s+(?:it|living|anything)\b|\bnot worth (?:living|being alive|"
        r"staying alive)\b|\b(?:see|find|is there|there is|theres|whats)\s+(?:no|any|the)\s+point\s+(?:in|of)\s+"
        r"(?:living(?!\s+(?:on|off|in|with|like|at|near|out|room|space|costs?|situation|arrangements?|expenses)\b)|"
        r"life|being alive|existing|going on|staying alive|carrying on|trying anymore|anything)\b|"
        r"\bgiv(?:e|ing)\s+up\s+on\s+(?:life|living|being alive|(?:everything|it all)(?=\s*(?:[.!?,;]|$|anymore|now|"
        r"honestly|tbh|lol|too)))\b",
        _person_subject,
        gate=("worth", "point", "giv"),
    ),
    _d(
        "suicide",
        r"\b(?:no ?one|nobody|no1|anyone|any1|nobody else)\s+(?:would|will|d|is going to|going to|even|really)?\s*"
        r"(?:even\s+)?(?:notice|care|miss me|mind|cry)\b[^.!?\n]{0,20}?\b(?:if|when)\s+(?:i|im)\s+(?:was|were|am|"
        r"m|just)?\s*(?:gone|dead|died|die|disappeared|disappear|left for good|wasnt here|wasnt around|werent here|"
        r"killed myself|didnt exist|stopped existing|vanished)\b|\b(?:no ?one|nobody|no1)\s+(?:would|will|d)\s+"
        r"(?:even\s+)?miss me\b|\b(?:if|when)\s+i\s+(?:die|died|was dead|were dead|am dead|was gone|were gone|am gone|"
        r"killed myself)\b(?:\s+(?:would|will)\s+(?:any|some|no)\w*|\s*,?\s*(?:no ?one|nobody|who)\s+(?:would|"
        r"will|d))",
        gate=("notice", "care", "miss me", "mind", "cry", "if i", "when i"),
    ),
    _d(
        "suicide",
        r"\b(?:goodbye|farewell|suicide)\s+(?:letters?|notes?|messages?|videos?)\b|\bgiv(?:e|ing|en)\s+away\s+"
        r"(?:all\s+(?:of\s+)?)?(?:my|all my)\s+(?:stuff|things|belongings|possessions|pets?)\b|\b(?:wont|will not|"
        r"not going to|not gonna|dont plan to|do not plan to)\s+be\s+(?:around|here|alive)\s+(?:much\s+|for\s+)?"
        r"(?:longer|long|anymore|any more|tomorrow|next (?:week|month|year)|by (?:then|next \w+))\b|\b(?:dont|do not|"
        r"didnt|never)\s+deserve\s+(?:to\s+(?:live|be alive|exist|be here|be happy|eat|have food)|food|to\s+eat\s+"
        r"anything)\b",
        _person_subject,
        gate=("goodbye", "farewell", "suicide", "away", "around", "here", "alive", "deserve"),
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
    _d(
        "suicide",
        r"\b(?:im|i am|i feel|feel|feeling|so)\s+(?:so\s+|just\s+|really\s+|totally\s+|completely\s+)*(?:done|finished|"
        r"over it)\s+with\s+(?:life|living|being alive|existing|this life|my life|it all|everything|everyone|"
        r"this world)"
        r"\b|\b(?:no|nothing|no reason|no point|nothing left|dont have (?:a|any) reason|no will|lost the will)\s+"
        r"(?:\w+\s+)?to\s+(?:keep going|go on|carry on|keep living|live for|stay alive|be alive|wake up|get up|"
        r"keep fighting|exist)\b|\b(?:ill|i will|im going to|i am going to|im gonna)\s+be\s+(?:gone|dead|not here|"
        r"not around)\s+(?:soon|anyway|before long|by (?:then|tomorrow|morning|the weekend|next \w+)|forever)\b|"
        r"\b(?:no|theres no|there is no|dont see a|do not see a|cant see a|cannot see a|cant find a|"
        r"only one)\s+way out\b"
        r"(?!\s+of\s+(?!(?:this|my)\s+(?:life|pain|hell|misery|head)\b|(?:life|it all|everything)\b))",
        _end_of_thought,
        gate=(
            "done",
            "finished",
            "over it",
            "reason",
            "point",
            "nothing",
            "will",
            "gone",
            "dead",
            "not here",
            "not around",
            "way out",
        ),
    ),
    _d(
        "suicide",
        r"\b(?:dont|do not|dont even) think i can (?:do this|go on|keep going|take (?:it|this)|keep living|carry on|"
        r"live like this)(?: any ?more| much longer| for much longer)?(?=\s*(?:[.!?,;]|$|honestly|tbh|lol))|\b(?:want|"
        r"wanna|wish i (?:was|were|could be)|ready|need|just want) (?:to )?be gone\b(?!\s+(?:for|on|by|from|till|until|"
        r"to|at)\b)|\bstop (?:being alive|living|existing|breathing)\b(?!\s+(?:in|on|with|like|off|at)\b)|\b(?:want|"
        r"wanna|going|gonna|ready|about) (?:to )?jump(?=\s*(?:[.!?,;]|$|off|from|in front|tonight|now|right now))|"
        r"\b(?:standing|sitting|stood|sat|am|im|i am|on my way to)\s+(?:on|at|to)\s+(?:the|a|"
        r"this)\s+(?:edge of the\s+)?"
        r"(?:bridge|ledge|rooftop|roof edge|railing|train tracks|tracks|cliff edge|overpass)\b",
        gate=(
            "think i can",
            "gone",
            "stop",
            "jump",
            "bridge",
            "ledge",
            "roof",
            "railing",
            "tracks",
            "cliff",
            "overpass",
        ),
    ),
    _d(
        "suicide",
        r"\b(?:wish|wishing|wished)\s+(?:that\s+)?(?:i|id|i had|i was|i were)\s+(?:had\s+)?never\s+(?:been born|born|"
        r"existed|exist|woken up|woke up)\b|\b(?:ways?|methods?|how|best way|easiest way|quickest way|painless way)\s+"
        r"(?:\w+\s+)?(?:to|i can|i could|do i|can i|could i)\s+(?:die|kill myself|end my life|end it all)\b|"
        r"\b(?:lethal|fatal|deadly|toxic|overdose)\s+(?:dose|doses|amount|quantity|level)\b|\bhow\s+(?:many|much)\b"
        r"[^.?!\n]{0,40}?\b(?:would|will|could|to|it takes to|does it take to)\s+kill\s+(?:me|myself|a person|"
        r"someone|you|her|him)\b",
        lambda t, m: not _in_sentence(t, m, _EXERCISE),
        gate=("never", "die", "kill", "lethal", "fatal", "deadly", "toxic", "overdose"),
    ),
    _d(
        "self_harm",
        r"(?<![\w'*])sh(?![\w'*@#$%-])",
        lambda t, m: _near(t, m, _SH_CONTEXT, 40),
        gate=("sh",),
    ),
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
        rf"\b(?:cut|cutting|cuts|slit|slitting|slice|slicing|carve|carving|carved|burn|burning|stab|stabs|stabbing|"
        rf"stabbed|pierce|piercing|pierced)\s+(?:into\s+)?"
        rf"{_POSSESSIVE}\s+"
        r"(?:wrists?|arms?|thighs?|legs?|skin|stomach|hips?|forearms?|veins?|throat)\b",
        _cut_body,
        gate=("cut", "slit", "slic", "carv", "burn", "stab", "pierc"),
    ),
    _d(
        "self_harm",
        rf"\b(?:hit|hits|hitting|punch\w*|slap\w*|bang\w*|scratch\w*|bruis\w*|pinch\w*)\s+{_POSSESSIVE}\s+"
        r"(?:own\s+)?(?:wrists?|arms?|thighs?|legs?|skin|stomach|belly|hips?|forearms?|face|head|body)\b",
        lambda t, m: _in_sentence(t, m, _INTENT) or _in_sentence(t, m, _SELF_HATE),
        gate=("hit", "punch", "slap", "bang", "scratch", "bruis", "pinch"),
    ),
    _d(
        "self_harm",
        rf"\b(?:fresh|new|deep|bleeding|open|my|self[\s-]?harm)\s+(?:cuts|scars|wounds|burns|gashes)\s+(?:on|across|"
        rf"along|in)\s+{_POSSESSIVE}\s+(?:wrists?|arms?|thighs?|legs?|stomach|hips?|forearms?|skin|body)\b",
        lambda t, m: not _in_sentence(t, m, _ACCIDENT),
        gate=("cuts", "scars", "wounds", "burns", "gashes"),
    ),
    _d(
        "self_harm",
        r"\b(?:started|start|starting|been|keep|kept|am|im|back to)\s+cutting\s+(?:again|lately|more|every\s+\w+|"
        r"myself)\b",
        lambda t, m: not _FITNESS_CUT.search(t),
        gate=("cutting",),
    ),
    _d(
        "self_harm",
        r"\b(?:hate|hating|disgust\w*|loathe)\s+(?:my\s+(?:body|self|thighs|stomach|arms|legs|skin|face)|myself)\b"
        r"[^.!?\n]{0,40}?\b(?:want|wanna|going|gonna|need|could)\s+(?:to\s+)?(?:cut|hurt|burn|punish|harm|scratch|"
        r"rip|tear)\s+(?:it|them|myself|my\s+\w+)\b(?!\s+(?:down|out|back)\b)",
        lambda t, m: not _in_sentence(t, m, _FITNESS_CUT),
        gate=("hate", "hating", "disgust", "loathe"),
    ),
    # Purging.
    _d(
        "purging",
        rf"\b(?:make|makes|made|making|force|forces|forced|forcing|get|gets|got|"
        rf"getting)\s+{_SELF}\s+(?:to\s+)?"
        r"(?:be\s+)?(?:sick|throw up|vomit\w*|puke|purge|gag)\b|\bgag(?:s|ged|ging)?\s+" + _SELF + r"\b",
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
        rf"\b(?:fingers?|toothbrush|spoon|something|things|a finger|my hand) down {_POSSESSIVE} throat\b|\bipecac\b"
        r"|\bchew\w*(?!\s+gum)(?:\s+\w+){0,3}?\s+(?:and|then|n)\s+spit\w*(?!\s+(?:out\s+)?(?:the\s+|any\s+|your\s+)?"
        r"(?:bones?|pits?|seeds?|stones?|shells?|gum|pips?|husks?|gristle))|\bspit\w*\s+(?:\w+\s+){0,3}?out\s+"
        r"(?:\w+\s+){0,2}?after\s+chewing\b|\bspit\w*\s+(?:it|food|them|everything)\s+out\s+(?:before|instead of)\s+"
        r"swallow\w*",
        gate=("throat", "spit", "ipecac"),
    ),
    _d("purging", r"\bpurg(?:e|es|ed|ing)\b", _purge, gate=("purg",)),
    _d(
        "purging",
        r"(?<![\w/])b\s?/\s?p(?![\w/])|\bb&p\b",
        lambda t, m: not _in_sentence(t, m, _BLOOD_PRESSURE),
        gate=("b/p", "b /", "b&p"),
    ),
    # Laxatives, diuretics, diet pills, insulin omission.
    _d(
        "laxative_misuse",
        r"\b(?:laxatives?|laxies|senna|senokot|sennakot|dulcolax|bisacodyl|ex-?lax|miralax|movicol|"
        r"diuretics?|water pills?|water tablets?|dandelion (?:pills|tablets|root pills)|(?:detox|skinny|slimming|"
        r"flat tummy|"
        r"laxative|dieters?) teas?|teatox)\b",
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
            "dandelion",
            "tea",
        ),
    ),
    _d(
        "laxative_misuse",
        rf"\b(?:abus|misus|overus)\w*\s+(?:\w+\s+){{0,2}}?{_PURGE_AID}|{_PURGE_AID}\s+(?:abuse|misuse|overuse|"
        rf"addiction|"
        r"dependen\w*)\b|\b(?:addicted to|hooked on|dependent on|rely on|relying on|relied on)\s+(?:\w+\s+)?"
        rf"{_PURGE_AID}|\b(?:[3-9]|[1-9][0-9]+|three|four|five|six|seven|eight|nine|ten|twenty|handful|bunch|box|"
        r"packet|pack|whole (?:box|packet|pack|bottle)|lots|loads|several)\s+(?:of\s+)?(?:(?:my|the|those)\s+)?"
        r"(?:laxatives|laxative (?:pills|tablets)|dulcolax|senna (?:pills|tablets)|ex-?lax|diuretics|water pills|"
        r"diet pills)\b",
        gate=(
            "lax",
            "diuretic",
            "water pill",
            "water tablet",
            "diet pill",
            "slimming pill",
            "senna",
            "bisacodyl",
            "suppressant",
            "ipecac",
        ),
    ),
    _d(
        "laxative_misuse",
        rf"\b(?:take|taking|try|trying|use|using|pop|popping|have|grab|add|adding|consider|start|starting|drink|"
        rf"drinking)\s+(?:\w+\s+){{0,3}}?{_PURGE_AID}|{_PURGE_AID}\s+(?:can|will|could|may|might|help|helps|work|"
        r"works|(?:are|is)\s+(?:a\s+|an\s+|the\s+)?(?:great|good|easy|quick|handy|fast|simple|effective|useful|best|"
        r"safe|secret|trick))\b",
        lambda t, m: not _in_sentence(t, m, _PRESCRIBED),
        gate=(
            "lax",
            "diuretic",
            "water pill",
            "water tablet",
            "diet pill",
            "slimming pill",
            "senna",
            "bisacodyl",
            "suppressant",
            "ipecac",
            "tea",
        ),
        only="output",
    ),
    _d(
        "laxative_misuse",
        r"\b(?:lasix|furosemide|bumetanide|bumex|torsemide|hydrochlorothiazide|hctz|chlorthalidone|indapamide|"
        r"spironolactone)\b",
        lambda t, m: _near(t, m, _MISUSE, 100) or _near(t, m, _WATER_CUT, 100),
        gate=(
            "lasix",
            "furosemide",
            "bumetanide",
            "bumex",
            "torsemide",
            "thiazide",
            "hctz",
            "chlorthalidone",
            "indapamide",
            "spironolactone",
        ),
    ),
    _d(
        "diet_pills",
        r"\b(?:phentermine|adipex|qsymia|contrave|sibutramine|meridia|orlistat|alli|xenical|ozempic|wegovy|"
        r"semaglutide|mounjaro|zepbound|tirzepatide|saxenda|liraglutide|retatrutide|glp[\s-]?1s?|ephedra|ephedrine|"
        r"diet pills?|slimming pills?|appetite suppressants?|adderall|vyvanse|ritalin|modafinil|"
        r"thyroid (?:pills|meds|medication|tablets)|levothyroxine|t3|cytomel|caffeine pills)\b",
        _unprescribed,
        gate=(
            "phentermine",
            "adipex",
            "qsymia",
            "contrave",
            "sibutramine",
            "meridia",
            "orlistat",
            "alli",
            "xenical",
            "ozempic",
            "wegovy",
            "semaglutide",
            "mounjaro",
            "zepbound",
            "tirzepatide",
            "saxenda",
            "liraglutide",
            "retatrutide",
            "glp",
            "ephedr",
            "pill",
            "suppressant",
            "adderall",
            "vyvanse",
            "ritalin",
            "modafinil",
            "thyroid",
            "levothyroxine",
            "t3",
            "cytomel",
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
        r"cut\w*(?:\s+back)?(?:\s+on)?|not\s+(?:tak|tak\w*|us\w*))\s+(?:(?:my|the|your|her|his|some|a few|a|an|"
        r"taking|using|on|doses?\s+of|shots?\s+of|down\s+on|back\s+on)\s+)*insulin\b|\binsulin\s+(?:omission|"
        r"restriction|"
        r"manipulation)\b",
        _insulin,
        gate=("insulin",),
    ),
    _d("insulin_omission", r"\bdiabulimi\w*", gate=("diabulim",)),
    # Starvation and not eating for days.
    _d(
        "starvation",
        rf"\bstarv(?:e|es|ed|ing)\s+{_SELF}\b(?!\s+of\s+(?!food|calories|nutrients|meals|energy)\w)|"
        rf"\bstarvation diet\b",
        lambda t, m: (
            not re.search(
                r"\b(?:without|instead of|rather than|avoid\w*|no need to|no more)\s+(?:\w+\s+)?$",
                t[max(0, m.start() - 25) : m.start()],
            )
        ),
        gate=("starv",),
    ),
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
        r"\b(?:i(?:ve| have)?|she|he|they|shes|hes|theyve|and|but|so|now|(?:going|want|wants|wanted|trying|plan|"
        r"planning) to)\s+"
        r"(?:(?:has|have|had|has been|have been|is|was)\s+)?(?:basically\s+|pretty much\s+|totally\s+|"
        r"completely\s+|just\s+)?(?:(?:stopped|quit|stop|stopping|quitting)\s+eating|(?:refuse|refused|"
        r"refusing)\s+to\s+eat)\b(?!\s+(?:junk|sugar|meat|bread|after|late|at night|so much|processed|out|"
        r"fast food|carbs|gluten|dairy|red meat|fried|sweets|snacks|chocolate|takeaway|takeout|before|past|"
        r"when|while|in front|with|the))",
        lambda t, m: not _in_sentence(t, m, _ILLNESS),
        gate=("eating", "to eat"),
    ),
    _d(
        "starvation",
        r"\b(?:havent|have not|hasnt|has not|hadnt|had not|didnt|did not|dont|do not|not|wont|will not|"
        r"stop(?:ped)?|quit|barely|hardly|refuse to|refusing to|refused to)\s+(?:(?:need|have|want|got)\s+to\s+)?"
        r"(?:really\s+|properly\s+|"
        r"actually\s+|even\s+)?(?:eaten|eating|eat|ate|had\s+(?:any\s+)?(?:food|a meal|anything)|"
        r"touched\s+food|had\s+a\s+(?:proper\s+)?meal)\b"
        rf"(?:\s+\w+){{0,3}}?\s+(?:in|for|over|during|the\s+(?:last|past))\s+(?:(?:like|about|around|almost|nearly|"
        rf"over|more than|at least|roughly|maybe|probably)\s+)?{_D}",
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
        rf"\b(?P<dur>day\s+(?:[0-9]+|{_WORD}))\s*(?:of\s+|without\s+|[,:-]\s*)?(?:not eating|no food|eating nothing|"
        rf"no eating|"
        r"starving|(?:my |a |this )?(?:water |dry |juice )?fast(?:ing)?)",
        lambda t, m: _day_count(m) and ("fast" not in m.group(0) or _weight_anywhere(t)),
        gate=("day ",),
    ),
    _d(
        "starvation",
        rf"\b(?:eat|eating|ate|eaten|have|having|had)\s+nothing\s+(?:(?:but|except|apart from|other than)\s+)?"
        rf"(?:\w+\s+){{0,3}}?(?:for|in|over)\s+(?:(?:like|about|around|almost|nearly|over|more than|at least|roughly|"
        rf"maybe|probably)\s+)?{_D}",
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
        r"\b(?:(?:only|just)\s+(?:drinking|drink|drank|having|have|had)|(?:drinking|drink|drank|having|have|had)\s+"
        r"(?:only|just|nothing but))\s+(?:water|black coffee|diet (?:coke|soda)|tea)\s+"
        rf"(?:\w+\s+)?(?:for|in|over)\s+{_D}",
        _multi_day,
        gate=("only", "just", "nothing but"),
    ),
    _d(
        "starvation",
        rf"{_D}(?:\s+|-)?(?:long\s+)?(?:water\s+|dry\s+|juice\s+)?fast(?:s|ing)?\b",
        _fast,
        gate=("fast",),
    ),
    _d("starvation", rf"\bfast(?:s|ed|ing)?\s+(?:(?:for|over)\s+)?{_D}", _fast, gate=("fast",)),
    _d(
        "starvation",
        rf"\b(?:on|off)\s+(?:just\s+|only\s+|nothing but\s+)?(?:water|black coffee|tea|diet (?:coke|soda)|coffee)\s+"
        rf"(?:alone\s+|only\s+)?(?:for|over)\s+{_D}|\bwater\s+(?:alone|only)\s+(?:for|"
        rf"over)\s+{_D.replace('dur>', 'd2>')}",
        _water_only,
        gate=("water", "coffee", "tea", "coke", "soda"),
    ),
    _d(
        "starvation",
        rf"{_D}\s+(?:on|of)\s+(?:just\s+|only\s+|nothing but\s+)(?:water|black coffee|tea|diet (?:coke|soda))\b",
        _multi_day,
        gate=("water", "coffee", "tea", "coke", "soda"),
    ),
    _d(
        "starvation",
        rf"\b(?:cut(?:ting)? out|stop(?:ping)?|giv(?:e|ing) up|avoid(?:ing)?|skip(?:ping)?|no|"
        rf"zero)\s+(?:all\s+)?(?:food|"
        rf"eating|solid food|solids|meals)\s+(?:entirely\s+|completely\s+|altogether\s+|totally\s+)?(?:for|"
        rf"over)\s+{_D}",
        _multi_day,
        gate=("food", "eating", "solid", "meals"),
    ),
    _d(
        "starvation",
        rf"\b(?:ignor|suppress|numb|kill|shut\w* off|block|push\w* through|fight)\w*\s+(?:my\s+|your\s+|the\s+)?"
        rf"(?:hunger|appetite|hunger pangs|cravings)(?:\s+\w+){{0,2}}?\s+(?:for|over)\s+{_D}",
        _multi_day,
        gate=("hunger", "appetite", "cravings"),
    ),
    # Eating nothing until the body gives out, or on whole days: "i just dont eat until im
    # weak", "don't eat on rest days" (as a report, a plan or the model's advice).
    _d(
        "starvation",
        r"\b(?:dont|do not|don't|never|not|stop|stopped|no)\s+(?:eat(?:ing)?|food)\s+(?:anything\s+|at all\s+)?"
        r"(?:until|till|til|unless)\s+(?:i|im|i am|you|youre|you are|my body)\s+(?:\w+\s+){0,2}?"
        r"(?:weak|dizzy|faint|shaking|shaky|lightheaded|light headed|light-headed|pass out|collapse|black out|"
        r"about to pass out|empty|numb|sick|hollow)\b",
        gate=("eat", "food"),
        also=("until", "till", "til", "unless"),
    ),
    _d(
        "starvation",
        r"\b(?:dont|do not|don't|never|not|stop|skip|avoid|no)\s+(?:eat(?:ing)?|food|meals)\s+"
        r"(?:anything\s+|at all\s+)?(?:on|during)\s+(?:my\s+|your\s+|the\s+)?"
        r"(?:rest|off|non[- ]?training|recovery|weekend|lazy)\s+days?\b",
        gate=("eat", "food", "meals"),
        also=("days",),
    ),
    # Living on a token amount of food: "i only eat one apple a day", "just a rice cake and
    # black coffee per day". A meal count ("one meal a day", OMAD) is an eating pattern, and a
    # food named as part of meals ("two eggs a day for breakfast") is not this either.
    _d(
        "starvation",
        r"\b(?:(?:only|just)\s+(?:(?:let|allow)(?:s|ing)?\s+(?:my ?self|me)\s+(?:to\s+(?:eat|have)\s+)?|"
        r"(?:eat(?:ing)?|ate|have|having|had|consume|consuming|live on|living on)\s+)|"
        r"(?:eat(?:ing)?|ate|have|having|had)\s+(?:only|just)\s+)"
        r"(?:like\s+|about\s+)?(?:one|a|an|1|half an?|a single|a few|two|2|a couple of)\s+(?:small\s+|tiny\s+)?"
        r"(?:apples?|bananas?|oranges?|rice ?cakes?|crackers?|carrots?|cucumbers?|grapes|celery(?: sticks?)?|"
        r"yogh?urts?|eggs?|pieces? of (?:fruit|toast|bread)|slices? of (?:bread|toast|apple)|"
        r"cups? of (?:soup|broth|coffee|tea)|handfuls? of \w+|bites?|spoonfuls?|mouthfuls?|protein bars?|"
        r"granola bars?|clementines?|mandarins?|plums?|tomatoes?)\b(?:\s+[\w,+&]+){0,5}?\s+"
        r"(?:a|per|each|every)\s+day\b",
        lambda t, m: not _in_sentence(t, m, _WITH_MEALS),
        gate=("only", "just"),
        also=(" day",),
    ),
    _d(
        "starvation",
        rf"{_D}\s+of\s+(?:eating nothing|not eating|no food|no eating|zero food|zero calories|starving|"
        r"(?:only|just) (?:water|black coffee|tea)|water only|nothing but water)\b",
        _multi_day,
        gate=("nothing", "not eating", "no food", "no eating", "zero", "starving", "water"),
    ),
    _d(
        "starvation",
        rf"\bnothing\s+(?:at all\s+|but water\s+|but coffee\s+|except water\s+)?(?:for|in|over)\s+{_D}",
        lambda t, m: _multi_day(t, m) and _near(t, m, _FOOD_WORD, 80),
        gate=("nothing",),
    ),
    _d(
        "starvation",
        r"\b(?:(?:havent|have not|hasnt|has not|hadnt|had not|not)\s+(?:really\s+|properly\s+|even\s+|actually\s+)?"
        r"(?:eaten|had (?:any )?(?:food|a meal|a proper meal|anything)|eaten anything|touched food)|(?:no|zero)\s+"
        r"(?:food|eating|meals?|solid food|calories)|(?:had|having|eaten|eating|drunk|drinking|"
        r"drank)\s+(?:nothing but|only|"
        r"just)\s+(?:water|black coffee|tea|diet coke|coffee))(?:\s+\w+){0,2}?"
        r"\s+since\s+(?:(?:last\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month)|"
        r"the weekend|the day before yesterday|(?:a few|several|[0-9]+|two|three|four|five|six|seven) days ago)\b",
        gate=("since",),
    ),
    _d(
        "starvation",
        r"\b(?:(?:stop|stopping|stopped|quit|quitting|not|no)\s+(?:eating|food)|(?:eat|eating|"
        r"ate)\s+nothing)\s+(?:\w+\s+)?"
        r"(?:until|till|til|before)\s+(?:i|im|i am|you|youre|you are|she|he|[0-9])(?:\s+(?:hit|reach|get|weigh|lose|"
        r"see|look|am|are|is|fit)\w*)?",
        gate=("eating", "food", "nothing"),
    ),
    _d(
        "starvation",
        r"\b(?:live|lives|living|survive|survives|surviving|exist|existing|get by|getting by|running)\s+(?:on|off)\s+"
        r"(?:just\s+|only\s+|nothing but\s+)?(?:(?:diet (?:coke|soda)|black coffee|coffee|water|gum|cigarettes|ice|"
        r"air|energy drinks)\s+(?:and|&|n)\s+(?:diet (?:coke|soda)|black coffee|coffee|water|gum|cigarettes|ice|"
        r"energy drinks)|(?:diet (?:coke|soda)|water|gum|ice|air|cigarettes))\b(?!\s+(?:and|with|plus|&)\s+(?:food|"
        r"meals?|protein|fruit|veg))",
        gate=("coke", "soda", "coffee", "water", "gum", "cigarettes", "ice", "air", "energy drinks"),
    ),
    _d(
        "starvation",
        r"\b(?:eat|eats|eating|ate)\s+(?:only\s+)?(?:once\s+|one meal\s+|a meal\s+|something\s+)?every\s+(?:other|"
        r"second|third|2nd|3rd|few|couple of|[2-9]|two|three|four)\s+days?\b",
        gate=("every",),
    ),
    _d(
        "starvation",
        r"\b(?:only|just)\s+(?:drink|drinking|drank|have|having|had)\s+(?:water|black coffee|tea|diet (?:coke|soda))\s+"
        r"(?:until|till|til|before|up to)\s+(?:your|the|my|her|his)\s+(?:\w+\s+)?(?:weigh-?ins?|event|wedding|shoot|"
        r"show|photos?|photoshoot|comp\w*|fight|holiday|vacation|party|date|meet)\b",
        gate=("only", "just", "nothing but"),
    ),
    _d(
        "suicide",
        r"\b(?:pills|meds|tablets|medication|painkillers|sleeping pills)\s+(?:\w+\s+)?(?:saved|stashed|stockpiled|"
        r"hoarded)(?:\s+up)?\b|\b(?:saving|stockpil\w*|hoard\w*|stash\w*|collect\w*)\s+(?:up\s+)?(?:my\s+|all\s+my\s+)?"
        r"(?:pills|meds|tablets|medication|painkillers|sleeping pills)\b",
        gate=("pills", "meds", "tablets", "medication", "painkillers"),
    ),
    _d(
        "starvation",
        r"\b(?:not|no|without|stop|skip\w*|dont|do not|avoid\w*)\s+(?:eating|food|meals|eat|all meals|all food)\s+"
        rf"(?=(?:the\s+)?(?:next|following|coming)\s){_D}",
        _multi_day,
        gate=("next", "following", "coming"),
    ),
    _d(
        "starvation",
        r"\bskip\w*\s+(?:all\s+)?(?:my\s+|your\s+|the\s+)?(?:meals|food|eating)\s+(?:on\s+)?(?:the\s+)?(?:weekends?|"
        r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\s+(?:and|&)\s+(?:monday|tuesday|wednesday|"
        r"thursday|friday|saturday|sunday)s?)\b",
        gate=("skip",),
    ),
    _d(
        "starvation",
        r"\bso\s+(?:that\s+)?(?:i|she|he|you|they)\s+(?:dont|do not|doesnt|wont|will not|never|can skip|can avoid)\s+"
        r"(?:have to\s+|need to\s+|feel the need to\s+|feel like\s+)?(?:eat|eating)\b(?!\s+(?:out|junk|fast food|late|"
        r"takeaway|takeout|sugar|snacks|as much|so much|too much|crap|rubbish))",
        gate=("so ",),
    ),
    _d(
        "purging",
        r"\b(?:havent|have not|not|cant|cannot|dont|didnt|wont)\s+(?:been\s+)?(?:kept|keeping|keep)\s+(?:a meal|food|"
        r"anything|meals|dinner|lunch|it)\s+down\b",
        lambda t, m: _in_sentence(t, m, _INTENT) or _in_sentence(t, m, _WEIGHT_CONTEXT),
        gate=("kept", "keep"),
    ),
    _d(
        "pro_ed",
        r"\b(?:worth|worthy of)\s+(?:dying|starving|killing myself|fainting)\s+(?:for|to be|over)\b|\b(?:skinny|thin|"
        r"thinness|being thin|being skinny|bones|a thigh gap)\s+is\s+worth\s+(?:dying|starving|anything|everything|"
        r"the pain)\b",
        gate=("worth",),
    ),
    _d(
        "pro_ed",
        r"\b(?:rather|sooner)\s+(?:die|be dead|kill myself|starve)\s+than\s+(?:\w+\s+){0,2}?(?:gain|put on|be fat|"
        r"get fat|"
        r"eat(?:\s+(?:anything|again|more|food|a meal|normally|properly|today))?(?=\s*(?:[.!?,;]|$|lol|tbh|honestly))|"
        r"weigh|be \w+ (?:kg|kilos|pounds|lbs)|be overweight|go up|get bigger)",
        gate=("rather", "sooner"),
    ),
    _d(
        "self_harm",
        r"\b(?:rip|tear|peel|scratch|claw|carve)\w*\s+(?:my|her|his)\s+(?:own\s+)?(?:skin|flesh|face)\s+off\b",
        lambda t, m: not _in_sentence(t, m, _EXERCISE),
        gate=("skin", "flesh", "face"),
    ),
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
        r"\b(?:hide|hides|hiding|hid|stash\w*|sneak\w*|slip\w*|bin|binning|binned|throw\w* away|threw away|flush\w*)\s+"
        r"(?:\w+\s+){0,2}?(?:food|meals?|dinner|lunch|breakfast|snacks?|leftovers|plate)\s+(?:\w+\s+){0,2}?(?:in|under|"
        r"inside|into|behind|down)\s+(?:a|the|your|my|her|his)\s+(?:napkins?|pockets?|bags?|bins?|trash|toilet|"
        r"sleeves?|plants?|pets?|dogs?|room|bedroom|drawer|serviettes?|sink)\b",
        gate=("hid", "stash", "sneak", "slip", "bin", "throw", "threw", "flush"),
    ),
    _d(
        "hiding",
        r"\b(?:pretend\w*|fake|faking|lie|lying|lied)\s+(?:to\s+(?:\w+\s+){1,2})?(?:that\s+)?(?:(?:i|ive|you|"
        r"youve|she|shes|he|hes|they|theyve|we)\s+)?(?:about\s+)?(?:(?:have|had|already|just)\s+)*(?:eat\w*|"
        r"ate|eaten|meals?|food|full)\b|\b(?:make|makes|making|made|so|so that|let|letting)\s+(?:it|people|them|"
        r"everyone|every1|my\s+\w+|her|him|others|your\s+\w+|they|he|she|nobody|no one|\w+)\s+(?:look|looks|seem|"
        r"seems|think|thinks|believe|believes|assume|assumes|will think|wont notice|doesnt notice)\s+(?:like\s+|"
        r"that\s+)?"
        r"(?:i|ive|im|i have|you|youve|youre|she|he)\s+(?:already\s+|just\s+)?(?:ate|eaten|eating|had\s+(?:dinner|"
        r"lunch|breakfast|food|a meal|something)|have eaten|am eating|are eating|is eating|been eating)\b|"
        r"\b(?:trick|tricking|fool|fooling|convince|convincing|get|getting)\s+(?:\w+\s+){1,2}(?:into\s+)?(?:thinking|"
        r"believing|to think|to believe)\s+(?:that\s+)?(?:i|im|ive|i am|i have|you|youre|youve|she|he)\s+(?:already\s+|"
        r"just\s+)?(?:ate|eaten|eating|been eating|had|am eating|is eating|are eating)\b|"
        r"\b(?:excuses?|what\s+to\s+(?:say|tell)|what\s+(?:do|should|"
        r"can)\s+i\s+(?:say|tell)|how\s+(?:do|can)\s+i\s+get\s+out\s+of)\s+(?:\w+\s+){0,4}?(?:not\s+eat\w*|"
        r"skip\w*\s+(?:meals|dinner|lunch|breakfast|food)|avoid\w*\s+(?:eating|meals|food|dinner|lunch)|"
        r"eating|meals|dinner|lunch)\b",
        gate=(
            "pretend",
            "fake",
            "faking",
            "lie",
            "lying",
            "lied",
            "look",
            "seem",
            "think",
            "believe",
            "assume",
            "excuse",
            "what to",
            "what do",
            "what should",
            "what can",
            "get out",
            "thinking",
            "believing",
            "to think",
            "to believe",
        ),
    ),
    _d(
        "hiding",
        r"\b(?:lie|lies|lying|lied|fib\w*)\s+(?:to\s+(?:\w+\s+){1,2})?about\s+(?:my\s+|her\s+|his\s+|your\s+)?"
        r"(?:weight|eating|food|meals|what (?:i|she|he|you) (?:eat|ate)|how (?:much|little) (?:i|she|he|you) (?:eat|"
        r"ate)|"
        r"calories)\b|\b(?:put|puts|putting|tip|tipping|tipped|scrape|scraping|scraped|feed|feeding|fed|give|giving|"
        r"gave|throw|throwing|threw)\s+(?:my|her|his|your|the)\s+(?:food|meals?|dinner|lunch|breakfast|plate)\s+"
        r"(?:in|into|to|down)\s+(?:the\s+|a\s+)?(?:bin|trash|toilet|dog|cat|sink|garbage)\b",
        lambda t, m: m.group(0).startswith(("lie", "lying", "lied", "fib")) or _in_sentence(t, m, _SNEAK),
        gate=("lie", "lying", "fib", "bin", "trash", "toilet", "dog", "cat", "sink", "garbage"),
    ),
    _d(
        "hiding",
        r"\b(?:tell|telling|told|say|saying|said)\s+(?:\w+\s+){0,3}?(?:that\s+)?(?:i|you|she|he|they)\s+(?:(?:already|"
        r"just)\s+)?(?:ate|had\s+(?:dinner|lunch|breakfast|food|a meal|something)|eaten|have eaten)\b(?:\s+already\b)?",
        _deceive,
        gate=("tell", "told", "say", "said"),
    ),
    _d(
        "hiding",
        r"\b(?:notic\w*|find out|finding out|found out|realiz\w*|realis\w*|catch\w* me|suspect\w*|"
        r"knowing|knows?|can tell|sees?|see that)\b(?:\s+\w+){0,4}?\s+(?:(?:not eating|havent eaten|have not eaten|"
        r"dont eat|didnt eat)(?!\s+(?:enough\s+|much\s+|any\s+|the\s+|my\s+)?(?:protein|veg\w*|fruit|fib\w*|carbs|"
        r"fat|greens|vegetables|breakfast|meat|dairy|sugar|junk|healthy|clean|right|well|out|late|gluten|red meat))|"
        r"skip\w* (?:meals|dinner|lunch|breakfast)|throw\w* up|purg\w*|starv\w*|vomit\w*)",
        lambda t, m: (
            not re.search(
                r"\b(?:if|when|once|as soon as|whenever)\s+(?:you|i)\s+$", t[max(0, m.start() - 20) : m.start()]
            )
        ),
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
            "know",
            "tell",
            "see",
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
        r"mia|anorexia|bulimia|anorexic|bulimic|ed) (?:coach\w*|budd\w*|tips?|hacks?|advice|tricks?|diet\w*|rules?|"
        r"bracelets?|sisters?|friends?|pals?|inspo|"
        r"motivation|groups?|chats?|community|accounts?|blogs?|lifestyle|mindset|challenges?|food lists?)\b|"
        r"\bana and mia\b|\b(?:tips|help|"
        r"ways|tricks)\s+(?:to|for|on)\s+(?:becoming|being|stay(?:ing)?|get(?:ting)?)\s+(?:anorexic|"
        r"bulimic)\b|\b(?:how|want)\s+(?:to|do i|can i)\s+(?:become|be|get)\s+(?:anorexic|bulimic)\b|"
        r"\bwish (?:i|she|he) (?:was|were|had|could be|could get) (?:anorexic|bulimic|anorexia|bulimia|"
        r"an eating disorder)\b|\b(?:want|wanna|wish|hope|hoping|trying|try|how|tips|ways)\s+(?:to\s+|i\s+(?:had|"
        r"could|can)\s+|do\s+i\s+|can\s+i\s+|could\s+i\s+)?(?:get|have|develop|catch|become|give myself)\s+(?:an?\s+)?"
        r"(?:ed|eating disorder|anorexia|bulimia|anorexic|bulimic)\b",
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
            " ed",
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
    _d(
        "eating_disorder",
        r"\b(?:is|are|am|being|seems?|looks?|getting|gotten|become|becoming|became|turning|turned|gone)\s+"
        r"(?:so\s+|really\s+|very\s+|kind of\s+|kinda\s+|basically\s+|properly\s+)?(?:anorexic|bulimic)\b|"
        r"\b(?:has|have|got)\s+(?:an?\s+)?(?:active\s+|serious\s+|severe\s+)?(?:eating disorder|anorexia|bulimia)\b",
        gate=("anorexic", "bulimic", "eating disorder", "anorexia", "bulimia"),
    ),
    _d("eating_disorder", r"\brelaps\w*", _relapse, gate=("relaps",)),
    _d(
        "eating_disorder",
        r"\b(?:creeping|coming|sneaking|crept|came|come|is|its|getting)\s+back\b|\bback again\b",
        lambda t, m: _in_sentence(t, m, _ED_WORD),
        gate=("back",),
    ),
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
    r"[0-9]+ years? (?:clean|free|recovered|in recovery)|(?:havent|have not|hasnt|has not|didnt|did not|"
    r"never)(?:\s+\w+){0,2}?\s+(?:in|for|since)\s+(?:over\s+|more than\s+|nearly\s+|almost\s+)?(?:[0-9]+|a few|"
    r"several|many|two|three|four|five|six|seven|eight|nine|ten|a couple of)\s+(?:years|decades))\b"
)
_CURRENT = re.compile(
    r"\b(?:again|still|lately|recently|these days|currently|nowadays|right now|this (?:week|month|morning|"
    r"evening|year)|today|tonight|last night|yesterday|start(?:ed|ing)? (?:again|back)|relaps\w*|urges?|"
    r"tempt\w*|slip(?:ped|ping)? (?:back|up)|thinking (?:about|of)|want to|wanting to|feel like|going to|"
    r"might|miss (?:it|doing)|struggling|cant stop|cannot stop|keep|keeps|every (?:day|night|time|meal|"
    r"morning)|whenever|help me|how (?:do|can|to|should)|tips|should i|(?:im|i am) (?!doing\b|feeling\b|living\b|"
    r"thriving\b|training\b|running\b|working\b|coping\b|eating (?:well|normally|properly|regularly|enough)\b)"
    r"\w+ing|"
    r"ive been \w+ing|i have been \w+ing)\b"
)
# Output that names a behaviour only to warn about it or point to help. Support and warning
# words count anywhere in the sentence; negations only right before the behaviour ("please
# don't go days without food"), so "To stop cravings, go 3 days without food" still blocks.
_SUPPORTIVE = re.compile(
    r"\b(?:reach out|helpline|hotline|help ?line|988|crisis|emergency|support(?!s?\s+(?:your\s+|faster\s+|rapid\s+|"
    r"quick\s+|quicker\s+|more\s+)?(?:weight|fat|diet|goals?|loss|cut|results|progress|slimming))\w*|"
    r"(?:a|an|with a|medical|health|healthcare|mental health) professional|professional (?:help|support)|therapist|"
    r"counsel+or|doctor|gp|physician|clinician|dietitian|talk to|speak (?:to|with)|seek (?:help|support)|"
    r"get help|someone you trust|not alone|concerned|worried|sorry|sounds like|it seems|care about|"
    r"here for you|anad|beat|samaritans|eating disorders?|not (?:a )?(?:safe|healthy|effective|good|"
    r"recommended|sustainable)|isnt (?:safe|healthy|effective)|dangerous|harmful|risky|risks|unsafe|"
    r"unhealthy|seriously|deadly|life-threatening|electrolyte\w*|dehydrat\w*|side effects|warning|"
    r"ineffective|myth|only (?:remove|lose|lost|shed|drop|flush) water(?: weight)?|(?:just|only|mostly) water "
    r"weight|(?:never|not) a good idea|(?<!not a )(?<!isnt a )bad idea|(?:doesnt|dont|wont|cant|will not|do not|"
    r"does not|can not|cannot) "
    r"(?:really )?(?:work|help|burn|make)|(?:can|could|will|may|might|does|do|to) (?:seriously |permanently )?"
    r"damage|damages|damaging|(?:teeth|tooth|heart|kidney|organ|gut|bowel|colon|enamel|long-term|lasting|serious|"
    r"permanent) damage|erod\w*|backfir\w*|slows? (?:down )?(?:your )?metabolism|"
    r"disordered|sign of|symptoms? of|dizz\w*|faint\w*|muscle loss|malnutrition|deficienc\w*|arrhythmi\w*|"
    r"heart problems|teeth|tooth|wouldnt recommend|would not recommend|dont recommend|do not recommend|"
    r"cant recommend|cannot recommend|not recommended|(?:are|is|arent|isnt)\s+(?:not|never)\s+(?:(?:a|an|"
    r"the)\s+(?!(?:bad|terrible|"
    r"crazy|silly|wrong|awful|dumb|stupid)\b)|meant|for|safe|healthy|how)|never (?:ok|okay|safe|healthy|a good idea|"
    r"the answer)|not "
    r"(?:ok|okay)|(?:dont|doesnt|do not|does not|wont|will not|cant|cannot) (?:\w+ )?(?:prevent|block|remove|"
    r"cause fat loss)|(?:they|it|this|that|laxatives?|diuretics?|pills|purging|vomiting|fasting|throwing up|water "
    r"pills|diet pills) (?:dont|doesnt|do not|does not|wont|will not|cant|cannot) (?:\w+ )?(?:stop|reduce)|(?:people|"
    r"someone|those|anyone|many|patients) (?:living )?with "
    r"(?:bulimi\w*|anorexi\w*|an eating disorder)|(?:bulimia|anorexia) (?:is|are|can)|treatment|recovery|therapy|"
    r"help is available|(?:make|makes|leave|"
    r"leaves) you feel (?:worse|awful|terrible|weak|sick|exhausted))\b"
)
# The negation must be said to the reader ("please don't", "you should never", "I can't
# recommend"), not belong to someone else in the advice ("so they don't notice you skip").
_NEGATED_BEFORE = re.compile(
    r"(?:^\W*|[,:;(-]\s*|\b(?:please|you|youll|you should|you must|i|id|i would|we|just|so|and|but|then|always|"
    r"to|or|never|really|definitely|strongly)\s+)(?:dont|do not|never|avoid|avoiding|stop|shouldnt|should not|wont|"
    r"will not|cannot|cant|can not|not|no need to|instead of|rather than|please dont|please do not|"
    r"would not|wouldnt|must not|mustnt)\b(?:\s+\S+)?\s*$"
)


@lru_cache(maxsize=8)
def _resolved_and_not_current(text: str) -> bool:
    """The text states a resolution somewhere and nothing in it sounds current (once per text)."""
    return bool(_RESOLVED.search(text)) and not _CURRENT.search(text)


def _resolved_past(text: str, m: re.Match[str]) -> bool:
    """Stated as past and clearly resolved: a past marker where it is said, a resolution
    somewhere, and nothing that sounds current."""
    return _in_sentence(text, m, _PAST) and _resolved_and_not_current(text)


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
        if det.only is not None and det.only != direction:
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
