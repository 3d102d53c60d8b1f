"""The rules of Benelux Rails: a game state that only `apply` changes.

Each rule of `docs/games/benelux-rails.md#br-rules` is a method named after it. A turn is a
sequence of small actions (move, ferry, load, unload, deliver, then build and upgrade, then
end); every action is first checked (`check_*` raise IllegalAction and change nothing) and
then carried out. Seats sit clockwise; the starting player is drawn by lot (D).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from itertools import pairwise
from typing import Any

from stellwerk.core.chance import Chance
from stellwerk.core.contract import Action, Decision, Result, State, rank_seats
from stellwerk.core.errors import illegal
from stellwerk.games.benelux_rails import pathfind
from stellwerk.games.benelux_rails.actions import Deed, apply_action, check_action
from stellwerk.games.benelux_rails.building import BuildPlan, BuildRefused, check_build, joined_at
from stellwerk.games.benelux_rails.candidates import candidate_actions
from stellwerk.games.benelux_rails.phases import KEEP, START, TURN
from stellwerk.games.benelux_rails.player import Loco, Player
from stellwerk.games.benelux_rails.snapshots import snapshot
from stellwerk.games.benelux_rails.tables import Tables
from stellwerk.games.benelux_rails.trains import (
    DEALT,
    DROP_ROUNDS,
    FEE,
    HAND_LIMIT,
    HAND_LIMIT_TWO_TRAINS,
    MAJOR_LEAVES,
    PUBLIC_DEMANDS,
    PUBLIC_FROM_ROUND,
    ROUND_LIMIT,
    SECOND_TRAIN,
    SECOND_TRAIN_COST,
    TRAINS,
    VARIANTS,
    upgrade_cost,
)
from stellwerk.games.benelux_rails.views import seat_events, seat_view

Card = int | str   # a demand card id, or an event card id
REVEALING = frozenset(("draw", "public", "event", "deliver", "discard"))  # log keys
NO_POSTS: frozenset[int] = frozenset()


def card_order(card: Card) -> tuple[int, str]:
    """A total order of demand cards (numbers) and event cards (names)."""
    return (0, f"{card:08d}") if isinstance(card, int) else (1, card)


class BeneluxState(State):
    def __init__(self, tables: Tables, variant: str, seats: int, seed: int) -> None:
        self.t = tables
        self.variant = VARIANTS[variant]
        self.n = seats
        self.chance = Chance(seed)
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
        # id(action) -> (action, seat, deed) for each action checked on this state since
        # it last changed (`check`, `apply`)
        self.trusted: dict[int, tuple[Action, int, Deed]] = {}
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

    # upgrading and the second train ---------------------------------------------------
    def check_build_action(self, seat: int) -> None:
        """A bought train is the turn's whole build action (D)."""
        if self.round == 1:
            raise illegal("br.bad.round1", "round 1 is for building track only")
        if self.players[seat].turn_mode:
            raise illegal("br.bad.buy_late", "buying a second train is the turn's whole "
                          "build action: you already built, upgraded or bought")

    def check_upgrade(self, seat: int, k: int, train: str) -> int:
        """An upgrade or change counts against the turn's build limit together with the
        track, before or after building (docs/games/benelux-rails.md#br-trains, C); at
        most one per train and turn (D); not in a turn that bought a train (D)."""
        me = self.players[seat]
        if train not in TRAINS:
            raise illegal("br.bad.train", f"there is no train {train!r} "
                          f"(trains: {', '.join(TRAINS)})", train=train)
        if self.round == 1:
            raise illegal("br.bad.round1", "round 1 is for building track only")
        if me.turn_mode == "buy":
            raise illegal("br.bad.after_upgrade", "you bought a train this turn: that is the "
                          "turn's whole build action")
        if me.trains[k].pending is not None:
            raise illegal("br.bad.upgrade_twice", "this train is already upgraded or changed "
                          "this turn (once per train and turn)")
        cost = upgrade_cost(me.trains[k].kind, train)
        if cost is None:
            raise illegal("br.bad.upgrade", f"a {me.trains[k].kind} cannot become a {train} "
                          "(one tier up for 20 M, or within its tier for 5 M)",
                          old=me.trains[k].kind, new=train)
        left = self.variant.build_limit - me.spent
        if cost > left:
            raise illegal("br.bad.upgrade_limit", f"this costs {cost} M; you may build or "
                          f"upgrade for {left} M more this turn", cost=cost, left=left)
        if cost > me.money:
            raise illegal("br.bad.money", f"this costs {cost} M and you have {me.money} M "
                          "(no credit)", cost=cost, money=me.money)
        return cost

    def upgrade(self, seat: int, k: int, train: str, cost: int) -> None:
        me = self.players[seat]
        me.money -= cost
        me.spent += cost
        me.trains[k].pending = train
        if me.turn_mode != "build":
            me.turn_mode = "upgrade"
        self.note("upgrade", seat, train=train, cost=cost, **self.which(seat, k))

    def network_majors(self, seat: int) -> list[int]:
        """The major cities on the player's network: the start city, and each major city
        whose mileposts the player's own track (or ferry line) reaches."""
        t, me = self.t, self.players[seat]
        return [k for k in t.majors if k == me.start
                or any(p in me.nodes for p in t.cities[k].mileposts)]

    def check_buy(self, seat: int, city: int) -> None:
        """D: a second train for 20 M as the turn's build action, placed at a major city
        on the player's network; at most two trains."""
        t, me = self.t, self.players[seat]
        if len(me.trains) > 1:
            raise illegal("br.bad.buy_twice", "you already own two trains")
        self.check_build_action(seat)
        if city < 0 or t.cities[city].size != "major":
            raise illegal("br.bad.buy_city", "a second train starts at a major city")
        if city not in self.network_majors(seat):
            raise illegal("br.bad.buy_network", f"{t.cities[city].name} is not on your "
                          "network", **t.city_params(city))
        if me.money < SECOND_TRAIN_COST:
            raise illegal("br.bad.money", f"a second train costs {SECOND_TRAIN_COST} M and "
                          f"you have {me.money} M (no credit)", cost=SECOND_TRAIN_COST,
                          money=me.money)

    def buy_train(self, seat: int, city: int) -> None:
        """The new train stands at the city's centre and moves from the next turn on; the
        hand limit becomes 4 at once, so the fourth card is drawn now (D)."""
        me = self.players[seat]
        me.money -= SECOND_TRAIN_COST
        me.spent += SECOND_TRAIN_COST
        me.turn_mode = "buy"
        me.trains.append(Loco(SECOND_TRAIN, self.t.cities[city].centre))
        self.note("buy", seat, city=self.t.cities[city].id, cost=SECOND_TRAIN_COST)
        self.refill_hand(seat)

    # moving (each method takes the train's number k: 0, or 1 for a second train) -----
    def move_graph(self) -> pathfind.MoveGraph:
        return pathfind.MoveGraph(self.owner, self.effect_posts("snow") | self.effect_posts(
            "gale"))

    def check_move(self, seat: int, k: int, target: int, via: Sequence[int]
                   ) -> tuple[list[int], int]:
        """The path (fewest fees, then fewest points; legs through `via` in order) and the
        networks paid this turn afterwards. The fee is per network per turn for the
        player, so a network the other train used this turn costs nothing more (D)."""
        me = self.players[seat]
        self.check_moving_phase(seat)
        graph = self.move_graph()
        loco = me.trains[k]
        position, paid, points = loco.position, me.paid, loco.points
        full = [position]
        for goal in [*via, target]:
            if goal == position:
                raise illegal("br.bad.move_same", f"the train is already at {self.t.names[goal]}",
                              where=self.t.names[goal])
            found = pathfind.move_path(self.t, graph, seat, position, paid, goal, points)
            if found is None:
                raise illegal("br.bad.move_unreachable", f"{self.t.names[goal]} cannot be "
                              f"reached on built track with {points} movement points",
                              where=self.t.names[goal], points=points)
            path, _fees, used = found
            for a, b in pairwise(path):
                owner = self.owner.get(self.t.edge(a, b))
                if owner is not None and owner != seat:
                    paid |= 1 << owner
            points -= used
            position = goal
            full.extend(path[1:])
        fee = FEE * bin(paid & ~me.paid).count("1")
        if fee > me.money:
            raise illegal("br.bad.fee", f"the move uses other networks for {fee} M and you "
                          f"have {me.money} M", fee=fee, money=me.money)
        return full, paid

    def check_moving_phase(self, seat: int) -> None:
        me = self.players[seat]
        if self.round == 1:
            raise illegal("br.bad.round1", "round 1 is for building track only")
        if me.turn_mode:
            raise illegal("br.bad.after_build", "movement, loading and deliveries come "
                          "before building or upgrading")

    def pay_fees(self, seat: int, paid: int) -> None:
        me = self.players[seat]
        for s in range(self.n):
            if paid >> s & 1 and not me.paid >> s & 1:
                me.money -= FEE
                self.players[s].money += FEE
                self.note("fee", seat, to=s, fee=FEE)
        me.paid |= paid

    def move(self, seat: int, k: int, path: list[int], paid: int) -> None:
        loco = self.players[seat].trains[k]
        slow = self.effect_posts("snow") | self.effect_posts("gale")
        self.pay_fees(seat, paid)
        loco.points -= sum(2 if p in slow else 1 for p in path[1:])
        loco.position = path[-1]
        loco.moved = True
        self.note("move", seat, path=[self.t.names[p] for p in path], **self.which(seat, k))

    def check_ferry(self, seat: int, k: int) -> tuple[int, int | None]:
        """D (Empire Builder family): a train at a ferry port crosses at the start of its
        turn, then moves on at half speed; the line must be built (by anyone: a foreign
        line costs the fee). Each train crosses at the start of its own movement."""
        me = self.players[seat]
        loco = me.trains[k]
        self.check_moving_phase(seat)
        if loco.moved or loco.points < self.speed(seat, k):
            raise illegal("br.bad.ferry_start", "a ferry crosses only at the start of a turn")
        gale = self.effect_posts("gale")
        for f in self.t.ferry_at.get(loco.position, ()):
            ferry = self.t.ferries[f]
            owners = self.ferry_owners[f]
            if not owners or ferry.a in gale or ferry.b in gale:
                continue
            if seat in owners:
                return f, None
            if me.money < FEE and not me.paid >> owners[0] & 1:
                raise illegal("br.bad.fee", f"the ferry fee is {FEE} M and you have "
                              f"{me.money} M", fee=FEE, money=me.money)
            return f, owners[0]
        raise illegal("br.bad.no_ferry", "there is no running ferry line from here")

    def ferry(self, seat: int, k: int, f: int, owner: int | None) -> None:
        loco = self.players[seat].trains[k]
        ferry = self.t.ferries[f]
        if owner is not None:
            self.pay_fees(seat, 1 << owner)
        loco.position = ferry.b if loco.position == ferry.a else ferry.a
        loco.points //= 2
        loco.moved = True
        self.note("ferry", seat, ferry=ferry.id, **self.which(seat, k))

    # goods ------------------------------------------------------------------------------
    def city_here(self, seat: int, k: int) -> int:
        city = self.t.city_at[self.players[seat].trains[k].position]
        if city < 0:
            raise illegal("br.bad.no_city", "the train is not in a city")
        return city

    def check_handling(self, seat: int, k: int) -> int:
        """Common checks of load, unload and deliver; returns the city."""
        self.check_moving_phase(seat)
        city = self.city_here(seat, k)
        loco = self.players[seat].trains[k]
        if loco.position in self.effect_posts("strike"):
            raise illegal("br.bad.strike", "a strike stops loading and deliveries here")
        if loco.points < self.variant.handling_points:
            raise illegal("br.bad.points", "Variant I: loading or unloading costs 1 movement "
                          "point and none is left")
        return city

    def chips_free(self, good: int) -> int:
        used = sum(loco.loads.count(good) for p in self.players for loco in p.trains)
        used += sum(1 for d in self.drops if d[1] == good)
        return self.t.chips[good] - used

    def check_load(self, seat: int, k: int, good: int) -> int:
        """-1: from the supply; else the index of the dropped load taken."""
        city = self.check_handling(seat, k)
        loco = self.players[seat].trains[k]
        if len(loco.loads) >= TRAINS[loco.kind].capacity:
            raise illegal("br.bad.full_train", "the train is full")
        for n, (c, g, _) in enumerate(self.drops):
            if c == city and g == good:
                return n
        if good not in self.t.cities[city].supplies:
            raise illegal("br.bad.not_supplied", f"{self.t.cities[city].name} does not supply "
                          f"{self.t.goods[good]}", **self.t.city_params(city),
                          **self.t.good_params(good))
        if self.chips_free(good) <= 0:
            raise illegal("br.bad.no_chips", f"every load of {self.t.goods[good]} is in use",
                          **self.t.good_params(good))
        return -1

    def load(self, seat: int, k: int, good: int, drop: int) -> None:
        loco = self.players[seat].trains[k]
        if drop >= 0:
            del self.drops[drop]
        loco.loads.append(good)
        loco.points -= self.variant.handling_points
        loco.moved = True
        self.note("load", seat, good=self.t.goods[good], **self.which(seat, k))

    def check_unload(self, seat: int, k: int, good: int) -> int:
        city = self.check_handling(seat, k)
        if good not in self.players[seat].trains[k].loads:
            raise illegal("br.bad.no_load", f"the train carries no {self.t.goods[good]}",
                          **self.t.good_params(good))
        return city

    def unload(self, seat: int, k: int, good: int, city: int) -> None:
        """Dropped in a city: anyone may take it; it returns to the supply after 4 rounds
        unmoved (D: dropped where it is supplied, it returns at once)."""
        loco = self.players[seat].trains[k]
        loco.loads.remove(good)
        if good not in self.t.cities[city].supplies:
            self.drops.append([city, good, self.round])
        loco.points -= self.variant.handling_points
        loco.moved = True
        self.note("unload", seat, good=self.t.goods[good], city=self.t.cities[city].id,
                  **self.which(seat, k))

    def check_deliver(self, seat: int, k: int, card: int, good: int) -> int:
        city = self.check_handling(seat, k)
        me = self.players[seat]
        if card not in me.hand and card not in self.public:
            raise illegal("br.bad.card", f"demand card {card} is neither in your hand nor "
                          "open", card=card)
        if good not in me.trains[k].loads:
            raise illegal("br.bad.no_load", f"the train carries no {self.t.goods[good]}",
                          **self.t.good_params(good))
        for c, g, payout in self.t.demands[card]:
            if c == city and g == good:
                return payout
        raise illegal("br.bad.demand", f"card {card} asks for no {self.t.goods[good]} in "
                      f"{self.t.cities[city].name}", card=card, **self.t.good_params(good),
                      **self.t.city_params(city))

    def deliver(self, seat: int, k: int, card: int, good: int, payout: int) -> None:
        me = self.players[seat]
        loco = me.trains[k]
        loco.loads.remove(good)
        me.money += payout
        loco.points -= self.variant.handling_points
        loco.moved = True
        self.discards.append(card)
        self.note("deliver", seat, card=card, good=self.t.goods[good], payout=payout,
                  **self.which(seat, k))
        if card in me.hand:
            me.hand.remove(card)
            self.refill_hand(seat)
        else:
            self.public.remove(card)
            self.fill_public()
        if me.money >= self.variant.announce and not me.announced:
            me.announced = True   # the announcement is public, the amount is not told
            self.note("announce", seat)

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
        default: Action = ("end",)
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
        if all(type(word) in (str, int) for word in action):
            self.trusted[id(action)] = (action, seat, deed)

    def apply(self, seat: int, action: Action) -> None:
        """Check and carry out `action`; the check is skipped only for the very object
        `check` accepted for this seat on this state (or on the original of an unchanged
        clone): an equal tuple, or anything else, is checked in full
        (tests/benelux_rails/test_trusted.py)."""
        known = self.trusted.get(id(action))
        deed = known[2] if known is not None and known[0] is action and known[1] == seat \
            else None
        self.trusted = {}      # a new dict: clones sharing the old one keep theirs
        apply_action(self, seat, action, deed)

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
        other.trusted = {}     # checked on other hands and another deck
        return other

    def snapshot(self) -> dict[str, Any]:
        return snapshot(self)
