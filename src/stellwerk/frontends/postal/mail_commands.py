"""The judge's mail commands, beside `new`, `status`, `check` and `resolve`:

    stellwerk judge linie1 mail GAME_DIR --judge judge@example.org \\
        --address Anna=anna@example.org --address Bert=bert@example.org ... \\
        [--deadline HOURS] [--imap imap://USER:PASSWORD@HOST/INBOX | --maildir PATH] \\
        [--smtp smtp://HOST:PORT] [--once] [--every SECONDS] \\
        [--refusals-per-address N] [--refusals-per-hour N] [--config FILE]
    stellwerk judge linie1 mail-status GAME_DIR
    stellwerk judge linie1 resend GAME_DIR PLAYER [--round N]
    stellwerk judge linie1 accept GAME_DIR PLAYER ORDER_FILE

`mail` stores the addresses (and a secret per player, made once) in GAME_DIR/mail/
the first time, then runs the loop (`mailloop`) until the game is over and every mail
went out, or one cycle with `--once` (for cron). The server addresses can also come
from STELLWERK_JUDGE_IMAP, STELLWERK_JUDGE_MAILDIR and STELLWERK_JUDGE_SMTP, which
keeps passwords off the command line, and every setting from a TOML file
(`mail_config`: `--config FILE` or GAME_DIR/mail.toml); a flag wins over the
environment, which wins over the file.
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from stellwerk.core.i18n import LANGUAGES
from stellwerk.core.inputs import MAX_ORDER_BYTES, int_argument, read_capped_text
from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.folder import JudgeError, OrderProblems, game_lock
from stellwerk.frontends.postal.letters import Outgoing, is_address
from stellwerk.frontends.postal.mail_config import (
    MAX_DEADLINE_HOURS,
    MAX_EVERY,
    MAX_REFUSALS,
    with_config,
)
from stellwerk.frontends.postal.mailboxes import Mailbox, mailbox_at
from stellwerk.frontends.postal.mailloop import MailLoop, open_game, take_order
from stellwerk.frontends.postal.mailroom import (
    UNDELIVERABLE,
    MailState,
    has_mail,
    load_state,
    log,
    log_tail,
    new_secret,
    papers_index,
    queue,
    save_state,
    waiting,
)
from stellwerk.mail.smtp import SmtpSettings

MAIL_COMMANDS = ("mail", "mail-status", "resend", "accept")


def add_mail_parsers(steps: Any) -> list[argparse.ArgumentParser]:
    # help strings: keys of stellwerk.cli_terms.CATALOG (English and German)
    mail = steps.add_parser("mail", help="cmd.judge.mail")
    mail.add_argument("folder", type=Path)
    mail.add_argument("--judge", metavar="ADDRESS", help="judge.mail.judge")
    mail.add_argument("--address", action="append", default=[], metavar="NAME=ADDRESS",
                      help="judge.mail.address")
    mail.add_argument("--deadline", type=int_argument("--deadline", 1, MAX_DEADLINE_HOURS),
                      metavar="HOURS",
                      help="judge.mail.deadline")
    mail.add_argument("--imap", metavar="URL", help="judge.mail.imap")
    mail.add_argument("--maildir", metavar="DIR", help="judge.mail.maildir")
    mail.add_argument("--smtp", metavar="URL", help="judge.mail.smtp")
    mail.add_argument("--refusals-per-address", type=int_argument(
        "--refusals-per-address", 0, MAX_REFUSALS), metavar="N",
        help="judge.mail.refusals_per_address")
    mail.add_argument("--refusals-per-hour", type=int_argument(
        "--refusals-per-hour", 0, MAX_REFUSALS), metavar="N",
        help="judge.mail.refusals_per_hour")
    mail.add_argument("--once", action="store_true", help="judge.mail.once")
    mail.add_argument("--every", type=int_argument("--every", 1, MAX_EVERY),
                      metavar="SECONDS",
                      help="judge.mail.every")
    mail.add_argument("--config", type=Path, metavar="FILE", help="judge.mail.config")
    status = steps.add_parser("mail-status", help="cmd.judge.mail_status")
    status.add_argument("folder", type=Path)
    resend = steps.add_parser("resend", help="cmd.judge.resend")
    resend.add_argument("folder", type=Path)
    resend.add_argument("player")
    resend.add_argument("--round", type=int_argument("--round", 0, commands.MAX_ROUND_NUMBER),
                        default=None, dest="round_number", metavar="N",
                        help="judge.resend.round")
    accept = steps.add_parser("accept", help="cmd.judge.accept")
    accept.add_argument("folder", type=Path)
    accept.add_argument("player")
    accept.add_argument("order_file", type=Path)
    return [mail, status, resend, accept]


def run_mail_command(args: argparse.Namespace, game_id: str, lang: str) -> int:
    folder: Path = args.folder
    if args.judge_command == "mail":
        return _mail(args, folder, game_id, lang)
    if args.judge_command == "mail-status":
        print(mail_status(folder, game_id, lang))
        return 0
    if args.judge_command == "resend":
        print(resend(folder, game_id, args.player, args.round_number, lang))
        return 0
    print(accept(folder, game_id, args.player, args.order_file, lang))
    return 0


def _mail(args: argparse.Namespace, folder: Path, game_id: str, lang: str) -> int:
    args = with_config(args, folder)
    addresses = dict(_pair(item) for item in args.address)
    limits = {"refusals_per_address": args.refusals_per_address,
              "refusals_per_hour": args.refusals_per_hour}
    if args.judge or addresses or args.deadline is not None or any(
            v is not None for v in limits.values()):
        setup(folder, game_id, args.judge, addresses, args.deadline, limits)
    elif not has_mail(folder):
        raise JudgeError.of("jm.no_setup", folder=folder)
    imap = args.imap or os.environ.get("STELLWERK_JUDGE_IMAP")
    maildir = args.maildir or os.environ.get("STELLWERK_JUDGE_MAILDIR")
    if not imap and not maildir:       # the file's mailbox only when no other is named
        imap, maildir = args.file_servers.get("imap"), args.file_servers.get("maildir")
    smtp = args.smtp or os.environ.get("STELLWERK_JUDGE_SMTP") or args.file_servers.get("smtp")
    if not smtp:
        raise JudgeError.of("jm.no_smtp")
    if imap and maildir:
        raise JudgeError.of("jm.two_sources")
    where = imap or maildir
    source: Mailbox | None = mailbox_at(where) if where else None
    loop = MailLoop(folder, game_id, source, SmtpSettings.from_url(smtp))

    def show(lines: list[str]) -> None:
        for line in lines:
            print(line, flush=True)

    loop.run(args.every, 1 if args.once else None, show)
    return 0


def _pair(item: str) -> tuple[str, str]:
    name, sep, address = item.partition("=")
    if not sep or not is_address(address.strip()):
        raise JudgeError.of("jm.bad_address", item=item)
    return name.strip(), address.strip()


def setup(folder: Path, game_id: str | None, judge: str | None,
          addresses: dict[str, str], deadline_hours: float | None,
          limits: dict[str, int | None] | None = None) -> MailState:
    """Store (or change) who gets mail where, the deadline and the limits of refusals
    (`MailState.refusals_per_address`, `refusals_per_hour`); each player's secret is
    made once."""
    with game_lock(folder):
        game, record, _ = commands.load(folder, game_id)
        names = [seat.name for seat in record.seats]
        folded = {n.casefold(): n for n in names}
        given: dict[str, str] = {}
        for name, address in addresses.items():
            if name.casefold() not in folded:
                raise JudgeError.of("jd.no_player", player=name, names=", ".join(names))
            given[folded[name.casefold()]] = address
        state = load_state(folder) if has_mail(folder) else None
        if judge is not None and not is_address(judge):
            raise JudgeError.of("jm.bad_address", item=judge)
        judge = judge or (state.judge if state else None)
        if judge is None:
            raise JudgeError.of("jm.no_judge")
        players = dict(state.players) if state else {}
        for name in names:
            if name in given:
                secret = players.get(name, {}).get("secret") or new_secret()
                players[name] = {"address": given[name], "secret": secret}
        missing = [n for n in names if n not in players]
        if missing:
            raise JudgeError.of("jm.missing_address", names=", ".join(missing))
        if state is None:
            state = MailState(judge, game.id, players)
        state.judge, state.players = judge, players
        if deadline_hours is not None:
            state.deadline_hours = deadline_hours
        for name, limit in (limits or {}).items():
            if limit is not None:
                setattr(state, name, limit)
        save_state(folder, state)
        return state


def mail_status(folder: Path, game_id: str | None, lang: str) -> str:
    judged = open_game(folder, game_id)
    mail = judged.mail
    say = commands.CATALOG.text
    lines = [commands.status_text(folder, lang, game_id), ""]
    by = mail.orders.get("by", {})
    for name in judged.names:
        lines.append(say("jm.status.player", lang, name=name,
                         address=mail.players[name]["address"],
                         orders=mail.order_address(name),
                         how=say("jm.status.by_mail" if by.get(name, "hand") != "hand"
                                 else "jm.status.by_hand", lang) if name in by else "-"))
    deadline = mail.deadline()
    lines.append(say("jm.status.deadline", lang, when=datetime.fromtimestamp(
        deadline, UTC).strftime("%Y-%m-%d %H:%M") + " UTC") if deadline is not None
        else say("jm.status.no_deadline", lang))
    lines.append(say("jm.status.counts", lang, taken=mail.taken,
                     outbox=len(waiting(folder, mail)), papers=mail.papers_sent))
    refused = len(list((folder / UNDELIVERABLE).glob("*.json")))
    if refused:
        lines.append(say("jm.status.undeliverable", lang, count=refused,
                         folder=UNDELIVERABLE))
    tail = log_tail(folder, 10)
    if tail:
        lines += [say("jm.status.log", lang), *(f"  {line}" for line in tail)]
    return "\n".join(lines)


def _player(names: list[str], player: str) -> str:
    folded = {n.casefold(): n for n in names}
    if player.casefold() not in folded:
        raise JudgeError.of("jd.no_player", player=player, names=", ".join(names))
    return folded[player.casefold()]


def resend(folder: Path, game_id: str | None, player: str, round_number: int | None,
           lang: str) -> str:
    """Queue a player's mail of a round again (the latest by default); the loop's next
    cycle sends it."""
    with game_lock(folder):
        judged = open_game(folder, game_id)
        name = _player(judged.names, player)
        index = papers_index(folder)
        number = max(index) if round_number is None and index else round_number
        if number is None or number not in index:
            raise JudgeError.of("jm.no_papers", round=number if number is not None else 0)
        loop = MailLoop(folder, game_id, None, None)
        queue(folder, judged.mail, loop.sheet_mail(judged, name, number, index[number]))
        save_state(folder, judged.mail)
        log(folder, judged.say("jm.resent", name=name, round=number), loop.clock())
        return commands.CATALOG.text("jm.resent", lang, name=name, round=number)


def accept(folder: Path, game_id: str | None, player: str, path: Path, lang: str) -> str:
    """Take an order the game master got another way, checked as a mailed one is; the
    player is told by mail."""
    text = read_capped_text(path, MAX_ORDER_BYTES, "order", JudgeError)
    with game_lock(folder):
        judged = open_game(folder, game_id)
        name = _player(judged.names, player)
        if judged.state.is_over():
            raise JudgeError.of("jd.over", folder=folder,
                                round=commands.rules_of(judged.game).round_of(judged.state))
        accepted, answer = take_order(judged, name, text, "hand")
        if not accepted:
            refusals = {}
            for code in LANGUAGES:      # a refused order writes nothing: ask again per language
                judged.lang = code
                refusals[code] = take_order(judged, name, text, "hand")[1]
            raise OrderProblems(refusals)
        rules = commands.rules_of(judged.game)
        queue(folder, judged.mail, Outgoing(
            judged.mail.players[name]["address"],
            judged.say("jm.subject.by_hand", title=judged.game.title,
                       round=rules.round_of(judged.state)),
            judged.say("jm.by_hand") + "\n" + answer + "\n"))
        save_state(folder, judged.mail)
        log(folder, judged.say("jm.log.by_hand", name=name), time.time())
        return commands.CATALOG.text("jm.accepted_by_hand", lang, name=name)
