"""GIVEN the npm package's compiled CA modules WHEN scripts/fetch_rds_ca.py builds the bundle THEN it
keeps every current root once, drops expired ones, insists on the proxy's and RDS's roots, and
refuses a tarball that does not match the pinned integrity. (No network: certificates are made here.)"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
from datetime import UTC, datetime, timedelta
from types import ModuleType

import pytest

from tests.infra.conftest import REPO_ROOT

pytestmark = pytest.mark.infra
NOW = datetime(2026, 11, 30, tzinfo=UTC)


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fetch_rds_ca", REPO_ROOT / "scripts" / "fetch_rds_ca.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def certificate(common_name: str, not_after: datetime) -> str:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(min(NOW, not_after) - timedelta(days=30))
        .not_valid_after(not_after)
        .sign(key, hashes.SHA256())
    )
    return cert.public_bytes(serialization.Encoding.PEM).decode()


def compiled_module(pems: list[str]) -> str:
    """The shape of the package's lib/profiles/ca/*.js: an array of concatenated string literals."""
    items = [" +\n        ".join(f"'{line}\\n'" for line in pem.strip().splitlines()) for pem in pems]
    return '"use strict";\nexports.proxies = [\n    ' + ",\n    ".join(items) + "\n];\n"


def test_given_current_expired_and_duplicate_roots_then_the_bundle_keeps_each_current_root_once() -> None:
    mod = script()
    proxy = certificate("Amazon Root CA 1", NOW + timedelta(days=4000))
    rds = certificate("Amazon RDS us-east-1 Root CA RSA2048 G1", NOW + timedelta(days=9000))
    expired = certificate("Amazon RDS us-east-1 CA 2019", NOW - timedelta(days=1))
    text, names = mod.build_bundle([compiled_module([proxy, proxy]), compiled_module([expired, rds])], NOW)
    assert names == ["Amazon Root CA 1", "Amazon RDS us-east-1 Root CA RSA2048 G1"]
    assert text.count("-----BEGIN CERTIFICATE-----") == 2
    assert proxy.strip() in text and rds.strip() in text and expired.strip() not in text


def test_given_no_proxy_root_then_the_bundle_is_refused() -> None:
    mod = script()
    rds = certificate("Amazon RDS us-east-1 Root CA RSA2048 G1", NOW + timedelta(days=9000))
    with pytest.raises(mod.BundleError, match="Amazon Root CA 1"):
        mod.build_bundle([compiled_module([rds])], NOW)


def test_given_a_tarball_that_does_not_match_the_pin_then_it_is_refused() -> None:
    mod = script()
    tarball = b"not the package"
    good = "sha512-" + base64.b64encode(hashlib.sha512(tarball).digest()).decode()
    mod.check_integrity(tarball, good)
    with pytest.raises(mod.BundleError, match="does not match"):
        mod.check_integrity(tarball)


def test_given_a_layer_without_python_folder_then_the_script_says_to_build_it(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert script().main(["--layer", str(tmp_path)]) == 2
    assert "make layer" in capsys.readouterr().err
