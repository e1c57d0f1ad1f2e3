"""GIVEN a checkout with or without the `.coach/jwt_secret` that `make run` generates WHEN `coach
token` settles its secret THEN the environment's JWT_SECRET wins, else the checkout's file is
read (from the folder or any folder below it), else nothing: there is no built-in default."""

from __future__ import annotations

from pathlib import Path

import pytest

from coach_core.settings import CHECKOUT_JWT_SECRET_FILE, SettingsError, checkout_jwt_secret, load_settings

FILE_SECRET = "f" * 64
ENV_SECRET = "e" * 40


def _checkout(root: Path, secret: str | None) -> Path:
    """A checkout folder with a nested `src/deep` folder; `secret` (None: no file) in .coach/."""
    (root / "src" / "deep").mkdir(parents=True)
    if secret is not None:
        (root / CHECKOUT_JWT_SECRET_FILE).parent.mkdir()
        (root / CHECKOUT_JWT_SECRET_FILE).write_text(secret + "\n")
    return root


@pytest.mark.parametrize(
    ("file_secret", "start", "expected"),
    [
        pytest.param(FILE_SECRET, ".", FILE_SECRET, id="in-the-checkout"),
        pytest.param(FILE_SECRET, "src/deep", FILE_SECRET, id="below-the-checkout"),
        pytest.param(None, ".", None, id="no-file"),
        pytest.param("   ", ".", None, id="empty-file"),
    ],
)
def test_given_a_checkout_when_its_secret_is_looked_up_then_the_file_or_none(
    tmp_path: Path, file_secret: str | None, start: str, expected: str | None
) -> None:
    root = _checkout(tmp_path / "repo", file_secret)
    assert checkout_jwt_secret(root / start) == expected


@pytest.mark.parametrize(
    ("env_secret", "file_secret", "expected"),
    [
        pytest.param(None, FILE_SECRET, FILE_SECRET, id="unset-env-reads-the-file"),
        pytest.param(ENV_SECRET, FILE_SECRET, ENV_SECRET, id="env-wins"),
        pytest.param(ENV_SECRET, None, ENV_SECRET, id="env-only"),
    ],
)
def test_given_env_and_file_when_settings_take_the_checkout_secret_then_env_first(
    tmp_path: Path, env_secret: str | None, file_secret: str | None, expected: str
) -> None:
    root = _checkout(tmp_path / "repo", file_secret)
    settings = load_settings(jwt_secret=env_secret).with_checkout_jwt_secret(root)
    assert settings.local_jwt_secret() == expected


def test_given_neither_env_nor_file_when_a_secret_is_needed_then_the_error_names_variable_and_file(
    tmp_path: Path,
) -> None:
    settings = load_settings(jwt_secret=None).with_checkout_jwt_secret(_checkout(tmp_path / "repo", None))
    with pytest.raises(SettingsError) as err:
        settings.local_jwt_secret()
    assert "JWT_SECRET" in str(err.value) and ".coach/jwt_secret" in str(err.value)
