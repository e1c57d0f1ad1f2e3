"""The console page as the tests drive it: by the ids and data attributes the page exposes,
with the keyboard where a user would type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from tests.browser.support import ANSWER_TIMEOUT

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

RECORD_TURN_SCRIPT = """
// Record, at every DOM change of the log, the newest coach turn's answer length and state:
// proof that text arrives in pieces before `done`, whatever the sampling rate of WebDriver.
window.__coachSamples = [];
const log = document.getElementById('log');
window.__coachObserver?.disconnect();
window.__coachObserver = new MutationObserver(() => {
  const turn = [...log.querySelectorAll('.turn.coach')].pop();
  if (!turn) return;
  window.__coachSamples.push({
    length: turn.querySelector('.answer').textContent.length,
    state: turn.dataset.state,
    tools: turn.querySelectorAll('.tool').length,
  });
});
window.__coachObserver.observe(log, {subtree: true, childList: true, characterData: true, attributes: true});
"""

FULLY_VISIBLE_SCRIPT = """
const e = arguments[0];
const r = e.getBoundingClientRect();
if (r.width === 0 || r.height === 0) return false;
const inside = (q) => r.top >= q.top - 1 && r.bottom <= q.bottom + 1
  && r.left >= q.left - 1 && r.right <= q.right + 1;
if (!inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth })) return false;
for (let box = e.parentElement; box && box !== document.body; box = box.parentElement) {
  const s = getComputedStyle(box);
  if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
    const q = box.getBoundingClientRect();
    const top = q.top + box.clientTop, left = q.left + box.clientLeft;
    if (!inside({ top, left, bottom: top + box.clientHeight, right: left + box.clientWidth })) return false;
  }
}
return true;
"""


@dataclass
class ConsolePage:
    driver: WebDriver
    base_url: str

    def open(self) -> ConsolePage:
        self.driver.get(self.base_url + "/console")
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#user option:not([value=''])")) >= 4)
        self.wait(lambda d: d.find_element(By.ID, "provider").text not in ("", "…"))
        return self

    def wait(self, condition: Any, timeout: float = ANSWER_TIMEOUT) -> Any:
        return WebDriverWait(self.driver, timeout).until(condition)

    def by_id(self, element_id: str) -> WebElement:
        return self.driver.find_element(By.ID, element_id)

    def all(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def choose_user(self, name: str) -> None:
        Select(self.by_id("user")).select_by_visible_text(name)
        self.wait(lambda d: d.find_element(By.ID, "summary").text != "")
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#insights .insight")) == 5)

    def record_turns(self) -> None:
        self.driver.execute_script(RECORD_TURN_SCRIPT)

    def samples(self) -> list[dict[str, Any]]:
        return list(self.driver.execute_script("return window.__coachSamples || []"))

    def type_and_send(self, text: str) -> None:
        """Type into the message box and press Enter, as a user would."""
        box = self.by_id("message")
        box.send_keys(text)
        box.send_keys(Keys.ENTER)

    def coach_turns(self) -> list[WebElement]:
        return self.all("#log .turn.coach")

    def wait_for_turn(self, count: int) -> WebElement:
        """The `count`-th coach turn once it has ended (done, error or stopped) and, after
        `done`, its policy marks have been looked up."""
        self.wait(lambda d: len(self.coach_turns()) >= count)
        turn = self.coach_turns()[count - 1]
        self.wait(lambda d: turn.get_attribute("data-state") in ("done", "error", "stopped"))
        self.wait(lambda d: self.by_id("send").is_enabled())
        return turn

    def ask(self, text: str) -> WebElement:
        before = len(self.coach_turns())
        self.type_and_send(text)
        return self.wait_for_turn(before + 1)

    def active_id(self) -> str:
        return str(self.driver.execute_script("return document.activeElement && document.activeElement.id"))

    def focus_ring(self) -> dict[str, Any]:
        """The computed outline of the focused element and whether it matches :focus-visible."""
        return dict(
            self.driver.execute_script("""
            const e = document.activeElement; const s = getComputedStyle(e);
            return {tag: e.tagName, id: e.id, visible: e.matches(':focus-visible'),
                    style: s.outlineStyle, width: parseFloat(s.outlineWidth)};""")
        )

    def set_viewport(self, width: int, height: int) -> None:
        """Size the window so that the page itself (innerWidth x innerHeight) is width x height."""
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if inner != [width, height]:  # the window frame, if any
            self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        assert self.driver.execute_script("return [window.innerWidth, window.innerHeight]") == [width, height]

    def fully_visible(self, element: WebElement) -> bool:
        """Whether all of `element` is on screen: inside the viewport and inside every scrolling
        or clipping box around it (the panel, the log, a table wrapper)."""
        return bool(self.driver.execute_script(FULLY_VISIBLE_SCRIPT, element))

    def page_overflow(self) -> dict[str, int]:
        return dict(
            self.driver.execute_script(
                "return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth};"
            )
        )
