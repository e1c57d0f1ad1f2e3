"""The keyed hashes that stand for a user in Redis keys (issue 22): HMAC-SHA256 with the server's
secret, so a key names nobody and cannot be recomputed from a user id without the secret."""

from __future__ import annotations

import hashlib

import pytest

from coach_core.pseudonyms import keyed_hash
from coach_core.settings import SettingsError, load_settings

USER = "0d1f4c8e-5b0a-4a43-a1b2-5c7d9e0f1a2b"


def test_given_two_secrets_then_the_same_user_hashes_apart_and_never_to_a_plain_digest() -> None:
    one, two = keyed_hash(b"a" * 32, "limits", USER), keyed_hash(b"b" * 32, "limits", USER)
    assert one != two and len(one) == 64
    assert one == keyed_hash(b"a" * 32, "limits", USER)  # stable: the same user, the same key
    assert one != hashlib.sha256(USER.encode()).hexdigest() and USER not in one


def test_given_parts_then_their_boundaries_count() -> None:
    assert keyed_hash(b"k" * 32, "ab", "c") != keyed_hash(b"k" * 32, "a", "bc")


def test_given_a_hash_secret_then_it_is_the_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JWT_SECRET", raising=False)
    assert load_settings(coach_hash_secret="s" * 40).hash_key() == b"s" * 40


def test_given_only_a_local_jwt_secret_then_a_key_is_derived_from_it_not_the_secret_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("COACH_HASH_SECRET", raising=False)
    key = load_settings(jwt_secret="j" * 40).hash_key()
    assert len(key) == 32 and key != b"j" * 40
    assert key == load_settings(jwt_secret="j" * 40).hash_key()


@pytest.mark.parametrize("overrides", [{}, {"coach_hash_secret": "short"}], ids=["missing", "short"])
def test_given_no_usable_secret_then_a_configuration_error_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, overrides: dict[str, str]
) -> None:
    for var in ("JWT_SECRET", "COACH_HASH_SECRET"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(SettingsError, match="COACH_HASH_SECRET"):
        load_settings(**overrides).hash_key()
