"""GIVEN the README and docs/ WHEN a reader follows a reference THEN it lands inside the repository:
every relative link's file (and heading anchor) exists, and no page cites the spec files the
repository does not hold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
OUTSIDE = re.compile(r"\.\./shared|shared/spec|coach-ai-architecture|SAFETY_POLICIES\.md|CONTRACTS\.md")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.*)$", page.read_text(), re.MULTILINE)}


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_given_a_page_then_it_cites_nothing_outside_the_repository(page: Path) -> None:
    hits = [line for line in page.read_text().splitlines() if OUTSIDE.search(line)]
    assert hits == []


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_given_a_page_then_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in LINK.findall(page.read_text()):
        if re.match(r"[a-z]+:", target):
            continue  # http(s), mailto: outside by design
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        missing_anchor = bool(anchor) and file.suffix == ".md" and file.exists() and anchor not in anchors(file)
        if not file.exists() or missing_anchor:
            broken.append(target)
    assert broken == []


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("The four policies", "the-four-policies"),
        ("Two layers: rules and the model guard", "two-layers-rules-and-the-model-guard"),
        ("`/plan`", "plan"),
    ],
)
def test_given_a_heading_then_its_anchor_is_githubs(heading: str, expected: str) -> None:
    assert slug(heading) == expected
