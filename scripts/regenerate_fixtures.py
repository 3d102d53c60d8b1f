"""Regenerate the recorded-game fixtures under tests/fixtures/ (not run by the tests).

    python scripts/regenerate_fixtures.py            # rewrite every fixture listed below
    python scripts/regenerate_fixtures.py --check    # only say which ones would change

`rules/` holds recorded games that test the rules: the test replays each to its stored
result, whatever the bots do today. `bots/` holds a bot's choices from a seed: the test
plays the seed again with the same bots and demands the same actions, so these change
whenever a bot improves. Both are made by playing the seats below from the seed (exactly
what `stellwerk simulate --record` does). A *kept* game has actions that no bot replays
(e.g. the game that showed a rules finding): its actions stay and only the engine version
and result are brought up to date, which fails loudly if an action became illegal.
`old/` is never rewritten: it keeps records of earlier engine versions that must be refused.

After regenerating, update the expected scores in tests/cli/test_fixtures.py together
with the rules change, so the diff shows which results moved.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from stellwerk.core.record import GameRecord, replay
from stellwerk.frontends.jobs import Job, play_one
from stellwerk.games import get_game

ROOT = Path(__file__).resolve().parents[1] / "tests" / "fixtures"

# (folder, game, seats, options, seed): played by the bots from the seed
PLAYED: list[tuple[str, str, tuple[str, ...], dict[str, Any], int]] = [
    ("rail-line/bots", "rail-line", ("greedy", "greedy"), {"sheet": "I"}, 11),
    ("rail-line/bots", "rail-line", ("greedy", "random"), {"sheet": "II"}, 12),
    ("rail-line/rules", "rail-line", ("greedy", "greedy", "greedy"), {"sheet": "I"}, 13),
    ("rail-line/rules", "rail-line", ("random", "greedy", "random"), {"sheet": "II"}, 14),
    ("rail-line/rules", "rail-line", ("random", "random"), {"sheet": "II"}, 15),
    ("rail-line/rules", "rail-line", ("random", "random", "greedy"), {"sheet": "I"}, 16),
    ("railways/bots", "railways", ("greedy",), {"challenges": []}, 4),
    ("railways/rules", "railways", ("random",), {"challenges": []}, 1),
    ("railways/rules", "railways", ("greedy",), {"challenges": []}, 2),
    ("railways/rules", "railways", ("greedy",), {"challenges": [1, 3]}, 3),
    ("railways/rules", "railways", ("random",), {"challenges": [2, 4]}, 5),
    ("railways/rules", "railways", ("search",), {"challenges": [3]}, 6),
]

# files whose actions are kept; only version and result are brought up to date
KEPT = ["rail-line/rules/rail-line-2p-sheetII-random-greedy-seed2412-sugar-first.json"]


def fixture_name(game: str, seats: tuple[str, ...], options: dict[str, Any], seed: int) -> str:
    if game == "rail-line":
        return (f"rail-line-{len(seats)}p-sheet{options['sheet']}-{'-'.join(seats)}"
                f"-seed{seed}.json")
    chosen = options.get("challenges") or []
    tail = f"-challenges-{'-'.join(map(str, chosen))}" if chosen else ""
    return f"{game}-{'-'.join(seats)}-seed{seed}{tail}.json"


def played(game_id: str, seats: tuple[str, ...], options: dict[str, Any],
           seed: int) -> GameRecord:
    game = get_game(game_id)
    pack = game.load_pack()
    job = Job(game_id, str(game.default_pack_path()), options, seats, seed, True)
    return GameRecord.from_json(play_one(job, game, pack)["record"])


def restamped(path: Path) -> GameRecord:
    record = GameRecord.load(path)
    game = get_game(record.game)
    fresh = replace(record, engine_version=game.engine_version, result=None)
    state = replay(fresh, game)
    return replace(fresh, result=state.result().to_json())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing")
    args = parser.parse_args(argv)
    wanted: dict[Path, GameRecord] = {}
    for folder, game_id, seats, options, seed in PLAYED:
        path = ROOT / folder / fixture_name(game_id, seats, options, seed)
        wanted[path] = played(game_id, seats, options, seed)
    for name in KEPT:
        wanted[ROOT / name] = restamped(ROOT / name)
    changed = 0
    for path, record in wanted.items():
        text = record.dumps()
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        changed += 1
        scores = (record.result or {}).get("scores")
        print(f"{'would write' if args.check else 'wrote'} {path.relative_to(ROOT)}: "
              f"scores {scores}")
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    print(f"{changed} of {len(wanted)} fixtures {'differ' if args.check else 'rewritten'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
