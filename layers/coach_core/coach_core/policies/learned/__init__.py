"""The learned crisis layer beside the rules: hashed n-gram features (`features`, shared with the
training code in `safety_ml`) and the exported logistic model (`model`)."""

from coach_core.policies.learned.model import CrisisModel, ModelArtifactError, Score, load_model

__all__ = ["CrisisModel", "ModelArtifactError", "Score", "load_model"]
