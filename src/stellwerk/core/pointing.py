"""Every decision made by pointing: the drawn options a game offers for a seat's legal
actions, which the web table narrows step by step until one action remains.

A game's picture companion (`Picture.choices`) names, for each legal action, its
*parts*: short ids such as a card, a station, a payment. A part is either pointed at
on the board (an element of the game's SVG lists it in `data-part`, several joined by
"|") or drawn among the options beside the board (its `svg` fragment and its label).
Parts belong to *groups*, given in the order a player answers them (what to do, then
where, then how to pay). The page keeps the parts chosen so far; the actions left are
those holding every chosen part; it offers the first group whose parts still tell
the actions left apart, and sends the action once one is left. Where the game ranks a
group's parts, the lowest `rank` is preselected (the cheapest payment). The page names
no game and no notation: the game's words are in the labels, its pictures in the
fragments.

Two actions must never have the same parts, nor one's parts lie within another's:
the page could not tell them apart (`Pointing.to_json` refuses such a table).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from stellwerk.core.contract import Action


@dataclass(frozen=True)
class Part:
    """One answer a seat may point at: `board` parts are found on the board by their
    id, the others are drawn beside it (`svg`, a small complete SVG, or the label
    alone). `rank`: lower comes first, and the lowest of a group is preselected; None
    (no preference): nothing is preselected among such parts."""

    group: str
    label: str
    svg: str | None = None
    board: bool = False
    rank: float | None = None


@dataclass
class Pointing:
    """The drawn options of one decision, built by a game's picture companion."""

    groups: list[tuple[str, str]] = field(default_factory=list)   # key, title
    parts: dict[str, Part] = field(default_factory=dict)
    actions: list[tuple[Action, tuple[str, ...]]] = field(default_factory=list)

    def group(self, key: str, title: str) -> None:
        """A group of answers, asked in the order groups are added."""
        if all(key != known for known, _ in self.groups):
            self.groups.append((key, title))

    def part(self, part_id: str, group: str, label: str, *, svg: str | None = None,
             board: bool = False, rank: float | None = None) -> str:
        """Declare a part once (the first declaration stands); returns its id."""
        self.parts.setdefault(part_id, Part(group, label, svg, board, rank))
        return part_id

    def action(self, action: Action, parts: Iterable[str]) -> None:
        """The parts that together name `action`."""
        self.actions.append((action, tuple(dict.fromkeys(parts))))

    def to_json(self, notation: Callable[[Action], str]) -> dict[str, Any]:
        """The page's form: groups in order, the parts and each action's notation with
        its parts. Raises ValueError when an action cannot be told apart from another
        or names a part or group never declared (a game's mistake, found by its tests)."""
        known_groups = {key for key, _ in self.groups}
        sets = [frozenset(parts) for _, parts in self.actions]
        for index, (action, parts) in enumerate(self.actions):
            missing = [p for p in parts if p not in self.parts]
            if missing or any(self.parts[p].group not in known_groups for p in parts):
                raise ValueError(f"{action!r}: undeclared part or group in {parts}")
            if not parts or any(i != index and sets[index] <= other
                                for i, other in enumerate(sets)):
                raise ValueError(f"{action!r} cannot be told apart by its parts {parts}")
        return {
            "groups": [{"key": key, "title": title} for key, title in self.groups],
            "parts": {pid: {"group": p.group, "label": p.label, "svg": p.svg,
                            "board": p.board, "rank": p.rank}
                      for pid, p in self.parts.items()},
            "actions": [{"notation": notation(action), "parts": list(parts)}
                        for action, parts in self.actions],
        }


PartsOf = Callable[["Pointing", Any, Action, str], list[str]]


def pointing_of(groups: Iterable[tuple[str, str]], actions: Iterable[Action],
                parts_of: PartsOf, view: Any, lang: str) -> Pointing:
    """The drawn choices of a decision: the groups (key, title) in the order a player
    answers them, then each action with the parts `parts_of(made, view, action, lang)`
    names."""
    made = Pointing()
    for key, title in groups:
        made.group(key, title)
    for action in actions:
        made.action(action, parts_of(made, view, action, lang))
    return made
