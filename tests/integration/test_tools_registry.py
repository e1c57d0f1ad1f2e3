"""The six tools through the registry against real PostgreSQL and Redis, the importer, the
context builder's queries, migrations, and the reference's two observability queries."""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
import json
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, ClassVar

import psycopg
import pytest
from redis.asyncio import Redis

from coach_core.context_builder import ContextBuilder, compact_summary
from coach_core.db.connection import Conn, PoolDatabase
from coach_core.db.migrate import load_migrations, migrate
from coach_core.demo import demo_payloads
from coach_core.domain import adherence, formulas
from coach_core.domain.outputs import AdherenceOutput, ToolOutput
from coach_core.errors import InvalidInputError, UserNotFoundError
from coach_core.models import UserData
from coach_core.repositories import logs
from coach_core.repositories import users as users_repo
from coach_core.service.importer import import_user_data, import_user_file, validate_payload
from coach_core.tools import default_tools
from coach_core.tools.base import BaseTool, NoArgs, ToolContext
from coach_core.tools.cache import ToolCache
from coach_core.tools.registry import ToolRegistry

pytestmark = pytest.mark.integration

TODAY = dt.date(2026, 11, 30)
DEAD_REDIS = "redis://127.0.0.1:1/0"


def fresh_payload(index: int = 0) -> dict[str, Any]:
    """A demo user (0 Alex, 1 Sam, 2 Jordan, 3 Riley) under a new id, so tests never share rows."""
    payload = copy.deepcopy(demo_payloads(TODAY)[index])
    payload["user"]["id"] = str(uuid.uuid4())
    return payload


def rows_of(payload: dict[str, Any]) -> UserData:
    profile, checkins, nutrition = validate_payload(payload).to_rows()
    return UserData(profile=profile, checkins=checkins, nutrition=nutrition, today=TODAY)


def registry(db: PoolDatabase, cache: ToolCache | None, tools: list[BaseTool] | None = None) -> ToolRegistry:
    return ToolRegistry(tools or default_tools(), db=db, cache=cache, today=lambda: TODAY)


async def log_rows(db: PoolDatabase, user_id: uuid.UUID) -> list[dict[str, Any]]:
    async with db.connection() as conn:
        cur = await conn.execute(
            "SELECT tool_name, status, cache_hit, error_message, input_hash, latency_ms "
            "FROM ai_tool_call_log WHERE user_id = %s ORDER BY id",
            (user_id,),
        )
        return list(await cur.fetchall())


async def snapshot(db: PoolDatabase, user_id: uuid.UUID) -> dict[str, list[Any]]:
    """Every stored row of one user, without timestamps that an upsert refreshes."""
    queries = {
        "users": "SELECT id, birth_date, sex, height_cm, activity_level, diet FROM users WHERE id = %s",
        "goals": "SELECT goal_type, target_weight_kg, target_rate_kg_per_week FROM goals WHERE user_id = %s",
        "checkins": "SELECT * FROM daily_checkins WHERE user_id = %s ORDER BY date",
        "nutrition": "SELECT * FROM nutrition_logs WHERE user_id = %s ORDER BY date",
    }
    out = {}
    async with db.connection() as conn:
        for name, query in queries.items():
            cur = await conn.execute(query, (user_id,))
            out[name] = list(await cur.fetchall())
    return out


# --- migrations and the reference queries --------------------------------------------------


async def test_given_fresh_database_when_two_migrators_race_and_rerun_then_applied_exactly_once(
    scratch_database: str,
) -> None:
    versions = [m.version for m in load_migrations()]
    first, second = await asyncio.gather(migrate(scratch_database), migrate(scratch_database))
    assert sorted([first, second]) == [[], versions]
    assert await migrate(scratch_database) == []
    async with await psycopg.AsyncConnection.connect(scratch_database) as conn:
        cur = await conn.execute("SELECT version FROM schema_migrations ORDER BY version")
        assert await cur.fetchall() == [(v,) for v in versions]
        cur = await conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ANY(%s)",
            (
                [
                    "users",
                    "goals",
                    "daily_checkins",
                    "nutrition_logs",
                    "ai_session",
                    "ai_tool_call_log",
                    "ai_policy_violation_log",
                ],
            ),
        )
        assert await cur.fetchone() == (7,)


async def test_given_logged_tool_calls_and_violations_when_reference_queries_run_then_right_aggregates(
    scratch_database: str, redis_url: str, redis_prefix: str
) -> None:
    await migrate(scratch_database)
    db = PoolDatabase(scratch_database, max_size=2)
    tool_cache = ToolCache(redis_url, redis_prefix, 0.5)
    try:
        user_id = await import_user_data(db, fresh_payload(0))
        bound = registry(db, tool_cache).bind(user_id)
        for _ in range(3):
            await bound.execute("get_weight_trend", {"days": 30})
        await bound.execute("calculate_tdee", {})
        await bound.flush_logs()
        stale = bound.registry.bind(user_id)
        await stale.execute("calculate_tdee", {"weight_kg": 80})
        await stale.flush_logs()
        from coach_core.models import PolicyViolationRow

        def violation(kind: str, severity: Any) -> PolicyViolationRow:
            return PolicyViolationRow(
                user_id=user_id,
                session_id=None,
                direction="output",
                violation_type=kind,
                severity=severity,
                trigger_content="x",
                action_taken="modify",
            )

        async with db.connection() as conn:
            # One tool row 8 days old and one violation 31 days old fall outside the windows.
            await conn.execute(
                "UPDATE ai_tool_call_log SET created_at = created_at - interval '8 days' "
                "WHERE id = (SELECT max(id) FROM ai_tool_call_log)"
            )
            await logs.insert_violations(
                conn,
                [violation("calorie_minimum", "high")] * 2
                + [violation("medical", "medium"), violation("self_harm", "critical")],
            )
            await conn.execute(
                "UPDATE ai_policy_violation_log SET created_at = created_at - interval '31 days' "
                "WHERE violation_type = 'self_harm'"
            )
            rows = await log_rows(db, user_id)
            cur = await conn.execute(logs.MOST_USED_TOOLS_SQL)
            most_used = [(r["tool_name"], r["calls"], float(r["avg_latency"])) for r in await cur.fetchall()]
            cur = await conn.execute(logs.VIOLATIONS_BY_TYPE_SQL)
            by_type = [(r["violation_type"], r["severity"], r["count"]) for r in await cur.fetchall()]
    finally:
        await tool_cache.close()
        await db.close()
    trend_latency = [r["latency_ms"] for r in rows if r["tool_name"] == "get_weight_trend"]
    assert [r["cache_hit"] for r in rows[:3]] == [False, True, True]
    assert [(name, calls) for name, calls, _ in most_used] == [("get_weight_trend", 3), ("calculate_tdee", 1)]
    assert [avg for _, _, avg in most_used] == pytest.approx([sum(trend_latency) / 3, rows[3]["latency_ms"]])
    assert by_type == [("calorie_minimum", "high", 2), ("medical", "medium", 1)]


# --- import ---------------------------------------------------------------------------------


async def test_given_same_payload_twice_when_imported_then_same_rows(db: PoolDatabase) -> None:
    payload = fresh_payload(0)
    user_id = await import_user_data(db, payload)
    first = await snapshot(db, user_id)
    assert await import_user_data(db, payload) == user_id
    assert await snapshot(db, user_id) == first
    assert (len(first["users"]), len(first["goals"])) == (1, 1)
    assert len(first["checkins"]) == len(payload["checkins"]) == 90
    assert len(first["nutrition"]) == len(payload["nutrition"]) == 90


async def test_given_same_file_twice_when_imported_by_path_then_same_rows(
    coach_env: None, db: PoolDatabase, tmp_path: Path
) -> None:
    payload = fresh_payload(1)
    path = tmp_path / "sam.json"
    path.write_text(json.dumps(payload))
    user_id = await import_user_file(str(path))
    first = await snapshot(db, user_id)
    assert await import_user_file(str(path)) == user_id
    assert await snapshot(db, user_id) == first
    assert first["users"][0]["height_cm"] is None and first["users"][0]["activity_level"] is None


async def test_given_later_import_of_same_date_when_imported_then_row_replaced(db: PoolDatabase) -> None:
    payload = fresh_payload(0)
    user_id = await import_user_data(db, payload)
    payload["checkins"] = [{"date": payload["checkins"][-1]["date"], "weight_kg": 99.5}]
    payload["nutrition"] = []
    await import_user_data(db, payload)
    rows = (await snapshot(db, user_id))["checkins"]
    assert len(rows) == 90
    assert rows[-1]["weight_kg"] == pytest.approx(99.5) and rows[-1]["energy"] is None


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda p: p["checkins"][3].update(energy=6), "checkins[3].energy: Input should be less than or equal to 5"),
        (lambda p: p["nutrition"][89].update(date="2026-02-30"), "nutrition[89].date"),
        (lambda p: p["user"].update(sex="unknown"), "user.sex: Input should be 'female', 'male' or 'other'"),
        (lambda p: p["user"].update(height_cm=300), "user.height_cm: Input should be less than or equal to 272"),
        (lambda p: p["user"].update(favourite_colour="blue"), "user.favourite_colour: unknown field"),
        (lambda p: p["checkins"].append(dict(p["checkins"][0])), "checkins[90].date: duplicate date"),
        (lambda p: p["goal"].update(type="bulk"), "goal.type"),
    ],
)
async def test_given_invalid_payload_when_imported_then_rejected_whole_naming_the_field(
    db: PoolDatabase, mutate: Callable[[dict[str, Any]], None], message: str
) -> None:
    payload = fresh_payload(0)
    mutate(payload)
    with pytest.raises(InvalidInputError) as info:
        await import_user_data(db, payload)
    assert message in info.value.detail
    assert await snapshot(db, uuid.UUID(payload["user"]["id"])) == {
        "users": [],
        "goals": [],
        "checkins": [],
        "nutrition": [],
    }


async def test_given_failure_midway_when_importing_then_the_transaction_leaves_nothing(
    db: PoolDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from coach_core.repositories import users as users_repo

    original = users_repo.upsert_user

    async def upsert_then_fail(conn: Conn, *args: Any) -> None:
        await original(conn, *args)
        raise RuntimeError("disk full")

    monkeypatch.setattr(users_repo, "upsert_user", upsert_then_fail)
    payload = fresh_payload(0)
    with pytest.raises(RuntimeError):
        await import_user_data(db, payload)
    monkeypatch.undo()
    assert (await snapshot(db, uuid.UUID(payload["user"]["id"])))["users"] == []


@pytest.mark.parametrize(("content", "message"), [("{not json", "not valid JSON (line 1"), (None, "cannot read")])
async def test_given_unreadable_file_when_imported_then_error_names_the_file(
    tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "broken.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(InvalidInputError) as info:
        await import_user_file(str(path))
    assert str(path) in info.value.detail and message in info.value.detail


# --- tools through the registry -------------------------------------------------------------


async def test_given_demo_users_when_each_tool_runs_then_output_equals_the_pure_formulas(
    db: PoolDatabase, cache: ToolCache
) -> None:
    """The tools' windows fetch every row the formulas need (including the 6-day look-back)."""
    for index in range(4):
        payload = fresh_payload(index)
        user_id = await import_user_data(db, payload)
        data = rows_of(payload)
        expected = {
            "get_user_profile": formulas.user_profile(data.profile, TODAY),
            "get_recent_checkins": formulas.recent_checkins(data.checkins, TODAY, 14),
            "get_weight_trend": formulas.weight_trend(data.checkins, TODAY, 30),
            "get_nutrition_summary": formulas.nutrition_summary(data.nutrition, TODAY, 14),
            "calculate_tdee": formulas.calculate_tdee(data.profile, data.checkins, TODAY),
            "get_adherence_metrics": adherence.adherence_metrics(data.checkins, data.nutrition, TODAY, 14),
        }
        bound = registry(db, cache).bind(user_id)
        for name, output in expected.items():
            execution = await bound.execute(name, "{}")
            assert execution.trace.status == "success", execution.content
            assert json.loads(execution.content) == output.model_dump(mode="json"), name
        await bound.flush_logs()
        assert len(await log_rows(db, user_id)) == 6


async def test_given_tool_outputs_then_domain_keys_are_present(db: PoolDatabase, cache: ToolCache) -> None:
    required = {
        "get_user_profile": {"age", "sex", "height_cm", "activity_level", "diet", "goal"},
        "get_recent_checkins": {"checkins", "count"},
        "get_weight_trend": {"moving_average_7d", "weekly_rate_kg", "latest_average_kg", "change_kg", "weigh_ins"},
        "get_nutrition_summary": {
            "avg_calories",
            "avg_protein_g",
            "avg_carbs_g",
            "avg_fat_g",
            "logged_days",
            "logging_rate",
        },
        "calculate_tdee": {
            "weight_kg",
            "bmr",
            "tdee",
            "target_calories",
            "target_clamped",
            "protein_g",
            "fat_g",
            "carbs_g",
        },
        "get_adherence_metrics": {
            "checkin_rate",
            "logging_rate",
            "checkin_streak",
            "logging_streak",
            "longest_checkin_streak",
        },
    }
    user_id = await import_user_data(db, fresh_payload(0))
    bound = registry(db, cache).bind(user_id)
    for name, keys in required.items():
        output = (await bound.execute(name, {})).output
        assert output is not None
        assert keys <= set(output.model_dump()), name
        assert isinstance(output.data_gaps, list)


async def test_given_same_call_twice_when_executed_then_second_is_a_cache_hit_and_both_logged(
    db: PoolDatabase, cache: ToolCache
) -> None:
    user_id = await import_user_data(db, fresh_payload(0))
    bound = registry(db, cache).bind(user_id)
    first = await bound.execute("get_weight_trend", {"days": 30})
    second = await bound.execute("get_weight_trend", '{"days": 30}')
    default = await bound.execute("get_weight_trend", {})  # the default is the same canonical call
    assert [first.trace.cached, second.trace.cached, default.trace.cached] == [False, True, True]
    assert first.content == second.content == default.content
    await bound.flush_logs()
    rows = await log_rows(db, user_id)
    assert [(r["tool_name"], r["status"], r["cache_hit"]) for r in rows] == [
        ("get_weight_trend", "success", False),
        ("get_weight_trend", "success", True),
        ("get_weight_trend", "success", True),
    ]
    assert len({r["input_hash"] for r in rows}) == 1


async def test_given_other_user_or_other_arguments_then_cache_keys_differ(
    db: PoolDatabase, cache: ToolCache, redis_url: str
) -> None:
    alex = await import_user_data(db, fresh_payload(0))
    riley = await import_user_data(db, fresh_payload(3))
    tools = registry(db, cache)
    a, b = tools.bind(alex), tools.bind(riley)
    results = [
        await a.execute("get_weight_trend", {"days": 30}),
        await b.execute("get_weight_trend", {"days": 30}),
        await a.execute("get_weight_trend", {"days": 31}),
        await a.execute("get_nutrition_summary", {"days": 30}),
        await a.execute("get_weight_trend", {"days": 30}),
    ]
    assert [r.trace.cached for r in results] == [False, False, False, False, True]
    assert results[0].content != results[1].content
    redis = Redis.from_url(redis_url)
    try:
        keys = [k async for k in redis.scan_iter(match=cache.key("*", "*"))]
    finally:
        await redis.aclose()
    assert len(keys) == 4


async def test_given_redis_down_when_tools_run_then_they_answer_uncached_and_are_logged(
    db: PoolDatabase, redis_prefix: str
) -> None:
    dead = ToolCache(DEAD_REDIS, redis_prefix, 0.2)
    user_id = await import_user_data(db, fresh_payload(0))
    bound = registry(db, dead).bind(user_id)
    results = [await bound.execute("get_adherence_metrics", {}) for _ in range(2)]
    await bound.flush_logs()
    await dead.close()
    assert [(r.trace.status, r.trace.cached) for r in results] == [("success", False)] * 2
    assert results[0].output is not None and results[0].output.model_dump()["checkin_rate"] == 1.0
    assert [(r["status"], r["cache_hit"]) for r in await log_rows(db, user_id)] == [("success", False)] * 2


async def test_given_two_users_when_tools_run_then_each_sees_only_their_own_rows(
    db: PoolDatabase, cache: ToolCache
) -> None:
    alex_payload, sam_payload = fresh_payload(0), fresh_payload(1)
    alex = await import_user_data(db, alex_payload)
    sam = await import_user_data(db, sam_payload)
    tools = registry(db, cache)
    for user_id, payload in ((alex, alex_payload), (sam, sam_payload)):
        out = json.loads((await tools.bind(user_id).execute("get_recent_checkins", {"days": 90})).content)
        assert out["checkins"] == sorted(
            (
                json.loads(json.dumps({"weight_kg": None, "energy": None, "sleep_hours": None, "mood": None, **c}))
                for c in payload["checkins"]
            ),
            key=lambda c: c["date"],
            reverse=True,
        )
    sneaky = await tools.bind(alex).execute("get_recent_checkins", {"days": 90, "user_id": str(sam)})
    assert sneaky.is_error and sneaky.error is not None and sneaky.error.type == "invalid_arguments"
    assert all("user" not in json.dumps(t.parameters_schema()) for t in default_tools())


@pytest.mark.parametrize(
    ("name", "arguments", "mentions"),
    [
        ("get_recent_checkins", {"days": 0}, "days"),
        ("get_recent_checkins", {"days": "abc"}, "days"),
        ("get_weight_trend", {"days": 6}, "days"),
        ("get_adherence_metrics", {"days": 91}, "days"),
        ("calculate_tdee", {"weight_kg": 500}, "weight_kg"),
        ("get_nutrition_summary", {"window": 7}, "window"),
        ("get_user_profile", {"anything": 1}, "anything"),
        ("get_weight_trend", "{not json", "JSON"),
        ("get_weight_trend", "[30]", "object"),
        ("no_such_tool", {}, "no_such_tool"),
    ],
)
async def test_given_invalid_call_when_executed_then_structured_error_logged_as_error(
    db: PoolDatabase, cache: ToolCache, name: str, arguments: Any, mentions: str
) -> None:
    user_id = await import_user_data(db, fresh_payload(2))
    bound = registry(db, cache).bind(user_id)
    execution = await bound.execute(name, arguments)
    await bound.flush_logs()
    assert execution.is_error and execution.error is not None
    assert execution.error.type in {"invalid_arguments", "unknown_tool"}
    assert mentions in execution.error.message
    error = {"type": execution.error.type, "message": execution.error.message}
    assert json.loads(execution.content) == {"error": error}
    [row] = await log_rows(db, user_id)
    assert (row["status"], row["cache_hit"]) == ("error", False)
    assert mentions in row["error_message"]


class ExplodingTool(BaseTool[NoArgs, ToolOutput]):
    name = "explode"
    description = "Always fails."
    cache_ttl_seconds: ClassVar[int] = 60
    Output: ClassVar[type[ToolOutput]] = ToolOutput

    async def run(self, ctx: ToolContext, args: NoArgs) -> ToolOutput:
        raise RuntimeError("secret connection string postgres://x")

    def summarize(self, output: ToolOutput) -> str:
        return "never"


async def test_given_tool_that_raises_when_executed_then_generic_result_and_error_logged(
    db: PoolDatabase, cache: ToolCache
) -> None:
    user_id = await import_user_data(db, fresh_payload(2))
    bound = registry(db, cache, [ExplodingTool()]).bind(user_id)
    execution = await bound.execute("explode", {})
    await bound.flush_logs()
    assert execution.is_error and execution.error is not None and execution.error.type == "tool_failed"
    assert "secret" not in execution.content and "postgres" not in execution.content
    [row] = await log_rows(db, user_id)
    assert row["status"] == "error" and "RuntimeError" in row["error_message"]


async def test_given_unknown_user_when_profile_tool_runs_then_error_result(db: PoolDatabase) -> None:
    bound = registry(db, None).bind(uuid.uuid4())
    execution = await bound.execute("get_user_profile", {})
    assert execution.is_error and execution.error is not None and execution.error.type == "tool_failed"


# --- context builder --------------------------------------------------------------------------


class CountingDatabase:
    """Wraps a database and counts the statements its connections execute."""

    def __init__(self, inner: PoolDatabase) -> None:
        self.inner = inner
        self.statements = 0

    async def open(self) -> None:
        await self.inner.open()

    async def close(self) -> None:
        await self.inner.close()

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Any]:
        async with self.inner.connection() as conn:
            outer = self

            class Counted:
                def __getattr__(self, item: str) -> Any:
                    return getattr(conn, item)

                async def execute(self, *args: Any, **kwargs: Any) -> Any:
                    outer.statements += 1
                    return await conn.execute(*args, **kwargs)

            yield Counted()


@pytest.mark.parametrize("index", [0, 1, 2, 3])
async def test_given_user_when_context_built_then_four_queries_and_summary_of_stored_rows(
    db: PoolDatabase, index: int
) -> None:
    """GIVEN a stored user WHEN the context is built THEN one round trip of 4 statements (profile
    with data version, check-ins, food logs, streaks) summarises their rows; built again with
    nothing written THEN 1 statement (the data version) and the same context."""
    payload = fresh_payload(index)
    user_id = await import_user_data(db, payload)
    counting = CountingDatabase(db)
    builder = ContextBuilder()
    context = await builder.build(counting, user_id, TODAY)
    assert counting.statements == 4
    assert context.summary == compact_summary(rows_of(payload))
    assert 0.0 <= context.confidence <= 1.0
    again = await builder.build(counting, user_id, TODAY)
    assert counting.statements == 5 and again == context and builder.hits == 1


async def test_given_a_write_between_builds_when_context_built_then_it_is_rebuilt_never_stale(
    db: PoolDatabase,
) -> None:
    """GIVEN a cached context WHEN the user's check-ins change THEN the data version moved and
    the next build reads the new rows (the cache is never stale)."""
    payload = fresh_payload(0)
    user_id = await import_user_data(db, payload)
    builder = ContextBuilder()
    first = await builder.build(db, user_id, TODAY)
    payload["checkins"] = [{"date": payload["checkins"][-1]["date"], "weight_kg": 120.0}]
    payload["nutrition"] = []
    await import_user_data(db, payload)
    second = await builder.build(db, user_id, TODAY)
    assert builder.hits == 0
    assert second.data.data_version > first.data.data_version
    assert second.summary != first.summary and second.data.checkins[-1].weight_kg == 120.0


async def test_given_unknown_user_when_context_built_then_user_not_found(db: PoolDatabase) -> None:
    with pytest.raises(UserNotFoundError):
        await ContextBuilder().build(db, uuid.uuid4(), TODAY)


async def test_given_120_straight_days_when_adherence_and_context_run_then_streaks_are_not_capped(
    db: PoolDatabase, cache: ToolCache
) -> None:
    """GIVEN check-ins and food logs on each of the last 120 days WHEN the adherence tool runs
    THEN both current streaks are 120 (not capped by the 90-day history), the longest check-in
    streak is that run counted in full, and the context summary says the same; a gap 10 days ago
    resets the current streak, and the longest is then the run before the gap, counted in full
    from the whole history (the tool reads only the window's rows)."""
    payload = fresh_payload(0)
    first = dt.date.fromisoformat(payload["checkins"][0]["date"])
    payload["checkins"] += [
        {"date": (first - dt.timedelta(days=i)).isoformat(), "weight_kg": 80.0} for i in range(1, 31)
    ]
    payload["nutrition"] += [
        {"date": (first - dt.timedelta(days=i)).isoformat(), "calories": 1900} for i in range(1, 31)
    ]
    user_id = await import_user_data(db, payload)
    output = (await registry(db, cache).bind(user_id).execute("get_adherence_metrics", {"days": 14})).output
    assert isinstance(output, AdherenceOutput)
    assert (output.checkin_streak, output.logging_streak, output.longest_checkin_streak) == (120, 120, 120)
    context = await ContextBuilder().build(db, user_id, TODAY)
    assert "STREAK chk 120 log 120" in context.summary

    async with db.connection() as conn:
        await conn.execute(
            "DELETE FROM daily_checkins WHERE user_id = %s AND date = %s", (user_id, TODAY - dt.timedelta(days=10))
        )
        streaks = await users_repo.get_streaks(conn, user_id, TODAY)
        window_streaks = await users_repo.get_streaks(conn, user_id, TODAY, TODAY - dt.timedelta(days=13))
        version = await users_repo.get_data_version(conn, user_id)
    assert (streaks.checkin, streaks.logging) == (10, 120)
    # the run before the gap: 119..11 days ago (109 days), 106 of them before the window (13 days ago on).
    assert (window_streaks.checkin_run_before, window_streaks.rows_from) == (106, TODAY - dt.timedelta(days=13))
    assert version is not None
    bound = registry(db, cache).bind(user_id, data_version=version)  # the new version: no stale cache entry
    output = (await bound.execute("get_adherence_metrics", {"days": 14})).output
    assert isinstance(output, AdherenceOutput)
    assert (output.checkin_streak, output.longest_checkin_streak) == (10, 109)
