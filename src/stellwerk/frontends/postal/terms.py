"""What the postal judge says, in English and German: its command-line output and
its refusals. A game's own words (the mistakes in its order files, the texts that
name the parts of its orders: `core.postal.GAME_WORDS`) come with its `PostalRules`.

Which language: `--lang` on any judge command, else the game folder's (`judge.json`,
chosen at `new`), else the locale's (LC_ALL, LC_MESSAGES, LANG). `commands.py` decides.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.i18n import Catalog, in_every_language

CATALOG = Catalog({
    # what the commands print
    "jd.begun": {"en": "{folder}: a game of {title} for {names} has begun; private sheets "
                       "are in {private}, orders for round 1 go to {orders}",
                 "de": "{folder}: eine Partie {title} für {names} hat begonnen; die privaten "
                       "Blätter liegen in {private}, die Aufträge für Runde 1 kommen nach "
                       "{orders}"},
    "jd.status.over": {"en": "{folder}: the game is over after round {round}.",
                       "de": "{folder}: die Partie ist nach Runde {round} zu Ende."},
    "jd.status.round": {"en": "{folder}: round {round} of at most {limit}; orders go to "
                              "{orders}",
                        "de": "{folder}: Runde {round} von höchstens {limit}; die Aufträge "
                              "kommen nach {orders}"},
    "jd.status.missing_file": {"en": "MISSING", "de": "FEHLT"},
    "jd.status.refused": {"en": "REFUSED ({file}: {problem}; see `check`)",
                          "de": "ABGELEHNT ({file}: {problem}; siehe `check`)"},
    "jd.status.in": {"en": "order in ({file})", "de": "Auftrag da ({file})"},
    "jd.status.missing": {"en": "missing: {names}", "de": "fehlt noch: {names}"},
    "jd.status.none": {"en": "none", "de": "niemand"},
    "jd.problem_line": {"en": "line {line}: {text}", "de": "Zeile {line}: {text}"},
    "jd.check.none": {"en": "{name}: no order file for round {round} yet",
                      "de": "{name}: noch keine Auftragsdatei für Runde {round}"},
    "jd.check.ok": {"en": "{path}: ok — {order}", "de": "{path}: in Ordnung — {order}"},
    "jd.resolved": {"en": "round {round} resolved; report in {public}",
                    "de": "Runde {round} ausgewertet; der Bericht liegt in {public}"},
    "jd.resolved.over": {"en": "; the game is over", "de": "; die Partie ist zu Ende"},
    # refusals
    "jd.not_judged": {"en": "the judge runs {games}, not {game!r}",
                      "de": "der Spielleiter führt {games}, nicht {game!r}"},
    "jd.bad_name": {"en": "player name {name!r}: use 1-30 letters, digits, '-' or '_' (it "
                          "names the player's files)",
                    "de": "Name {name!r}: 1-30 Buchstaben, Ziffern, '-' oder '_' (er benennt "
                          "die Dateien der Person)"},
    "jd.same_name": {"en": "two players have the same name",
                     "de": "zwei Mitspielende haben denselben Namen"},
    "jd.has_game": {"en": "{folder} already holds a game ({file}); choose a new folder",
                    "de": "{folder} enthält schon eine Partie ({file}); wähle einen neuen "
                          "Ordner"},
    "jd.no_game": {"en": "{folder} holds no game ({file} is missing); start one with "
                         "`stellwerk judge {game} new`",
                   "de": "{folder} enthält keine Partie ({file} fehlt); beginne eine mit "
                         "`stellwerk judge {game} new`"},
    "jd.other_game": {"en": "{path} is a game of {game!r}, not one the judge runs",
                      "de": "{path} ist eine Partie {game!r}, keine, die der Spielleiter "
                            "führt"},
    "jd.no_player": {"en": "no player {player!r} (players: {names})",
                     "de": "niemand heißt {player!r} (Mitspielende: {names})"},
    "jd.over": {"en": "{folder}: the game is over; there is no round {round} to resolve",
                "de": "{folder}: die Partie ist zu Ende; es gibt keine Runde {round} "
                      "auszuwerten"},
    "jd.resolved_before": {"en": "round {round} is already resolved; the round now is {now}",
                           "de": "Runde {round} ist schon ausgewertet; jetzt ist Runde "
                                 "{now}"},
    "jd.not_due": {"en": "round {round} is not due; the round now is {now}",
                   "de": "Runde {round} ist noch nicht dran; jetzt ist Runde {now}"},
    "jd.busy": {"en": "{folder}: another judge command is working on this game right now; "
                      "nothing was done (run this again when it has finished)",
                "de": "{folder}: gerade arbeitet ein anderer Spielleiter-Befehl an dieser "
                      "Partie; nichts wurde getan (versuche es noch einmal, wenn er fertig "
                      "ist)"},
    "jd.lock": {"en": "{path}: cannot open the lock file ({detail})",
                "de": "{path}: die Sperrdatei lässt sich nicht öffnen ({detail})"},
    "jd.write": {"en": "{path}: cannot write ({detail})",
                 "de": "{path}: nicht schreibbar ({detail})"},
    "jd.mkdir": {"en": "{path}: cannot make the folder ({detail})",
                 "de": "{path}: der Ordner lässt sich nicht anlegen ({detail})"},
    "jd.stray": {"en": "{path}: names no player (players: {names})",
                 "de": "{path}: nennt niemanden, der mitspielt (Mitspielende: {names})"},
    "jd.two_files": {"en": "{path}: {name} has two order files this round",
                     "de": "{path}: {name} hat in dieser Runde zwei Auftragsdateien"},
    "jd.with_mistakes": {"en": "order files with mistakes (nothing was resolved):",
                         "de": "Auftragsdateien mit Fehlern (nichts wurde ausgewertet):"},
    # by mail: what the players read (in the game's language)
    "jm.subject.start": {"en": "{title}: the game begins; your sheet and the report",
                         "de": "{title}: die Partie beginnt; dein Blatt und der Bericht"},
    "jm.subject.sheet": {"en": "{title}, round {round} resolved: your sheet and the report",
                         "de": "{title}, Runde {round} ausgewertet: dein Blatt und der "
                               "Bericht"},
    "jm.subject.by_hand": {"en": "{title}, round {round}: your order",
                           "de": "{title}, Runde {round}: dein Auftrag"},
    "jm.send_to": {"en": "Send your order for round {round} to {address} (reply to this "
                         "mail). That address is yours alone: only an order sent to it "
                         "counts as yours, so keep it to yourself. A later order replaces "
                         "an earlier one until the round is resolved.",
                   "de": "Schicke deinen Auftrag für Runde {round} an {address} (antworte "
                         "auf diese Mail). Diese Adresse gehört dir allein: nur ein Auftrag "
                         "an sie zählt als deiner, also gib sie nicht weiter. Ein späterer "
                         "Auftrag ersetzt einen früheren, bis die Runde ausgewertet ist."},
    "jm.deadline": {"en": "Deadline: {when} UTC; the round is resolved then with the orders "
                          "that are in, or as soon as every order is in.",
                    "de": "Einsendeschluss: {when} UTC; dann wird die Runde mit den "
                          "vorliegenden Aufträgen ausgewertet, oder sobald alle Aufträge da "
                          "sind."},
    "jm.no_deadline": {"en": "The round is resolved as soon as every order is in.",
                       "de": "Die Runde wird ausgewertet, sobald alle Aufträge da sind."},
    "jm.accepted": {"en": "Your order for round {round} is accepted: {order}",
                    "de": "Dein Auftrag für Runde {round} ist angenommen: {order}"},
    "jm.replaces": {"en": "It replaces your earlier order for this round.",
                    "de": "Er ersetzt deinen früheren Auftrag für diese Runde."},
    "jm.would_fail": {"en": "Note: on the board as you see it now, these parts would fail "
                            "(a part that fails is skipped):",
                      "de": "Hinweis: auf dem Brett, wie du es jetzt siehst, würden diese "
                            "Teile scheitern (ein scheiternder Teil entfällt):"},
    "jm.mistakes": {"en": "Your order for round {round} was NOT counted; it has mistakes:",
                    "de": "Dein Auftrag für Runde {round} zählt NICHT; er hat Fehler:"},
    "jm.earlier_stands": {"en": "Your earlier order for this round stands.",
                          "de": "Dein früherer Auftrag für diese Runde gilt weiter."},
    "jm.send_again": {"en": "Send a corrected order.",
                      "de": "Schicke einen berichtigten Auftrag."},
    "jm.no_secret": {"en": "This mail was not counted: an order counts only when it is sent "
                           "to the player's own order address, the one on their sheet. "
                           "Nothing was changed.",
                     "de": "Diese Mail zählt nicht: ein Auftrag zählt nur, wenn er an die "
                           "eigene Auftragsadresse geht, die auf dem eigenen Blatt steht. "
                           "Nichts wurde geändert."},
    "jm.no_text": {"en": "Your mail has no plain-text part, so it was not counted; write the "
                         "order as plain text (not HTML alone) and send it again.",
                   "de": "Deine Mail hat keinen reinen Text und zählt daher nicht; schreibe "
                         "den Auftrag als reinen Text (nicht nur HTML) und schicke ihn "
                         "noch einmal."},
    "jm.unreadable": {"en": "Your mail could not be read ({detail}), so it was not counted; "
                            "send the order again as plain text (UTF-8).",
                      "de": "Deine Mail war nicht lesbar ({detail}) und zählt daher nicht; "
                            "schicke den Auftrag noch einmal als reinen Text (UTF-8)."},
    "jm.too_big": {"en": "Your mail is too big ({size} bytes, at most {limit}), so it was "
                         "not read; send the order alone as plain text.",
                   "de": "Deine Mail ist zu groß ({size} Bytes, höchstens {limit}) und "
                         "wurde nicht gelesen; schicke nur den Auftrag als reinen Text."},
    "jm.too_nested": {"en": "Your mail has too many parts (at most {parts}, nested at most "
                            "{depth} deep), so it was not read; send the order alone as "
                            "plain text.",
                      "de": "Deine Mail hat zu viele Teile (höchstens {parts}, höchstens "
                            "{depth} tief verschachtelt) und wurde nicht gelesen; schicke "
                            "nur den Auftrag als reinen Text."},
    "jm.over": {"en": "The game is over; no more orders are taken.",
                "de": "Die Partie ist zu Ende; es werden keine Aufträge mehr angenommen."},
    "jm.by_hand": {"en": "The game master took this order for you by hand.",
                   "de": "Die Spielleitung hat diesen Auftrag für dich von Hand "
                         "angenommen."},
    # by mail: the loop's log and what the game master reads
    "jm.log.papers": {"en": "round {round}: sheets and report queued for every player",
                      "de": "Runde {round}: Blätter und Bericht für alle eingereiht"},
    "jm.log.machine": {"en": "mail {mail} from {sender}: sent by a machine; not answered",
                       "de": "Mail {mail} von {sender}: von einem Programm; keine Antwort"},
    "jm.log.no_secret": {"en": "mail {mail} from {sender}: no player's secret; refused",
                         "de": "Mail {mail} von {sender}: kein Geheimnis eines Mitspielenden; "
                               "abgelehnt"},
    "jm.log.not_refused": {"en": "mail {mail} from {sender}: no player's secret; not "
                                 "answered (at most {per_address} refusals an hour to one "
                                 "address and {per_hour} in all)",
                           "de": "Mail {mail} von {sender}: kein Geheimnis eines "
                                 "Mitspielenden; keine Antwort (höchstens {per_address} "
                                 "Ablehnungen je Stunde an eine Adresse und {per_hour} "
                                 "insgesamt)"},
    "jm.log.refused": {"en": "mail {mail} of {name}: unreadable; refused",
                       "de": "Mail {mail} von {name}: nicht lesbar; abgelehnt"},
    "jm.log.over": {"en": "mail {mail} of {name}: the game is over; not counted",
                    "de": "Mail {mail} von {name}: die Partie ist zu Ende; zählt nicht"},
    "jm.log.accepted": {"en": "mail {mail}: order of {name} accepted",
                        "de": "Mail {mail}: Auftrag von {name} angenommen"},
    "jm.log.mistakes": {"en": "mail {mail}: order of {name} has mistakes; not counted",
                        "de": "Mail {mail}: Auftrag von {name} hat Fehler; zählt nicht"},
    "jm.log.internal": {"en": "mail {mail}: internal error, not answered; report: {report}",
                        "de": "Mail {mail}: interner Fehler, keine Antwort; Bericht: {report}"},
    "jm.log.cannot_resolve": {"en": "round {round} cannot be resolved: {why}",
                              "de": "Runde {round} lässt sich nicht auswerten: {why}"},
    "jm.log.sent": {"en": "mails sent: {count}", "de": "Mails verschickt: {count}"},
    "jm.log.smtp_failed": {"en": "mails waiting: {count}; the SMTP server refused "
                                 "({detail}); trying again next cycle",
                           "de": "Mails im Ausgang: {count}; der SMTP-Server lehnte ab "
                                 "({detail}); nächster Versuch im nächsten Durchgang"},
    "jm.config_unreadable": {"en": "{path}: not a TOML file of mail settings ({detail})",
                             "de": "{path}: keine TOML-Datei mit Mail-Einstellungen "
                                   "({detail})"},
    "jm.config_key": {"en": "{path}: no setting {setting} (settings: {known})",
                      "de": "{path}: keine Einstellung {setting} (Einstellungen: {known})"},
    "jm.config_value": {"en": "{path}: {setting} must be {form}",
                        "de": "{path}: {setting} muss {form} sein"},
    "jm.status.undeliverable": {"en": "refused for good by the SMTP server: {count} (in "
                                      "{folder}/)",
                                "de": "vom SMTP-Server endgültig abgelehnt: {count} (in "
                                      "{folder}/)"},
    "jm.log.undeliverable": {"en": "the SMTP server refused the mail to {to} ({subject}) for "
                                   "good ({detail}); it is kept in {folder}/, not sent again",
                             "de": "der SMTP-Server lehnte die Mail an {to} ({subject}) "
                                   "endgültig ab ({detail}); sie liegt in {folder}/ und wird "
                                   "nicht noch einmal gesendet"},
    "jm.log.by_hand": {"en": "order of {name} accepted by hand",
                       "de": "Auftrag von {name} von Hand angenommen"},
    "jm.resent": {"en": "the mail of round {round} for {name} waits in the outbox; the "
                        "loop's next cycle sends it",
                  "de": "die Mail der Runde {round} für {name} wartet im Ausgang; der "
                        "nächste Durchgang verschickt sie"},
    "jm.accepted_by_hand": {"en": "the order of {name} is accepted; {name} is told by mail",
                            "de": "der Auftrag von {name} ist angenommen; {name} erfährt es "
                                  "per Mail"},
    "jm.status.player": {"en": "  {name}: mail to {address}, orders from {orders}; order "
                               "by: {how}",
                         "de": "  {name}: Mail an {address}, Aufträge von {orders}; Auftrag "
                               "per: {how}"},
    "jm.status.by_mail": {"en": "mail", "de": "Mail"},
    "jm.status.by_hand": {"en": "hand", "de": "Hand"},
    "jm.status.deadline": {"en": "deadline of the round: {when}",
                           "de": "Einsendeschluss der Runde: {when}"},
    "jm.status.no_deadline": {"en": "no deadline: the round waits for every order",
                              "de": "kein Einsendeschluss: die Runde wartet auf alle "
                                    "Aufträge"},
    "jm.status.counts": {"en": "mails taken: {taken}; waiting to go out: {outbox}; papers "
                               "sent up to round {papers}",
                         "de": "Mails angenommen: {taken}; im Ausgang: {outbox}; Unterlagen "
                               "verschickt bis Runde {papers}"},
    "jm.status.log": {"en": "the loop's last steps (mail/log.txt):",
                      "de": "die letzten Schritte der Schleife (mail/log.txt):"},
    # by mail: the game master's refusals
    "jm.no_setup": {"en": "{folder} is not set up for mail; give --judge ADDRESS and "
                          "--address NAME=ADDRESS for every player",
                    "de": "{folder} ist nicht für Mail eingerichtet; gib --judge ADRESSE und "
                          "--address NAME=ADRESSE für alle Mitspielenden an"},
    "jm.no_judge": {"en": "give the judge's own address with --judge ADDRESS",
                    "de": "gib die Adresse der Spielleitung mit --judge ADRESSE an"},
    "jm.bad_address": {"en": "{item!r} is not NAME=ADDRESS with a mail address",
                       "de": "{item!r} ist nicht NAME=ADRESSE mit einer Mailadresse"},
    "jm.missing_address": {"en": "no mail address for {names}; give --address NAME=ADDRESS",
                           "de": "keine Mailadresse für {names}; gib --address NAME=ADRESSE "
                                 "an"},
    "jm.bad_state": {"en": "{path}: the mail state cannot be read ({detail})",
                     "de": "{path}: der Mail-Zustand ist nicht lesbar ({detail})"},
    "jm.no_smtp": {"en": "no SMTP server: give --smtp smtp://HOST:PORT (or set "
                         "STELLWERK_JUDGE_SMTP)",
                   "de": "kein SMTP-Server: gib --smtp smtp://HOST:PORT an (oder setze "
                         "STELLWERK_JUDGE_SMTP)"},
    "jm.two_sources": {"en": "give either --imap or --maildir, not both",
                       "de": "gib entweder --imap oder --maildir an, nicht beides"},
    "jm.bad_imap": {"en": "{url}: not an IMAP mailbox; write "
                          "imaps://USER:PASSWORD@HOST[:PORT][/MAILBOX] (TLS), "
                          "imap://...?tls=starttls or imap://... (in the clear); "
                          "a private CA: cafile=PATH in the query",
                    "de": "{url}: kein IMAP-Postfach; schreibe "
                          "imaps://NAME:PASSWORT@HOST[:PORT][/POSTFACH] (TLS), "
                          "imap://...?tls=starttls oder imap://... (unverschlüsselt); "
                          "eine eigene CA: cafile=PFAD in der Abfrage"},
    "jm.imap_failed": {"en": "{mailbox}: the IMAP server cannot be read ({detail})",
                       "de": "{mailbox}: der IMAP-Server ist nicht lesbar ({detail})"},
    "jm.bad_maildir": {"en": "{path} is not a Maildir (it needs new/ and cur/)",
                       "de": "{path} ist kein Maildir (es braucht new/ und cur/)"},
    "jm.no_papers": {"en": "no papers of round {round} to send",
                     "de": "keine Unterlagen der Runde {round} zum Verschicken"},
})


def texts(key: str, **params: Any) -> dict[str, str]:
    """The judge's text `key` in every language."""
    return in_every_language(CATALOG, key, **params)


def text(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, **params)
