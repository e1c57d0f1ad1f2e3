"""What the browser tests need: the prerequisites check, a real `coach serve` subprocess
(dev mode, offline provider, the run's test database and a Redis prefix of its own), a
headless Debian Chromium driven by Selenium through the system chromedriver (nothing is
downloaded), and page helpers."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

REPO = Path(__file__).resolve().parents[2]
REQUIRE_ENV = "COACH_REQUIRE_BROWSER"
"""Set to 1 (`make test-browser` does) to turn a missing browser into a failure."""
SCREENSHOTS_ENV = "COACH_SCREENSHOTS"
"""Set to `docs` (`make screenshots`) to write docs/console.png, console-mobile.png and console-chart.png."""
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-default-apps",
    "--mute-audio",
    "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication",
)
WIDE = (1360, 900)
NARROW = (390, 844)
ANSWER_TIMEOUT = 30.0


def _executable(override: str, *names: str) -> str | None:
    """The override variable's path (if it is an executable), else the first name on PATH."""
    if os.environ.get(override):
        path = os.environ[override]
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
    return next((found for name in names if (found := shutil.which(name))), None)


def chromium_binary() -> str | None:
    return _executable("COACH_CHROMIUM", "chromium", "chromium-browser")


def chromedriver_binary() -> str | None:
    return _executable("COACH_CHROMEDRIVER", "chromedriver")


def missing_prerequisites() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    missing = []
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the `selenium` package (pip install -e '.[dev]')")
    if chromium_binary() is None:
        missing.append("Chromium (apt-get install chromium)")
    if chromedriver_binary() is None:
        missing.append("chromedriver (apt-get install chromium-driver)")
    if not missing:
        return None
    return (
        "BROWSER TESTS NOT RUN: missing "
        + ", ".join(missing)
        + ". `.ci/run` installs them on Debian; `make test-browser` runs these tests alone and fails without them."
    )


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def coach_command() -> str:
    return str(Path(sys.executable).with_name("coach"))


def server_env(database_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"}
    }
    env.update(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "REDIS_KEY_PREFIX": f"test:browser:{uuid.uuid4().hex[:8]}:",
            "LLM_PROVIDER": "offline",
            "COACH_ENV": "dev",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(extra)
    return env


def seed_demo_users(env: Mapping[str, str]) -> None:
    """`coach seed-demo` against the test database (idempotent)."""
    subprocess.run([coach_command(), "seed-demo"], env=dict(env), check=True, capture_output=True, timeout=120)


@dataclass
class ServedCoach:
    """A `coach serve` process on a free loopback port."""

    env: dict[str, str]
    port: int = field(default_factory=free_port)
    log_path: Path = field(default_factory=lambda: Path(tempfile.mkstemp(prefix="coach-serve-", suffix=".log")[1]))
    process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> ServedCoach:
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                [coach_command(), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"coach serve exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.base_url + "/health", timeout=2) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"coach serve did not answer /health within {timeout:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process = None

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def get(self, path: str, token: str | None = None) -> tuple[int, dict[str, str], bytes]:
        request = urllib.request.Request(self.base_url + path)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
        except urllib.error.HTTPError as err:
            return err.code, {k.lower(): v for k, v in err.headers.items()}, err.read()

    def post_json(self, path: str, body: Mapping[str, Any], token: str) -> Any:
        """POST a JSON body with a bearer token; the decoded 200 answer."""
        request = urllib.request.Request(
            self.base_url + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 200, response.status
            return json.loads(response.read())

    def json(self, path: str, token: str | None = None) -> Any:
        status, _, body = self.get(path, token)
        assert status == 200, (status, body[:300])
        return json.loads(body)


def demo_token(server: ServedCoach, name: str) -> str:
    """The fresh local token the console's picker hands out for demo user `name`."""
    users = server.json("/console/api/users")["users"]
    return str(next(u["token"] for u in users if u["name"] == name))


@contextmanager
def served_coach(env: dict[str, str]) -> Iterator[ServedCoach]:
    server = ServedCoach(env).start()
    try:
        yield server
    finally:
        server.stop()


def launch_chromium(user_data_dir: Path) -> WebDriver:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium_binary() or ""
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={user_data_dir}")
    options.add_argument(f"--window-size={WIDE[0]},{WIDE[1]}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver_binary() or ""), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


class BrowserLog:
    """The page's console messages; `allow(...)` declares an error a test provokes on purpose
    (Chromium logs every 4xx fetch as a console error)."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver = driver
        self.allowed: list[str] = []

    def drain(self) -> list[dict[str, Any]]:
        return list(self.driver.get_log("browser"))

    def allow(self, fragment: str) -> None:
        self.allowed.append(fragment)

    def errors(self) -> list[str]:
        return [
            e["message"]
            for e in self.drain()
            if e.get("level") == "SEVERE" and not any(a in e["message"] for a in self.allowed)
        ]
