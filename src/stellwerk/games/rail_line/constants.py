"""Rail Line numbers and decision kinds shared by the rules and the action checks."""

from __future__ import annotations

from stellwerk.core.contract import INTERRUPT, SETUP, TURN
from stellwerk.core.errors import illegal as illegal  # the one helper (core), for actions.py

HAND_SIZE = 4
OFFER_SIZE = 4
MAX_SLOW_STATIONS = 5
REFUSALS = 4            # three players only
SLOW_COST = 1
SECOND_CARD_COST = 1
GAIN_COST = 2

# Decision kinds (the first item of `pending`).
SIDE, TRACK, LAY, OPTIONAL, FINAL, REFUSE, FREE = (
    "side", "track", "lay", "optional", "final", "refuse", "free")
PROMPTS = {SIDE: "rl.ask.side", TRACK: "rl.ask.track", LAY: "rl.ask.lay",
           OPTIONAL: "rl.ask.optional", FINAL: "rl.ask.final", REFUSE: "rl.ask.refuse",
           FREE: "rl.ask.free"}
KINDS = {SIDE: SETUP, TRACK: SETUP, LAY: TURN, OPTIONAL: TURN, FINAL: TURN,
         REFUSE: INTERRUPT, FREE: INTERRUPT}
