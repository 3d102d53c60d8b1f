"""The mail loop's settings from a TOML file (GAME_DIR/mail.toml or --config FILE): the
file alone runs the loop, a flag wins over the environment and the environment over
the file, and a bad file is one clear refusal in the game master's language with
nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.mailroom import STATE_FILE, load_state
from tests.mail.postal_table import JUDGE, address, maildir
from tests.mail.servers import SmtpServer

NAMES = ["Anna", "Bert"]


def settings(smtp_url: str, **more: object) -> str:
    lines = [f'judge = "{JUDGE}"', f'smtp = "{smtp_url}"', "deadline = 72",
             "refusals_per_address = 1", "refusals_per_hour = 5", "every = 5",
             *(f"{key} = {value!r}".replace("'", '"') for key, value in more.items()),
             "", "[addresses]", *(f'{n} = "{address(n)}"' for n in NAMES)]
    return "\n".join(lines) + "\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    where = tmp_path / "game"
    commands.new_game("linie1", where, NAMES, 7, {"rounds": "3"}, "en")
    maildir(tmp_path / "box")
    return where


def mail(folder: Path, *flags: str) -> int:
    return main(["judge", "linie1", "mail", str(folder), "--maildir",
                 str(folder.parent / "box"), "--once", *flags])


def test_the_game_folders_file_alone_sets_up_and_runs_the_loop(
        folder: Path, smtp: SmtpServer) -> None:
    (folder / "mail.toml").write_text(settings(smtp.url))
    assert mail(folder) == 0
    assert {m["To"] for m in smtp.inbox.wait_for(2)} == {address("Anna"), address("Bert")}
    state = load_state(folder)
    assert (state.judge, state.deadline_hours) == (JUDGE, 72)
    assert (state.refusals_per_address, state.refusals_per_hour) == (1, 5)


def test_flags_win_over_the_environment_and_the_environment_over_the_file(
        folder: Path, smtp: SmtpServer, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "elsewhere.toml"
    config.write_text(settings("smtp://127.0.0.1:9"))          # nobody listens there
    monkeypatch.setenv("STELLWERK_JUDGE_SMTP", smtp.url)
    assert mail(folder, "--config", str(config), "--deadline", "24",
                "--address", "Anna=anna.other@example.org", "--refusals-per-hour", "0") == 0
    assert {m["To"] for m in smtp.inbox.wait_for(2)} == {"anna.other@example.org",
                                                         address("Bert")}
    state = load_state(folder)
    assert state.deadline_hours == 24 and state.refusals_per_address == 1
    assert state.refusals_per_hour == 0


@pytest.mark.parametrize("text, en, de", [
    ("deadline = 72\nverbose = true\n", "no setting verbose", "keine Einstellung verbose"),
    ('deadline = "soon"\n', "deadline must be 1..8784", "deadline muss 1..8784 sein"),
    ("every = 0\n", "every must be 1..86400", "every muss 1..86400 sein"),
    ("once = 1\n", "once must be true | false", "once muss true | false sein"),
    ("addresses = 3\n", "addresses must be", "addresses muss"),
    ("[addresses]\nAnna = 3\n", "addresses must be", "addresses muss"),
    ("judge = \n", "not a TOML file", "keine TOML-Datei"),
    ("\xff\n", "not UTF-8 text", "kein UTF-8-Text"),
])
def test_a_bad_settings_file_is_one_clear_refusal_and_changes_nothing(
        folder: Path, smtp: SmtpServer, capsys: pytest.CaptureFixture[str],
        text: str, en: str, de: str) -> None:
    (folder / "mail.toml").write_bytes(text.encode("latin-1"))
    for lang, says in (("en", en), ("de", de)):
        assert mail(folder, "--smtp", smtp.url, "--lang", lang) != 0
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (folder / STATE_FILE).exists()
    assert smtp.inbox.messages == []


def test_a_missing_config_file_is_one_clear_refusal(
        folder: Path, smtp: SmtpServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert mail(folder, "--config", str(folder / "none.toml")) != 0
    err = capsys.readouterr().err
    assert "none.toml: cannot read the config" in err and "Traceback" not in err
