"""The crisis policy as a data-driven detector set.

- `tables/`: the phrase tables (data): shared ones (people, bodies, harm, food, context) and one
  module per kind.
- `patterns`: builds regexes from tables and derives each pattern's gate literals.
- `detector`: the `Detector` value (id, kind, pattern, guards, directions, examples).
- `guards`, `scope`: named context checks; resolved past and supportive output.
- one module per kind (suicide in four: `suicide`, `suicide_methods`, `death_wishes`,
  `farewells`): `self_harm`, `purging`, `restriction`, `fasting`,
  `substances`, `concealment`, `identity` (eating-disorder identity and pro-ana).
- `registry`: every detector in order, and the scanner; `policy`: `CrisisPolicy`.
"""

from coach_core.policies.crisis.policy import CrisisPolicy
from coach_core.policies.crisis.registry import DETECTORS, CrisisHit, find_crisis, fires

__all__ = ["DETECTORS", "CrisisHit", "CrisisPolicy", "find_crisis", "fires"]
