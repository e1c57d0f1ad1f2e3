"""The console marks the figures of an answer that do not match the user's data (issue 24):
headless Chromium against `coach serve` whose provider is the real OpenAI SDK aimed at the
loopback fake, which answers with figures the tools did not return."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser.support import BrowserLog, ServedCoach, seed_demo_users, served_coach, server_env
from tests.fakes import Call, FakeOpenAIServer, Reply

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = pytest.mark.browser

WRONG = "Your weight fell from 82.4 to 80.9 kg this month. Aim for seven hours of sleep."


def _answer(body: dict[str, Any]) -> Reply:
    """A tool call for the user's message, then an answer with figures the tool did not return."""
    if body["messages"][-1]["role"] == "user":
        return Reply(calls=(Call("get_weight_trend", {"days": 30}),))
    return Reply(WRONG)


@pytest.fixture(scope="module")
def drifting_server(database_url: str, redis_url: str) -> Iterator[ServedCoach]:
    with FakeOpenAIServer() as fake:
        fake.respond_with(_answer)
        env = server_env(
            database_url,
            redis_url,
            LLM_PROVIDER="openai",
            OPENAI_API_KEY="sk-test-console",
            OPENAI_BASE_URL=fake.base_url,
            LLM_MAX_RETRIES="0",
            SAFETY_GUARD="none",
        )
        seed_demo_users(env)
        with served_coach(env) as server:
            yield server


def test_given_an_answer_with_figures_not_in_the_data_then_the_console_marks_them(
    chromium: WebDriver, drifting_server: ServedCoach
) -> None:
    """GIVEN a model that says "from 82.4 to 80.9 kg" under a weight-trend card WHEN the answer
    is done THEN both figures are marked in the answer text (the advice is not), the turn says
    how many figures were checked and not found, and the disclaimer names them."""
    from tests.browser.page import ConsolePage

    log = BrowserLog(chromium)
    chromium.get("about:blank")
    log.drain()
    page = ConsolePage(chromium, drifting_server.base_url).open()
    page.choose_user("Alex")
    turn = page.ask("How is my weight trending?")

    assert turn.get_attribute("data-state") == "done"
    assert turn.get_attribute("data-grounding") == "ungrounded"
    marks = turn.find_elements("css selector", ".answer mark.ungrounded")
    assert [m.text for m in marks] == ["82.4", "80.9 kg"]
    answer = turn.find_element("css selector", ".answer").text
    assert answer.startswith(WRONG)
    line = turn.find_element("css selector", ".grounding").text
    assert "2 checked against your data" in line and "2 not found in it" in line
    disclaimers = [d.text for d in turn.find_elements("css selector", ".disclaimer")]
    assert any("82.4 kg" in d and "80.9 kg" in d for d in disclaimers), disclaimers
    assert log.errors() == []
