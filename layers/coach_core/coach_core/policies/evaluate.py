"""`coach policy-check`: JSON lines in, JSON lines out, so anyone can measure the policies
against a corpus.

Input line:  {"id": "...", "direction": "input" | "output", "text": "..."}
Output line: {"id": "...", "action": "allow|modify|block|flag", "violations": [...], "disclaimers": [...],
              "rules": [...]}

`rules` names the rule of each violation (same order as `violations`), e.g.
"crisis.purging.induced_vomiting", so every flag can be traced.

Output lines come in input order, one per non-blank input line, flushed as they are
written. A line that cannot be evaluated yields {"id": <id or null>, "error": "..."} and
the run goes on. Error texts are fixed strings: no exception text is ever printed.
"""

from __future__ import annotations

import io
import json
from typing import Any, TextIO

from coach_core.policies.engine import SafetyPolicyEngine, get_engine

_DIRECTIONS = ("input", "output")


def _evaluate_line(engine: SafetyPolicyEngine, line: str) -> dict[str, Any]:
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
    return {
        "id": case_id,
        "action": result.action,
        "violations": list(result.violation_types),
        "disclaimers": list(result.disclaimer_keys),
        "rules": list(result.rule_ids),
    }


def run_policy_check(stdin: TextIO, stdout: TextIO, engine: SafetyPolicyEngine | None = None) -> int:
    """Evaluate every JSON line of `stdin` and write one result line per case to `stdout`.
    Returns the number of lines that produced an error object."""
    engine = engine or get_engine()
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="replace")  # undecodable bytes become U+FFFD, not a crash
    errors = 0
    for raw in iter(stdin.readline, ""):
        line = raw.strip()
        if not line:
            continue
        out = _evaluate_line(engine, line)
        errors += "error" in out
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        stdout.flush()
    return errors
