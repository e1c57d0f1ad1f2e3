"""Phrase tables for substance misuse: laxatives, diuretics, diet pills, stimulants, GLP-1s and
insulin, and why, how much and on whose prescription they are taken; clearing food out and
flushes for the scale."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.tables.common import WEIGHT_WORDS

LAXATIVES: Final = (
    "laxatives?",
    "laxies",
    "lax(?:ative)? teas?",
    "senna",
    "senokot",
    "sennakot",
    "dulcolax",
    "bisacodyl",
    "ex-?lax",
    "ex lax",
    "miralax",
    "movicol",
    "smooth move(?: teas?)?",
    "colace",
    "docusate",
    "milk of magnesia",
    "magnesium citrate",
    "lactulose",
    "castor oil",
    "stool softeners?",
    "enemas?",
    "colon cleanses?",
    "suppositor(?:y|ies)",
    "(?:detox|skinny|slimming|flat tummy|dieters?|fit|senna) teas?",
    "teatox",
    "ipecac",
    "laxes",
    "lax (?:pills?|tabs?|tablets?)",
    "(?:take|takes|took|taking|pop|pops|popped|popping) (?:a |an |some |my |the |a couple |a few |[0-9]+ |two |three )?"
    "lax(?:es)?(?! (?:approach|attitude|view|stance|rules?|about|with|on|standards?|policy|diet|tracking|at|in))",
)
DIURETICS: Final = (
    "diuretics?",
    "water pills?",
    "water tablets?",
    "dandelion (?:root )?(?:pills|tablets|capsules)",
    "lasix",
    "furosemide",
    "bumetanide",
    "bumex",
    "torsemide",
    "hydrochlorothiazide",
    "hctz",
    "chlorthalidone",
    "indapamide",
    "spironolactone",
)
DIET_PILLS: Final = (
    "diet pills?",
    "slimming pills?",
    "weight[- ]?loss (?:pills?|tablets?|tabs|capsules|drugs)",
    "diet (?:tablets?|tabs|capsules|drugs)",
    "appetite suppressants?",
    "fat burners?",
    "hydroxycut",
    "lipozene",
    "alli",
    "orlistat",
    "xenical",
    "phentermine",
    "adipex",
    "qsymia",
    "contrave",
    "sibutramine",
    "meridia",
    "garcinia",
    "raspberry ketones?",
    "dnp",
    "clenbuterol",
    "clen",
    "ephedr\\w*",
    "yohimbine",
    "synephrine",
    "t3",
    "cytomel",
    "thyroid (?:pills|meds|medication|tablets)",
)
STIMULANTS: Final = (
    "adderall",
    "vyvanse",
    "ritalin",
    "concerta",
    "modafinil",
    "caffeine (?:pills?|tablets?|tabs)",
    "no-?doz",
    "pro plus",
    "amphetamines?",
    "speed",
    "cocaine",
)
GLP1: Final = (
    "ozempic",
    "wegovy",
    "semaglutide",
    "mounjaro",
    "zepbound",
    "tirzepatide",
    "saxenda",
    "liraglutide",
    "retatrutide",
    "glp[ -]?1s?",
)

# --- Why, how much, on whose prescription ---------------------------------------------------------
PURPOSE: Final = (
    *WEIGHT_WORDS,
    "weigh-?ins?",
    "flush\\w*",
    # A loss reported beside the tea or pill: "down 2kg this week", "lost 3 pounds already".
    "(?:down|lost|dropped|minus) (?:another )?[0-9]+(?:\\.[0-9]+)? ?(?:kg|kgs|kilos?|lbs?|pounds?|st|stone)",
    "after (?:meals|eating|binge\\w*|big meals|every meal|heavy meals|pizza|dinner|a binge|bigger meals|overeating)",
    "after (?:i|you|she|he|they) (?:eat|ate|binge\\w*|overeat\\w*)",
    "binge\\w*",
    "undo",
    "get rid of",
    "compensat\\w*",
    "melt\\w*",
    "fat loss",
    "burn fat",
    "photoshoot",
    "look (?:lean|leaner|thinner|smaller)",
    "wake up lighter",
    "appetite",
    "hunger",
    "hungry",
    "dont eat",
    "not eat",
    "stop eating",
    "skip meals",
    "eat less",
    "so i dont get hungry",
    "flatt?en\\w*",
    "bloat\\w*",
    "stay (?:under|below)",
    "calories",
    "on track",
    "stick(?:ing)?",
)
ESCALATION: Final = (
    "double (?:up|the|my|your)(?: \\w+)? (?:dose|dosage|amount|pills)",
    "doubled (?:up|the|my)(?: \\w+)?(?: dose| dosage| amount| pills)?",
    "double up",
    "doubl(?:e|ed|es|ing)(?: up)?(?: on)? (?:the |my |your |her |his |their )?(?:\\w+ ){0,2}(?:dose|dosage|doses|"
    "amount|intake|pills?|tablets?|capsules?|serving)",
    "tripl(?:e|ed|es|ing)(?: up)?(?: on)? (?:the |my |your |her |his |their )?(?:\\w+ ){0,2}(?:dose|dosage|doses|"
    "amount|pills?|tablets?|capsules?)",
    "(?:increas|rais|upp|bump)(?:e|es|ed|ing)? (?:up )?(?:the |my |your )?(?:\\w+ ){0,2}(?:dose|dosage|doses)",
    "(?:a|the) (?:second|2nd|third|3rd|extra) (?:one|pill|tablet|capsule|dose)",
    "(?:twice|two times|three times|triple|[2-9]x|[2-9] times) (?:the|my|your)? ?(?:dose|dosage|amount|recommended)",
    "(?:three|[2-9]) times the dose",
    "more than (?:the label|the box|prescribed|recommended|the recommended|the dose|it says|the packet|you should)",
    "extra (?:dose|doses|pills|ones|tablets)",
    "up (?:the|my|your) dose",
    "increase (?:to|the dose|your dose|my dose)",
    "work(?:ing)? up to",
    "at once",
    "a handful",
    "how many (?:\\w+ )?(?:can|should|do|could) (?:i|you) take",
    "take (?:more|another|two|three|a few more|extra)",
    "(?:take |have |pop )?(?:[0-9]+|two|three|four|a few|a couple|a couple of) more",
    "if (?:one|1|a single one|it) (?:isnt|doesnt|is not|does not|stops?) (?:working|enough|doing)",
    "stopped working",
    "(?:[3-9]|[1-9][0-9]+|three|four|five|six|seven|eight|nine|ten|twenty) (?:of them|pills|tablets|a day|at a time)",
)
UNPRESCRIBED: Final = (
    "without (?:a |any |my )?(?:prescription|script|rx|doctor|gp|seeing a doctor)",
    "no (?:prescription|script|rx)",
    "not prescribed",
    "(?:isnt|wasnt|arent) prescribed",
    "off[ -]label",
    "(?:black|grey|gray) market",
    "research (?:chem\\w*|peptides?)",
    "online (?:pharmacy|shop|store)",
    "(?:buy|order|get|got|bought|ordered)\\w* (?:\\w+ ){0,3}online",
    "from (?:a friend|my friend|a guy|someone|china|mexico)",
    "(?:friends|mums|moms|dads|sisters|brothers|partners|roommates|flatmates|someone elses) (?:pills|meds|prescription|"
    "pen|script|adderall|ozempic|supply)",
    "(?:friend|brother|sister|mum|mom|roommate)s? (?:adderall|ritalin|vyvanse|pills|meds)",
    "ask a friend for",
    "steal\\w*",
    "stole",
    "snort\\w*",
    "microdos\\w*",
    "more than (?:prescribed|my dose|the dose)",
)
PRESCRIBED: Final = (
    "prescri\\w*",
    "my (?:doctor|gp|consultant|cardiologist|nurse)",
    "doctor (?:said|told|recommended|gave)",
    "blood pressure",
    "hypertension",
    "heart failure",
    "edema",
    "oedema",
    "kidney",
    "constipat\\w*",
    "colonoscopy",
    "bowel prep",
    "ibs",
    "surgery",
    "adhd",
    "narcolepsy",
    "as directed",
    "for my (?:heart|thyroid|bowels?)",
)
RECOMMEND: Final = (
    "take",
    "taking",
    "try",
    "trying",
    "use",
    "using",
    "pop",
    "popping",
    "have",
    "grab",
    "add",
    "adding",
    "consider",
    "start with",
    "starting with",
    "drink",
    "drinking",
)
RECOMMEND_TAIL: Final = (
    "can",
    "will",
    "could",
    "may",
    "might",
    "help",
    "helps",
    "work",
    "works",
    "(?:are|is) (?:a |an |the )?(?:great|good|easy|quick|handy|fast|simple|effective|useful|best|safe|secret|trick|"
    "popular|perfect)",
    "cycles? (?:are|is)",
    "the night before",
    "before (?:your|the|a) (?:weigh-?in|photoshoot|event|shoot|wedding)",
)

# --- Clearing food out, flushes for the scale -----------------------------------------------------
# Getting food out before the body takes it in: "flush out dinner before it absorbs", "flush
# the binge out of my system", "so dinner doesnt count".
ABSORPTION_DODGE: Final = (
    "before (?:it|they|the food|the calories|food|dinner|lunch|the meal|that|anything|(?:my|your|the) body) "
    "(?:\\w+ )?(?:counts?|absorbs?|absorbed|gets? absorbed|is absorbed|digests?|digested|gets? digested|sticks?|"
    "turns? (?:in)?to fat|settles?|registers?|hits? (?:my|your|the) (?:hips|thighs|stomach|belly|body|scale)|"
    "can (?:absorb|digest|count|stick|settle)|has (?:a )?chance)",
    "so (?:that )?(?:it|they|that|nothing|none of it|dinner|lunch|breakfast|food|everything|(?:the|my|your|that|this|"
    "todays|tonights|last nights) \\w+) "
    "(?:\\w+ )?(?:doesnt|dont|wont|cant|never|does not|will not|can not|cannot|isnt|is not) (?:\\w+ )?(?:count|"
    "absorb|get absorbed|stick|digest|register|turn (?:in)?to fat|settle|stay)",
    "out of (?:my|your|her|his|the) (?:system|body|stomach|gut) (?:before|fast|quick|so)",
)
CLEAR_OUT: Final = (
    "poop\\w*",
    "poo(?:s|ing|ed)?",
    "shit\\w*",
    "crap\\w*",
    "flush\\w*",
    "clear\\w*",
    "cleans\\w*",
    "pass\\w*",
    "push\\w*",
    "sh[i1]t out",
)
# What is cleared: the food just eaten, a binge, the calories.
CLEARED_FOOD: Final = (
    "(?:the|my|your|that|this|all the|all that|all my) food",
    "food",
    "(?:a|the|my|your|that|this|last nights|todays|yesterdays|tonights|the whole) (?:\\w+ )?(?:binge|meal|dinner|"
    "lunch|breakfast|takeaway|cake|pizza|calories|burger|dessert)",
    "what (?:i|you|u|she|he|we) (?:just )?(?:ate|eat|had)",
    "everything (?:i|you|u|she|he) (?:just )?(?:ate|eat|had)",
    "the calories",
    "binges?",
    "it all",
    "everything",
)

# --- Insulin --------------------------------------------------------------------------------------
INSULIN: Final = (
    "insulin",
    "bolus(?:es|ing)?",
    "basal",
    "lantus",
    "levemir",
    "tresiba",
    "novorapid",
    "novolog",
    "humalog",
    "fiasp",
    "lispro",
    "aspart",
    "(?:my|your|her|his) (?:pump|pen|shots|jabs|injections)",
)
INSULIN_CUT: Final = (
    "skip\\w*",
    "omit\\w*",
    "miss\\w*",
    "stop\\w*",
    "reduc\\w*",
    "restrict\\w*",
    "withhold\\w*",
    "under-?dos\\w*",
    "less",
    "fewer",
    "smaller",
    "cut\\w*(?: back| down)?(?: on)?",
    "not (?:tak\\w*|us\\w*|do\\w*|bother\\w* with)",
    "(?:dont|doesnt|didnt|wont|never|stop) (?:take|use|do|bother with|bolus)",
    "trim\\w*",
    "lower\\w*",
    "drop\\w*",
    "decreas\\w*",
    "halv\\w*",
    "half",
    "lighten\\w*",
    "go\\w* (?:light|easy) on",
    "went (?:light|easy) on",
    "eas\\w* off(?: on)?",
    "scal\\w* back(?: on)?",
    "dial\\w* (?:back|down)",
    "hold\\w* (?:back|off)(?: on)?",
    "held (?:back|off)(?: on)?",
    "ditch\\w*",
    "forget\\w*(?: about)?",
    "forgo\\w*",
    "go\\w* without",
    "went without",
    "shav\\w* (?:a few units|units|a unit)? ?off",
)

# A flush or cleanse sold as a quick drop on the scale: "a saltwater flush", "a senna cleanse".
FLUSH_METHOD: Final = (
    "salt ?-?water (?:flush\\w*|cleans\\w*|drink|trick)",
    "salt water (?:flush\\w*|cleans\\w*|drink|trick)",
    "(?:senna|laxative|lax|detox|herbal|colon|bowel|gut) (?:tea )?(?:cleans\\w*|flush\\w*)",
    "colon (?:cleans\\w*|flush\\w*|hydrotherapy)",
    "(?:drink|drinking|chug|chugging|down|downing) (?:a (?:litre|liter|quart|pint|glass|jug) of |some )?(?:warm )?"
    "salt ?-?water",
    "(?:drink|drinking|chug|chugging|down|downing) (?:a (?:litre|liter|quart|pint|glass|jug) of |some )?(?:warm )?"
    "salt water",
)
CLEARED_BODY: Final = (
    "(?:clear|clears|clearing|flush|flushes|flushing|empty|empties|emptying|clean|cleans|cleaning) (?:you|yourself|"
    "your bowels|your system|your gut|your colon|me|myself|my system|my bowels|my gut|everything|it all) "
    "(?:right )?out",
    "empty (?:your|my|the) (?:bowels|colon|gut|system)",
)
SCALE_PURPOSE: Final = (
    "scale",
    "weigh\\w*",
    "lighter",
    "drop (?:a|some|\\w+ (?:pounds|kilos|kg|lbs))",
    "quick drop",
    "pounds",
    "kilos?",
    "kgs?",
    "lbs",
    "flat (?:stomach|tummy|belly)",
    "bloat\\w*",
    "before (?:the|your|my) (?:beach|wedding|event|photos?|photoshoot|shoot|weigh-?in|holiday|party|date|comp\\w*)",
    "for (?:the|your|my) (?:photos?|photoshoot|shoot|weigh-?in|beach)",
    "thinner",
    "slimmer",
    "skinn\\w*",
)
