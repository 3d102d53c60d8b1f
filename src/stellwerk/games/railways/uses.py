"""Which hand symbols an action uses, what that costs in pollution, and whether they meet
the action's needs (railways.md: A round — playing cards and choosing symbols).

A *use* names one symbol on one hand card: card number, action field 1-4, symbol a/b —
written `3.2a`. An action's uses are kept as one canonical string, sorted, e.g.
"1.2a 4.1a". The cards whose symbols are used are the cards played.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from stellwerk.core.errors import IllegalAction
from stellwerk.games.railways.symbols import (
    COUNTS,
    RELEVANT,
    TARGET_SLOTS,
    contribution,
)
from stellwerk.games.railways.tables import Tables

Use = tuple[int, int, int]          # card number, field 0-3, symbol 0-1
Summary = tuple[int, ...]           # amounts in symbols.COUNTS order
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
    summary: Summary


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


def targets_ok(summary: Summary, types: Iterable[str]) -> bool:
    """railways.md: one fitting target symbol, or any 2 target symbols instead."""
    total = sum(summary[i] for i in TARGET_SLOTS)
    if total == 2:
        return True
    if total != 1:
        return False
    return any(summary[TARGET_SLOTS["RLCI".index(t)]] == 1 for t in types)


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


def _card_options(tables: Tables, card: int, kind: str) -> list[tuple[Summary, int,
                                                                       tuple[Use, ...]]]:
    """Every distinct contribution of one card: (summary, fields used, uses), keeping the
    fewest fields for equal summaries."""
    relevant = RELEVANT[kind]
    instances = [(card, f, s) for f, symbols in enumerate(tables.cards[card].fields)
                 for s, symbol in enumerate(symbols) if symbol in relevant]
    best: dict[Summary, tuple[int, tuple[Use, ...]]] = {}
    for size in range(1, len(instances) + 1):
        for chosen in itertools.combinations(instances, size):
            summary = summarise(tables, chosen)
            fields = len({u[1] for u in chosen})
            if summary not in best or fields < best[summary][0]:
                best[summary] = (fields, chosen)
    return [(s, f, u) for s, (f, u) in best.items()]


def _all_offers(tables: Tables, hand: tuple[int, ...], kind: str) -> list[Offer]:
    key = (hand, kind)
    cached = tables.cache.get(key)
    if cached is not None:
        return cached
    per_card = [[None, *_card_options(tables, card, kind)] for card in hand]
    best: dict[tuple[Summary, tuple[int, ...]], Offer] = {}
    for choice in itertools.product(*per_card):
        picked = [c for c in choice if c is not None]
        if not picked:
            continue
        uses = tuple(u for c in picked for u in c[2])
        summary = tuple(map(sum, zip(*(c[0] for c in picked), strict=True)))
        cards = tuple(sorted({u[0] for u in uses}))
        pollution = sum(c[1] - 1 for c in picked)
        old = best.get((summary, cards))
        if old is None or pollution < old.pollution:
            best[(summary, cards)] = Offer(format_uses(uses), cards, pollution, summary)
    offers = list(best.values())
    tables.cache[key] = offers
    return offers


def offers(tables: Tables, hand: Sequence[int], kind: str, need_key: object,
           need: Callable[[Summary], bool]) -> list[Offer]:
    """The cheapest way to pay for an action with each set of cards that can pay for it.

    `need_key` identifies `need` for the cache (e.g. ("open", 3, "RC")).
    """
    hand_key = tuple(sorted(hand))
    key = (hand_key, kind, need_key)
    cached = tables.cache.get(key)
    if cached is not None:
        return cached
    cheapest: dict[tuple[int, ...], Offer] = {}
    for offer in _all_offers(tables, hand_key, kind):
        if need(offer.summary):
            old = cheapest.get(offer.cards)
            if old is None or offer.pollution < old.pollution:
                cheapest[offer.cards] = offer
    result = sorted(cheapest.values(), key=lambda o: (o.pollution, len(o.cards), o.uses))
    tables.cache[key] = result
    return result
