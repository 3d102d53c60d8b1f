"""The record viewer's engine: a record (from a finished table or an imported file)
checked whole, then the position after n moves drawn from the public view.

Only the public view is drawn, so stepping through a record shows what a spectator saw;
hidden hands stay hidden even in a finished game's record viewer.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.errors import StellwerkError
from stellwerk.core.record import GameRecord, replay
from stellwerk.games import get_game
from stellwerk.server.errors import ApiError
from stellwerk.web import boards
from stellwerk.web.terms import CATALOG


def replay_step(data: dict[str, Any], step: int | None, lang: str) -> dict[str, Any]:
    try:
        record = GameRecord.from_json(data)
        game = get_game(record.game)
        replay(record, game)  # the whole record must replay, result included
        pack = game.load_pack()
        state = game.new_state(game.parse_options(record.options, len(record.seats)),
                               record.seed, pack, len(record.seats))
        total = len(record.actions)
        shown = total if step is None else min(step, total)
        for seat, text in record.actions[:shown]:
            state.apply(seat, game.parse_action(text))
    except (StellwerkError, RecursionError) as exc:
        raise ApiError(422, "web.err.bad_record", catalog=CATALOG, reason=str(exc)) from None
    names = [seat.name for seat in record.seats]
    moves = [{"seat": seat, "name": names[seat] if 0 <= seat < len(names) else "?",
              "notation": text} for seat, text in record.actions]
    events = state.events(None)
    return {
        "game": game.id,
        "title": game.title,
        "step": shown,
        "total": total,
        "names": names,
        "moves": moves,
        "svg": boards.draw(game, state.public_view(), names, lang),
        "events": [game.describe_event(event, lang, state) for event in events][-12:],
        "result": state.result().to_json() if state.is_over() else None,
    }
