"""The companions a game names (`Game.companions`): imported when asked for, made with
the pack they show, and the base classes' defaults for a kind a game does not name."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import HUMAN, Action, Game, State
from stellwerk.games import game_ids, get_game


class Bare(Game):
    """A game that names no companion (only what the base classes give)."""

    id = "bare"
    title = "Bare"
    engine_version = "bare/1"
    min_seats = 2
    max_seats = 4
    catalog = get_game("rail-line").catalog

    def default_pack_path(self) -> Path:
        return Path("bare.toml")

    def load_pack(self, path: Path | None = None) -> ContentPack:
        raise NotImplementedError

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> dict[str, Any]:
        return {}

    def new_state(self, options: Mapping[str, Any], seed: int, pack: ContentPack,
                  seats: int) -> State:
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        return (text,)

    def format_action(self, action: Action) -> str:
        return str(action[0])


def test_a_kind_a_game_does_not_name_is_the_base_with_its_defaults() -> None:
    game = Bare()
    pack: Any = object()
    terminal = companions.terminal(game, pack)
    assert type(terminal) is companions.Terminal and terminal.pack is pack
    assert json.loads(terminal.render({"round": 1})) == {"round": 1}
    assert terminal.render_compact({"a": 1}) == terminal.render({"a": 1})
    assert terminal.detail_topics({}) == () and not terminal.has_guided_choice()
    assert terminal.review_action({}, ("x",)) == ([], None)
    picture = companions.picture(game, pack)
    assert picture.svg({}) is None and picture.preview(None, 0, "x") is None  # type: ignore[arg-type]
    known = companions.knowledge(game)
    assert known.default_seats(True) == [HUMAN, "greedy", "greedy", "greedy"]
    assert known.default_seats(False) == ["greedy", "greedy"]
    assert known.bots == {} and known.bot_aliases == {} and known.hint_bot == "search"
    with pytest.raises(NotImplementedError, match="Bare names no bot knowledge"):
        known.heuristic(None, 0)  # type: ignore[arg-type]
    study = companions.study(game)
    assert study.figures(None, None, []) is None  # type: ignore[arg-type]
    assert study.figure_name("boxes marked", "de") == "boxes marked"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_names_each_companion_in_its_own_package(game_id: str) -> None:
    game = get_game(game_id)
    package = type(game).__module__.rpartition(".")[0]
    for kind, base in (("terminal", companions.Terminal), ("picture", companions.Picture),
                       ("knowledge", companions.BotKnowledge), ("study", companions.Study)):
        found = companions.companion_class(game, kind)
        assert issubclass(found, base) and found is not base, (game_id, kind)
        assert found.__module__.startswith(package + "."), (game_id, kind)


def test_the_rollout_policy_is_the_games_own_function_where_it_binds_one() -> None:
    from stellwerk.games.rail_line import rollout

    # Rail Line's policy is bound as the function itself: no call in between on the
    # search's hottest path
    assert companions.knowledge(get_game("rail-line")).rollout_action is rollout.rollout_action
    state = get_game("railways").new_state({}, 1, get_game("railways").load_pack(), 1)
    action = companions.knowledge(get_game("railways")).rollout_action(state, 0, Chance(1))
    assert state.is_legal(0, action)
