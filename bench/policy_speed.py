"""8. Policy speed: `check_input` on typical and hostile messages, and the streaming guard.

Typical: every labelled message of the safety corpus (`safety_ml.corpus.load()`, safety_corpus/:
real phrasings of every class and voice), each checked on a fresh string so no cache helps;
without `safety_ml` (a checkout without the corpus tooling), the labelled files of
tests/data/safety/ if they are there. Hostile: 4,000-character texts
built to stress the patterns and parsers (floods of numbers, units, trigger words, near-misses).
Streaming: the extra CPU of checking a ten-sentence answer sentence by sentence with
`StreamingOutputGuard` against one `check_output` of the whole answer.

Budget: typical p95 under 1 ms, hostile worst under 50 ms.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from bench._common import ROOT, ensure_repo_on_path, median, percentile, result

ROUNDS = 3
HOSTILE_LENGTH = 4000
TYPICAL_BUDGET_MS = 1.0
HOSTILE_BUDGET_MS = 50.0

HOSTILE = [
    "1" * 4000,
    "1 " * 2000,
    "1-" * 2000,
    "1 kg " * 800,
    "1000 calories " * 300,
    "eight hundred and " * 230,
    "lose 2 kg a week " * 240,
    "in 3 weeks " * 370,
    "myself " * 580,
    "without " * 500,
    "end it " * 580,
    "abusing laxatives " * 230,
    "no point in " * 370,
    "b/p " * 1000,
    "ı½" * 2000,
    "." * 4000,
    " ".join(["i want to", "kill", "1,200", "kcal", "a day", "lose", "5 kg", "in 3 weeks", "throw up", "?"] * 60),
    "so nobody " * 400,
    "hide food " * 400,
    "not eating " * 360,
    "i hope i " * 440,
    "tell them you " * 280,
    "k1ll " * 800,
    "s*icide " * 500,
    "3 days without " * 270,
    "im 90 kg want to be 80 kg " * 150,
    "weekly budget 7,000 " * 200,
]
ANSWER = (
    "Great work this week! Your squats are up 10 kg. Aim for about 2,000 kcal a day, e.g. lean protein "
    "and vegetables. Keep your protein near 1.6 g per kg. Walk 8,000 steps a day.\n1. Sleep 8 hours.\n"
    "2. Drink 2 litres of water. A steady pace is 0.5 kg a week. Let's review on Friday. Keep going!"
)


def _typical_texts() -> list[tuple[str, str]]:
    """(text, direction) of every labelled message: the corpus, else the legacy labelled files."""
    ensure_repo_on_path()
    try:
        from safety_ml.corpus import load
    except ImportError:
        return _legacy_texts()
    return [(case.text, case.direction) for case in load()]


def _legacy_texts() -> list[tuple[str, str]]:
    out = []
    for path in sorted((ROOT / "tests" / "data" / "safety").rglob("*.jsonl")):
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                case = json.loads(line)
                out.append((case["text"], case["direction"]))
    if not out:
        raise SystemExit("policy_speed: no labelled messages (neither safety_ml.corpus nor tests/data/safety/)")
    return out


def _time_checks(engine: Any, items: list[tuple[str, str]], rounds: int) -> list[float]:
    timings = []
    for r in range(rounds):
        pad = " " * (r + 1)  # a fresh string each round: no cached normalisation
        for text, direction in items:
            fresh = text + pad
            started = time.perf_counter()
            engine.check(fresh, direction)
            timings.append(time.perf_counter() - started)
    return timings


def _stream_answer(engine: Any, guard_cls: Any, answer: str) -> float:
    guard = guard_cls(engine)
    started = time.perf_counter()
    for i in range(0, len(answer), 4):  # about one token per delta
        guard.feed(answer[i : i + 4])
    guard.finish()
    _ = guard.result
    return time.perf_counter() - started


def run() -> dict[str, Any]:
    from coach_core.policies import get_engine
    from coach_core.policies.streaming import StreamingOutputGuard

    engine = get_engine()
    typical = _typical_texts()
    # Rule patterns compile on first use; compile them all first (as the SnapStart hook does) so
    # the timings below are steady state, and report what compiling all of them costs.
    started = time.perf_counter()
    compiled = engine.warm()
    compile_all_ms = (time.perf_counter() - started) * 1000
    engine.check("warm up", "input")
    input_only = [(t, "input") for t, _ in typical]
    t_all = _time_checks(engine, input_only, ROUNDS)
    hostile = [(h[:HOSTILE_LENGTH], "input") for h in HOSTILE]
    t_hostile = _time_checks(engine, hostile, ROUNDS)
    worst = max(zip(t_hostile, hostile * ROUNDS, strict=True), key=lambda x: x[0])

    streamed = [_stream_answer(engine, StreamingOutputGuard, ANSWER + " " * i) for i in range(30)]
    whole = _time_checks(engine, [(ANSWER, "output")], 30)

    figures = {
        "typical_messages": len(typical),
        "typical_median_ms": round(median(t_all) * 1000, 4),
        "typical_p95_ms": round(percentile(t_all, 95) * 1000, 4),
        "typical_max_ms": round(max(t_all) * 1000, 4),
        "hostile_texts": len(HOSTILE),
        "hostile_median_ms": round(median(t_hostile) * 1000, 3),
        "hostile_p95_ms": round(percentile(t_hostile, 95) * 1000, 3),
        "hostile_max_ms": round(worst[0] * 1000, 3),
        "hostile_worst_text": worst[1][0][:40],
        "stream_guard_answer_ms": round(median(streamed) * 1000, 3),
        "whole_answer_check_ms": round(median(whole) * 1000, 3),
        "answer_sentences": ANSWER.count(".") + ANSWER.count("!") - ANSWER.count("e.g.") * 2,
        "patterns_compiled_first": compiled,
        "compile_all_ms": round(compile_all_ms, 1),
    }
    passed = percentile(t_all, 95) * 1000 < TYPICAL_BUDGET_MS and worst[0] * 1000 < HOSTILE_BUDGET_MS
    return result(
        "policy speed",
        figure=(
            f"check_input typical median {figures['typical_median_ms']:.3f} ms, "
            f"p95 {figures['typical_p95_ms']:.3f} ms; hostile 4k p95 {figures['hostile_p95_ms']:.1f} ms"
        ),
        budget=f"typical p95 < {TYPICAL_BUDGET_MS:g} ms, hostile < {HOSTILE_BUDGET_MS:g} ms",
        passed=passed,
        figures=figures,
        notes=[
            f"streaming guard over a {len(ANSWER)}-char answer in 4-char deltas: "
            f"{figures['stream_guard_answer_ms']} ms CPU in total vs {figures['whole_answer_check_ms']} ms "
            "for one check",
        ],
    )


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
