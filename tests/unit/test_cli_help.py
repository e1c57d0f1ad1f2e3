"""GIVEN the `coach` parser WHEN a person reads `--help` or asks `--version` THEN every option says
what it does and its default (or that it is required), and the version is the installed package's."""

from __future__ import annotations

import argparse
from importlib.metadata import version

import pytest

from coach_core.cli import DISTRIBUTION, TOOL_NAMES, build_parser, main
from coach_core.tools import default_tools


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


OPTIONS = [
    pytest.param(command, action, id=f"{command} {action.option_strings[0] if action.option_strings else action.dest}")
    for command, sub in _subparsers().items()
    for action in sub._actions
    if not isinstance(action, argparse._HelpAction)
]


@pytest.mark.parametrize(("command", "action"), OPTIONS)
def test_given_an_option_when_help_is_read_then_it_says_what_it_does_and_its_default(
    command: str, action: argparse.Action
) -> None:
    text = action.help or ""
    assert len(text) >= 15, f"coach {command}: {action.dest} has no useful help"
    required = action.required or not action.option_strings
    assert ("required" if required else "default") in text, f"coach {command} {action.dest}: {text!r}"


def test_given_every_command_then_it_has_a_description() -> None:
    assert all(len(sub.description or "") >= 15 for sub in _subparsers().values())


def test_given_version_when_asked_then_the_installed_package_version_and_exit_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"coach {version(DISTRIBUTION)}"


def test_given_the_tool_help_then_it_lists_exactly_the_registered_tools() -> None:
    assert set(TOOL_NAMES) == {tool.name for tool in default_tools()}
