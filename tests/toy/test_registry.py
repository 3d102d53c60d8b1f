"""Registering a game from outside the registry file: at run time with `register`, and
for an installed package through the `stellwerk.games` entry-point group."""

from __future__ import annotations

from importlib import metadata

import pytest

import stellwerk.games as registry
from stellwerk.core.errors import BadOption
from stellwerk.games import game_ids, get_game, register, unregister

from .conftest import TOY


def entry_points_of(*entries: tuple[str, str]) -> metadata.EntryPoints:
    return metadata.EntryPoints(metadata.EntryPoint(name, value, registry.ENTRY_POINT_GROUP)
                                for name, value in entries)


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The registry reading the entry points anew, from the list a test gives."""
    monkeypatch.setattr(registry, "_installed", None)
    monkeypatch.setattr(registry, "_registered", {})
    return monkeypatch


def test_a_registered_game_is_listed_and_loaded_and_forgotten() -> None:
    assert "toy" in game_ids()
    assert type(get_game("toy")).__name__ == "ToyGame"
    unregister("toy")
    assert "toy" not in game_ids()
    with pytest.raises(BadOption, match="unknown game 'toy'"):
        get_game("toy")


def test_registering_again_is_harmless_but_a_clash_is_refused() -> None:
    register("toy", TOY)
    with pytest.raises(ValueError, match="taken"):
        register("toy", "somewhere.else:Game")
    with pytest.raises(ValueError, match="taken"):
        register("linie1", TOY)
    assert type(get_game("linie1")).__name__ == "Linie1"


@pytest.mark.parametrize(("game_id", "target"), [("Toy", TOY), ("", TOY), ("toy game", TOY),
                                                 ("toy2", "tests.toy_game"),
                                                 ("toy2", "tests.toy_game:"),
                                                 ("toy2", "a b:C")])
def test_a_malformed_registration_is_refused(game_id: str, target: str) -> None:
    with pytest.raises(ValueError):
        register(game_id, target)
    assert game_id not in game_ids()


def test_an_installed_package_s_entry_point_names_a_game(installed: pytest.MonkeyPatch) -> None:
    installed.setattr(registry.metadata, "entry_points", lambda group: entry_points_of(
        ("toy", TOY)) if group == registry.ENTRY_POINT_GROUP else entry_points_of())
    assert "toy" in game_ids()
    assert get_game("toy").title == "Track Layers"


def test_an_entry_point_cannot_take_a_shipped_game_or_be_malformed(
        installed: pytest.MonkeyPatch) -> None:
    installed.setattr(registry.metadata, "entry_points", lambda group: entry_points_of(
        ("rail-line", TOY), ("Bad Name", TOY), ("toy", "not a target")))
    assert game_ids() == ["benelux-rails", "linie1", "rail-line", "railways"]
    assert type(get_game("rail-line")).__name__ == "RailLine"


def test_the_command_line_plays_a_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    from stellwerk.cli import main

    assert main(["games"]) == 0
    assert "Track Layers (2 players)" in capsys.readouterr().out
    assert main(["play", "toy", "-o", "hand=7", "--seats", "random,random"]) != 0
    assert "hand must be from 2 to 4, not '7'" in capsys.readouterr().err
    assert main(["play", "toy", "-o", "hand=7", "--seats", "random,random",
                 "--lang", "de"]) != 0
    assert "hand muss zwischen 2 und 4 liegen" in capsys.readouterr().err
