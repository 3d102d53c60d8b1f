"""What a request may see, built only from what the engine shows that seat.

Secrets: a seat's payload comes from `view(seat)`,
`candidate_actions(seat)`, `events(seat)` and public data (names, kinds, whose turn);
an onlooker's or the admin's from `public_view()` and `events(None)`. The seed and the
record appear only once the game is over. What a viewer reads of a logged action is the
game's answer, `Game.shown_action` (its own notation for the actor, the public form or
nothing for anyone else), never the stored notation itself.
"""

from __future__ import annotations

import time
from typing import Any

from stellwerk.core.companions import study
from stellwerk.core.contract import Game
from stellwerk.core.errors import StellwerkError
from stellwerk.server import browser_json
from stellwerk.server.access import SEAT, Access
from stellwerk.server.deadlines import late_without_default
from stellwerk.server.state_cache import Loaded
from stellwerk.server.table_info import TableInfo
from stellwerk.server.table_service import to_json_form
from stellwerk.server.terms import CATALOG
from stellwerk.server.undo import BY_UNDO, effective, undoable

ENCODED_KEPT = 32  # encoded payloads kept per table and version (viewers x languages)


def encode(data: Any) -> str:
    """Compact JSON, as Starlette's JSONResponse writes it, every integer one a browser
    reads exactly (`browser_json`)."""
    return browser_json.dumps(data)


def table_json(info: TableInfo, loaded: Loaded, who: Access, lang: str) -> str:
    """`table_payload` encoded, built once per version of the table and viewer: the
    answer to a seat's own action, its GETs and its live updates (one per socket: a
    seat may watch in several tabs) share one view and one encoding. Call it under the
    table's lock (`TableService.table`). The key names everything the payload is made
    of besides the state at `loaded.seq`: who looks (role and seat, so no viewer is ever
    given another's payload), the language, the table's row and seats as read, and the
    seats late without a default (which changes with the clock, not the log)."""
    now = time.time()
    late = tuple(late_without_default(info, loaded.state, now))
    key = (who.role, who.viewer, lang, late, info.deadline_seconds, info.turn_started_at,
           info.finished, info.next_table,
           tuple((s.name, s.kind, s.joined) for s in info.seats))
    if loaded.encoded_seq != loaded.seq:
        loaded.encoded.clear()
        loaded.encoded_seq = loaded.seq
    text = loaded.encoded.get(key)
    if text is None:
        if len(loaded.encoded) >= ENCODED_KEPT:
            loaded.encoded.clear()
        text = loaded.encoded[key] = encode(table_payload(info, loaded, who, lang, now))
    return text


def table_payload(info: TableInfo, loaded: Loaded, who: Access, lang: str,
                  now: float | None = None) -> dict[str, Any]:
    game, state = loaded.game, loaded.state
    seat = who.viewer
    decision = state.decision()
    payload: dict[str, Any] = {
        "table": info.id,
        "game": game.id,
        "title": game.title,
        "seq": loaded.seq,
        "role": who.role,
        "seat": seat,
        "seats": [{"seat": s.seat, "name": s.shown(lang), "kind": s.kind, "joined": s.joined,
                   "free": not s.is_bot and not s.joined}
                  for s in info.seats],
        "options": info.options,
        "finished": decision is None,
        "decision": None,
        "your_turn": False,
        "deadline_seconds": info.deadline_seconds,
        "deadline_at": info.deadline_at(),
        "view": state.view(seat) if seat is not None else state.public_view(),
        "result": None,
        "late_without_default": None,  # {"seats", "text"} when the table waits (deadlines.py)
        "rematch": info.next_table,
        # whether this seat may take back its newest action now (server/undo.py)
        "can_undo": who.role == SEAT and seat is not None and not info.seats[seat].is_bot
        and undoable(loaded.steps, state, loaded.seq, seat, loaded.snapshot_every) is not None,
    }
    if decision is not None:
        payload["decision"] = {
            "seats": list(decision.seats),
            "kind": decision.kind,
            "prompt": decision.prompt,
            "text": game.catalog.text(decision.prompt, lang, **decision.params),
            "params": dict(decision.params),
        }
        payload["your_turn"] = seat is not None and seat in decision.seats \
            and not info.seats[seat].is_bot
        late = late_without_default(info, state, time.time() if now is None else now)
        if late:  # the game has no stand-in action: the admin decides (deadlines.py)
            seats = ", ".join(str(s + 1) for s in late)
            payload["late_without_default"] = {
                "seats": late, "text": CATALOG.text("srv.late_no_default", lang, seats=seats,
                                     count=len(late))}
    else:
        result = payload["result"] = state.result().to_json()
        # the score's parts in players' words (the game's names: "Sugar beet", not "beet")
        names = study(game)
        payload["result_labels"] = {part: names.figure_name(part, lang)
                                    for parts in result["breakdown"] for part in parts}
        # why it ended and, solo, the score against the game's yardstick (the game says)
        payload["ending"] = names.ending(state, [s.shown(lang) for s in info.seats],
                                         lang).to_json()
    return payload


def legal_payload(loaded: Loaded, seat: int, lang: str) -> dict[str, Any]:
    game, state = loaded.game, loaded.state
    actions = state.candidate_actions(seat) if state.decision() is not None else []
    return {
        "seq": loaded.seq,
        "seat": seat,
        # False: the list is a sample (e.g. Linie 1's orders); any action the game's
        # check allows is accepted too (`type_actions` said so before `enumerable` existed)
        "complete": game.enumerable and not game.type_actions,
        "actions": [{"notation": game.format_action(a), "action": to_json_form(a),
                     "text": game.describe_action(a, lang)} for a in actions],
    }


def log_payload(loaded: Loaded, rows: list[Any], who: Access, lang: str) -> dict[str, Any]:
    game, state = loaded.game, loaded.state
    seat = who.viewer
    events = state.events(seat)
    standing = {row["seq"] for row in effective(rows)}
    entries = []
    for row in rows:
        entry: dict[str, Any] = {"seq": row["seq"], "seat": row["seat"], "by": row["by"],
                                 "at": row["at"]}
        if row["by"] == BY_UNDO:  # a seat took back its newest action: which, it alone knew
            entries.append(entry)
            continue
        if row["seq"] not in standing:
            entry["taken_back"] = True
        shown = shown_notation(game, row, seat, state.is_over())
        if shown is None:
            entry["hidden"] = True
        else:
            entry["notation"] = shown
        entries.append(entry)
    return {
        "seq": loaded.seq,
        "actions": entries,
        "events": [{**event, "text": game.describe_event(event, lang, state)} for event in events],
    }


def shown_notation(game: Game, row: Any, viewer: int | None, over: bool) -> str | None:
    """What `viewer` may read of one logged action (`Game.shown_action`). The log holds
    canonical notation, which always parses; should a row not, it is shown to no one
    but its actor."""
    try:
        action = game.parse_action(row["notation"])
    except StellwerkError:
        return row["notation"] if over or row["seat"] == viewer else None
    return game.shown_action(action, row["seat"], viewer, row["decision_kind"], over)
