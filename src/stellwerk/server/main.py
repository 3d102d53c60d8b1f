"""`stellwerk serve`: start the game server on uvicorn.

Without --database it keeps everything in SQLite in the data folder (created if
missing), so nothing needs installing; `--database postgresql+psycopg://...` uses
PostgreSQL, which several server processes may share.
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from stellwerk.core.errors import BadOption
from stellwerk.core.i18n import LANGUAGES
from stellwerk.server import limits
from stellwerk.server.notices.settings import BATCH_SECONDS, LEASE_SECONDS, NoticeSettings

DEFAULT_DATA = Path("stellwerk-data")


def add_serve_parser(commands: Any, parser_class: type) -> None:
    # help strings: keys of cli_terms.CATALOG (English and German)
    serve = commands.add_parser("serve", help="cmd.serve")
    serve.add_argument("--host", default="127.0.0.1", help="serve.host")
    serve.add_argument("--port", type=int, default=8000, help="serve.port")
    serve.add_argument("--data", type=Path, default=DEFAULT_DATA, help="serve.data")
    serve.add_argument("--database", metavar="URL", help="serve.database")
    serve.add_argument("--bot-workers", type=int, default=1, help="serve.bot_workers")
    serve.add_argument("--state-cache-mb", type=int, default=limits.STATE_CACHE_MB,
                       metavar="N", help="serve.state_cache_mb")
    serve.add_argument("--create-rate", type=int, default=limits.CREATE_RATE, metavar="N",
                       help="serve.create_rate")
    serve.add_argument("--max-tables", type=int, default=limits.MAX_TABLES, metavar="N",
                       help="serve.max_tables")
    serve.add_argument("--ws-per-table", type=int, default=limits.WS_PER_TABLE, metavar="N",
                       help="serve.ws_per_table")
    serve.add_argument("--ws-per-address", type=int, default=limits.WS_PER_ADDRESS,
                       metavar="N", help="serve.ws_per_address")
    serve.add_argument("--lang", choices=LANGUAGES, default=None, help="serve.lang")
    serve.add_argument("--public-url", metavar="URL", help="serve.public_url")
    serve.add_argument("--smtp", metavar="URL", default=os.environ.get("STELLWERK_SMTP"),
                       help="serve.smtp")
    serve.add_argument("--mail-from", metavar="ADDRESS", help="serve.mail_from")
    # None when not given: the config file's value, else the default, holds
    serve.add_argument("--webhooks-private", action="store_true", default=None,
                       help="serve.webhooks_private")
    serve.add_argument("--no-notices", action="store_true", help="serve.no_notices")
    serve.add_argument("--notice-delay", type=float, metavar="SECONDS",
                       help="serve.notice_delay")
    serve.add_argument("--notice-lease", type=float, metavar="SECONDS",
                       help="serve.notice_lease")
    serve.add_argument("--config", type=Path, metavar="FILE", help="serve.config")


def notice_settings(args: argparse.Namespace) -> NoticeSettings:
    """The turn notices' settings from `serve`'s options over its config file's
    (serve_config.py) over the defaults (a BadOption names what is wrong): e-mail
    needs both an SMTP server and a sender."""
    from stellwerk.mail.smtp import SmtpSettings
    from stellwerk.server.errors import ApiError
    from stellwerk.server.notices import terms as _terms  # noqa: F401  (the ntc.* keys)
    from stellwerk.server.notices.targets import email_address
    from stellwerk.server.serve_config import read_config

    chosen = read_config(args.config) if args.config is not None else {}
    for key in ("smtp", "mail_from", "notice_delay", "notice_lease", "webhooks_private"):
        given = getattr(args, key)
        if given is not None:
            chosen[key] = given
    smtp_url, mail_from = chosen.get("smtp"), chosen.get("mail_from")
    delay = chosen.get("notice_delay", BATCH_SECONDS)
    lease = chosen.get("notice_lease", LEASE_SECONDS)
    if (smtp_url is None) != (mail_from is None):
        raise BadOption("ntc.mail_half")
    if delay < 0 or lease <= 0:
        raise BadOption("ntc.delay")
    smtp = SmtpSettings.from_url(smtp_url) if smtp_url else None
    if mail_from is not None:
        try:
            email_address(mail_from)
        except ApiError:
            raise BadOption("ntc.mail_from", value=mail_from) from None
    limits_of = {key: chosen[key] for key in ("reminders", "mails_per_hour",
                                               "confirms_per_day", "targets_per_seat")
                 if key in chosen}
    return NoticeSettings(enabled=not args.no_notices, smtp=smtp, mail_from=mail_from,
                          allow_private=bool(chosen.get("webhooks_private", False)),
                          batch_seconds=delay, lease_seconds=lease, **limits_of)


def public_url(given: str | None, host: str, port: int) -> str:
    """The address the links in a new table's answer start with: `--public-url` (e.g.
    behind a reverse proxy), else the address the server listens on (for a wildcard
    address, this machine's name)."""
    if given is None:
        if host in ("", "0.0.0.0", "::"):
            host = socket.getfqdn()
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"
    parts = urlsplit(given.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or any(c.isspace() or not c.isprintable() for c in given):
        raise BadOption("sv.public_url", value=repr(given))
    return parts.geturl().rstrip("/") + "/"


def banner(address: str, url: str, data: Path, lang: str) -> str:
    """What the host reads when the server starts, in `lang` (server/terms.py):
    `address` is where players reach it (`public_url`)."""
    from stellwerk.server.terms import CATALOG

    storage = (CATALOG.text("srv.storage_postgres", lang) if url.startswith("postgresql")
               else CATALOG.text("srv.storage_sqlite", lang, folder=data))
    return CATALOG.text("srv.banner", lang, url=address, storage=storage)


def serve_command(args: argparse.Namespace) -> int:
    import sqlalchemy as sa
    import uvicorn

    from stellwerk.server import store
    from stellwerk.server.app import Settings, create_app
    from stellwerk.server.open_storage import make_private_folder
    from stellwerk.server.routes.live import MAX_FRAME

    if not 0 < args.port < 65536:
        raise BadOption("sv.port", port=args.port)
    if args.bot_workers < 0:
        raise BadOption("sv.workers")
    limit = limits.Limits(state_cache_mb=args.state_cache_mb, create_rate=args.create_rate,
                          max_tables=args.max_tables, ws_per_table=args.ws_per_table,
                          ws_per_address=args.ws_per_address)
    negative = limit.check()
    if negative:
        options = ", ".join("--" + name.replace("_", "-") for name in negative)
        raise BadOption("sv.limit", options=options)
    links = public_url(args.public_url, args.host, args.port)
    notices = notice_settings(args)
    # before the storage opens: what it tells the host (files made private) is logged
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # its steps are no news
    if args.database is None:
        try:
            make_private_folder(args.data)
        except OSError as exc:
            raise BadOption("sv.data", path=args.data, detail=exc.strerror) from None
    url = store.database_url(args.database, args.data)
    try:
        app = create_app(Settings(database=url, bot_workers=args.bot_workers,
                                  settle_gc=True, limits=limit, public_url=links,
                                  notices=notices))
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError) as exc:
        raise BadOption("sv.url", detail=exc) from None
    except sa.exc.OperationalError as exc:
        reason = " ".join(str(exc.orig).split())  # one line, whatever the driver wrote
        raise BadOption("sv.database", detail=reason) from None
    print(banner(links, url, args.data, args.lang), flush=True)
    # access_log off: seat links carry tokens, and no token should land in a log file
    # keep-alive longer than uvicorn's 5 s: async players' browsers and clients reuse
    # connections after a pause, and a connection closed just as it is reused fails
    # ws_max_size: a WebSocket frame is refused (closed 1009) past MAX_FRAME bytes
    uvicorn.run(app, host=args.host, port=args.port, access_log=False, log_level="warning",
                timeout_keep_alive=75, ws_max_size=MAX_FRAME)
    return 0
