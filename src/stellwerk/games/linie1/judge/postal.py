"""Linie 1 by post: the `PostalRules` the judge (`stellwerk judge linie1 ...`) runs it
by. An order file is read and checked by `orders.py`, the pre-check is the terminal's
(`orders.placements_that_would_fail`), a missing order lays nothing, and the round's
papers are `reports.py`'s public report and private sheets with the board's picture."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stellwerk.core.contract import Action, State
from stellwerk.core.postal import Mistake, PostalRules
from stellwerk.games.linie1.judge.orders import (
    OrderFile,
    check_order_file,
    placements_that_would_fail,
    read_order_file,
)
from stellwerk.games.linie1.judge.reports import private_sheet, public_report, start_report
from stellwerk.games.linie1.judge.texts import CATALOG
from stellwerk.games.linie1.rules import Linie1State
from stellwerk.games.linie1.svg import view_svg


def _linie1(state: State) -> Linie1State:
    assert isinstance(state, Linie1State)
    return state


class Linie1Postal(PostalRules):
    words = CATALOG

    def round_of(self, state: State) -> int:
        return _linie1(state).round

    def round_limit(self, state: State) -> int:
        return _linie1(state).limit

    def read_order(self, path: Path, state: State, folder: Path) -> OrderFile:
        return read_order_file(path, _linie1(state).tables, folder)

    def check_order(self, order: Any, state: State, seat: int, source: str,
                    player: str) -> Action:
        return check_order_file(order, _linie1(state), seat, source, player)

    def would_fail(self, order: Any, state: State, seat: int) -> list[Mistake]:
        return placements_that_would_fail(order, _linie1(state), seat)

    def before_resolving(self, state: State) -> list[dict[str, int]]:
        """Each hand before the round (the sheets tell each player the tiles drawn)."""
        return [dict(state.view(seat)["me"]["hand"]) for seat in range(_linie1(state).n)]

    def round_files(self, state: State, names: Sequence[str], round_number: int, lang: str,
                    missing: Sequence[str] = (), before: Any = None) -> dict[str, str]:
        """The public report and picture (from the public view alone) and each player's
        private sheet (from that player's view alone)."""
        tables = _linie1(state).tables
        public = state.public_view()
        text = (start_report(tables, public, names, lang) if round_number == 0
                else public_report(tables, public, names, lang, list(missing)))
        files = {f"public/round-{round_number:02d}.txt": text,
                 f"public/round-{round_number:02d}.svg": view_svg(tables, public, lang)}
        for seat, name in enumerate(names):
            files[f"private/{name}/sheet-{round_number:02d}.txt"] = private_sheet(
                tables, state.view(seat), names, seat, lang, before[seat] if before else None)
        return files
