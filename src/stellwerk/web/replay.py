"""The record viewer's engine: a record (from a finished table or an imported file)
checked whole, then the position after n moves drawn from the public view.

A record comes as JSON data (a finished table's record, its seed a decimal string as
in all JSON for browsers) or as the text of an imported record file, which the page
sends unparsed, so a seed beyond 2**53 reaches the replay exact.

Only the public view is drawn and the moves are listed as an onlooker read them while
the game ran (`Game.shown_action`: a sealed order as nothing, kept cards as `keep ? ? ?`),
so stepping through a record shows what a spectator saw; hidden hands stay hidden even
in a finished game's record viewer.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.errors import BadRecord, StellwerkError
from stellwerk.core.inputs import parse_json
from stellwerk.core.record import GameRecord, replay
from stellwerk.games import get_game
from stellwerk.server.errors import ApiError
from stellwerk.web import boards
from stellwerk.web.terms import CATALOG


def replay_step(data: dict[str, Any] | str, step: int | None, lang: str) -> dict[str, Any]:
    """The position after `step` moves (all: None) of a record, given as its JSON data or
    as the text of a record file (read here, so every integer in it stays exact)."""
    try:
        if isinstance(data, str):
            data = parse_json(data, "record", BadRecord)
        record = GameRecord.from_json(data)
        game = get_game(record.game)
        replay(record, game)  # the whole record must replay, result included
        pack = game.load_pack()
        state = game.new_state(game.parse_options(record.options, len(record.seats)),
                               record.seed, pack, len(record.seats))
        total = len(record.actions)
        shown = total if step is None else min(step, total)
        names = [seat.name for seat in record.seats]
        moves, at_step = [], state.clone()
        for index, (seat, text) in enumerate(record.actions):
            action = game.parse_action(text)
            decision = state.decision()
            kind = decision.kind if decision is not None else ""
            # as an onlooker read it while the game ran (Game.shown_action)
            public = game.shown_action(action, seat, None, kind)
            moves.append({"seat": seat, "name": names[seat] if 0 <= seat < len(names) else "?",
                          "notation": public if public is not None
                          else CATALOG.text("web.viewer.sealed", lang),
                          "hidden": public is None})
            state.apply(seat, action)
            if index + 1 == shown:
                at_step = state.clone()
        state = at_step
    except (StellwerkError, RecursionError) as exc:
        raise ApiError(422, "web.err.bad_record", catalog=CATALOG, reason=str(exc)) from None
    events = state.events(None)
    return {
        "game": game.id,
        "title": game.title,
        "step": shown,
        "total": total,
        "names": names,
        "moves": moves,
        "svg": boards.draw(game, pack, state.public_view(), names, lang),
        "events": [game.describe_event(event, lang, state) for event in events][-12:],
        "result": state.result().to_json() if state.is_over() else None,
    }
