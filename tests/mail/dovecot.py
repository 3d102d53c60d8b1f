"""A real IMAP server for the tests: Debian's Dovecot, run unprivileged from a temporary
folder (no system configuration touched), one per test session.

`dovecot_server()` starts it with the given users (`user:{PLAIN}password`), listening on
a free loopback port, and stops it by the PID in its base folder. Each user's mail is a
Maildir in the folder, owned by the `mail` account (Dovecot refuses a root userdb). When
Dovecot is not installed (`python3 dev.py test` installs `dovecot-imapd` where it runs
as root) the fixture skips LOUDLY; STELLWERK_DOVECOT names another binary.
"""

from __future__ import annotations

import imaplib
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.mail.certificates import Certificates
from tests.mail.servers import free_port

ENV = "STELLWERK_DOVECOT"
MAIL_USER = "mail"         # the userdb's account: Dovecot refuses root


def dovecot_binary() -> str | None:
    found = os.environ.get(ENV) or shutil.which("dovecot")
    if found:
        return found
    return "/usr/sbin/dovecot" if os.path.exists("/usr/sbin/dovecot") else None


def why_not() -> str | None:
    """Why no Dovecot can run here (None: it can)."""
    if os.environ.get("STELLWERK_NO_DOVECOT"):
        return "STELLWERK_NO_DOVECOT is set"
    if dovecot_binary() is None:
        return ("Dovecot is not installed (apt-get install dovecot-imapd; `python3 dev.py "
                "test` does it when run as root)")
    try:
        pwd.getpwnam(MAIL_USER)
    except KeyError:
        return f"no `{MAIL_USER}` account for Dovecot's mail"
    return None


def loud_skip_message(reason: str) -> str:
    bar = "!" * 78
    message = (f"\n{bar}\n!!! IMAP tests: {reason}.\n!!! The tests against a real IMAP "
               f"server (Dovecot) are SKIPPED.\n{bar}\n")
    print(message, file=sys.stderr, flush=True)
    return message


@dataclass
class ImapServer:
    host: str
    port: int
    users: dict[str, str]
    folder: Path
    tls_port: int | None = None          # IMAP over TLS (imaps), when given certificates
    certificates: Certificates | None = None

    def url(self, user: str, mailbox: str = "INBOX", query: str = "") -> str:
        """The plain port's URL (STARTTLS with `query` "tls=starttls&cafile=...")."""
        tail = f"?{query}" if query else ""
        return f"imap://{user}:{self.users[user]}@{self.host}:{self.port}/{mailbox}{tail}"

    def tls_url(self, user: str, mailbox: str = "INBOX", query: str = "") -> str:
        assert self.tls_port is not None, "Dovecot was started without certificates"
        tail = f"?{query}" if query else ""
        return f"imaps://{user}:{self.users[user]}@{self.host}:{self.tls_port}/{mailbox}{tail}"

    def client(self, user: str) -> imaplib.IMAP4:
        client = imaplib.IMAP4(self.host, self.port, timeout=10)
        client.login(user, self.users[user])
        return client

    def append(self, user: str, raw: bytes, mailbox: str = "INBOX") -> None:
        """Deliver a message into `user`'s mailbox, as the mail server's delivery would."""
        client = self.client(user)
        try:
            status, detail = client.append(mailbox, "", None, raw)
            assert status == "OK", detail
        finally:
            client.logout()

    def count(self, user: str, mailbox: str = "INBOX") -> int:
        client = self.client(user)
        try:
            status, data = client.select(mailbox, readonly=True)
            assert status == "OK", data
            return int(data[0] or 0)
        finally:
            client.logout()


def _tls(certificates: Certificates | None) -> str:
    if certificates is None:
        return "ssl = no"
    return (f"ssl = yes\nssl_cert = <{certificates.server_cert}\n"
            f"ssl_key = <{certificates.server_key}\n")


def _config(folder: Path, port: int, tls_port: int | None,
            certificates: Certificates | None) -> str:
    uid = pwd.getpwnam(MAIL_USER).pw_uid
    gid = pwd.getpwnam(MAIL_USER).pw_gid
    return f"""
base_dir = {folder}/run
state_dir = {folder}/state
log_path = {folder}/dovecot.log
info_log_path = {folder}/dovecot.log
protocols = imap
listen = 127.0.0.1
{_tls(certificates)}
disable_plaintext_auth = no
auth_mechanisms = plain
first_valid_uid = 1
mail_location = maildir:~/Maildir
passdb {{
  driver = passwd-file
  args = {folder}/users
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={folder}/home/%u
}}
service imap-login {{
  inet_listener imap {{
    port = {port}
  }}
  inet_listener imaps {{
    port = {tls_port or 0}
  }}
}}
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
}}
"""


def _wait_for_port(host: str, port: int, deadline: float) -> None:
    while True:
        try:
            imaplib.IMAP4(host, port, timeout=2).logout()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@contextmanager
def dovecot_server(users: dict[str, str],
                   certificates: Certificates | None = None) -> Iterator[ImapServer]:
    """A running Dovecot on loopback with these users (name: password); with
    `certificates`, it offers STARTTLS on its plain port and IMAP over TLS on another."""
    binary = dovecot_binary()
    assert binary is not None, why_not()
    folder = Path(tempfile.mkdtemp(prefix="stellwerk-imap-"))
    os.chmod(folder, 0o755)
    for part in ("run", "state", "home"):
        (folder / part).mkdir()
    mail = pwd.getpwnam(MAIL_USER)
    if os.geteuid() == 0:
        shutil.chown(folder / "home", mail.pw_uid, mail.pw_gid)
    (folder / "users").write_text("".join(f"{user}:{{PLAIN}}{password}\n"
                                          for user, password in users.items()))
    port = free_port()
    tls_port = free_port() if certificates else None
    (folder / "dovecot.conf").write_text(_config(folder, port, tls_port, certificates))
    # the daemon keeps inherited pipes open: its output goes to a file, never a pipe
    with open(folder / "start.log", "w") as out:
        started = subprocess.run([binary, "-c", str(folder / "dovecot.conf")],
                                 stdin=subprocess.DEVNULL, stdout=out, stderr=out)
    try:
        assert started.returncode == 0, _log(folder, "start.log") + _log(folder)
        _wait_for_port("127.0.0.1", port, time.monotonic() + 15)
        yield ImapServer("127.0.0.1", port, dict(users), folder, tls_port, certificates)
    finally:
        _stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


def _log(folder: Path, name: str = "dovecot.log") -> str:
    path = folder / name
    return path.read_text(errors="replace")[-2000:] if path.exists() else ""


def _stop(folder: Path) -> None:
    pid_file = folder / "run" / "master.pid"
    try:
        pid = int(pid_file.read_text().strip())
    except (OSError, ValueError):
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
