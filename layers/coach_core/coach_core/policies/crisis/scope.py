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
from coach_core.policies.crisis.tables.scope import (
    BACK_REFERENCE_REDIRECT,
    BEHAVIOUR_ECHO,
    CURRENT_STRONG,
    CURRENT_WEAK,
    NOT_RESOLVED,
    PAST,
    RESOLVED,
    SUPPORT,
    WARNING,
)
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern, Regex

_WAVED_AWAY = LazyPattern(
    r"\b(?:without|no need (?:to|for)|skip(?:ping)?|avoid(?:ing)?|instead of|dont need|dont have to|no)\s+"
    r"(?:\w+\s+){0,3}$"
)
_NEGATED_WARNING = LazyPattern(
    r"\b(?:not|isnt|arent|wasnt|never|no|hardly|barely|perfectly|totally|completely)\s+(?:(?:a|an|really|that|very|"
    r"at all|so)\s+)*$"
)
# The negation must be said to the reader ("please don't", "you should never", "I can't
# recommend"), not belong to someone else in the advice ("so they don't notice you skip").
_NEGATED_BEFORE = LazyPattern(
    r"(?:^\W*|[,:;(-]\s*|\b(?:please|you|youll|you should|you must|i|id|i would|we|just|so|and|but|then|always|"
    r"to|or|never|really|definitely|strongly|theres|there is|its|it is|gently|honestly)\s+)(?:dont|do not|never|"
    r"avoid|avoiding|stop|shouldnt|should not|wont|will not|cannot|cant|can not|not|no need to|no reason to|"
    r"(?:dont|do not|never) (?:need|have) to|instead of|rather than|please dont|please do not|"
    r"would not|wouldnt|must not|mustnt|steer (?:you |people |them )?(?:well )?(?:away|clear) (?:from|of)|"
    r"(?:stay|keep|move|step) (?:well )?(?:away|clear) (?:from|of)|(?:advise|caution|warn|recommend)(?: you)? against|"
    r"hold off on|talk you out of)\b(?:\s+\S+)?(?:\s+(?:or|and|nor|n)(?:\s+\S+)?)?\s*$"
)

_REFLECTED = LazyPattern(
    r"\b(?:(?:when|if) you (?:say|said|mention|mentioned|write|wrote|tell me|told me|talk about)|you (?:said|mentioned|"
    r"wrote|told me|shared)|it sounds like you\w*|sounds like youre|it sounds like (?!(?:a (?:good|great|solid|smart)|"
    r"its working|it works|it is working|a plan)\b)|i hear (?:that )?you|"
    r"(?<!if )(?<!when )(?:you feel like|youre feeling)|"
    r"(?:having|have|had) thoughts (?:of|about)|thoughts of|(?:telling|told|tell|shared|sharing|mentioned|mentioning|"
    r"saying|said|say) (?:me |us )?(?:that )?you|thank you for (?:sharing|telling|opening up))\b"
)
# The coach declining to give what was asked, earlier in the match's sentence: "I can't help with
# ways to make yourself throw up", "I'm not going to make thinspiration content", "I won't write
# a plan with water-only days". A "but" after the refusal takes it back ("I can't give you a full
# plan, but skipping dinner works").
_REFUSAL = LazyPattern(
    r"\b(?:i|we)(?:m|d|ll|re)? (?:am |are |would |will |really |just )?(?:cant|cannot|can not|wont|will not|"
    r"not going to|am not going to|not gonna|not able to|unable to|not comfortable|dont feel comfortable|"
    r"wouldnt feel comfortable|not willing to|refuse to|have to decline to|must decline to|dont|do not|would not|"
    r"wouldnt|shouldnt|should not) (?:\w+ ){0,2}?(?:help\w*|giv\w*|provid\w*|shar\w*|writ\w*|wrote|mak\w*|"
    r"creat\w*|offer\w*|suggest\w*|recommend\w*|put\w* together|com\w* up with|design\w*|build\w*|draft\w*|"
    r"assist\w*|encourag\w*|endors\w*|produc\w*|generat\w*|send\w*|list\w*|explain\w*|teach\w*|coach\w*|"
    r"plan\w*|support\w*|go along with|be part of)\b"
)
_TAKEN_BACK = LazyPattern(r"\b(?:but|however|though|although|except|unless|instead|yet)\b")
_CRISIS_LINE_RE: Final = LazyPattern(
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
# The next sentence turns back on the behaviour: "Rather than going that route, ...".
_REDIRECT_NEXT_RE: Final = LazyPattern(
    r"\W*(?:(?:but|so|and|honestly|however|still|that said|really|and honestly|for that reason)\W+)*(?:"
    + vocab(BACK_REFERENCE_REDIRECT).pattern
    + ")"
)


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


def _counts(pattern: Regex, unless: Regex, text: str, lo: int, hi: int) -> bool:
    """A match of `pattern` in text[lo:hi] that `unless` does not cancel right before it."""
    return any(not unless.search(text[max(lo, w.start() - 24) : w.start()]) for w in pattern.finditer(text, lo, hi))


def _refused(head: str) -> bool:
    """A refusal before the match that no "but" takes back."""
    return any(not _TAKEN_BACK.search(head, r.end()) for r in _REFUSAL.finditer(head))


def supportive(text: str, m: re.Match[str]) -> bool:
    """Output that names a behaviour to warn about it or point to help, not to teach it, or
    that reflects the user's words back ("when you say you wish you wouldn't wake up..."). A
    crisis line (988, a helpline) in the next sentence counts too: "Unalive is a word for
    suicide; if you're having those thoughts, call 988"."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    head = text[s_start : m.start()]
    if _NEGATED_BEFORE.search(head) or _REFLECTED.search(head) or _refused(head):
        return True
    if s_end < len(text):
        n_start, n_end = sentence_around(text, min(len(text) - 1, s_end + 1))
        if _CRISIS_LINE_RE.search(text, n_start, n_end) or _REDIRECT_NEXT_RE.match(text, n_start, n_end):
            return True
    return _counts(_SUPPORT_RE, _WAVED_AWAY, text, s_start, s_end) or _counts(
        _WARNING_RE, _NEGATED_WARNING, text, s_start, s_end
    )
