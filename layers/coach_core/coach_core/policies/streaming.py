"""The output check while an answer streams: release each sentence as soon as it is complete
and passes, stop for good at the first one that does not.

`StreamingOutputGuard(engine)` takes the model's text deltas (`feed`) and returns what is now
safe to send (`GuardStep.released`). Text waits in a buffer until a sentence is complete; a
boundary (after `.`, `!`, `?` or a newline) is confirmed only once the character after it has
arrived, so "1." + "5 kg" in two deltas is never split, and decimals, abbreviations ("e.g.",
"etc.") and list numbers ("1. Eat...") never end a sentence. Each complete sentence is checked
together with everything already released (`released + sentence`), so rules that read across
sentences still fire. A sentence that passes (allow or modify) is released at once; the first
that would be replaced (block or flag) is withheld, `GuardStep.blocked` carries that result once,
and nothing is ever released again. `finish()` checks and releases the tail.

`result` is the output check over everything released (for the `done` disclaimers and the
violation rows): identical to `engine.check_output(released_text)` when nothing was blocked.

The guard is stricter than checking the whole answer at once, never looser: a sentence is judged
before the ones after it exist, so a later sentence cannot excuse an earlier one.

Pure and synchronous: the caller owns the stream, the cancellation and the replacement message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from coach_core.policies.engine import SafetyPolicyEngine, get_engine
from coach_core.policies.text.regex import LazyPattern
from coach_core.policies.types import PolicyResult

_TERMINATORS: Final = frozenset(".!?\n")
# Closing marks that belong to the sentence they follow: `done."` `(see above).`
_CLOSERS: Final = frozenset("\"')]}»”’*_")
# Words that end with a full stop without ending the sentence.
ABBREVIATIONS: Final = frozenset(
    {
        "e.g",
        "eg",
        "i.e",
        "ie",
        "etc",
        "vs",
        "approx",
        "ca",
        "cf",
        "al",
        "fig",
        "incl",
        "est",
        "min",
        "max",
        "no",
        "nos",
        "dr",
        "mr",
        "mrs",
        "ms",
        "prof",
        "st",
        "jr",
        "sr",
        "a.m",
        "p.m",
        "u.s",
        "u.k",
    }
)
_LIST_NUMBER_RE: Final = LazyPattern(r"[ \t]*(?:[0-9]{1,3}|[a-z])\.", re.IGNORECASE)
_OPENERS: Final = "(\"'[“‘«*_"


@dataclass(frozen=True, slots=True)
class GuardStep:
    """What one `feed` or `finish` decided: `released` may be sent now; `blocked` is set (once)
    when a sentence was withheld, after which nothing more is released."""

    released: str
    blocked: PolicyResult | None = None


def _not_a_boundary(text: str, dot: int) -> bool:
    """Whether the full stop at text[dot] belongs to a list number ("1.") or an abbreviation
    ("e.g.", "etc.", an initial). Looks only backwards, so the answer never depends on how the
    text was split into deltas."""
    line_start = text.rfind("\n", 0, dot) + 1
    if _LIST_NUMBER_RE.fullmatch(text, line_start, dot + 1):
        return True
    start = dot
    while start > line_start and not text[start - 1].isspace():
        start -= 1
    word = text[start:dot].lower().lstrip(_OPENERS)
    return word in ABBREVIATIONS or (len(word) == 1 and word.isalpha())


def scan_boundary(text: str, start: int = 0) -> tuple[int | None, int]:
    """(end of the first complete sentence in text[start:] or None, where to resume scanning).

    A sentence ends after its run of terminators and closing marks. The boundary counts once
    the character after the run has arrived and, unless the run holds a newline, is whitespace;
    a single full stop must not belong to a list number or an abbreviation."""
    i = start
    n = len(text)
    while i < n:
        if text[i] not in _TERMINATORS:
            i += 1
            continue
        end = i
        while end < n and (text[end] in _TERMINATORS or text[end] in _CLOSERS):
            end += 1
        if end >= n:
            return None, i  # the character after the run has not arrived yet: look again from here
        run = text[i:end]
        if "\n" in run:
            return end, end
        single_stop = run.strip("".join(_CLOSERS)) == "."
        if text[end].isspace() and not (single_stop and _not_a_boundary(text, i)):
            return end, end
        i = end
    return None, n


def confirmed_boundary(text: str) -> int | None:
    """The end of the first complete sentence of `text`, or None while it is not yet known."""
    return scan_boundary(text)[0]


class StreamingOutputGuard:
    """Sentence-by-sentence output check for a streamed answer (see the module docstring)."""

    def __init__(self, engine: SafetyPolicyEngine | None = None) -> None:
        self._engine = engine or get_engine()
        self._pending = ""
        self._scan_from = 0  # pending[:_scan_from] holds no boundary: do not scan it again
        self._released: list[str] = []
        self._blocked: PolicyResult | None = None
        self._finished = False
        self._result: PolicyResult | None = None

    @property
    def released_text(self) -> str:
        """Everything released so far: what the user has been sent."""
        return "".join(self._released)

    @property
    def blocked(self) -> PolicyResult | None:
        """The result that withheld a sentence, if one was withheld."""
        return self._blocked

    @property
    def result(self) -> PolicyResult:
        """The output check over everything released."""
        if self._result is None:
            self._result = self._engine.check_output(self.released_text)
        return self._result

    def feed(self, delta: str) -> GuardStep:
        """Add a delta; release every sentence it completes that passes."""
        if self._finished:
            raise ValueError("the guard is finished: no more text can be fed")
        if self._blocked is not None:
            return GuardStep("")
        self._pending += delta
        return self._release_complete(final=False)

    def finish(self) -> GuardStep:
        """The stream ended: check and release whatever is left."""
        if self._finished:
            raise ValueError("the guard is already finished")
        self._finished = True
        if self._blocked is not None:
            return GuardStep("")
        return self._release_complete(final=True)

    def _release_complete(self, *, final: bool) -> GuardStep:
        out: list[str] = []
        while self._pending:
            end, self._scan_from = scan_boundary(self._pending, self._scan_from)
            if end is None:
                if not final:
                    break
                end = len(self._pending)
            sentence, self._pending = self._pending[:end], self._pending[end:]
            self._scan_from = 0
            checked = self._engine.check_output(self.released_text + sentence)
            if checked.replaces_message:
                self._blocked = checked
                self._pending = ""
                return GuardStep("".join(out), checked)
            self._released.append(sentence)
            self._result = checked
            out.append(sentence)
        return GuardStep("".join(out))
