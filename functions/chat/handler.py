"""POST/GET /api/v1/coach/chat on Lambda: the shared FastAPI app through Mangum."""

from coach_core.lambda_handlers import http_handler as handler

__all__ = ["handler"]
