"""Phrase tables for suicide and death wishes: wishes, fatal outcomes, absence, slang."""

from __future__ import annotations

from typing import Final

# --- Tables ---------------------------------------------------------------------------------------
DESIRE: Final = (
    "wish(?:es|ed|ing)?", "hope(?:s|d)?", "hoping", "pray(?:s|ed|ing)?", "want(?:s|ed|ing)? (?:it|that)",
    "wouldnt mind if", "would not mind if", "wouldnt care if", "would not care if", "dont care if", "do not care if",
    "wouldnt be sad if", "id be (?:ok|okay|fine|happy|relieved) if", "im (?:ok|okay|fine) (?:with it )?if",
)

SELF_SUBJECT: Final = ("i", "id", "ill", "im", "i would", "i could", "you", "youd", "she", "he", "they")

# What the wisher hopes happens to them.
FATAL_SELF: Final = (
    "die(?:s|d)?", "drop dead", "(?:be|was|were) dead",
    "(?:dont|do not|wont|will not|never|not|wouldnt|didnt) wake up", "(?:never|didnt|did not) wok(?:e|en) up",
    "(?:dont|do not|wont|never|not|didnt) make it (?:to|through|past)", "get(?:s)? (?:hit|run over|killed)",
    "got (?:hit|run over|killed)", "get (?:cancer|a disease|some disease|an illness|something terminal|sick and die)",
    "(?:just )?disappear(?:ed)?", "vanish(?:ed)?", "stop(?:ped)? existing", "(?:didnt|did not|never) exist(?:ed)?",
    "(?:had )?never been born", "wasnt born", "stop(?:ped)? breathing",
    "(?:wasnt|werent|was not|were not|wouldnt be|not be) (?:here|around|alive)", "(?:was|were) gone", "be gone",
)

HITS_ME: Final = (
    "hits me", "hit me", "runs me over", "run me over", "ran me over", "kills me", "kill me", "takes me out",
    "take me out", "crashes into me", "finish(?:es)? me off", "ends me",
    "(?:car|bus|truck|lorry|train|driver) (?:doesnt|wont|didnt|does not|will not) (?:stop|brake|see me)",
)

VEHICLES: Final = ("plane", "flight", "car", "bus", "train", "lorry", "truck")

CRASHES: Final = ("crash(?:es|ed)?", "goes down", "went down", "going down", "falls? out of the sky")

BETTER: Final = (
    "better off", "better", "happier", "easier", "fine", "okay", "ok", "relieved", "lighter", "freer",
)

ABSENT: Final = (
    "without (?:me|you|her|him|them)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:wasnt|werent|was not|were not) (?:here|around|alive|there|in it)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:was|were|am) (?:gone|dead|not here|not around|not alive)",
    "if (?:i|you|she|he) (?:just |simply |really )?(?:died|die|disappeared|left for good|never existed|didnt exist|"
    "stopped existing)", "with (?:me|you|her|him) gone", "once (?:im|youre|shes|hes) gone", "when (?:im|youre) gone",
    "than with me",
)

BURDEN_HEAD: Final = ("im", "i am", "i feel like", "feel like", "feeling like", "i feel", "i know im", "i think im")

WANT_TO: Final = (
    "want(?:s|ed|ing)? to", "ready to", "deserve(?:s)? to", "wish(?:es|ing)? to", "hope to", "hoping to",
    "plan(?:s|ning|ned)? to", "trying to", "tried to", "wish i could", "just want to", "long to", "longing to",
)

DEATH_PHRASES: Final = (
    "(?:better off|rather be|should be|want to be|wish i was|wish i were) dead", "should (?:just )?die",
    "wish(?:es|ed|ing)? (?:that )?(?:i|she|he|they) (?:was|were|could be|would be) (?:just )?dead",
    "(?:dont|do not|no longer|not|never) (?:really )?(?:want|wish) to (?:be alive|keep living|be here any ?more|"
    "be around any ?more)",
    "(?:see|find|is there|there is|theres|whats|what is) (?:no|any|the|even the) point (?:in|of) (?:me )?(?:living|"
    "life|"
    "being alive|existing|going on|staying alive|carrying on|trying any ?more|anything|being here|me being here)",
    "(?:life|living|my life|it all|existing|being alive|this life) (?:is |s |feels |seems )?(?:not|isnt|aint|no longer|"
    "never|really not) (?:even )?worth (?:it|living|anything)", "not worth (?:living|being alive|staying alive)",
    "(?:disappointed|gutted|annoyed|upset|angry|pissed|sad|sorry) (?:that )?(?:i|i still) (?:woke up|wake up|am still "
    "(?:here|alive)|survived|didnt die|made it through (?:the night|another day))",
    "giv(?:e|ing) up on (?:life|living|being alive)", "no (?:reason )?to live(?: for)?", "nothing to live for",
    "not worth living",
    "(?:tired|sick) of (?:living|being alive|life(?! (?:admin|style|coach\\w*|drawing|insurance|hacks?|stuff|skills|"
    "lessons|getting|being|throwing|and))|existing|being here)",
    "want (?:it all|everything|this|my life|it) to (?:end|stop|be over)",
    "(?:it|this|everything) (?:would|will|could) (?:all )?be over",
    "end(?:ing)? (?:it all|everything|(?:my|his|her|their|your) (?:own )?life)",
    "(?:cant|can not|cannot) (?:keep going|go on|do this any ?more|keep living|live like this|take (?:it|this) any "
    "?more)", "tak(?:e|ing) (?:my|her|his|their|your) (?:own )?life",
    "life (?:is|feels|seems) (?:so |completely |totally |just )?(?:pointless|meaningless|hopeless|not worth)",
    "jump(?:ing)? (?:off|from|in front of) (?:a|the|my|this|that|our) (?:\\w+ )?(?:bridge|building|roof|train|cliff|"
    "balcony|car|bus|truck|window|tower|overpass|motorway|highway)", "noose",
    "(?:think|thinking|thought|thoughts|obsess\\w*|fantasi[sz]\\w*|dream\\w*|dwell\\w*) (?:about|of) (?:dying|death|"
    "being dead|my (?:own )?death|killing myself|ending (?:it|it all|my life)|not (?:being here|waking up|existing)|"
    "the rope(?! (?:climb\\w*|test|workout|session|drills?|skip\\w*|jump\\w*|course)))",
    "deserves? to (?:be hungry|go hungry|feel hungry|be in pain|feel pain|hurt|be hurt|rot|die|suffer)",
    "deserves? (?:the |some |this )?(?:pain|punishment|to be punished)",
    "(?:want|wants|need|needs|trying|plan|planning) to (?:starve|suffer|be punished)",
    "(?:took|take|taking|swallowed|swallow) (?:a (?:whole )?bunch of|all (?:my|of my|the)|a (?:whole )?lot of|loads of|"
    "too many|way too many|so many|a ton of|tons of|heaps of|a load of|a handful of|"
    "an entire|the whole) (?:\\w+ )?(?:pills|tablets|meds)",
    "(?:take|takes|taking|took|swallow\\w*) (?:the|a|an) (?:whole|entire) (?:bottle|pack|packet|box|"
    "strip) (?:would|will|"
    "should|could|to|is going to) (?:definitely |surely |probably |easily )?(?:do it|do the job|kill|end it|be enough|"
    "be fatal|be lethal)",
    "(?:want|need|wish i could|wish i could get) out of (?:this |my |this stupid |this miserable )?(?:life|world|"
    "existence|body)",
    "(?:wish(?:es|ed|ing)?) (?:that )?(?:i|id|i had|i was|i were) (?:had )?never (?:been born|born|existed|exist|"
    "woken up|woke up)", "check(?:ing)? out (?:for good|permanently|early|of life)",
    "(?:im|i am) (?:so )?done with (?:life|living|being alive|existing|this life|my life|it all|this world)",
    "(?:lost|losing|have no|no) (?:the )?will to (?:live|go on|keep going)",
    "(?:no|nothing|no reason|no point|nothing left) (?:\\w+ )?to (?:keep going|go on|carry on|keep living|stay alive|"
    "be alive|wake up for)",
    "(?:ill|i will|im going to|i am going to) be (?:gone|dead|not here|not around) (?:soon|anyway|before long|by "
    "(?:then|tomorrow|morning|the weekend|next \\w+)|forever)",
    "(?:dont|do not) think i can (?:do this|go on|keep going|take (?:it|this)|keep living|carry on|live like this) ?"
    "(?:any ?more|much longer)",
    "stop (?:being alive|living|existing|breathing)(?= *(?:[.!?,;]|$|for good|forever|completely))",
    "(?:standing|sitting|stood|sat|on my way to) (?:on|at|to) (?:the|a|this) (?:edge of the )?(?:bridge|ledge|rooftop|"
    "roof edge|railing|train tracks|tracks|cliff edge|overpass)",
    "(?:ways?|methods?|how|best way|easiest way|quickest way|painless way) (?:\\w+ )?(?:to|i can|i could|do i|can i|"
    "could i) (?:die|kill myself|end my life|end it all)",
    "(?:lethal|fatal|deadly|toxic|overdose) (?:dose|doses|amount|quantity|level)",
    "how (?:many|much)(?: \\w+){0,6}? (?:would|will|could|to|it takes to|does it take to) kill (?:me|myself|a person|"
    "someone|you)", "(?:goodbye|farewell|suicide) (?:letters?|notes?|messages?|videos?)",
    "giv(?:e|ing|en) away (?:all )?(?:of )?(?:my|all my) (?:stuff|things|belongings|possessions|pets?)",
    "(?:giv(?:e|es|ing|en)|gave) (?:all |most )?(?:of )?(?:my|all my) (?:stuff|things|belongings|possessions) away",
    "(?:wont|will not|not going to) (?:be )?need(?:ing)? (?:it|them|any of (?:it|this|them)|anything|"
    "my \\w+) (?:where im "
    "going|after (?:tonight|today|this week|this weekend|\\w+day))",
    "(?:wont|will not|not going to|dont plan to|do not plan to) be (?:around|here|alive) (?:much |for )?"
    "(?:longer|long|any ?more)",
    "(?:wont|will not|not going to|dont plan to|do not plan to) be alive (?:tomorrow|next (?:week|month|year)|"
    "by (?:then|next \\w+))",
    "(?:dont|do not|didnt|never) deserve (?:to (?:live|be alive|exist|be here|be happy|eat|have food)|food|to eat "
    "anything)",
    "(?:pills|meds|tablets|medication|painkillers|sleeping pills) (?:\\w+ )?(?:saved|stashed|stockpiled|hoarded)",
    "(?:stockpil\\w*|hoard\\w*|stash\\w*) (?:up )?(?:my |all my )?(?:pills|meds|tablets|medication|"
    "painkillers|sleeping pills)",
    "(?:rather|sooner) (?:die|be dead|kill myself|starve) than (?:\\w+ ){0,2}?(?:gain|put on|be fat|get fat|weigh "
    "[0-9]+|"
    "be \\w+ (?:kg|kilos|pounds|lbs)|be overweight|go up|get bigger)",
    "(?:rather|sooner) (?:die|be dead|kill myself|starve) than (?:\\w+ ){0,2}?eat(?: (?:anything|again|more|food|a "
    "meal|"
    "normally|properly|today))?(?= *(?:[.!?,;]|$|lol|tbh|honestly))",
    "(?:worth|worthy of) (?:dying|starving|killing myself|fainting) (?:for|to be|over)",
    "(?:skinny|thin|thinness|being thin|being skinny|bones|a thigh gap) is worth (?:dying|starving|anything|everything|"
    "the pain)",
    "cut(?:ting)? (?:my|her|his|their) (?:own )?life short",
)

KILL_VERBS: Final = (
    "kill(?:s|ed|ing)?", "unaliv(?:e|es|ed|ing)", "off(?:s|ing)?", "hang(?:s|ed|ing)?", "drown(?:s|ed|ing)?",
    "poison(?:s|ed|ing)?", "shoot(?:s|ing)?", "end(?:s|ed|ing)?", "delete", "yeet(?:ing)?",
)

SLANG: Final = ("unaliv\\w*", "sewerslide", "sewer slide", "sewer-slide", "ctb", "kys", "su[i1]cid\\w*")

SUI_SLANG: Final = ("sui (?:thoughts?|ideation|urges?|feelings?|plans?|attempts?|vibes|watch|risk|mode)", "feeling sui")

# --- Not wanting to be alive ----------------------------------------------------------------------
# "i dont (even) want to be alive", "she doesnt wish to live", "no desire to exist".
NOT_WANT_NEG: Final = (
    "dont", "do not", "doesnt", "does not", "didnt", "did not", "no longer", "not", "never", "no", "zero",
    "lost (?:the|my|all|any)", "have no", "has no", "without (?:the|any|a)",
)
NOT_WANT_FILLER: Final = ("even", "really", "honestly", "actually", "truly", "just", "particularly", "much", "real")
NOT_WANT_VERB: Final = (
    "want(?:s)? to", "wish(?:es)? to", "care to", "desire to", "will to", "reason to", "motivation to",
)
# Being alive, said outright: any end of the thought will do.
ALIVE_STRONG: Final = (
    "be alive", "live", "exist", "keep living", "keep existing", "stay alive", "go on living", "continue living",
    "be on this earth", "be in this world", "survive",
)
# Said only with "any more", "ever again": "dont want to be here at 5am" is about a place.
ALIVE_WEAK: Final = ("be here", "be around", "keep going", "go on", "carry on", "wake up")

# "stopped caring whether i live or die".
LIVE_OR_DIE: Final = (
    "(?:whether|if) (?:or not )?(?:i|she|he|they|you) (?:live|lives|survive|survives|wake up|"
    "wakes up) or (?:die|dies|not)", "(?:whether|if) (?:im|shes|hes|theyre|youre) (?:alive|living) or (?:dead|not)",
)

# Tired, done, over: "im so over being alive", "finished with life".
DONE_WITH_LIFE: Final = (
    "(?:tired|sick|exhausted|weary|worn out|fed up) (?:of|with) (?:living|being alive|life(?! (?:admin|style|coach\\w*|"
    "drawing|insurance|hacks?|stuff|skills|lessons|getting|being|throwing|and))|existing|being here|"
    "waking up every day|this life|my life)",
    "(?:im|i am|shes|hes|she is|he is) (?:so |just |completely |totally |honestly )?(?:done|finished|over|through) "
    "(?:with )?(?:life(?! (?:admin|style|coach\\w*|drawing|insurance|hacks?|stuff|skills|lessons))|"
    "living|being alive|"
    "existing|this life|my life|it all|this world)",
    "(?:see|find|have|got|is there|theres|there is|cant see|cant find|cannot see|dont see|"
    "dont have) (?:a |any |no |one |"
    "the )?(?:single |good )?(?:reason|point) (?:to|in|for) (?:keep living|keep existing|staying alive|stay alive|"
    "living any ?more|being alive|go on living|going on living)",
    "why (?:i should|i would|should i|would i|do i|should anyone) (?:even |still |bother to |bother )?"
    "(?:keep living|stay alive|go on living|"
    "be alive|keep existing|live any ?more)",
)

# --- Methods being contemplated ---------------------------------------------------------------------
CONTEMPLATE: Final = (
    "think(?:s|ing)? (?:about|of)", "thought (?:about|of)", "thoughts (?:about|of)",
    "keep (?:picturing|imagining|thinking about|seeing myself|dreaming about)", "picturing", "imagin(?:e|es|ed|ing)",
    "fantasi[sz](?:e|es|ed|ing) about", "dream(?:s|ed|ing|t)? (?:about|of)", "daydream(?:s|ed|ing)? (?:about|of)",
    "tempted (?:to|by)", "urges? to", "want(?:s|ed)? to", "going to", "considering", "consider(?:ed)?",
    "plan(?:s|ning|ned)? (?:to|on)", "how easy it (?:would|could) be to", "close to", "came close to", "almost",
    "nearly", "could (?:just|easily)",
)
TRAFFIC: Final = (
    "trains?", "bus(?:es)?", "trucks?", "lorr(?:y|ies)", "cars?", "traffic", "oncoming traffic", "trams?", "subway",
    "the tube", "tracks", "semi", "18 wheeler",
)
STEP_INTO: Final = (
    "step(?:s|ped|ping)? (?:out )?(?:in front of|into|under)",
    "walk(?:s|ed|ing)? (?:out )?(?:in front of|into|under)",
    "throw(?:s|ing|n)? myself (?:in front of|into|onto|under)", "threw myself (?:in front of|into|onto|under)",
    "jump(?:s|ed|ing)? (?:out )?(?:in front of|into|under)",
    "(?:step|walk|jump)(?:s|ed|ing)? (?:out )?onto the (?:tracks|rails|railway)", "lie (?:down )?on",
    "lying (?:down )?on",
)
GENTLE_WAY: Final = (
    "(?:most |least |more |a |the )?painless", "(?:most |least |a |the )?peaceful", "least painful", "quick(?:est)?",
    "fast(?:est)?", "easiest", "simplest", "surest", "best",
)

# --- Medicines, for overdose ----------------------------------------------------------------------
MEDICINES: Final = (
    "pills?", "tablets?", "meds", "medication", "medicine", "capsules?", "painkillers?", "pain killers?",
    "sleeping (?:pills|tablets|meds)", "sleep(?:ing)? aids?", "antidepressants?", "anti depressants?", "tylenol",
    "paracetamol", "acetaminophen", "panadol", "advil", "ibuprofen", "nurofen", "motrin", "aspirin", "aleve",
    "naproxen", "excedrin", "benadryl", "diphenhydramine", "nyquil", "unisom", "melatonin", "xanax", "valium",
    "ambien", "zopiclone", "codeine", "tramadol", "oxy(?:codone|contin)?", "percocet", "vicodin", "morphine",
    "seroquel", "quetiapine", "lithium", "insulin", "sertraline", "zoloft", "prozac", "fluoxetine", "lexapro",
    "citalopram", "amitriptyline", "antihistamines?", "opioids?", "iron (?:pills|tablets)",
)
CONTAINERS: Final = ("bottle", "pack", "packet", "box", "blister pack", "strip", "tub", "jar", "sleeve", "container")
SWALLOW: Final = (
    "take", "takes", "took", "taking", "taken", "swallow(?:s|ed|ing)?", "down(?:s|ed|ing)?", "pop(?:s|ped|ping)?",
    "eat(?:s|ing)?", "ate", "chug(?:s|ged|ging)?", "od on", "overdose on",
)

# --- Preparation and goodbye ----------------------------------------------------------------------
FAREWELL_NOTES: Final = (
    "(?:writ(?:e|es|ing|ten)|wrote|leav(?:e|es|ing)|left|drafting|drafted) (?:a |some |my |the |all the |these |"
    "little |final |last |goodbye )?(?:final |last |goodbye )?(?:letters?|notes?|messages?|cards?)",
)
DATE_SET: Final = (
    "(?:picked|pick|picking|chose|chosen|choose|choosing|set|setting|settled on|decided on) (?:a|the|my) date",
)
# What makes letters or a date a preparation, not a birthday card or a wedding.
PREP_CONTEXT: Final = (
    "goodbye", "good ?bye", "farewell", "after im gone", "when im gone", "once im gone", "for after",
    "explain(?:ing|s)? why", "say(?:ing)? sorry", "apologi\\w+", "im ready", "i am ready", "ready to go", "ready now",
    "last (?:time|letter|note|message|goodbye)", "final (?:letter|note|message|goodbye)", "for it", "to do it",
    "the end", "end it", "end things", "wont be (?:here|around)", "not be (?:here|around)", "forever", "for good",
    "my affairs", "my will",
)
FINAL_GOODBYE: Final = (
    "goodbye (?:for good|forever|for ever|for the last time|everyone|everybody|world|cruel world|all)",
    "(?:this is|its|this will be|heres my|this is my) (?:final |last )?goodbye",
    "(?:say|saying|said|to say) (?:my )?(?:final |last )?goodbyes? (?:for good|forever|for the last time|"
    "to (?:life|the "
    "world|this world))", "(?:wont|will not|never|not going to) hear from me (?:again|any ?more|ever again)",
    "(?:this is|this will be|this is probably|this might be|this is going to be) (?:my|the) (?:last|final) "
    "(?:message|text|post|words|note|time you hear from me|time ill talk|check-?in|goodbye)",
    "(?:say|saying|said|to say) goodbye to (?:everyone|everybody|you all|all of you|my (?:family|kids|friends|parents|"
    "mum|mom|dad|partner|wife|husband)) (?:for good|forever|for the last time|one last time)",
    "thank you for everything(?: and)? goodbye", "thanks for everything(?: and)? goodbye",
)

# --- Round four: the note, comparing methods, means in view, God taking me, no future -------------
# The note being written: "ive started writing the note", "the note is written".
NOTE_VERBS: Final = (
    "start(?:ed|ing)?(?: writing| on)?",
    "began(?: writing)?",
    "finish(?:ed|ing)?(?: writing)?",
    "halfway through",
    "writ(?:e|es|ing|ten)",
    "wrote",
    "draft(?:ed|ing)?",
    "rewrit(?:e|es|ing|ten)",
    "working on",
    "work on",
    "spent (?:\\w+ ){0,3}?on",
    "stuck on",
    "busy with",
    "have",
    "got",
    "left",
    "leav(?:e|ing)",
    "hid(?:e|den|ing)?",
    "put(?: \\w+)? in",
    "(?:say|tell|write|explain)(?: \\w+){0,4} in",
)
THE_NOTE: Final = (
    "the note",
    "the letter",
    "my note",
    "my letter",
    "your note",
    "your letter",
    "a note like that",
    "a letter like that",
)
NOTE_DONE: Final = (
    "the note (?:is|was|has been|s) (?:written|done|finished|ready|in my \\w+)",
    "the letter (?:is|was|has been|s) (?:written|done|finished|ready|in my \\w+)",
    "my note (?:is|was|has been|s) (?:written|done|finished|ready|in my \\w+)",
    "my letter (?:is|was|has been|s) (?:written|done|finished|ready|in my \\w+)",
)
# Who the note speaks to: family, said in it.
NOTE_FOR: Final = (
    "mum", "mom", "mummy", "mommy", "dad", "daddy", "parents", "family", "kids", "children", "son", "daughter",
    "sister", "brother", "wife", "husband", "partner", "boyfriend", "girlfriend", "friends", "everyone",
    "sorry", "apologi\\w*", "goodbye", "explain\\w*", "in it", "already", "last night", "ready", "tonight", "today",
    "all week", "drawer",
)
NOTE_NOT: Final = (
    "birthday", "card", "thank\\w*", "christmas", "xmas", "anniversary", "wedding", "school", "teacher", "doctor",
    "sick note", "gp", "coach", "trainer", "pt", "landlord", "(?:at|for|from|to) work", "boss", "absence", "fridge",
    "notebook",
    "journal", "app", "macros", "program\\w*", "recipe", "cover letter", "application", "complaint", "council",
)
# Comparing two methods: "which hurts less, pills or jumping?"
METHODS: Final = (
    "pills",
    "tablets",
    "an overdose",
    "overdosing",
    "(?:an |the )?od",
    "jumping(?! (?:lunges?|jacks|rope|squats?|jacks))",
    "jumping off (?:something|a \\w+|the \\w+)",
    "(?:a |the )?bridge",
    "(?:a |the )?train",
    "(?:the )?tracks",
    "hanging",
    "(?:a |the )?rope",
    "(?:a |the )?noose",
    "drowning",
    "(?:a |the )?gun",
    "shooting myself",
    "cutting my wrists",
    "(?:my )?wrists",
    "(?:the )?car exhaust",
    "carbon monoxide",
    "gas",
    "bleeding out",
)
METHOD_COMPARE: Final = (
    "which", "what", "whats", "hurt\\w* less", "less pain\\w*", "more pain\\w*", "painless\\w*", "least painful",
    "quick\\w*", "fast\\w*", "sure[rs]?\\w*", "reliabl\\w*", "certain", "better", "easier", "effective", "likely",
)
# A means one keeps looking at: "a rope in the garage I keep looking at".
MEANS_IN_VIEW: Final = (
    "rope", "noose", "pills", "tablets", "painkillers", "gun", "pistol", "rifle", "bridge", "ledge", "overpass",
    "train tracks", "tracks", "railway", "knife drawer", "knives", "blades?", "razors?", "balcony", "cliff", "roof",
)
KEEP_LOOKING: Final = (
    "(?:keep|kept|keeps) (?:looking at|staring at|eyeing|checking on|thinking about|going back to|"
    "coming back to|glancing at|touching)(?: (?:it|them))?",
    "(?:keep|keeps|kept) (?:calling|pulling) (?:me|to me|at me)",
    "(?:cant|cannot|can not) stop (?:looking at|staring at|thinking about)(?: (?:it|them))?",
    "(?:my mind|my head|my thoughts) (?:keeps|keep) (?:going|drifting|wandering) (?:back )?to",
    "(?:stare|look) at (?:it|them) (?:every|all) (?:day|night|the time)",
)
MEANS_VIEW_NOT: Final = (
    "pretty", "beautiful", "view", "sunset", "sunrise", "photo\\w*", "architecture", "battle ropes?", "jump ropes?",
    "skipping", "climb\\w*", "pull ?ups?", "headaches?", "migraines?", "prescription", "refill", "side effects?",
    "affect\\w*", "supposed to", "dose", "hunting", "range", "clean\\w*", "paint\\w*", "fix\\w*", "buy\\w*",
    "use (?:it|them) for", "meaning to", "cooking", "chef",
)
# Asking God to take me, joining the dead: "praying the Lord takes me in my sleep".
PRAY_ASK: Final = (
    "pray(?:s|ed|ing)?", "ask(?:s|ed|ing)?", "beg(?:s|ged|ging)?", "hop(?:e|es|ed|ing)", "wish(?:es|ed|ing)?",
    "want", "begging", "plead(?:ing)?",
)
GOD: Final = (
    "god", "the lord", "lord", "the good lord", "jesus", "allah", "the universe", "heaven", "the angels",
)
TAKE_ME: Final = (
    "(?:would |will |to |could |just |might |finally |please )*(?:take|takes|took|call|calls) me"
    "(?! (?:to|through|back to) (?:the|a|my|class|work|gym|training))",
    "(?:would |will |to |could |just |please )*lets? me (?:go|die|slip away|rest|not wake up)",
    "(?:would |will |to |could |just |please )*(?:not (?:to )?)?let me wake up",
)
JOIN_THE_DEAD: Final = (
    "(?:go |be )?(?:be with|join|see|reunite with|meet) (?:my|our) late \\w+",
    "(?:go |be )?(?:be with|join|reunite with) (?:my|our) (?:\\w+ )?(?:wife|husband|partner|mum|mom|dad|son|daughter|"
    "baby|parents|family) (?:again )?(?:in heaven|up there|on the other side|in the next life|wherever (?:she|he|they) "
    "(?:is|are))",
)
JOIN_HEAD: Final = (
    "want to", "wanna", "ready to", "ready to go", "wish i could", "long to", "longing to", "cant wait to",
    "just want to", "need to", "time to", "soon ill", "hope to", "praying to", "pray to",
    "(?:all|the only thing) i (?:want|wish for) is to", "all i want is to",
)
# Letting death happen: "picturing just not turning the wheel on the motorway".
LET_HAPPEN: Final = (
    "(?:not|never|stop) turn(?:ing)? the wheel",
    "(?:not|stop|never) brak(?:e|ing)(?! (?:so|as|too|enough|properly|early|hard|on|for))",
    "(?:not|never) stop(?:ping)? at the (?:red )?lights?",
    "let(?:ting)? go of the (?:steering )?wheel",
    "clos(?:e|ing) my eyes (?:at|behind) the wheel",
    "(?:not|never) com(?:e|ing) back up",
    "stop(?:ping)? swimming",
    "(?:just )?sink(?:ing)?(?= *(?:[.!?,;]|$|and|to the bottom))",
    "let(?:ting)? the (?:current|water|waves|sea|river|tide) take me",
    "let(?:ting)? (?:it|whatever|what ever) happen(?:s)?",
    "let(?:ting)? (?:the car|it) drift",
    "drift(?:ing)? into (?:the )?oncoming",
    "(?:step|stepping|walk|walking) out without looking",
)
LET_SETTING: Final = (
    "wheel", "motorway", "highway", "freeway", "car", "driving", "drive", "drove", "road", "lane", "traffic",
    "brak\\w*", "swim\\w*", "sea", "river", "lake", "pool", "current", "waves", "tide", "curb", "kerb", "crossing",
    "train", "platform", "lights?", "oncoming", "bridge", "cliff", "ledge", "water",
)
LET_NOT: Final = (
    "progress", "rep", "reps", "lift", "plateau", "results", "weight loss", "gains", "process", "sleep", "nap",
    "lesson", "instructor", "test", "learn\\w*", "technique", "practice", "drill",
)
# Looked up how high, how many: "found myself googling how high a building has to be".
SEARCHED: Final = (
    "googl(?:e|ed|ing)", "search(?:ed|ing)?", "look(?:ed|ing)? up", "research(?:ed|ing)?", "read(?:ing)? up on",
    "looking into", "looked into", "asked chatgpt", "asking chatgpt",
)
SEARCHED_WHAT: Final = (
    "how (?:high|tall) (?:a |the |my )?(?:\\w+ )?(?:building|bridge|floor|roof|rooftop|balcony|cliff|drop|fall|"
    "window|car park|overpass)",
    "how many (?:floors|storeys|stories|metres|meters|feet)",
    "how many (?:of )?(?:my |the |her |his )?(?:\\w+ )?(?:pills|tablets|meds|sleeping pills|painkillers|"
    "paracetamol|tylenol|advil|ibuprofen)",
    "how much (?:paracetamol|tylenol|insulin|medication|of my \\w+)",
    "how long (?:it takes |does it take )?to (?:drown|bleed out|die|suffocate|hang)",
)
SEARCH_LETHAL_TAIL: Final = (
    "(?:has|needs|need|would have|would need|have) to be",
    "(?:it takes|it would take|does it take|would it take|would take|would do it|would kill)",
    "(?:is|are|would be) (?:too many|too much|enough|lethal|fatal)",
    "(?:is |are )?high enough",
    "to (?:die|not survive|be fatal|kill|not wake up)", "near (?:me|my \\w+)", "(?:by|near|at) my (?:house|place|flat)",
    "would be too many",
    "to take to",
)
# A dark joke taken back: "cut my life short haha. ...no but really".
JOKE_TAKEN_BACK: Final = (
    "no but (?:really|seriously|for real|fr)",
    "no really",
    "no seriously",
    "not joking",
    "not kidding",
    "not even joking",
    "not even kidding",
    "seriously (?:though|tho)",
    "(?:jk|just kidding|joking) (?:unless|but not really|not really)", "half joking", "only half kidding",
    "i mean it", "for real though", "not a joke",
)
JOKE_DEATH: Final = (
    "die", "dying", "death(?! of me)", "kill myself", "suicid\\w*", "end (?:it|it all|things|my life)", "unaliv\\w*",
    "not wake up", "not exist\\w*", "stop existing", "life short", "kms", "be gone", "disappear",
)
