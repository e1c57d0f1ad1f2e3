"""The HTTP layer: app factory, routes, auth, SSE framing and the exception → HTTP mapping."""

from coach_core.api.app import create_app
from coach_core.api.router import API_PREFIX

__all__ = ["API_PREFIX", "create_app"]
