"""Mail without a player's secret is refused to its From, which anyone can forge: the
judge answers at most a few such mails to one address and a few more in all in any
hour, logs the rest unanswered, never answers its own address or an empty From, and
changes nothing in the game for any of them."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stellwerk.cli import main
from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.mailroom import (
    REFUSALS_PER_ADDRESS,
    REFUSALS_PER_HOUR,
    MailState,
    load_state,
    log_tail,
)
from tests.mail.postal_table import JUDGE, bot_order, letter, loop_over_maildir, maildir
from tests.mail.servers import SmtpServer

VICTIM = "victim@elsewhere.example"
START = 1_900_000_000.0


def forged(folder: Path, sender: str, k: int) -> bytes:
    """A mail to the judge's plain address (no secret), with an order in it."""
    raw = bytes(letter(JUDGE, bot_order(folder, "Anna", 1), sender, f"forged {k}"))
    return raw.replace(b"From: <>", b"From: ") if sender == "<>" else raw


def game_files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.parts[len(folder.parts)] not in ("mail", ".judge.lock")}


def test_refusals_stop_at_the_limits_the_log_says_so_and_the_game_is_unchanged(
        game: tuple[Path, Path], smtp: SmtpServer) -> None:
    folder, box = game
    before = game_files(folder)
    mails = maildir(box)
    for k in range(30):
        mails.add(forged(folder, VICTIM, k))
    for k in range(30):
        mails.add(forged(folder, f"stranger{k}@elsewhere.example", 30 + k))
    loop_over_maildir(folder, box, smtp.url, clock=START).cycle()
    time.sleep(0.3)
    answers = smtp.inbox.messages[2:]
    assert len(answers) == REFUSALS_PER_HOUR
    assert len(smtp.inbox.to(VICTIM)) == REFUSALS_PER_ADDRESS
    log = log_tail(folder, 100)
    assert sum("not answered (at most 3 refusals an hour to one address and 20 in all)"
               in line for line in log) == 60 - REFUSALS_PER_HOUR
    assert load_state(folder).taken == 60
    assert game_files(folder) == before
    assert not commands.orders_folder(folder, 1).exists() or not any(
        commands.orders_folder(folder, 1).iterdir())


def test_an_hour_later_a_sender_is_answered_again(
        game: tuple[Path, Path], smtp: SmtpServer) -> None:
    folder, box = game
    mails = maildir(box)
    for k in range(REFUSALS_PER_ADDRESS + 2):
        mails.add(forged(folder, VICTIM, k))
    loop_over_maildir(folder, box, smtp.url, clock=START).cycle()
    mails.add(forged(folder, VICTIM, 99))
    loop_over_maildir(folder, box, smtp.url, clock=START + 1800).cycle()
    time.sleep(0.3)
    assert len(smtp.inbox.to(VICTIM)) == REFUSALS_PER_ADDRESS
    mails.add(forged(folder, VICTIM, 100))
    loop_over_maildir(folder, box, smtp.url, clock=START + 3601).cycle()
    smtp.inbox.wait_for(2 + REFUSALS_PER_ADDRESS + 1)
    assert str(smtp.inbox.to(VICTIM)[-1]["Subject"]) == "Re: forged 100"


@pytest.mark.parametrize("sender", [JUDGE, "Judge+linie1-anything@Example.org",
                                    "judge+x@example.org", "<>", "not an address"])
def test_the_judges_own_address_and_an_empty_from_are_never_answered(
        game: tuple[Path, Path], smtp: SmtpServer, sender: str) -> None:
    folder, box = game
    maildir(box).add(forged(folder, sender, 1))
    loop_over_maildir(folder, box, smtp.url, clock=START).cycle()
    time.sleep(0.3)
    assert len(smtp.inbox.messages) == 2
    assert load_state(folder).taken == 1 and load_state(folder).refused == []
    assert "not answered" in log_tail(folder, 1)[0]


def test_the_limits_are_set_once_and_kept_in_the_game_folder(
        game: tuple[Path, Path], smtp: SmtpServer, tmp_path: Path) -> None:
    folder, box = game
    assert main(["judge", "linie1", "mail", str(folder), "--maildir", str(box),
                 "--smtp", smtp.url, "--once", "--refusals-per-address", "1",
                 "--refusals-per-hour", "2"]) == 0
    state = load_state(folder)
    assert (state.refusals_per_address, state.refusals_per_hour) == (1, 2)
    mails = maildir(box)
    for k in range(3):
        mails.add(forged(folder, VICTIM, k))
        mails.add(forged(folder, f"other{k}@elsewhere.example", k))
    assert main(["judge", "linie1", "mail", str(folder), "--maildir", str(box),
                 "--smtp", smtp.url, "--once"]) == 0
    time.sleep(0.3)
    assert len(smtp.inbox.messages) == 2 + 2 and len(smtp.inbox.to(VICTIM)) == 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 7200), st.sampled_from(["a@x.org", "B@x.org",
                                                                 "b@x.org", "c@y.org"])),
                max_size=80),
       st.integers(0, 5), st.integers(0, 12))
def test_no_hour_sees_more_refusals_than_the_limits(
        mails: list[tuple[float, str]], per_address: int, per_hour: int) -> None:
    state = MailState("judge@example.org", "linie1", {}, refusals_per_address=per_address,
                      refusals_per_hour=per_hour)
    sent = [(when, to.casefold()) for when, to in sorted(mails)
            if state.may_refuse(to, when)]
    for when, _ in sent:
        window = [to for t, to in sent if t <= when and when - t < 3600]
        assert len(window) <= per_hour
        assert all(window.count(to) <= per_address for to in window)
    assert len(state.refused) <= per_hour
