"""The application role: the database user the API functions connect as on AWS, with only
the privileges the application needs (data manipulation on its own tables; no DDL, no
`schema_migrations`, no superuser). The migration function, connected as the master user,
creates or updates it from the app secret on every deploy (idempotent)."""

from __future__ import annotations

from dataclasses import dataclass

from psycopg import AsyncConnection, sql

APP_TABLES: tuple[str, ...] = (
    "users",
    "goals",
    "daily_checkins",
    "nutrition_logs",
    "ai_session",
    "ai_tool_call_log",
    "ai_policy_violation_log",
    "ai_usage_daily",
    "ai_usage_provider_daily",
    "ai_turn_log",
)
"""Every table the application reads or writes (a test checks this covers every table but
`schema_migrations`)."""


@dataclass(frozen=True)
class AppRole:
    name: str
    password: str


async def ensure_app_role(conn: AsyncConnection[dict[str, object]], role: AppRole) -> None:
    """Create the role (or reset its password) and grant it DML on the application tables and
    their sequences, nothing else. Runs in the caller's transaction."""
    ident = sql.Identifier(role.name)
    cur = await conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role.name,))
    verb = "ALTER" if await cur.fetchone() else "CREATE"
    await conn.execute(
        sql.SQL(verb + " ROLE {} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD {}").format(
            ident, sql.Literal(role.password)
        )
    )
    cur = await conn.execute("SELECT current_database() AS db")
    row = await cur.fetchone()
    assert row is not None
    await conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(sql.Identifier(str(row["db"])), ident))
    await conn.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(ident))
    tables = sql.SQL(", ").join(sql.Identifier(t) for t in APP_TABLES)
    await conn.execute(sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON {} TO {}").format(tables, ident))
    await conn.execute(sql.SQL("REVOKE ALL ON schema_migrations FROM {}").format(ident))
    await conn.execute(sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}").format(ident))
