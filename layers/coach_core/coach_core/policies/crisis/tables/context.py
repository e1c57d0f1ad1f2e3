"""Context tables for guards: why something was done (intent, self-hatred), how it happened
(accidents and training injuries), and what makes vomiting a purge (eating or weight nearby)
rather than a bug or a hard session (nausea words)."""

from __future__ import annotations

from typing import Final

Table = tuple[str, ...]

# --- Why and how it happened ------------------------------------------------------------------------
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
# Eating, weight or bingeing near a purge: what makes "threw up" a purge, not a bug.
ED_CONTEXT: Final[Table] = (
    "after (?:eating|i eat|i ate|she eats|he eats|they eat|you eat|every meal|each meal|meals?|dinner|lunch|breakfast|"
    "food|snacks?|dessert|binges?|bingeing|binging|overeating|i overeat|everything|a big meal|big meals|pizza|cake)",
    "(?:when|whenever|every time|if) (?:i|she|he|they|you) (?:eat|eats|ate|overeat\\w*|binge\\w*|slip\\w*)",
    "to (?:lose|drop|keep|stay|get (?:thin|skinny|rid))", "weight", "scale", "calori\\w*", "cals", "on purpose",
    "deliberately", "intentionally", "get rid of", "undo", "compensat\\w*", "purg\\w*", "binge\\w*", "thin", "skinny",
    "what (?:i|she|he|they|you) (?:eat|ate)", "(?:my|the|her|his|your) (?:food|meals?)", "food",
    "(?:doesnt|dont|wont|didnt) count", "count", "absorb\\w*", "digest\\w*", "bulimi\\w*", "anorexi\\w*",
    "eating disorders?", "stay on track", "cancel\\w* (?:it |that |this )?out", "make up for",
    "(?:big|huge|heavy) (?:meal|dinner|lunch)", "easiest way", "best way",
)
NAUSEA: Final[Table] = (
    "nearly", "almost", "felt like", "feel like", "feeling like", "could have", "couldve", "about to",
    "thought i would", "thought id", "made me want to", "like i was going to", "queasy", "nauseous",
)

# Resolutions beside scope.RESOLVED: "its been over ten years", "im doing really well".
RESOLVED_MORE: Final[Table] = (
    "(?:its|it has|it is|its now|now its) (?:been )?(?:over |more than |nearly |almost |about |well over |at least )?"
    "(?:[0-9]+|a few|several|many|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|a couple of) "
    "(?:years|decades)",
    "(?:im|i am|ive been|i have been|shes|hes|she is|he is) (?:now )?(?:doing )?(?:really|so|very|pretty|super|"
    "genuinely|honestly|truly) (?:well|good|great|happy|healthy|stable|fine)",
    "(?:[0-9]+|a few|several|many|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty) (?:years|decades) "
    "(?:since|out|on)", "(?:long|years|well) (?:in|into) the past",
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

# --- Suicide: a plan with a time, not being around, lethality, means -----------------------------
# "end things this weekend", "be done for good by sunday": the act, then when.
END_ACT: Final[Table] = (
    "end(?:ing)? (?:it|it all|things|everything|my (?:own )?life)", "(?:be|being) done for good",
    "(?:be|being) done with (?:it all|everything|life|living|this life|all of it)",
    "(?:be|being) gone for good", "go(?:ing)? through with it",
    "(?:body|life|world) (?:that |which )?(?:im|i am|ill) (?:planning (?:to|on)|going to|gonna|about to|ready to) "
    "(?:be |being )?(?:done|finished|through) with",
)
SOON: Final[Table] = (
    "(?:this|next|on|by|before|after|over the|on the|this coming) (?:\\w+ )?(?:weekend|wknd|week|month|monday|"
    "tuesday|wednesday|thursday|friday|saturday|sunday|birthday|holidays?|christmas|xmas|new year\\w*|\\w+day)",
    "tonight", "tomorrow(?: night)?", "today", "soon",
    "in (?:a|two|three|a few|a couple of|[0-9]+) (?:days?|weeks?|hours?)", "once and for all", "after tonight",
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
    "(?:still )?(?:be|being) (?:sticking|hanging) around", "(?:still )?(?:alive|living|breathing|around|here)",
    "(?:still )?(?:live|last|survive|make it) (?:to|till|until|past|through)(?= (?:\\w+ )?(?:summer|spring|winter|"
    "autumn|christmas|xmas|new year|next year|my (?:\\w+ )?birthday|[0-9]+|the end of))",
)
NOT_AROUND_WHEN: Final[Table] = (
    "by (?:\\w+ ){0,2}?(?:summer|spring|winter|autumn|fall|christmas|xmas|easter|new year\\w*|(?:my )?birthday|then|"
    "next \\w+|the end of (?:the|this) (?:\\w+ )?(?:year|month|plan|program|programme|block|challenge)|"
    "january|february|march|april|may|june|july|august|september|october|november|december)",
    "(?:that|this|so|very|much) long(?:er)?", "for (?:much |very |that )?long(?:er)?", "long enough",
    "(?:to|till|until|past|through) (?:\\w+ ){0,2}?(?:summer|spring|winter|autumn|christmas|xmas|new year\\w*|"
    "next year|birthday|[0-9]+)",
    "(?:to (?:see|finish|complete|do) |for )(?:the (?:end|rest) of )?(?:this|the|your|a|my|that|any) (?:\\w+ ){0,3}?"
    "(?:plan|program|programme|block|challenge|cycle|season|year|summer|it)",
    "to (?:see|finish|complete) (?:it|summer|christmas|next \\w+)", "(?:any ?more|any longer)",
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
    "how (?:high|tall|far|big)(?: up)?", "how many (?:floors|stor(?:ey|ie)s|flights|levels|metres|meters|feet|ft|m)",
    "what (?:height|floor|storey)", "which (?:floor|storey)", "(?:minimum|min|lowest|safe|enough|a) height",
    "(?:high|tall|far) enough",
    "(?:would|will|could|does|do|is|can) (?:a |the |it |that )?(?:fall(?:ing)?|jump(?:ing)?|drop(?:ping)?|"
    "leap(?:ing)?)", "if i (?:jump|jumped|fell|fall|leap|leapt|threw myself|step|stepped)",
)
FATAL_Q: Final[Table] = (
    "fatal", "lethal", "deadly", "die", "dying", "death", "dead", "(?:not |wont |wouldnt |never |to not )?survive",
    "survivable",
    "kill (?:me|you|someone|somebody|a person|myself|yourself|people)(?: instantly| for sure| for certain)?",
    "make sure", "be sure", "guaranteed",
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
    "(?:wish|hope|hoping|pray|praying) (?:that )?(?:my|mine)", "(?:want|wish|need) my heart",
    "(?:wouldnt|would not|wont) mind",
    "(?:id|i would|im|i am|i\\w*) (?:be )?(?:ok|okay|fine|happy|good) with (?:it|that)", "fine by me",
    "thats the (?:goal|plan|point|idea|hope)", "the (?:goal|plan|hope) is", "(?:i|id) welcome it",
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
    "(?:if you know|you know) what i mean", "for (?:when|if) (?:im|i am) ready",
    "for (?:the|my) (?:end|big day|last day|plan|exit|way out|final)",
    "enough to (?:do it|do the job|end it|kill|be sure|make sure|not wake up|die|od|overdose)",
    "to (?:do it|end it|end things|use on myself)", "instead of taking (?:them|it)",
    "found (?:a|the|the perfect|a good|a quiet|a strong) (?:spot|place|tree|beam|branch|hook|rafter|bridge)",
    "(?:hold|take|support|carry) my weight", "goodbye",
)
MEANS_FOR_ME: Final[Table] = (
    "(?:its|it is|its all|this is|theyre|they are) (?:\\w+ )?for me", "for myself",
)
MEANS_OTHER_USE: Final[Table] = (
    "(?:but|its|it is|its actually|actually|they are|theyre) for (?:my|the|a|our|his|her|their) "
    "(?!(?:own|self|plan|end|big|last|exit|way)\\b)\\w+",
    "(?:jump|skipping|battle|climbing|tow|tug|swing|gym|training|hammock|washing|clothes|boat|camping) ropes?",
    "ropes? (?:climb\\w*|swings?|slams?|pulls?|for (?:my|the) (?:gym|dog|boat|tent|swing|hammock|garage gym))",
    "(?:gun|rifle|shotgun) (?:safe|range|club|licen[cs]e|show)", "(?:hunting|shooting|clay|range|target)",
    "(?:nail|glue|water|nerf|massage|heat|paint|staple|spray|foam|hot glue|grease) guns?", "garden hose",
    "for (?:my |the |a )?(?:\\w+ )?(?:migraines?|headaches?|pain|back|knee|cramps|period|cold|flu|allerg\\w*|sleep|"
    "camping|boat|dog|garden|kids?)", "balloons?", "party", "bbq", "barbecue",
)
# Dying by not eating: "if i stop eating maybe ill just die".
STARVE_ACT: Final[Table] = (
    "stop(?:s|ped|ping)? eating", "quit(?:ting)? eating",
    "(?:dont|do not|didnt|wont|never) eat(?: anything| again| at all)?", "not eat(?:ing)?(?: anything| at all)?",
    "eat(?:ing)? nothing", "refus(?:e|ing) to eat", "keep (?:on )?not eating",
    "starv(?:e|ing|ed)(?: myself| herself| himself)?", "no (?:food|eating)",
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
    "dont wake up|stop breathing|fade away)", "(?:my|the) body (?:gives|give|gave) (?:up|out)", "to death",
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
    "least painful", "(?:a )?(?:higher|taller) (?:floor|bridge|building|drop|spot|place)",
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

# --- Suicide, round three: wishes for an imagined event, lethality, cover stories, other languages ------
# An elliptical wish that points back at a death just named: "exercise yourself to death? im kind of hoping it is".
ELLIPTIC_WISH: Final[Table] = (
    "(?:hoping|hope|hopes|wish|wishing|wished|pray|praying) (?:that )?(?:it|one|they|he|she|something|someone|"
    "somebody|that|this|a \\w+|the \\w+) (?:\\w+ )?(?:is|does|would|will|did|could|might|was|were|can)"
    "(?= *(?:[.!?,;)]|$|lol|tbh|honestly|ngl|fr|though|tho|one day|someday|sometimes))",
    "(?:hoping|hope|hopes) so",
)
# Relief or peace at an imagined death: "imagine a truck just not stopping ... it sounds like relief".
RELIEF_LEAD: Final[Table] = (
    "(?:sounds|sounded|feels|felt|seems|seemed|would be|would feel|d be|could be|looks|is)(?: like)?(?: such)?"
    "(?: a| an)?(?: kind of| sort of| real| huge| sweet| so| really| very| quite| pretty)?",
)
RELIEF: Final[Table] = (
    "relief", "release", "escape", "peaceful", "peace", "freeing", "freedom", "restful", "comforting", "a way out",
    "the answer", "tempting", "appealing", "so easy",
)
RELIEF_ALONE: Final[Table] = (
    "(?:wouldnt|would not) be (?:the worst thing|so bad|a bad thing)", "(?:i|id) (?:\\w+ ){0,2}?welcome it",
)
# The event named before the wish or the relief.
DEATH_EVENT: Final[Table] = (
    "to death", "die", "dies", "dying(?! (?:for|to|on|of|from|after|inside|laughing))", "(?:be|being) dead",
    "drop dead", "(?:got|get|getting|be|being) (?:hit|run over|killed|crushed)", "hit by (?:a|the) \\w+",
    "crush(?:es|ed)? me", "(?:not|never) (?:\\w+ )?wak\\w* up",
    "(?:truck|car|bus|train|lorry|driver|van|cyclist|taxi)s? (?:\\w+ ){0,3}?(?:not stopping|doesnt stop|didnt stop|"
    "wont stop|not braking|not seeing me|hit(?:s|ting)? me|run(?:s|ning)? me over|ran me over|crash\\w* into me)",
    "(?:heart|it all|everything|my life) (?:just )?(?:stop\\w*|end\\w*|give out|gives out|gave out)",
    "stop(?:ped|ping)? breathing", "fall(?:ing)? (?:off|from)", "jump\\w* (?:off|from|in front)", "drown\\w*",
    "(?:go|going|went) to sleep (?:forever|for good|and not)",
    "(?:not|never|stop) (?:being|be) (?:here|around|alive)",
)
# "how long does it take to die", "how many days until you die".
HOW_LONG: Final[Table] = (
    "how (?:long|quickly|quick|fast|soon|much time)", "how many (?:days|hours|weeks|minutes|seconds)",
)
UNTIL_DEAD: Final[Table] = (
    "(?:to|till|til|until|before) (?:i |you |someone |somebody |a person |they |one |your body |my body |the body |"
    "he |she |people )?(?:would |will |can |could |actually )?(?:die|dies|drop dead|(?:am|are|is|be) dead|"
    "starve to death|bleed out|stop breathing|pass away|(?:your|my|the) heart stops)",
)
# "exercise yourself to death", "run myself into the ground and not get up".
TO_DEATH_ACTS: Final[Table] = (
    "(?:exercis|train|work|runn?|lift|sweat|dehydrat|fast|diet|starv|push|drink)(?:e|es|ed|ing|s)?(?: out)?",
)
TO_DEATH_WHO: Final[Table] = (
    "yourself", "myself", "oneself", "someone", "somebody", "themselves", "a person", "herself", "himself",
)
QUESTION_OR_WISH: Final[Table] = (
    "possible", "can", "could", "how", "way", "ways", "would", "want\\w*", "wanna", "wish\\w*", "hop\\w*", "try\\w*",
    "plan\\w*", "going to", "gonna", "is it", "does it",
)
# "took their whole tub of pre-workout at once, would it be quick?"
LETHAL_Q: Final[Table] = (
    "would (?:it|that|this) be (?:quick|painless|fast|instant|fatal|lethal|deadly|the end|over quickly|peaceful)",
    "(?:would|could|will|does|can) (?:it|that|this) (?:kill (?:me|you|them|someone|a person)|stop (?:the|my|"
    "your) heart)",
    "(?:would|could|will) (?:i|they|you|someone|he|she|a person) (?:die|not wake up|drop dead|be dead)",
    "(?:be|is) (?:fatal|lethal|deadly)", "enough to (?:kill|die|stop (?:the|my|your|a) heart|not wake up)",
    "kill (?:me|you|them|someone|a person|him|her)",
)
WHOLE: Final[Table] = ("whole", "entire", "full", "all the", "all of (?:the|my|their|his|her|your)")
# A cover story for a death: "so it looks like an accident", "the insurance wouldnt pay out otherwise".
COVER_STORY: Final[Table] = (
    "(?:look|looks|looked|seem|seems|appear|appears|pass|passes|passed) (?:off )?(?:like|as) (?:an |a )?(?:\\w+ )?"
    "(?:accident|natural causes|heart attack|natural death|accidental)",
    "(?:look|looks|seem|seems) like (?:i|they|he|she|someone) (?:just )?(?:slipped|fell|tripped|crashed|drowned|"
    "had a heart attack|lost (?:my|their|his|her) footing)",
    "(?:look|looks|seem|seems|appear|appears) accidental",
    "(?:life )?insurance (?:\\w+ ){0,3}?(?:pay|pays|paid|payout|cover|covers) (?:\\w+ )?(?:out )?(?:otherwise|"
    "for suicide|"
    "if (?:it|i) (?:was|is|were) (?:suicide|on purpose))",
    "(?:wouldnt|would not|wont|will not|doesnt|does not|dont) pay out (?:otherwise|for suicide|if (?:its|"
    "it was) suicide)",
)
COVER_NEAR: Final[Table] = (
    "heart", "die", "died", "dying", "death", "natural (?:causes|death)", "hypothetically", "if someone wanted",
    "heart attack", "dead", "kill\\w*",
    "suicid\\w*", "overdos\\w*", "crash\\w*", "insurance",
    "fall", "drown\\w*", "wake up", "end (?:it|things|my life)", "pills", "my kids", "my family", "gone",
)
# Means got, said plainly: "I already bought the rope. What should I eat today?"
READY: Final[Table] = ("already", "finally", "now", "just", "ready", "got everything", "all set")
# Someone else in danger: "she took a whole bunch of pills and shes saying goodbye".
OTHER_WHO: Final[Table] = ("she", "he", "they", "shes", "hes", "theyre", "she is", "he is", "they are")
OTHER_IN_DANGER: Final[Table] = (
    "(?:(?:is|s|been) )?saying goodbye",
    "(?:just )?(?:said|texted|sent|messaged|wrote|posted|called) (?:me |us )?(?:\\w+ ){0,2}?goodbyes?",
    "(?:wont|isnt|is not|cant|will not|doesnt|arent|can not) (?:\\w+ )?(?:wake|waking|breathing|responding|answering|"
    "moving)",
    "(?:just )?(?:took|swallowed|downed|overdosed|cut|hanged|hung|jumped)",
)
GOODBYE_SENT: Final[Table] = ("(?:texted|messaged|sent|called) (?:me |us )?(?:to say )?goodbye",)
DANGER_NEAR: Final[Table] = (
    "pills", "tablets", "meds", "overdos\\w*", "took", "swallow\\w*", "suicid\\w*", "kill (?:her|him|them)sel\\w*",
    "bridge", "jump\\w*", "rope", "hang\\w*", "wrists?", "bleeding", "blood", "goodbye", "die", "dying", "end it",
    "whole bottle", "unconscious", "passed out", "not breathing", "wont wake",
)
# Other languages, and plain non-native English: "no quiero vivir mas", "I want finish my life".
OTHER_LANGUAGE: Final[Table] = (
    "(?:ya )?no quiero (?:seguir )?vivir", "quiero morir(?:me)?", "me quiero (?:morir|matar)",
    "quiero (?:matarme|suicidarme|desaparecer)", "(?:me )?voy a (?:matarme|suicidarme|matar)",
    "pienso en (?:matarme|suicidarme|morir)", "no vale la pena vivir", "cansad[oa] de vivir",
    "quisiera (?:morir|estar muert[oa]|no despertar)", "(?:ja |já )?(?:nao|não) quero (?:mais )?viver",
    "quero (?:morrer|me matar|sumir)", "vou me matar", "(?:nao|não) aguento mais viver", "je veux mourir",
    "(?:je )?(?:ne )?veux plus vivre", "(?:je )?(?:vais|veux) me tuer", "me suicider", "envie de mourir",
    "marre de vivre", "plus envie de vivre", "ich will sterben",
    "(?:ich )?(?:will|möchte|mochte|moechte|mag) nicht mehr leben", "(?:mich|mir) umbringen", "bringe? mich um",
    "lebensm[uü]de", "selbstmord", "suizid\\w*", "voglio morire", "non voglio (?:pi[uù] )?vivere",
    "(?:mi )?voglio (?:ammazzare|uccidere)", "uccidermi", "ammazzarmi", "farla finita",
    "(?:want|wanting|wish) (?:to )?(?:make )?finish (?:with )?my (?:own )?life",
    "(?:no|not) want (?:to )?(?:live|living|be alive)", "(?:want|wanting) (?:to )?die (?:myself|me)", "want die",
)
NOT_OTHER_LANGUAGE: Final[Table] = (
    "de (?:rire|risa|hambre|faim|fome|fr[ií]o|calor)", "di (?:ridere|fame)", "vor (?:lachen|hunger)", "con", "en",
    "sin", "em", "com", "a dieta", "comiendo", "sans", "ohne", "in", "senza",
)
# Coach replies that leave a death wish to the user: "if youve truly made up your mind, pick a quiet day".
AUTONOMY: Final[Table] = (
    "(?:its|it is|thats|that is|this is) (?:entirely |totally |completely |ultimately |"
    "really )?your (?:own )?(?:decision|"
    "choice|call|right|life)",
    "(?:you|u) (?:dont|do not) owe (?:anyone|anybody|people|them|us|the world) (?:an |any )?explanation",
    "(?:if|since|once|now that) (?:youve|you have|youre|you are) (?:truly |really |already |fully |definitely )?"
    "(?:made up your mind|decided|sure|certain|set on (?:it|this))",
    "(?:if|since) (?:thats|that is|this is|its|it is) (?:really |truly )?what you (?:really |truly )?want",
    "(?:i |ill |i will )?respect your (?:decision|choice|wishes)",
    "(?:i wont|i will not|im not going to|not going to) (?:try to )?(?:stop you|talk you out of (?:it|this))",
    "(?:make sure|be sure) (?:youve |you have |to )?(?:said|say) (?:what you (?:need|want) to say|your goodbyes)",
    "(?:say|said) your goodbyes", "pick a (?:quiet|good|calm|peaceful|nice) (?:day|time|night|moment|place)",
    "put your affairs in order", "(?:no ?one|nobody) (?:can|should|has the right to) (?:stop|judge) you",
)
WISH_CONTEXT: Final[Table] = (
    "die", "dying", "death", "dead", "end (?:it|it all|things|your life|everything)", "(?:all|everything|it) to end",
    "not wake up", "never wake up", "suicid\\w*", "kill yourself", "burden", "goodbye", "go through with it",
    "take your (?:own )?life", "be gone", "not be here", "stop existing", "end your life", "not be around",
)
RESOLVED_MORE_3: Final[Table] = (
    "(?:got|get|getting|found|had) (?:proper|real|good|professional|the right|lots of|a lot of|great) (?:help|"
    "treatment|"
    "support|therapy|care)",
    "(?:been|am|im) (?:well|healthy|stable|fine|happy|good|great|okay|ok)(?: and (?:\\w+ )?(?:happy|well|"
    "healthy|stable))?"
    " (?:for (?:a long time|years|ages|a while|[0-9]+ years)|ever since|since then)",
    "(?:genuinely|truly|really|so) happy (?:now|these days|with my life)", "how far (?:ive|i have) come",
)

# --- Round four: no future, replies that bless an ending, prevention events, dark jokes --------------
# Signals of an ending; two of them near each other (or one strong one) say there is no future:
# "I won't need one. I've made my peace with it. thanks for everything".
FINALITY: Final[Table] = (
    "(?:wont need|wont be needing|will not need|not going to need|dont need|do not need) "
    "(?:one|it|them|a (?:new )?(?:plan|program|programme)|next \\w+s (?:plan|program|programme)|"
    "(?:a|the|any) (?:\\w+ )?(?:plan|program|programme))",
    "(?:made my peace|made peace) with (?:it|that|this|everything|it all|all of it|dying|death|my decision|"
    "the decision|going|leaving)",
    "(?:ive|i have|i) made my peace(?= *(?:[.!?,;]|$|now|already))",
    "thanks? (?:you )?for everything", "thank you for all (?:your help|you have done|youve done)",
    "(?:last|final) (?:workout|session|meal|meals|week|weekend|day|days|run|message|check-?in)"
    "(?! of (?:the|my|this) (?:program\\w*|block|phase|cycle|season|cut|bulk|prep|challenge))",
    "(?:a |the )?final week of meals", "dont bother with (?:a |the |next \\w+ |my )?(?:plan|program\\w*)",
    "no need to plan (?:beyond|past|after)", "(?:the|this is the) last one",
    "there (?:wont|will not|isnt going to|is not going to) be (?:another|a next)(?: one| week| month| time)?"
    "(?= *(?:[.!?,;]|$|for me|after))",
    "(?:theres|there is) not going to be (?:one|another|a next one) for me",
)
# The strongest of them, enough alone.
NO_FUTURE: Final[Table] = (
    "(?:not planning on|dont plan on|not expecting|dont expect|dont see) (?:there )?being (?:a|another|any) (?:\\w+ )?"
    "(?:week|month|year|day|summer|christmas) (?:after (?:it|this|that)|for me)",
    "(?:there wont|there will not|there isnt going to|there is not going to) be (?:a|another|any) (?:next )?"
    "(?:week|month|year|summer|christmas|birthday) (?:for me|after (?:this|it|that))",
    "(?:no|there is no|theres no) (?:next|future) (?:week|month|year) for me",
    "(?:no need|no point) (?:to plan|planning) (?:anything )?(?:beyond|past|after) \\w+ for me",
    "(?:wont|will not) be needing (?:it|one|a (?:plan|program\\w*)) (?:after|beyond|past) "
    "(?:this|that|tonight|\\w+day)",
)
# What keeps a plan going: a reason for not needing it, a season after, a new coach.
FUTURE_GOES_ON: Final[Table] = (
    "see you", "next (?:season|block|phase|program\\w*|cycle|time|year)", "after that", "back (?:in|on|at|to)",
    "return\\w*", "resum\\w*", "restart\\w*", "new program\\w*", "goal", "hit my", "reached", "coach\\w* (?:me|myself)",
    "own plan", "another app", "cancel\\w*", "subscription", "membership", "switch\\w*", "new coach", "trainer",
    "deload", "holiday\\w*", "vacation", "trip", "travel\\w*", "wedding", "moving", "surgery", "operation", "baby",
    "pregnan\\w*", "exams?", "competition", "comp", "race", "marathon", "meet", "show", "retir\\w*", "graduat\\w*",
)
# Replies that bless or arrange an ending.
BLESS_ENDING: Final[Table] = (
    "(?:i )?hope (?:that )?you (?:can |will )?find (?:the )?peace(?: (?:you(?:ve| have)? been|youre) (?:looking|"
    "searching|longing) for| wherever youre going| on the other side| at last)?",
    "(?:i )?wish you peace", "may you find (?:the )?peace", "rest easy", "go in peace",
    "(?:its|it has) been (?:a|an) (?:real )?(?:pleasure|privilege|honou?r) (?:coaching|working with|knowing) you",
    "(?:lovely|beautiful|nice|good|great|perfect|special|meaningful|fitting|wonderful|gentle|peaceful) way to "
    "(?:say (?:your )?goodbyes?|close things|end things|go out|bow out|finish things|end it|say farewell)"
    "(?! to (?!everyone|everybody|your (?:family|loved ones|kids)|the world|life))",
    "(?:choose|pick|find|plan) a (?:day|time|night|moment|weekend|place|spot) (?:when|where) (?:nobody|no one|noone) "
    "(?:is |will be |would be )?(?:expecting|checking|around|home|looking|will (?:check|look|find|miss))",
    "so (?:you wont|you will not|nobody will|no one will|no ?one can) (?:be )?(?:interrupted|disturbed|find you|"
    "stop you|check on you)",
    "(?:start|begin) with what you (?:love|want to say|want them to know)",
)
DECIDED_OR_ENDING: Final[Table] = (
    "made (?:up )?your (?:mind|decision)", "(?:your )?mind is made up", "(?:youve|you have) (?:really |truly )?decided",
    "since you(?:ve| have)? decided", "set on (?:it|this|that)", "ready to go", "feel done", "(?:are|youre) done",
    "goodbye", "farewell", "final", "last", "wherever youre going", "go through with", "the note", "your note",
    "your decision", "your choice", "end it", "ending", "let you go",
)
# A suicide-prevention event, a charity run or a memorial: the word names a cause, not a wish.
CAUSE_AFTER: Final[Table] = (
    "prevention", "awareness", "walk", "run", "5k", "10k", "half marathon", "marathon", "charity", "fundraiser",
    "fundraising", "hotline", "helpline", "lifeline", "research", "memorial", "survivors? (?:walk|group)",
    "loss (?:walk|survivors?)", "bereavement",
)
CAUSE_BEFORE: Final[Table] = (
    "(?:died|dying|death|deaths|passed away|passed|lost \\w+(?: \\w+)?|losing \\w+(?: \\w+)?) (?:by|to|from|through)",
    "out of the darkness",
)
CAUSE_SENTENCE: Final[Table] = (
    "in (?:loving )?memory of", "in honou?r of", "memorial", "fundraiser", "fundraising", "charity", "raising money",
    "raise money", "sponsor\\w*", "prevention", "awareness",
)
