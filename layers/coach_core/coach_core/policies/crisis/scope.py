"""What the scanner drops after a detector matched: behaviour stated as clearly resolved past
("I struggled with purging as a teenager, but that's been behind me for two decades"), and,
in the coach's replies, a behaviour named only to warn about it or to point to help ("laxatives
are not a safe way to lose weight", "if you ever feel like hurting yourself, call 988").

Resolved past needs three things: a past marker in the match's sentence, a resolution
somewhere in the text, and nothing that sounds current (a strong marker such as "again" or
"urges" anywhere, or a weaker one such as "lately" in a sentence about the behaviour).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from coach_core.policies.crisis.guards import in_sentence, vocab
from coach_core.policies.text import sentence_around

PAST: Final = (
    "used to",
    "(?:is|are|was|were|s) (?:years|long|well|far|now) behind",
    "struggled",
    "suffered",
    "had",
    "was",
    "were",
    "did",
    "tried",
    "attempted",
    "went through",
    "recovered",
    "got (?:help|treatment)",
    "as a (?:teen|teenager|kid|child|student|young \\w+)",
    "in (?:high school|college|uni|university|my teens|my twenties|my early twenties|my youth|school|my \\w+ year)",
    "at (?:age )?(?:1[0-9]|2[0-9]|fifteen|sixteen|seventeen|eighteen|nineteen)",
    "when i was",
    "back (?:then|in (?:college|school|uni|high school|the day|my \\w+|[0-9]{4}))",
    "years ago",
    "(?:a|one|two|three|several|a few|a couple of|many) (?:years?|decades?) ago",
    "decades? ago",
    "in the past",
    "long ago",
    "a long time ago",
    "previously",
    "formerly",
    "history of",
)
RESOLVED: Final = (
    "behind (?:me|you|her|him|them|us)",
    "long behind",
    "recovered",
    "(?:in|into) (?:full )?recovery",
    "in remission",
    "healthy now",
    "(?:im|i am) (?:now )?(?:healthy|well|fine|ok|okay|good|happy|doing (?:well|great|fine|much better))(?: now)?",
    "(?:shes|hes|she is|he is|theyre|youre|you are) (?:now )?(?:totally |completely )?(?:healthy|well|fine|ok|okay|"
    "recovered|doing (?:well|great|fine|much better))",
    "doing (?:much )?better now",
    "over it(?: now)?",
    "overcame",
    "overcome",
    "beat it",
    "moved (?:on|past)",
    "put (?:it|that|this) behind",
    "no longer",
    "not any ?more",
    "dont any ?more",
    "thing of the past",
    "all in the past",
    "(?:[0-9]+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|many) (?:years?|decades?) "
    "(?:clean|free|recovered|in recovery|later)",
    "(?:havent|have not|hasnt|has not|didnt|did not|never) (?:\\w+ ){0,3}(?:in|for|since) (?:over |more than |nearly |"
    "almost )?(?:[0-9]+|a few|several|many|two|three|four|five|six|seven|eight|nine|ten|a couple of) (?:years|decades)",
    "(?:havent|have not|hasnt|has not) (?:done|touched|used|taken|had|felt) (?:that|it|them|those|any) since",
    "(?:got|get|getting) (?:help|treatment|better|support)",
    "went (?:to|into) (?:therapy|treatment|rehab|counsel\\w*)",
    "(?:therapy|treatment|counsel\\w*) (?:helped|worked|saved)",
    "years of (?:therapy|treatment)",
    "in a (?:really |much |very )?(?:good|better|great|healthy|happy) place",
    "love my life",
    "happy now",
    "(?:been|am|im) (?:well|healthy|fine) for",
    "(?:totally|completely|fully) (?:fine|over it|recovered|better|healed)",
    "fine now",
    "eat(?:ing)? normally now",
    "(?:im|i am) [0-9]{2} now",
)
NOT_RESOLVED: Final = (
    "not (?:fully |completely |really |yet )?(?:recovered|over it|better|in recovery|healed)",
    "never (?:recovered|got help|got over|healed)",
    "(?:havent|hasnt|have not|has not) (?:fully |really )?(?:recovered|got help|gotten over|healed)",
)
CURRENT_STRONG: Final = (
    "again",
    "relaps\\w*",
    "urges?",
    "tempt\\w*",
    "start(?:ed|ing)? (?:back|doing it)",
    "(?:slipp\\w*|fall\\w*|fell|sliding) back",
    "(?:creep\\w*|coming|came|sneak\\w*|crept|is|are|its) back",
    "back into it",
    "miss (?:it|doing it|that|being|how)",
    "cant stop",
    "cannot stop",
    "still (?:do|doing|struggle|struggling|purge|purging|cut|cutting|restrict\\w*|think\\w*|want\\w*|feel\\w*|have|get)",
)
CURRENT_WEAK: Final = (
    "lately",
    "recently",
    "these days",
    "currently",
    "nowadays",
    "right now",
    "this (?:week|month|morning|evening|year)",
    "today",
    "tonight",
    "last night",
    "yesterday",
    "keep(?:s)? \\w+ing",
)
BEHAVIOUR_ECHO: Final = (
    "purg\\w*",
    "throw\\w* up",
    "threw up",
    "vomit\\w*",
    "sick",
    "starv\\w*",
    "restrict\\w*",
    "laxatives?",
    "pills",
    "binge\\w*",
    "cut(?:ting)?",
    "hurt\\w*",
    "self[- ]?harm\\w*",
    "suicid\\w*",
    "not eating",
    "skip\\w* meals",
    "fasting",
    "it",
    "that",
)
# Output that points to help or warns. Support words count unless waved away ("without seeing a
# doctor"); warnings count unless negated ("it's not dangerous").
SUPPORT: Final = (
    "reach out",
    "helplines?",
    "hotlines?",
    "help ?line",
    "988",
    "crisis (?:line|text|team|service)",
    "emergency",
    "(?:a|an|with a|medical|health|healthcare|mental health) professional",
    "professional (?:help|support)",
    "therapists?",
    "counsel+ors?",
    "doctors?",
    "gp",
    "physicians?",
    "clinicians?",
    "dietitians?",
    "talk (?:to|with)",
    "speak (?:to|with)",
    "seek (?:help|support)",
    "get (?:help|support)",
    "someone you trust",
    "not alone",
    "concerned",
    "worried",
    "sorry",
    "care about",
    "here for you",
    "anad",
    "beat (?:helpline|eating disorders|charity)",
    "samaritans",
    "eating disorders?",
    "(?:seek|get|getting|find|professional|specialist|ed|eating disorder) treatment",
    "treatment (?:team|center|centre|options?|programs?|programmes?)",
    "(?:in|your|ed|eating disorder) recovery",
    "recovery (?:team|support|programs?|programmes?|services?|coach)",
    "therapy",
    "help is available",
    "support(?:ive)? (?:line|service|group|organi[sz]ation)s?",
    "you deserve support",
)
WARNING: Final = (
    "dangerous",
    "harmful",
    "risky",
    "risks?",
    "unsafe",
    "unhealthy",
    "deadly",
    "life-threatening",
    "(?:can|could|will|may|might|does|do|to) (?:seriously |permanently )?damage",
    "damages",
    "damaging",
    "(?:teeth|tooth|heart|kidney|organ|gut|bowel|colon|enamel|long-term|lasting|serious|permanent) damage",
    "side effects",
    "warning",
    "ineffective",
    "myth",
    "backfir\\w*",
    "disordered",
    "sign of",
    "symptoms? of",
    "malnutrition",
    "electrolyte\\w*",
    "dehydrat\\w*",
    "arrhythmi\\w*",
    "erod\\w*",
    "muscle loss",
    "slows? (?:down )?(?:your )?metabolism",
    "can (?:harm|hurt|damage|kill)",
    "(?:can|could|may|will|often) (?:cause|lead to|trigger|result in) (?:\\w+ ){0,3}(?:damage|problems?|harm|"
    "imbalances?|dehydration|deficienc\\w*|arrhythmi\\w*|heart \\w+|injur\\w*|loss of|death|fainting|dizziness|issues|"
    "complications|binge\\w*|malnutrition)",
    "(?:is|are|isnt|arent) (?:not|never) (?:safe|healthy|effective|good|recommended|sustainable|meant|for|how)",
    "(?:is|are|isnt|arent) (?:not|never) (?:a|an|the)(?= (?!(?:bad|terrible|crazy|silly|wrong|awful|dumb|stupid)\\b))",
    "not (?:a |an )?(?:safe|healthy|effective|good idea|recommended|sustainable|solution|ok|okay)",
    "isnt (?:a |an )?(?:safe|healthy|effective|good idea|solution)",
    "never (?:ok|okay|safe|healthy|a good idea|the answer)",
    "bad idea",
    "(?:wouldnt|would not|dont|do not|cant|cannot|can not) recommend",
    "not recommended",
    "only (?:remove|removes|lose|lost|shed|drop|flush|flushes) water",
    "(?:just|only|mostly) water weight",
    "(?:doesnt|dont|wont|cant|will not|do not|does not|can not|cannot) (?:really )?(?:work|help|burn fat|burn calories|"
    "make you (?:lose|thinner|lighter)|prevent|block|remove (?:fat|calories)|cause fat loss|stop (?:fat|calories|"
    "absorption)|reduce (?:fat|absorption|calories))",
    "(?:make|makes|leave|leaves) you feel (?:worse|awful|terrible|weak|sick|exhausted)",
)
_WAVED_AWAY = re.compile(
    r"\b(?:without|no need (?:to|for)|skip(?:ping)?|avoid(?:ing)?|instead of|dont need|dont have to|no)\s+"
    r"(?:\w+\s+){0,3}$"
)
_NEGATED_WARNING = re.compile(
    r"\b(?:not|isnt|arent|wasnt|never|no|hardly|barely|perfectly|totally|completely)\s+(?:(?:a|an|really|that|very|"
    r"at all|so)\s+)*$"
)
# The negation must be said to the reader ("please don't", "you should never", "I can't
# recommend"), not belong to someone else in the advice ("so they don't notice you skip").
_NEGATED_BEFORE = re.compile(
    r"(?:^\W*|[,:;(-]\s*|\b(?:please|you|youll|you should|you must|i|id|i would|we|just|so|and|but|then|always|"
    r"to|or|never|really|definitely|strongly)\s+)(?:dont|do not|never|avoid|avoiding|stop|shouldnt|should not|wont|"
    r"will not|cannot|cant|can not|not|no need to|instead of|rather than|please dont|please do not|"
    r"would not|wouldnt|must not|mustnt)\b(?:\s+\S+)?\s*$"
)

_REFLECTED = re.compile(
    r"\b(?:(?:when|if) you (?:say|said|mention|mentioned|write|wrote|tell me|told me|talk about)|you (?:said|mentioned|"
    r"wrote|told me|shared)|it sounds like you\w*|sounds like youre|i hear (?:that )?you|you feel like|youre feeling|"
    r"(?:having|have|had) thoughts (?:of|about)|thoughts of|(?:telling|told|tell|shared|sharing|mentioned|mentioning|"
    r"saying|said|say) (?:me |us )?(?:that )?you|thank you for (?:sharing|telling|opening up))\b"
)
_CRISIS_LINE_RE: Final = re.compile(
    r"\b(?:988|helplines?|hotlines?|crisis (?:line|text line|team|service)|samaritans|emergency services|lifeline)\b"
)
_PAST_RE: Final = vocab(PAST)
_RESOLVED_RE: Final = vocab(RESOLVED)
_NOT_RESOLVED_RE: Final = vocab(NOT_RESOLVED)
_CURRENT_STRONG_RE: Final = vocab(CURRENT_STRONG)
_CURRENT_WEAK_RE: Final = vocab(CURRENT_WEAK)
_ECHO_RE: Final = vocab(BEHAVIOUR_ECHO)
_SUPPORT_RE: Final = vocab(SUPPORT)
_WARNING_RE: Final = vocab(WARNING)


@lru_cache(maxsize=8)
def _resolution_stated(text: str) -> bool:
    """A resolution somewhere, none of it denied, and no strong current marker (once per text)."""
    if not _RESOLVED_RE.search(text) or _NOT_RESOLVED_RE.search(text):
        return False
    return not _CURRENT_STRONG_RE.search(text)


def _weak_current_near_behaviour(text: str, m: re.Match[str]) -> bool:
    for c in _CURRENT_WEAK_RE.finditer(text):
        s_start, s_end = sentence_around(text, c.start(), c.end())
        if s_start <= m.start() < s_end or _ECHO_RE.search(text, s_start, s_end):
            return True
    return False


def resolved_past(text: str, m: re.Match[str]) -> bool:
    """The match is stated as past and the text says it is clearly resolved."""
    return in_sentence(text, m, _PAST_RE) and _resolution_stated(text) and not _weak_current_near_behaviour(text, m)


def _counts(pattern: re.Pattern[str], unless: re.Pattern[str], text: str, lo: int, hi: int) -> bool:
    for w in pattern.finditer(text, lo, hi):
        if not unless.search(text[max(lo, w.start() - 24) : w.start()]):
            return True
    return False


def supportive(text: str, m: re.Match[str]) -> bool:
    """Output that names a behaviour to warn about it or point to help, not to teach it, or
    that reflects the user's words back ("when you say you wish you wouldn't wake up..."). A
    crisis line (988, a helpline) in the next sentence counts too: "Unalive is a word for
    suicide; if you're having those thoughts, call 988"."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    head = text[s_start : m.start()]
    if _NEGATED_BEFORE.search(head) or _REFLECTED.search(head):
        return True
    if s_end < len(text):
        n_start, n_end = sentence_around(text, min(len(text) - 1, s_end + 1))
        if _CRISIS_LINE_RE.search(text, n_start, n_end):
            return True
    return _counts(_SUPPORT_RE, _WAVED_AWAY, text, s_start, s_end) or _counts(
        _WARNING_RE, _NEGATED_WARNING, text, s_start, s_end
    )
