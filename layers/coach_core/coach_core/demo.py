"""`coach seed-demo`: demo users with realistic, gappy history relative to today.

Ids are fixed and the history is drawn from constant-seeded generators, so seeding twice
(or on a later day) is idempotent per date. Payloads go through `import_user_data`, so the
demo data passes the same validation as any import. Tests and benchmarks reuse
`demo_payloads(today)`.
"""

from __future__ import annotations

import datetime as dt
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from coach_core.db.connection import Database
from coach_core.errors import CoachError

ALEX_ID = uuid.UUID("a1e0c0a0-0000-4000-8000-000000000001")
SAM_ID = uuid.UUID("5a300a00-0000-4000-8000-000000000002")
JORDAN_ID = uuid.UUID("10d0a000-0000-4000-8000-000000000003")
RILEY_ID = uuid.UUID("f11e0000-0000-4000-8000-000000000004")
HISTORY_DAYS = 90


@dataclass(frozen=True)
class DemoUser:
    name: str
    user_id: uuid.UUID
    description: str
    token: str


def _days(today: dt.date, count: int) -> list[dt.date]:
    """The last `count` days ending today, oldest first."""
    return [today - dt.timedelta(days=count - 1 - i) for i in range(count)]


def _user(user_id: uuid.UUID, **fields: Any) -> dict[str, Any]:
    return {"id": str(user_id), **fields}


def _alex(today: dt.date) -> dict[str, Any]:
    """90 complete days, losing about 0.35 kg/week with day-to-day water noise."""
    rng = random.Random(1001)
    checkins, nutrition = [], []
    for i, day in enumerate(_days(today, HISTORY_DAYS)):
        checkins.append(
            {
                "date": day.isoformat(),
                "weight_kg": round(74.0 - 0.05 * i + rng.gauss(0, 0.35), 1),
                "energy": rng.choice([3, 3, 4, 4, 4, 5]),
                "sleep_hours": round(rng.uniform(6.3, 8.4), 1),
                "mood": rng.choice([3, 4, 4, 4, 5]),
            }
        )
        nutrition.append(
            {
                "date": day.isoformat(),
                "calories": int(rng.gauss(1780, 140)),
                "protein_g": round(rng.gauss(108, 10)),
                "carbs_g": round(rng.gauss(205, 25)),
                "fat_g": round(rng.gauss(60, 7)),
            }
        )
    return {
        "user": _user(
            ALEX_ID,
            birth_date="1990-05-01",
            sex="female",
            height_cm=168.0,
            activity_level="lightly_active",
            diet={"type": "vegetarian", "allergies": ["peanut"], "dislikes": []},
        ),
        "goal": {"type": "lose", "target_weight_kg": 64.0, "target_rate_kg_per_week": 0.5},
        "checkins": checkins,
        "nutrition": nutrition,
    }


def _sam(today: dt.date) -> dict[str, Any]:
    """Gappy: no height or activity level, check-ins and food logs on about 30 % of days."""
    rng = random.Random(2002)
    checkins, nutrition = [], []
    for day in _days(today, HISTORY_DAYS):
        if rng.random() < 0.3:
            checkins.append(
                {
                    "date": day.isoformat(),
                    "weight_kg": round(rng.gauss(86.0, 0.6), 1) if rng.random() < 0.7 else None,
                    "energy": rng.choice([2, 3, 3, 4]) if rng.random() < 0.8 else None,
                    "sleep_hours": round(rng.uniform(5.0, 7.5), 1),
                    "mood": rng.choice([2, 3, 3, 4]) if rng.random() < 0.8 else None,
                }
            )
        if rng.random() < 0.3:
            nutrition.append(
                {
                    "date": day.isoformat(),
                    "calories": int(rng.gauss(2500, 350)),
                    "protein_g": round(rng.gauss(95, 15)) if rng.random() < 0.6 else None,
                    "carbs_g": round(rng.gauss(290, 40)) if rng.random() < 0.6 else None,
                    "fat_g": round(rng.gauss(95, 12)) if rng.random() < 0.6 else None,
                }
            )
    return {
        "user": _user(
            SAM_ID,
            birth_date="1984-08-02",
            sex="male",
            height_cm=None,
            activity_level=None,
            diet={"type": None, "allergies": [], "dislikes": ["mushrooms"]},
        ),
        "goal": {"type": "maintain", "target_weight_kg": 86.0, "target_rate_kg_per_week": None},
        "checkins": checkins,
        "nutrition": nutrition,
    }


def _jordan(today: dt.date) -> dict[str, Any]:
    """Brand new: a profile and nothing else (no goal, no logs)."""
    return {
        "user": _user(
            JORDAN_ID,
            birth_date="1999-01-20",
            sex="other",
            height_cm=175.0,
            activity_level="moderately_active",
            diet={"type": "omnivore", "allergies": [], "dislikes": []},
        ),
        "goal": None,
        "checkins": [],
        "nutrition": [],
    }


def _riley(today: dt.date) -> dict[str, Any]:
    """Gaining: 60 days, check-ins on most days, food logged on weekdays, today not logged yet."""
    rng = random.Random(4004)
    checkins, nutrition = [], []
    for i, day in enumerate(_days(today, 60)):
        if day == today:
            continue
        if rng.random() < 0.85:
            checkins.append(
                {
                    "date": day.isoformat(),
                    "weight_kg": round(71.5 + 0.035 * i + rng.gauss(0, 0.3), 1),
                    "energy": rng.choice([3, 4, 4, 5]),
                    "sleep_hours": round(rng.uniform(6.8, 8.8), 1),
                    "mood": rng.choice([3, 4, 5]),
                }
            )
        if day.weekday() < 5:
            nutrition.append(
                {
                    "date": day.isoformat(),
                    "calories": int(rng.gauss(3050, 200)),
                    "protein_g": round(rng.gauss(140, 12)),
                    "carbs_g": round(rng.gauss(390, 35)),
                    "fat_g": round(rng.gauss(95, 10)),
                }
            )
    return {
        "user": _user(
            RILEY_ID,
            birth_date="1996-11-05",
            sex="male",
            height_cm=181.0,
            activity_level="very_active",
            diet={"type": "high-protein", "allergies": ["shellfish"], "dislikes": ["olives"]},
        ),
        "goal": {"type": "gain", "target_weight_kg": 76.0, "target_rate_kg_per_week": 0.25},
        "checkins": checkins,
        "nutrition": nutrition,
    }


DEMO_USERS: tuple[tuple[str, str, Callable[[dt.date], dict[str, Any]]], ...] = (
    ("Alex", "90 complete days, losing weight steadily", _alex),
    ("Sam", "gappy: no height or activity level, logs on ~30% of days", _sam),
    ("Jordan", "brand new: profile only, no goal, no logs", _jordan),
    ("Riley", "gaining: most days checked in, food logged on weekdays", _riley),
)


def demo_payloads(today: dt.date) -> list[dict[str, Any]]:
    """Import-format payloads (DOMAIN.md) of every demo user, relative to `today`."""
    return [build(today) for _, _, build in DEMO_USERS]


async def seed_demo_data(db: Database, today: dt.date) -> list[uuid.UUID]:
    """Import every demo user (idempotent); the ids, in DEMO_USERS order."""
    from coach_core.service.importer import import_user_data

    return [await import_user_data(db, payload) for payload in demo_payloads(today)]


def _mint_token() -> Callable[..., str]:
    try:
        from coach_core.api.auth import mint_local_token
    except ImportError as exc:
        raise CoachError("seed-demo cannot mint tokens: coach_core.api.auth.mint_local_token is not available") from exc
    return mint_local_token


async def seed_demo(out: TextIO) -> list[DemoUser]:
    """`coach seed-demo`: seed the demo users and print a table of name, id and a local token."""
    from coach_core.db.connection import create_database
    from coach_core.models import utctoday
    from coach_core.settings import get_settings

    mint = _mint_token()  # before writing anything: no half-done seeding without tokens
    db = create_database(get_settings())
    try:
        ids = await seed_demo_data(db, utctoday())
    finally:
        await db.close()
    seeded = [
        DemoUser(name, user_id, description, mint(str(user_id), hours=24))
        for (name, description, _), user_id in zip(DEMO_USERS, ids, strict=True)
    ]
    width = max(len(u.name) for u in seeded)
    out.write(f"{'name':<{width}}  {'id':<36}  token (24 h)\n")
    for user in seeded:
        out.write(f"{user.name:<{width}}  {user.user_id}  {user.token}\n")
    out.write("\n".join(f"  {u.name}: {u.description}" for u in seeded) + "\n")
    out.flush()
    return seeded
