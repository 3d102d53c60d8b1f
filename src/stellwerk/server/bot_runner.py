"""Bot seats: a bot moves by itself shortly after it owes a decision.

Each table with a bot to move gets one asyncio task; the bot thinks off the event loop,
so no table waits for another: light bots in a thread, search bots (CPU-heavy) in a
process pool. The bot is handed only a `Window` on its seat (as in `play_out`): its
view, its candidate actions and determinized samples, never the hidden state. Its own
randomness is seeded from the table's seed, seat and move number, so a table's bot
moves do not depend on timing.

Several server processes may all try to move the same bot; the action log's unique
(table, sequence) key lets one succeed and the others drop their move quietly.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor

from stellwerk.bots import make_bot
from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Game, State
from stellwerk.core.session import Window
from stellwerk.server.errors import ApiError
from stellwerk.server.table_service import BotJob, TableService

log = logging.getLogger("stellwerk.server")

LIGHT_BOTS = frozenset({"random", "greedy"})
BOT_DELAY = 0.05  # seconds before a bot moves, so a watcher sees each move arrive


def choose(game: Game, state: State, seat: int, kind: str, seed: int) -> Action:
    chance = Chance(seed)
    window = Window(game, state, seat, state.candidate_actions(seat), chance.fork())
    return make_bot(kind, chance, game).choose(window)


def _choose_pickled(game_class: type[Game], state_bytes: bytes, seat: int, kind: str,
                    seed: int) -> Action:
    """In a worker process: the state arrives pickled (it never leaves the server), the
    game as its class (pickled by name), so a game registered in the server's process
    only (`stellwerk.games.register`) is played in the worker as well."""
    return choose(game_class(), pickle.loads(state_bytes), seat, kind, seed)


def bot_seed(table_seed: int, seat: int, seq: int) -> int:
    return (table_seed * 1_000_003 + seat * 7919 + seq) % 2**63


class BotRunner:
    def __init__(self, service: TableService, workers: int = 1, delay: float = BOT_DELAY) \
            -> None:
        self.service = service
        self.delay = delay
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._running: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()

    def start(self) -> None:
        if self.workers > 0:
            # forkserver, not fork: the server process has threads (database pool,
            # LISTEN), and forking a threaded process can copy a held lock
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("forkserver"))

    def stop(self) -> None:
        for task in self._running.values():
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def poke(self, table_id: str, what: str = "") -> None:
        """Called in the event loop after any change at a table. An action after which
        only humans owe a decision needs no bot (the common case: no database work)."""
        if what == "action":
            return
        if table_id in self._running:
            self._again.add(table_id)
            return
        self._running[table_id] = asyncio.get_running_loop().create_task(self._drive(table_id))

    async def _drive(self, table_id: str) -> None:
        try:
            while True:
                self._again.discard(table_id)
                moved = await self._move_once(table_id)
                if not moved and table_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except ApiError as exc:
            log.info("table %s: bot stopped (%s)", table_id, exc)
        except Exception:
            log.exception("table %s: bot failed", table_id)
        finally:
            self._running.pop(table_id, None)

    async def _move_once(self, table_id: str) -> bool:
        await asyncio.sleep(self.delay)
        job = await asyncio.to_thread(self._move_light, table_id)
        if isinstance(job, bool):
            return job
        seed = bot_seed(job.table_seed, job.seat, job.seq)
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(self._pool, _choose_pickled, type(job.game),
                                            pickle.dumps(job.state), job.seat, job.kind, seed)
        await asyncio.to_thread(self.service.submit_bot, table_id, job.seat, action, job.seq)
        return True

    def _move_light(self, table_id: str) -> bool | BotJob:
        """In a worker thread: a light bot's whole move (find the job, choose, submit)
        in one hand-off from the event loop, not three (each hand-off wakes a thread,
        and under load that was a large part of the loop's time). False:
        no bot owes a decision; a search bot's job is handed back for the process pool."""
        job = self.service.bot_job(table_id)
        if job is None:
            return False
        if job.kind not in LIGHT_BOTS and self._pool is not None:
            return job
        seed = bot_seed(job.table_seed, job.seat, job.seq)
        action = choose(job.game, job.state, job.seat, job.kind, seed)
        self.service.submit_bot(table_id, job.seat, action, job.seq)
        return True
