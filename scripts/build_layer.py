"""Build the shared Lambda layer folder (build/layer/python) without Docker, from a lock file.

`--lock` (`make lock`) resolves the runtime requirements (`[project].dependencies` minus what
the Lambda runtime provides, plus the Lambda-only ones) with `uv pip compile` for the Lambda
target (CPython 3.12, manylinux aarch64, wheels only) into `layers/requirements.lock`: exact
pins with hashes, headed by a stamp of the requirement list it was resolved from.

The build (`make layer`) refuses a lock whose stamp no longer matches `pyproject.toml`, then
has pip install exactly the lock (`--no-deps`, hashes required, manylinux aarch64 wheels for
the runtime's Python) into a target folder and copies `coach_core` in. A new SDK release can
therefore change what ships only through a commit of the lock. The CDK stack zips the folder
with `Code.from_asset`. A stamp of the lock lets a rebuild skip the download when nothing
changed; `coach_core` is always re-copied.

Usage: python scripts/build_layer.py [--out build/layer] [--force]
       python scripts/build_layer.py --lock
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
LOCK_FILE = ROOT / "layers" / "requirements.lock"
CORE_SRC = ROOT / "layers" / "coach_core" / "coach_core"
FUNCTIONS_DIR = ROOT / "functions"

# Must match the Lambda runtime in infra/cdk/coach_infra/functions.py (a test checks it).
PYTHON_VERSION = "3.12"
# Lambda's Python 3.12+ runtimes run on Amazon Linux 2023 (glibc 2.34): all three tags load.
PLATFORMS = ("manylinux2014_aarch64", "manylinux_2_28_aarch64", "manylinux_2_34_aarch64")
# uv's name for the same target: the newest glibc of PLATFORMS (older manylinux tags load on it).
UV_PLATFORM = "aarch64-manylinux_2_34"
# Shipped by the Lambda Python runtime: never requested.
RUNTIME_PROVIDED = frozenset({"boto3", "botocore", "s3transfer", "jmespath"})
# Left out of the lock (so never downloaded or shipped) even when a dependency pulls them in: the
# runtime's copies serve (botocore alone is tens of MB unzipped). urllib3 ships: `requests` (the OTLP
# span exporter's HTTP client) needs it too, so the layer carries its own rather than the runtime's.
EXCLUDED_FROM_LOCK = ("boto3", "botocore", "s3transfer")
# Needed only on Lambda (none since tracing moved to OpenTelemetry, a runtime dependency everywhere).
LAMBDA_ONLY_REQUIREMENTS: tuple[str, ...] = ()
# Lambda limit: function code plus all its layers, unzipped.
LAMBDA_UNZIPPED_LIMIT_MB = 250.0
# Room kept for the Lambda Web Adapter layer attached to the streaming function.
ADAPTER_LAYER_ALLOWANCE_MB = 10.0
STAMP_FORMAT = 3
LOCK_STAMP_PREFIX = "# requirements-stamp: "
LOCK_COMMAND = "make lock"

_NAME_RE = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def requirement_name(requirement: str) -> str:
    """Canonical project name of a PEP 508 requirement string (PEP 503 normalisation)."""
    match = _NAME_RE.match(requirement)
    if not match:
        raise ValueError(f"cannot parse requirement: {requirement!r}")
    return re.sub(r"[-_.]+", "-", match.group(1)).lower()


def runtime_requirements(pyproject: Path = PYPROJECT) -> list[str]:
    """[project].dependencies minus what the Lambda runtime provides, plus the Lambda-only ones."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    deps: list[str] = list(data["project"]["dependencies"])
    named = {requirement_name(d) for d in deps}
    extra = [r for r in LAMBDA_ONLY_REQUIREMENTS if requirement_name(r) not in named]
    return [d for d in deps if requirement_name(d) not in RUNTIME_PROVIDED] + extra


def stamp_for(requirements: Iterable[str]) -> str:
    """Hash of everything that decides what the lock resolves to."""
    payload = json.dumps(
        {
            "format": STAMP_FORMAT,
            "python": PYTHON_VERSION,
            "platforms": list(PLATFORMS),
            "uv_platform": UV_PLATFORM,
            "excluded": sorted(EXCLUDED_FROM_LOCK),
            "requirements": sorted(requirements),
        },
        sort_keys=True,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


def lock_command() -> list[str]:
    """`uv pip compile` for the Lambda target; the requirements arrive on stdin."""
    excluded = [arg for name in EXCLUDED_FROM_LOCK for arg in ("--no-emit-package", name)]
    return [
        sys.executable, "-m", "uv", "pip", "compile", "-",
        "--quiet",
        "--python-version", PYTHON_VERSION,
        "--python-platform", UV_PLATFORM,
        "--only-binary", ":all:",
        "--generate-hashes",
        "--custom-compile-command", LOCK_COMMAND,
        *excluded,
    ]  # fmt: skip


def lock_text(requirements: list[str], resolved: str) -> str:
    """The lock file: a header naming the target and the stamp of `requirements`, then uv's output."""
    return (
        f"# The Lambda layer's exact dependencies: CPython {PYTHON_VERSION}, {UV_PLATFORM}, wheels only.\n"
        f"# Generated by `{LOCK_COMMAND}` (scripts/build_layer.py --lock) from pyproject.toml; do not edit.\n"
        f"{LOCK_STAMP_PREFIX}{stamp_for(requirements)}\n"
        f"{resolved}"
    )


def lock_stamp(text: str) -> str | None:
    """The requirements stamp a lock file records (None if it has none)."""
    for line in text.splitlines():
        if line.startswith(LOCK_STAMP_PREFIX):
            return line.removeprefix(LOCK_STAMP_PREFIX).strip()
    return None


def write_lock(lock_file: Path = LOCK_FILE) -> None:
    """Resolve the runtime requirements for the Lambda target into `lock_file`."""
    requirements = runtime_requirements()
    print(f"[lock] uv pip compile for cp{PYTHON_VERSION} {UV_PLATFORM}: {' '.join(requirements)}")
    result = subprocess.run(
        lock_command(), input="\n".join(requirements) + "\n", capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise SystemExit(f"[lock] uv pip compile failed with exit code {result.returncode}:\n{result.stderr}")
    lock_file.write_text(lock_text(requirements, result.stdout), encoding="utf-8")
    print(f"[lock] wrote {lock_file.relative_to(ROOT) if lock_file.is_relative_to(ROOT) else lock_file}")


def checked_lock(lock_file: Path = LOCK_FILE) -> str:
    """The lock's text, if it was resolved from today's requirements; otherwise SystemExit."""
    if not lock_file.is_file():
        raise SystemExit(f"[layer] {lock_file.name} is missing: run {LOCK_COMMAND}")
    text = lock_file.read_text(encoding="utf-8")
    if lock_stamp(text) != stamp_for(runtime_requirements()):
        raise SystemExit(
            f"[layer] {lock_file.name} was not resolved from pyproject.toml's current dependencies: run {LOCK_COMMAND}"
        )
    return text


def pip_command(lock_file: Path, target: Path) -> list[str]:
    """Install exactly the lock: no dependency resolution, every file checked against its hash."""
    platform_args = [arg for p in PLATFORMS for arg in ("--platform", p)]
    return [
        sys.executable, "-m", "pip", "install",
        "--quiet", "--disable-pip-version-check", "--no-compile", "--no-input",
        "--no-deps", "--require-hashes",
        *platform_args,
        "--python-version", PYTHON_VERSION,
        "--implementation", "cp",
        "--only-binary=:all:",
        "--target", str(target),
        "--requirement", str(lock_file),
    ]  # fmt: skip


def strip_tree(site: Path) -> None:
    """Remove what never runs on Lambda: bytecode for this machine's Python, console scripts,
    packages' own test suites and install RECORDs (METADATA stays for importlib.metadata)."""
    for cache in list(site.rglob("__pycache__")):
        shutil.rmtree(cache, ignore_errors=True)
    shutil.rmtree(site / "bin", ignore_errors=True)
    for record in site.glob("*.dist-info/RECORD"):
        record.unlink()
    for tests in list(site.glob("*/tests")):
        # Only a package's own test suite: a sibling __init__.py means it's part of a package.
        if tests.is_dir() and (tests.parent / "__init__.py").exists() and tests.parent.name != "coach_core":
            shutil.rmtree(tests, ignore_errors=True)


def copy_core(site: Path) -> None:
    dest = site / "coach_core"
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(CORE_SRC, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def tree_size_mb(path: Path) -> float:
    if not path.exists():
        return 0.0
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / (1024 * 1024)


def largest_function(functions_dir: Path = FUNCTIONS_DIR) -> tuple[str, float]:
    sizes = [(d.name, tree_size_mb(d)) for d in functions_dir.iterdir() if d.is_dir()] if functions_dir.exists() else []
    return max(sizes, key=lambda s: s[1], default=("(none)", 0.0))


def layer_stamp(lock: str) -> str:
    """Hash of what pip installs: the lock's text and the target it is installed for."""
    payload = json.dumps({"format": STAMP_FORMAT, "platforms": list(PLATFORMS), "lock": lock}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


def build(out: Path, force: bool = False, lock_file: Path = LOCK_FILE) -> float:
    """Build `out/python`; return the layer's unzipped size in MB. Raises SystemExit on failure."""
    site = out / "python"
    stamp = layer_stamp(checked_lock(lock_file))
    stamp_file = out.parent / f".{out.name}-stamp"
    up_to_date = site.is_dir() and stamp_file.exists() and stamp_file.read_text().strip() == stamp
    if up_to_date and not force:
        print(f"[layer] lock unchanged (stamp {stamp[:12]}), skipping pip")
    else:
        shutil.rmtree(out, ignore_errors=True)
        site.mkdir(parents=True)
        stamp_file.unlink(missing_ok=True)
        print(f"[layer] pip install -r {lock_file.name} for cp{PYTHON_VERSION} aarch64")
        result = subprocess.run(pip_command(lock_file, site), check=False)
        if result.returncode != 0:
            raise SystemExit(f"[layer] pip failed with exit code {result.returncode}")
        strip_tree(site)
        stamp_file.write_text(stamp + "\n")
    copy_core(site)

    layer_mb = tree_size_mb(out)
    fn_name, fn_mb = largest_function()
    total = layer_mb + fn_mb + ADAPTER_LAYER_ALLOWANCE_MB
    print(f"[layer] {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {layer_mb:.1f} MB unzipped")
    print(
        f"[layer] largest function {fn_name}: {fn_mb:.2f} MB; with the adapter allowance "
        f"({ADAPTER_LAYER_ALLOWANCE_MB:.0f} MB) the total is {total:.1f} MB of {LAMBDA_UNZIPPED_LIMIT_MB:.0f} MB"
    )
    if total > LAMBDA_UNZIPPED_LIMIT_MB:
        raise SystemExit(f"[layer] too large: {total:.1f} MB exceeds Lambda's {LAMBDA_UNZIPPED_LIMIT_MB:.0f} MB")
    return layer_mb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "layer", help="layer folder (default build/layer)")
    parser.add_argument("--force", action="store_true", help="re-download even when the stamp matches")
    parser.add_argument("--lock", action="store_true", help=f"regenerate {LOCK_FILE.name} instead of building")
    args = parser.parse_args(argv)
    if args.lock:
        write_lock()
    else:
        build(args.out.resolve(), force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
