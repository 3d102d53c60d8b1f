"""`Game.generate_pack` (a contract hook, not found by `getattr`): a game
without a generator refuses in one line through the contract's default; a game with one
generates exactly its shipped pack, which loads as a valid pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.core.contract import Game
from stellwerk.core.errors import BadOption
from stellwerk.games import game_ids, get_game

GAME_IDS = game_ids()

GENERATED = {"benelux-rails"}     # the games whose content is made by a program


def test_the_generator_is_a_contract_method_with_a_refusing_default() -> None:
    assert "generate_pack" in vars(Game)
    with pytest.raises(BadOption) as refused:
        Game.generate_pack(get_game("rail-line"))
    assert str(refused.value) == ("Rail Line has no pack generator "
                                  "(its pack is written by hand)")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_generate_pack_refuses_or_gives_the_shipped_pack(game_id: str,
                                                         tmp_path: Path) -> None:
    game = get_game(game_id)
    if game_id not in GENERATED:
        with pytest.raises(BadOption) as refused:
            game.generate_pack()
        message = str(refused.value)
        assert message == f"{game.title} has no pack generator (its pack is written by hand)"
        return
    data = game.generate_pack()
    assert data == game.default_pack_path().read_bytes()
    out = tmp_path / "generated.toml"
    out.write_bytes(data)
    assert game.load_pack(out).sha256 == game.load_pack().sha256
