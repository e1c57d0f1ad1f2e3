"""Counted nouns in text people read: "1 day", "2 days", never "1 days" or "day(s)".

At the bottom of the layers (pure, no imports), so tools, domain, insights, the CLI and the
offline provider (which may not import the domain) can all use it.
"""

from __future__ import annotations


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """`count` and its noun in the form the count takes: plural(1, "day") is "1 day",
    plural(0, "day") "0 days", plural(2, "entry", "entries") "2 entries". The noun is
    pluralised with "s" unless `plural_form` is given."""
    return f"{count} {noun(count, singular, plural_form)}"


def noun(count: int, singular: str, plural_form: str | None = None) -> str:
    """The noun alone, for a sentence that shows the count elsewhere ("2/7 days logged")."""
    return singular if count == 1 else (plural_form if plural_form is not None else singular + "s")
