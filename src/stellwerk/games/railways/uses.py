"""Which hand symbols an action uses, what that costs in pollution, and whether they meet
the action's needs (railways.md: A round — playing cards and choosing symbols).

A *use* names one symbol on one hand card: card number, action field 1-4, symbol a/b —
written `3.2a`. An action's uses are kept as one canonical string, sorted, e.g.
"1.2a 4.1a". The cards whose symbols are used are the cards played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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
    """railways.md: +1 pollution per extra action field used on one card."""
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
    """railways.md D: whether any card in hand carries a target symbol of `types` (if
    not, the target is "missing" and two other targets substitute for it)."""
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

    Needs are exact (needs.py), so a depth-first walk over the relevant symbols of the
    hand drops a partial choice as soon as it overshoots; the few complete ones are the
    whole legal list. Cached per hand, kind and need: a hand of 1-3 of 8 cards meets
    few distinct needs, so the cache stays small.
    """
    hand_key = tuple(sorted(hand))
    key = ("pay", hand_key, kind, need)
    cached = tables.cache.get(key)
    if cached is not None:
        return cast(list[Offer], cached)
    relevant = RELEVANT[kind]
    instances = [((card, f, s), *contribution(symbol)) for card in hand_key
                 for f, symbols in enumerate(tables.cards[card].fields)
                 for s, symbol in enumerate(symbols) if symbol in relevant]
    # Need.within and Need.fits, kept up to date one symbol at a time (issue 7 §6): a
    # symbol changes one count, so only that count is checked. A target the target rule
    # refuses whatever else is chosen (a fitting one in a substitute pair, a non-fitting
    # one when a fitting one is in hand) and a symbol worth more than is wanted are
    # dropped first.
    wanted = need.amounts
    fitting = {TARGET_SLOTS["RLCI".index(t)] for t in need.types}
    usable = [(use, index, amount, index in TARGET_SLOTS)
              for use, index, amount in instances
              if ((index in fitting) != need.substitute if index in TARGET_SLOTS
                  else amount <= wanted[index])]
    amounts = [0] * len(COUNTS)
    chosen: list[Use] = []
    found: list[Offer] = []
    most_targets = need.targets
    missing = sum(wanted)             # plain symbols still missing (targets want 0)
    targets = 0                       # targets chosen

    def walk(start: int) -> None:
        nonlocal missing, targets
        if chosen and not missing and targets == most_targets:
            found.append(Offer(format_uses(chosen), tuple(sorted({u[0] for u in chosen})),
                               pollution_of(chosen)))
        for i in range(start, len(usable)):
            use, index, amount, is_target = usable[i]
            if is_target:
                if targets + amount > most_targets:
                    continue
                targets += amount
            elif amounts[index] + amount > wanted[index]:
                continue
            else:
                missing -= amount
            amounts[index] += amount
            chosen.append(use)
            walk(i + 1)
            chosen.pop()
            amounts[index] -= amount
            if is_target:
                targets -= amount
            else:
                missing += amount

    walk(0)
    found.sort(key=lambda o: (o.pollution, len(o.cards), o.uses))
    tables.cache[key] = found
    return found
