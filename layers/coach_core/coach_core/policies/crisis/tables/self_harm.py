"""Phrase tables for self-harm: bodies, verbs of hurting and what they leave, deserved pain, and
the context that makes an act deliberate (intent, triggers, self-hatred) or an accident."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.tables.common import Table

# --- The act --------------------------------------------------------------------------------------
BODY_PARTS: Final[Table] = (
    "wrists?",
    "arms?",
    "thighs?",
    "legs?",
    "skin",
    "stomach",
    "belly",
    "tummy",
    "hips?",
    "forearms?",
    "face",
    "head",
    "body",
    "hands?",
    "palms?",
    "fingers?",
    "chest",
    "neck",
    "ribs?",
    "shoulders?",
    "ankles?",
    "feet",
    "knees?",
    "veins?",
    "throat",
    "flesh",
    "hair",
    "scalp",
    "cheeks?",
    "lips?",
)
# Verbs of hurting, as they take "myself" or "my <body part>".
HARM_VERBS: Final[Table] = (
    "hurt(?:s|ing)?",
    "cut(?:s|ting)?",
    "burn(?:s|t|ed|ing)?",
    "hit(?:s|ting)?",
    "punch(?:es|ed|ing)?",
    "scratch(?:es|ed|ing)?",
    "bruis(?:e|es|ed|ing)",
    "slap(?:s|ped|ping)?",
    "smack(?:s|ed|ing)?",
    "bit(?:e|es|ing)",
    "beat(?:s|ing)?",
    "chok(?:e|es|ed|ing)",
    "strangl(?:e|es|ed|ing)",
    "punish(?:es|ed|ing)?",
    "stab(?:s|bed|bing)?",
    "pinch(?:es|ed|ing)?",
    "claw(?:s|ed|ing)?",
    "bang(?:s|ed|ing)?",
    "slam(?:s|med|ming)?",
    "whip(?:s|ped|ping)?",
    "carv(?:e|es|ed|ing)",
    "slic(?:e|es|ed|ing)",
    "slit(?:s|ting)?",
    "pierc(?:e|es|ed|ing)",
    "pick(?:s|ed|ing)? at",
    "pick(?:s|ed|ing)?",
    "dig(?:s|ging)? (?:my|your|her|his|their) nails into",
    "dug (?:my|your|her|his|their) nails into",
    "snap(?:s|ped|ping)? (?:a |the )?(?:rubber band|hair tie|elastic) (?:on|against)",
    "press(?:es|ed|ing)? (?:a |the )?(?:cigarettes?|lighter|hot \\w+) (?:into|onto|on|against)",
    "put(?:s|ting)? out (?:a |my |the )?cigarettes? on",
    "rip(?:s|ped|ping)?",
    "pull(?:s|ed|ing)?",
    "yank(?:s|ed|ing)?",
    "tear(?:s|ing)?",
    "tore",
)
# More verbs of hurting, beside HARM_VERBS: "twisting my skin", "squeezing my arm".
MORE_HARM_VERBS: Final = (
    "twist(?:s|ed|ing)?", "knock(?:s|ed|ing)?", "head ?butt(?:s|ed|ing)?", "scrub(?:s|bed|bing)?", "gouge(?:s|d)?",
    "gouging",
)
# Verbs that by themselves say a wound ("cut my wrist", "burn my arm"); the others ("hit my
# leg", "scratch my arm") need a reason, a trigger or a result to be self-harm.
STRONG_HARM: Final = ("cut", "cuts", "cutting", "slit", "slic", "carv", "burn", "stab", "pierc")
# What self-harm leaves: "until it bleeds", "till they bruise", "hard enough to hurt".
HARM_RESULTS: Final[Table] = (
    "bleed(?:s|ing)?",
    "bled",
    "bruis(?:e|es|ed)",
    "welt(?:s|ed)?",
    "blister(?:s|ed)?",
    "scar(?:s|red)?",
    "sting(?:s)?",
    "stung",
    "hurt(?:s)?",
    "burn(?:s|ed)?",
    "marks?",
    "leaves? (?:a )?marks?",
    "left (?:a )?marks?",
    "raw",
    "break(?:s)? the skin",
    "broke the skin",
    "swell(?:s|ed)?",
    "swollen",
)
DESERVE_PAIN: Final = (
    "deserv(?:e|es|ed) to (?:be hungry|go hungry|feel hungry|be in pain|feel pain|hurt|be hurt|rot|suffer|bleed)",
    "deserv(?:e|es|ed) (?:the |some |this |to feel )?(?:pain|punishment|to be punished)",
    "deserves? to (?:starve|go without food|not eat)",
)

# --- Why and how it happened ----------------------------------------------------------------------
# Intent or a trigger: what turns "hit my legs" into self-harm.
INTENT: Final[Table] = (
    "want\\w*", "urges?", "tempt\\w*", "on purpose", "deliberately", "intentionally", "as (?:a )?punishment",
    "to punish", "punish\\w*", "deserve\\w*",
    "because (?:i|you|she|he|they) (?:ate|hate|overate|binged|ate too much|slipped|failed|gained)",
    "(?:if|when|whenever|every time|each time|after|anytime) (?:i|you|she|he|they) (?:eat|eats|ate|overeat\\w*|"
    "binge\\w*|slip\\w*|fail\\w*|mess\\w* up|reach for|crave\\w*|snack\\w*|feel fat|feel gross|look in the mirror|"
    "gain\\w*|go over|think about|see the scale|weigh|open the fridge|go to the fridge|look at food|want to eat|"
    "feel hungry|get hungry|have a craving|(?:\\w+ ){0,3}(?:fridge|snack|sweets|chocolate|cake|binge))",
    "think(?:ing|s)? (?:about|of)", "thought (?:about|of)", "feel like", "cant stop", "self[- ]?harm\\w*",
    "to feel (?:something|better|in control|real)", "to cope", "so (?:i|you|she|he) (?:remember|learn|dont|stop)",
    "so it sticks", "discipline", "reminder", "train your brain",
)
# Triggers that make a mild act deliberate: "when i see my weight go up", "after i skipped the gym".
TRIGGERS_MORE: Final[Table] = (
    "(?:if|when|whenever|every time|each time|after|anytime|cause|because) (?:i|you|she|he|they) (?:see|saw|check|"
    "checked|look at|looked at) (?:my|the|her|his|their) (?:weight|number|scale|reflection|body|stomach|"
    "thighs|photos?)",
    "(?:if|when|whenever|every time|each time|after|anytime|cause|because) (?:i|you|she|he|they) (?:skip\\w*|miss\\w*|"
    "didnt go|dont go|cant go|couldnt go|gain\\w*|put on)",
    "for (?:skipping|missing|eating|binging|bingeing|failing|gaining|being (?:fat|lazy|weak|disgusting|useless))",
    "(?:weight|scale) (?:go|goes|went|going) up",
    "(?:if|when|whenever|every time|each time|after|anytime) (?:i|you|she|he|they) (?:see|saw|look at|looked at|catch|"
    "notice|feel|touch|grab) (?:them|it|myself|my reflection|my (?:\\w+ ){0,2}?(?:body|stomach|belly|thighs|arms|face|"
    "chin|legs|rolls|fat|hips|butt|cellulite))", "(?:jiggl|wobbl)\\w*", "for how (?:they|it|i|my \\w+) looks?",
    "(?:because|cause|coz|cuz) (?:they|it|im|i|theyre|its) (?:look |looks |are |is )?(?:so )?(?:fat|huge|big|ugly|"
    "gross|jiggly|flabby|disgusting)",
)
SELF_HATE: Final[Table] = (
    "hate", "hating", "disgust\\w*", "ugly", "fat", "gross", "worthless", "useless", "bleed\\w*", "blood",
    "binge\\w*", "overeat\\w*", "mess up", "messed up", "fail\\w*", "eat", "ate", "eating", "snack\\w*", "carbs",
    "dessert",
)
# Accidents and training injuries: "cut myself shaving", "burned my hand on the pan".
ACCIDENT: Final[Table] = (
    "accident\\w*", "by mistake", "cooking", "shaving", "chopping", "slicing", "kitchen", "stove", "oven", "hob",
    "grill", "tray", "pan", "iron", "kettle", "knife slipped", "training", "workout", "gym", "lift\\w*", "squat\\w*",
    "deadlift\\w*", "bench\\w*", "running", "run", "trail", "sprint\\w*", "playing", "football", "soccer", "rugby",
    "basketball", "tennis", "climbing", "skiing", "cycling", "bike", "fell", "fall", "falling", "slipped", "tripped",
    "knee", "back", "shoulder", "ankle", "hamstring", "calf", "elbow", "groin", "muscle", "injur\\w*", "sprain\\w*",
    "strain\\w*", "pulled", "tore", "torn", "twisted", "rolled", "bar", "barbell", "dumbbell", "kettlebell", "plate",
    "machine", "treadmill", "stretch\\w*", "jump\\w*", "box", "rope", "branch", "door", "cupboard", "cabinet",
    "table", "hip thrusts?", "sun", "sunburn\\w*", "sparring", "boxing", "punching bag", "heavy bag", "pads", "bag",
    "finisher", "cardio", "session", "hiit", "burpees?",
)
