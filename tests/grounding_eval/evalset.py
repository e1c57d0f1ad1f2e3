"""The grounding evaluation set: generated, seeded, reproducible, and scored.

For each synthetic user, answers are built from the grammar (`grammar.py`) over a random
subset of the six tools' outputs: each answer once with the true figures, and once with one or
two figures perturbed by 3-30 % (a count by at least one), written exactly as the true figure
was (same template, rounding, unit, conversion, hedge). A perturbation that reads the same as
the true value once written is drawn again: it is not a wrong figure.

Each answer is checked against the references a real turn would have: the chosen tools'
outputs, the user context the model is given, and the user's question. Scores:

- recall: perturbed figures reported ungrounded / perturbed figures;
- false-ungrounded rate: true figures reported ungrounded / true figures (in both variants);
- advice flags: figures inside advice/general sentences reported / advice sentences.

`python scripts/eval_grounding.py` (`make eval-grounding`) prints them per split (`dev`: the
templates the checker was developed against; `holdout`: templates written with them, whose
failures were never listed while tuning; `fresh`: templates written after the checker was
frozen, measured once, then its failures looked at; `fresh2`: written after that, measured
once, then its failures looked at; `fresh3`: likewise; `fresh4`: written after the checker's
last change, measured once and never tuned on).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from coach_core.grounding import GroundingCheck, build_references
from tests.grounding_eval import grammar
from tests.grounding_eval.fresh import (
    fresh2_advice,
    fresh2_templates,
    fresh3_advice,
    fresh3_templates,
    fresh4_advice,
    fresh4_templates,
    fresh_advice,
    fresh_templates,
)
from tests.grounding_eval.render import Renderer
from tests.grounding_eval.users import synthetic_user

DEFAULT_SEED = 24
DEFAULT_USERS = 300
ANSWERS_PER_USER = 8
TOOL_SETS = (
    ("get_weight_trend",),
    ("get_nutrition_summary",),
    ("calculate_tdee",),
    ("get_adherence_metrics",),
    ("get_recent_checkins",),
    ("get_weight_trend", "calculate_tdee"),
    ("get_nutrition_summary", "calculate_tdee"),
    ("get_weight_trend", "get_nutrition_summary"),
    ("get_adherence_metrics", "get_nutrition_summary"),
    ("get_user_profile", "get_weight_trend"),
    ("get_weight_trend", "get_nutrition_summary", "calculate_tdee"),
    ("get_recent_checkins", "get_adherence_metrics"),
    ("get_user_profile", "calculate_tdee", "get_nutrition_summary"),
)
QUESTIONS = (
    "How is my weight trending?",
    "Am I eating enough protein?",
    "How am I doing?",
    "What should I eat?",
    "How consistent have I been?",
    "What's my TDEE?",
    "Am I on track for my goal?",
    "How's my sleep?",
    "Give me a summary of my week",
    "Why am I not losing weight?",
    "how many calories should i eat",
)
Split = Literal["dev", "holdout", "fresh", "fresh2", "fresh3", "fresh4"]
SPLITS: tuple[Split, ...] = ("dev", "dev", "dev", "holdout", "fresh", "fresh2", "fresh3", "fresh4")
Variant = Literal["true", "perturbed"]


@dataclass(frozen=True)
class Figure:
    start: int
    end: int
    fact: str
    perturbed: bool
    written: str


@dataclass(frozen=True)
class Case:
    id: str
    split: Split
    variant: Variant
    text: str
    figures: tuple[Figure, ...]
    advice_spans: tuple[tuple[int, int], ...]
    tool_outputs: tuple[str, ...]
    context: dict[str, Any]
    message: str


@dataclass
class _Sentence:
    fact: grammar.Fact | None
    template: str
    renderers: tuple[Renderer, ...]
    window: str
    opener: str = ""
    closer: str = ""
    advice: str = ""


def _perturb(rng: random.Random, value: float, renderer: Renderer, integer: bool) -> float | None:
    true_text = renderer.render(value)[1]
    for _ in range(40):
        u = rng.uniform(0.03, 0.30)
        sign = rng.choice((-1, 1))
        if integer:
            new = value + sign * max(1, round(u * abs(value)))
            if new < 0:
                continue
        else:
            new = value * (1 + sign * u)
        if renderer.render(new)[1] != true_text:
            return new
    return None


def _render(
    sentence: _Sentence, values: tuple[float, ...], perturbed: set[int], offset: int, capital: bool
) -> tuple[str, list[Figure]]:
    if sentence.fact is None:
        return sentence.advice, []
    parts = sentence.template.replace("{D}", sentence.window).split("{")
    text = sentence.opener + parts[0]
    figures = []
    for part in parts[1:]:
        index, rest = int(part[0]), part[2:]
        rendered, number = sentence.renderers[index].render(values[index])
        at = len(text) + rendered.index(number)
        figures.append(Figure(offset + at, offset + at + len(number), sentence.fact.name, index in perturbed, number))
        text += rendered + rest
    text += sentence.closer + "."
    if capital:
        text = text[0].upper() + text[1:]
    return text, figures


def _templates(fact: grammar.Fact, split: Split) -> tuple[str, ...]:
    if split == "fresh":
        return fresh_templates(fact.name, fact.values)
    if split == "fresh2":
        return fresh2_templates(fact.name, fact.values)
    if split == "fresh3":
        return fresh3_templates(fact.name, fact.values)
    if split == "fresh4":
        return fresh4_templates(fact.name, fact.values)
    return fact.dev if split == "dev" else fact.holdout


def _answer(rng: random.Random, user_outputs: dict[str, Any], split: Split) -> tuple[list[_Sentence], tuple[str, ...]]:
    for _ in range(20):
        tools = rng.choice(TOOL_SETS)
        facts = [f for f in grammar.facts_of(user_outputs, tools) if _templates(f, split)]
        if len(facts) >= 2:
            break
    else:
        return [], ()
    chosen = rng.sample(facts, k=min(len(facts), rng.randint(2, 5)))
    sentences = [
        _Sentence(
            f,
            rng.choice(_templates(f, split)),
            tuple(make(rng) for make in f.renderers),
            rng.choice(grammar.WINDOWS),
            closer=rng.choice(grammar.CLOSERS),
        )
        for f in chosen
    ]
    sentences[0].opener = rng.choice(grammar.OPENERS)
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        advice = {"fresh": fresh_advice, "fresh2": fresh2_advice, "fresh3": fresh3_advice, "fresh4": fresh4_advice}.get(
            split, lambda g: grammar.advice(g, split)
        )(rng)
        sentences.append(_Sentence(None, "", (), "", advice=advice))
    rng.shuffle(sentences)
    return sentences, tools


def _join(rng: random.Random, style: str, pieces: list[str]) -> tuple[str, list[int]]:
    """The answer text and where each piece starts in it."""
    sep = {"prose": " ", "lines": "\n", "bullets": "\n- ", "paragraphs": "\n\n"}[style]
    text = "- " if style == "bullets" else ""
    starts = []
    for i, piece in enumerate(pieces):
        if i:
            text += sep
        starts.append(len(text))
        text += piece
    return text, starts


def _assemble(
    rng: random.Random,
    sentences: list[_Sentence],
    perturbed: dict[int, set[int]],
    values: dict[int, tuple[float, ...]],
    style: str,
) -> tuple[str, list[Figure], list[tuple[int, int]]]:
    pieces, figures_at, advice_at = [], [], []
    for i, s in enumerate(sentences):
        text, figures = _render(s, values[i], perturbed.get(i, set()), 0, True)
        pieces.append(text)
        figures_at.append(figures)
        advice_at.append(s.fact is None)
    text, starts = _join(rng, style, pieces)
    figures = [
        Figure(f.start + starts[i], f.end + starts[i], f.fact, f.perturbed, f.written)
        for i, fs in enumerate(figures_at)
        for f in fs
    ]
    spans = [(starts[i], starts[i] + len(pieces[i])) for i, is_advice in enumerate(advice_at) if is_advice]
    return text, figures, spans


def generate(seed: int = DEFAULT_SEED, users: int = DEFAULT_USERS, answers: int = ANSWERS_PER_USER) -> list[Case]:
    """The evaluation set: for each user and answer, a true and a perturbed variant."""
    rng = random.Random(seed)
    cases: list[Case] = []
    for u in range(users):
        user = synthetic_user(rng)
        outputs = {name: json.loads(user.output_json(name)) for name in user.outputs}
        context = user.context
        for k in range(answers):
            split = SPLITS[k % len(SPLITS)]
            sentences, tools = _answer(rng, outputs, split)
            if not sentences:
                continue
            style = rng.choice(("prose", "prose", "lines", "bullets", "paragraphs"))
            values = {i: s.fact.values if s.fact else () for i, s in enumerate(sentences)}
            candidates = [
                (i, j) for i, s in enumerate(sentences) if s.fact for j, ok in enumerate(s.fact.perturb) if ok
            ]
            rng.shuffle(candidates)
            perturbed: dict[int, set[int]] = {}
            new_values = dict(values)
            for i, j in candidates[: rng.choice((1, 1, 2))]:
                fact = sentences[i].fact
                assert fact is not None
                new = _perturb(rng, fact.values[j], sentences[i].renderers[j], fact.integer[j])
                if new is None:
                    continue
                new_values[i] = tuple(new if jj == j else v for jj, v in enumerate(new_values[i]))
                perturbed.setdefault(i, set()).add(j)
            message = rng.choice(grammar_questions())
            tool_json = tuple(user.output_json(name) for name in tools)
            state = rng.getstate()
            for variant, vals, marks in (("true", values, {}), ("perturbed", new_values, perturbed)):
                if variant == "perturbed" and not perturbed:
                    continue
                rng.setstate(state)  # both variants joined the same way
                text, figures, spans = _assemble(rng, sentences, marks, vals, style)
                cases.append(
                    Case(
                        f"u{u}a{k}{variant[0]}",
                        split,
                        variant,  # type: ignore[arg-type]
                        text,
                        tuple(figures),
                        tuple(spans),
                        tool_json,
                        context,
                        message,
                    )
                )
    return cases


def grammar_questions() -> tuple[str, ...]:
    return QUESTIONS


def digest(cases: Iterable[Case]) -> str:
    """A fingerprint of the generated set (same seed, same set)."""
    h = hashlib.sha256()
    for c in cases:
        h.update(json.dumps([c.id, c.text, [(f.start, f.end, f.perturbed) for f in c.figures]]).encode())
    return h.hexdigest()[:16]


@dataclass
class Score:
    perturbed: int = 0
    detected: int = 0
    true_figures: int = 0
    false_flags: int = 0
    advice_sentences: int = 0
    advice_flags: int = 0
    answers: int = 0
    answers_with_false_flag: int = 0
    misses: list[str] = field(default_factory=list)
    false: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.detected / self.perturbed if self.perturbed else 1.0

    @property
    def false_rate(self) -> float:
        return self.false_flags / self.true_figures if self.true_figures else 0.0

    def merge(self, other: Score) -> None:
        for name in (
            "perturbed",
            "detected",
            "true_figures",
            "false_flags",
            "advice_sentences",
            "advice_flags",
            "answers",
            "answers_with_false_flag",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.misses += other.misses
        self.false += other.false


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def score_case(case: Case) -> Score:
    refs = build_references(case.tool_outputs, case.context, [case.message])
    check = GroundingCheck()
    check.feed(case.text)
    report = check.report(refs)
    flagged = [(u.start, u.end, u.text) for u in report.ungrounded]
    s = Score(answers=1, advice_sentences=len(case.advice_spans))
    false_here = 0
    for f in case.figures:
        hit = any(_overlaps((f.start, f.end), (a, b)) for a, b, _ in flagged)
        if f.perturbed:
            s.perturbed += 1
            s.detected += hit
            if not hit:
                s.misses.append(f"{case.id} [{f.fact}] {f.written!r}: {case.text}")
        else:
            s.true_figures += 1
            if hit:
                false_here += 1
                s.false.append(f"{case.id} [{f.fact}] {f.written!r}: {case.text}")
    for a, b, text in flagged:
        if any(_overlaps((a, b), span) for span in case.advice_spans):
            s.advice_flags += 1
            s.false.append(f"{case.id} [advice] {text!r}: {case.text}")
    s.false_flags = false_here
    s.answers_with_false_flag = int(false_here > 0)
    return s


def score(cases: Iterable[Case]) -> dict[str, Score]:
    """Scores per split and in total."""
    out = {name: Score() for name in ("dev", "holdout", "fresh", "fresh2", "fresh3", "fresh4", "all")}
    for case in cases:
        s = score_case(case)
        out[case.split].merge(s)
        out["all"].merge(s)
    return out
