#!/usr/bin/env python3
"""A SHA-256 over what Rail Line computes along many games (a check, not a test).

A speed-up of the engine or of the rollout policy must change no result: run this on
both checkouts and compare the digests:

    PYTHONPATH=<checkout>/src python scripts/fingerprint_rail_line.py

It plays `--games` games of each table (2 and 3 seats, Sheet I and II), a fifth of the
steps a random listed action, the rest the rollout policy's, and hashes on every step
the candidate list, the deciding seat's info key, every seat's row worth (the policy's
summary of a sheet) and the action; after it the applied state's snapshot; every 17th
step a determinization (its snapshot) and the policy's draw on it; every game's result.
Then ISMCTS searches (`--searches`, small budgets) from positions of those games (half
of them with the game's event log, as at a table), each hashed with its choice and its
whole tree (every node's key, visits, counts, totals):
they run through the bot's own rollout loop, whatever a game plugs into it. Then
`--rollouts` rollouts as ISMCTS plays them (its `_rollout`, the level's budget) from
determinized positions, each hashed with the final snapshot and the leaf values.
The digest depends only on the code and the arguments, not on the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

from stellwerk.bots.ismcts import _Search
from stellwerk.bots.levels import Budget, budget_for
from stellwerk.core.chance import Chance
from stellwerk.core.companions import knowledge
from stellwerk.core.session import Window
from stellwerk.games.rail_line import RailLine
from stellwerk.games.rail_line import rollout as policy

TABLES = [(2, "I"), (2, "II"), (3, "I"), (3, "II")]


def _put(digest: Any, *items: Any) -> None:
    digest.update(repr(items).encode())
    digest.update(b"\n")


def _snapshot(state: Any) -> str:
    return json.dumps(state.snapshot(), sort_keys=True, separators=(",", ":"))


def fingerprint(games: int, searches: int, rollouts: int) -> dict[str, Any]:
    game = RailLine()
    pack = game.load_pack()
    known = knowledge(game)
    whole = hashlib.sha256()
    parts = {name: hashlib.sha256() for name in ("games", "searches", "rollouts")}
    steps = 0
    positions: list[tuple[Any, int]] = []       # for the searches and rollouts
    for seats, sheet in TABLES:
        for index in range(games):
            seed = 1000 * seats + 100 * len(sheet) + index
            state = game.new_state({"sheet": sheet}, seed, pack, seats, log=index % 2 == 0)
            chance = Chance(seed * 3 + 1)
            digest = parts["games"]
            while (decision := state.decision()) is not None:
                seat = decision.seats[0]
                listed = state.candidate_actions(seat)
                worths = [policy.row_worth(state, s) for s in range(seats)]
                _put(digest, steps, seat, listed, state.info_key(seat), worths)
                if chance.below(5) == 0:
                    action = listed[chance.below(len(listed))]
                else:
                    action = known.rollout_action(state, seat, chance)
                if steps % 17 == 0:
                    sample = state.determinized(seat, Chance(steps))
                    drawn = known.rollout_action(sample, seat, Chance(steps + 1))
                    _put(digest, _snapshot(sample), drawn)
                if steps % 251 == 0 and len(listed) > 1:
                    # a full copy, its event log too when the game keeps one (as a
                    # table's real state does: the searches then log as they play)
                    positions.append((game.restore(state.snapshot(), pack), seat))
                state.apply(seat, action)
                _put(digest, action, _snapshot(state))
                steps += 1
            _put(digest, state.result().to_json())
    for k, (state, seat) in enumerate(positions[:searches]):
        budget = Budget(40 + 20 * (k % 3), 500)
        window = Window(game, state, seat, state.candidate_actions(seat), Chance(k))
        search = _Search(window, knowledge(game), Chance(k * 7 + 3), budget)
        choice = search.run()
        tree = sorted((repr(key), node.visits, node.actions, node.counts, node.totals)
                      for key, node in search.tree.items())
        _put(parts["searches"], k, choice, tree)
    normal = budget_for(game, "normal")
    for k in range(rollouts):
        state, seat = positions[k % len(positions)]
        window = Window(game, state, seat, state.candidate_actions(seat), Chance(k))
        search = _Search(window, knowledge(game), Chance(k + 11), normal)
        search.seats = state.seat_count()
        world = window.sample(search.chance)
        values = search._rollout(world)
        _put(parts["rollouts"], k, values, _snapshot(world))
    for name, digest in parts.items():
        whole.update(name.encode())
        whole.update(digest.digest())
    return {"sha256": whole.hexdigest(), "steps": steps, "games_played": games * len(TABLES),
            "searches_run": min(searches, len(positions)), "rollouts_run": rollouts,
            "parts": {name: digest.hexdigest()[:16] for name, digest in parts.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="games per table (4 tables)")
    parser.add_argument("--searches", type=int, default=24)
    parser.add_argument("--rollouts", type=int, default=300)
    args = parser.parse_args()
    start = time.process_time()
    report = fingerprint(args.games, args.searches, args.rollouts)
    report["cpu_s"] = round(time.process_time() - start, 1)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
