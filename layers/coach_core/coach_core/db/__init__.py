"""Database access: connections (pool or one lazy Lambda connection) and migrations."""

from coach_core.db.connection import Database, get_database, reset_database

__all__ = ["Database", "get_database", "reset_database"]
