"""Versioned SQL migrations: each `migrations/NNNN_name.sql` applied once, in order,
inside its own transaction, recorded in `schema_migrations`. A session-level advisory
lock makes two concurrent runs safe: the second waits, then finds nothing to do."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources

import psycopg

from coach_core.db.connection import CONNECT_KWARGS

MIGRATION_LOCK_KEY = 0x0C0AC4A1  # any constant shared by every migrator

CREATE_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     text PRIMARY KEY,
    name        text NOT NULL,
    checksum    text NOT NULL,
    applied_at  timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
)
"""


@dataclass(frozen=True)
class Migration:
    version: str
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def load_migrations() -> list[Migration]:
    folder = resources.files("coach_core.db") / "migrations"
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            version, _, rest = entry.name.partition("_")
            found.append(Migration(version, rest.removesuffix(".sql"), entry.read_text()))
    return sorted(found, key=lambda m: m.version)


class MigrationChecksumError(RuntimeError):
    """An applied migration's file changed since; migrations are append-only."""


async def migrate(database_url: str) -> list[str]:
    """Apply pending migrations; return the versions applied by this call."""
    applied_now: list[str] = []
    async with await psycopg.AsyncConnection.connect(database_url, **CONNECT_KWARGS) as conn:
        await conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK_KEY,))
        try:
            await conn.execute(CREATE_TABLE)
            cur = await conn.execute("SELECT version, checksum FROM schema_migrations")
            done = {row["version"]: row["checksum"] for row in await cur.fetchall()}
            for migration in load_migrations():
                if migration.version in done:
                    if done[migration.version] != migration.checksum:
                        raise MigrationChecksumError(
                            f"migration {migration.version}_{migration.name} changed after it was applied"
                        )
                    continue
                async with conn.transaction():
                    await conn.execute(migration.sql.encode())
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                        (migration.version, migration.name, migration.checksum),
                    )
                applied_now.append(migration.version)
        finally:
            await conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK_KEY,))
    return applied_now
