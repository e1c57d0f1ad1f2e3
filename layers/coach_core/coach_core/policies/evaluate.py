"""`coach policy-check`: JSON lines in, JSON lines out, so anyone can measure the policies
against a corpus.

Input line:  {"id": "...", "direction": "input" | "output", "text": "..."}
Output line: {"id": "...", "action": "allow|modify|block|flag", "violations": [...], "disclaimers": [...],
              "rules": [...], "crisis_score": 0.0123}

`rules` names the rule of each violation (same order as `violations`), e.g.
"crisis.purging.euphemism", or `crisis.model.<version>` when the learned crisis model alone
decided, so every flag can be traced; `crisis_score` is that model's probability for the text (the
rules and the model run exactly as in a request; the model's threshold is in its metadata).

With a guard (`coach policy-check --guard moderation|llm`), each line is also judged by the
model-based guard and the two layers combine as in the service: a guard crisis adds `crisis`
(rule `guard.<kind>`) and makes the action flag (input) or block (output); the line gains
`"guard": {"verdict": "crisis|safe|unavailable", "model": ...}`, so both layers can be measured
side by side. The guard is injected as a plain function, so this module stays offline and pure.

Output lines come in input order, one per non-blank input line, flushed as they are
written. A line that cannot be evaluated yields {"id": <id or null>, "error": "..."} and
the run goes on; the line's number and the error also go to `errors` (the CLI's stderr, which
then exits 1). Error texts are fixed strings: no exception text is ever printed.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any, TextIO

from coach_core.policies.engine import SafetyPolicyEngine, get_engine
from coach_core.policies.learned import load_model
from coach_core.policies.types import ACTION_PRECEDENCE

_DIRECTIONS = ("input", "output")

GuardCheck = Callable[[str, str], dict[str, Any]]
"""(text, direction) → {"verdict": "crisis"|"safe"|"unavailable", "guard": kind, "model": ...}."""


def _with_guard(out: dict[str, Any], verdict: dict[str, Any], direction: str) -> dict[str, Any]:
    out["guard"] = {"verdict": verdict.get("verdict"), "model": verdict.get("model")}
    if verdict.get("verdict") != "crisis":
        return out
    action = "flag" if direction == "input" else "block"
    if ACTION_PRECEDENCE[action] > ACTION_PRECEDENCE[out["action"]]:
        out["action"] = action
    if "crisis" not in out["violations"]:
        out["violations"] = ["crisis", *out["violations"]]
        out["rules"] = [f"guard.{verdict.get('guard')}", *out["rules"]]
    return out


def _evaluate_line(engine: SafetyPolicyEngine, line: str, guard: GuardCheck | None = None) -> dict[str, Any]:
    try:
        case = json.loads(line)
    except (ValueError, RecursionError):
        return {"id": None, "error": "invalid JSON"}
    if not isinstance(case, dict):
        return {"id": None, "error": "expected a JSON object"}
    case_id = case.get("id")
    if case_id is not None and not isinstance(case_id, (str, int, float)):
        case_id = None
    direction = case.get("direction")
    if direction not in _DIRECTIONS:
        return {"id": case_id, "error": "'direction' must be 'input' or 'output'"}
    text = case.get("text")
    if not isinstance(text, str):
        return {"id": case_id, "error": "'text' must be a string"}
    try:
        result = engine.check(text, direction)
    except Exception:  # one bad case must not end the run; the message stays generic
        return {"id": case_id, "error": "internal error while evaluating this line"}
    out = {
        "id": case_id,
        "action": result.action,
        "violations": list(result.violation_types),
        "disclaimers": list(result.disclaimer_keys),
        "rules": list(result.rule_ids),
        "crisis_score": load_model().score(text, direction).probability,
    }
    return out if guard is None else _with_guard(out, guard(text, direction), direction)


def run_policy_check(
    stdin: TextIO,
    stdout: TextIO,
    engine: SafetyPolicyEngine | None = None,
    guard: GuardCheck | None = None,
    errors: TextIO | None = None,
) -> int:
    """Evaluate every JSON line of `stdin` and write one result line per case to `stdout`; each
    line that cannot be read is also named on `errors` ("line 3: invalid JSON", numbered as in
    the input, blank lines included). Returns the number of lines that produced an error object."""
    engine = engine or get_engine()
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")  # undecodable bytes become U+FFFD, not a crash
    failed = 0
    for number, raw in enumerate(iter(stdin.readline, ""), start=1):
        line = raw.strip()
        if not line:
            continue
        out = _evaluate_line(engine, line, guard)
        if "error" in out:
            failed += 1
            if errors is not None:
                errors.write(f"line {number}: {out['error']}\n")
                errors.flush()
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        stdout.flush()
    return failed
