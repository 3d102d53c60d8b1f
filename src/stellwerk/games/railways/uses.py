"""Which hand symbols an action uses, what that costs in pollution, and whether they meet
the action's needs (docs/games/railways.md#rw-round: A round — playing cards and choosing symbols).

A *use* names one symbol on one hand card: card number, action field 1-4, symbol a/b —
written `3.2a`. An action's uses are kept as one canonical string, sorted, e.g.
"1.2a 4.1a". The cards whose symbols are used are the cards played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from stellwerk.core.errors import IllegalAction
from stellwerk.games.railways.needs import Need, Summary
from stellwerk.games.railways.symbols import COUNTS, RELEVANT, TARGET_SLOTS, contribution
from stellwerk.games.railways.tables import Tables

Use = tuple[int, int, int]          # card number, field 0-3, symbol 0-1
LETTERS = "ab"


def format_use(use: Use) -> str:
    return f"{use[0]}.{use[1] + 1}{LETTERS[use[2]]}"


def format_uses(uses: Iterable[Use]) -> str:
    return " ".join(format_use(u) for u in sorted(uses))


def parse_use(word: str) -> Use | None:
    """`3.2a` -> (3, 1, 0); `3.2` means the field's first symbol. None if malformed."""
    card, dot, rest = word.partition(".")
    # ASCII digits only (isdigit() passes '²'), and no card number of a thousand digits
    if not dot or not (card.isascii() and card.isdigit()) or len(card) > 3 or not rest \
            or rest[0] not in "0123456789":
        return None
    letter = rest[1:].lower() or "a"
    if len(rest) > 2 or letter not in LETTERS or not 1 <= int(rest[0]) <= 4:
        return None
    return int(card), int(rest[0]) - 1, LETTERS.index(letter)


def split_uses(text: str) -> tuple[Use, ...] | None:
    uses = [parse_use(w) for w in text.split()]
    if not uses or any(u is None for u in uses):
        return None
    return tuple(sorted(u for u in uses if u is not None))


@dataclass(frozen=True)
class Offer:
    """One way to pay for an action: the uses, the cards they play, the pollution."""

    uses: str
    cards: tuple[int, ...]
    pollution: int


def pollution_of(uses: Sequence[Use]) -> int:
    """docs/games/railways.md#rw-rules: +1 pollution per extra action field used on one card."""
    fields_by_card: dict[int, set[int]] = {}
    for card, field, _ in uses:
        fields_by_card.setdefault(card, set()).add(field)
    return sum(len(f) - 1 for f in fields_by_card.values())


def summarise(tables: Tables, uses: Sequence[Use]) -> Summary:
    amounts = [0] * len(COUNTS)
    for card, field, slot in uses:
        index, amount = contribution(tables.cards[card].fields[field][slot])
        amounts[index] += amount
    return tuple(amounts)


def fitting_in_hand(tables: Tables, hand: Sequence[int], types: str) -> bool:
    """docs/games/railways.md#rw-rules D: whether any card in hand carries a target symbol of
    `types` (if not, the target is "missing" and two other targets substitute for it)."""
    key = ("fits", tuple(hand), types)
    found = tables.cache.get(key)
    if found is None:
        wanted = {f"target-{t}" for t in types}
        found = tables.cache[key] = any(symbol in wanted for card in hand
                                        for field in tables.cards[card].fields
                                        for symbol in field)
    return bool(found)


def check_uses(tables: Tables, hand: Sequence[int], kind: str, uses: Sequence[Use]) -> None:
    """Refuse uses that name no symbol in the hand, repeat one, or do not fit `kind`."""
    if not uses:
        raise IllegalAction("rw.no_uses", "an action must use at least one symbol of a hand "
                            "card")
    if len(set(uses)) != len(uses):
        raise IllegalAction("rw.use_twice", "each symbol serves only once per action")
    for use in uses:
        card, field, slot = use
        if card not in hand:
            raise IllegalAction("rw.not_in_hand", f"card {card} is not in your hand",
                                card=card)
        fields = tables.cards[card].fields
        if slot >= len(fields[field]):
            raise IllegalAction("rw.no_symbol", f"card {card} field {field + 1} has no symbol "
                                f"{LETTERS[slot]}", use=format_use(use))
        symbol = fields[field][slot]
        if symbol not in RELEVANT[kind]:
            raise IllegalAction("rw.wrong_symbol", f"{format_use(use)} is {symbol}, which a "
                                f"{kind} action does not use", use=format_use(use),
                                symbol=symbol, kind=kind)


def payments(tables: Tables, hand: Sequence[int], kind: str, need: Need) -> list[Offer]:
    """Every way to pay for an action with symbols of the hand, cheapest first.

    A need's plain counts and its target rule ask about different symbols, so a way to
    pay is any exact choice of plain symbols joined with any choice of targets the rule
    accepts (never both empty). Each half is found by a depth-first walk that drops a
    partial choice as soon as it overshoots (needs are exact, needs.py) and is cached on
    its own, per hand and what that half needs: the halves recur far more often than
    whole needs do. The whole list is cached per hand, kind and need.
    """
    hand_key = tuple(sorted(hand))
    key = ("pay", hand_key, kind, need)
    cached = tables.cache.get(key)
    if cached is not None:
        return cast(list[Offer], cached)
    found = [_offer(plain + targets)
             for plain in _plain_choices(tables, hand_key, kind, need.amounts)
             for targets in _target_choices(tables, hand_key, kind, need)
             if plain or targets]
    found.sort(key=lambda o: (o.pollution, len(o.cards), o.uses))
    tables.cache[key] = found
    return found


@lru_cache(maxsize=1 << 16)
def _offer(uses: tuple[Use, ...]) -> Offer:
    """The offer of these uses (in walk order; the same uses recur across needs, so
    bounded and memoised)."""
    return Offer(format_uses(uses), tuple(sorted({u[0] for u in uses})), pollution_of(uses))


def _instances(tables: Tables, hand_key: tuple[int, ...], kind: str,
               targets: bool) -> list[tuple[Use, int, int]]:
    """The hand's symbols a `kind` action may use, targets or plain ones, with the count
    each adds to (COUNTS index) and by how much."""
    relevant = RELEVANT[kind]
    return [(use, index, amount) for use, index, amount in (
        ((card, f, s), *contribution(symbol)) for card in hand_key
        for f, symbols in enumerate(tables.cards[card].fields)
        for s, symbol in enumerate(symbols) if symbol in relevant)
        if (index in TARGET_SLOTS) == targets]


def _plain_choices(tables: Tables, hand_key: tuple[int, ...], kind: str,
                   wanted: tuple[int, ...]) -> list[tuple[Use, ...]]:
    """Every choice of plain symbols meeting `wanted` exactly (the empty choice when
    nothing plain is wanted)."""
    key = ("plain", hand_key, kind, wanted)
    cached = tables.cache.get(key)
    if cached is not None:
        return cast(list[tuple[Use, ...]], cached)
    usable = [i for i in _instances(tables, hand_key, kind, False) if i[2] <= wanted[i[1]]]
    amounts = [0] * len(COUNTS)
    chosen: list[Use] = []
    found: list[tuple[Use, ...]] = []
    missing = sum(wanted[i] for i in range(len(wanted)) if i not in TARGET_SLOTS)

    def walk(start: int) -> None:
        nonlocal missing
        if not missing:
            found.append(tuple(chosen))
            return          # every count is met: one more symbol would overshoot
        for i in range(start, len(usable)):
            use, index, amount = usable[i]
            if amounts[index] + amount > wanted[index]:
                continue
            amounts[index] += amount
            missing -= amount
            chosen.append(use)
            walk(i + 1)
            chosen.pop()
            missing += amount
            amounts[index] -= amount

    walk(0)
    tables.cache[key] = found
    return found


def _target_choices(tables: Tables, hand_key: tuple[int, ...], kind: str,
                    need: Need) -> list[tuple[Use, ...]]:
    """Every choice of target symbols the target rule accepts (docs/games/railways.md#rw-rules D):
    none when no target is needed; one fitting target; or, with none in hand, two others."""
    key = ("targets", hand_key, kind, need.types, need.substitute)
    cached = tables.cache.get(key)
    if cached is not None:
        return cast(list[tuple[Use, ...]], cached)
    fitting = {TARGET_SLOTS["RLCI".index(t)] for t in need.types}
    # a fitting target never joins a substitute pair; with one in hand only it serves
    usable = [i for i in _instances(tables, hand_key, kind, True)
              if (i[1] in fitting) != need.substitute]
    found: list[tuple[Use, ...]] = []
    chosen: list[Use] = []
    wanted = need.targets

    def walk(start: int, count: int) -> None:
        if count == wanted:
            found.append(tuple(chosen))
            return
        for i in range(start, len(usable)):
            use, _, amount = usable[i]
            if count + amount <= wanted:
                chosen.append(use)
                walk(i + 1, count + amount)
                chosen.pop()

    walk(0, 0)
    tables.cache[key] = found
    return found
