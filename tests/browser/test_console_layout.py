"""The console's layout, measured in headless Chromium at 1280 and at 390 px: the plan comes
into view when asked for and its figures read on one line; the weight chart has dates on its
x-axis, a value for the point under the pointer, and no label under a point; the demo-user
picker never cuts a name and shows the user's description in full."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import NARROW, ServedCoach, demo_token, png_size

pytestmark = pytest.mark.browser

VIEWPORTS = [pytest.param((1280, 800), id="1280px"), pytest.param(NARROW, id="390px")]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

LINES_SCRIPT = """
// The number of line boxes each element's text occupies (distinct tops of its text rects).
return arguments[0].map((e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
});
"""

CHART_GEOMETRY_SCRIPT = """
const svg = document.querySelector('#chart svg');
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return {
  svg: box(svg),
  labels: [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, box: box(t) })),
  dots: [...svg.querySelectorAll('circle')].map((c) => ({ date: c.dataset.date, box: box(c) })),
};
"""


def overlap(a: list[float], b: list[float]) -> float:
    """The area two [left, top, right, bottom] boxes share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def chart_problems(geometry: dict[str, Any]) -> list[str]:
    """What is wrong with a measured chart: a point over a label, two labels over each other, a
    label outside the chart."""
    labels, dots, svg = geometry["labels"], geometry["dots"], geometry["svg"]
    problems = [
        f"point {d['date']} over label {lab['text']!r}"
        for lab in labels
        for d in dots
        if overlap(lab["box"], d["box"]) > 0
    ]
    problems += [
        f"label {a['text']!r} over label {b['text']!r}"
        for i, a in enumerate(labels)
        for b in labels[i + 1 :]
        if overlap(a["box"], b["box"]) > 0
    ]
    problems += [
        f"label {lab['text']!r} outside the chart"
        for lab in labels
        if not (
            lab["box"][0] >= svg[0] - 0.5
            and lab["box"][2] <= svg[2] + 0.5
            and lab["box"][1] >= svg[1] - 0.5
            and lab["box"][3] <= svg[3] + 0.5
        )
    ]
    return problems


def js_day(iso: str) -> str:
    """`fmt.day` of the page: "Tue, Nov 18"."""
    d = dt.date.fromisoformat(iso)
    return f"{d:%a}, {d:%b} {d.day}"


def js_kg(value: float) -> str:
    """`fmt.num(value, 1)` of the page: at most one decimal, none when it is zero."""
    return f"{value:,.1f}".removesuffix(".0")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_given_a_plan_below_the_fold_when_plan_my_week_is_pressed_then_it_comes_into_view_on_one_line_per_figure(
    page: Any, viewport: tuple[int, int]
) -> None:
    """GIVEN Riley at 1280 x 800 or at 390 px, the plan card below the fold WHEN "Plan my week"
    is pressed THEN focus moves to the plan, its title and whole table come fully on screen
    (scrolled inside the panel, or the page), the table lists the seven days Monday first with
    calories, macros, training and focus, each P / C / F cell is one line, and neither the
    table nor the page scrolls sideways."""
    page.set_viewport(*viewport)
    page.open()
    page.choose_user("Riley")
    card_top = page.driver.execute_script("return document.getElementById('plan-card').getBoundingClientRect().top")
    assert card_top > viewport[1], "the plan card starts below the fold"

    page.by_id("plan-button").click()
    page.wait(lambda d: len(page.all("#plan .plan-day")) == 7)
    table = page.by_id("plan").find_element("css selector", "table")
    title = page.by_id("plan").find_element("css selector", ".plan-title")
    page.wait(lambda d: page.fully_visible(table) and page.fully_visible(title))
    assert page.active_id() == "plan"

    days = page.all("#plan .plan-day")
    assert [d.find_element("css selector", "th").text for d in days] == WEEKDAYS
    for day in days:
        kcal, macros, training = (c.text for c in day.find_elements("css selector", "tr:first-child td"))
        focus = day.find_element("css selector", ".plan-focus td").text
        assert re.fullmatch(r"\d[\d,]*", kcal) and re.fullmatch(r"\d+ / \d+ / \d+", macros), (kcal, macros)
        assert training and focus
    macro_cells = page.all("#plan td.macros") + page.all("#plan th.macros")
    assert page.driver.execute_script(LINES_SCRIPT, macro_cells) == [1] * 8
    wrap = page.driver.execute_script(
        "const w = document.querySelector('#plan .table-wrap'); return [w.scrollWidth, w.clientWidth];"
    )
    assert wrap[0] <= wrap[1], f"the plan's table scrolls sideways: {wrap}"
    overflow = page.page_overflow()
    assert overflow["scroll"] <= overflow["inner"], overflow


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_given_alex_when_the_weight_chart_renders_then_dates_on_the_x_axis_values_on_hover_and_no_label_under_a_point(
    page: Any, console_server: ServedCoach, viewport: tuple[int, int], screenshot_dir: Path
) -> None:
    """GIVEN Alex's 30 days of weigh-ins at 1280 or 390 px WHEN the chart renders THEN the x-axis
    carries dates a week apart ending today, the y-axis the lowest and highest weight; hovering
    a point shows its date and weight (and each point keeps its tooltip); no label's box meets a
    point's box (the hovered, larger point included), no two labels meet, and all sit inside the
    chart. At 390 px the hovered chart's card is saved (docs/console-chart.png with `make
    screenshots`)."""
    from selenium.webdriver.common.action_chains import ActionChains

    page.set_viewport(*viewport)
    page.open()
    page.choose_user("Alex")
    context = console_server.json("/console/api/me/context", demo_token(console_server, "Alex"))
    weights = context["weights"]
    today = dt.date.fromisoformat(context["today"])
    page.wait(lambda d: len(page.all("#chart circle")) == len(weights) >= 25)

    ticks = page.all("#chart .x-tick")
    dates = [dt.date.fromisoformat(t.get_attribute("data-date")) for t in ticks]
    assert dates[-1] == today and len(dates) >= 4
    assert all(later - earlier == dt.timedelta(days=7) for earlier, later in itertools.pairwise(dates))
    assert dates[0] >= today - dt.timedelta(days=context["chart_days"] - 1)
    assert [t.text for t in ticks] == [f"{d:%b} {d.day}" for d in dates]
    kgs = [w["weight_kg"] for w in weights]
    assert [t.text for t in page.all("#chart .y-tick")] == [f"{js_kg(min(kgs))} kg", f"{js_kg(max(kgs))} kg"]

    dots = page.all("#chart circle")
    chart = page.by_id("chart")
    page.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", chart)
    for index in (0, len(weights) - 1, len(weights) // 2):
        ActionChains(page.driver).move_to_element(dots[index]).perform()
        point = weights[index]
        expected = f"{js_day(point['date'])}: {js_kg(point['weight_kg'])} kg"
        page.wait(lambda d, e=expected: chart.find_element("css selector", ".chart-readout").text == e)
        assert "active" in (dots[index].get_attribute("class") or "")
        title = dots[index].find_element("css selector", "title")
        assert (
            page.driver.execute_script("return arguments[0].textContent", title)
            == f"{point['date']}: {js_kg(point['weight_kg'])} kg"
        )

        assert chart_problems(page.driver.execute_script(CHART_GEOMETRY_SCRIPT)) == []

    if viewport == NARROW:
        card = page.driver.find_element("css selector", "#chart-title").find_element("xpath", "..")
        shot = screenshot_dir / "console-chart.png"
        assert card.screenshot(str(shot))
        ratio = page.driver.execute_script("return window.devicePixelRatio")
        size, expected = png_size(shot), (card.rect["width"] * ratio, card.rect["height"] * ratio)
        assert all(abs(got - want) <= 1 for got, want in zip(size, expected, strict=True)), (size, expected)

    ActionChains(page.driver).move_to_element(page.by_id("chart-title")).perform()
    page.wait(lambda d: "Hover" in chart.find_element("css selector", ".chart-readout").text)
    assert page.all("#chart circle.active") == []


SYNTHETIC_CHART_SCRIPT = """
// Draw a made-up series with the page's own chart code and measure it, every point enlarged as
// when hovered (the worst case for covering a label).
const [series, days, done] = arguments;
(async () => {
  const { renderChart } = await import('/console/static/chart.js');
  const today = '2026-03-31';
  const t = Date.parse(today + 'T00:00:00Z');
  const points = series.map(([back, kg]) => ({
    date: new Date(t - back * 86400000).toISOString().slice(0, 10), weight_kg: kg }));
  renderChart(document.getElementById('chart'), points, days, today);
  document.querySelectorAll('#chart circle').forEach((c) => c.classList.add('active'));
  done((() => { GEOMETRY })());
})().catch((e) => done({ error: String(e) }));
""".replace("GEOMETRY", CHART_GEOMETRY_SCRIPT)

SERIES = {
    "highest first, lowest last": ([(29, 92.4), *((d, 80 + d % 3) for d in range(28, 1, -1)), (0, 61.0)], 30),
    "lowest first, highest last": ([(29, 61.0), (15, 70.0), (0, 92.4)], 30),
    "flat": ([(d, 70.0) for d in range(0, 30, 2)], 30),
    "a 0.1 kg span": ([(d, 70.0 + (d % 2) / 10) for d in range(30)], 30),
    "daily zigzag between two extremes": ([(d, 60.0 if d % 2 else 100.0) for d in range(30)], 30),
    "two points a day apart": ([(1, 70.0), (0, 71.0)], 30),
    "a week": ([(d, 70.0 - d / 10) for d in range(7)], 7),
}


@pytest.mark.parametrize("series", SERIES.values(), ids=SERIES.keys())
def test_given_made_up_series_at_the_edges_when_drawn_then_no_point_covers_a_label_and_labels_stay_apart(
    page: Any, series: tuple[list[tuple[int, float]], int]
) -> None:
    """GIVEN series that put points where labels could be (the extremes on the first and last
    day, a flat line, a tiny span, a daily zigzag, two points, a 7-day window) WHEN the page's
    chart draws them with every point at its hovered size THEN no label's box meets a point's,
    no two labels meet, all sit inside the chart, and the x-axis ends on the last day."""
    points, days = series
    geometry = page.driver.execute_async_script(SYNTHETIC_CHART_SCRIPT, points, days)
    assert "error" not in geometry, geometry
    labels = geometry["labels"]
    assert len(geometry["dots"]) == len(points)
    assert labels[-1]["text"] == "Mar 31"
    assert [lab["text"] for lab in labels if lab["text"].endswith(" kg")]
    assert chart_problems(geometry) == []


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_given_the_demo_user_picker_when_each_user_is_chosen_then_no_name_is_cut_and_the_description_shows_in_full(
    page: Any, console_server: ServedCoach, viewport: tuple[int, int]
) -> None:
    """GIVEN the picker at 1280 or 390 px WHEN each demo user is chosen THEN the closed picker
    shows the whole name (its text fits the box, arrow included) and the user's description
    from `/console/api/users` shows beside it, wrapped rather than cut, inside the window."""
    page.set_viewport(*viewport)
    page.open()
    users = console_server.json("/console/api/users")["users"]
    for user in users:
        page.choose_user(user["name"])
        fits = page.driver.execute_script("""
            const select = document.getElementById('user');
            const s = getComputedStyle(select);
            const ctx = document.createElement('canvas').getContext('2d');
            ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
            const text = select.selectedOptions[0].text;
            const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
            return { text, width: ctx.measureText(text).width, room };""")
        assert fits["text"] == user["name"] and fits["width"] <= fits["room"], fits
        about = page.by_id("user-about")
        assert about.text == user["description"]
        assert page.fully_visible(about)
        clipped = page.driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", about)
        assert not clipped
