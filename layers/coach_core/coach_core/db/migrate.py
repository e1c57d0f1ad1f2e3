"""Versioned SQL migrations: each `migrations/NNNN_name.sql` applied once, in order, recorded
in `schema_migrations`, then (on AWS) the application role brought up to date.

One run is one transaction under a transaction-level advisory lock, so it works through a
transaction pooler (RDS Proxy, PgBouncer), where a session-level lock would be held by a
server connection the next statement may not get; two concurrent runs are safe (the second
waits, then finds nothing to do), and a failing migration leaves nothing half-applied."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources

import psycopg

from coach_core.db.connection import CONNECT_KWARGS
from coach_core.db.roles import AppRole, ensure_app_role

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


async def migrate(database_url: str, app_role: AppRole | None = None) -> list[str]:
    """Apply pending migrations (and grant `app_role` what the application needs); return the
    versions applied by this call."""
    applied_now: list[str] = []
    async with await psycopg.AsyncConnection.connect(database_url, **CONNECT_KWARGS) as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK_KEY,))
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
            await conn.execute(migration.sql.encode())
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                (migration.version, migration.name, migration.checksum),
            )
            applied_now.append(migration.version)
        if app_role is not None:
            await ensure_app_role(conn, app_role)
    return applied_now
