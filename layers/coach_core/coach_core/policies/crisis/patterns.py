"""Building blocks that turn phrase tables into detector patterns, and know what a match must
contain.

Every pattern (`Pat`) carries its regex and its *gates*: sets of literal strings such that any
text the pattern matches contains at least one literal of *each* set. The gates are derived
while the pattern is built, never typed by hand, so adding a phrase to a table can never leave
a detector switched off: the new phrase's own literal joins the gate. A sequence keeps the gate
of every required part (the scanner skips a detector as soon as one is absent), an alternative
keeps the union of its branches' best gates.

Patterns are written against the normalised text (`text.normalize`: lower case, no
apostrophes, single spaces), so words are joined by one literal space. A table entry ("form")
is a small regex whose literal start must be at least MIN_LITERAL characters long, e.g.
"starv(?:e|ed|ing)" (gate literal "starv") or "throw(?:s|ing)? up" (gate literal "throw"); a
form that starts with a group is written out per alternative first (`expand_leading`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from coach_core.policies.text import alternation
from coach_core.policies.text.regex import top_level_terms

MIN_LITERAL: Final = 2
_ESCAPABLE: Final = frozenset(".-/&+*?()[]{}|^$ !@#%,:;'\"")
_STOP: Final = frozenset("()[]|.^$+")
_QUANTIFIERS: Final = frozenset("?*{")
# A filler word inside a gap: anything but spaces and sentence ends.
_GAP_WORD: Final = r" [^ \n.!?;]+"


def literal_prefix(form: str) -> str:
    """The literal text every match of `form` starts with (escapes read, an optional last
    character dropped): "laxatives?" -> "laxative", "self[- ]?harm" -> "self"."""
    out: list[str] = []
    i = 0
    while i < len(form):
        ch = form[i]
        if ch == "\\":
            nxt = form[i + 1] if i + 1 < len(form) else ""
            if nxt not in _ESCAPABLE:
                break  # a class such as \s or \w, or an assertion such as \b
            ch, step = nxt, 2
        else:
            step = 1
            if ch in _STOP:
                break
            if ch in _QUANTIFIERS:
                if out:
                    out.pop()
                break
        following = form[i + step] if i + step < len(form) else ""
        if following in _QUANTIFIERS:
            break  # this character is optional or repeated from zero
        out.append(ch)
        i += step
    return "".join(out)


MAX_EXPANSION: Final = 64


def _closing(form: str, start: int) -> int:
    """Index of the ")" that closes the group opened at form[start]."""
    depth = 0
    i = start
    in_class = False
    while i < len(form):
        ch = form[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError(f"unbalanced group in {form!r}")


def expand_leading(form: str) -> list[str]:
    """A form that starts with a group, written out as one form per alternative, so each has a
    literal start: "(?:hide|hid) (?:it)?" -> ["hide (?:it)?", "hid (?:it)?"]. A form that cannot be
    expanded (a repeated group, or too many alternatives) is returned as it is."""
    if not form.startswith("(?:"):
        return [form]
    close = _closing(form, 0)
    inner, rest = form[3:close], form[close + 1 :]
    alternatives = top_level_terms(inner)
    if rest.startswith("?"):
        alternatives, rest = [*alternatives, ""], rest[1:]
    elif rest[:1] in ("*", "+", "{"):
        return [form]
    out: list[str] = []
    for alt in alternatives:
        out.extend(expand_leading(alt + rest))
        if len(out) > MAX_EXPANSION:
            return [form]
    return out


Gate = frozenset[str]


@dataclass(frozen=True, slots=True)
class Pat:
    """A regex and its gates: for each gate, every match contains one of its literals (no gates:
    nothing can be said, the detector always runs)."""

    regex: str
    gates: tuple[Gate, ...] = ()

    @property
    def gate(self) -> Gate | None:
        """The most selective single gate (for display and for alternatives)."""
        return best_gate(self.gates)


@dataclass(frozen=True, slots=True)
class Opt:
    """An optional element of `seq`."""

    pat: Pat


@dataclass(frozen=True, slots=True)
class Gap:
    """Up to `words` filler words between two elements of `seq`; `name` makes them a group."""

    words: int
    name: str | None = None


Part = Pat | Opt | Gap | str


def words(*forms: str | Iterable[str]) -> Pat:
    """Any one of the forms, as a whole word or phrase. Arguments are forms or tables of forms."""
    flat: list[str] = []
    for item in forms:
        flat.extend([item] if isinstance(item, str) else item)
    terms = [e for form in flat for t in top_level_terms(form) for e in expand_leading(t)]
    if not terms:
        raise ValueError("words() needs at least one form")
    prefixes = [literal_prefix(t) for t in terms]
    gates = () if any(len(p) < MIN_LITERAL for p in prefixes) else (frozenset(prefixes),)
    body = alternation("|".join(sorted(set(terms), key=len, reverse=True)))
    return Pat(rf"(?<![\w]){body}(?![\w])", gates)


def raw(regex: str, gate: Iterable[str] = ()) -> Pat:
    """A regex fragment: context around a gated element (no gate), or a shared regex whose
    matches always contain one of `gate` (declared beside the regex it describes, e.g. the unit
    words every DURATION contains, and tested there)."""
    literals = frozenset(gate)
    return Pat(f"(?:{regex})", (literals,) if literals else ())


def _pat(part: Pat | str) -> Pat:
    return words(part) if isinstance(part, str) else part


def opt(part: Pat | str) -> Opt:
    return Opt(_pat(part))


def gap(n: int, name: str | None = None) -> Gap:
    if n < 1:
        raise ValueError("a gap holds at least one word")
    return Gap(n, name)


def best_gate(gates: Iterable[Gate]) -> Gate | None:
    """The most selective gate: longest shortest literal, then fewest literals."""
    found = list(gates)
    if not found:
        return None
    return max(found, key=lambda g: (min(len(x) for x in g), -len(g)))


def seq(*parts: Part) -> Pat:
    """The parts one after another, separated by single spaces; `opt(...)` parts may be
    absent and `gap(n)` allows up to n words in between. The gates are those of every required
    part."""
    regex = ""
    pending = False  # the regex so far ends with an optional part that carries its own space
    gates: list[Gate] = []
    for part in parts:
        if isinstance(part, Gap):
            if not regex or pending:
                raise ValueError("a gap must follow a required part")
            filler = f"(?:{_GAP_WORD}){{0,{part.words}}}?"
            regex += f"(?P<{part.name}>{filler})" if part.name else filler
            continue
        if isinstance(part, Opt):
            if not regex or pending:
                regex += f"(?:{part.pat.regex} )?"
                pending = True
            else:
                regex += f"(?: {part.pat.regex})?"
            continue
        pat = _pat(part)
        regex += pat.regex if (not regex or pending) else f" {pat.regex}"
        pending = False
        gates.extend(g for g in pat.gates if g not in gates)
    if pending:
        raise ValueError("a pattern cannot end with an optional part that starts it")
    return Pat(regex, tuple(gates))


def either(*parts: Pat | str) -> Pat:
    """Any one of the patterns; the gate is the union of their best gates."""
    pats = [_pat(p) for p in parts]
    best = [p.gate for p in pats]
    gates: tuple[Gate, ...] = () if any(g is None for g in best) else (frozenset().union(*(g for g in best if g)),)
    return Pat("(?:" + "|".join(p.regex for p in pats) + ")", gates)


def near(a: Pat | str, b: Pat | str, within: int) -> Pat:
    """`a` and `b` in either order with at most `within` words between them."""
    return either(seq(a, gap(within), b), seq(b, gap(within), a))


def named(name: str, part: Pat | str) -> Pat:
    """The pattern as a named group, for guards that read it (e.g. a duration)."""
    pat = _pat(part)
    return Pat(f"(?P<{name}>{pat.regex})", pat.gates)
