"""Phrase tables for self-harm: wounding verbs, urges, deserved pain."""

from __future__ import annotations

from typing import Final

# Verbs that by themselves say a wound ("cut my wrist", "burn my arm"); the others ("hit my
# leg", "scratch my arm") need a reason, a trigger or a result to be self-harm.
STRONG_HARM: Final = ("cut", "cuts", "cutting", "slit", "slic", "carv", "burn", "stab", "pierc")

UNTIL: Final = ("until", "till", "til", "hard enough to", "enough to", "so (?:hard|much) (?:that )?(?:it|they)")

DESERVE_PAIN: Final = (
    "deserv(?:e|es|ed) to (?:be hungry|go hungry|feel hungry|be in pain|feel pain|hurt|be hurt|rot|suffer|bleed)",
    "deserv(?:e|es|ed) (?:the |some |this |to feel )?(?:pain|punishment|to be punished)",
    "deserves? to (?:starve|go without food|not eat)",
)

URGES: Final = (
    "urges? to (?:cut|hurt myself|harm myself|self[- ]?harm|sh|burn myself|bleed)",
    "(?:cutting|self[- ]?harm|sh|harming) urges?",
    "(?:clean|free) (?:from|of) (?:cutting|self[- ]?harm\\w*|sh|hurting myself|burning myself|the blade|blades|"
    "razors?)", "(?:cutting|sh|self[- ]?harm)[- ](?:free|clean)",
    "relaps\\w* (?:on|with|into|back into|back to) (?:cutting|sh|self[- ]?harm\\w*|hurting myself|burning myself|"
    "the blade|razors?)",
)

USED_TO: Final = ("used to", "use to")

SH_WORDS: Final = ("cut", "self[- ]?harm", "sh", "hurt myself", "burn myself", "harm myself")

# More verbs of hurting, beside common.HARM_VERBS: "twisting my skin", "squeezing my arm".
MORE_HARM_VERBS: Final = (
    "twist(?:s|ed|ing)?", "knock(?:s|ed|ing)?", "head ?butt(?:s|ed|ing)?", "scrub(?:s|bed|bing)?", "gouge(?:s|d)?",
    "gouging",
)
# Holding the body to something hot: "held my hand on the stove", "ran my arm under boiling water".
HOLD_VERBS: Final = (
    "h[oe]ld(?:s|ing)?", "put(?:s|ting)?", "press(?:es|ed|ing)?", "kept", "keep(?:s|ing)?", "ran", "run(?:s|ning)?",
    "stuck", "stick(?:s|ing)?", "lay(?:s|ing)?", "laid", "touch(?:es|ed|ing)?", "dipp?(?:ed|ing)?",
    "plung(?:e|ed|ing)",
)
HOT_THINGS: Final = (
    "stove", "hob", "burner", "hot plate", "hotplate", "iron", "flame", "candle", "lighter", "boiling water",
    "hot water", "kettle", "oven", "grill", "radiator", "hot pan", "pan", "fire", "hot tap", "curling iron",
    "straighteners", "hair straightener",
)
# A wound one made: "a deep cut i made on purpose", "the burns she gave herself".
OWN_WOUNDS: Final = ("cuts?", "wounds?", "burns?", "gash(?:es)?", "slash(?:es)?", "lacerations?", "scratches")
MADE_IT: Final = (
    "(?:that |which )?(?:i|she|he|they|you) (?:have |had |just )?(?:made|make|did|do|gave (?:myself|herself|himself|"
    "themselves|yourself)|give (?:myself|herself|himself|yourself)|inflicted|carved|put)",
)
GAVE_ONESELF: Final = (
    "(?:that |which )?(?:i|she|he|they|you) (?:have |had |just )?(?:gave|give|given) (?:myself|herself|himself|"
    "themselves|yourself)",
)
MADE_IT_TAIL: Final = (
    "on purpose", "deliberately", "intentionally", "to (?:myself|herself|himself|themselves|yourself)", "myself",
    "herself", "himself",
    "(?:on|in|into|across) (?:my|her|his|their|your) (?:own )?(?:wrists?|arms?|thighs?|legs?|skin|stomach|belly|hips?|"
    "forearms?|chest|ankles?|body|side|ribs?)", "last night", "yesterday", "again", "this morning", "tonight",
)
# Harm as coping: "the only thing that helps is cutting", "cutting helps me cope".
SH_ACTS: Final = (
    "cutting", "cutting myself", "hurting myself", "burning myself", "hitting myself", "scratching myself",
    "self[- ]?harm(?:ing)?", "sh", "the razor", "the blade", "blades", "bleeding",
)
COPING_TAIL: Final = (
    "(?:is|was|are|has been|seems) (?:the )?only (?:thing|way|release|outlet)",
    "(?:is|was|has been) (?:my )?(?:only )?(?:way to cope|coping mechanism|coping|release|outlet|escape)",
    "helps? (?:me )?(?:cope|calm down|feel (?:better|calm|something|in control|real|numb))",
    "(?:calms|calmed|numbs|numbed) me", "makes? me feel (?:better|calm|something|in control|real)",
    "(?:is|was) how i cope", "gets? me through",
)
COPING_HEAD: Final = (
    "only thing that (?:helps|helped|works|calms me|gets me through|makes me feel \\w+)",
    "only (?:way|thing) i (?:can )?(?:cope|calm down|feel \\w+|get through)", "all that helps", "the only release",
)
BLADE: Final = (
    "razors?", "razor blades?", "blades?", "box ?cutters?", "scalpels?", "(?:pencil )?sharpener(?: blades?)?",
    "knife", "knives", "scissors", "(?:broken )?glass", "shards?", "(?:x|e)-?acto(?: knife)?", "stanley knife",
    "craft knife", "safety pins?", "needles?",
)
BAD_DAYS: Final = (
    "for (?:the )?(?:bad|hard|rough|dark|tough|worst|really bad) (?:days|nights|times|moments|ones)",
    "for when (?:it|things) (?:gets?|get) (?:bad|too much|hard)", "for when i need (?:it|them)",
    "in case i need (?:it|them)",
    "for (?:a |the )?(?:bad|hard|rough|dark|tough|worst|really bad) (?:day|night|time|moment|one)",
    "(?:for|on) (?:when |days when |nights when )?(?:i|im|it|things) (?:have|get|gets|am having|is|are|"
    "feel) (?:a |so |really )?"
    "(?:bad|hard|rough|dark|tough|low|overwhelming|too much)", "just in case",
    "(?:for|when|if|in case|whenever) (?:the |my |an? )?urges? (?:\\w+ ){0,2}?(?:gets?|got|hits?|comes?|is|are|"
    "returns?|strikes?|come back|kicks? in)",
    "(?:for|when|if|in case|whenever) (?:it|things|everything|life) (?:gets?|get|becomes?) (?:too much|bad|unbearable)",
    "for emergencies", "when it gets bad", "when i need (?:it|them)",
)
# Hiding wounds: "hide the cuts on my arms", "cover my scars so my parents dont see".
HIDE_VERBS: Final = (
    "hid(?:e|es|ing|den)?", "cover(?:s|ed|ing)? up", "cover(?:s|ed|ing)?", "conceal(?:s|ed|ing)?",
    "disguis(?:e|es|ed|ing)", "keep(?:ing)? (?:my |the )?(?:cuts|scars|wounds)",
)
HIDDEN_WOUNDS: Final = (
    "cuts", "cut marks", "self[- ]?harm (?:scars|marks|cuts|wounds)", "sh (?:scars|marks|cuts|wounds)",
    "cutting scars", "scars", "fresh scars", "wounds", "burn marks", "burns",
)
# Who should not see: what makes hiding or healing a wound a secret.
SECRECY: Final = (
    "so (?:nobody|no one|noone|no1|they|people|my \\w+|he|she|the \\w+|others|anyone|"
    "everyone) (?:\\w+ )?(?:dont|doesnt|"
    "wont|cant|wouldnt|never|does not|do not|will not) (?:\\w+ )?(?:see|notice|ask|find out|know|suspect|worry)",
    "(?:dont|do not|doesnt|does not|dont even) want (?:my|the|anyone|anybody|people|him|her|them|everyone|\\w+) "
    "(?:\\w+ )?(?:to )?(?:see|notice|know|find out|ask|spot)",
    "(?:without|before) (?:anyone|anybody|my \\w+|people|them|him|her) (?:seeing|noticing|asking|finding out|knowing|"
    "sees|notices|asks|finds out)", "(?:nobody|no one|noone) (?:asks|notices|sees|knows)",
    "so (?:nobody|no one|noone|no1|none of them|they|people|my \\w+|he|she|anyone) (?:can |will |would |could )?"
    "(?:sees?|notices?|asks?|knows?|finds? out|can tell)",
    "so (?:they|it|the \\w+) (?:dont|doesnt|wont|cant|do not) show",
    "(?:where|somewhere) (?:nobody|no one|people|they|it) (?:can |will |wont |cant |doesnt |dont )?"
    "(?:sees?|looks?|show)",
    "without (?:going to|seeing|telling|asking|calling) (?:a |the |my )?(?:doctor|gp|nurse|hospital|a&e|er|"
    "parents?|mum|mom|dad|anyone|anybody)",
    "from (?:my|the|her|his) (?:pt|trainer|coach|parents?|mum|mom|dad|family|partner|boyfriend|girlfriend|husband|"
    "wife|teachers?|doctor|friends?|team|class)",
)
# Who should not see, or a fresh wound: what makes hiding a scar concealment, not a surgery scar.
UNSEEN: Final = (
    *SECRECY,
    "long[- ]sleeve[sd]?", "sleeves", "sweatbands?", "wristbands?", "hoodies?", "fresh", "new", "deep",
    "still bleeding", "on purpose", "i made", "i did",
)
WOUND_NOT_SH: Final = (
    "acne", "surg\\w*", "c-?section", "stretch", "operation", "chicken ?pox", "appendix", "tattoos?", "piercings?",
    "keloids?", "climbing", "shaving", "cooking", "chopping", "accident\\w*", "bike", "fell", "fall\\w*", "rope",
    "barbell", "pull-?ups?", "gymnastics", "calluses", "knee",
)
# Cutting that went too far: "went deeper than usual when i cut tonight", "it wont stop bleeding".
CUT_DEEPER: Final = (
    "(?:went|gone|go|going|cut|sliced|pressed|pushed|dug|cutting) (?:a lot |way |much |a bit |a little |too |so |"
    "really |even |extra )?deeper (?:than (?:usual|normal|before|last time|i (?:meant|wanted|planned|intended|"
    "should have|usually do|normally do|ever have))|this time|tonight|last night|today)",
    "(?:when|while|after|as|since|before) i (?:cut|was cutting|cut myself) (?:tonight|last night|today|earlier|"
    "this time|this morning|yesterday|again)",
    "(?:cut|cutting|sliced|went|gone) (?:myself )?(?:too|way too|really|so|a bit too) deep",
)
STILL_BLEEDING: Final = (
    "(?:wont|doesnt|didnt|wouldnt|isnt|cant (?:get|make) (?:it|them)|it wont|they wont|cant) (?:\\w+ )?"
    "stop(?:ping)? bleeding",
)
SH_CUT_NEAR: Final = (
    "when i cut", "i cut (?:tonight|again|deeper|last night|today)", "cut myself", "cutting", "deeper", "too deep",
    "blades?", "razors?", "self[- ]?harm\\w*", "sh", "on purpose", "urges?", "relaps\\w*",
)
# A coach reply that makes self-harm safer instead of pointing to help: "if you do cut, use a clean blade".
HARM_REDUCTION: Final = (
    "(?:use|using|with) (?:a )?(?:clean|new|sterile|sterili[sz]ed|fresh|sharp|disinfected) (?:blade|razor|knife)",
    "(?:clean|sterili[sz]e|disinfect) (?:the|your) (?:blade|razor|knife)",
    "cut (?:more )?(?:shallow(?:er|ly)?|carefully|lightly|safely)",
    "(?:keep|make) (?:your |the |them )?(?:cuts? )?(?:shallow|small|superficial)",
    "away from (?:your |the )?(?:veins|arteries|wrists)",
    "(?:cut|burn) (?:on |in )?(?:your )?(?:thighs|legs|hips|stomach|upper arms) (?:instead|rather)",
    "(?:easier|harder) (?:for (?:people|others|anyone) )?to (?:hide|see|notice|spot)",
    "(?:keep|have) (?:a )?first[- ]aid (?:kit )?(?:nearby|handy|close|ready|on hand|next to you)",
    "so (?:nobody|no one|people|others|your \\w+) (?:\\w+ )?(?:notices?|sees?|asks?|finds? out)",
    "(?:clean|cover|bandage|dress) (?:the |your )?(?:wounds?|cuts?|them|it) (?:\\w+ ){0,3}?(?:after|afterwards|so)",
    "steri[- ]?strips?", "butterfly (?:stitches|strips|closures)",
    "where (?:nobody|no ?one|people|others|anyone) (?:can |will |would |could )?(?:see|notice)",
    "(?:are|is) (?:entirely |totally )?your own business", "(?:nobody|no ?one) elses business",
    "(?:a few|some|small|little) cuts (?:are|is) (?:fine|ok|okay|normal|no big deal|nothing to worry about)",
    "nothing wrong with (?:a few|some|small|the odd) (?:cuts|scratches|burns)",
)
SH_BY_READER: Final = (
    "if (?:you|youre|u) (?:\\w+ ){0,3}?(?:cut|self[- ]?harm|hurt yourself|harm yourself|burn yourself)",
    "when you (?:cut|self[- ]?harm|hurt yourself|harm yourself|burn yourself)", "(?:your )?(?:cuts|wounds)",
    "self[- ]?harm\\w*", "cutting", "release (?:the|that) (?:feeling|pain|tension)", "the urges?",
)
HEAL_VERBS: Final = (
    "heal\\w*", "fade\\w*", "get rid of", "clear up", "clean\\w*", "bandag\\w*", "dress(?:ing)?", "treat\\w*",
    "care for", "take care of", "look after", "disinfect\\w*", "stitch\\w*", "close", "patch up", "cover",
)
# --- Round three: punishment injuries, the other kind of cutting, wounds "from me", blades found --------
# "burpees until my knees give out and i actually injure myself", "punch the wall till my knuckles split".
UNTIL_WORDS: Final = ("until", "till", "til", "untill")
INJURY_END: Final = (
    "(?:i|you) (?:actually |really |physically |seriously |properly )?(?:injure|hurt|damage|break|harm|wreck) "
    "(?:myself|yourself|something)",
    "(?:i|you) (?:collapse|pass out|black out|cant (?:walk|stand|move|breathe)|bleed|literally bleed)",
    "(?:my|your) (?:\\w+ )?(?:knees?|legs?|body|back|knuckles|hands?|fists?|feet|joints?|arms?|skin|shins?|wrists?|"
    "head|ankles?) (?:\\w+ )?(?:give out|gives out|gave out|buckle\\w*|split\\w*|bleed\\w*|bled|break|breaks|broke|"
    "crack\\w*|swell\\w*|bruise\\w*|(?:are|is) (?:bleeding|bruised|raw|swollen|split|broken))",
    "(?:it|they|the skin) (?:bleeds?|splits?(?: open)?|breaks|cracks|bruises)",
)
# What makes the injury a punishment: deserving it, paying for food, a lapse that triggers it.
PUNISHING: Final = (
    "punish\\w*", "penance",
    "(?:i|you) deserve (?:it|this|that|the pain|to (?:hurt|suffer|be punished|bleed|be in pain))",
    "(?:thats|that is|its|it is) what i deserve", "(?:the |my )?punishment (?:i|you) deserve", "make myself pay",
    "pay for (?:it|eating|what i ate|that)",
    "(?:when|whenever|every time|each time|after|if|anytime) (?:i|you) (?:eat|ate|overeat\\w*|binge\\w*|slip\\w*|"
    "fail\\w*|miss\\w*|skip\\w*|go over|went over|mess\\w* up|gain\\w*|cheat\\w*)",
)
NOT_A_TEAM_DRILL: Final = ("made us", "our coach", "the team", "we all", "we had to", "the whole team", "my team")
# Hitting a hard surface: "punch the wall", "slam my fist into the door", "headbutt the mirror".
HIT_SURFACE_VERB: Final = (
    "punch(?:es|ed|ing)?", "slam(?:s|med|ming)? my (?:fist|fists|head|hand|hands)",
    "smash(?:es|ed|ing)? my (?:fist|fists|head|hand|hands)", "bang(?:s|ed|ing)? my (?:head|fist|fists)",
    "head ?butt(?:s|ed|ing)?", "hit(?:s|ting)? my (?:head|fist|fists)",
)
SURFACES: Final = (
    "(?:the |a |my |our )?(?:bedroom |bathroom |concrete |brick )?(?:wall|walls|door|doors|mirror|floor|desk|table|"
    "fridge|locker)",
)
SURFACE_RESULT: Final = (
    "knuckles?", "bleed\\w*", "bled", "blood\\w*", "split\\w*", "bruis\\w*", "broke\\w*", "break\\w*", "crack\\w*",
    "swollen", "raw", "fractur\\w*", "hurts? (?:for days|so much)",
)
# "thinking about cutting again, and not the diet kind".
NOT_DIET_KIND: Final = (
    "not (?:the|a|that|this) (?:diet|dieting|calorie|food|weight|weight loss|fat loss|nutrition|gym|fitness|macro|meal|"
    "carb)(?:[- ]\\w+)? (?:kind|type|sort|one|way|version|cut|cutting)",
    "(?:and )?not (?:for|on|with|of) (?:my |a |the )?(?:diet|calories|food|weight|carbs|macros)",
    "(?:i )?dont mean (?:the |a |my )?(?:diet|calories|food|weight|carbs|dieting|macros)",
    "(?:the|a) (?:other|bad|real|self[- ]?harm|old) (?:kind|type|sort)",
)
NOT_DIET_KIND_OF: Final = (
    "not (?:the|a|that) (?:diet|dieting|calorie|food|weight|fitness|gym) (?:kind|type|sort) of cut\\w*",
    "(?:the|a) (?:other|bad|real|old) (?:kind|type|sort) of cutting",
)
# A wound one says one made: "an open wound on my forearm. its from... me".
FROM_ME: Final = ("from\\W*(?:me|myself)(?= *(?:[.!?,;]|$|lol|tbh|honestly|i\\b|did\\b))",)
MADE_BY_ME: Final = (
    "(?:did|made|caused|gave) (?:it|them|this|that|these|those) (?:to )?(?:myself|herself|himself|on purpose|"
    "deliberately|intentionally)",
    "self[- ]?inflicted",
)
WOUND_WORDS: Final = (
    "wounds?", "cuts?", "gash\\w*", "scars?", "burns?", "marks", "stitches", "bleeding", "blood", "scabs?",
    "bandag\\w*", "plasters?", "slash\\w*",
)
# A parent finds blades: "found razor blades in her pencil case" beside long sleeves or cutting.
FOUND_VERBS: Final = ("found", "find(?:ing)?", "discovered", "keep(?:s)? finding", "came across", "spotted")
FOUND_BLADES: Final = (
    "razor blades?", "razors", "blades", "a blade", "box ?cutters?", "scalpels?", "sharpener blades?",
    "(?:pencil )?sharpeners? (?:taken apart|broken|with the blades? (?:out|removed|missing))",
    "blood(?:y|ied)? (?:tissues|plasters|towels|sheets|sleeves)",
)
HIDDEN_SIGNS: Final = (
    "long[- ]?sleeves?", "sleeves", "hoodies?", "jumpers?", "sweaters?", "wristbands?", "cuts?", "cutting", "scars?",
    "self[- ]?harm\\w*", "bandages?", "plasters?",
    "(?:hides?|hiding|covers?|covering) (?:her|his|their) (?:arms|wrists|legs)", "wont (?:show|let (?:me|us) see)",
    "locks? (?:herself|himself|themself|themselves)", "blood",
)
# A reply that leaves self-harm to the reader: "a few small cuts where nobody can see them are your own business".
SH_PERMISSION: Final = (
    "(?:are|is|its|thats|it is|that is) (?:entirely |totally |completely |ultimately )?(?:your |ones )?(?:own )?"
    "(?:business|choice|call|decision|right)", "up to you", "(?:nobody|no ?one|no one) elses business",
    "nothing wrong with (?:a few|some|small|the odd)",
    "where (?:nobody|no ?one|people|others|anyone) (?:can |will |would |could )?(?:see|notice)",
    "(?:keep|keeping) (?:them|it|the cuts|your cuts|the wounds) (?:clean|covered|hidden|out of sight)",
    "(?:a few|some|small|little) cuts (?:are|is) (?:fine|ok|okay|normal|no big deal|nothing to worry about)",
)
SH_NAMED_TO_READER: Final = (
    "cuts", "cutting(?: yourself)?", "self[- ]?harm\\w*", "hurt(?:ing)? yourself", "burn(?:ing)? yourself", "wounds",
    "scars", "harm(?:ing)? yourself",
)
# Regexes of the self-harm guards (data): context of 'sh', a diet cut, the end of a thought.
SH_CONTEXT_RE: Final = (
    r"\b(?:urges?|relaps\w*|again|scars?|clean|free|cuts?|cutting|wounds?|blades?|razors?|self|harm\w*|want to|tempted|"
    r"tonight|last night|recover\w*|hide|hiding|fresh|deep)\b"
)
FITNESS_CUT_RE: Final = (
    r"\b(?:calori\w*|cals|kcal|bulk\w*|macros?|weight|kg|kgs|lbs?|pounds|protein|carbs?|diet\w*|phase|season|gym|"
    r"deficit|lean|shred\w*|body ?fat|fat loss|training|maintenance|sugar|dairy|gluten|hair|nails|grass|wood|paper|"
    r"onions?|vegetables?|meat|chicken|fruit|bread|cake|slice|costs?|ties|class|corners)\b"
)
THOUGHT_ENDS_RE: Final = (
    r"\s*(?:[.!?,;]|$|and\b|but\b|in\b|as\b|when\b|at\b|for\b|myself\b|a lot\b|again\b|back\b|until\b|until\b|too\b|"
    r"before\b|badly\b|lol\b|tbh\b|so\b)"
)
# --- Round four: wounds seen and kept (self_harm_wounds) ------------------------------------------------
# Hurting oneself in words beside "cut" and "hurt": "harming myself with a razor blade".
SELF_INJURE_VERBS: Final = (
    "harm(?:s|ed|ing)?", "injur(?:e|es|ed|ing)", "wound(?:s|ed|ing)?", "mutilat(?:e|es|ed|ing)", "maim(?:s|ed|ing)?",
    "damag(?:e|es|ed|ing)", "hurt(?:s|ing)?", "cut(?:s|ting)?", "burn(?:s|t|ed|ing)?", "scratch(?:es|ed|ing)?",
)
# Cuts that must not open: "dont want them to open at the gym", "will my cuts reopen".
REOPEN: Final = (
    "(?:re)?open(?:s|ed|ing)?(?: (?:up|again|back up))?", "split(?:s|ting)? (?:open|again)", "tear(?:s|ing)? open",
    "burst(?:s|ing)? open", "start(?:s|ed)? bleeding again", "bleed(?:s|ing)? again", "pull(?:s|ing)? open",
)
REOPEN_WHAT: Final = (
    "(?:my|the|her|his|those|these|fresh|new) (?:\\w+ )?(?:cuts|wounds|lines|scabs|stitches|marks)",
    "(?:my|the|her|his|a|this) (?:\\w+ )?(?:cut|wound|scab)", "(?:the|my) (?:fresh |new |deep )?ones", "them", "they",
    "it",
)
CUT_NEAR: Final = (
    "cut again", "cut myself", "cutting", "cuts", "fresh", "lines on my", "last night", "self[- ]?harm\\w*", "sh",
    "scabs?", "wounds?", "blades?", "razors?", "on purpose",
)
WOUND_OTHER_CAUSE: Final = (
    "blisters?", "callus\\w*", "surg\\w*", "c-?section", "incision", "operation", "op", "acl", "knee", "hand rips?",
    "rips", "stretch marks", "cooking", "kitchen", "chopping", "shaving", "knife slipped", "fell", "fall", "bike",
    "accident\\w*", "dog", "cat bit", "tattoo\\w*", "piercing\\w*", "mole", "biopsy", "stitches from", "ingrown",
)
# Asking about stitches with an evasive tail: "how deep can a cut go before you'd need stitches? asking for reasons".
EVASIVE: Final = (
    "asking for (?:reasons|a friend|no reason|research|science|reasons lol)", "no reason", "dont ask", "just curious",
    "hypothetically", "purely hypothetical\\w*", "not for me", "for reasons", "asking for a mate",
)
STITCH_Q: Final = (
    "stitch\\w*", "steri[- ]?strips?", "butterfly (?:stitches|strips|closures)", "gaping", "how deep", "deep cut",
    "cut (?:go|be|get)", "a&e", "the er", "glue (?:it|a cut)",
)
# Patterns on the skin: "my thighs look like a barcode", "tally marks on my wrist".
SKIN_PATTERN: Final = (
    "barcodes?", "bar codes?", "tally marks?", "tallies", "ladders? of (?:lines|cuts|scars|marks)",
    "rows? of (?:lines|cuts|scars|marks)", "railroad tracks", "train tracks", "(?:neat |straight |parallel |even )"
    "(?:little |thin |red )?(?:lines|cuts|scratches|marks)",
)
SKIN_PATTERN_NOT: Final = (
    "scanner", "scan\\w*", "app", "label", "product", "of my reps", "reps", "sets", "stretch marks", "leggings",
    "waistband", "socks", "seams?", "sheets?", "pillow", "creases?", "tattoo\\w*", "tan lines", "sunburn",
)
# Marks too neat to be an accident: "marks on her thighs ... way too straight and neat".
MARK_WORDS: Final = ("marks", "lines", "scratches", "cuts", "scars", "scabs", "wounds", "cut", "scratch", "mark")
TOO_NEAT: Final = (
    "(?:way |much |far |a bit |too |so |really |very |perfectly |suspiciously |all )+(?:straight|neat|even|parallel|"
    "regular|precise|tidy|evenly spaced|uniform|in a row)",
)
# Someone close who harms themselves: "my boyfriend keeps cutting himself".
HABITUAL: Final = (
    "keeps?", "kept", "has been", "have been", "been", "started", "starts", "always", "still", "is", "was",
    "is still", "has started", "again",
)
OTHER_SELF: Final = ("himself", "herself", "themselves", "themself")
# Hitting the head or fists against a hard surface, again: "did it again tonight".
HEAD_HIT: Final = (
    "(?:hit|hits|hitting|bang|bangs|banged|banging|slam|slams|slammed|slamming|smash|smashed|smashing|knock|"
    "knocked|knocking) my (?:head|fists?|forehead|face)",
    "head ?butt(?:s|ed|ing)?",
)
HEAD_HIT_SURFACE: Final = (
    "(?:against|into|on|off) (?:the |a |my )?(?:bedroom |bathroom |brick |concrete )?(?:wall|walls|door|mirror|"
    "floor|desk|table|fridge|headboard)",
)
HEAD_HIT_AGAIN: Final = (
    "again", "every time", "whenever", "each time", "when (?:i|im) (?:\\w+ )?(?:frustrated|angry|upset|mad|"
    "stressed|overwhelmed|anxious|hate)", "frustrat\\w*", "cant stop", "keep doing", "till (?:it|i)", "until (?:it|i)",
    "bruis\\w*", "bleed\\w*", "punish\\w*", "hate (?:my|myself)",
)
HEAD_HIT_IDIOM: Final = (
    "(?:trying|tryna) to", "figur\\w*", "understand\\w*", "work out", "macros", "spreadsheet", "this app", "code",
    "homework", "maths?", "math", "plateau", "over this", "about this", "with this", "pull ?ups?", "the bar",
    "bench", "squat\\w*", "low ceiling", "cupboard", "by accident", "accidentally",
)
