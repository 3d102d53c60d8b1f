"""The terminal table keeps every game: after each action in its file, in the saves folder
when no --record is given; `play --resume` lists and continues them, in the language
they were played in."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest
from tests.cli.conftest import Stellwerk
from tests.cli.test_terminal import ScriptedHuman, play

from stellwerk.cli import main
from stellwerk.core.errors import StellwerkError
from stellwerk.core.record import GameRecord
from stellwerk.frontends.table.saves import saves_folder

FIXTURE = (Path(__file__).parents[1] / "fixtures" / "rail-line" / "rules"
           / "rail-line-3p-sheetI-greedy-greedy-greedy-seed13.json")


def saves() -> list[Path]:
    folder = saves_folder()
    return sorted(folder.iterdir()) if folder.is_dir() else []


class Checking(ScriptedHuman):
    """At every prompt for an action, the record on disk already holds each action this
    human chose before it."""

    def __init__(self, capsys: pytest.CaptureFixture[str], record: Path,
                 **kwargs: object) -> None:
        super().__init__(capsys, **kwargs)  # type: ignore[arg-type]
        self.record = record
        self.looked = 0

    def answer(self, prompt: str) -> str:
        if prompt == "> ":
            mine = [a for a in json.loads(self.record.read_text(encoding="utf-8"))["actions"]
                    if a["seat"] == 0]
            assert len(mine) == self.looked, (len(mine), self.looked)
            self.looked += 1
        return super().answer(prompt)


def test_the_record_is_written_after_every_action(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    record = tmp_path / "kept.json"
    human = Checking(capsys, record, seed=4, stop_after=12)
    code, _, err = play(capsys, monkeypatch, human, "--record", str(record))
    assert code == 1, err
    assert human.looked >= 12
    assert main(["replay", str(record)]) == 0


def test_a_game_without_record_is_kept_whole_in_the_saves_folder(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, screen, err = play(capsys, monkeypatch, ScriptedHuman(capsys, seed=6))
    assert code == 0, err
    [kept] = saves()
    assert os.stat(kept.parent).st_mode & 0o077 == 0   # the seed is in there: owner only
    data = json.loads(kept.read_text(encoding="utf-8"))
    assert data["result"] is not None and data["lang"] == "en"
    assert f"Record written to {kept}." in screen
    capsys.readouterr()
    assert main(["replay", str(kept)]) == 0


def quit_after(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
               moves: int, *argv: str) -> str:
    code, screen, err = play(capsys, monkeypatch, ScriptedHuman(capsys, stop_after=moves),
                             argv=("play", *argv))
    assert code == 1, err
    return screen


@pytest.mark.parametrize(("lang", "expected", "not_expected"), [
    (None, "Fortgesetzt nach", "Resumed after"),
    ("en", "Resumed after", "Fortgesetzt nach"),
])
def test_a_german_game_resumes_in_german_unless_lang_says_otherwise(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        lang: str | None, expected: str, not_expected: str) -> None:
    record = tmp_path / "deutsch.json"
    quit_after(capsys, monkeypatch, 3, "rail-line", "--seats", "human,random", "--lang", "de",
               "--record", str(record))
    assert json.loads(record.read_text(encoding="utf-8"))["lang"] == "de"
    again = ("--lang", lang) if lang else ()
    screen = quit_after(capsys, monkeypatch, 1, "--resume", str(record), *again)
    assert expected in screen and not_expected not in screen
    german = "Das Spiel wurde abgebrochen." in screen
    assert german == (lang is None)
    assert json.loads(record.read_text(encoding="utf-8"))["lang"] == (lang or "de")


class Picker(ScriptedHuman):
    """Answers the list of saved games with `picks` in turn, then plays."""

    def __init__(self, capsys: pytest.CaptureFixture[str], picks: list[str],
                 **kwargs: object) -> None:
        super().__init__(capsys, **kwargs)  # type: ignore[arg-type]
        self.picks = list(picks)

    def answer(self, prompt: str) -> str:
        if prompt.startswith(("Number of the game", "Nummer der Partie")):
            return self.picks.pop(0)
        return super().answer(prompt)


def test_resume_alone_lists_the_unfinished_saves_newest_first_and_continues_one(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    quit_after(capsys, monkeypatch, 2, "rail-line", "--seats", "human,random", "--seed", "1")
    quit_after(capsys, monkeypatch, 4, "rail-line", "--seats", "human,greedy,greedy",
               "--seed", "2")
    code, _, err = play(capsys, monkeypatch, ScriptedHuman(capsys),
                        argv=("play", "rail-line", "--seats", "human,random", "--seed", "3"))
    assert code == 0, err   # played to the end
    (saves_folder() / "notes.json").write_text("{not a record", encoding="utf-8")
    older, newer, done = sorted((p for p in saves() if "-seed" in p.name),
                                key=lambda p: p.name.rpartition("seed")[2])
    os.utime(older, (1_700_000_000, 1_700_000_000))
    os.utime(newer, (1_700_000_600, 1_700_000_600))
    when = {older: datetime.fromtimestamp(1_700_000_000).strftime("%Y-%m-%d %H:%M"),
            newer: datetime.fromtimestamp(1_700_000_600).strftime("%Y-%m-%d %H:%M")}
    steps = {path: len(json.loads(path.read_text(encoding="utf-8"))["actions"])
             for path in (older, newer)}
    human = Picker(capsys, ["0", "seven", "2"], stop_after=6)  # 3 picks, 3 moves
    code, screen, err = play(capsys, monkeypatch, human, argv=("play", "--resume"))
    assert code == 1, err
    listing = screen[screen.index("Unfinished games in"):screen.index("Resumed after")]
    lines = [line.strip() for line in listing.splitlines() if line.strip()[:2] in ("1.", "2.")]
    assert len(lines) == 2   # the finished game and the broken file are not offered
    assert lines[0] == (f"1. {when[newer]} — Rail Line, actions: {steps[newer]} — You "
                        "(human), Greedy 2 (greedy), Greedy 3 (greedy)")
    assert lines[1] == (f"2. {when[older]} — Rail Line, actions: {steps[older]} — You "
                        "(human), Random 2 (random)")
    assert "There is no game 0; choose 1 to 2." in screen
    assert "There is no game seven; choose 1 to 2." in screen
    assert f"Resumed after {steps[older]} actions." in screen
    assert len(json.loads(older.read_text(encoding="utf-8"))["actions"]) > steps[older]
    assert len(json.loads(newer.read_text(encoding="utf-8"))["actions"]) == steps[newer]
    assert json.loads(done.read_text(encoding="utf-8"))["result"] is not None


def test_resume_alone_leaves_on_enter_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    quit_after(capsys, monkeypatch, 2, "rail-line", "--seats", "human,random")
    [kept] = saves()
    before = kept.read_bytes()
    code, screen, err = play(capsys, monkeypatch, Picker(capsys, [""]),
                             argv=("play", "--resume", "--lang", "de"))
    assert code == 0 and err == ""
    assert "Unfertige Partien in" in screen and "Aktionen: " in screen
    assert kept.read_bytes() == before and saves() == [kept]


@pytest.mark.parametrize(("lang", "words"), [("en", "no unfinished games saved in"),
                                              ("de", "keine unfertigen Partien gespeichert")])
def test_resume_alone_without_saves_is_refused(stellwerk: Stellwerk, lang: str,
                                               words: str) -> None:
    stellwerk("play", "--resume", "--lang", lang).refused(words, str(saves_folder()))


def test_resume_alone_offers_no_finished_game(stellwerk: Stellwerk) -> None:
    folder = saves_folder()
    folder.mkdir(parents=True)
    (folder / "over.json").write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    stellwerk("play", "--resume").refused("no unfinished games saved in")


@pytest.mark.parametrize(("environ", "expected"), [
    ({"XDG_STATE_HOME": "/srv/state", "HOME": "/home/ada"}, "/srv/state/stellwerk/saves"),
    ({"XDG_STATE_HOME": "", "HOME": "/home/ada"},
     "/home/ada/.local/state/stellwerk/saves"),
    ({"XDG_STATE_HOME": "relative/state", "HOME": "/home/ada"},   # the spec: ignore it
     "/home/ada/.local/state/stellwerk/saves"),
])
def test_the_saves_folder_follows_the_xdg_state_home(monkeypatch: pytest.MonkeyPatch,
                                                     environ: dict[str, str],
                                                     expected: str) -> None:
    monkeypatch.setenv("HOME", environ["HOME"])
    assert saves_folder(environ) == Path(expected)


def test_a_failed_save_is_told_and_the_game_goes_on(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    record = tmp_path / "flaky.json"
    real_save = GameRecord.save
    calls = [0]

    def flaky_save(self: GameRecord, path: Path) -> None:
        calls[0] += 1
        if calls[0] in (3, 4):   # the disk is full for a moment
            raise StellwerkError("set.cannot_write_record", path=path,
                                 detail="No space left on device")
        real_save(self, path)

    monkeypatch.setattr(GameRecord, "save", flaky_save)
    code, screen, err = play(capsys, monkeypatch, ScriptedHuman(capsys, seed=7), "--lang",
                             "de", "--record", str(record))
    assert code == 0, err
    assert screen.count("Das Spiel konnte nicht gespeichert werden: ") >= 1
    assert "cannot write the record" not in screen      # the reason in German too
    assert f"Aufzeichnung gespeichert in {record}." in screen
    capsys.readouterr()
    assert main(["replay", str(record)]) == 0
