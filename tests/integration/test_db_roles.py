"""The application role the runtime connects as on AWS: created by the migration run from
the app secret, with data access to the application's tables and nothing more."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from psycopg import sql

from coach_core.db.migrate import migrate
from coach_core.db.roles import APP_TABLES, AppRole

pytestmark = [pytest.mark.integration, pytest.mark.direct_db]


@pytest.fixture
def role(admin_database_url: str, scratch_database: str) -> Iterator[AppRole]:
    """A role name unique to this test (roles are cluster-wide), dropped afterwards together
    with its grants in the scratch database."""
    app_role = AppRole(f"coach_app_{uuid.uuid4().hex[:8]}", f"pw-{uuid.uuid4().hex}")
    yield app_role
    ident = sql.Identifier(app_role.name)
    with psycopg.connect(scratch_database, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (app_role.name,)).fetchone():
            return
        conn.execute(sql.SQL("DROP OWNED BY {}").format(ident))
    with psycopg.connect(admin_database_url, autocommit=True) as conn:
        conn.execute(
            sql.SQL("REVOKE ALL ON DATABASE {} FROM {}").format(
                sql.Identifier(urlsplit(scratch_database).path.lstrip("/")), ident
            )
        )
        conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(ident))


def _as(url: str, role: AppRole) -> str:
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    return urlunsplit(parts._replace(netloc=f"{role.name}:{role.password}@{host}:{parts.port or 5432}"))


async def test_given_a_fresh_database_when_migrated_with_the_app_role_then_it_can_use_data_but_not_ddl(
    scratch_database: str, role: AppRole
) -> None:
    """GIVEN a new database WHEN migrations run with the app role (twice: a redeploy) THEN the
    role can read and write every application table, and cannot create tables, read the
    migration ledger or grant itself more."""
    await migrate(scratch_database, role)
    assert await migrate(scratch_database, role) == []
    user_id = uuid.uuid4()
    async with await psycopg.AsyncConnection.connect(_as(scratch_database, role), autocommit=True) as conn:
        await conn.execute("INSERT INTO users (id) VALUES (%s)", (user_id,))
        await conn.execute("UPDATE users SET height_cm = 170 WHERE id = %s", (user_id,))
        for table in APP_TABLES:
            await conn.execute(sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table)))
        await conn.execute("DELETE FROM users WHERE id = %s", (user_id,))
        for forbidden in (
            "CREATE TABLE nope (id int)",
            "SELECT * FROM schema_migrations",
            "DROP TABLE ai_session",
            "ALTER TABLE users ADD COLUMN nope int",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                await conn.execute(forbidden)


async def test_given_the_schema_then_every_table_but_the_ledger_is_granted(scratch_database: str) -> None:
    """GIVEN the migrated schema THEN APP_TABLES names every table except schema_migrations (a
    new table must be added there, or the app role could not use it)."""
    await migrate(scratch_database)
    async with await psycopg.AsyncConnection.connect(scratch_database) as conn:
        cur = await conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        tables = {row[0] for row in await cur.fetchall()}
    assert tables - {"schema_migrations"} == set(APP_TABLES)
