"""The command line's `--help` texts in English and German (every text a player sees
exists in both).

The parsers (`cli.py`, `server/main.py`, `research/commands.py`, the Linie 1 judge's
`commands.py`, `web/draw.py`) are given the keys below as help strings and descriptions;
`cli_help.HelpFormatter` puts them in words when a help is printed. `ap.*` are argparse's
own words, `arg.*` its messages (`cli_help.ArgparseMessage`); `mv.*` are the placeholders
of option values (a placeholder without an entry is the same in both languages, e.g. N,
URL, PORT). A bot list is filled in as {bots}.
"""

from __future__ import annotations

from stellwerk.core.i18n import Catalog
from stellwerk.server import limits

_DEFAULT_LANG = {"en": "(default: from LC_ALL, LC_MESSAGES or LANG: de_* is German, else "
                       "English)",
                 "de": "(Vorgabe: aus LC_ALL, LC_MESSAGES oder LANG: de_* ist Deutsch, sonst "
                       "Englisch)"}
_RAY = {"en": "play on a Ray cluster ('local' starts one here with --jobs CPUs); same "
              "results as a local run",
        "de": "auf einem Ray-Cluster spielen ('local' startet hier einen mit --jobs CPUs); "
              "dieselben Ergebnisse wie lokal"}


def _lang(en: str, de: str) -> dict[str, str]:
    """A --lang help: whose language, then where the default comes from."""
    return {"en": f"{en} and of refusals {_DEFAULT_LANG['en']}",
            "de": f"{de} und der Fehlermeldungen {_DEFAULT_LANG['de']}"}


CATALOG = Catalog({
    # argparse's own words (Python's argparse has no German)
    "ap.usage": {"en": "usage: ", "de": "Aufruf: "},
    "ap.positionals": {"en": "positional arguments", "de": "Argumente"},
    "ap.options": {"en": "options", "de": "Optionen"},
    "ap.help": {"en": "show this help message and exit",
                "de": "diese Hilfe zeigen und beenden"},
    "ap.version": {"en": "show program's version number and exit",
                   "de": "die Versionsnummer zeigen und beenden"},
    "ap.error": {"en": "{prog}: error: {message}", "de": "{prog}: Fehler: {message}"},
    # argparse's own messages (Python's argparse words them in English only; cli_help.py
    # matches a message against these to say it in German) and our parser's frame
    "arg.in": {"en": "argument {arg}: {why}", "de": "Argument {arg}: {why}"},
    "arg.required": {"en": "the following arguments are required: {names}",
                     "de": "diese Angaben fehlen: {names}"},
    "arg.unrecognized": {"en": "unrecognized arguments: {args}",
                         "de": "unbekannte Angaben: {args}"},
    "arg.choice": {"en": "invalid choice: {value} (choose from {choices})",
                   "de": "ungültige Wahl: {value} (möglich: {choices})"},
    "arg.one": {"en": "expected one argument", "de": "erwartet genau einen Wert"},
    "arg.at_most_one": {"en": "expected at most one argument",
                        "de": "erwartet höchstens einen Wert"},
    "arg.at_least_one": {"en": "expected at least one argument",
                         "de": "erwartet mindestens einen Wert"},
    "arg.type": {"en": "invalid {type} value: {value}",
                 "de": "ungültiger Wert für {type}: {value}"},
    "arg.ambiguous": {"en": "ambiguous option: {option} could match {matches}",
                      "de": "mehrdeutige Option: {option} könnte {matches} sein"},
    "arg.explicit": {"en": "ignored explicit argument {value}",
                     "de": "überzähliger Wert {value}"},
    "arg.not_with": {"en": "not allowed with argument {other}",
                     "de": "nicht zusammen mit {other}"},
    "arg.one_of": {"en": "one of the arguments {names} is required",
                   "de": "eine dieser Angaben ist nötig: {names}"},
    "arg.command": {"en": "{command}: {why}", "de": "{command}: {why}"},
    "arg.alone": {"en": "{why}", "de": "{why}"},
    # placeholders of option values
    "mv.FILE": {"en": "FILE", "de": "DATEI"},
    "mv.FILE.html": {"en": "FILE.html", "de": "DATEI.html"},
    "mv.KEY=VALUE": {"en": "KEY=VALUE", "de": "SCHLÜSSEL=WERT"},
    "mv.SEATS": {"en": "SEATS", "de": "PLÄTZE"},
    "mv.SEED": {"en": "SEED", "de": "STARTWERT"},
    "mv.SHARE": {"en": "SHARE", "de": "ANTEIL"},
    "mv.PACK": {"en": "PACK", "de": "PAKET"},
    "mv.NAMES": {"en": "NAMES", "de": "NAMEN"},
    "mv.GAMES": {"en": "GAMES", "de": "PARTIEN"},
    "mv.JOBS": {"en": "JOBS", "de": "PROZESSE"},
    "mv.ADDRESS": {"en": "ADDRESS", "de": "ADRESSE"},
    "mv.OUT": {"en": "OUT", "de": "ZIEL"},
    "mv.DIR": {"en": "DIR", "de": "ORDNER"},
    "mv.PLAYERS": {"en": "PLAYERS", "de": "SPIELER"},
    "mv.DATA": {"en": "DATA", "de": "ORDNER"},
    "mv.BOT_WORKERS": {"en": "BOT_WORKERS", "de": "PROZESSE"},
    "mv.ROUND_NUMBER": {"en": "ROUND_NUMBER", "de": "RUNDE"},
    "mv.STEP": {"en": "STEP", "de": "ANZAHL"},
    "mv.SEAT": {"en": "SEAT", "de": "PLATZ"},
    "mv.NAME=ADDRESS": {"en": "NAME=ADDRESS", "de": "NAME=ADRESSE"},
    "mv.HOURS": {"en": "HOURS", "de": "STUNDEN"},
    "mv.SECONDS": {"en": "SECONDS", "de": "SEKUNDEN"},
    # stellwerk and what several commands share
    "cmd.stellwerk": {"en": "Railway board games: play, simulate, replay.",
                      "de": "Eisenbahn-Brettspiele: spielen, simulieren, nachspielen."},
    "opt.game": {"en": "which game, e.g. rail-line (see `stellwerk games`)",
                 "de": "welches Spiel, z. B. rail-line (siehe `stellwerk games`)"},
    "opt.game.short": {"en": "which game, e.g. rail-line", "de": "welches Spiel, z. B. rail-line"},
    "opt.seats.humans": {"en": "comma-separated seats, first player first: human, {bots}, or "
                               "a bot of the game's own (e.g. planner for linie1)",
                         "de": "die Plätze, durch Kommas getrennt, der Startspieler zuerst: "
                               "human, {bots} oder ein eigener Bot des Spiels (z. B. planner "
                               "für linie1)"},
    "opt.seats.bots": {"en": "comma-separated seats, first player first: {bots}, or a bot of "
                             "the game's own (e.g. planner for linie1)",
                       "de": "die Plätze, durch Kommas getrennt, der Startspieler zuerst: "
                             "{bots} oder ein eigener Bot des Spiels (z. B. planner für "
                             "linie1)"},
    "opt.seed": {"en": "seed for all chance", "de": "Startwert für den Zufall"},
    "opt.first_seed": {"en": "first seed (game i: seed + i)",
                       "de": "erster Startwert (Partie i: Startwert + i)"},
    "opt.option": {"en": "a game option (repeatable; each game's options are listed below)",
                   "de": "eine Spieloption (mehrfach möglich; die Optionen jedes Spiels "
                         "stehen unten)"},
    "opt.pack": {"en": "a content pack file to use instead of the shipped one",
                 "de": "eine Inhaltspaket-Datei statt der mitgelieferten"},
    "opt.record": {"en": "write the games' records to FILE (JSON Lines, a game a line)",
                   "de": "die Protokolle der Partien nach DATEI schreiben (JSON Lines, eine "
                         "Partie je Zeile)"},
    "opt.jobs": {"en": "worker processes", "de": "Arbeitsprozesse"},
    "opt.json.result": {"en": "print the result as JSON", "de": "das Ergebnis als JSON ausgeben"},
    "opt.quiet": {"en": "no progress bar", "de": "kein Fortschrittsbalken"},
    "opt.ray": _RAY,
    "opt.lang.output": _lang("language of the output", "Sprache der Ausgabe"),
    "opt.lang.table": _lang("language of the table", "Sprache des Tisches"),
    "opt.lang.standings": _lang("language of the standings", "Sprache der Rangliste"),
    "opt.lang.report": _lang("language of the report", "Sprache des Berichts"),
    # play
    "cmd.play": {"en": "play in the terminal (humans and bots)",
                 "de": "im Terminal spielen (Menschen und Bots)"},
    "play.names": {"en": "comma-separated seat names",
                   "de": "die Namen der Plätze, durch Kommas getrennt"},
    "play.record": {"en": "keep the game in FILE, written after every action (else in a new "
                          "file in $XDG_STATE_HOME/stellwerk/saves, by default "
                          "~/.local/state/stellwerk/saves)",
                    "de": "die Partie in DATEI festhalten, nach jeder Aktion geschrieben "
                          "(sonst in einer neuen Datei in $XDG_STATE_HOME/stellwerk/saves, "
                          "vorgegeben ~/.local/state/stellwerk/saves)"},
    "play.resume": {"en": "continue a saved game (seats, names, options, language from the "
                          "file); without FILE, pick one of the unfinished games the table "
                          "saved in $XDG_STATE_HOME/stellwerk/saves",
                    "de": "eine gespeicherte Partie fortsetzen (Plätze, Namen, Optionen, "
                          "Sprache aus der Datei); ohne DATEI eine der unfertigen Partien "
                          "wählen, die der Tisch in $XDG_STATE_HOME/stellwerk/saves "
                          "gespeichert hat"},
    "play.svg": {"en": "write the map as SVG after each turn (games that draw SVG)",
                 "de": "nach jedem Zug die Karte als SVG schreiben (Spiele, die SVG zeichnen)"},
    # simulate
    "cmd.simulate": {"en": "bot games with a summary",
                     "de": "Partien unter Bots, mit einer Zusammenfassung"},
    "simulate.games": {"en": "how many games", "de": "wie viele Partien"},
    "simulate.jobs": {"en": "worker processes (at most one per game and per CPU)",
                      "de": "Arbeitsprozesse (höchstens einer je Partie und je CPU)"},
    "simulate.rotate": {"en": "rotate the seat list every game (fair comparison of bots)",
                        "de": "die Sitzordnung mit jeder Partie weiterdrehen (fairer Vergleich "
                              "der Bots)"},
    "simulate.json": {"en": "print the summary as JSON",
                      "de": "die Zusammenfassung als JSON ausgeben"},
    # replay
    "cmd.replay": {"en": "check a game record and print its result",
                   "de": "ein Partieprotokoll prüfen und sein Ergebnis ausgeben"},
    "replay.file": {"en": "a record (.json) or records, one per line",
                    "de": "ein Protokoll (.json) oder mehrere, eines je Zeile"},
    "replay.pack": {"en": "the content pack the record was played with",
                    "de": "das Inhaltspaket, mit dem die Partie gespielt wurde"},
    "replay.step": {"en": "step through the game move by move, each view drawn",
                    "de": "die Partie Zug um Zug durchgehen, jede Ansicht gezeichnet"},
    "replay.seat": {"en": "with --step: show seat N's view (1 = first seat), not the public "
                          "one",
                    "de": "mit --step: die Sicht von Platz N zeigen (1 = erster Platz) statt "
                          "der öffentlichen"},
    # games, pack
    "cmd.games": {"en": "list the games", "de": "die Spiele auflisten"},
    "cmd.pack": {"en": "check a content pack and show its provenance",
                 "de": "ein Inhaltspaket prüfen und seine Herkunft zeigen"},
    "pack.file": {"en": "the pack (default: the shipped one)",
                  "de": "das Paket (Vorgabe: das mitgelieferte)"},
    "pack.generate": {"en": "write the game's generated pack afresh to OUT (default: its file "
                            "name here; games that generate their content), then check it",
                      "de": "das erzeugte Paket des Spiels neu nach ZIEL schreiben (Vorgabe: "
                            "sein Dateiname hier; Spiele, die ihren Inhalt erzeugen) und dann "
                            "prüfen"},
    # serve
    "cmd.serve": {"en": "run the game server (JSON API, live updates)",
                  "de": "den Spielserver betreiben (JSON-API, Live-Aktualisierung)"},
    "serve.host": {"en": "address to listen on", "de": "Adresse, auf der er lauscht"},
    "serve.port": {"en": "port to listen on", "de": "Port, auf dem er lauscht"},
    "serve.data": {"en": "folder for the SQLite database (default: ./stellwerk-data)",
                   "de": "Ordner für die SQLite-Datenbank (Vorgabe: ./stellwerk-data)"},
    "serve.database": {"en": "a database URL instead, e.g. postgresql+psycopg://user@host/db",
                       "de": "stattdessen eine Datenbank-URL, z. B. "
                             "postgresql+psycopg://user@host/db"},
    "serve.public_url": {"en": "the address players reach the server at, which the links "
                               "of a new table start with (default: the listening address), "
                               "e.g. https://games.example.org/",
                         "de": "die Adresse, unter der Spieler den Server erreichen und mit "
                               "der die Links eines neuen Tisches beginnen (Vorgabe: die "
                               "Adresse, auf der er lauscht), z. B. https://spiele.example.org/"},
    "serve.smtp": {"en": "send turn notices by e-mail through this SMTP server, e.g. "
                         "smtp://host:587?tls=starttls or smtps://user:password@host "
                         "(default: $STELLWERK_SMTP; without it e-mail is off)",
                   "de": "Zugbenachrichtigungen per E-Mail über diesen SMTP-Server senden, "
                         "z. B. smtp://host:587?tls=starttls oder smtps://name:passwort@host "
                         "(Vorgabe: $STELLWERK_SMTP; ohne ist E-Mail aus)"},
    "serve.mail_from": {"en": "the sender address of the notices' mails",
                        "de": "die Absenderadresse der Benachrichtigungs-Mails"},
    "serve.webhooks_private": {"en": "let webhooks call private, loopback and link-local "
                                     "addresses (a closed network only)",
                               "de": "Webhooks dürfen private, Loopback- und "
                                     "Link-Local-Adressen aufrufen (nur in einem "
                                     "geschlossenen Netz)"},
    "serve.no_notices": {"en": "write and send no turn notices at all",
                         "de": "gar keine Zugbenachrichtigungen schreiben und senden"},
    "serve.notice_delay": {"en": "seconds a turn notice waits for the seat to act by itself "
                                 "before it is sent (default: 60)",
                           "de": "Sekunden, die eine Zugbenachrichtigung wartet, ob der "
                                 "Platz von selbst zieht, bevor sie gesendet wird "
                                 "(Vorgabe: 60)"},
    "serve.notice_lease": {"en": "seconds a sender's claim on a notice holds; after a crash "
                                 "the notice goes out once this has passed (default: 120; "
                                 "longer than the slowest send)",
                           "de": "Sekunden, die der Anspruch eines Senders auf eine "
                                 "Benachrichtigung gilt; nach einem Absturz geht sie danach "
                                 "hinaus (Vorgabe: 120; länger als das langsamste Senden)"},
    "serve.config": {"en": "a TOML file with the turn notices' settings (smtp, mail-from, "
                           "notice-delay, notice-lease, reminders, mails-per-hour, "
                           "confirms-per-day, targets-per-seat, webhooks-private); the "
                           "options given here win",
                     "de": "eine TOML-Datei mit den Einstellungen der "
                           "Zugbenachrichtigungen (smtp, mail-from, notice-delay, "
                           "notice-lease, reminders, mails-per-hour, confirms-per-day, "
                           "targets-per-seat, webhooks-private); die hier gegebenen "
                           "Optionen gehen vor"},
    "serve.bot_workers": {"en": "processes for search bots (0: think in threads)",
                          "de": "Prozesse für die Such-Bots (0: in Threads rechnen)"},
    "serve.state_cache_mb": {"en": "memory for the table states kept between requests, in MB "
                                   "(estimated per game; the least recently used table is "
                                   "rebuilt from its log when needed again; default "
                                   f"{limits.STATE_CACHE_MB})",
                             "de": "Speicher für die zwischen Anfragen gehaltenen Spielstände, "
                                   "in MB (je Spiel geschätzt; der am längsten unbenutzte Tisch "
                                   "wird bei Bedarf aus seinem Protokoll neu aufgebaut; "
                                   f"Vorgabe {limits.STATE_CACHE_MB})"},
    "serve.create_rate": {"en": "new tables one client address may create per minute, per "
                                f"server process (0: no limit; default {limits.CREATE_RATE})",
                          "de": "neue Tische, die eine Client-Adresse pro Minute anlegen darf, "
                                "je Serverprozess (0: unbegrenzt; Vorgabe "
                                f"{limits.CREATE_RATE})"},
    "serve.max_tables": {"en": "open (unfinished) tables the database may hold, for all server "
                               f"processes together (0: no limit; default {limits.MAX_TABLES})",
                         "de": "offene (nicht beendete) Tische, die die Datenbank halten darf, "
                               "für alle Serverprozesse zusammen (0: unbegrenzt; Vorgabe "
                               f"{limits.MAX_TABLES})"},
    "serve.ws_per_table": {"en": "live connections (WebSockets) to one table, per server "
                                 f"process (0: no limit; default {limits.WS_PER_TABLE})",
                           "de": "Live-Verbindungen (WebSockets) zu einem Tisch, je "
                                 "Serverprozess (0: unbegrenzt; Vorgabe "
                                 f"{limits.WS_PER_TABLE})"},
    "serve.ws_per_address": {"en": "live connections (WebSockets) from one client address, per "
                                   "server process (0: no limit; default "
                                   f"{limits.WS_PER_ADDRESS})",
                             "de": "Live-Verbindungen (WebSockets) von einer Client-Adresse, je "
                                   "Serverprozess (0: unbegrenzt; Vorgabe "
                                   f"{limits.WS_PER_ADDRESS})"},
    "serve.lang": {"en": "language of what the server tells its host (the banner) and of "
                         f"refusals {_DEFAULT_LANG['en']}; players choose their own in the "
                         "browser",
                   "de": "Sprache dessen, was der Server seinem Betreiber sagt (die "
                         f"Startmeldung), und der Fehlermeldungen {_DEFAULT_LANG['de']}; die "
                         "Spieler wählen ihre eigene im Browser"},
    # tournament
    "cmd.tournament": {"en": "bots against bots, rated (OpenSkill)",
                       "de": "Bots gegen Bots, mit Wertung (OpenSkill)"},
    "tournament.bots": {"en": "comma-separated bot kinds, e.g. greedy,search,ismcts-normal",
                        "de": "die Bot-Arten, durch Kommas getrennt, z. B. "
                              "greedy,search,ismcts-normal"},
    "tournament.gauntlet_help": {"en": "the first bot against every table of the others (default: "
                                  "round robin)",
                            "de": "der erste Bot gegen jeden Tisch der anderen (Vorgabe: "
                                  "jeder gegen jeden)"},
    "tournament.players": {"en": "seats per table (default: the game's fewest; a solo game "
                                 "ranks bots by score on the same seeds)",
                           "de": "Plätze je Tisch (Vorgabe: die kleinste Zahl des Spiels; in "
                                 "einem Solospiel zählen die Punkte der Bots bei denselben "
                                 "Startwerten)"},
    "tournament.games_help": {"en": "games per table", "de": "Partien je Tisch"},
    "tournament.pack": {"en": "a content pack file", "de": "eine Inhaltspaket-Datei"},
    "tournament.out": {"en": "also write the JSON to FILE",
                       "de": "das JSON auch nach DATEI schreiben"},
    "tournament.checkpoint": {"en": "keep each game's position in DIR (every 30 s); run the "
                                    "same command again to go on where a stopped tournament "
                                    "was, with the same results",
                              "de": "den Stand jeder Partie in ORDNER festhalten (alle 30 s); "
                                    "derselbe Befehl noch einmal setzt ein abgebrochenes "
                                    "Turnier fort, wo es stand, mit denselben Ergebnissen"},
    # study
    "cmd.study": {"en": "a designer's report: plots and numbers in one HTML file",
                  "de": "ein Bericht für Spieleautoren: Diagramme und Zahlen in einer "
                        "HTML-Datei"},
    "study.seats": {"en": "bots in every chair (default: greedy, as many as the game's "
                          "fewest)",
                    "de": "die Bots auf den Plätzen (Vorgabe: greedy, so viele, wie das Spiel "
                          "mindestens braucht)"},
    "study.games": {"en": "games per pack", "de": "Partien je Paket"},
    "study.pack": {"en": "the content pack (default: the shipped one)",
                   "de": "das Inhaltspaket (Vorgabe: das mitgelieferte)"},
    "study.compare": {"en": "a second pack, played on the same seeds, shown side by side "
                            "and compared game by game",
                      "de": "ein zweites Paket, mit denselben Startwerten gespielt, daneben "
                            "gezeigt und Partie für Partie verglichen"},
    "study.precision": {"en": "the precision the games needed are counted for: +- this share "
                              "(win shares) or this fraction of the first pack's mean "
                              "(default 0.02)",
                        "de": "die Genauigkeit, für die die nötigen Partien gezählt werden: "
                              "+- dieser Anteil (Siegquoten) oder dieser Bruchteil des "
                              "Mittels des ersten Pakets (Vorgabe 0,02)"},
    "study.out": {"en": "where to write the report", "de": "wohin der Bericht geschrieben wird"},
    "study.json": {"en": "also print the figures as JSON",
                   "de": "die Zahlen zusätzlich als JSON ausgeben"},
    # the Linie 1 judge
    "cmd.judge": {"en": "run a postal game as game master (linie1)",
                  "de": "eine Partie per Post als Spielleiter führen (linie1)"},
    "judge.game": {"en": "the game to judge: linie1", "de": "das zu leitende Spiel: linie1"},
    "cmd.judge.new": {"en": "start a game in a new folder",
                      "de": "eine Partie in einem neuen Ordner beginnen"},
    "judge.players": {"en": "comma-separated player names",
                      "de": "die Namen der Mitspielenden, durch Kommas getrennt"},
    "judge.option": {"en": "a game option, e.g. rounds=30",
                     "de": "eine Spieloption, z. B. rounds=30"},
    "judge.new.lang": {"en": "the game's language (en or de): reports, sheets and what the "
                             "judge says; default: the locale's (LC_ALL, LC_MESSAGES, LANG)",
                       "de": "die Sprache der Partie (en oder de): Berichte, Blätter und was "
                             "der Spielleiter sagt; Vorgabe: die der Locale (LC_ALL, "
                             "LC_MESSAGES, LANG)"},
    "cmd.judge.status": {"en": "the round and whose orders are missing",
                         "de": "die Runde und wessen Aufträge noch fehlen"},
    "cmd.judge.check": {"en": "check one player's order file for this round",
                        "de": "die Auftragsdatei eines Mitspielenden für diese Runde prüfen"},
    "cmd.judge.resolve": {"en": "resolve the round from the order files",
                          "de": "die Runde aus den Auftragsdateien auswerten"},
    "judge.lang": {"en": "language of what this command prints (default: the game's); the "
                         "reports and sheets stay in the game's",
                   "de": "Sprache dessen, was dieser Befehl ausgibt (Vorgabe: die der "
                         "Partie); Berichte und Blätter bleiben in der Sprache der Partie"},
    "judge.round": {"en": "the round to resolve (a guard against resolving twice)",
                    "de": "die auszuwertende Runde (ein Schutz gegen doppeltes Auswerten)"},
    "cmd.judge.mail": {"en": "run the game by mail: read orders (IMAP or Maildir), answer "
                             "them, resolve rounds, mail sheets and reports (SMTP)",
                       "de": "die Partie per Mail führen: Aufträge lesen (IMAP oder Maildir), "
                             "beantworten, Runden auswerten, Blätter und Berichte mailen "
                             "(SMTP)"},
    "judge.mail.judge": {"en": "the judge's own address (its mail goes out from it)",
                         "de": "die Adresse der Spielleitung (ihre Mails kommen von ihr)"},
    "judge.mail.address": {"en": "a player's mail address (once per player)",
                           "de": "die Mailadresse einer Person (einmal je Person)"},
    "judge.mail.deadline": {"en": "hours a round waits for orders (default: until every "
                                  "order is in)",
                            "de": "Stunden, die eine Runde auf Aufträge wartet (Vorgabe: "
                                  "bis alle da sind)"},
    "judge.mail.imap": {"en": "the mailbox: imap[s]://USER:PASSWORD@HOST[:PORT][/MAILBOX] "
                              "(imap://... ?tls=starttls: STARTTLS; cafile=PATH: a private CA)",
                        "de": "das Postfach: imap[s]://NAME:PASSWORT@HOST[:PORT][/POSTFACH] "
                              "(imap://... ?tls=starttls: STARTTLS; cafile=PFAD: eine "
                              "eigene CA)"},
    "judge.mail.maildir": {"en": "the mailbox as a Maildir folder on this machine",
                           "de": "das Postfach als Maildir-Ordner auf diesem Rechner"},
    "judge.mail.smtp": {"en": "the SMTP server: smtp[s]://[USER:PASSWORD@]HOST[:PORT] "
                              "(smtp://... ?tls=starttls: STARTTLS; cafile=PATH: a private CA)",
                        "de": "der SMTP-Server: smtp[s]://[NAME:PASSWORT@]HOST[:PORT] "
                              "(smtp://... ?tls=starttls: STARTTLS; cafile=PFAD: eine "
                              "eigene CA)"},
    "judge.mail.refusals_per_address": {
        "en": "refusals an hour to one sender of mail without a player's secret (default 3)",
        "de": "Ablehnungen je Stunde an einen Absender einer Mail ohne Geheimnis eines "
              "Mitspielenden (Vorgabe 3)"},
    "judge.mail.refusals_per_hour": {
        "en": "refusals an hour of mail without a player's secret, in all (default 20)",
        "de": "Ablehnungen je Stunde von Mails ohne Geheimnis eines Mitspielenden, "
              "insgesamt (Vorgabe 20)"},
    "judge.mail.config": {
        "en": "a TOML file of these settings (default: GAME_DIR/mail.toml when it exists); "
              "flags win over it",
        "de": "eine TOML-Datei mit diesen Einstellungen (Vorgabe: ORDNER/mail.toml, wenn "
              "es sie gibt); Schalter gehen ihr vor"},
    "judge.mail.once": {"en": "one cycle, then stop (for cron)",
                        "de": "ein Durchgang, dann Schluss (für cron)"},
    "judge.mail.every": {"en": "seconds between cycles (default 60)",
                         "de": "Sekunden zwischen den Durchgängen (Vorgabe 60)"},
    "cmd.judge.mail_status": {"en": "what the mail loop did and what waits",
                              "de": "was die Mail-Schleife tat und was wartet"},
    "cmd.judge.resend": {"en": "mail a player's sheet again",
                         "de": "einer Person ihr Blatt noch einmal mailen"},
    "judge.resend.round": {"en": "the round whose papers to send (default: the latest)",
                           "de": "die Runde, deren Unterlagen gehen (Vorgabe: die letzte)"},
    "cmd.judge.accept": {"en": "take a player's order file by hand (checked; told by mail)",
                         "de": "die Auftragsdatei einer Person von Hand annehmen (geprüft; "
                               "per Mail mitgeteilt)"},
    # python -m stellwerk.web.draw
    "cmd.draw": {"en": "Draw a recorded game as SVG.",
                 "de": "Eine aufgezeichnete Partie als SVG zeichnen."},
    "draw.record": {"en": "a record file (stellwerk play --record)",
                    "de": "eine Protokolldatei (stellwerk play --record)"},
    "draw.out": {"en": "the SVG file to write", "de": "die SVG-Datei, die geschrieben wird"},
    "draw.step": {"en": "after this many actions (default: all)",
                  "de": "nach so vielen Aktionen (Vorgabe: alle)"},
    "draw.seat": {"en": "what this seat (0-based) saw",
                  "de": "was dieser Platz (ab 0 gezählt) sah"},
})


def help_text(key: str, lang: str) -> str:
    """A help text in `lang`; a text that is no key is shown as it is."""
    if key not in CATALOG:
        return key
    if key.startswith("opt.seats."):
        from stellwerk.bots import BOTS

        return CATALOG.text(key, lang, bots=", ".join(BOTS))
    return CATALOG.text(key, lang)


def metavar(word: str, lang: str) -> str:
    """The placeholder of an option's value (FILE, KEY=VALUE, ...) in `lang`."""
    key = f"mv.{word}"
    return CATALOG.text(key, lang) if key in CATALOG else word

# `stellwerk games` (cli_games.py)
CATALOG.update({
    "games.options": {"en": "game options (-o NAME=VALUE), by game:",
                      "de": "Spieloptionen (-o NAME=WERT), je Spiel:"},
    "games.default": {"en": "default {value}", "de": "Vorgabe {value}"},
    "games.no_options": {"en": "no options", "de": "keine Optionen"},
})
