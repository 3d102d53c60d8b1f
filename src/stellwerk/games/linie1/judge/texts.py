"""Linie 1's words for the postal judge, in English and German: every mistake the
judge finds in a Linie 1 order file, and the judge's texts that name the parts of an
order (placements; `core.postal.GAME_WORDS`). The judge's other words are its own
(`stellwerk.frontends.postal.texts`); the reports and sheets have their catalogue in
`reports.py`.
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.i18n import Catalog, in_every_language

CATALOG = Catalog({
    # the judge's texts that name the parts of an order
    "jd.status.would_fail": {"en": "order in ({file}), but on the board as it is now these "
                                   "placements would fail: {placements}; see `check`",
                             "de": "Auftrag da ({file}), aber auf dem jetzigen Plan würden "
                                   "diese Einträge scheitern: {placements}; siehe `check`"},
    "jd.check.would_fail": {"en": "{path}: resolve accepts this order, but on the board as "
                                  "{name} sees it now these placements would fail (only "
                                  "another player's tile of this round could change that):",
                            "de": "{path}: die Auswertung nimmt diesen Auftrag an, aber auf "
                                  "dem Plan, wie {name} ihn jetzt sieht, würden diese "
                                  "Einträge scheitern (nur ein Plättchen eines anderen in "
                                  "dieser Runde könnte das ändern):"},
    "jd.resolved.missing": {"en": "; no order from {names} (no placements)",
                            "de": "; kein Auftrag von {names} (legt nichts)"},
    # mistakes in an order file, each named with its line
    "jd.m.priority": {"en": "priority {given} is out of place: this is placement {n} (list "
                            "placements in priority order, 1 first)",
                      "de": "Priorität {given} steht falsch: dies ist Eintrag {n} (die "
                            "Einträge in der Reihenfolge ihrer Priorität, 1 zuerst)"},
    "jd.m.too_many": {"en": "more than {most} placements",
                      "de": "mehr als {most} Plättchen"},
    "jd.m.pass_and_placements": {"en": "'pass' means no placements, but the file also has "
                                       "placements",
                                 "de": "'passe' heißt: nichts legen, aber die Datei hat auch "
                                       "Einträge"},
    "jd.m.json_shape": {"en": "a JSON order is an object with 'placements' (and optionally "
                              "'player', 'round') or a list of placements",
                        "de": "ein JSON-Auftrag ist ein Objekt mit 'placements' (und wahlweise "
                              "'player', 'round') oder eine Liste von Einträgen"},
    "jd.m.placements_list": {"en": "'placements' must be a list",
                             "de": "'placements' muss eine Liste sein"},
    "jd.m.json_kind": {"en": "a JSON order is an object or a list",
                       "de": "ein JSON-Auftrag ist ein Objekt oder eine Liste"},
    "jd.m.json_placement": {"en": 'a placement is {{"square": "H2", "tile": "straight", '
                                  '"rotation": 90}}',
                            "de": 'ein Eintrag ist {{"square": "H2", "tile": "straight", '
                                  '"rotation": 90}}'},
    "jd.m.outside": {"en": "is a link to a file outside the game folder; refusing to read it",
                     "de": "ist ein Verweis auf eine Datei außerhalb des Spielordners; sie "
                           "wird nicht gelesen"},
    "jd.m.not_utf8": {"en": "not UTF-8 text", "de": "kein UTF-8-Text"},
    "jd.m.other_player": {"en": "this order is for {value!r}, not {player!r}",
                          "de": "dieser Auftrag ist für {value!r}, nicht für {player!r}"},
    "jd.m.other_round": {"en": "this order is for round {value}, the round now is {round}",
                         "de": "dieser Auftrag ist für Runde {value}, jetzt ist Runde "
                               "{round}"},
    "jd.m.placement": {"en": "placement {n}: {why[en]}", "de": "Eintrag {n}: {why[de]}"},
    # a file's words that are themselves another catalogue's (notation, rules, reading)
    "jd.m.reason": {"en": "{why[en]}", "de": "{why[de]}"},
})


def texts(key: str, **params: Any) -> dict[str, str]:
    """The text `key` in every language."""
    return in_every_language(CATALOG, key, **params)
