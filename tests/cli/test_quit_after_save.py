"""`quit` right after `save` at the terminal table leaves at once: no question to save
again; the game is in the file `save` named and in the saves folder, with the action
played before, and the goodbye names where it is kept (English and German)."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest

from stellwerk.cli import main


@pytest.mark.parametrize(("lang", "save", "quit_word"),
                         [("en", "save", "quit"), ("de", "speichern", "ende")])
def test_quit_right_after_save_asks_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, lang: str, save: str, quit_word: str) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    copy = tmp_path / "copy.json"
    answers = ["1", f"{save} {copy}", quit_word]
    prompts: list[str] = []

    def ask(prompt: str = "") -> str:
        prompts.append(prompt)
        if not answers:
            raise AssertionError(f"asked again after quit: {prompt!r}")
        return answers.pop(0)
    monkeypatch.setattr(builtins, "input", ask)
    code = main(["play", "rail-line", "--seed", "3", "--lang", lang])
    out = capsys.readouterr().out
    assert code == 1 and not answers and len(prompts) == 3
    kept = list((tmp_path / "state" / "stellwerk" / "saves").glob("rail-line-*.json"))
    assert len(kept) == 1
    for path in (copy, kept[0]):
        actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
        assert actions[0] == {"seat": 0, "action": "side 1"}
    assert str(copy) in out and str(kept[0]) in out
