"""Request bodies of the JSON API (pydantic: validated, and documented in OpenAPI).

Limits are part of the contract: a name is at most 40 characters, a chat message 1000,
a table at most 8 seats; anything larger is refused with a 422 before it is stored.
Every text is `Text`: a control character, lone surrogate, noncharacter or bidi override
(core/inputs.py `unfit_character`, the rule every other entry point applies too) is
refused with a 422 keyed `srv.bad_character`, so it never reaches the database (where
PostgreSQL refuses a NUL) or a drawing.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from stellwerk.core.inputs import character_name, unfit_character

# the pydantic error type of an unfit character (routes/errors.py answers it with its own key)
UNFIT = "stellwerk_character"


def _fit(text: str) -> str:
    char = unfit_character(text)
    if char is not None:
        raise PydanticCustomError(UNFIT, "the character {char} is not allowed",
                                  {"char": character_name(char)})
    return text


Text = Annotated[str, AfterValidator(_fit)]
NAME = Field(min_length=1, max_length=40)


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Text = Field(default="human", max_length=32,
                      description="'human' or a bot: random, greedy, search, planner")
    name: Text | None = Field(default=None, min_length=1, max_length=40)


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Text = Field(max_length=64, description="a game id, see GET /api/games")
    options: dict[Text, Text | int] = Field(default_factory=dict, max_length=16,
                                          description="game options by name, as the game "
                                                      "declares them (GET /api/games)")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8,
                                  description="in clockwise order; seat 0 starts")
    deadline_seconds: int | None = Field(default=None, ge=10, le=30 * 24 * 3600,
                                         description="time for each decision (async play)")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Text = NAME


class Submit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    notation: Text | None = Field(default=None, max_length=2000,
                                 description="the action in the game's notation")
    action: list[Any] | None = Field(default=None, max_length=200,
                                     description="the action's JSON form (from /legal)")
    expected_seq: int | None = Field(default=None, ge=0, description=(
        "refuse unless the table is at this action (optimistic concurrency)"))


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    expected_seq: int | None = Field(default=None, ge=0, description=(
        "refuse unless the table is at this action (optimistic concurrency)"))


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: Text = Field(min_length=1, max_length=1000)


class NoticeTarget(BaseModel):
    """Where a seat's turn notices go (its own link), or a table's shared webhook (the
    admin's link): exactly one of `email` and `webhook`."""

    model_config = ConfigDict(extra="forbid")
    email: Text | None = Field(default=None, max_length=254)
    webhook: Text | None = Field(default=None, max_length=2048,
                                 description="an http(s) URL on the public internet")
    style: Text | None = Field(default=None, max_length=16,
                               description="the webhook's body: json, discord or slack "
                                           "(default: by its host)")
    lang: Text | None = Field(default=None, max_length=5,
                              description="en or de (default: the request's language)")


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=63, description="the free seat to take")
    name: Text = NAME


class ReplaceSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Text = Field(default="greedy", max_length=32, description="the bot that takes over")


class Deadline(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: int | None = Field(default=None, ge=10, le=30 * 24 * 3600)


class MyTables(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[Text] = Field(max_length=200, description="the seat tokens you hold")


class ErrorBody(BaseModel):
    """Every 4xx and 503 answer of the API."""

    error: str = Field(description="what is wrong, in the request's language")
    key: str = Field(description="the message's catalogue key, the same in every language")
    details: list[dict[str, Any]] | None = Field(default=None, description=(
        "a 422 for a request that does not fit its schema: each problem's place (loc), "
        "reason (msg) and type"))


def error_answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for refusals with these statuses, all in the form ErrorBody."""
    return {status: {"model": ErrorBody, "description": _MEANING[status]}
            for status in statuses}


_MEANING = {
    401: "no token given", 403: "the token gives no access to this", 404: "no such table",
    409: "not now: out of turn, the game is over, or another action came first",
    413: "the request body is too large", 422: "the request does not fit",
    429: "too many of these for now; try later",
    503: "the database did not answer; nothing was changed"}
