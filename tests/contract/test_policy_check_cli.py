"""`coach policy-check` as a user runs it: a subprocess reading JSON lines on stdin and
writing one JSON line per case, in order, flushed per line (docs/SAFETY.md,
"The four policies"). The labelled sample that came with the policies (the corpus's
`spec-sample` set) must come out exactly as labelled, and every line must come out exactly as a
request would judge it: the rules and the learned crisis model, with the rule that decided and the
model's score."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

from coach_core.policies import POLICY_ORDER, get_engine
from coach_core.policies.learned import load_model
from safety_ml.corpus import Case, load

OUTPUT_KEYS = {"id", "action", "violations", "disclaimers", "rules", "crisis_score"}
CORPUS = load()


def _command() -> list[str]:
    script = Path(sys.executable).with_name("coach")
    if script.is_file():
        return [str(script), "policy-check"]
    return [sys.executable, "-m", "coach_core.cli", "policy-check"]


def _run(stdin: str, *, exit_code: int = 0) -> list[dict[str, Any]]:
    return [json.loads(line) for line in _run_raw(stdin, exit_code=exit_code).stdout.splitlines()]


def _run_raw(stdin: str, *, exit_code: int = 0) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(_command(), input=stdin, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == exit_code, proc.stderr
    return proc


def _stdin(cases: list[Case]) -> str:
    return "".join(json.dumps({"id": c.id, "direction": c.direction, "text": c.text}) + "\n" for c in cases)


def test_sample_cases_come_out_as_labelled() -> None:
    """GIVEN every labelled sample line WHEN piped through `coach policy-check` THEN each output line has
    the expected action and violations, in input order, in exactly the documented shape."""
    cases = [c for c in CORPUS if c.set == "spec-sample"]
    assert len(cases) == 40
    results = _run(_stdin(cases))
    assert [r["id"] for r in results] == [c.id for c in cases]
    mismatches = [
        (c.id, r["action"], r["rules"])
        for c, r in zip(cases, results, strict=True)
        if (r["action"], tuple(r["violations"])) != (c.expected_action, c.expected_violations)
    ]
    assert mismatches == []
    for r in results:
        assert set(r) == OUTPUT_KEYS
        assert set(r["disclaimers"]) <= {"general", "medical", "calorie_minimum", "weight_loss_rate"}
        assert 0.0 <= r["crisis_score"] <= 1.0


def test_every_line_comes_out_as_a_request_would_judge_it() -> None:
    """GIVEN the team's labelled sets and one independent set WHEN piped through the real `coach
    policy-check` THEN every line carries the in-process engine's action, violations and rules (one rule
    per violation, prefixed with its policy; `crisis.model.<version>` when the model alone decided) and
    the model's score."""
    cases = [c for c in CORPUS if c.set in ("team-decisions", "team-classes", "w07-euphemism-metaphor")]
    engine, model = get_engine(), load_model()
    results = _run(_stdin(cases))
    assert [r["id"] for r in results] == [c.id for c in cases]
    for c, r in zip(cases, results, strict=True):
        expected = engine.check(c.text, c.direction)
        assert (r["action"], r["violations"], r["rules"]) == (
            expected.action,
            list(expected.violation_types),
            list(expected.rule_ids),
        ), c.id
        assert r["crisis_score"] == model.score(c.text, c.direction).probability
        assert all(rule.split(".")[0] == policy for rule, policy in zip(r["rules"], r["violations"], strict=True))
        assert r["violations"] == [p for p in POLICY_ORDER if p in r["violations"]]
    assert any(rule == model.rule_id for r in results for rule in r["rules"])


def test_malformed_lines_yield_errors_and_the_run_goes_on() -> None:
    """GIVEN bad JSON, a non-object, a bad direction, a missing text and blank lines between good cases
    WHEN run THEN one error object per bad line (with the id when known), blanks skipped, order kept;
    stderr names each bad line by its number in the input, and the exit status is 1."""
    lines = [
        {"id": "a", "direction": "input", "text": "lose 3.6 lbs per week"},
        "this is not json",
        "",
        '["a", "list"]',
        {"id": "b", "direction": "sideways", "text": "hello"},
        {"id": "c", "direction": "input"},
        "   ",
        {"id": "d", "direction": "output", "text": "A 560 kcal/day plan is what I'd recommend here."},
    ]
    stdin = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    proc = _run_raw(stdin, exit_code=1)
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    named = [line.split(":", 1)[0] for line in proc.stderr.splitlines() if line.startswith("line ")]
    assert named == ["line 2", "line 4", "line 5", "line 6"]
    assert "line 2: invalid JSON" in proc.stderr and "4 lines could not be read" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert [r.get("id") for r in results] == ["a", None, None, "b", "c", "d"]
    assert [("error" in r) for r in results] == [False, True, True, True, True, False]
    assert results[0] == {
        "id": "a",
        "action": "modify",
        "violations": ["weight_loss_rate"],
        "disclaimers": ["weight_loss_rate"],
        "rules": ["weight_loss_rate.above_1kg_per_week"],
        "crisis_score": results[0]["crisis_score"],
    }
    assert (results[5]["action"], results[5]["violations"]) == ("block", ["calorie_minimum"])
    assert all(isinstance(r["error"], str) and r["error"] for r in results if "error" in r)


def test_each_result_is_flushed_before_the_next_line_arrives() -> None:
    """GIVEN a long-running `coach policy-check` WHEN one line is written THEN its result can be read
    before stdin is closed (line-by-line streaming, flushed per line)."""
    proc = subprocess.Popen(
        _command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for case_id, text, action in (
            ("x1", "I want to kill myself", "flag"),
            ("x2", "hello coach", "allow"),
        ):
            proc.stdin.write(json.dumps({"id": case_id, "direction": "input", "text": text}) + "\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "no output line within 60 s: results are not flushed per line"
            result = json.loads(proc.stdout.readline())
            assert (result["id"], result["action"]) == (case_id, action)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 0
