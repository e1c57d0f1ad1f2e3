"""The rule layer of the crisis policy: a data-driven set of 35 detectors, organised by topic.

- `tables/`: the phrase tables (data), one module per topic plus the shared vocabularies
  (`common`: possessives, weight, exercise, illness; `scope`: past, resolved, support, warnings).
- `patterns`: builds regexes from tables and derives each pattern's gate literals.
- `detector`: the `Detector` value (id, kind, pattern, guards, directions, examples).
- `guards`, `scope`: named context checks; resolved past and supportive output.
- one module per topic: `suicide`, `self_harm`, `purging`, `substances`, `restriction`
  (restriction and fasting), `concealment`, `identity` (relapse, thinspiration).
- `registry`: every detector in order, and the scanner; `policy`: `CrisisPolicy`, which adds the
  learned model (`policies/learned/`): a text is a crisis when a detector fires or the model's
  probability reaches its threshold.

Detector ids (`crisis.<kind>.<name>`) are stored in violation logs: a detector keeps its id
when it moves between modules.
"""

from coach_core.policies.crisis.policy import CrisisPolicy
from coach_core.policies.crisis.registry import DETECTORS, CrisisHit, find_crisis, fires

__all__ = ["DETECTORS", "CrisisHit", "CrisisPolicy", "find_crisis", "fires"]
