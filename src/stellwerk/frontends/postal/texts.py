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
})


def texts(key: str, **params: Any) -> dict[str, str]:
    """The judge's text `key` in every language."""
    return in_every_language(CATALOG, key, **params)


def text(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, **params)
