"""The coach console: a browser page for local development (`coach serve` with
`COACH_ENV=dev`). It chats over the real `/chat/stream`, shows each turn's tool cards,
confidence, data gaps, disclaimers and policy violations, and a side panel with the user's
data as the coach sees it. The Lambda entry points never mount it (docs/CONSOLE.md)."""

from coach_core.console.router import CONSOLE_API, CONSOLE_PATH, ConsoleDisabledError, mount_console
from coach_core.console.schemas import ConsoleUser

__all__ = ["CONSOLE_API", "CONSOLE_PATH", "ConsoleDisabledError", "ConsoleUser", "mount_console"]
