"""The games this server plays, and creating a table (with its links)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from stellwerk.core.contract import HUMAN
from stellwerk.games import game_ids, get_game
from stellwerk.server import limits, schemas
from stellwerk.server.errors import ApiError
from stellwerk.server.routes import Lang, Server, client_address
from stellwerk.server.table_info import SeatInfo

router = APIRouter()


@router.get("/api/games", summary="The games this server plays")
def games(lang: Lang) -> list[dict[str, Any]]:
    from stellwerk.bots import bots_for

    out = []
    for game_id in game_ids():
        game = get_game(game_id)
        # the seat kinds `create` accepts for this game (its own planner, no
        # withdrawn bot), which the admin's "hand to a bot" list offers too; the
        # options it declares, in the request's language (core/options.py)
        out.append({"id": game.id, "title": game.title, "min_seats": game.min_seats,
                    "max_seats": game.max_seats, "enumerable": game.enumerable,
                    "seat_kinds": [HUMAN, *bots_for(game)],
                    "options": [option.describe(game.catalog, lang)
                                for option in game.options]})
    return out


@router.post("/api/tables", status_code=201, summary="Create a table; returns the links")
def create_table(body: schemas.CreateTable, request: Request, lang: Lang, parts: Server) \
        -> dict[str, Any]:
    limit, service = parts.limits, parts.service
    wait = parts.creations.take(client_address(request.client))
    if wait is not None:
        raise ApiError(429, "srv.create_rate", headers={"Retry-After": str(wait)},
                       limit=limit.create_rate, seconds=wait)
    if 0 < limit.max_tables <= service.open_tables():
        raise ApiError(429, "srv.max_tables",
                       headers={"Retry-After": str(limits.FULL_RETRY_SECONDS)},
                       limit=limit.max_tables)
    kinds = [s.kind.strip().lower() for s in body.seats]
    # an unnamed seat stores no name: each page names it in its own language
    names = [s.name or "" for s in body.seats]
    made = service.create(body.game, body.options, kinds, names, body.deadline_seconds,
                          seed=None)
    return {
        "table": made.table_id,
        "admin": {"token": made.admin_token,
                  "link": parts.link(made.table_id, made.admin_token)},
        "spectator": {"token": made.spectator_token,
                      "link": parts.link(made.table_id, made.spectator_token)},
        "invitation": {"token": made.invite_token,
                       "link": parts.link(made.table_id, made.invite_token)},
        "seats": [{"seat": seat, "name": SeatInfo(seat, names[seat], kinds[seat],
                                                  False).shown(lang), "token": token,
                   "link": parts.link(made.table_id, token)}
                  for seat, token in sorted(made.seat_tokens.items())],
    }
