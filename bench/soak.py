"""10. Soak: `coach serve --workers 2` under a steady mixed load for 5 minutes, with provider
faults that must fail over, watching each worker's memory and file descriptors.

Set-up: a throw-away database with the demo users, `coach serve --workers 2` as a subprocess
on a loopback port, OpenAI primary and Anthropic fallback (`LLM_FALLBACK_PROVIDER=anthropic`),
both loopback fakes in this process answering every request from a small model of the
conversation (a tool round, then an answer; the plan's `calculate_tdee` round, then its JSON).

Load: `USERS` virtual users, each with its own demo user and keep-alive connection, looping
over a fixed mix (chat, stream, plan, insights; chats continue a session for up to
`TURNS_PER_SESSION` turns, as a person would) with a short think time between requests.
Faults: every `FAULT_EVERY`-th primary request answers 500 (no SDK retry): that round must be
answered by the fallback, invisibly to the client; every `BOTH_DOWN_EVERY`-th chat or stream
carries a marker both fakes fail on: its 502 / `error` event is an EXPECTED error. Anything
else that is not a 200 (a stream without `done`) is UNEXPECTED.

Measured: requests and errors per route, p50/p99 latency per route (successful requests),
and for each worker (the server process's children, from /proc) its RSS and open file
descriptors after the warm-up and at the end, each taken with the load paused and nothing in
flight. Budget: 0 unexpected errors, every injected fault failed over (the fallback served
exactly one round per injected fault), RSS growth <= 10 % per worker, descriptors flat
(within `FD_TOLERANCE`). `SOAK_SECONDS` shortens the run (a smoke run); it is in `make bench`,
never in `make test`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import subprocess
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench._common import (
    ROOT,
    LoopbackHttpClient,
    clear_redis_prefix,
    ensure_repo_on_path,
    import_demo_users,
    new_redis_prefix,
    percentile,
    redis_url,
    result,
    throwaway_database,
)

SOAK_SECONDS = float(os.environ.get("SOAK_SECONDS", "300"))
WARMUP_SECONDS = min(30.0, SOAK_SECONDS / 5)
WORKERS = 2
USERS = 4
THINK_SECONDS = (0.1, 0.3)
TURNS_PER_SESSION = 5
MIX = ("chat", "stream", "chat", "stream", "insights", "chat", "stream", "plan", "insights", "stream")
FAULT_EVERY = 25
BOTH_DOWN_EVERY = 60
BOTH_DOWN_MARKER = "[soak: both providers down]"
RSS_BUDGET = 0.10
FD_TOLERANCE = 2
"""Open descriptors may differ by this many between the two snapshots (a keep-alive or pooled
connection opened or closed at the edge of a request); a leak grows without bound."""

API = "/api/v1/coach"
ROUTES = {
    "chat": ("POST", f"{API}/chat"),
    "stream": ("POST", f"{API}/chat/stream"),
    "plan": ("POST", f"{API}/plan"),
    "insights": ("GET", f"{API}/insights"),
}
QUESTIONS = (
    "How is my weight trending?",
    "How consistent have I been?",
    "Am I eating enough protein?",
    "How did I sleep this week?",
    "What should I focus on next?",
)
ANSWER = "You're trending down steadily at a sensible pace; keep the same routine this week."
COACH = ROOT / ".venv" / "bin" / "coach"
NO_RETRY = {"x-should-retry": "false"}


# ---- the provider fakes' model ---------------------------------------------------------------


def _user_texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m["content"] for m in messages if m.get("role") == "user" and isinstance(m.get("content"), str)]


def _after_tool_results(messages: list[dict[str, Any]]) -> bool:
    """OpenAI sends results as `tool` messages; Anthropic as a user turn of `tool_result` blocks."""
    last = messages[-1] if messages else {}
    return last.get("role") == "tool" or (last.get("role") == "user" and isinstance(last.get("content"), list))


class SoakModel:
    """What one fake answers. Called under the fake's lock, so its counters need no more."""

    def __init__(self, plan_json: str, fault_every: int | None) -> None:
        self.plan_json = plan_json
        self.fault_every = fault_every
        self.answered = 0
        self.injected = 0
        self.both_down = 0

    def __call__(self, body: dict[str, Any]) -> Any:
        from coach_core.service.plan import PLAN_USER_MESSAGE
        from tests.fakes import Call, Fail, Reply

        messages = body.get("messages", [])
        texts = _user_texts(messages)
        if texts and BOTH_DOWN_MARKER in texts[-1]:
            self.both_down += 1
            return Fail(500, message="soak: both down", headers=NO_RETRY)
        self.answered += 1
        if self.fault_every and self.answered % self.fault_every == 0:
            self.injected += 1
            return Fail(500, message="soak: injected fault", headers=NO_RETRY)
        if PLAN_USER_MESSAGE in texts:
            if _after_tool_results(messages):
                return Reply(self.plan_json, usage=(900, 400))
            return Reply(calls=(Call("calculate_tdee", {}),), usage=(800, 20))
        if _after_tool_results(messages):
            return Reply(ANSWER, usage=(700, 30))
        return Reply("Let me look at your numbers. ", calls=(Call("get_weight_trend", {"days": 30}),), usage=(600, 25))


# ---- the server and its workers ---------------------------------------------------------------


def _free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server(env_extra: dict[str, str], log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_", "AWS_", "LLM_", "DB_"))}
    env.update(env_extra)
    coach = str(COACH) if COACH.exists() else "coach"
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [coach, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", str(WORKERS)],
            env=env,
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    return proc, f"http://127.0.0.1:{port}"


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


async def _wait_ready(base: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("coach serve exited during start-up")
        client = LoopbackHttpClient(base)
        try:
            status, _ = await client.request("GET", "/health")
            if status == 200:
                return
        except OSError:
            await asyncio.sleep(0.1)
        finally:
            await client.aclose()
    raise RuntimeError("coach serve did not become ready")


def worker_pids(server_pid: int) -> list[int]:
    """The uvicorn worker processes: the server's children started by multiprocessing's spawn
    (not its resource tracker)."""
    children: list[int] = []
    for task in Path(f"/proc/{server_pid}/task").glob("*"):
        try:
            children += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
    workers = []
    for pid in children:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if b"spawn_main" in cmdline:
            workers.append(pid)
    return sorted(workers)


def _tcp_peers(pid: int) -> dict[str, tuple[int, int]]:
    """Socket inode → (local port, remote port) for the process's TCP sockets (/proc/<pid>/net)."""
    peers = {}
    for table in ("tcp", "tcp6"):
        try:
            lines = Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, remote, inode = fields[1], fields[2], fields[9]
            peers[inode] = (int(local.rsplit(":", 1)[1], 16), int(remote.rsplit(":", 1)[1], 16))
    return peers


def fd_kinds(pid: int, ports: dict[int, str], server_port: int) -> Counter[str]:
    """Open descriptors by what they are: TCP connections by peer (`postgres`, `redis`, the
    fakes, `client` for the load's connections, `listen`), else the kind of file."""
    peers = _tcp_peers(pid)
    kinds: Counter[str] = Counter()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            local, remote = peers.get(target[8:-1], (0, -1))
            if remote == -1:
                kinds["socket (not tcp)"] += 1
            elif remote == 0:
                kinds["listen"] += 1
            elif local == server_port:
                kinds["client"] += 1
            else:
                kinds[ports.get(remote, f"tcp:{remote}")] += 1
        else:
            kinds[target.split(":", 1)[0] if ":" in target else "file"] += 1
    return kinds


def process_snapshot(pid: int, ports: dict[int, str], server_port: int) -> dict[str, Any]:
    """Resident memory (kB, VmRSS) and open file descriptors of one process, from /proc."""
    rss = next(
        int(line.split()[1])
        for line in Path(f"/proc/{pid}/status").read_text().splitlines()
        if line.startswith("VmRSS:")
    )
    kinds = fd_kinds(pid, ports, server_port)
    return {"rss_kb": rss, "fds": sum(kinds.values()), "fd_kinds": dict(sorted(kinds.items()))}


# ---- the load -----------------------------------------------------------------------------------


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: {r: [] for r in ROUTES})
    requests: Counter[str] = field(default_factory=Counter)
    expected_errors: Counter[str] = field(default_factory=Counter)
    unexpected_errors: Counter[str] = field(default_factory=Counter)
    unexpected_samples: list[str] = field(default_factory=list)
    both_down_sent: int = 0


@dataclass
class Pause:
    """Lets the driver stop new requests and wait until none is in flight (for a snapshot)."""

    open: asyncio.Event = field(default_factory=asyncio.Event)
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    in_flight: int = 0

    def __post_init__(self) -> None:
        self.idle.set()

    def begin(self) -> None:
        self.in_flight += 1
        self.idle.clear()

    def end(self) -> None:
        self.in_flight -= 1
        if not self.in_flight:
            self.idle.set()

    async def quiesce(self) -> None:
        self.open.clear()
        await self.idle.wait()


def _outcome(route: str, status: int, raw: bytes, both_down: bool) -> str:
    """`ok`, `expected` (a both-down request answered with the honest error) or `unexpected`."""
    if route == "stream":
        done, error = b'"type":"done"' in raw, b'"type":"error"' in raw
        if status == 200 and done and not error:
            return "ok"
        return "expected" if both_down and status == 200 and error and not done else "unexpected"
    if status == 200:
        return "ok"
    return "expected" if both_down and route == "chat" and status == 502 else "unexpected"


async def virtual_user(
    index: int, base: str, token: str, stop: asyncio.Event, pause: Pause, tally: Tally, seed: int
) -> None:
    rng = random.Random(seed)
    client = LoopbackHttpClient(base, {"Authorization": f"Bearer {token}"})
    session: str | None = None
    turns = 0
    sent = 0
    try:
        for route in itertools.cycle(MIX[index:] + MIX[:index]):
            await pause.open.wait()
            if stop.is_set():
                return
            method, path = ROUTES[route]
            body: dict[str, Any] | None = None
            both_down = False
            if route in ("chat", "stream"):
                sent += 1
                both_down = sent % BOTH_DOWN_EVERY == 0
                question = rng.choice(QUESTIONS) + (f" {BOTH_DOWN_MARKER}" if both_down else "")
                body = {"message": question, "session_id": session}
                tally.both_down_sent += both_down
            elif route == "plan":
                body = {}
            pause.begin()
            started = time.perf_counter()
            try:
                status, raw = await client.request(method, path, body)
            except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                status, raw = 0, type(exc).__name__.encode()
                await client.aclose()
            finally:
                pause.end()
            elapsed = time.perf_counter() - started
            tally.requests[route] += 1
            outcome = _outcome(route, status, raw, both_down)
            if outcome == "ok":
                tally.latencies[route].append(elapsed)
                if route == "chat":
                    session = json.loads(raw)["session_id"]
                elif route == "stream":
                    done = next(line for line in raw.split(b"\n") if b'"type":"done"' in line)
                    session = json.loads(done[len(b"data: ") :])["data"]["session_id"]
                if route in ("chat", "stream"):
                    turns += 1
                    if turns >= TURNS_PER_SESSION:
                        session, turns = None, 0
            elif outcome == "expected":
                tally.expected_errors[route] += 1
            else:
                tally.unexpected_errors[route] += 1
                if len(tally.unexpected_samples) < 10:
                    tally.unexpected_samples.append(f"{route} {status}: {raw[:200]!r}")
            await asyncio.sleep(rng.uniform(*THINK_SECONDS))
    finally:
        await client.aclose()


async def _soak(database_url: str, prefix: str, log: Path) -> dict[str, Any]:
    from coach_core.api.auth import mint_local_token
    from coach_core.domain.plan import offline_plan_json
    from coach_core.settings import load_settings
    from tests.fakes import FakeAnthropicServer, FakeOpenAIServer

    users = list((await import_demo_users(database_url)).values())
    secret = "soak-local-secret-" + uuid.uuid4().hex
    token_settings = load_settings(jwt_secret=secret)
    plan_json = offline_plan_json(None)
    primary_model, fallback_model = SoakModel(plan_json, FAULT_EVERY), SoakModel(plan_json, None)
    figures: dict[str, Any] = {
        "duration_s": SOAK_SECONDS,
        "warmup_s": WARMUP_SECONDS,
        "workers": WORKERS,
        "virtual_users": USERS,
        "cpus": os.cpu_count(),
        "loadavg_before": [round(x, 2) for x in os.getloadavg()],
    }
    with FakeOpenAIServer() as primary, FakeAnthropicServer() as fallback:
        primary.respond_with(primary_model)
        fallback.respond_with(fallback_model)
        proc, base = _start_server(
            {
                "DATABASE_URL": database_url,
                "REDIS_URL": redis_url(),
                "REDIS_KEY_PREFIX": prefix,
                "LLM_PROVIDER": "openai",
                "OPENAI_API_KEY": "sk-soak-openai",
                "OPENAI_BASE_URL": primary.base_url,
                "LLM_FALLBACK_PROVIDER": "anthropic",
                "ANTHROPIC_API_KEY": "sk-soak-anthropic",
                "ANTHROPIC_BASE_URL": fallback.base_url,
                "LLM_TIMEOUT_SECONDS": "30",
                "COACH_RATE_LIMIT_PER_MINUTE": "0",
                "COACH_DAILY_TOKEN_BUDGET": "0",
                # No model-based guard: with an OpenAI key it would default to the moderation guard,
                # whose calls go to the primary fake and would be counted as chat rounds.
                "SAFETY_GUARD": "none",
                "JWT_SECRET": secret,
                "POWERTOOLS_LOG_LEVEL": "ERROR",
            },
            log,
        )
        try:
            await _wait_ready(base, proc)
            workers = worker_pids(proc.pid)
            server_port = int(base.rsplit(":", 1)[1])
            ports = {5432: "postgres", 6379: "redis", primary.port: "openai fake", fallback.port: "anthropic fake"}
            if len(workers) != WORKERS:
                raise RuntimeError(f"expected {WORKERS} worker processes, found {workers}")
            tally, pause, stop = Tally(), Pause(), asyncio.Event()
            pause.open.set()
            tasks = [
                asyncio.create_task(
                    virtual_user(
                        i,
                        base,
                        mint_local_token(str(users[i % len(users)]), settings=token_settings),
                        stop,
                        pause,
                        tally,
                        seed=i,
                    )
                )
                for i in range(USERS)
            ]
            started = time.monotonic()
            await asyncio.sleep(WARMUP_SECONDS)
            await pause.quiesce()
            start_snapshot = {pid: process_snapshot(pid, ports, server_port) for pid in workers}
            warm_requests = sum(tally.requests.values())
            measured_from = time.monotonic()
            pause.open.set()
            await asyncio.sleep(max(0.0, SOAK_SECONDS - (time.monotonic() - started)))
            await pause.quiesce()
            end_snapshot = {pid: process_snapshot(pid, ports, server_port) for pid in workers}
            measured_seconds = time.monotonic() - measured_from
            stop.set()
            pause.open.set()
            await asyncio.gather(*tasks)
            figures["loadavg_after"] = [round(x, 2) for x in os.getloadavg()]
        finally:
            _stop(proc)
        figures["fake_unexpected"] = primary.unexpected + fallback.unexpected
    total = sum(tally.requests.values())
    figures.update(
        {
            "requests": total,
            "requests_after_warmup": total - warm_requests,
            "rate_per_s": round((total - warm_requests) / measured_seconds, 2),
            "requests_by_route": dict(tally.requests),
            "expected_errors": dict(tally.expected_errors),
            "unexpected_errors": dict(tally.unexpected_errors),
            "unexpected_samples": tally.unexpected_samples,
            "both_down_requests": tally.both_down_sent,
            "injected_primary_faults": primary_model.injected,
            "fallback_rounds": fallback_model.answered,
            "latency_ms": {
                route: {
                    "p50": round(1000 * percentile(v, 50), 1),
                    "p99": round(1000 * percentile(v, 99), 1),
                    "n": len(v),
                }
                for route, v in tally.latencies.items()
                if v
            },
            "workers_start": {str(k): v for k, v in start_snapshot.items()},
            "workers_end": {str(k): v for k, v in end_snapshot.items()},
            "rss_growth_pct": {
                str(pid): round(100 * (end_snapshot[pid]["rss_kb"] / start_snapshot[pid]["rss_kb"] - 1), 2)
                for pid in workers
            },
            "fd_change": {str(pid): end_snapshot[pid]["fds"] - start_snapshot[pid]["fds"] for pid in workers},
        }
    )
    return figures


def _passed(f: dict[str, Any]) -> tuple[bool, list[str]]:
    problems = []
    if sum(f["unexpected_errors"].values()):
        problems.append(f"unexpected errors: {f['unexpected_errors']}")
    if f["fake_unexpected"]:
        problems.append(f"the fakes saw {f['fake_unexpected']} unscripted requests")
    if not f["injected_primary_faults"]:
        problems.append("no provider fault was injected (run longer)")
    if f["fallback_rounds"] != f["injected_primary_faults"]:
        problems.append(f"{f['injected_primary_faults']} injected faults but {f['fallback_rounds']} fallback rounds")
    if sum(f["expected_errors"].values()) != f["both_down_requests"]:
        problems.append("a both-down request did not end in the honest error")
    problems += [f"worker {pid}: RSS +{g}%" for pid, g in f["rss_growth_pct"].items() if g > 100 * RSS_BUDGET]
    problems += [f"worker {pid}: {d:+d} fds" for pid, d in f["fd_change"].items() if abs(d) > FD_TOLERANCE]
    return not problems, problems


def run() -> dict[str, Any]:
    ensure_repo_on_path()
    prefix = new_redis_prefix("soak")
    log = Path(tempfile.gettempdir()) / f"coach-soak-{os.getpid()}.log"
    try:
        with throwaway_database("soak") as database_url:
            figures = asyncio.run(_soak(database_url, prefix, log))
    finally:
        clear_redis_prefix(prefix)
    passed, problems = _passed(figures)
    latency = ", ".join(f"{r} {v['p50']}/{v['p99']}" for r, v in figures["latency_ms"].items())
    worst_rss = max(figures["rss_growth_pct"].values())
    fds = ", ".join(
        f"{figures['workers_start'][p]['fds']}->{figures['workers_end'][p]['fds']}" for p in figures["workers_start"]
    )
    notes = [
        f"machine: {figures['cpus']} cores shared with other work; load average "
        f"{figures['loadavg_before']} before, {figures['loadavg_after']} at the end",
        f"server log: {log}",
        *problems,
    ]
    return result(
        "soak",
        figure=(
            f"{figures['requests']} requests in {figures['duration_s']:.0f} s ({figures['rate_per_s']}/s), "
            f"{sum(figures['unexpected_errors'].values())} unexpected / "
            f"{sum(figures['expected_errors'].values())} expected errors, "
            f"{figures['injected_primary_faults']} faults failed over; p50/p99 ms {latency}; "
            f"RSS max +{worst_rss}%, fds {fds}"
        ),
        budget=f"0 unexpected, all faults failed over, RSS <= +{100 * RSS_BUDGET:.0f}%, fds flat (±{FD_TOLERANCE})",
        passed=passed,
        figures=figures,
        notes=notes,
    )


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
