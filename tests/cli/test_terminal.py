"""The terminal table: a scripted human plays Rail Line against a bot through `stellwerk play`.

The scripted human reads the screen as a person would: it answers the numbered list of
legal actions the table prints, sometimes by number and sometimes by notation, and is
told to make mistakes at chosen moments.
"""

from __future__ import annotations

import builtins
import itertools
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.typed_play import answering

from stellwerk.cli import main
from stellwerk.core import companions
from stellwerk.core.chance import Chance
from stellwerk.core.session import Window
from stellwerk.frontends.table import Abandoned, HumanAgent
from stellwerk.frontends.table.screen import Screen
from stellwerk.games import get_game

# a choice: "  3. lay A05", in columns, maybe followed by its description
OPTION = re.compile(r"(?:^| )\s*(\d+)\. (\S+(?: \S+)*?)(?= {2,}|$)", re.MULTILINE)
PLAY = ("play", "rail-line", "--seats", "human,random", "--seed", "3")

# a mistake: (when to make it, what to type, what the table must answer)
Mistake = tuple[Callable[[list[str]], bool], str, str]


class ScriptedHuman:
    """Stands in for `input`: reads what the table printed and answers."""

    def __init__(self, capsys: pytest.CaptureFixture[str], seed: int = 0,
                 mistakes: list[Mistake] | None = None, stop_after: int | None = None,
                 stop_word: str | None = "quit") -> None:
        self.capsys = capsys
        self.rng = random.Random(seed)
        self.mistakes = list(mistakes or [])
        self.stop_after = stop_after
        self.stop_word = stop_word
        self.screen = ""
        self.options: list[str] = []
        self.prompts: list[str] = []
        self.answers: list[str] = []
        self.events: list[str] = []        # prompts and screen clears, in order
        self.pending: str | None = None    # the message expected after a mistake
        self.checked: list[str] = []       # mistakes whose message was seen
        self.by_text = 0
        self.by_number = 0

    def __call__(self, prompt: str) -> str:
        printed = self.capsys.readouterr().out
        self.screen += printed
        self.prompts.append(prompt)
        self.events.append(f"prompt {prompt}")
        if self.pending is not None:
            assert self.pending in printed, (self.pending, printed[-500:])
            assert prompt == "> ", "a mistake must be answered with a new prompt"
            self.checked.append(self.pending)
            self.pending = None
        listed = sorted((int(n), text) for n, text in OPTION.findall(printed))
        if listed:
            self.options = [text for _, text in listed]
            assert [n for n, _ in listed] == list(range(1, len(listed) + 1))
        answer = self.answer(prompt)
        self.answers.append(answer)
        return answer

    def answer(self, prompt: str) -> str:
        if prompt.startswith("Pass the table") or "after your turn" in prompt:
            return ""
        if prompt.startswith("Save the game"):
            return ""
        if self.stop_after is not None and len(self.answers) >= self.stop_after:
            if self.stop_word is None:
                raise EOFError
            return self.stop_word
        for i, (when, text, message) in enumerate(self.mistakes):
            if when(self.options):
                del self.mistakes[i]
                self.pending = message
                return text
        choice = self.rng.randrange(len(self.options))
        if self.rng.random() < 0.5:
            self.by_text += 1
            return self.options[choice]
        self.by_number += 1
        return str(choice + 1)


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         human: ScriptedHuman, *extra: str, argv: tuple[str, ...] = PLAY) -> tuple[int, str, str]:
    monkeypatch.setattr(builtins, "input", human)
    monkeypatch.setenv("COLUMNS", "120")
    capsys.readouterr()
    code = main([*argv, *extra])
    captured = capsys.readouterr()
    human.screen += captured.out
    return code, human.screen, captured.err


def listed(prefix: str) -> Callable[[list[str]], bool]:
    return lambda options: any(o.startswith(prefix) for o in options)


def not_listed(prefix: str) -> Callable[[list[str]], bool]:
    return lambda options: bool(options) and not any(o.startswith(prefix) for o in options)


def test_a_full_game_with_mistakes_and_a_record(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    mistakes: list[Mistake] = [
        (listed("side"), "7", "There is no choice 7; choose 1 to 2."),
        (listed("side"), "fly to the moon", "unknown action 'fly'"),
        (listed("side"), "0", "There is no choice 0"),
        (listed("side"), "9" * 5000, "There is no choice 999999999…"),
        (listed("side"), "side 3", "Not allowed: the Starting Station has sides 1 and 2"),
        (listed("lay "), "gain coal", "Not allowed: 'gain' is not possible now"),
        (listed("lay "), "lay Q42", "Not allowed: card Q42 is neither in your hand"),
        (listed("lay "), "lay", "lay takes one card"),
        (lambda o: listed("pass")(o) and not_listed("gain")(o), "gain coal",
         "Not allowed: 'gain any symbol' costs 2 coins"),
        (listed("pass"), "²", "unknown action '²'"),
        (listed("pass"), "[/red]", "unknown action '[/red]'"),   # not read as markup
        (listed("lay "), "lay [bold]", "card [BOLD] is neither"),
    ]
    human = ScriptedHuman(capsys, seed=1, mistakes=mistakes)
    record = tmp_path / "game.json"
    code, screen, err = play(capsys, monkeypatch, human, "--record", str(record))
    assert code == 0, err
    assert err == ""
    assert "Traceback" not in screen
    assert human.mistakes == [], "every planned mistake found its moment"
    assert len(human.checked) == len(mistakes)
    assert human.by_text > 3 and human.by_number > 3
    # the end: the final score table and the winner
    assert "Final score" in screen
    assert re.search(r"Won by (You|Random 2)( and (You|Random 2))?\.", screen)
    assert f"Record written to {record}." in screen
    data = json.loads(record.read_text(encoding="utf-8"))
    assert [s["kind"] for s in data["seats"]] == ["human", "random"]
    assert data["seed"] == 3 and data["result"] is not None
    totals = re.search(r"│ Total\s*│\s*(\d+)\s*│\s*(\d+)\s*│", screen)
    assert totals is not None
    assert [int(totals[1]), int(totals[2])] == data["result"]["scores"]
    assert main(["replay", str(record)]) == 0


def test_typed_pass_and_lay_are_understood(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    class Typist(ScriptedHuman):
        def answer(self, prompt: str) -> str:
            lays = [o for o in self.options if o.startswith("lay ")]
            if lays:
                return lays[-1]
            if "pass" in self.options:
                return "pass"
            return "1"

    human = Typist(capsys)
    record = tmp_path / "typed.json"
    code, _, err = play(capsys, monkeypatch, human, "--record", str(record))
    assert code == 0, err
    data = json.loads(record.read_text(encoding="utf-8"))
    mine = [a["action"] for a in data["actions"] if a["seat"] == 0]
    typed = [a for a in human.answers if a.startswith("lay ") or a == "pass"]
    assert typed and "pass" in typed
    # every typed answer became the human's action, in order
    assert [a for a in mine if a.startswith("lay ") or a == "pass"] == typed


@pytest.mark.parametrize("stop_word", ["quit", "Aufgeben", None])  # None: end of input
def test_quit_and_end_of_input_abandon_with_a_partial_record(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        stop_word: str | None) -> None:
    human = ScriptedHuman(capsys, seed=2, stop_after=6, stop_word=stop_word)
    record = tmp_path / "partial.json"
    code, screen, err = play(capsys, monkeypatch, human, "--record", str(record))
    assert code == 1
    assert err == "" and "Traceback" not in screen
    assert "The game was abandoned." in screen
    assert f"The unfinished record is in {record}." in screen
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["result"] is None
    assert sum(1 for a in data["actions"] if a["seat"] == 0) == 6
    assert main(["replay", str(record)]) == 0
    assert "the game is not finished" in capsys.readouterr().out


def test_ctrl_c_abandons_with_a_partial_record(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    class Impatient(ScriptedHuman):
        def answer(self, prompt: str) -> str:
            if len(self.answers) == 4:
                raise KeyboardInterrupt
            return super().answer(prompt)

    record = tmp_path / "interrupted.json"
    code, screen, err = play(capsys, monkeypatch, Impatient(capsys), "--record", str(record))
    assert code == 1 and err == ""
    assert "The game was abandoned." in screen
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["result"] is None and len(data["actions"]) >= 4


def test_the_table_speaks_german(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    mistakes: list[Mistake] = [
        (listed("side"), "5", "Es gibt keine Wahl 5; wähle 1 bis 2."),
        (listed("lay "), "gain coal", "Nicht erlaubt: "),
    ]
    human = ScriptedHuman(capsys, seed=5, mistakes=mistakes)
    record = tmp_path / "deutsch.json"
    code, screen, err = play(capsys, monkeypatch, human, "--lang", "de", "--record",
                             str(record))
    assert code == 0, err
    assert len(human.checked) == 2
    assert "Du: wähle die Seite der Startbahnhofkarte" in screen
    assert "Gib eine Zahl oder eine Aktion ein" in screen
    assert "Schlusswertung" in screen and "Summe" in screen and "Platz" in screen
    assert re.search(r"Gewonnen hat (Du|Random 2)", screen)
    assert f"Aufzeichnung gespeichert in {record}." in screen
    assert "Final score" not in screen and "Won by" not in screen
    assert json.loads(record.read_text(encoding="utf-8"))["seats"][0]["name"] == "Du"


def test_abandoning_without_record_writes_nothing(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    human = ScriptedHuman(capsys, stop_after=1)
    code, screen, _ = play(capsys, monkeypatch, human)
    assert code == 1 and "abandoned" in screen
    assert list(tmp_path.iterdir()) == []


def test_help_lists_the_choices_again(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    class Asker(ScriptedHuman):
        def answer(self, prompt: str) -> str:
            if len(self.answers) == 0:
                return "?"
            if len(self.answers) == 1:
                return "   "
            return "quit"

    human = Asker(capsys)
    code, _, _ = play(capsys, monkeypatch, human)
    assert code == 1
    assert human.prompts[:3] == ["> ", "> ", "> "]
    # the list was printed twice before the second prompt, once for "?"
    assert human.options == ["side 1", "side 2"]
    assert human.screen.count("1. side 1") == 2


def test_hotseat_hands_the_table_over(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    human = ScriptedHuman(capsys, seed=4, stop_after=40)
    monkeypatch.setattr(Screen, "clear", lambda self, scrollback=False: human.events.append(
        "wipe" if scrollback else "clear"))
    code, _, _ = play(capsys, monkeypatch, human,
                      argv=("play", "rail-line", "--seats", "human,human", "--seed", "8"))
    assert code == 1
    handovers = [e for e in human.events if e.startswith("prompt Pass the table")]
    assert len(handovers) >= 6
    # every handover comes straight after the screen and its scrollback are wiped, and
    # every one but the first after the last player saw the table after their turn
    for i, event in enumerate(human.events):
        if event.startswith("prompt Pass the table"):
            assert human.events[i - 1] == "wipe"
            if i > 1:
                assert "after your turn" in human.events[i - 2], human.events[i - 3:i]
    assert human.events.count("wipe") == len(handovers)
    # the table goes from one player to the other, never to the one who has it
    names = [re.search(r"to (Player \d)", h)[1] for h in handovers]  # type: ignore[index]
    assert names[0] == "Player 1"
    assert all(a != b for a, b in itertools.pairwise(names))
    assert "Player 2" in names


def test_two_humans_see_their_own_hands(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("rail-line")
    pack = game.load_pack()
    state = game.new_state({"sheet": "I"}, 8, pack, 2)
    for seat, text in ((0, "side 1"), (0, "track 1"), (1, "track 2")):
        state.apply(seat, game.parse_action(text))
    asked: list[str] = []
    agent = HumanAgent(companions.terminal(game, pack), Console(width=120), ["Ann", "Bob"],
                       "en", ask=lambda p: (
        asked.append(p), "1")[1], hotseat=True)
    window = Window(game, state, 0, state.legal_actions(0), Chance(1))
    action = agent.choose(window)
    assert action == state.legal_actions(0)[0]
    shown = capsys.readouterr().out
    for card in state.view(0)["hand"]:
        assert card["card"] in shown
    for card in state.view(1)["hand"]:
        assert card["card"] not in shown.split("Your hand")[1].split("Record sheet")[0]
    assert asked == ["Pass the table to Ann and press Enter ", "> "]


def test_a_scripted_ask_and_end_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("rail-line")
    pack = game.load_pack()
    state = game.new_state({"sheet": "II"}, 1, pack, 3)
    agent = HumanAgent(companions.terminal(game, pack), Console(width=120), ["A", "B", "C"],
                       "de", ask=answering(["3", "side 2"]))
    window = Window(game, state, 0, state.legal_actions(0), Chance(1))
    assert agent.choose(window) == ("side", 2)
    shown = capsys.readouterr().out
    assert "Es gibt keine Wahl 3; wähle 1 bis 2." in shown
    assert "wähle die Seite der Startbahnhofkarte" in shown
    with pytest.raises(Abandoned):
        agent.choose(window)


def test_superscript_digit_in_notation_is_refused(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    human = ScriptedHuman(capsys, mistakes=[(listed("side"), "side ²", "is not a number")],
                          stop_after=2)
    code, _, _ = play(capsys, monkeypatch, human)
    assert code == 1 and human.checked == ["is not a number"]


# --- the real program, its input piped ----------------------------------------------------

def run_real(stdin: str, *extra: str) -> subprocess.CompletedProcess[str]:
    command = Path(sys.executable).parent / "stellwerk"
    if not command.exists():
        pytest.skip("the stellwerk console command is not installed beside this Python")
    return subprocess.run([command, *PLAY, *extra], input=stdin, capture_output=True,
                          text=True, timeout=120,
                          env={**os.environ, "NO_COLOR": "1", "COLUMNS": "120"})


def test_the_real_program_plays_to_the_end_from_piped_input(tmp_path: Path) -> None:
    record = tmp_path / "piped.json"
    stdin = "\n".join(["oops", "42", "gain coal", *["1"] * 300]) + "\n"
    done = run_real(stdin, "--record", str(record))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "Final score" in done.stdout and "Won by" in done.stdout
    assert "unknown action 'oops'" in done.stdout
    assert "There is no choice 42" in done.stdout
    assert main(["replay", str(record)]) == 0


def test_the_real_program_stops_cleanly_at_end_of_input() -> None:
    done = run_real("1\n1\n")
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    assert "The game was abandoned." in done.stdout


# the hotseat under a real terminal: tests/cli/test_table_pty.py


def test_mistakes_do_not_change_how_the_bots_play(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    def game(mistakes: list[Mistake], name: str) -> dict[str, Any]:
        record = tmp_path / name
        code, _, err = play(capsys, monkeypatch, ScriptedHuman(capsys, seed=6,
                                                               mistakes=mistakes),
                            "--record", str(record))
        assert code == 0, err
        data: dict[str, Any] = json.loads(record.read_text(encoding="utf-8"))
        return data

    clean = game([], "clean.json")
    wrong = [(listed("lay "), "gain coal", "Not allowed"),
             (listed("pass"), "second Z01", "Not allowed"),
             (listed("lay "), "slow 1", "Not allowed")]
    messy = game(wrong, "messy.json")
    assert messy["actions"] == clean["actions"]
    assert messy["result"] == clean["result"]
