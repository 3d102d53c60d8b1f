"""What a seat (or an onlooker) may see of a Rail Line game.

Hidden: the other players' hands, the A cards out of the game (two players) and the
order of the B deck. Everything else — line, offer, sheets, coins, locomotives — lies
open on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stellwerk.games.rail_line.constants import REFUSALS, REFUSE
from stellwerk.games.rail_line.sheet_view import breakdown, refusal_facts, sheet_rows
from stellwerk.games.rail_line.symbols import SYMBOLS
from stellwerk.games.rail_line.tables import CardFace, Station

if TYPE_CHECKING:
    from stellwerk.games.rail_line.rules import RailLineState

LOG_LENGTH = 30


def station_names(station: Station) -> list[str] | None:
    return None if station is None else [SYMBOLS[r] for r in station]


def face(stations: CardFace | tuple[Station, ...]) -> list[list[str] | None]:
    return [station_names(s) for s in stations]


def seat_view(state: RailLineState, seat: int | None) -> dict[str, Any]:
    decision = state.decision()
    scores = state.scores()
    return {
        "game": "rail-line",
        "seat": seat,
        "sheet": state.sheet.name,
        "players": state.n,
        "side": state.side,
        "turn": state.turn,
        "active": state.active,
        "end_triggered": state.end_triggered,
        "line": [
            {"position": pos, "card": _card_at(state, pos), "stations": face(stations)}
            for pos, stations in enumerate(state.stations)
        ],
        "head": state.head,
        "offer": [{"card": c, "stations": face(state.tables.faces[c])} for c in state.offer],
        "deck": len(state.deck),
        "discards": list(state.discards),
        "hand": ([{"card": c, "stations": face(state.tables.faces[c])}
                  for c in state.hands[seat]] if seat is not None else None),
        "seats": [
            {
                "seat": i,
                "track": p.track + 1 if p.track >= 0 else None,
                "slow": p.slow,
                "coins": p.coins,
                "hand_size": len(state.hands[i]),
                "marks": dict(zip(SYMBOLS, p.counts, strict=True)),
                "refusals_left": REFUSALS - p.refusals if state.n == 3 else 0,
                "gain_used": p.gained,
                "score_now": sum(scores[i].values()),
                # the sheet's structure, points now and what each next box adds
                "sheet": sheet_rows(state.sheet, state.players, i, state.turn),
                "breakdown": breakdown(state.sheet, state.players, i),
            }
            for i, p in enumerate(state.players)
        ],
        "sheet_rows": {SYMBOLS[r]: list(v) for r, v in enumerate(state.sheet.values)},
        "decision": None if decision is None else {
            "seats": list(decision.seats), "kind": decision.kind, "prompt": decision.prompt,
            "params": dict(decision.params),
        },
        "log": [list(e) for e in (state.log or [])[-LOG_LENGTH:]],
        # what each Starting Station side carries, per track
        "start_sides": [face(side) for side in state.tables.start_sides],
        "refusal": _refusal(state),
    }


def _refusal(state: RailLineState) -> dict[str, Any] | None:
    """For a keep/refuse decision: the station's other symbols still to come and what
    each answer does to the score (the order of questions is the engine's)."""
    pending = state.pending
    if pending is None or pending[0] != REFUSE:
        return None
    seat, row = pending[1], pending[2]
    coming = []
    for step in reversed(state.stack):
        if step[0] != "mark" or step[1] != seat:
            break
        coming.append(step[2])
    facts = refusal_facts(state.sheet, state.players, seat, row, coming, state.turn)
    facts["seat"] = seat
    # docs/games/rail-line.md#rl-rules: a free move in another player's turn gains a symbol that may
    # be refused (a coin, the locomotive still moved); say that this symbol was the seat's own
    # choice, so the question is not read as a second "are you sure?"
    last = state.log[-1] if state.log else None
    facts["own_free_move"] = bool(last and last[0] == "slow" and last[1] == seat)
    return facts


def _card_at(state: RailLineState, position: int) -> str:
    if position == 0:
        return f"start-{state.side}"
    if position % 9 == 0:
        return f"curve-{position // 9}"
    return state.line[position - 1 - position // 9]
