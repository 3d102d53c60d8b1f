"""The judge's mail loop: one cycle takes the new mail, answers it, resolves the round
when every order is in (or at the deadline), and sends what waits in the outbox.

An order counts only when it reaches the player's own order address (the judge's
address with a secret tag, `MailState.order_address`) or names that secret in its
subject; the answer goes to the address the game master gave for that player, never
to the From of the mail (which anyone can write). A mail without a secret is refused
to its sender; mail sent by machines is logged and never answered. An order is checked
at once, as `check` checks a file: accepted (written as the player's order file of the
round, replacing an earlier one) or refused with every mistake and its line.

A cycle holds the game folder's lock, so the game master's own commands (`resolve`,
`accept`, `resend`) wait for no more than one cycle and never interleave with it.
"""

from __future__ import annotations

import hashlib
import os
import smtplib
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from stellwerk.core.contract import Game, State
from stellwerk.core.crash import write_crash_report
from stellwerk.core.postal import Mistake, OrderFileError
from stellwerk.core.record import GameRecord
from stellwerk.frontends.postal import commands
from stellwerk.frontends.postal.folder import (
    JudgeError,
    OrderProblems,
    game_lock,
    make_folder,
    write_whole,
)
from stellwerk.frontends.postal.letters import (
    MAX_MESSAGE_BYTES,
    Letter,
    Outgoing,
    read_letter,
)
from stellwerk.frontends.postal.mailboxes import Incoming, Mailbox
from stellwerk.frontends.postal.mailroom import (
    UNDELIVERABLE,
    MailState,
    load_state,
    log,
    papers_index,
    queue,
    save_state,
    waiting,
)
from stellwerk.frontends.postal.terms import text as judge_text
from stellwerk.mail.smtp import SmtpSettings
from stellwerk.mail.tls import untrusted

STAGING = "mail/staging"


def clear_staging(folder: Path) -> None:
    """Empty the scratch folder an order is checked in: a loop killed mid-write leaves
    a half-written temporary file there, which nothing else will read."""
    staging = folder / STAGING
    for left in list(staging.iterdir()) if staging.is_dir() else []:
        with suppress(OSError):
            left.unlink()


@dataclass
class Judged:
    """The game as one cycle sees it."""

    folder: Path
    game: Game
    record: GameRecord
    state: State
    mail: MailState
    lang: str

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.record.seats]

    def say(self, key: str, /, **params: Any) -> str:
        return commands.say(self.game, key, self.lang, **params) if key.startswith("jd.") \
            else judge_text(key, self.lang, **params)


def open_game(folder: Path, game_id: str | None) -> Judged:
    game, record, state = commands.load(folder, game_id)
    return Judged(folder, game, record, state, load_state(folder),
                  commands.folder_language(folder) or "en")


@dataclass
class MailLoop:
    folder: Path
    game_id: str | None
    mailbox: Mailbox | None
    smtp: SmtpSettings | None
    clock: Callable[[], float] = time.time
    said: list[str] = field(default_factory=list)

    def note(self, line: str) -> None:
        log(self.folder, line, self.clock())
        self.said.append(line)

    # ---- a cycle ----------------------------------------------------------------------
    def cycle(self) -> bool:
        """One cycle; True while the game goes on or mail waits to go out."""
        with game_lock(self.folder):
            clear_staging(self.folder)
            judged = open_game(self.folder, self.game_id)
            self.queue_papers(judged)
            if self.mailbox is not None:
                self.take_new_mail(judged)
            if self.resolve_if_due(judged):
                judged = open_game(self.folder, self.game_id)
                self.queue_papers(judged)
            self.send_outbox(judged)
            return not judged.state.is_over() or bool(waiting(self.folder, judged.mail))

    def run(self, every: float, cycles: int | None = None,
            on_cycle: Callable[[list[str]], None] | None = None) -> None:
        """Cycles until the game is over and everything went out (or `cycles` ran),
        `every` seconds apart. A refusal in the first cycle (a wrong address or
        password) ends the run; later, a busy folder or an unreachable server waits
        for the next cycle."""
        done = 0
        while cycles is None or done < cycles:
            going = True
            try:
                going = self.cycle()
            except JudgeError as exc:
                if done == 0:
                    raise
                self.said.append(exc.text(commands.folder_language(self.folder) or "en"))
            if on_cycle:
                on_cycle(self.said)
            self.said = []
            done += 1
            if not going:
                return
            if cycles is None or done < cycles:
                time.sleep(every)

    # ---- papers out -------------------------------------------------------------------
    def queue_papers(self, judged: Judged) -> None:
        """Each player's mail for every round whose papers have not gone out: their
        private sheet and the public report as text, the report's picture attached."""
        mail = judged.mail
        rounds = [r for r in sorted(papers_index(self.folder)) if r > mail.papers_sent]
        if not rounds:
            return
        for number in rounds:
            files = papers_index(self.folder)[number]
            for name in judged.names:
                queue(self.folder, mail, self.sheet_mail(judged, name, number, files))
            mail.papers_sent = number
            self.note(judged.say("jm.log.papers", round=number))
        mail.opened = self.clock()
        mail.orders = {"round": commands.rules_of(judged.game).round_of(judged.state), "by": {}}
        save_state(self.folder, mail)

    def sheet_mail(self, judged: Judged, name: str, number: int,
                   files: list[str]) -> Outgoing:
        mail = judged.mail
        mine = [f for f in files if Path(f).parts[:2] == ("private", name)]
        public = [f for f in files if Path(f).parts[0] != "private"]
        texts = [f for f in [*mine, *public] if f.endswith(".txt")]
        pictures = tuple(f for f in public if not f.endswith(".txt"))
        head = []
        if not judged.state.is_over():
            rules = commands.rules_of(judged.game)
            head.append(judged.say("jm.send_to", round=rules.round_of(judged.state),
                                   address=mail.order_address(name)))
            deadline = mail.deadline_hours
            if deadline is not None:
                when = datetime.fromtimestamp(self.clock() + deadline * 3600, UTC)
                head.append(judged.say("jm.deadline", when=when.strftime("%Y-%m-%d %H:%M")))
            else:
                head.append(judged.say("jm.no_deadline"))
        body = "\n\n".join([*head, *((self.folder / f).read_text("utf-8") for f in texts)])
        return Outgoing(mail.players[name]["address"],
                        judged.say("jm.subject.sheet" if number else "jm.subject.start",
                                   title=judged.game.title, round=number),
                        body, pictures, reply_to=mail.order_address(name))

    # ---- mail in ----------------------------------------------------------------------
    def take_new_mail(self, judged: Judged) -> None:
        assert self.mailbox is not None
        mark = judged.mail.sources.get(self.mailbox.name, {})
        for incoming in self.mailbox.new_messages(mark, MAX_MESSAGE_BYTES):
            try:
                self.take(judged, incoming)
            except JudgeError:
                raise            # the folder cannot be written: stop, take it again later
            except Exception as exc:   # a bug: one line, a report, and the mail is done
                report = write_crash_report(exc, f"mail {incoming.key}")
                self.note(judged.say("jm.log.internal", mail=incoming.key, report=report))
            mark = self.mailbox.taken(mark, incoming)
            judged.mail.sources[self.mailbox.name] = mark
            judged.mail.taken += 1
            save_state(self.folder, judged.mail)      # last: this marks the mail taken

    def take(self, judged: Judged, incoming: Incoming) -> None:
        mail = judged.mail
        own = [mail.judge, *(mail.order_address(n) for n in mail.players)]
        letter = read_letter(incoming.raw, incoming.whole, incoming.size, own)
        if letter.machine:
            self.note(judged.say("jm.log.machine", mail=incoming.key, sender=letter.sender))
            return
        name = mail.player_of(letter.addressed)
        if name is None:
            self.refuse_stranger(judged, letter, incoming.key)
            return
        to = mail.players[name]["address"]
        if letter.refusal is not None:
            self.note(judged.say("jm.log.refused", mail=incoming.key, name=name))
            self.answer(judged, letter, to, judged.say(letter.refusal.key,
                                                       **letter.refusal.params))
            return
        if judged.state.is_over():
            self.note(judged.say("jm.log.over", mail=incoming.key, name=name))
            self.answer(judged, letter, to, judged.say("jm.over"))
            return
        assert letter.text is not None
        accepted, answer = take_order(judged, name, letter.text, incoming.key)
        self.note(judged.say("jm.log.accepted" if accepted else "jm.log.mistakes",
                             mail=incoming.key, name=name))
        self.answer(judged, letter, to, answer)

    def refuse_stranger(self, judged: Judged, letter: Letter, key: str) -> None:
        """A mail without a player's secret: a refusal to its From, within the limits
        (`MailState.may_refuse`), since that From may be forged."""
        mail = judged.mail
        if not letter.sender or not mail.may_refuse(letter.sender, self.clock()):
            self.note(judged.say("jm.log.not_refused", mail=key, sender=letter.sender or "-",
                                 per_address=mail.refusals_per_address,
                                 per_hour=mail.refusals_per_hour))
            return
        self.note(judged.say("jm.log.no_secret", mail=key, sender=letter.sender))
        self.answer(judged, letter, letter.sender, judged.say("jm.no_secret"))

    def answer(self, judged: Judged, letter: Letter, to: str, text: str) -> None:
        subject = letter.subject if letter.subject.lower().startswith("re:") \
            else f"Re: {letter.subject}".strip()
        queue(self.folder, judged.mail, Outgoing(to, subject, text + "\n",
                                                 in_reply_to=letter.message_id or None))

    # ---- the round --------------------------------------------------------------------
    def resolve_if_due(self, judged: Judged) -> bool:
        if judged.state.is_over():
            return False
        rules = commands.rules_of(judged.game)
        now = rules.round_of(judged.state)
        try:
            files = commands._files_of_the_round(self.folder, judged.game, judged.record,
                                                 judged.state)
        except OrderProblems as exc:
            self.note(exc.text(judged.lang))
            return False
        deadline = judged.mail.deadline()
        due = deadline is not None and self.clock() >= deadline
        if len(files) < len(judged.names) and not due:
            return False
        try:
            said = commands._resolve(self.folder, now, judged.lang, self.game_id)
        except OrderProblems as exc:
            self.note(judged.say("jm.log.cannot_resolve", round=now, why=exc.text(judged.lang)))
            return False
        self.note(said)
        return True

    # ---- mail out ---------------------------------------------------------------------
    def send_outbox(self, judged: Judged) -> None:
        ready = waiting(self.folder, judged.mail)
        if not ready or self.smtp is None:
            return
        sender = judged.mail.judge
        domain = sender.partition("@")[2]
        tag = hashlib.sha256("".join(p["secret"] for p in judged.mail.players.values())
                             .encode()).hexdigest()[:12]
        try:
            client = self.smtp.connect()
        except (OSError, smtplib.SMTPException) as exc:
            why = untrusted(exc)
            if why is not None:     # the address is wrong, not the moment: say so at once
                raise JudgeError("mail.untrusted", server=self.smtp.name, detail=why) from None
            self.note(judged.say("jm.log.smtp_failed", count=len(ready), detail=exc))
            return
        sent = done = 0
        try:
            for path, outgoing in ready:
                message = outgoing.message(sender, self.folder,
                                           f"<{tag}.{path.stem}@{domain}>")
                try:
                    client.send_message(message)
                except (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError) as exc:
                    if not refused_for_good(exc):
                        raise
                    self.set_aside(judged, path, outgoing, exc)
                    done += 1
                    continue
                path.unlink()      # at once: a kill after the accept sends this one again
                sent += 1
                done += 1
        except (OSError, smtplib.SMTPException) as exc:
            self.note(judged.say("jm.log.smtp_failed", count=len(ready) - done, detail=exc))
        finally:
            with suppress(OSError, smtplib.SMTPException):
                client.quit()
        if sent:
            self.note(judged.say("jm.log.sent", count=sent))

    def set_aside(self, judged: Judged, path: Path, outgoing: Outgoing,
                  exc: smtplib.SMTPException) -> None:
        """A mail the SMTP server refused for good (a 5xx answer: no such address, too
        big) goes to `mail/undeliverable/`, so it does not hold up the mail behind it."""
        make_folder(self.folder / UNDELIVERABLE)
        try:
            os.replace(path, self.folder / UNDELIVERABLE / path.name)
        except OSError as failed:
            raise JudgeError.of("jd.write", path=path, detail=failed.strerror or failed) \
                from None
        self.note(judged.say("jm.log.undeliverable", to=outgoing.to, subject=outgoing.subject,
                             detail=exc, folder=UNDELIVERABLE))


def refused_for_good(exc: smtplib.SMTPRecipientsRefused | smtplib.SMTPDataError) -> bool:
    """A permanent refusal (5xx) of this one mail, as opposed to a passing one (4xx)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return bool(exc.recipients) and all(
            code >= 500 for code, _ in exc.recipients.values())
    return exc.smtp_code >= 500


def _mistake_lines(judged: Judged, mistakes: list[Mistake]) -> list[str]:
    return ["  " + judged.say("jd.problem_line", line=m.line, text=m.in_language(judged.lang))
            for m in mistakes]


def take_order(judged: Judged, name: str, text: str, key: str) -> tuple[bool, str]:
    """Check an order as `check` would and, when the rules accept it, make it the
    player's order file of the round; the answer says which, and every mistake."""
    rules = commands.rules_of(judged.game)
    seat = judged.names.index(name)
    number = rules.round_of(judged.state)
    mail = judged.mail
    if mail.orders.get("round") != number:
        mail.orders = {"round": number, "by": {}}
    earlier = name in mail.orders["by"]
    staging = judged.folder / STAGING / f"{name}.txt"
    write_whole(staging, text)
    try:
        order = rules.read_order(staging, judged.state, judged.folder)
        action = rules.check_order(order, judged.state, seat, "order", name)
    except OrderFileError as exc:
        lines = [judged.say("jm.mistakes", round=number), *_mistake_lines(judged, exc.mistakes),
                 judged.say("jm.earlier_stands" if earlier else "jm.send_again")]
        return False, "\n".join(lines)
    finally:
        with suppress(OSError):
            staging.unlink()
    failing = rules.would_fail(order, judged.state, seat)
    where = commands.orders_folder(judged.folder, number)
    for old in list(where.iterdir()) if where.is_dir() else []:
        if old.stem.casefold() == name.casefold() and old.name != f"{name}.txt" \
                and old.suffix.lower() in rules.order_suffixes:
            old.unlink()     # the player's order in another form: this one replaces it
    write_whole(where / f"{name}.txt", text)
    mail.orders["by"][name] = key
    lines = [judged.say("jm.accepted", round=number,
                        order=judged.game.format_action(action))]
    if earlier:
        lines.append(judged.say("jm.replaces"))
    if failing:
        lines += [judged.say("jm.would_fail"), *_mistake_lines(judged, failing)]
    return True, "\n".join(lines)

