"""The game master's side of the mail loop, from the command line: what the loop did
(`mail-status`), a sheet mailed again (`resend`), an order taken by hand (`accept`),
and one clear refusal in the game master's language for every bad input, with
nothing changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.cli import main
from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.mailroom import STATE_FILE, load_state
from tests.mail.dovecot import ImapServer
from tests.mail.postal_table import (
    address,
    bot_order,
    loop_over_maildir,
    maildir,
    order_letter,
)
from tests.mail.servers import SmtpServer


def judge(*args: str) -> int:
    return main(["judge", "linie1", *args])


def test_mail_status_shows_addresses_orders_outbox_and_the_log(
        game: tuple[Path, Path], smtp: SmtpServer, capsys: pytest.CaptureFixture[str]) -> None:
    folder, box = game
    maildir(box).add(order_letter(folder, "Anna", bot_order(folder, "Anna", 1)))
    loop_over_maildir(folder, box, smtp.url).cycle()
    assert judge("mail-status", str(folder)) == 0
    out = capsys.readouterr().out
    state = load_state(folder)
    assert f"Anna: mail to {address('Anna')}, orders from {state.order_address('Anna')}; " \
           "order by: mail" in out
    assert "Bert: MISSING" in out and "mails taken: 1; waiting to go out: 0" in out
    assert "order of Anna accepted" in out
    assert judge("mail-status", str(folder), "--lang", "de") == 0
    assert "Mails angenommen: 1; im Ausgang: 0" in capsys.readouterr().out


def test_resend_mails_a_sheet_again_on_the_next_cycle(
        game: tuple[Path, Path], smtp: SmtpServer, capsys: pytest.CaptureFixture[str]) -> None:
    folder, box = game
    assert judge("resend", str(folder), "bert") == 0
    assert "waits in the outbox" in capsys.readouterr().out
    loop_over_maildir(folder, box, smtp.url).cycle()
    again = smtp.inbox.wait_for(3)[-1]
    assert again["To"] == address("Bert")
    assert str(again.get_body(("plain",)).get_content()) == str(  # type: ignore[union-attr]
        smtp.inbox.to(address("Bert"))[0].get_body(("plain",)).get_content())  # type: ignore[union-attr]


def test_accept_takes_an_order_by_hand_checked_and_tells_the_player(
        game: tuple[Path, Path], smtp: SmtpServer, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, box = game
    paper = tmp_path / "anna.txt"
    paper.write_text("H2 strait 90\n")
    assert judge("accept", str(folder), "Anna", str(paper)) != 0
    assert "line 1:" in capsys.readouterr().err
    assert not (commands.orders_folder(folder, 1) / "Anna.txt").exists()
    paper.write_text(bot_order(folder, "Anna", 1))
    assert judge("accept", str(folder), "Anna", str(paper)) == 0
    assert (commands.orders_folder(folder, 1) / "Anna.txt").read_text() == paper.read_text()
    loop_over_maildir(folder, box, smtp.url).cycle()
    told = smtp.inbox.wait_for(3)[-1]
    assert told["To"] == address("Anna")
    assert "by hand" in str(told.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    assert load_state(folder).orders["by"] == {"Anna": "hand"}


@pytest.mark.parametrize("args, en, de", [
    (["--imap", "http://x"], "not an IMAP mailbox", "kein IMAP-Postfach"),
    (["--imap", "imap://a:b@h", "--maildir", "m"], "either --imap or --maildir",
     "entweder --imap oder --maildir"),
    (["--maildir", "/nonexistent/box", "--once"], "is not a Maildir", "ist kein Maildir"),
    (["--smtp", "http://x"], "not an SMTP server address", "keine Adresse eines SMTP"),
])
def test_a_bad_mailbox_or_server_is_one_clear_refusal_in_either_language(
        game: tuple[Path, Path], smtp: SmtpServer, capsys: pytest.CaptureFixture[str],
        args: list[str], en: str, de: str) -> None:
    folder, _ = game
    before = (folder / STATE_FILE).read_bytes()
    full = args if "--smtp" in args else [*args, "--smtp", smtp.url]
    for lang, words in (("en", en), ("de", de)):
        assert judge("mail", str(folder), *full, "--lang", lang) != 0
        captured = capsys.readouterr()
        assert words in captured.err and "Traceback" not in captured.err
        assert len(captured.err.strip().splitlines()) == 1
    assert (folder / STATE_FILE).read_bytes() == before


def test_a_folder_without_mail_addresses_is_refused_until_every_player_has_one(
        tmp_path: Path, smtp: SmtpServer, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "game"
    commands.new_game("linie1", folder, ["Anna", "Bert"], 3, {}, "en")
    assert judge("mail", str(folder), "--smtp", smtp.url, "--once") != 0
    assert "not set up for mail" in capsys.readouterr().err
    assert judge("mail", str(folder), "--judge", "judge@example.org", "--address",
                 "Anna=anna@example.org", "--smtp", smtp.url, "--once") != 0
    assert "no mail address for Bert" in capsys.readouterr().err
    assert judge("mail", str(folder), "--judge", "judge@example.org", "--address",
                 "Anna=not-an-address", "--smtp", smtp.url, "--once") != 0
    assert "is not NAME=ADDRESS" in capsys.readouterr().err
    assert not (folder / STATE_FILE).exists()
    assert judge("mail", str(folder), "--judge", "judge@example.org", "--address",
                 "Anna=anna@example.org", "--address", "bert=bert@example.org",
                 "--smtp", smtp.url, "--once") == 0
    assert len(smtp.inbox.wait_for(2)) == 2


def test_a_wrong_imap_password_is_one_line_and_takes_nothing(
        game: tuple[Path, Path], smtp: SmtpServer, imap: ImapServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, _ = game
    url = f"imap://judge:wrong@{imap.host}:{imap.port}/INBOX"
    assert judge("mail", str(folder), "--imap", url, "--smtp", smtp.url, "--once") != 0
    err = capsys.readouterr().err
    assert "the IMAP server cannot be read" in err and len(err.strip().splitlines()) == 1
    assert load_state(folder).taken == 0
