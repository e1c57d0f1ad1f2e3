"""The console end to end: headless Chromium against a real `coach serve` (COACH_ENV=dev,
offline provider, real PostgreSQL and Redis, seeded demo users). Every test also fails if the
browser logged a console error it did not provoke on purpose (a CSP violation is one)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from coach_core.console.assets import CONTENT_SECURITY_POLICY
from tests.browser.support import (
    NARROW,
    BrowserLog,
    ServedCoach,
    demo_token,
    png_size,
    served_coach,
    server_env,
)

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = pytest.mark.browser

SCREENSHOT = (1360, 960)
"""The viewport of docs/console.png: room for three turns beside the plan."""
UUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
CRISIS_MESSAGE = "I want to make myself throw up after dinner"
CALORIE_MESSAGE = "I want to eat 1000 calories a day"
SUFFIX_TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}


def text_content(driver: WebDriver, element: Any) -> str:
    return str(driver.execute_script("return arguments[0].textContent", element))


def test_given_the_console_when_loaded_then_every_file_has_its_content_type_and_the_strict_csp(
    page: Any, console_server: ServedCoach
) -> None:
    """GIVEN `coach serve` in dev mode WHEN the page loads THEN it lists the four demo users and
    the provider, having run its ES modules under the CSP (no inline script, connect-src 'self');
    every file it loaded came from the console with the right content type, nosniff and the CSP."""
    names = [o.text for o in page.all("#user option:not([value=''])")]
    assert names == ["Alex", "Sam", "Jordan", "Riley"]
    assert page.by_id("provider").text == "offline"
    loaded = page.driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
    )
    static = sorted({p for p in loaded if p.startswith("/console/static/")})
    assert {
        "/console/static/console.css",
        "/console/static/console.js",
        "/console/static/vendor/eventsource-parser/stream.js",
    } <= set(static)
    for path in ["/console", *static]:
        status, headers, _ = console_server.get(path)
        assert status == 200, path
        expected = SUFFIX_TYPES[Path(path).suffix or ".html"]
        assert headers["content-type"].split(";")[0] == expected, path
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
        assert headers["x-content-type-options"] == "nosniff", path
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY and "unsafe" not in CONTENT_SECURITY_POLICY
    assert "connect-src 'self'" in CONTENT_SECURITY_POLICY


def test_given_alex_when_asking_about_weight_then_tokens_stream_in_before_done_and_the_tool_card_fills_in(
    page: Any, console_server: ServedCoach
) -> None:
    """GIVEN Alex WHEN a question is sent THEN the answer text grows sentence by sentence (each
    released once it passes the output rules) while the turn is still streaming (seen by a
    MutationObserver, not by polling), the tool cards appear
    before the first token and ends with status, latency and output, and `done` adds the
    confidence and the stats line; the session id is shown and the turn carries no policy mark.
    Each card's input is the arguments the tool ran with, exactly as `/chat` reports them for the
    same question (not `{}` where the model left the defaults to the tool), and says what the
    model sent when that differs."""
    question = "How is my weight trending, how much am I eating and how consistent am I?"
    page.choose_user("Alex")
    page.record_turns()
    turn = page.ask(question)
    samples = page.samples()
    done_at = next(i for i, s in enumerate(samples) if s["state"] == "done")
    before_done = [s["length"] for s in samples[:done_at]]
    assert before_done == sorted(before_done), "the answer never shrinks while streaming"
    growth = sorted({n for n in before_done if n > 0})
    assert len(growth) >= 4, f"expected the text to grow in several steps before done, saw {growth}"
    answer = text_content(page.driver, turn.find_element("css selector", ".answer"))
    assert growth[-1] == len(answer), "all of the text had arrived when done came"
    first_text = next(i for i, s in enumerate(samples) if s["length"] > 0)
    first_tool = next(i for i, s in enumerate(samples) if s["tools"] > 0)
    assert first_tool < first_text, "the tool card shows before the answer starts"

    card = turn.find_element("css selector", ".tool[data-tool='get_weight_trend']")
    assert card.get_attribute("data-status") == "success"
    assert re.fullmatch(r"\d[\d,]* ms", card.find_element("css selector", ".latency").text)
    assert "weigh-in" in card.text and "input" in card.text
    assert "kg" in answer
    assert re.search(r"\d+ %", turn.find_element("css selector", ".confidence").text)
    stats = turn.find_element("css selector", ".stats").text
    assert "offline" in stats and re.search(r"\d+ token events", stats) and "3 tool calls" in stats
    assert UUID_RE.match(page.by_id("session-id").text)
    assert turn.get_attribute("data-policy") is None
    assert not turn.find_element("css selector", ".marks").is_displayed()

    chat = console_server.post_json("/api/v1/coach/chat", {"message": question}, demo_token(console_server, "Alex"))
    cards = turn.find_elements("css selector", ".tool")
    assert [c.get_attribute("data-tool") for c in cards] == [t["tool_name"] for t in chat["tool_trace"]]
    for card, traced in zip(cards, chat["tool_trace"], strict=True):
        shown = card.find_element("css selector", ".tool-input .tool-args").text
        assert shown == traced["input_summary"], (card.get_attribute("data-tool"), shown, traced)
        assert isinstance(json.loads(shown)["days"], int)
        sent = card.get_attribute("data-sent")
        notes = card.find_elements("css selector", ".tool-sent")
        assert [n.text for n in notes] == ([] if sent == shown else [f"· the model sent {sent}"]), (sent, shown)


def test_given_a_calorie_message_when_answered_then_the_disclaimer_renders_and_the_turn_is_marked_modified(
    page: Any,
) -> None:
    """GIVEN a wish to eat 1,000 kcal a day WHEN the coach answers THEN the calorie_minimum
    disclaimer from `done` is shown under the answer, and the violation log marks the turn
    (policy, action and rule id)."""
    page.choose_user("Alex")
    turn = page.ask(CALORIE_MESSAGE)
    page.wait(lambda d: turn.get_attribute("data-policy") is not None)
    disclaimers = [d.text for d in turn.find_elements("css selector", ".disclaimer")]
    assert any("1,200 kcal" in d for d in disclaimers), disclaimers
    assert turn.get_attribute("data-policy") == "modify"
    mark = turn.find_element("css selector", ".mark")
    assert "calorie_minimum" in mark.text and "action modify" in mark.text and "rule " in mark.text


def test_given_a_crisis_message_when_sent_then_the_support_message_streams_and_the_turn_is_marked(
    page: Any,
) -> None:
    """GIVEN a message about purging WHEN sent THEN the support message (with the 988 line)
    arrives as tokens with no tool call, the turn is visibly marked by the crisis policy with
    its action and rule id, and `done`'s data gaps are listed."""
    page.choose_user("Sam")
    turn = page.ask(CRISIS_MESSAGE)
    page.wait(lambda d: turn.get_attribute("data-policy") is not None)
    answer = text_content(page.driver, turn.find_element("css selector", ".answer"))
    assert "988" in answer and "Crisis Lifeline" in answer
    assert turn.find_elements("css selector", ".tool") == []
    assert turn.get_attribute("data-policy") in ("flag", "block")
    mark = turn.find_element("css selector", ".mark")
    assert mark.is_displayed()
    assert "crisis" in mark.text and re.search(r"action (flag|block)", mark.text) and "rule " in mark.text
    assert "flag" in (mark.get_attribute("class") or "") or "block" in (mark.get_attribute("class") or "")
    gaps = turn.find_element("css selector", ".gaps summary").text
    assert re.fullmatch(r"Data gaps \(\d+\)", gaps), gaps  # Sam logs on ~30 % of days and has no height


def test_given_alex_when_chosen_then_the_panel_shows_the_context_line_chart_rows_and_insights(
    page: Any, console_server: ServedCoach
) -> None:
    """GIVEN Alex WHEN chosen THEN the panel shows the compact context line the system prompt
    carries, one chart point per weigh-in of the last 30 days, 14 days of check-ins and of food
    logs, and the five `/insights` cards in their stable order."""
    page.choose_user("Alex")
    context = console_server.json("/console/api/me/context", demo_token(console_server, "Alex"))
    assert page.by_id("summary").text == context["summary"]
    page.wait(lambda d: len(page.all("#chart circle")) > 0)
    assert len(page.all("#chart circle")) == len(context["weights"]) >= 25
    assert len(page.all("#checkins tbody tr")) == 14
    assert len(page.all("#food tbody tr")) == 14
    keys = [c.get_attribute("data-key") for c in page.all("#insights .insight")]
    assert keys == ["weight_trend", "adherence", "nutrition_vs_target", "sleep_pattern", "energy_pattern"]


def test_given_only_a_keyboard_when_using_the_console_then_focus_is_visible_and_enter_sends(page: Any) -> None:
    """GIVEN no mouse WHEN tabbing from the top THEN every stop shows a visible focus ring; a
    user is chosen with the arrow key; Shift+Enter adds a line; Enter sends; focus stays in
    the message box for the next question."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver = page.driver
    keys = ActionChains(driver)
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    visited = []
    for _ in range(4):
        keys.send_keys(Keys.TAB).perform()
        ring = page.focus_ring()
        visited.append(ring["id"] or ring["tag"])
        assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, ring
        if ring["id"] == "user":
            break
    assert page.active_id() == "user", visited
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    page.wait(lambda d: page.by_id("summary").text != "")
    for _ in range(12):
        if page.active_id() == "message":
            break
        ActionChains(driver).send_keys(Keys.TAB).perform()
        ring = page.focus_ring()
        visited.append(ring["id"] or ring["tag"])
        assert ring["visible"] and ring["style"] != "none" and ring["width"] >= 2, ring
    assert page.active_id() == "message", visited
    ActionChains(driver).send_keys("How much protein").key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(
        Keys.SHIFT
    ).send_keys("am I eating?").perform()
    assert page.by_id("message").get_attribute("value") == "How much protein\nam I eating?"
    assert page.coach_turns() == []
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    turn = page.wait_for_turn(1)
    assert turn.get_attribute("data-state") == "done"
    assert page.all("#log .turn.user .bubble")[0].text == "How much protein\nam I eating?"
    assert page.by_id("message").get_attribute("value") == ""
    assert page.active_id() == "message"


def test_given_a_390px_window_when_chatting_then_nothing_overflows_and_the_panel_stacks_below(
    page: Any, browser: tuple[WebDriver, BrowserLog], screenshot_dir: Path
) -> None:
    """GIVEN a 390 px wide window WHEN a conversation streams THEN the page has no horizontal
    scroll, the panel sits under the chat, the controls stay usable, and a screenshot is taken."""
    driver = browser[0]
    page.set_viewport(*NARROW)
    page.open()
    assert page.page_overflow()["inner"] == NARROW[0]
    page.choose_user("Alex")
    turn = page.ask("How consistent have I been?")
    assert turn.get_attribute("data-state") == "done"
    overflow = page.page_overflow()
    assert overflow["scroll"] <= overflow["inner"], overflow
    chat = page.driver.find_element("css selector", ".chat").rect
    panel = page.driver.find_element("css selector", ".panel").rect
    assert panel["y"] >= chat["y"] + chat["height"] - 1 and panel["width"] <= NARROW[0]
    for element_id in ("user", "message", "send", "new-session"):
        rect = page.by_id(element_id).rect
        assert rect["x"] >= 0 and rect["x"] + rect["width"] <= NARROW[0], (element_id, rect)
    driver.execute_script("window.scrollTo(0, 0)")
    shot = screenshot_dir / "console-mobile.png"
    assert driver.save_screenshot(str(shot))
    assert png_size(shot)[0] == NARROW[0]


def test_given_a_session_when_a_new_one_is_started_and_the_old_one_resumed_then_the_history_comes_back(
    page: Any, browser: tuple[WebDriver, BrowserLog]
) -> None:
    """GIVEN a first exchange WHEN "New session" is pressed THEN the log empties and the id
    resets; WHEN the first id is resumed THEN its stored history is shown and the next message
    continues that session; an unknown id is a clear "Session not found." message."""
    page.choose_user("Jordan")
    page.ask("What should I eat before a workout?")
    first = page.by_id("session-id").text
    assert UUID_RE.match(first)
    page.by_id("new-session").click()
    assert page.by_id("session-id").text == "new" and page.all("#log .turn") == []

    page.by_id("resume-id").send_keys(first + "\n")
    page.wait(lambda d: page.by_id("session-id").text == first)
    assert [t.get_attribute("data-history") for t in page.all("#log .turn")] == ["yes", "yes"]
    assert "Resumed session" in page.by_id("status").text
    page.ask("And after it?")
    assert page.by_id("session-id").text == first

    browser[1].allow("status of 404")
    page.by_id("resume-id").clear()
    page.by_id("resume-id").send_keys("00000000-0000-4000-8000-000000000000\n")
    page.wait(lambda d: "Session not found." in page.by_id("status").text)
    assert page.by_id("session-id").text == first


def test_given_a_bad_pasted_token_when_sending_then_the_401_detail_is_shown_not_a_stack(
    page: Any, browser: tuple[WebDriver, BrowserLog]
) -> None:
    """GIVEN a pasted token the server cannot verify WHEN a message is sent THEN the turn shows
    the API's 401 detail as a plain message."""
    browser[1].allow("status of 401")
    page.driver.find_element("css selector", ".token summary").click()
    page.by_id("token").send_keys("not.a.jwt\n")
    page.wait(lambda d: page.by_id("message").is_enabled())
    turn = page.ask("Hello?")
    assert turn.get_attribute("data-state") == "error"
    assert turn.get_attribute("data-error-source") == "http"
    error = turn.find_element("css selector", "[role=alert]").text
    assert error == "Invalid token."


@pytest.fixture(scope="module")
def broken_provider_server(database_url: str, redis_url: str, console_server: ServedCoach) -> Iterator[ServedCoach]:
    """`coach serve` whose OpenAI provider points at a closed loopback port: every model call
    fails after the stream has opened."""
    from tests.browser.support import free_port

    env = server_env(
        database_url,
        redis_url,
        LLM_PROVIDER="openai",
        OPENAI_API_KEY="test-key-not-secret",
        OPENAI_BASE_URL=f"http://127.0.0.1:{free_port()}/v1",
        LLM_MAX_RETRIES="0",
        LLM_TIMEOUT_SECONDS="5",
    )
    with served_coach(env) as server:
        yield server


def test_given_a_failing_provider_when_streaming_then_the_error_event_is_a_clear_message(
    browser: tuple[WebDriver, BrowserLog], broken_provider_server: ServedCoach
) -> None:
    """GIVEN a provider that cannot be reached WHEN a message is sent THEN the stream's `error`
    event is shown as its generic sentence (no exception text), and nothing else is broken:
    the next message can be typed."""
    from tests.browser.page import ConsolePage

    page = ConsolePage(browser[0], broken_provider_server.base_url).open()
    assert page.by_id("provider").text == "openai"
    page.choose_user("Alex")
    turn = page.ask("How is my weight trending?")
    assert turn.get_attribute("data-state") == "error"
    assert turn.get_attribute("data-error-source") == "stream"
    message = turn.find_element("css selector", "[role=alert]").text
    assert message == "Sorry, something went wrong while answering. Please try again."
    assert page.by_id("message").is_enabled() and page.by_id("send").is_enabled()


def test_given_sse_bytes_split_anywhere_when_parsed_by_the_page_then_the_events_come_out_whole(page: Any) -> None:
    """GIVEN a stream in the contract's framing (CRLF and LF records, `: keep-alive` comments,
    multi-byte text) WHEN the page's reader gets it cut at every byte offset THEN it yields the
    same events, and the comments are reported, not parsed as events."""
    result = page.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const { sseEvents } = await import('/console/static/api.js');
          const text = ': keep-alive\\n\\ndata: {"type":"token","data":{"content":"Grüße "}}\\r\\n\\r\\n'
            + 'data: {"type":"token","data":{"content":"🙂"}}\\n\\n: keep-alive\\n\\n'
            + 'data: {"type":"done","data":{"session_id":"x","confidence":1,"data_gaps":[],'
            + '"disclaimers":[],"tool_trace":[]}}\\n\\n';
          const bytes = new TextEncoder().encode(text);
          const runs = [];
          for (let cut = 0; cut <= bytes.length; cut += 1) {
            const stream = new ReadableStream({ start(c) {
              c.enqueue(bytes.slice(0, cut)); c.enqueue(bytes.slice(cut)); c.close(); } });
            let comments = 0;
            const reader = sseEvents(stream, { onComment: () => { comments += 1; } }).getReader();
            const events = [];
            for (;;) { const r = await reader.read(); if (r.done) break; events.push(r.value); }
            runs.push(JSON.stringify({ events, comments }));
          }
          done({ distinct: [...new Set(runs)], count: runs.length });
        })().catch((e) => done({ error: String(e) }));
    """)
    assert "error" not in result, result
    assert result["count"] > 100
    assert len(result["distinct"]) == 1, result["distinct"][:3]
    parsed = json.loads(result["distinct"][0])
    assert parsed["comments"] == 2
    assert [e["type"] for e in parsed["events"]] == ["token", "token", "done"]
    assert "".join(e["data"]["content"] for e in parsed["events"][:2]) == "Grüße 🙂"


def test_given_a_streamed_conversation_and_a_plan_then_the_screenshot_shows_what_the_docs_say(
    page: Any, screenshot_dir: Path
) -> None:
    """GIVEN Alex's conversation (a tool-backed answer, a calorie disclaimer, a crisis message)
    and *Plan my week* WHEN the wide screenshot is taken (docs/console.png with `make
    screenshots`) THEN everything its caption names is fully on screen in it (the tool card
    with its arguments, the disclaimer, the crisis mark, the plan's table), and the image is the
    viewport, pixel for pixel."""
    page.set_viewport(*SCREENSHOT)
    page.open()
    page.choose_user("Alex")
    first = page.ask("How is my weight trending?")
    calorie = page.ask(CALORIE_MESSAGE)
    page.wait(lambda d: calorie.get_attribute("data-policy") is not None)
    crisis = page.ask(CRISIS_MESSAGE)
    page.wait(lambda d: crisis.get_attribute("data-policy") is not None)
    page.by_id("plan-button").click()
    page.wait(lambda d: page.active_id() == "plan" and len(page.all("#plan .plan-day")) == 7)
    page.driver.execute_script("arguments[0].scrollIntoView({block: 'start'})", first)
    shown = {
        "tool card": first.find_element("css selector", ".tool[data-args]"),
        "disclaimer": calorie.find_element("css selector", ".disclaimer"),
        "crisis mark": crisis.find_element("css selector", ".mark"),
        "plan table": page.by_id("plan").find_element("css selector", "table"),
    }
    page.wait(lambda d: all(page.fully_visible(e) for e in shown.values()))
    shot = screenshot_dir / "console.png"
    assert page.driver.save_screenshot(str(shot))
    assert [name for name, e in shown.items() if not page.fully_visible(e)] == []
    ratio = page.driver.execute_script("return window.devicePixelRatio")
    assert png_size(shot) == (round(SCREENSHOT[0] * ratio), round(SCREENSHOT[1] * ratio))
