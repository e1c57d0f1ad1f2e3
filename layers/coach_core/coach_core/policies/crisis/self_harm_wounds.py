"""Self-harm seen through its wounds and their keeping: marks described or noticed, cuts that
must not open or be found, wound care asked for, someone close who harms themselves. Kind
`self_harm`; beside `self_harm`, which holds the acts, urges and relapse."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.detector import Detector

DETECTORS: Final[tuple[Detector, ...]] = ()
