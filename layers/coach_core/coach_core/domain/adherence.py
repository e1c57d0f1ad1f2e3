"""get_adherence_metrics (DOMAIN.md): check-in and logging rates over the window, the current
streaks (uncapped) and the longest check-in streak touching the window, counted in full."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from coach_core.domain.formulas import count_in_window, gap, round_half_up, window_start
from coach_core.domain.outputs import AdherenceOutput
from coach_core.models import CheckIn, NutritionLog, Streaks
from coach_core.text import plural

_ONE_DAY = dt.timedelta(days=1)


def current_streak(dates: set[dt.date], today: dt.date) -> int:
    """Consecutive days with a row ending today, or ending yesterday when today has none yet."""
    return run_ending(dates, today if today in dates else today - _ONE_DAY)


def run_ending(dates: set[dt.date], day: dt.date) -> int:
    """Consecutive days with a row ending `day` (0 when `day` has none)."""
    count = 0
    while day in dates:
        count += 1
        day -= _ONE_DAY
    return count


def longest_streak(dates: set[dt.date], today: dt.date, days: int, run_before: int = 0) -> int:
    """The longest run of consecutive days with a row that has at least one day in the window,
    counted in full: `run_before` is the run ending the day before the window's first day."""
    best = 0
    run = run_before
    day = window_start(today, days)
    while day <= today:
        run = run + 1 if day in dates else 0
        best = max(best, run)
        day += _ONE_DAY
    return best


def run_before_window(dates: set[dt.date], start: dt.date, streaks: Streaks | None) -> int:
    """The check-in run ending the day before `start`: counted over `dates`, and continued with
    `streaks.checkin_run_before` when it reaches back to the first day the rows were loaded from."""
    count = run_ending(dates, start - _ONE_DAY)
    if streaks is not None and start - dt.timedelta(days=count) == streaks.rows_from:
        count += streaks.checkin_run_before
    return count


def adherence_metrics(
    checkins: Iterable[CheckIn],
    nutrition: Iterable[NutritionLog],
    today: dt.date,
    days: int,
    streaks: Streaks | None = None,
) -> AdherenceOutput:
    """Rates over the window, the current streaks and the longest check-in streak touching the
    window, counted in full (DOMAIN.md). Streaks are uncapped: the callers pass `streaks` read over
    the user's whole history (`repositories.users.get_streaks`, the check-in run before the rows
    loaded included); without it they are counted over the rows given."""
    checkin_dates = {c.date for c in checkins if c.date <= today}
    log_dates = {n.date for n in nutrition if n.date <= today}
    if streaks is None:
        streaks = Streaks(checkin=current_streak(checkin_dates, today), logging=current_streak(log_dates, today))
    checkin_days = count_in_window(checkin_dates, today, days)
    logged_days = count_in_window(log_dates, today, days)
    gaps = []
    if checkin_days == 0:
        gaps.append(gap("checkins", f"No check-ins in the last {plural(days, 'day')}.", "Encourage a daily check-in."))
    if logged_days == 0:
        gaps.append(gap("nutrition", f"No food logged in the last {plural(days, 'day')}.", "Encourage logging meals."))
    return AdherenceOutput(
        days=days,
        checkin_days=checkin_days,
        logged_days=logged_days,
        checkin_rate=round_half_up(checkin_days / days, 2),
        logging_rate=round_half_up(logged_days / days, 2),
        checkin_streak=streaks.checkin,
        logging_streak=streaks.logging,
        longest_checkin_streak=longest_streak(
            checkin_dates, today, days, run_before_window(checkin_dates, window_start(today, days), streaks)
        ),
        data_gaps=gaps,
    )
