"""Database access: connections (pool or one lazy Lambda connection) and migrations."""

from coach_core.db.connection import UNAVAILABLE_ERRORS, Database, get_database, reset_database

__all__ = ["UNAVAILABLE_ERRORS", "Database", "get_database", "reset_database"]
