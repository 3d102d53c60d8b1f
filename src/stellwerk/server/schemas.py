"""Request bodies of the JSON API (pydantic: validated, and documented in OpenAPI).

Limits are part of the contract: a name is at most 40 characters, a chat message 1000,
a table at most 8 seats; anything larger is refused with a 422 before it is stored.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

NAME = Field(min_length=1, max_length=40)


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(default="human", max_length=32,
                      description="'human' or a bot: random, greedy, search, planner")
    name: str | None = Field(default=None, min_length=1, max_length=40)


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="a game id, see GET /api/games")
    options: dict[str, str | int] = Field(default_factory=dict, max_length=16,
                                          description="game options, e.g. {'sheet': 'II'}")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8,
                                  description="in clockwise order; seat 0 starts")
    deadline_seconds: int | None = Field(default=None, ge=10, le=30 * 24 * 3600,
                                         description="time for each decision (async play)")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = NAME


class Submit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    notation: str | None = Field(default=None, max_length=2000,
                                 description="the action in the game's notation")
    action: list[Any] | None = Field(default=None, max_length=200,
                                     description="the action's JSON form (from /legal)")
    expected_seq: int | None = Field(default=None, ge=0, description=(
        "refuse unless the table is at this action (optimistic concurrency)"))


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=1000)


class ReplaceSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(default="greedy", max_length=32, description="the bot that takes over")


class Deadline(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: int | None = Field(default=None, ge=10, le=30 * 24 * 3600)


class MyTables(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[str] = Field(max_length=200, description="the seat tokens you hold")
