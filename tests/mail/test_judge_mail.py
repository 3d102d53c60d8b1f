"""The postal judge by mail, over a Maildir and a real SMTP server: the papers go out,
each order is answered at once, only a player's secret makes an order theirs, a later
order replaces an earlier one, and the round is resolved when every order is in or at
the deadline."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.mailroom import load_state
from tests.mail.postal_table import (
    JUDGE,
    address,
    bot_order,
    letter,
    loop_over_maildir,
    maildir,
    new_postal_game,
    order_letter,
)
from tests.mail.servers import SmtpServer

NAMES = ["Anna", "Bert", "Cora", "Dora"]


def text_of(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    return str(body.get_content())


def started(tmp_path: Path, smtp: SmtpServer, **options: object) -> tuple[Path, Path]:
    folder, box = tmp_path / "game", tmp_path / "box"
    new_postal_game(folder, NAMES, **options)  # type: ignore[arg-type]
    maildir(box)
    loop_over_maildir(folder, box, smtp.url).cycle()
    smtp.inbox.wait_for(len(NAMES))
    return folder, box


def test_each_player_gets_their_own_sheet_the_report_and_the_picture(
        tmp_path: Path, smtp: SmtpServer) -> None:
    folder, _ = started(tmp_path, smtp)
    state = load_state(folder)
    for name in NAMES:
        [mail] = smtp.inbox.to(address(name))
        text = text_of(mail)
        assert f"sheet of {name}" in text and "a postal game begins" in text
        assert all(f"sheet of {other}" not in text for other in NAMES if other != name)
        assert mail["Reply-To"] == state.order_address(name) and state.order_address(name) in text
        assert mail["From"] == JUDGE and mail["Auto-Submitted"] == "auto-generated"
        [picture] = list(mail.iter_attachments())
        assert picture.get_content_type() == "image/svg+xml"
        assert picture.get_content().startswith(b"<svg")
    secrets = {state.players[n]["secret"] for n in NAMES}
    assert len(secrets) == len(NAMES)


def test_an_order_is_answered_at_once_accepted_or_with_every_mistake_and_its_line(
        tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = started(tmp_path, smtp)
    mails = maildir(box)
    mails.add(order_letter(folder, "Anna", bot_order(folder, "Anna", 1)))
    mails.add(order_letter(folder, "Bert", "round: 1\nH2 strait 90\nZ9 straight 0\n"))
    loop_over_maildir(folder, box, smtp.url).cycle()
    smtp.inbox.wait_for(6)
    anna = text_of(smtp.inbox.to(address("Anna"))[-1])
    bert = text_of(smtp.inbox.to(address("Bert"))[-1])
    assert "order for round 1 is accepted" in anna
    assert "NOT counted" in bert and "line 2:" in bert and "line 3:" in bert
    assert "strait" in bert
    orders = commands.orders_folder(folder, 1)
    assert (orders / "Anna.txt").read_text() == bot_order(folder, "Anna", 1)
    assert not (orders / "Bert.txt").exists()
    assert "Bert: MISSING" in commands.status_text(folder)


def test_a_later_order_replaces_an_earlier_one_and_the_answer_says_so(
        tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = started(tmp_path, smtp)
    mails = maildir(box)
    first, second = bot_order(folder, "Cora", 1), bot_order(folder, "Cora", 2)
    mails.add(order_letter(folder, "Cora", first))
    loop_over_maildir(folder, box, smtp.url).cycle()
    mails.add(order_letter(folder, "Cora", "H2 strait 0\n"))
    mails.add(order_letter(folder, "Cora", second))
    loop_over_maildir(folder, box, smtp.url).cycle()
    smtp.inbox.wait_for(7)
    answers = [text_of(m) for m in smtp.inbox.to(address("Cora"))[1:]]
    assert "accepted" in answers[0] and "replaces" not in answers[0]
    assert "NOT counted" in answers[1] and "earlier order for this round stands" in answers[1]
    assert "accepted" in answers[2] and "replaces your earlier order" in answers[2]
    assert (commands.orders_folder(folder, 1) / "Cora.txt").read_text() == second


def test_only_a_players_secret_makes_an_order_theirs(tmp_path: Path, smtp: SmtpServer) -> None:
    """From alone is forged easily: without a secret the mail is refused to its sender;
    with Anna's secret it is Anna's order, and the answer goes to Anna, not the sender."""
    folder, box = started(tmp_path, smtp)
    mails = maildir(box)
    order = bot_order(folder, "Anna", 1)
    mails.add(letter(JUDGE, order, address("Anna")))
    mails.add(letter("judge+linie1-wrongsecret@example.org", order, address("Bert")))
    mails.add(letter(load_state(folder).order_address("Anna"), order, "mallory@evil.example"))
    loop_over_maildir(folder, box, smtp.url).cycle()
    smtp.inbox.wait_for(7)
    refused = [text_of(m) for m in smtp.inbox.to(address("Anna"))[1:]]
    assert "not counted" in refused[0] and "own order address" in refused[0]
    assert "not counted" in text_of(smtp.inbox.to(address("Bert"))[-1])
    assert "accepted" in refused[1]
    assert smtp.inbox.to("mallory@evil.example") == []
    assert (commands.orders_folder(folder, 1) / "Anna.txt").exists()
    assert not (commands.orders_folder(folder, 1) / "Bert.txt").exists()


def test_the_secret_may_stand_in_the_subject(tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = started(tmp_path, smtp)
    secret = load_state(folder).players["Dora"]["secret"]
    maildir(box).add(letter(JUDGE, bot_order(folder, "Dora", 3), address("Dora"),
                            subject=f"orders [{secret.upper()}]"))
    loop_over_maildir(folder, box, smtp.url).cycle()
    smtp.inbox.wait_for(5)
    assert "accepted" in text_of(smtp.inbox.to(address("Dora"))[-1])


def test_the_round_is_resolved_when_every_order_is_in_and_the_results_go_out(
        tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = started(tmp_path, smtp)
    mails = maildir(box)
    for seat, name in enumerate(NAMES[:-1]):
        mails.add(order_letter(folder, name, bot_order(folder, name, seat)))
    loop_over_maildir(folder, box, smtp.url).cycle()
    assert "round 1 of" in commands.status_text(folder)          # one order still missing
    mails.add(order_letter(folder, "Dora", bot_order(folder, "Dora", 9)))
    loop_over_maildir(folder, box, smtp.url).cycle()
    got = smtp.inbox.wait_for(4 + 4 + 4)
    assert "round 2 of" in commands.status_text(folder)
    results = [m for m in got if "round 1 resolved" in str(m["Subject"])]
    assert sorted(str(m["To"]) for m in results) == sorted(address(n) for n in NAMES)
    assert all("public report of round 1" in text_of(m) for m in results)


def test_at_the_deadline_the_round_is_resolved_with_the_orders_that_are_in(
        tmp_path: Path, smtp: SmtpServer) -> None:
    folder, box = tmp_path / "game", tmp_path / "box"
    new_postal_game(folder, NAMES, deadline=24)
    maildir(box)
    loop_over_maildir(folder, box, smtp.url, clock=1_000_000.0).cycle()
    text = text_of(smtp.inbox.wait_for(4)[0])
    assert "Deadline: 1970-01-13 13:46 UTC" in text
    maildir(box).add(order_letter(folder, "Anna", bot_order(folder, "Anna", 1)))
    loop_over_maildir(folder, box, smtp.url, clock=1_000_000.0 + 23 * 3600).cycle()
    assert "round 1 of" in commands.status_text(folder)
    loop_over_maildir(folder, box, smtp.url, clock=1_000_000.0 + 24 * 3600).cycle()
    assert "round 2 of" in commands.status_text(folder)
    report = (folder / "public" / "round-01.txt").read_text()
    assert "Bert, Cora, Dora" in report
