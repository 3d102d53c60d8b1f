"""The player comforts at the terminal table: undo, save and resume, hint, log, rules,
show, and stepping through a record."""

from __future__ import annotations

import builtins
import json
import re
from pathlib import Path

import pytest
from tests.cli.conftest import Stellwerk
from tests.cli.test_terminal import ScriptedHuman, play

from stellwerk.cli import main
from stellwerk.core import companions
from stellwerk.frontends.table.comforts import rules_text
from stellwerk.games import game_ids, get_game

FIXTURE = (Path(__file__).parents[1] / "fixtures" / "rail-line" / "rules"
           / "rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json")


class Script(ScriptedHuman):
    """Types the given answers first, then plays like the scripted human."""

    def __init__(self, capsys: pytest.CaptureFixture[str], script: list[str],
                 **kwargs: object) -> None:
        super().__init__(capsys, **kwargs)  # type: ignore[arg-type]
        self.script = list(script)

    def answer(self, prompt: str) -> str:
        if self.script and not prompt.startswith(("Pass the table", "Save the game")):
            return self.script.pop(0)
        return super().answer(prompt)


def test_undo_takes_back_an_own_action_and_refuses_past_a_reveal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    record = tmp_path / "undo.json"
    # side 2, undo it, side 1; track 1; lay a hand card and take it back (it showed
    # nothing the player did not know); lay from the offer (a card is drawn from the
    # deck to refill it): that undo is refused
    human = Script(capsys, ["side 2", "undo", "side 1", "track 1", "lay A08", "undo",
                            "lay B13", "undo"], seed=3)
    code, screen, err = play(capsys, monkeypatch, human, "--record", str(record))
    assert code == 0, err
    assert "Taken back: side 2." in screen
    assert "Taken back: lay A08." in screen
    assert screen.index("Nothing to take back") > screen.index("Taken back: lay A08.")
    actions = json.loads(record.read_text(encoding="utf-8"))["actions"]
    assert actions[0] == {"seat": 0, "action": "side 1"}
    assert {"seat": 0, "action": "side 2"} not in actions
    assert {"seat": 0, "action": "lay A08"} not in actions
    assert {"seat": 0, "action": "lay B13"} in actions
    assert main(["replay", str(record)]) == 0


def test_hotseat_player_may_undo_before_handing_over(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    class UndoAtHandOver(ScriptedHuman):
        undone = False

        def answer(self, prompt: str) -> str:
            if "after your turn" in prompt and "undo" in prompt and not self.undone:
                self.undone = True
                return "undo"
            return super().answer(prompt)

    human = UndoAtHandOver(capsys, seed=2, stop_after=30)
    record = tmp_path / "hotseat.json"
    code, screen, _ = play(capsys, monkeypatch, human, "--record", str(record),
                           argv=("play", "rail-line", "--seats", "human,human", "--seed",
                                 "4"))
    assert code == 1
    assert human.undone and "Taken back:" in screen
    assert main(["replay", str(record)]) == 0


def test_save_then_resume_plays_on_to_the_end(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    human = Script(capsys, ["1", "1", "1", f"save {saved}", "quit"], seed=1)
    code, screen, _ = play(capsys, monkeypatch, human)
    assert code == 1
    assert f"Saved to {saved}." in screen and "--resume" in screen
    first = json.loads(saved.read_text(encoding="utf-8"))
    assert first["result"] is None and len(first["actions"]) >= 3
    resumed = ScriptedHuman(capsys, seed=5)
    code, screen, err = play(capsys, monkeypatch, resumed, argv=("play", "--resume",
                                                                  str(saved)))
    assert code == 0, err
    assert f"Resumed after {len(first['actions'])} actions." in screen
    done = json.loads(saved.read_text(encoding="utf-8"))  # written back to the same file
    assert done["result"] is not None
    assert done["actions"][:len(first["actions"])] == first["actions"]
    assert done["seats"] == first["seats"] and done["seed"] == first["seed"]
    assert main(["replay", str(saved)]) == 0


def test_quit_keeps_the_game_in_the_saves_folder_and_says_where(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    state = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    human = ScriptedHuman(capsys, seed=2, stop_after=3)
    code, screen, _ = play(capsys, monkeypatch, human)
    assert code == 1 and "The game was abandoned." in screen
    [kept] = (state / "stellwerk" / "saves").iterdir()
    assert re.fullmatch(r"rail-line-\d{4}-\d\d-\d\d-\d{6}-seed3\.json", kept.name)
    assert f"The unfinished record is in {kept}." in screen
    assert f"Continue it with: stellwerk play --resume {kept}" in screen
    data = json.loads(kept.read_text(encoding="utf-8"))
    assert data["result"] is None
    assert sum(1 for a in data["actions"] if a["seat"] == 0) == 3
    assert not any(prompt.startswith("Save the game") for prompt in human.prompts)


@pytest.mark.parametrize(("extra", "message"), [
    (("--seats", "human,human"), "--resume takes seats, names, options and seed"),
    (("--seed", "4"), "leave out --seed"),
])
def test_resume_refuses_what_the_file_decides(stellwerk: Stellwerk, tmp_path: Path,
                                              extra: tuple[str, ...], message: str) -> None:
    saved = tmp_path / "s.json"
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["result"], data["actions"] = None, data["actions"][:5]
    saved.write_text(json.dumps(data), encoding="utf-8")
    stellwerk("play", "--resume", saved, *extra).refused(message)


def test_resume_refuses_a_finished_or_broken_game(stellwerk: Stellwerk,
                                                  tmp_path: Path) -> None:
    stellwerk("play", "--resume", FIXTURE).refused("that game is over")
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    stellwerk("play", "--resume", broken).refused("not valid JSON")
    stellwerk("play").refused("name a game")
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["result"], data["actions"] = None, data["actions"][:5]
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data), encoding="utf-8")
    stellwerk("play", "linie1", "--resume", other).refused("is a game of rail-line")


def test_hint_names_a_legal_choice_with_a_reason_and_changes_no_bot(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    def game(script: list[str], name: str) -> tuple[str, dict[str, object]]:
        record = tmp_path / name
        code, screen, err = play(capsys, monkeypatch, Script(capsys, script, seed=6),
                                 "--record", str(record))
        assert code == 0, err
        return screen, json.loads(record.read_text(encoding="utf-8"))

    _, clean = game(["1", "1"], "clean.json")
    screen, hinted = game(["1", "1", "hint"], "hinted.json")
    assert screen.count("Hint (search bot): lay ") == 1
    assert re.search(r"Hint \(search bot\): lay \S+ — .*your score", screen)
    assert hinted["actions"] == clean["actions"]


def test_log_describes_the_events_the_game_gives(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = type(get_game("rail-line").new_state({}, 1, get_game("rail-line")
                                                       .load_pack(), 2))
    code, screen, _ = play(capsys, monkeypatch, Script(capsys, ["log", "quit"]))
    assert code == 1 and "This game keeps no log of events yet." in screen
    events = [{"key": "rl.ev.lay", "seat": 6, "arg": "A07"},
              {"key": "rl.ev.mark", "seat": 1, "symbol": "coal", "outcome": "marked"}]
    monkeypatch.setattr(state_class, "events", lambda self, seat: events)
    code, screen, _ = play(capsys, monkeypatch, Script(capsys, ["log", "quit"]))
    assert code == 1
    game = get_game("rail-line")
    lines = [game.describe_event(event, "en", None, ["You", "Random 2"]) for event in events]
    assert lines[0].startswith("Seat 7") and lines[1].startswith("Random 2") and "Coal" in lines[1]
    assert "The game so far\n" + "\n".join(lines) in screen


def test_show_rules_and_help(capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    human = Script(capsys, ["show", "show nonsense[/red]", "rules", "help", "quit"])
    code, screen, _ = play(capsys, monkeypatch, human, "--lang", "en")
    assert code == 1
    assert "Record sheet I" in screen
    assert "There is no detail 'nonsense[/red]'" in screen
    assert "Rail Line — the rules in short" in screen
    assert "Commands: a number or an action" in screen


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_a_rules_summary_in_both_languages(game_id: str) -> None:
    game = get_game(game_id)
    english, german = rules_text(game, "en"), rules_text(game, "de")
    assert english and german and english != german
    assert english.startswith(f"# {game.title}") and german.startswith(f"# {game.title}")
    assert len(english.splitlines()) <= 60  # concise: a page or two


def test_replay_step_walks_through_a_record(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    total = len(data["actions"])
    answers = iter(["", "", "b", ""] + [""] * total)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["replay", str(FIXTURE), "--step"]) == 0
    out = capsys.readouterr().out
    assert f"The start ({total} actions follow)" in out
    assert f"Action 1 of {total}: greedy-1: side 1" in out
    assert out.count(f"Action 2 of {total}") == 2  # forward, back to 1, forward again
    assert f"Action {total} of {total}" in out and "ok, " in out
    assert "Your hand" not in out  # an onlooker sees no hand


def test_replay_step_heads_each_action_as_the_viewer_read_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from tests.web.conftest import random_record

    record = random_record("benelux-rails", ["Ann", "Ben", "Cem"], 3, steps=6)
    keeps = [(seat, text) for seat, text in record.actions if text.startswith("keep ")]
    path = tmp_path / "benelux.json"
    record.save(path)
    monkeypatch.setenv("COLUMNS", "120")
    for seat in (None, keeps[0][0]):
        monkeypatch.setattr(builtins, "input", lambda prompt="": "")
        assert main(["replay", str(path), "--step",
                     *(["--seat", str(seat + 1)] if seat is not None else [])]) == 0
        out = capsys.readouterr().out
        for keeper, keep in keeps:
            assert (keep in out) == (keeper == seat)
        assert out.count(": keep ? ? ?") == (3 if seat is None else 2)


def test_replay_step_as_a_seat_shows_its_hand(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch,
                                              stellwerk: Stellwerk) -> None:
    answers = iter(["", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["replay", str(FIXTURE), "--step", "--seat", "1", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Deine Hand" in out and "Aktion 1 von" in out
    stellwerk("replay", FIXTURE, "--step", "--seat", "9").refused("--seat must be 1 to 3")
    stellwerk("replay", FIXTURE, "--seat", "1").refused("--seat goes with --step")


def test_show_topic_draws_the_games_detail(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    terminal_class = companions.companion_class(get_game("rail-line"), companions.TERMINAL)
    monkeypatch.setattr(terminal_class, "detail_topics", lambda self, view: ("sheet", "line"))
    monkeypatch.setattr(terminal_class, "render_detail",
                        lambda self, view, topic, lang="en", width=80:
                        f"DETAIL {topic} {lang} {width} {view['names'][0]}")
    human = Script(capsys, ["help", "show SHEET", "show moon", "quit"])
    code, screen, _ = play(capsys, monkeypatch, human)
    assert code == 1
    assert "show TOPIC (sheet, line)" in screen
    assert "DETAIL sheet en 120 You" in screen
    assert "There is no detail 'moon'; details: sheet, line." in screen


def test_an_action_the_real_state_refuses_is_asked_again_without_its_reason(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from stellwerk.frontends.table.human import HumanAgent

    original = HumanAgent.choose
    calls = [0]

    def choose_once_wrong(self: HumanAgent, window: object) -> object:
        calls[0] += 1
        if calls[0] == 3:  # as if the seat's view had let an impossible action through
            return ("lay", "Z99")
        return original(self, window)  # type: ignore[arg-type]

    monkeypatch.setattr(HumanAgent, "choose", choose_once_wrong)
    record = tmp_path / "refused.json"
    code, screen, err = play(capsys, monkeypatch, ScriptedHuman(capsys, seed=3), "--record",
                             str(record))
    assert code == 0, err
    assert "That action is not possible now." in screen and "Z99" not in screen
    assert main(["replay", str(record)]) == 0
