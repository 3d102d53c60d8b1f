"""Linie 1's words for the postal judge, in English and German: every mistake the
judge finds in a Linie 1 order file, the judge's texts that name the parts of an order
(placements; `core.postal.GAME_WORDS`), and the reports and sheets it writes
(`reports.py`). The judge's other words are its own (`stellwerk.frontends.postal.terms`).
"""

from __future__ import annotations

from typing import Any

from stellwerk.core.i18n import Catalog, in_every_language

CATALOG = Catalog({
    # what the commands print
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
    # refusals
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
    # the public report and the private sheets (reports.py)
    "report": {"en": "Linie 1 — public report of round {round}",
               "de": "Linie 1 — öffentlicher Bericht zu Runde {round}"},
    "lots": {"en": "Priority {tier}, order drawn by lot: {seats}",
             "de": "Priorität {tier}, ausgeloste Reihenfolge: {seats}"},
    "placements": {"en": "Placements:", "de": "Gelegte Plättchen:"},
    "none": {"en": "  (none)", "de": "  (keine)"},
    "took_back": {"en": " (took back a {tile})", "de": " ({tile} zurück auf die Hand)"},
    "stop_placed": {"en": ", stop sign {stops} placed", "de": ", Haltestelle {stops} errichtet"},
    "completed": {"en": "Line completed: {name}, route {length} tiles, score {score}",
                  "de": "Linie fertig: {name}, Strecke {length} Plättchen, Wertung {score}"},
    "board_after": {"en": "Board after the round:", "de": "Spielplan nach der Runde:"},
    "standings": {"en": "Standings:", "de": "Stand:"},
    "done": {"en": "  {name}: line complete in round {round}, route {length} tiles, score "
                   "{score}",
             "de": "  {name}: Linie fertig in Runde {round}, Strecke {length} Plättchen, "
                   "Wertung {score}"},
    "open": {"en": "  {name}: not complete, {hand} {hand|tile|tiles} in hand",
             "de": "  {name}: noch nicht fertig, {hand} Plättchen auf der Hand"},
    "pile": {"en": "Tiles left in the pile: {n}", "de": "Plättchen im Vorrat: {n}"},
    "over": {"en": "The game is over.", "de": "Das Spiel ist zu Ende."},
    "revealed": {"en": "  {name} had line {line} with stops {stops}",
                 "de": "  {name} hatte Linie {line} mit den Haltestellen {stops}"},
    "due": {"en": "Orders for round {round} are due.",
            "de": "Aufträge für Runde {round} bitte einsenden."},
    "begins": {"en": "Linie 1 — a postal game begins", "de": "Linie 1 — ein Postspiel beginnt"},
    "players_line": {"en": "Players: {names}", "de": "Mitspieler: {names}"},
    "limit": {"en": "Round limit: {n}", "de": "Rundenbegrenzung: {n}"},
    "sheet_for": {"en": "Linie 1 — PRIVATE sheet of {name} — for round {round}",
                  "de": "Linie 1 — PRIVATES Blatt für {name} — zu Runde {round}"},
    "sheet_after": {"en": "Linie 1 — PRIVATE sheet of {name} — after round {round}",
                    "de": "Linie 1 — PRIVATES Blatt für {name} — nach Runde {round}"},
    "your_line": {"en": "Your line: {line}, from {terminals}",
                  "de": "Deine Linie: {line}, von {terminals}"},
    "terminal": {"en": "the {edge} edge of {squares}", "de": "Rand {edge} von {squares}"},
    "to": {"en": " to ", "de": " nach "},
    "your_stops": {"en": "Your stops (any order): {stops}",
                   "de": "Deine Haltestellen (beliebige Reihenfolge): {stops}"},
    "stop": {"en": "{letter} {name} (building on {square}, {where})",
             "de": "{letter} {name} (Gebäude auf {square}, {where})"},
    "stop_on": {"en": "stop sign on {square}", "de": "Haltestelle auf {square}"},
    "no_stop": {"en": "no stop sign yet", "de": "noch keine Haltestelle"},
    "your_hand": {"en": "Your hand ({n}): {tiles}", "de": "Deine Hand ({n}): {tiles}"},
    "empty": {"en": "(empty)", "de": "(leer)"},
    "tree": {"en": "tree tile", "de": "Baumplättchen"},
    "your_done": {"en": "Your line is complete since round {round}: route {length} tiles, "
                        "score {score}.",
                  "de": "Deine Linie ist seit Runde {round} fertig: Strecke {length} "
                        "Plättchen, Wertung {score}."},
    "send": {"en": "Send your order for round {round}: at most {most} placements.",
             "de": "Schicke deinen Auftrag für Runde {round}: höchstens {most} Plättchen."},
    "no_order": {"en": "No order arrived from: {names} (they laid nothing).",
                 "de": "Kein Auftrag kam von: {names} (sie legten nichts)."},
    "all_ordered": {"en": "Every player sent an order.",
                    "de": "Alle haben einen Auftrag geschickt."},
    "your_results": {"en": "Your order in round {round}:",
                     "de": "Dein Auftrag in Runde {round}:"},
    "no_placements": {"en": "  you laid nothing", "de": "  du hast nichts gelegt"},
    "drawn": {"en": "Tiles drawn after round {round}: {tiles}",
              "de": "Nachgezogen nach Runde {round}: {tiles}"},
    "legend": {"en": "Legend:", "de": "Legende:"},
    "help": {"en": """How to write your order (one placement per line, priority 1 first):
    H2 straight 90
    G3 curve 270
  Tiles: straight, curve, straight-curve-left, straight-curve-right, curves-meeting,
  curves-apart, straight-two-curves, straight-end-curves, four-curves, crossing,
  straight-opposite-curves, straight-opposite-curves-mirrored (German names work too:
  gerade, kurve, ...). Rotation: 0, 90, 180 or 270 degrees clockwise from the tile as
  drawn in the rules (straight N-S, curve N-E). 'pass' or an empty file lays nothing.""",
             "de": """So schreibst du deinen Auftrag (ein Plättchen pro Zeile, Priorität 1 zuerst):
    H2 gerade 90
    G3 kurve 270
  Plättchen: gerade, kurve, gerade-kurve-links, gerade-kurve-rechts, kurven-zusammen,
  kurven-getrennt, gerade-zwei-kurven, gerade-endkurven, vier-kurven, kreuzung,
  gerade-gegenkurven, gerade-gegenkurven-gespiegelt (englische Namen gehen auch).
  Drehung: 0, 90, 180 oder 270 Grad im Uhrzeigersinn, ausgehend vom Plättchen wie in
  den Regeln gezeichnet (gerade N-S, kurve N-E; Ränder N, E = Osten, S, W).
  'passe' oder eine leere Datei: nichts."""},
})


def texts(key: str, **params: Any) -> dict[str, str]:
    """The judge's text `key` in every language."""
    return in_every_language(CATALOG, key, **params)


def text(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text(key, lang, **params)
