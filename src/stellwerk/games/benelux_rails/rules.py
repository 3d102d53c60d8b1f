"""The rules of Benelux Rails: a game state that only `apply` changes.

Each rule of `docs/games/benelux-rails.md#br-rules` is a method named after it. A turn is a
sequence of small actions (move, ferry, load, unload, deliver, then build and upgrade, then
end); every action is first checked (`check_*` raise IllegalAction and change nothing) and
then carried out. Seats sit clockwise; the starting player is drawn by lot (D).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import Any

from stellwerk.core.chance import Chance, chance_from
from stellwerk.core.contract import Action, Decision, Result, State, rank_seats
from stellwerk.core.errors import illegal
from stellwerk.core.trust import UNKNOWN, Trusted
from stellwerk.games.benelux_rails import fleet, goods, moving, pathfind
from stellwerk.games.benelux_rails.actions import Deed, apply_action, check_action
from stellwerk.games.benelux_rails.building import BuildPlan, BuildRefused, check_build, joined_at
from stellwerk.games.benelux_rails.candidates import candidate_actions
from stellwerk.games.benelux_rails.notation import End
from stellwerk.games.benelux_rails.phases import KEEP, START, TURN
from stellwerk.games.benelux_rails.player import Player
from stellwerk.games.benelux_rails.snapshots import snapshot
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.trains import (
    DEALT,
    DROP_ROUNDS,
    HAND_LIMIT,
    HAND_LIMIT_TWO_TRAINS,
    MAJOR_LEAVES,
    PUBLIC_DEMANDS,
    PUBLIC_FROM_ROUND,
    ROUND_LIMIT,
    TRAINS,
    VARIANTS,
)
from stellwerk.games.benelux_rails.views import seat_events, seat_view

Card = int | str   # a demand card id, or an event card id
REVEALING = frozenset(("draw", "public", "event", "deliver", "discard"))  # log keys
NO_POSTS: frozenset[int] = frozenset()


def card_order(card: Card) -> tuple[int, str]:
    """A total order of demand cards (numbers) and event cards (names)."""
    return (0, f"{card:08d}") if isinstance(card, int) else (1, card)


class BeneluxState(State):
    def __init__(self, tables: Tables, variant: str, seats: int, seed: int | Chance) -> None:
        self.t = tables
        self.variant = VARIANTS[variant]
        self.n = seats
        self.chance = chance_from(seed)
        self.players = [Player() for _ in range(seats)]
        self.owner = pathfind.Track()                   # edge -> seat
        self.ferry_owners: list[list[int]] = [[] for _ in tables.ferries]
        self.discards: list[Card] = []
        self.public: list[int] = []
        self.drops: list[list[int]] = []                # [city, good, round dropped]
        self.effects: list[list[Any]] = []              # [event id, first turn, last turn]
        self.round = 0                                  # 0 = setup
        self.turn = 0                                   # turns taken so far (global)
        self.phase = KEEP
        self.first = self.chance.below(seats)           # D: the starting player by lot
        self.active = self.first
        self.over = False
        self.log: list[dict[str, Any]] = []
        # each action checked on this state since it last changed (`check`, `apply`),
        # with its deed; shared by an unchanged clone
        self.trusted = Trusted()
        self.deal()

    # docs/games/benelux-rails.md#br-rules: setup --------------------------------------------------
    def deal(self) -> None:
        """Shuffle demand and event cards together; deal 5 demand cards each (events dealt
        at setup are replaced: set aside and shuffled back in afterwards)."""
        deck: list[Card] = [*self.t.demands, *self.t.events]
        self.chance.shuffle(deck)
        self.deck = deck
        aside: list[Card] = []
        for p in self.players:
            while len(p.hand) < DEALT and self.deck:
                card = self.deck.pop()
                if isinstance(card, int):
                    p.hand.append(card)
                else:
                    aside.append(card)
        self.deck.extend(aside)
        self.chance.shuffle(self.deck)

    def keep_cards(self, seat: int, cards: Sequence[int]) -> None:
        me = self.players[seat]
        back = [c for c in me.hand if c not in cards]
        me.hand = list(cards)
        self.deck[0:0] = back                           # "the other 2 go under the deck"
        self.note("keep", seat, private=True, cards=list(cards))
        self.phase = START

    def choose_start(self, seat: int, city: int) -> None:
        me = self.players[seat]
        me.start = city
        me.trains[0].position = self.t.cities[city].centre
        self.note("start", seat, city=self.t.cities[city].id)
        self.next_seat_in_setup()

    def next_seat_in_setup(self) -> None:
        nxt = (self.active + 1) % self.n
        if nxt == self.first:
            self.round = 1
            self.phase = TURN
            self.active = self.first
            self.begin_turn()
        else:
            self.active = nxt
            self.phase = KEEP

    # the turn -------------------------------------------------------------------------
    def speed(self, seat: int, k: int = 0) -> int:
        train = TRAINS[self.players[seat].trains[k].kind]
        return train.fast_speed if self.variant.name == "fast" else train.speed

    def hand_limit(self, seat: int) -> int:
        """3 demand cards; 4 once the player owns a second train
        (docs/games/benelux-rails.md#br-rules)."""
        return HAND_LIMIT_TWO_TRAINS if len(self.players[seat].trains) > 1 else HAND_LIMIT

    def begin_turn(self) -> None:
        me = self.players[self.active]
        for k, loco in enumerate(me.trains):   # each train has its own speed
            loco.points = 0 if self.round == 1 or loco.derailed else self.speed(self.active, k)
            if self.round > 1:
                loco.derailed = False   # a derailed train has now lost its movement
            loco.moved = False
        me.paid = 0
        me.spent = 0
        me.turn_mode = ""
        me.major_leaves = {}

    def end_turn(self, seat: int) -> None:
        """Upgrades take effect in place; when capacity shrinks the last load is lost (D)."""
        me = self.players[seat]
        for k, loco in enumerate(me.trains):
            if loco.pending is not None:
                loco.kind = loco.pending
                loco.pending = None
                while len(loco.loads) > TRAINS[loco.kind].capacity:
                    lost = loco.loads.pop()
                    self.note("lost", seat, good=self.t.goods[lost], **self.which(seat, k))
        self.note("end", seat)
        self.turn += 1
        self.active = (self.active + 1) % self.n
        if self.active == self.first:
            self.new_round()
        if not self.over:
            self.begin_turn()

    def which(self, seat: int, k: int) -> dict[str, Any]:
        """The log's train number, given only when the player has two trains (so the
        log of a one-train game names no train)."""
        return {"train_no": k + 1} if len(self.players[seat].trains) > 1 else {}

    def new_round(self) -> None:
        self.round += 1
        if self.round > ROUND_LIMIT:
            self.over = True
            self.note("limit", None)
            return
        # goods dropped and unmoved for 4 rounds return to the supply
        self.drops = [d for d in self.drops if d[2] + DROP_ROUNDS > self.round]
        if self.round >= PUBLIC_FROM_ROUND:
            self.fill_public()

    def fill_public(self) -> None:
        """From round 4, three demand cards lie open; events turned up meanwhile happen."""
        while len(self.public) < PUBLIC_DEMANDS:
            card = self.draw(self.active)
            if card is None:
                return
            self.public.append(card)
            self.note("public", None, card=card)

    def draw(self, seat: int) -> int | None:
        """The next demand card; events drawn on the way are carried out and discarded.
        An exhausted deck is made again from the shuffled discards."""
        for _ in range(len(self.t.demands) + len(self.t.events) + 1):
            if not self.deck:
                if not self.discards:
                    return None
                self.deck, self.discards = self.discards, []
                self.chance.shuffle(self.deck)
            card = self.deck.pop()
            if isinstance(card, int):
                return card
            self.discards.append(card)
            self.happen(seat, card)
        return None

    def refill_hand(self, seat: int) -> None:
        me = self.players[seat]
        while len(me.hand) < self.hand_limit(seat):
            card = self.draw(seat)
            if card is None:
                return
            me.hand.append(card)
            self.note("draw", seat, private=True, card=card)

    # events ---------------------------------------------------------------------------
    def happen(self, seat: int, event_id: str) -> None:
        """docs/games/benelux-rails.md#br-events: "for one round" effects start after the current
        player's turn and last until that player's next turn; others apply at once."""
        ev = self.t.events[event_id]
        self.note("event", seat, event=event_id, name_en=ev.names["en"], name_de=ev.names["de"])
        if ev.kind == "flood":
            for e in ev.edges:
                owner = self.owner.pop(e, None)
                if owner is not None:
                    self.players[owner].edges.discard(e)
            for p in self.players:
                self.recompute_nodes(p)
        elif ev.kind == "derailment":
            for s, p in enumerate(self.players):
                for k, loco in enumerate(p.trains):   # each train on the region
                    if loco.position in ev.mileposts:
                        if loco.loads:
                            lost = loco.loads.pop()
                            self.note("lost", s, good=self.t.goods[lost], **self.which(s, k))
                        loco.derailed = True
        else:
            first = self.turn if ev.duration == "now" else self.turn + 1
            self.effects = [e for e in self.effects if e[2] >= self.turn]
            self.effects.append([event_id, first, self.turn + self.n - 1])

    def effect_posts(self, kind: str) -> frozenset[int]:
        if not self.effects:       # most of the time: no event in force (asked very often)
            return NO_POSTS
        posts: set[int] = set()
        for event_id, first, last in self.effects:
            ev = self.t.events[event_id]
            if ev.kind == kind and first <= self.turn <= last:
                posts |= ev.mileposts
        return frozenset(posts)

    def recompute_nodes(self, p: Player) -> None:
        nodes: set[int] = set()
        for e in p.edges:
            nodes.update(self.t.ends(e))
        for f in p.ferries:
            nodes.update((self.t.ferries[f].a, self.t.ferries[f].b))
        p.nodes = nodes

    # building ---------------------------------------------------------------------------
    def budget(self, seat: int) -> int:
        me = self.players[seat]
        return max(0, min(self.variant.build_limit - me.spent, me.money))

    def build_rules(self, seat: int) -> pathfind.BuildRules:
        """What `cheapest_build` may use for this seat now (the same rules as check_build)."""
        t, me = self.t, self.players[seat]
        closed = set()
        for post, limit in t.access_limits.items():
            if post not in me.nodes and len(joined_at(self, post)) >= limit:
                closed.add(post)
        no_leave = {p for k, c in me.major_leaves.items() if c >= MAJOR_LEAVES
                    for p in t.cities[k].mileposts}
        gale = self.effect_posts("gale")
        ferries: dict[int, list[tuple[int, int, int]]] = {}
        for f, ferry in enumerate(t.ferries):
            if f in me.ferries:
                cost = 0
            elif len(self.ferry_owners[f]) >= 2 or ferry.a in gale or ferry.b in gale:
                continue
            else:
                cost = ferry.cost
            ferries.setdefault(ferry.a, []).append((ferry.b, cost, -1 - f))
            ferries.setdefault(ferry.b, []).append((ferry.a, cost, -1 - f))
        taken = {e for e, s in self.owner.items() if s != seat}
        return pathfind.BuildRules(taken=taken, own=me.edges, closed=closed,
                                   frozen=self.effect_posts("snow") | gale,
                                   no_leave=no_leave, ferries=ferries)

    def build_sources(self, seat: int) -> set[int]:
        """Where a build may start: any milepost of the player's track and every milepost
        of each major city on the network (the start city, and each one the track
        reaches: the inside of a major city needs no track)."""
        me = self.players[seat]
        sources = set(me.nodes)
        for k in self.network_majors(seat):
            sources.update(self.t.cities[k].mileposts)
        return sources

    def check_build(self, seat: int, path: Sequence[int]) -> BuildPlan:
        me = self.players[seat]
        if self.phase != TURN:
            raise illegal("br.bad.want_start", "choose a major city to start your network "
                          "first")
        if me.turn_mode == "buy":
            raise illegal("br.bad.after_upgrade", "you bought a train this turn: that is the "
                          "turn's whole build action")
        try:
            plan = check_build(self, seat, path)
        except BuildRefused as exc:
            raise illegal(exc.key, str(exc), **exc.params) from None
        if plan.cost > self.variant.build_limit - me.spent:
            raise illegal("br.bad.build_limit", f"this path costs {plan.cost} M; you may "
                          f"build for {self.variant.build_limit - me.spent} M more this turn",
                          cost=plan.cost, left=self.variant.build_limit - me.spent)
        if plan.cost > me.money:
            raise illegal("br.bad.money", f"this path costs {plan.cost} M and you have "
                          f"{me.money} M (no credit)", cost=plan.cost, money=me.money)
        return plan

    def build(self, seat: int, path: Sequence[int], plan: BuildPlan) -> None:
        me = self.players[seat]
        for e in plan.edges:
            self.owner[e] = seat
            me.edges.add(e)
            me.nodes.update(self.t.ends(e))
        for f in plan.ferries:
            self.ferry_owners[f].append(seat)
            me.ferries.add(f)
            me.nodes.update((self.t.ferries[f].a, self.t.ferries[f].b))
        me.money -= plan.cost
        me.spent += plan.cost
        me.major_leaves = dict(plan.leaves)   # the plan may serve a clone too (trusted)
        me.turn_mode = "build"
        self.note("build", seat, path=[self.t.names[p] for p in path], cost=plan.cost)

    # upgrades and the second train, moving and goods: each rule a function of its
    # module, a method here
    check_build_action = fleet.check_build_action
    check_upgrade = fleet.check_upgrade
    upgrade = fleet.upgrade
    network_majors = fleet.network_majors
    check_buy = fleet.check_buy
    buy_train = fleet.buy_train
    move_graph = moving.move_graph
    check_move = moving.check_move
    check_moving_phase = moving.check_moving_phase
    pay_fees = moving.pay_fees
    move = moving.move
    check_ferry = moving.check_ferry
    ferry = moving.ferry
    city_here = goods.city_here
    check_handling = goods.check_handling
    chips_free = goods.chips_free
    check_load = goods.check_load
    load = goods.load
    check_unload = goods.check_unload
    unload = goods.unload
    check_deliver = goods.check_deliver
    deliver = goods.deliver

    def discard_turn(self, seat: int) -> None:
        """The action `discard`: the hand discarded, and with it the turn."""
        self.discard_hand(seat)
        if not self.over:
            self.end_turn(seat)

    def discard_hand(self, seat: int) -> None:
        """Instead of a turn: discard all demand cards and draw 3 new ones (D: 4 with a
        second train, the hand limit)."""
        me = self.players[seat]
        self.discards.extend(me.hand)
        me.hand = []
        self.note("discard", seat)
        self.refill_hand(seat)

    # the end ----------------------------------------------------------------------------
    def start_network(self, seat: int) -> set[int]:
        """The mileposts the seat's own track, own ferry lines and the insides of major
        cities join to its start city: the network the end asks about (a flood, or track
        built from a piece reached over a rival's track, can leave a piece apart). Empty
        before the seat has chosen its start city."""
        t, me = self.t, self.players[seat]
        if me.start < 0:
            return set()
        start = t.cities[me.start].centre
        seen = {start}
        todo = [start]
        while todo:
            i = todo.pop()
            for j in t.adjacent[i]:
                if j not in seen and (t.edge(i, j) in me.edges or t.same_major(i, j)):
                    seen.add(j)
                    todo.append(j)
            for f in t.ferry_at.get(i, ()):
                if f in me.ferries:
                    ferry = t.ferries[f]
                    j = ferry.b if i == ferry.a else ferry.a
                    if j not in seen:
                        seen.add(j)
                        todo.append(j)
        return seen

    def joined_majors(self, seat: int, network: Set[int] | None = None) -> list[int]:
        """The major cities joined to the seat's start city; `network` is the seat's
        `start_network` when the caller has worked it out already."""
        if network is None:
            network = self.start_network(seat)
        return [k for k in self.t.majors if self.t.cities[k].centre in network]

    def joins_all_majors(self, seat: int) -> bool:
        return len(self.joined_majors(seat)) == len(self.t.majors)

    def check_end(self) -> None:
        """The game ends as soon as a player has the target money and a network joining
        all four major cities; the richest wins."""
        for s, p in enumerate(self.players):
            if p.money >= self.variant.target and p.start >= 0 and self.joins_all_majors(s):
                self.over = True
                self.note("finish", s)
                return

    def note(self, key: str, seat: int | None, private: bool = False, **params: Any) -> None:
        entry: dict[str, Any] = {"key": key, "seat": seat, "round": self.round, **params}
        if private:
            entry["private"] = True
        self.log.append(entry)

    # the contract -----------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.over:
            return None
        prompt = {KEEP: "br.ask.keep", START: "br.ask.start"}.get(self.phase, "br.ask.turn")
        if self.phase == TURN and self.round == 1:
            prompt = "br.ask.build"
        return Decision((self.active,), TURN if self.phase == TURN else "setup", prompt,
                        {"round": self.round})

    def legal_actions(self, seat: int) -> list[Action]:
        return candidate_actions(self, seat)

    def candidate_actions(self, seat: int) -> list[Action]:
        return self.legal_actions(seat)

    def default_action(self, seat: int) -> Action | None:
        """docs/games/benelux-rails.md#br-rules is silent on a missed turn. Decided: in a turn,
        `end` (the turn ends with whatever was done so far: no move, no build, nothing spent), the
        least harmful legal action; the setup choices (which demand cards to keep, the starting
        city) shape the whole game and have no default: None."""
        if self.over or self.phase != TURN or seat != self.active:
            return None
        default = End()
        return default if self.is_legal(seat, default) else None

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction if `seat` may not take `action`. A legal action made of
        plain words and numbers is remembered with what it does (by identity), so that
        applying this very object next (to this state or an unchanged clone: listing and
        then applying, as every bot and the search do) need not check it again."""
        self.trust(seat, action, check_action(self, seat, action))

    def trust(self, seat: int, action: Action, deed: Deed) -> None:
        """Remember `deed`, what checking `action` for `seat` on this very state returned
        (`check`, or a listing that remembers its checks: candidates.build_candidates);
        only an action made of plain words and numbers, which nothing can change."""
        self.trusted.vouch(seat, action, deed)

    def apply(self, seat: int, action: Action) -> None:
        """Check and carry out `action`; the check is skipped only for the very object
        `check` accepted for this seat on this state (or on the original of an unchanged
        clone): an equal tuple, or anything else, is checked in full
        (tests/benelux_rails/test_trusted.py)."""
        deed = self.trusted.recall(seat, action)
        self.trusted = self.trusted.forgotten()   # clones sharing the old one keep theirs
        apply_action(self, seat, action, None if deed is UNKNOWN else deed)

    def view(self, seat: int) -> dict[str, Any]:
        return seat_view(self, seat)

    def public_view(self) -> dict[str, Any]:
        return seat_view(self, None)

    def events(self, seat: int | None) -> list[dict[str, Any]]:
        return seat_events(self, seat)

    def is_over(self) -> bool:
        return self.over

    def reveals(self) -> int:
        """Moments something hidden became known (core/undo.py): a card drawn from the deck
        (to a hand, to the public row, or an event turned up; a reshuffle is always
        followed by such a draw), a hand card shown by a delivery, a hand discarded.
        Setup's deal happens before any decision; keeping cards and building, moving,
        loading or upgrading reveal nothing, so those may be taken back."""
        return sum(1 for entry in self.log if entry["key"] in REVEALING)

    def result(self) -> Result:
        money = tuple(float(p.money) for p in self.players)
        ranks, winners = rank_seats([(m,) for m in money])
        return Result(scores=money, ranks=ranks, winners=winners,
                      breakdown=tuple({"br.money": m} for m in money))

    def clone(self) -> BeneluxState:
        other = BeneluxState.__new__(BeneluxState)
        other.__dict__.update(self.__dict__)
        other.chance = self.chance.clone()
        other.players = [p.clone() for p in self.players]
        other.owner = self.owner.copy()   # shares the moves worked out from it
        other.ferry_owners = [list(f) for f in self.ferry_owners]
        other.deck = list(self.deck)
        other.discards = list(self.discards)
        other.public = list(self.public)
        other.drops = [list(d) for d in self.drops]
        other.effects = [list(e) for e in self.effects]
        other.log = list(self.log)
        return other

    def determinized(self, seat: int, chance: Chance) -> BeneluxState:
        """The other hands and the deck order redrawn (they are hidden from `seat`).

        The unseen cards are sorted before they are shuffled, so a sample depends only on
        what `seat` knows and on `chance`, never on the true secrets; chance
        still to come (events, reshuffles) is forked from `chance` as well."""
        other = self.clone()
        pool: list[Card] = list(other.deck)
        for s, p in enumerate(other.players):
            if s != seat:
                pool.extend(p.hand)
        pool.sort(key=card_order)
        chance.shuffle(pool)
        demands = [c for c in pool if isinstance(c, int)]
        for s, p in enumerate(other.players):
            if s != seat:
                size = len(p.hand)
                p.hand = demands[:size]
                demands = demands[size:]
                for c in p.hand:
                    pool.remove(c)
        other.deck = pool
        other.chance = chance.fork()
        other.trusted = Trusted()     # checked on other hands and another deck
        return other

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self)
