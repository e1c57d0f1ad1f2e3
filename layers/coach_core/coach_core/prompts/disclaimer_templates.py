"""Disclaimer texts and the fixed safety messages the policy engine returns.

Disclaimers are structured data: the service returns them in `ChatResponse.disclaimers` and
the stream's `done` event, never inside the message body. The safety messages replace a
message when a policy blocks or flags it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

DISCLAIMER_KEYS: Final = ("general", "medical", "calorie_minimum", "weight_loss_rate")

DISCLAIMERS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "general": (
            "Coach AI offers general fitness and nutrition information, not medical advice. "
            "Check with a qualified health professional before making major changes to your diet "
            "or training."
        ),
        "medical": (
            "This involves medication, a medical condition or symptoms, so please check with your "
            "doctor or another qualified clinician before changing your diet, training or "
            "medication. Seek urgent care for symptoms such as chest pain or fainting."
        ),
        "calorie_minimum": (
            "Eating below 1,200 kcal a day is not recommended without medical supervision. Please "
            "talk to a doctor or registered dietitian before eating this little."
        ),
        "weight_loss_rate": (
            "Losing more than about 1 kg (2.2 lb) a week is faster than generally recommended and "
            "can cost muscle and health. A steadier 0.5-1 kg a week is usually safer and easier "
            "to keep up."
        ),
    }
)

SUPPORT_RESOURCES_MESSAGE: Final = (
    "I'm really glad you reached out, and I'm concerned about what you've shared. This is "
    "something a fitness coach can't help with on its own, and you don't have to face it alone.\n"
    "- If you are in the US, you can call or text 988 (Suicide & Crisis Lifeline) at any time.\n"
    "- If you or someone else is in immediate danger, please contact your local emergency "
    "services now.\n"
    "- For struggles with eating, weight or body image, an eating-disorder support service "
    "(such as ANAD in the US or Beat in the UK) can help, for you or for someone you're worried about.\n"
    "Please consider talking to a doctor, therapist or another professional you trust. "
    "You deserve support, and I'm here for general fitness and nutrition questions whenever "
    "you're ready."
)

CALORIE_BLOCK_MESSAGE: Final = (
    "I can't plan an intake below 1,200 kcal a day: eating that little without medical "
    "supervision can be unsafe. What I can do is build a plan at or above 1,200 kcal a day with "
    "a moderate deficit (around 0.5 kg a week), plenty of protein and high-volume foods so you "
    "stay full, which protects muscle and is easier to keep up. If a doctor or dietitian has put "
    "you on a very-low-calorie plan, please follow their guidance directly. Would you like me to "
    "put that plan together?"
)

SAFETY_MESSAGES: Final[Mapping[str, str]] = MappingProxyType(
    {"support_resources": SUPPORT_RESOURCES_MESSAGE, "calorie_minimum": CALORIE_BLOCK_MESSAGE}
)


FLOOR_ABOVE_TDEE_DISCLAIMER: Final = (
    "Your calculated calorie target was below 1,200 kcal a day, so it has been raised to 1,200 kcal, "
    "the lowest this coach plans. That is above your estimated maintenance of {tdee:,} kcal, so eating "
    "it is a small surplus rather than a deficit and is not expected to bring your weight down by "
    "itself. More daily activity raises your maintenance; a doctor or registered dietitian can help "
    "you set a target that fits you."
)
"""Not a policy's disclaimer: `/plan` attaches it when the 1,200 kcal floor lifts the user's own
target above their TDEE (`TdeeOutput.floor_above_tdee`)."""


def floor_above_tdee_disclaimer(tdee: int) -> str:
    """The plan's disclaimer for a target the floor raised above the user's TDEE of `tdee` kcal."""
    return FLOOR_ABOVE_TDEE_DISCLAIMER.format(tdee=tdee)


def get_disclaimer(key: str) -> str:
    """The disclaimer text for `key` (one of DISCLAIMER_KEYS); KeyError for anything else."""
    return DISCLAIMERS[key]


def get_safety_message(key: str) -> str:
    """The replacement message for a blocked or flagged message ("support_resources" or
    "calorie_minimum"); KeyError for anything else."""
    return SAFETY_MESSAGES[key]
