"""Pure domain math: DOMAIN.md formulas, typed outputs, the offline plan and insights."""
