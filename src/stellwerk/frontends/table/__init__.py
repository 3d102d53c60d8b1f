"""The terminal table: `stellwerk play` (play.py), a human's page and commands
(human.py), the screen that fits the terminal (screen.py), the choices list
(choices.py), the comforts (comforts.py), the table's words (terms.py), where games are
kept (saves.py) and picked to resume (pick.py), and leaving when the terminal goes
(hangup.py)."""

from stellwerk.frontends.table.human import Abandoned, HumanAgent
from stellwerk.frontends.table.play import play_command, result_table, seat_names

__all__ = ["Abandoned", "HumanAgent", "play_command", "result_table", "seat_names"]
