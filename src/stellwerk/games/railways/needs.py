"""What symbols each action needs (docs/games/railways.md#rw-actions: The eight actions, and A round
for the target rule).

The need functions are cached (a handful of distinct needs per pack), so each need
exists once and compares and hashes by identity: the payment caches find it quickly.

A need is exact: every count it names must be met exactly and every other count stays 0, so an
action never uses a spare symbol (docs/games/railways.md#rw-rules D). Exactness also lets the
payment enumeration in uses.py prune a partial choice the moment it overshoots.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from stellwerk.games.railways.symbols import COUNT_INDEX, COUNTS, TARGET_SLOTS

Summary = tuple[int, ...]           # amounts in symbols.COUNTS order

TRACK, TICKET, UPGRADE = COUNT_INDEX["track"], COUNT_INDEX["ticket"], COUNT_INDEX["upgrade"]
SINGLE = {"build": COUNT_INDEX["build"], "hire": COUNT_INDEX["worker"],
          "clean": COUNT_INDEX["clean"], "add": COUNT_INDEX["passenger"]}
CAPITAL = COUNT_INDEX["capital"]
_PLAIN = tuple(i for i in range(len(COUNTS)) if i not in TARGET_SLOTS)


@dataclass(frozen=True, eq=False)
class Need:
    """Exact amounts of the plain symbols, and the target rule.

    `types` are the region types a target may fit ("" = no target needed). `substitute`:
    docs/games/railways.md#rw-rules D — no card in hand carries a fitting target, so exactly two
    non-fitting targets stand in for it; otherwise exactly one fitting target.
    """

    amounts: Summary                 # wanted amount per COUNTS index (targets: 0)
    types: str = ""
    substitute: bool = False

    def hint(self) -> str:
        """The target rule in brief, for a refusal of symbols that do not fit."""
        if not self.types:
            return " (use exactly the symbols it needs, no spare one)"
        if self.substitute:
            return (f" (no card in hand has a {'/'.join(self.types)} target: use exactly "
                    "two other target symbols)")
        return (f" (a card in hand has a {'/'.join(self.types)} target: use exactly that "
                "one target, no substitute pair)")

    @property
    def targets(self) -> int:
        return 0 if not self.types else 2 if self.substitute else 1

    def fits(self, summary: Summary) -> bool:
        for i in _PLAIN:
            if summary[i] != self.amounts[i]:
                return False
        return self._targets_fit(summary, exact=True)

    def within(self, summary: Summary) -> bool:
        """False once a partial choice overshoots: no added symbol can make it fit."""
        for i in _PLAIN:
            if summary[i] > self.amounts[i]:
                return False
        return self._targets_fit(summary, exact=False)

    def _targets_fit(self, summary: Summary, exact: bool) -> bool:
        total = sum(summary[i] for i in TARGET_SLOTS)
        fitting = sum(summary[TARGET_SLOTS["RLCI".index(t)]] for t in self.types)
        if self.substitute and fitting:
            return False   # a substitute pair never includes a fitting target
        if not self.substitute and fitting != total:
            return False   # with a fitting target in hand, only it serves
        return total == self.targets if exact else total <= self.targets


def _amounts(**wanted: int) -> Summary:
    row = [0] * len(COUNTS)
    for name, amount in wanted.items():
        row[COUNT_INDEX[name]] = amount
    return tuple(row)


@cache
def open_need(length: int, types: str, substitute: bool) -> Need:
    """As many track symbols as rail spaces, plus a target of one of the two regions."""
    return Need(_amounts(track=length), types, substitute)


@cache
def transport_need(target: str, substitute: bool) -> Need:
    """A ticket plus the target symbol of the destination type."""
    return Need(_amounts(ticket=1), target, substitute)


@cache
def upgrade_need(types: str, substitute: bool) -> Need:
    """The upgrade symbol plus a target of one of the connection's regions."""
    return Need(_amounts(upgrade=1), types, substitute)


@cache
def single_need(kind: str) -> Need:
    return Need(_amounts(**{COUNTS[SINGLE[kind]]: 1}))


@cache
def capital_need(amount: int) -> Need:
    """Any number of capital symbols (docs/games/railways.md#rw-actions: Increase capital)."""
    return Need(_amounts(capital=amount))
