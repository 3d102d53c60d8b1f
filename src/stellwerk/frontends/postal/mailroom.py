"""The judge's mail state in the game folder: who gets mail where, which mail was taken,
what waits to go out, and what the mail loop did.

    mail/state.json         the state (`MailState`), written whole by rename
    mail/outbox/NNNNNNNN.json   a mail waiting to go out (removed once sent)
    mail/undeliverable/     mails the SMTP server refused for good (5xx), kept to read
    mail/log.txt            one line per thing the loop did, for the game master
    papers/round-NN.json    the files a round left (written by every resolve)

Taking a message is made safe against `kill -9` by its order: its answers are written
to the outbox under numbers the state hands out, its order file is written, and only
then the state, which marks the message taken and moves the numbers on. A loop killed
before that last write takes the message again on restart and writes the same files
under the same numbers: each message is taken exactly once.

Sending is exactly once but for one instant: a mail is removed from the outbox right
after the SMTP server accepted it, before the next is sent, and nothing else happens in
between. A loop killed in that instant (after the server's "250 OK", before the removal)
sends that one mail again on restart, with the same Message-ID, so a reader's program
can tell; no protocol can close that gap, since the server's acceptance and the judge's
record of it are two writes on two machines.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from stellwerk.frontends.postal.folder import JudgeError, make_folder, write_whole
from stellwerk.frontends.postal.letters import Outgoing

MAIL_FOLDER = "mail"
STATE_FILE = "mail/state.json"
OUTBOX = "mail/outbox"
UNDELIVERABLE = "mail/undeliverable"
LOG_FILE = "mail/log.txt"
PAPERS = "papers"
SECRET_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"   # no 0/o, 1/l/i to misread
# A mail without a player's secret is answered to its From, which anyone can forge: at
# most this many such answers to one address, and in all, in any hour (the rest are
# logged, not answered), so the judge cannot be made to flood a stranger's inbox.
REFUSALS_PER_ADDRESS = 3
REFUSALS_PER_HOUR = 20
HOUR = 3600.0


def new_secret() -> str:
    return "".join(secrets.choice(SECRET_LETTERS) for _ in range(10))


@dataclass
class MailState:
    judge: str                                   # the judge's address (From of its mail)
    game: str                                    # the game's id, in the order addresses
    players: dict[str, dict[str, str]]           # name -> {"address", "secret"}
    deadline_hours: float | None = None          # None: a round waits for every order
    papers_sent: int = -1                        # the last round whose papers went out
    opened: float | None = None                  # when the round now due was opened
    sources: dict[str, dict[str, Any]] = field(default_factory=dict)  # mailbox -> mark
    next_mail: int = 0                           # the next outbox number
    orders: dict[str, Any] = field(default_factory=lambda: {"round": 0, "by": {}})
    taken: int = 0                               # messages taken, all told
    refusals_per_address: int = REFUSALS_PER_ADDRESS
    refusals_per_hour: int = REFUSALS_PER_HOUR
    refused: list[list[Any]] = field(default_factory=list)  # [[time, address]] last hour

    def order_address(self, name: str) -> str:
        """The player's own order address: the judge's with a secret tag
        (judge+linie1-k3f9q2m7xa@example.org)."""
        local, _, domain = self.judge.partition("@")
        return f"{local}+{self.game}-{self.players[name]['secret']}@{domain}"

    def player_of(self, addressed: str) -> str | None:
        """The player whose secret appears in a mail's addresses or subject."""
        for name, player in self.players.items():
            if player["secret"].casefold() in addressed:
                return name
        return None

    def may_refuse(self, address: str, now: float) -> bool:
        """Whether a refusal may still go to `address` this hour; if so, it is counted
        (the caller saves the state)."""
        self.refused = [[when, to] for when, to in self.refused if now - when < HOUR]
        folded = address.casefold()
        to_them = sum(1 for _, to in self.refused if to == folded)
        if len(self.refused) >= self.refusals_per_hour or to_them >= self.refusals_per_address:
            return False
        self.refused.append([now, folded])
        return True

    def deadline(self) -> float | None:
        if self.deadline_hours is None or self.opened is None:
            return None
        return self.opened + self.deadline_hours * 3600

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def state_path(folder: Path) -> Path:
    return folder / STATE_FILE


def has_mail(folder: Path) -> bool:
    return state_path(folder).is_file()


def load_state(folder: Path) -> MailState:
    path = state_path(folder)
    if not path.is_file():
        raise JudgeError.of("jm.no_setup", folder=folder)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return MailState(**data)
    except (OSError, ValueError, TypeError) as exc:
        raise JudgeError.of("jm.bad_state", path=path, detail=exc) from None


def save_state(folder: Path, state: MailState) -> None:
    write_whole(state_path(folder), json.dumps(state.to_json(), indent=1,
                                               ensure_ascii=False) + "\n")


def queue(folder: Path, state: MailState, mail: Outgoing) -> None:
    """Put a mail in the outbox under the state's next number (the caller saves the
    state after, which makes it count)."""
    make_folder(folder / OUTBOX)
    write_whole(folder / OUTBOX / f"{state.next_mail:08d}.json",
                json.dumps(mail.to_json(), ensure_ascii=False) + "\n")
    state.next_mail += 1


def waiting(folder: Path, state: MailState) -> list[tuple[Path, Outgoing]]:
    """The mails in the outbox, oldest first; only those the saved state counts (a
    file past its `next_mail` was left by a loop killed before saving, and is written
    again when the message is taken again)."""
    where = folder / OUTBOX
    if not where.is_dir():
        return []
    found = []
    for path in sorted(where.glob("*.json")):
        if not path.stem.isdigit() or int(path.stem) >= state.next_mail:
            continue
        try:
            found.append((path, Outgoing.from_json(json.loads(path.read_text("utf-8")))))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return found


def log(folder: Path, line: str, now: float) -> None:
    """One line in the loop's log, with its time (UTC)."""
    stamp = datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%d %H:%M:%S")
    clean = " ".join(line.split())
    try:
        make_folder(folder / MAIL_FOLDER)
        with open(folder / LOG_FILE, "a", encoding="utf-8") as out:
            out.write(f"{stamp} {clean}\n")
    except OSError:
        pass     # the log is for reading; a full disk must not stop the game


def log_tail(folder: Path, lines: int) -> list[str]:
    try:
        return (folder / LOG_FILE).read_text("utf-8").splitlines()[-lines:]
    except OSError:
        return []


def papers_index(folder: Path) -> dict[int, list[str]]:
    """The files each round left, by round number."""
    found: dict[int, list[str]] = {}
    where = folder / PAPERS
    if not where.is_dir():
        return found
    for path in where.glob("round-*.json"):
        number = path.stem.removeprefix("round-")
        if number.isdigit():
            try:
                found[int(number)] = [str(p) for p in json.loads(path.read_text("utf-8"))]
            except (OSError, ValueError, TypeError):
                continue
    return found


def write_papers_index(folder: Path, round_number: int, relatives: list[str]) -> None:
    write_whole(folder / PAPERS / f"round-{round_number:02d}.json",
                json.dumps(sorted(relatives)) + "\n")
