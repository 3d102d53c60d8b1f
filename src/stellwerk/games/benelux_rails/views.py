"""What a seat may see and the event log per seat.

Hidden (docs/games/benelux-rails.md#br-goods "Jeder Spieler sichtet seine Aufträge"): each player's
demand cards and the order of the deck. Everything else is open: money, trains, loads, track, public
demands, goods lying in cities, events in force. The 200 M announcement is a public flag; the exact
money is open anyway in this implementation (D: the seed hides only the amount at the moment of
announcing, and all payments are public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stellwerk.games.benelux_rails.estimates import demand_estimates
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.trains import TRAINS

if TYPE_CHECKING:
    from stellwerk.games.benelux_rails.rules import BeneluxState

LOG_SHOWN = 12


def card_data(t: Tables, card: int) -> dict[str, Any]:
    return {"card": card, "demands": [
        {"city": t.cities[c].id, "good": t.goods[g], "payout": p} for c, g, p in t.demands[card]]}


def seat_view(state: BeneluxState, seat: int | None) -> dict[str, Any]:
    t = state.t
    players = []
    for s, p in enumerate(state.players):
        # every train is public (own and others'); the first train's fields stay at the
        # top level as well, where a one-train view has always had them
        trains = [{
            "number": k + 1, "train": loco.kind, "pending_train": loco.pending,
            "speed": state.speed(s, k), "capacity": TRAINS[loco.kind].capacity,
            "position": t.names[loco.position] if loco.position >= 0 else None,
            "loads": [t.goods[g] for g in loco.loads], "points": loco.points,
            "derailed": loco.derailed} for k, loco in enumerate(p.trains)]
        players.append({
            "money": p.money, **trains[0], "trains": trains,
            "start": t.cities[p.start].id if p.start >= 0 else None,
            "track": sorted([t.names[a], t.names[b]] for a, b in (t.ends(e) for e in p.edges)),
            "ferries": sorted(t.ferries[f].id for f in p.ferries),
            "hand_size": len(p.hand), "hand_limit": state.hand_limit(s),
            "announced": p.announced, "spent": p.spent, "turn_mode": p.turn_mode,
        })
        del players[-1]["number"]
    decision = state.decision()
    view: dict[str, Any] = {
        "game": "benelux-rails", "pack": t.sha256, "seat": seat, "seats": state.n,
        "variant": state.variant.name, "target": state.variant.target,
        "build_limit": state.variant.build_limit, "round": state.round,
        "active": state.active, "first": state.first, "phase": state.phase,
        "players": players,
        "public": [card_data(t, c) for c in state.public],
        "drops": [{"city": t.cities[c].id, "good": t.goods[g], "round": r}
                  for c, g, r in state.drops],
        "effects": [{"event": e, "kind": t.events[e].kind, "until_turn": last}
                    for e, first, last in state.effects if first <= state.turn <= last
                    or state.turn < first],
        "deck": len(state.deck), "discards": len(state.discards),
        "hand": [card_data(t, c) for c in state.players[seat].hand] if seat is not None else [],
        "decision": None if decision is None else {
            "seats": list(decision.seats), "kind": decision.kind, "prompt": decision.prompt,
            "params": dict(decision.params)},
        "log": seat_events(state, seat, LOG_SHOWN),
        # what each demand would take from the seat's network (estimates.py)
        "estimates": demand_estimates(state, seat) if seat is not None else [],
        "over": state.over,
    }
    return view


def seat_events(state: BeneluxState, seat: int | None,
                last: int | None = None) -> list[dict[str, Any]]:
    """The log as `seat` may know it (only its `last` entries, when given: a view shows
    a few, and a long game's whole log is dear to copy at every view). A private entry
    (cards kept or drawn) is shown to every seat and onlooker alike, without its cards:
    the open events are the same for all, and a seat reads its own cards in
    its view's hand."""
    out = []
    for entry in state.log if last is None else state.log[-last:]:
        if entry.get("private"):
            shown = {k: entry[k] for k in OPEN_FIELDS if k in entry}
        else:
            shown = dict(entry)
        shown["key"] = f"br.ev.{entry['key']}"   # the catalogue key (Game.describe_event)
        out.append(shown)
    return out


OPEN_FIELDS = ("key", "seat", "round")   # what a private log entry shows to anyone
