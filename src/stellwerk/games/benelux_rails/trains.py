"""Train types, upgrades and the money figures of docs/games/benelux-rails.md#br-rules."""

from __future__ import annotations

from dataclasses import dataclass

START_MONEY = 50
FEE = 4                    # per foreign network per turn ("4 M ... paid to its owner")
UPGRADE_COST = 20          # one tier up (A->B, B->C)
CHANGE_COST = 5            # within a tier
HAND_LIMIT = 3             # demand cards held; kept at setup too ("keep 3 of 5")
HAND_LIMIT_TWO_TRAINS = 4  # "4 once a player owns a second train"
SECOND_TRAIN_COST = 20     # D: "a second train may be bought for 20 M as that turn's build
#                            action and starts at any major city on the player's network"
SECOND_TRAIN = "A"         # D: the bought train is the basic freight train
DEALT = 5                  # "5 demand cards of which they keep 3"
PUBLIC_DEMANDS = 3
PUBLIC_FROM_ROUND = 4
DROP_ROUNDS = 4            # dropped goods unmoved for 4 rounds return to the supply
MAJOR_LEAVES = 2           # "at most 2 builds out of a major city per turn"
ROUND_LIMIT = 150          # D: a game nobody finishes ends after this round (bots need an end)


@dataclass(frozen=True)
class Train:
    name: str
    tier: int
    speed: int
    fast_speed: int        # Variant I: speeds 15/20/25 in place of 9/12/15
    capacity: int


# docs/games/benelux-rails.md#br-trains: A 9/2, B9 9/3, B12 12/2, C12 12/3, and (D) C15 15/2.
TRAINS = {t.name: t for t in (
    Train("A", 0, 9, 15, 2),
    Train("B9", 1, 9, 15, 3),
    Train("B12", 1, 12, 20, 2),
    Train("C12", 2, 12, 20, 3),
    Train("C15", 2, 15, 25, 2),
)}


@dataclass(frozen=True)
class Variant:
    name: str
    target: int            # money needed to end the game
    announce: int          # the announcement threshold
    build_limit: int
    handling_points: int   # movement points per load or unload


VARIANTS = {
    "standard": Variant("standard", 250, 200, 20, 0),
    # Variant I (fast game): 350 M, speeds 15/20/25, 1 point per load/unload, 30 M builds
    "fast": Variant("fast", 350, 300, 30, 1),
}


def upgrade_cost(old: str, new: str) -> int | None:
    """20 M one tier up, 5 M within a tier, None when the change is not allowed."""
    a, b = TRAINS[old], TRAINS[new]
    if b.tier == a.tier + 1:
        return UPGRADE_COST
    if b.tier == a.tier and b.name != a.name:
        return CHANGE_COST
    return None
