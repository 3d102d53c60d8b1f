"""Snapshots of a Benelux Rails state: the whole state as JSON, and the
checked way back. A snapshot is untrusted input: `restore` checks every field against
the pack and the rules' invariants and refuses anything else with BadRecord."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from stellwerk.core.chance import Chance
from stellwerk.core.snapshot import (
    SNAPSHOT_FORMAT,
    exercise,
    expect,
    header,
    integer,
    ints,
    reading,
)
from stellwerk.core.trust import Trusted
from stellwerk.games.benelux_rails import pathfind
from stellwerk.games.benelux_rails.player import Loco, Player
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.trains import MAJOR_LEAVES, ROUND_LIMIT, TRAINS, VARIANTS

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState, Card

GAME_ID = "benelux-rails"
TURN_MODES = ("", "build", "upgrade", "buy")
LOG_KEYS = ("keep", "start", "build", "upgrade", "buy", "move", "ferry", "fee", "load", "unload",
            "deliver", "lost", "draw", "public", "event", "discard", "announce", "end",
            "finish", "limit")
_SIMPLE = ("n", "round", "turn", "phase", "first", "active", "over", "deck", "discards",
           "public", "drops", "effects", "log", "ferry_owners")


def snapshot(state: BeneluxState) -> dict[str, Any]:
    data: dict[str, Any] = {"game": GAME_ID, "format": SNAPSHOT_FORMAT}
    data.update({name: getattr(state, name) for name in _SIMPLE})
    data["variant"] = state.variant.name
    data["pack"] = state.t.sha256
    data["owner"] = [[e, s] for e, s in sorted(state.owner.items())]
    data["players"] = [p.to_json() for p in state.players]
    data["chance"] = state.chance.state
    # a deep copy through JSON: the snapshot shares nothing with the live state
    return dict(json.loads(json.dumps(data)))


def restore(snap: Any, tables: Tables) -> BeneluxState:
    """The state `snapshot` was taken of; BadRecord if the data does not fit."""
    from stellwerk.games.benelux_rails.rules import KEEP, START, TURN, BeneluxState, card_order
    data = header(GAME_ID, snap)
    expect(data.get("pack") == tables.sha256, "taken with another content pack")
    with reading("Benelux Rails"):
        t = tables
        state = BeneluxState.__new__(BeneluxState)
        state.t = t
        state.trusted = Trusted()
        expect(isinstance(data["variant"], str) and data["variant"] in VARIANTS, "variant")
        state.variant = VARIANTS[data["variant"]]
        n = state.n = integer(data["n"], "n", 2, 3)
        state.round = integer(data["round"], "round", 0, ROUND_LIMIT + 1)
        state.turn = integer(data["turn"], "turn", 0)
        expect(data["phase"] in (KEEP, START, TURN), "phase")
        state.phase = data["phase"]
        state.first = integer(data["first"], "first", 0, n - 1)
        state.active = integer(data["active"], "active", 0, n - 1)
        expect(isinstance(data["over"], bool), "over must be true or false")
        state.over = data["over"]
        state.deck = cards(data["deck"], t, "deck")
        state.discards = cards(data["discards"], t, "discards")
        state.public = demand_cards(data["public"], t, "public")
        state.drops = [drop(d, t) for d in listed(data["drops"], "drops")]
        state.effects = [effect(e, t) for e in listed(data["effects"], "effects")]
        state.log = [log_entry(e, n) for e in listed(data["log"], "log")]
        owners = listed(data["ferry_owners"], "ferry_owners")
        expect(len(owners) == len(t.ferries), "ferry_owners: one list per ferry")
        state.ferry_owners = [ints(o, "ferry owners", 0, n - 1) for o in owners]
        expect(all(len(set(o)) == len(o) <= 2 for o in state.ferry_owners),
               "a ferry has at most two distinct owners")
        state.owner = pathfind.Track()
        for pair in listed(data["owner"], "owner"):
            e, s = ints(pair, "owner", 0)
            a, b = t.ends(e)
            expect(a < b and b in t.adjacent[a], f"owner: {e} is no track on the map")
            expect(s < n and e not in state.owner, "owner: a seat out of range or twice")
            state.owner[e] = s
        players = listed(data["players"], "players")
        expect(len(players) == n, "one entry per player")
        state.players = [player(p, t, n) for p in players]
        for s, p in enumerate(state.players):
            expect(p.edges == {e for e, o in state.owner.items() if o == s},
                   "a player's track differs from the owners")
            expect(p.ferries == {f for f, o in enumerate(state.ferry_owners) if s in o},
                   "a player's ferries differ from the owners")
            nodes = set(p.nodes)
            state.recompute_nodes(p)
            expect(p.nodes == nodes, "a player's mileposts do not fit the track")
        held: list[Card] = [*state.deck, *state.discards, *state.public]
        held += [c for p in state.players for c in p.hand]
        every: list[Card] = [*t.demands, *t.events]
        expect(sorted(held, key=card_order) == sorted(every, key=card_order),
               "the cards are not exactly the pack's cards")
        state.chance = Chance(integer(data["chance"], "chance", 0, 2**64 - 1))
        exercise(state, n)
    return state


def listed(value: Any, what: str) -> list[Any]:
    expect(isinstance(value, list), f"{what} must be a list")
    return list(value)


def demand_cards(value: Any, t: Tables, what: str) -> list[int]:
    found = ints(value, what)
    expect(all(c in t.demands for c in found), f"{what}: not a demand card of the pack")
    return found


def cards(value: Any, t: Tables, what: str) -> list[Card]:
    found: list[Card] = []
    for card in listed(value, what):
        if isinstance(card, str):
            expect(card in t.events, f"{what}: {card!r} is no event card of the pack")
            found.append(card)
        else:
            found.extend(demand_cards([card], t, what))
    return found


def drop(value: Any, t: Tables) -> list[int]:
    city, good, when = ints(value, "drops", 0)
    expect(city < len(t.cities) and good < len(t.goods) and when <= ROUND_LIMIT + 1,
           "drops: a city, good or round out of range")
    return [city, good, when]


def effect(value: Any, t: Tables) -> list[Any]:
    expect(isinstance(value, list) and len(value) == 3, "effects: [event, first, last]")
    event_id, first, last = value
    expect(isinstance(event_id, str) and event_id in t.events, "effects: unknown event")
    return [event_id, integer(first, "effect start", 0), integer(last, "effect end", 0)]


def log_entry(value: Any, n: int) -> dict[str, Any]:
    expect(isinstance(value, dict) and value.get("key") in LOG_KEYS, "log: unknown entry")
    seat = value.get("seat")
    expect(seat is None or (isinstance(seat, int) and not isinstance(seat, bool)
                            and 0 <= seat < n), "log: seat out of range")
    for v in value.values():
        parts = v if isinstance(v, list) else [v]
        expect(all(p is None or isinstance(p, str | int) for p in parts),
               "log: a value is not text or a number")
    return dict(value)


def player(value: Any, t: Tables, n: int) -> Player:
    expect(isinstance(value, dict), "players: not an object")
    p = Player()
    p.money = integer(value["money"], "money", 0)
    locos = listed(value["trains"], "trains")
    expect(1 <= len(locos) <= 2, "a player has one or two trains")
    p.trains = [loco(item, t) for item in locos]
    p.start = integer(value["start"], "start", -1, len(t.cities) - 1)
    expect(p.start < 0 or p.start in t.majors, "start: not a major city")
    p.hand = demand_cards(value["hand"], t, "hand")
    p.edges = set(ints(value["edges"], "edges", 0))
    p.nodes = set(ints(value["nodes"], "nodes", 0, t.n - 1))
    p.ferries = set(ints(value["ferries"], "ferries", 0, len(t.ferries) - 1))
    expect(isinstance(value["announced"], bool), "announced must be true or false")
    p.announced = value["announced"]
    p.paid = integer(value["paid"], "paid", 0, 2**n - 1)
    p.spent = integer(value["spent"], "spent", 0)
    expect(value["turn_mode"] in TURN_MODES, "turn_mode")
    p.turn_mode = value["turn_mode"]
    p.major_leaves = {}
    for pair in listed(value["major_leaves"], "major_leaves"):
        city, count = ints(pair, "major_leaves", 0)
        expect(city < len(t.cities) and count <= MAJOR_LEAVES + 1, "major_leaves")
        p.major_leaves[city] = count
    return p


def loco(value: Any, t: Tables) -> Loco:
    expect(isinstance(value, dict), "trains: not an object")
    out = Loco()
    for name in ("kind", "pending"):
        kind = value[name]
        expect(kind in TRAINS or (name == "pending" and kind is None), f"train {name}")
        setattr(out, name, kind)
    out.position = integer(value["position"], "position", -1, t.n - 1)
    out.loads = ints(value["loads"], "loads", 0, len(t.goods) - 1)
    expect(len(out.loads) <= TRAINS[out.kind].capacity, "more loads than the train holds")
    for name in ("derailed", "moved"):
        expect(isinstance(value[name], bool), f"{name} must be true or false")
        setattr(out, name, value[name])
    out.points = integer(value["points"], "points", -100, 100)
    return out
