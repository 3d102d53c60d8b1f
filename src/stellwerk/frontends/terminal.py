"""The terminal table now lives in `stellwerk.frontends.table`; this name is kept for
callers that import it from here."""

from stellwerk.frontends.table import Abandoned, HumanAgent, play_command, result_table, seat_names

__all__ = ["Abandoned", "HumanAgent", "play_command", "result_table", "seat_names"]
