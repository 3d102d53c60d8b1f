"""`--checkpoint DIR`: a bot game stopped in the middle goes on from its kept position
and ends exactly as the game played straight through (every action, the result), in
every game; a finished game is not played again; a checkpoint that does not fit is
refused with one line and left as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stellwerk.cli import EXIT_BAD_INPUT
from stellwerk.core.errors import BadOption
from stellwerk.frontends import checkpoints, jobs
from stellwerk.frontends.jobs import Job, play_one
from stellwerk.games import get_game

if TYPE_CHECKING:
    from tests.cli.conftest import Stellwerk

# a bot that draws from the shared Chance, and a search bot that forks it
SEATS = {"rail-line": ("random", "ismcts-easy"), "railways": ("ismcts-easy",),
         "linie1": ("random", "planner"), "benelux-rails": ("random", "greedy")}


class Stop(Exception):
    """Stands for the process being stopped."""


def job(game_id: str, folder: Path | None, seed: int = 3) -> Job:
    game = get_game(game_id)
    seats = SEATS[game_id]
    return Job(game_id, str(game.load_pack().path), game.parse_options({}, len(seats)),
               seats, seed, True, checkpoint=None if folder is None else str(folder))


def play(j: Job) -> dict[str, Any]:
    game = get_game(j.game_id)
    return play_one(j, game, game.load_pack())


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_stopped_game_goes_on_to_the_same_end(game_id: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    straight = play(job(game_id, None))
    stop_at = straight["steps"] // 2
    monkeypatch.setattr(checkpoints, "SAVE_EVERY_SECONDS", 0.0)
    real_step = checkpoints.Checkpoint.step

    def stopping(self: checkpoints.Checkpoint, *args: Any) -> None:
        real_step(self, *args)
        if len(self.taken) == stop_at:
            raise Stop

    monkeypatch.setattr(checkpoints.Checkpoint, "step", stopping)
    with pytest.raises(Stop):
        play(job(game_id, tmp_path))
    kept = list(tmp_path.iterdir())
    assert [p.suffix for p in kept] == [".pkl"]  # the position, no outcome yet
    played: list[Any] = []

    def counting(self: checkpoints.Checkpoint, *args: Any) -> None:
        played.append(args)
        real_step(self, *args)

    monkeypatch.setattr(checkpoints.Checkpoint, "step", counting)
    monkeypatch.setattr(checkpoints, "SAVE_EVERY_SECONDS", 3600.0)
    resumed = play(job(game_id, tmp_path))
    assert resumed == straight  # every action of the record and the result
    assert len(played) == straight["steps"] - stop_at  # went on, did not start afresh
    assert [p.suffix for p in tmp_path.iterdir()] == [".json"]

    def never(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a finished game is played again")

    monkeypatch.setattr(jobs, "play_out", never)
    assert play(job(game_id, tmp_path)) == straight


def test_a_checkpoint_that_does_not_fit_is_refused_and_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkpoints, "SAVE_EVERY_SECONDS", 0.0)
    this = job("linie1", tmp_path)
    name = f"linie1-3-{'-'.join(this.seats)}"
    garbage = tmp_path / f"{name}.pkl"
    garbage.write_bytes(b"not a pickle")
    with pytest.raises(BadOption, match="does not fit this game"):
        play(this)
    assert garbage.read_bytes() == b"not a pickle"
    # another seed's position under this game's name: another job
    other = tmp_path / "other"
    other.mkdir()
    real_step = checkpoints.Checkpoint.step

    def stopping(self: checkpoints.Checkpoint, *args: Any) -> None:
        real_step(self, *args)
        raise Stop

    monkeypatch.setattr(checkpoints.Checkpoint, "step", stopping)
    with pytest.raises(Stop):
        play(job("linie1", other, seed=4))
    monkeypatch.setattr(checkpoints.Checkpoint, "step", real_step)
    (other / f"linie1-4-{'-'.join(this.seats)}.pkl").replace(garbage)
    with pytest.raises(BadOption, match="another game, pack, engine version or job"):
        play(this)
    # a finished game's outcome that was edited by hand
    garbage.unlink()
    done = tmp_path / f"{name}.json"
    done.write_text(json.dumps({"job": {}, "outcome": {}}), encoding="utf-8")
    with pytest.raises(BadOption, match="does not fit"):
        play(this)


def test_the_command_goes_on_with_the_same_report(stellwerk: Stellwerk,
                                                   tmp_path: Path) -> None:
    argv = ["tournament", "rail-line", "--bots", "random,greedy", "-n", "2", "--seed", "5",
            "--quiet", "--json"]
    plain = stellwerk(*argv)
    folder = tmp_path / "kept"
    first = stellwerk(*argv, "--checkpoint", folder)
    again = stellwerk(*argv, "--checkpoint", folder)  # every game read from the folder
    assert plain.code == first.code == again.code == 0, first.err
    assert json.loads(plain.out) == json.loads(first.out) == json.loads(again.out)
    assert len(list(folder.glob("*.json"))) == 2
    for outcome in folder.glob("*.json"):
        outcome.write_text("{", encoding="utf-8")
    refused = stellwerk(*argv, "--checkpoint", folder)
    assert refused.code == EXIT_BAD_INPUT
    refused.refused("does not fit this game")
    unmade = tmp_path / "unmade"  # a refused command makes no folder
    refused = stellwerk("tournament", "rail-line", "--bots", "random,wizard",
                        "--checkpoint", unmade)
    assert refused.code == EXIT_BAD_INPUT and not unmade.exists()
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    refused = stellwerk(*argv, "--checkpoint", blocked / "sub")
    assert refused.code == EXIT_BAD_INPUT
    refused.refused("cannot write")
