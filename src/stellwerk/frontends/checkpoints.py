"""Bot games that survive a stopped process (`stellwerk tournament --checkpoint DIR`).

A game between slow bots can take hours (Benelux Rails' `search` thinks about 9 s a
decision). With a checkpoint folder each game keeps its whole position there, at most
SAVE_EVERY_SECONDS old: the state, the bots (their kind and attributes), the bots'
shared `Chance` and the actions so far, pickled together so the bots still share one
`Chance`. A game started again with the same folder continues from that position and
ends exactly as it would have without the stop (play_out's loop reads nothing else);
a finished game leaves its outcome there, so a stopped tournament plays only the games
it had not finished.

A checkpoint is a pickle: load only the folders you wrote yourself (like code). One that
is unreadable, or made by another game, pack, engine version or job, is refused with
one clear line and never overwritten.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.content import ContentPack
from stellwerk.core.contract import Action, Game, State
from stellwerk.core.errors import BadOption
from stellwerk.core.session import Agent

FORMAT = 1
SAVE_EVERY_SECONDS = 30.0


def _name(job: Any) -> str:
    return f"{job.game_id}-{job.seed}-{'-'.join(job.seats)}"


def _job_key(job: Any) -> Any:
    """The job as JSON, without the folder it is kept in (the same game may move)."""
    return json.loads(json.dumps(dataclasses.asdict(dataclasses.replace(job,
                                                                        checkpoint=None))))


class Checkpoint:
    """One game's files in the folder: `<name>.pkl` while it runs, `<name>.json` after."""

    def __init__(self, folder: str, job: Any, game: Game, pack: ContentPack) -> None:
        assert not job.figures, "a study's figures need the game's start: no checkpoints"
        self.job, self.game, self.pack = job, game, pack
        base = Path(folder) / _name(job)
        self.running, self.finished = base.with_suffix(".pkl"), base.with_suffix(".json")
        self.taken: list[tuple[int, Action]] = []
        self._saved_at = time.monotonic()
        self._position: tuple[State, Sequence[Agent], Chance] | None = None

    def outcome(self) -> dict[str, Any] | None:
        """The finished game's outcome, if this folder holds it."""
        if not self.finished.exists():
            return None
        try:
            kept = json.loads(self.finished.read_text(encoding="utf-8"))
            fits = kept["job"] == _job_key(self.job) and kept["engine_version"] == \
                self.game.engine_version and kept["pack_sha256"] == self.pack.sha256
            outcome = kept["outcome"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise self._refusal(self.finished, str(exc)) from None
        if not fits:
            raise self._refusal(self.finished, "another game, pack or engine version")
        return dict(outcome)

    def resume(self) -> tuple[State, list[Agent], Chance, list[tuple[int, Action]]] | None:
        """The position kept for this game, or None when there is none yet."""
        if not self.running.exists():
            return None
        try:
            with self.running.open("rb") as handle:
                data = pickle.load(handle)
            fits = (data["format"] == FORMAT and _job_key(data["job"]) == _job_key(self.job)
                    and data.get("engine_version", self.game.engine_version)
                    == self.game.engine_version
                    and data.get("pack_sha256", self.pack.sha256) == self.pack.sha256)
            state, chance, taken = data["state"], data["chance"], list(data["taken"])
            agents: list[Agent] = []
            for kind, attributes in data["agents"]:
                bot = make_bot(kind, chance, self.game)
                vars(bot).update(attributes)  # its own `chance` is the shared one above
                agents.append(bot)
        except Exception as exc:  # a pickle can fail in any way; refuse, never crash
            raise self._refusal(self.running, f"{type(exc).__name__}: {exc}") from None
        if not fits:
            raise self._refusal(self.running, "another game, pack, engine version or job")
        self.taken = list(taken)
        return state, agents, chance, taken

    def watch(self, state: State, agents: Sequence[Agent], chance: Chance) -> None:
        """What `step` saves: the very objects play_out plays on."""
        self._position = (state, agents, chance)
        self._saved_at = time.monotonic()

    def step(self, seat: int, action: Action, _state: State) -> None:
        """play_out's `on_step`: between two decisions the position is whole."""
        self.taken.append((seat, action))
        if time.monotonic() - self._saved_at >= SAVE_EVERY_SECONDS:
            self.save()

    def save(self) -> None:
        assert self._position is not None
        state, agents, chance = self._position
        data = {"format": FORMAT, "job": self.job, "engine_version": self.game.engine_version,
                "pack_sha256": self.pack.sha256, "state": state, "chance": chance,
                "agents": [(agent.kind, dict(vars(agent))) for agent in agents],
                "taken": self.taken}
        _write_atomically(self.running, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        self._saved_at = time.monotonic()

    def finish(self, outcome: dict[str, Any]) -> None:
        kept = {"job": _job_key(self.job), "engine_version": self.game.engine_version,
                "pack_sha256": self.pack.sha256, "outcome": outcome}
        _write_atomically(self.finished, json.dumps(kept).encode("utf-8"))
        self.running.unlink(missing_ok=True)

    @staticmethod
    def _refusal(path: Path, detail: str) -> BadOption:
        return BadOption("rs.checkpoint", path=path, detail=detail)


def _write_atomically(path: Path, data: bytes) -> None:
    """A stop in the middle leaves the previous file whole."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as exc:  # a full disk, a folder removed meanwhile: one line, not a trace
        raise BadOption("set.cannot_write", path=path, detail=exc.strerror) from None
