"""Context tables for guards: why something was done (intent, self-hatred), how it happened
(accidents and training injuries), and what makes vomiting a purge (eating or weight nearby)
rather than a bug or a hard session (nausea words)."""

from __future__ import annotations

from typing import Final

Table = tuple[str, ...]

# --- Why and how it happened ------------------------------------------------------------------------
# Intent or a trigger: what turns "hit my legs" into self-harm.
INTENT: Final[Table] = (
    "want\\w*",
    "urges?",
    "tempt\\w*",
    "on purpose",
    "deliberately",
    "intentionally",
    "as (?:a )?punishment",
    "to punish",
    "punish\\w*",
    "deserve\\w*",
    "because (?:i|you|she|he|they) (?:ate|hate|overate|binged|ate too much|slipped|failed|gained)",
    "(?:if|when|whenever|every time|each time|after|anytime) (?:i|you|she|he|they) (?:eat|eats|ate|overeat\\w*|"
    "binge\\w*|slip\\w*|fail\\w*|mess\\w* up|reach for|crave\\w*|snack\\w*|feel fat|feel gross|look in the mirror|"
    "gain\\w*|go over|think about|see the scale|weigh|open the fridge|go to the fridge|look at food|want to eat|"
    "feel hungry|get hungry|have a craving|(?:\\w+ ){0,3}(?:fridge|snack|sweets|chocolate|cake|binge))",
    "think(?:ing|s)? (?:about|of)",
    "thought (?:about|of)",
    "feel like",
    "cant stop",
    "self[- ]?harm\\w*",
    "to feel (?:something|better|in control|real)",
    "to cope",
    "so (?:i|you|she|he) (?:remember|learn|dont|stop)",
    "so it sticks",
    "discipline",
    "reminder",
    "train your brain",
)
SELF_HATE: Final[Table] = (
    "hate",
    "hating",
    "disgust\\w*",
    "ugly",
    "fat",
    "gross",
    "worthless",
    "useless",
    "bleed\\w*",
    "blood",
    "binge\\w*",
    "overeat\\w*",
    "mess up",
    "messed up",
    "fail\\w*",
    "eat",
    "ate",
    "eating",
    "snack\\w*",
    "carbs",
    "dessert",
)
# Accidents and training injuries: "cut myself shaving", "burned my hand on the pan".
ACCIDENT: Final[Table] = (
    "accident\\w*",
    "by mistake",
    "cooking",
    "shaving",
    "chopping",
    "slicing",
    "kitchen",
    "stove",
    "oven",
    "hob",
    "grill",
    "tray",
    "pan",
    "iron",
    "kettle",
    "knife slipped",
    "training",
    "workout",
    "gym",
    "lift\\w*",
    "squat\\w*",
    "deadlift\\w*",
    "bench\\w*",
    "running",
    "run",
    "trail",
    "sprint\\w*",
    "playing",
    "football",
    "soccer",
    "rugby",
    "basketball",
    "tennis",
    "climbing",
    "skiing",
    "cycling",
    "bike",
    "fell",
    "fall",
    "falling",
    "slipped",
    "tripped",
    "knee",
    "back",
    "shoulder",
    "ankle",
    "hamstring",
    "calf",
    "elbow",
    "groin",
    "muscle",
    "injur\\w*",
    "sprain\\w*",
    "strain\\w*",
    "pulled",
    "tore",
    "torn",
    "twisted",
    "rolled",
    "bar",
    "barbell",
    "dumbbell",
    "kettlebell",
    "plate",
    "machine",
    "treadmill",
    "stretch\\w*",
    "jump\\w*",
    "box",
    "rope",
    "branch",
    "door",
    "cupboard",
    "cabinet",
    "table",
    "hip thrusts?",
    "sun",
    "sunburn\\w*",
    "sparring",
    "boxing",
    "punching bag",
    "heavy bag",
    "pads",
    "bag",
    "finisher",
    "cardio",
    "session",
    "hiit",
    "burpees?",
)
# Eating, weight or bingeing near a purge: what makes "threw up" a purge, not a bug.
ED_CONTEXT: Final[Table] = (
    "after (?:eating|i eat|i ate|she eats|he eats|they eat|you eat|every meal|each meal|meals?|dinner|lunch|breakfast|"
    "food|snacks?|dessert|binges?|bingeing|binging|overeating|i overeat|everything|a big meal|big meals|pizza|cake)",
    "(?:when|whenever|every time|if) (?:i|she|he|they|you) (?:eat|eats|ate|overeat\\w*|binge\\w*|slip\\w*)",
    "to (?:lose|drop|keep|stay|get (?:thin|skinny|rid))",
    "weight",
    "scale",
    "calori\\w*",
    "cals",
    "on purpose",
    "deliberately",
    "intentionally",
    "get rid of",
    "undo",
    "compensat\\w*",
    "purg\\w*",
    "binge\\w*",
    "thin",
    "skinny",
    "what (?:i|she|he|they|you) (?:eat|ate)",
    "(?:my|the|her|his|your) (?:food|meals?)",
    "food",
    "(?:doesnt|dont|wont|didnt) count",
    "count",
    "absorb\\w*",
    "digest\\w*",
    "bulimi\\w*",
    "anorexi\\w*",
    "eating disorders?",
    "stay on track",
    "cancel\\w* (?:it |that |this )?out",
    "make up for",
    "(?:big|huge|heavy) (?:meal|dinner|lunch)",
    "easiest way",
    "best way",
)
NAUSEA: Final[Table] = (
    "nearly",
    "almost",
    "felt like",
    "feel like",
    "feeling like",
    "could have",
    "couldve",
    "about to",
    "thought i would",
    "thought id",
    "made me want to",
    "like i was going to",
    "queasy",
    "nauseous",
)

# Resolutions beside scope.RESOLVED: "its been over ten years", "im doing really well".
RESOLVED_MORE: Final[Table] = (
    "(?:its|it has|it is|its now|now its) (?:been )?(?:over |more than |nearly |almost |about |well over |at least )?"
    "(?:[0-9]+|a few|several|many|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|a couple of) "
    "(?:years|decades)",
    "(?:im|i am|ive been|i have been|shes|hes|she is|he is) (?:now )?(?:doing )?(?:really|so|very|pretty|super|"
    "genuinely|honestly|truly) (?:well|good|great|happy|healthy|stable|fine)",
    "(?:[0-9]+|a few|several|many|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty) (?:years|decades) "
    "(?:since|out|on)",
    "(?:long|years|well) (?:in|into) the past",
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
    "chin|legs|rolls|fat|hips|butt|cellulite))",
    "(?:jiggl|wobbl)\\w*",
    "for how (?:they|it|i|my \\w+) looks?",
    "(?:because|cause|coz|cuz) (?:they|it|im|i|theyre|its) (?:look |looks |are |is )?(?:so )?(?:fat|huge|big|ugly|"
    "gross|jiggly|flabby|disgusting)",
)

# --- Suicide: a plan with a time, not being around, lethality, means -----------------------------
# "end things this weekend", "be done for good by sunday": the act, then when.
END_ACT: Final[Table] = (
    "end(?:ing)? (?:it|it all|things|everything|my (?:own )?life)",
    "(?:be|being) done for good",
    "(?:be|being) gone for good",
    "go(?:ing)? through with it",
)
SOON: Final[Table] = (
    "(?:this|next|on|by|before|after|over the|on the|this coming) (?:\\w+ )?(?:weekend|wknd|week|month|monday|"
    "tuesday|wednesday|thursday|friday|saturday|sunday|birthday|holidays?|christmas|xmas|new year\\w*|\\w+day)",
    "tonight",
    "tomorrow(?: night)?",
    "today",
    "soon",
    "in (?:a|two|three|a few|a couple of|[0-9]+) (?:days?|weeks?|hours?)",
    "once and for all",
    "after tonight",
    "when (?:im|i am) ready",
)
# "not planning on sticking around that long", "dont see myself (still) alive by summer".
NOT_AROUND_HEAD: Final[Table] = (
    "(?:wont|will not|not going to|not gonna|aint gonna|probably wont|prob wont|likely wont)",
    "(?:dont|do not|not|never) (?:plan(?:ning)?|intend(?:ing)?|expect(?:ing)?) (?:on|to)",
    "(?:dont|do not) think (?:ill|i will|im going to|im gonna|i can|i could)",
    "doubt (?:ill|i will|im going to|im gonna)",
    "(?:dont|do not|cant|cannot|can not|never) (?:see|imagine|picture) (?:myself|me)",
    "(?:im|i am) not (?:going to|gonna|planning on|planning to)",
)
NOT_AROUND_STATE: Final[Table] = (
    "(?:still )?(?:be|being) (?:still )?(?:alive|here|around|breathing|on this earth|in this world)",
    "(?:still )?(?:stick|sticking|hang|hanging|stay|staying) around",
    "(?:still )?(?:be|being) (?:sticking|hanging) around",
    "(?:still )?(?:alive|living|breathing|around|here)",
    "(?:still )?(?:live|last|survive|make it) (?:to|till|until|past|through)(?= (?:\\w+ )?(?:summer|spring|winter|"
    "autumn|christmas|xmas|new year|next year|my (?:\\w+ )?birthday|[0-9]+|the end of))",
)
NOT_AROUND_WHEN: Final[Table] = (
    "by (?:\\w+ ){0,2}?(?:summer|spring|winter|autumn|fall|christmas|xmas|easter|new year\\w*|(?:my )?birthday|then|"
    "next \\w+|the end of (?:the|this) (?:\\w+ )?(?:year|month|plan|program|programme|block|challenge)|"
    "january|february|march|april|may|june|july|august|september|october|november|december)",
    "(?:that|this|so|very|much) long(?:er)?",
    "for (?:much |very |that )?long(?:er)?",
    "long enough",
    "(?:to|till|until|past|through) (?:\\w+ ){0,2}?(?:summer|spring|winter|autumn|christmas|xmas|new year\\w*|"
    "next year|birthday|[0-9]+)",
    "(?:to (?:see|finish|complete|do) |for )(?:the (?:end|rest) of )?(?:this|the|your|a|my|that|any) (?:\\w+ ){0,3}?"
    "(?:plan|program|programme|block|challenge|cycle|season|year|summer|it)",
    "to (?:see|finish|complete) (?:it|summer|christmas|next \\w+)",
    "(?:any ?more|any longer)",
    "in (?:a|two|three|a few|a couple of|[0-9]+) (?:months|years)",
    "next (?:year|summer|christmas|spring|winter|autumn)",
)
# "a fall" beside a height: what makes "how high ... fatal" a question about dying.
FALL_WORDS: Final[Table] = (
    "fall(?:s|ing)?", "fell", "drop(?:s|ping)? (?:from|off)", "jump(?:s|ed|ing)? (?:from|off|out)", "jump(?:s)?",
    "leap(?:s|ing)?", "bridges?", "buildings?", "balcon(?:y|ies)", "roofs?", "rooftops?", "cliffs?", "windows?",
    "ledges?", "floors? up", "stor(?:ey|ie|y)s?", "towers?", "overpass", "car park", "parking (?:garage|lot)",
)
HOW_HIGH: Final[Table] = (
    "how (?:high|tall|far|big)(?: up)?",
    "how many (?:floors|stor(?:ey|ie)s|flights|levels|metres|meters|feet|ft|m)",
    "what (?:height|floor|storey)",
    "which (?:floor|storey)",
    "(?:minimum|min|lowest|safe|enough|a) height",
    "(?:high|tall|far) enough",
    "(?:would|will|could|does|do|is|can) (?:a |the |it |that )?(?:fall(?:ing)?|jump(?:ing)?|drop(?:ping)?|"
    "leap(?:ing)?)",
    "if i (?:jump|jumped|fell|fall|leap|leapt|threw myself|step|stepped)",
)
FATAL_Q: Final[Table] = (
    "fatal",
    "lethal",
    "deadly",
    "die",
    "dying",
    "death",
    "dead",
    "(?:not |wont |wouldnt |never |to not )?survive",
    "survivable",
    "kill (?:me|you|someone|somebody|a person|myself|yourself|people)(?: instantly| for sure| for certain)?",
    "make sure",
    "be sure",
    "guaranteed",
)
FALL_NOT_SH: Final[Table] = (
    "box(?:es)?", "rope", "trampoline", "pool", "dive", "diving", "bungee", "parachute", "skydiv\\w*", "boulder\\w*",
    "climb\\w*", "ladder", "horse", "bike", "ski\\w*", "nan", "gran\\w*", "grandad", "grandma", "elderly", "older",
    "balance",
)
# "run until your heart gives out ... i want it to".
HEART_FAILS: Final[Table] = (
    "(?:my|your|the|their|her|his) heart (?:would |will |could |to |might )?(?:just )?(?:give|gives|gave) (?:out|up)",
    "(?:my|your|the|their|her|his) heart (?:would |will |could |to |might )?(?:just )?(?:stops?|stopped|fails?|failed|"
    "quits?|explodes?|bursts?|packs? in|stops? beating|gives? in)",
    "(?:until|till|til) (?:i|you) (?:die|drop dead|collapse and die|stop breathing)",
)
HEART_NOT: Final[Table] = ("racing", "pounding", "beating (?:so )?fast", "fluttering", "skipping", "hurting", "aching")
WANT_IT: Final[Table] = (
    "(?:i|id|i would) (?:\\w+ ){0,2}?(?:want|wish|hope|pray)(?:ed|ing)? (?:it|that|mine|so|for it|for that)",
    "(?:want|wish|hope|pray)(?:ed|ing|s)? (?:it|mine|that) (?:to|would|will|does|did)",
    "(?:i|id) (?:\\w+ )?(?:want|wish|hope) (?:to die|i die|i dont wake up)",
    "(?:wish|hope|hoping|pray|praying) (?:that )?(?:my|mine)",
    "(?:want|wish|need) my heart",
    "(?:wouldnt|would not|wont) mind",
    "(?:id|i would|im|i am|i\\w*) (?:be )?(?:ok|okay|fine|happy|good) with (?:it|that)",
    "fine by me",
    "thats the (?:goal|plan|point|idea|hope)",
    "the (?:goal|plan|hope) is",
    "(?:i|id) welcome it",
)
# Getting the means: "bought a rope today. not for the gym."
ACQUIRE: Final[Table] = (
    "bought", "buy(?:ing)?", "got", "get(?:ting)?", "order(?:ed|ing)?", "picked up", "pick(?:ing)? up",
    "purchas(?:e|ed|ing)", "stole", "steal(?:ing)?", "tied", "tying", "made", "have", "has", "hid(?:e|den|ing)?",
    "keep(?:ing)?", "kept", "found", "sav(?:e|ed|ing)(?: up)?", "collect(?:ed|ing)?", "stockpil(?:e|ed|ing)",
    "hoard(?:ed|ing)?", "stash(?:ed|ing)?", "squirrel(?:l?ed|l?ing)? away", "put(?:ting)? aside", "set aside",
)
MEANS: Final[Table] = (
    "ropes?", "noose", "guns?", "firearm", "pistol", "rifle", "shotgun", "bullets?", "charcoal", "hose(?:pipe)?",
    "helium", "extension cord", "rat poison", "poison", "antifreeze", "razor blades?", "razors",
)
STRONG_STOCKPILE: Final[Table] = ("stockpil", "hoard", "stash", "squirrel", "hid")
MEANS_HINT: Final[Table] = (
    "not (?:\\w+ )?for (?:the |a |my |any )?(?:\\w+ )?(?:gym|climb\\w*|workouts?|training|jump\\w*|skipping|crossfit|"
    "exercise|shaving|camping|hunting|bbq|barbecue|grill\\w*|cleaning|sport|lifting|garage|fitness|fun|cardio|"
    "what you think|that|headaches?|pain|sleep|protection|the range|target practice|garden\\w*|work)",
    "(?:you|u|yall|ya) (?:\\w+ )?know (?:what|why|what for|what its for|where this is going)",
    "(?:if you know|you know) what i mean",
    "for (?:when|if) (?:im|i am) ready",
    "for (?:the|my) (?:end|big day|last day|plan|exit|way out|final)",
    "enough to (?:do it|do the job|end it|kill|be sure|make sure|not wake up|die|od|overdose)",
    "to (?:do it|end it|end things|use on myself)",
    "instead of taking (?:them|it)",
    "found (?:a|the|the perfect|a good|a quiet|a strong) (?:spot|place|tree|beam|branch|hook|rafter|bridge)",
    "(?:hold|take|support|carry) my weight",
    "goodbye",
)
MEANS_FOR_ME: Final[Table] = (
    "(?:its|it is|its all|this is|theyre|they are) (?:\\w+ )?for me",
    "for myself",
)
MEANS_OTHER_USE: Final[Table] = (
    "(?:but|its|it is|its actually|actually|they are|theyre) for (?:my|the|a|our|his|her|their) "
    "(?!(?:own|self|plan|end|big|last|exit|way)\\b)\\w+",
    "(?:jump|skipping|battle|climbing|tow|tug|swing|gym|training|hammock|washing|clothes|boat|camping) ropes?",
    "ropes? (?:climb\\w*|swings?|slams?|pulls?|for (?:my|the) (?:gym|dog|boat|tent|swing|hammock|garage gym))",
    "(?:gun|rifle|shotgun) (?:safe|range|club|licen[cs]e|show)",
    "(?:hunting|shooting|clay|range|target)",
    "(?:nail|glue|water|nerf|massage|heat|paint|staple|spray|foam|hot glue|grease) guns?",
    "garden hose",
    "for (?:my |the |a )?(?:\\w+ )?(?:migraines?|headaches?|pain|back|knee|cramps|period|cold|flu|allerg\\w*|sleep|"
    "camping|boat|dog|garden|kids?)",
    "balloons?",
    "party",
    "bbq",
    "barbecue",
)
# Dying by not eating: "if i stop eating maybe ill just die".
STARVE_ACT: Final[Table] = (
    "stop(?:s|ped|ping)? eating",
    "quit(?:ting)? eating",
    "(?:dont|do not|didnt|wont|never) eat(?: anything| again| at all)?",
    "not eat(?:ing)?(?: anything| at all)?",
    "eat(?:ing)? nothing",
    "refus(?:e|ing) to eat",
    "keep (?:on )?not eating",
    "starv(?:e|ing|ed)(?: myself| herself| himself)?",
    "no (?:food|eating)",
)
STARVE_FILL_OK: Final[Table] = (
    "completely", "entirely", "altogether", "totally", "fully", "at", "all", "anything", "forever", "for", "and",
    "maybe", "then", "so", "hopefully", "eventually", "i", "ill", "id", "im", "just", "again", "until", "till",
    "whatsoever", "food", "now", "properly", "like", "it",
)
STARVE_END: Final[Table] = (
    "(?:ill|i will|i would|id|i might|i could|i can|ill finally|i finally) (?:just |finally |eventually |simply |"
    "hopefully |quietly )?(?:die|drop dead|be dead|be gone|disappear|waste away|not wake up|never wake up|"
    "stop existing|fade away)",
    "(?:and|to) (?:just |finally |eventually |simply )?(?:die|drop dead|waste away|disappear|fade away|not wake up|"
    "never wake up)",
    "(?:until|till|til) (?:i|im) (?:die|drop dead|am dead|im dead|dead|disappear|waste away|am gone|gone|"
    "dont wake up|stop breathing|fade away)",
    "(?:my|the) body (?:gives|give|gave) (?:up|out)",
    "to death",
)
# "itll finally be over": an ending, counted beside a death or forever.
OVER: Final[Table] = (
    "(?:itll|itd|thisll|everythingll|it|this|everything|all this|all of this) (?:will |would |could |can |might )?"
    "(?:all )?(?:finally |just |soon |at last |then )?be over",
)
DEATH_NEAR: Final[Table] = (
    "die", "dying", "dead", "death", "gone", "disappear\\w*", "suicid\\w*", "kill myself", "pills", "rope", "noose",
    "jump\\w*", "stop eating", "starv\\w*", "not wake up", "never wake up", "no more pain", "goodbye", "for good",
    "forever", "permanently", "end (?:it|things|everything|my life)", "ending (?:it|things|everything|my life)",
)
# Where "end it ... tonight" is about something else: an activity before it, a partner or a cool-down after it.
ENDS_AN_ACTIVITY: Final[Table] = (
    "fast\\w*", "streak", "relationship", "cut", "bulk", "diet\\w*", "challenge", "subscription", "membership",
    "contract", "lease", "call", "meeting", "session", "workout", "class", "program\\w*", "season", "block", "phase",
    "deficit", "cycle", "game", "match", "series", "show", "trip", "holiday", "stream", "chat", "conversation",
)
ENDS_WITH: Final[Table] = (
    "with (?:my |a |an |the |some )?(?:\\w+ ){0,3}?(?:min\\w*|boyfriend|girlfriend|bf|gf|partner|husband|wife|"
    "fianc\\w*|ex|him|her|them|coach|trainer|gym|stretch\\w*|cool ?down|walk|run|jog|swim|meal|snack|dinner|"
    "lunch|breakfast|shake|"
    "yoga|burpees|rounds?|sets?|finisher|mobility|sauna|bath|refeed|cheat meal|pizza|bang|party)",
    "on a (?:high|good note|positive note)",
)
# "Not being around" on a trip or a move, not a death.
AWAY_FOR_A_REASON: Final[Table] = (
    "holiday\\w*", "vacation", "trip", "travel\\w*", "abroad", "moving", "move", "relocat\\w*", "wedding", "job",
    "conference", "reschedul\\w*", "uni", "university", "college", "school", "visiting", "visit", "flight", "leaving",
    "out of town", "camp", "business", "deploy\\w*", "maternity", "surgery", "hospital", "graduat\\w*", "work",
)
# Coach replies that make a method surer: "if you go through with it, a higher floor is more reliable".
METHOD_ADVICE: Final[Table] = (
    "(?:more|most) (?:reliable|effective|certain|lethal|deadly|foolproof|painless|sure|likely to work)",
    "least painful",
    "(?:a )?(?:higher|taller) (?:floor|bridge|building|drop|spot|place)",
    "(?:surest|quickest|most reliable) (?:way|method)",
)
GOING_THROUGH: Final[Table] = (
    "if you (?:\\w+ ){0,3}?(?:go through with it|end it|end (?:it all|things)|end your life|kill yourself|"
    "jump (?:off|from)|overdose|take them all|do it tonight)",
    "(?:if|since|as) youre (?:set|determined) on (?:it|this|dying|ending \\w+)",
    "(?:when|once) you (?:go through with it|jump (?:off|from)|overdose)",
)
# Bleeding to death, and how deep a cut must be to reach an artery.
BLEED_OUT: Final[Table] = (
    "(?:how long|how much blood|how deep|how many cuts)(?: \\w+){0,6}? (?:to |until (?:you|i|someone) )?bleed(?:s)? "
    "(?:out|to death)",
    "how deep (?:\\w+ ){0,5}?cut (?:\\w+ ){0,3}?to (?:hit|reach|get to|sever|open) (?:an? |the |my )?(?:artery|vein|"
    "arteries|veins)",
)
BEAM_HOLDS: Final[Table] = ("(?:beam|hook|branch|rafter|banister|pipe|tree)(?: \\w+){0,6}? (?:hold|take) my weight",)
