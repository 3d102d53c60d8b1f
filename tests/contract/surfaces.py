"""Every place an action or a position is shown to someone, as text, and pairs of games
that one viewer cannot tell apart: the hidden-information tests feed both games of a
pair through every surface and require the same bytes.

A pair is made from a played state: the real game, and the game with everything hidden
from the viewer redrawn (`determinized`); in each, the seat to act takes one of its own
actions. When the viewer's view (or, for an onlooker, the public view) is the same
afterwards, the viewer cannot know which of the two happened, so no surface may show
it a difference: not the server's log (where the action itself is listed), not a live
update, the terminal's log, the web table's board or the public record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game, State
from stellwerk.core.public_record import record_for_seat
from stellwerk.core.record import GameRecord, Seat
from stellwerk.core.session import Window
from stellwerk.frontends.table.comforts import log_lines
from stellwerk.server.access import SEAT, SPECTATOR, Access
from stellwerk.server.payloads import encode, log_payload, table_payload
from stellwerk.server.state_cache import Loaded
from stellwerk.server.table_info import SeatInfo, TableInfo
from stellwerk.web import boards

from .conftest import game_and_pack, unfinished_states

LANGS = ("en", "de")


@dataclass(frozen=True)
class Played:
    """One game after `actor` took `action` in a decision of `kind`."""

    state: State
    actor: int
    action: Action
    kind: str


def rows_of(game: Game, played: Played) -> list[dict[str, Any]]:
    """The server's log of that one action, as the store keeps it."""
    return [{"seq": 1, "seat": played.actor, "by": "human", "at": 0.0,
             "notation": game.format_action(played.action), "decision_kind": played.kind}]


def who(viewer: int | None) -> Access:
    return Access("t", SEAT, viewer) if viewer is not None else Access("t", SPECTATOR)


def loaded_of(game_id: str, played: Played) -> Loaded:
    game, pack = game_and_pack(game_id)
    return Loaded(game=game, pack=pack, state=played.state, seq=1)


def api_log(game_id: str, played: Played, viewer: int | None, lang: str) -> str:
    game, _ = game_and_pack(game_id)
    return encode(log_payload(loaded_of(game_id, played), rows_of(game, played),
                              who(viewer), lang))


def live_update(game_id: str, played: Played, viewer: int | None, lang: str) -> str:
    """What a WebSocket (and every GET of the table) carries: the table payload."""
    game, pack = game_and_pack(game_id)
    seats = played.state.seat_count()
    info = TableInfo(id="t", game=game_id, engine_version=game.engine_version, options={},
                     pack_id=pack.id, pack_sha256=pack.sha256, seed=0,
                     deadline_seconds=None, created_at=0.0, turn_started_at=0.0,
                     finished=False, result=None,
                     seats=[SeatInfo(s, f"p{s}", "human", True) for s in range(seats)],
                     admin_hash="", spectator_hash="")
    return encode(table_payload(info, loaded_of(game_id, played), who(viewer), lang, 0.0))


def terminal_log(game_id: str, played: Played, viewer: int | None, lang: str) -> str:
    """The terminal's `log` command (a terminal table has no onlookers)."""
    if viewer is None:
        return ""
    game, _ = game_and_pack(game_id)
    return "\n".join(log_lines(Window(game, played.state, viewer, [], Chance(0)), lang))


def web_board(game_id: str, played: Played, viewer: int | None, lang: str) -> str:
    """The board the web table draws for this token (`/web/tables/ID/board`)."""
    game, pack = game_and_pack(game_id)
    state = played.state
    view = state.view(viewer) if viewer is not None else state.public_view()
    names = [f"p{s}" for s in range(state.seat_count())]
    return boards.draw(game, pack, view, names, lang) or ""


def public_record(game_id: str, played: Played, viewer: int | None, lang: str) -> str:
    game, pack = game_and_pack(game_id)
    seats = played.state.seat_count()
    record = GameRecord(game=game_id, engine_version=game.engine_version, options={},
                        pack_id=pack.id, pack_sha256=pack.sha256, seed=12345,
                        seats=[Seat(f"p{s}", "human") for s in range(seats)],
                        actions=[(played.actor, game.format_action(played.action))])
    return json.dumps(record_for_seat(record, played.state, viewer), sort_keys=True)


Surface = Callable[[str, Played, int | None, str], str]

SURFACES: dict[str, Surface] = {
    "API log": api_log,
    "live update": live_update,
    "terminal log": terminal_log,
    "public record": public_record,
}
# drawn from the view alone, and dear (a Benelux board is a tenth of a second): checked
# on the first few pairs of different actions only
DRAWN: dict[str, Surface] = {"web board": web_board}
DRAWN_PAIRS = 3


def knowledge(state: State, viewer: int | None) -> Any:
    return state.view(viewer) if viewer is not None else state.public_view()


def some(actions: list[Action], chance: Chance, count: int) -> list[Action]:
    if len(actions) <= count:
        return list(actions)
    return [actions[chance.below(len(actions))] for _ in range(count)]


def twin_games(game_id: str, per_side: int = 3,
               per_viewer: int = 2) -> Iterator[tuple[Played, Played, int | None]]:
    """(real, redrawn, viewer): after one action each, games `viewer` cannot tell apart.

    For every kept state, its acting seats and every other viewer (onlookers too):
    the redrawn game is the state determinized for the viewer (for an onlooker, for a
    seat other than the actor), and each game's actor takes a few of its own actions;
    at most `per_viewer` pairs each, two different actions first."""
    for index, (state, seats) in enumerate(unfinished_states(game_id)):
        decision = state.decision()
        if decision is None:
            continue
        for actor in decision.seats[:2]:
            others = [s for s in range(seats) if s != actor]
            for viewer in [*others, None]:
                redrawn_for = viewer if viewer is not None else (others or [actor])[0]
                twin = state.determinized(redrawn_for, Chance(31 + index))
                chance = Chance(index)
                real_actions = some(state.candidate_actions(actor), chance, per_side)
                twin_actions = some(twin.candidate_actions(actor), chance, per_side)
                pairs = sorted(((a, b) for a in real_actions for b in twin_actions),
                               key=lambda pair: pair[0] == pair[1])
                found = 0
                for real_action, twin_action in pairs:
                    real, other = state.clone(), twin.clone()
                    real.apply(actor, real_action)
                    other.apply(actor, twin_action)
                    if knowledge(real, viewer) != knowledge(other, viewer):
                        continue   # the viewer can tell these apart: nothing to prove
                    yield (Played(real, actor, real_action, decision.kind),
                           Played(other, actor, twin_action, decision.kind), viewer)
                    found += 1
                    if found == per_viewer:
                        break
