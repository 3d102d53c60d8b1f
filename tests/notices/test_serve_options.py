"""`stellwerk serve`'s notice options and its config file: the file's settings reach
the notices, an option given wins, and what is wrong (an option, or a file unreadable,
no TOML, with an unknown key or a value of the wrong kind) is one line in the user's
language and exit status 2, before the server listens anywhere."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.server.main import add_serve_parser, notice_settings
from stellwerk.server.notices.settings import MAILS_PER_HOUR, REMINDERS


@pytest.mark.parametrize(("args", "fragment"), [
    (["--smtp", "smtp://127.0.0.1:1"], "--mail-from"),
    (["--mail-from", "tables@example.org"], "--smtp"),
    (["--smtp", "imap://127.0.0.1", "--mail-from", "t@example.org"], "SMTP"),
    (["--smtp", "smtp://127.0.0.1:1", "--mail-from", "not an address"], "--mail-from"),
    (["--notice-delay", "-1"], "--notice-delay"),
    (["--notice-lease", "0"], "--notice-lease"),
])
def test_bad_notice_options_are_one_line(args: list[str], fragment: str,
                                         capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.delenv("STELLWERK_SMTP", raising=False)
    code = main(["serve", "--data", str(tmp_path / "data"), *args])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stellwerk: "), err
    assert fragment in lines[0] and "Traceback" not in err


def test_the_refusal_speaks_german(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STELLWERK_SMTP", raising=False)
    code = main(["serve", "--lang", "de", "--data", str(tmp_path / "data"),
                 "--smtp", "smtp://127.0.0.1:1"])
    assert code == 2
    assert "brauchen" in capsys.readouterr().err


def serve_args(*args: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_serve_parser(parser.add_subparsers(), argparse.ArgumentParser)
    return parser.parse_args(["serve", *args])


def test_the_config_file_sets_the_notices_and_the_options_win(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STELLWERK_SMTP", raising=False)
    config = tmp_path / "stellwerk.toml"
    config.write_text('smtp = "smtp://127.0.0.1:2525"\nmail-from = "tables@example.org"\n'
                      'notice-delay = "2m"\nnotice-lease = 300\nreminders = ["1h", "2d"]\n'
                      "mails-per-hour = 5\nconfirms-per-day = 2\ntargets-per-seat = 7\n"
                      "webhooks-private = true\n")
    settings = notice_settings(serve_args("--config", str(config)))
    assert settings.mail_on and settings.mail_from == "tables@example.org"
    assert settings.smtp is not None and settings.smtp.port == 2525
    assert (settings.batch_seconds, settings.lease_seconds) == (120.0, 300.0)
    assert settings.reminders == (172800.0, 3600.0)
    assert (settings.mails_per_hour, settings.confirms_per_day,
            settings.targets_per_seat) == (5, 2, 7)
    assert settings.allow_private is True
    overridden = notice_settings(serve_args("--config", str(config), "--notice-delay", "0",
                                            "--mail-from", "other@example.org"))
    assert (overridden.batch_seconds, overridden.mail_from) == (0.0, "other@example.org")
    assert overridden.lease_seconds == 300.0  # the file's, where no option was given
    plain = notice_settings(serve_args())
    assert (plain.reminders, plain.mails_per_hour, plain.allow_private) == (
        REMINDERS, MAILS_PER_HOUR, False)


@pytest.mark.parametrize(("text", "fragments"), [
    ('smtp = "smtp://127.0.0.1:1"\nmail-form = "t@example.org"\n',
     ["unknown key 'mail-form'", "mail-from"]),
    ("mails-per-hour = \"many\"\n", ["mails-per-hour", "whole number"]),
    ("mails-per-hour = 0\n", ["mails-per-hour", "whole number"]),
    ("webhooks-private = 1\n", ["webhooks-private", "true or false"]),
    ('reminders = "24h"\n', ["reminders", "list of durations"]),
    ('reminders = ["24h", "soon"]\n', ["reminders", "list of durations"]),
    ('notice-delay = "-5m"\n', ["notice-delay", "duration"]),
    ("smtp = \n", ["not valid TOML"]),
    (None, ["cannot be read"]),
])
def test_a_bad_config_file_is_one_line_and_no_server(
        text: str | None, fragments: list[str], capsys: pytest.CaptureFixture[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STELLWERK_SMTP", raising=False)
    config = tmp_path / "stellwerk.toml"
    if text is not None:
        config.write_text(text)
    code = main(["serve", "--data", str(tmp_path / "data"), "--config", str(config)])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stellwerk: serve: "), err
    assert "config file" in lines[0] and str(config) in lines[0], err
    assert all(f in lines[0] for f in fragments), err
    assert not (tmp_path / "data").exists()  # the server never started


def test_a_bad_config_file_is_told_in_german(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    config = tmp_path / "stellwerk.toml"
    config.write_text("mails-per-hour = true\n")
    code = main(["serve", "--lang", "de", "--data", str(tmp_path / "data"),
                 "--config", str(config)])
    err = capsys.readouterr().err
    assert code == 2
    assert "Konfigurationsdatei" in err and "ganze Zahl" in err, err
