"""PUT /profile, POST /checkins, POST /food-logs, GET /me/data, DELETE /me, GET /me/usage on
Lambda: the shared FastAPI app through Mangum."""

from coach_core.lambda_handlers import http_handler as handler

__all__ = ["handler"]
