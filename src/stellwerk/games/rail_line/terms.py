"""English and German words for Rail Line (symbols, prompts, messages)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # symbols
    "passengers": {"en": "Passengers", "de": "Reisende"},
    "mail": {"en": "Mail", "de": "Post"},
    "coal": {"en": "Coal", "de": "Kohle"},
    "iron": {"en": "Iron ore", "de": "Eisenerz"},
    "steel": {"en": "Steel", "de": "Stahl"},
    "factory": {"en": "Factory", "de": "Fabrik"},
    "forest": {"en": "Forest", "de": "Holz"},
    "sawmill": {"en": "Sawmill", "de": "Sägewerk"},
    "beet": {"en": "Sugar beet", "de": "Zuckerrübe"},
    "sugar": {"en": "Sugar factory", "de": "Zuckerfabrik"},
    "glass": {"en": "Glassworks", "de": "Glasfabrik"},
    "free": {"en": "free move", "de": "Freifahrt"},
    "coins": {"en": "Coins", "de": "Münzen"},
    # table
    "rl.title": {"en": "Rail Line", "de": "Rail Line"},
    "rl.line": {"en": "The line", "de": "Die Strecke"},
    "rl.offer": {"en": "Offer", "de": "Auslage"},
    "rl.hand": {"en": "Your hand", "de": "Deine Hand"},
    "rl.deck": {"en": "B deck: {n} cards", "de": "B-Stapel: {n} Karten"},
    "rl.sheet": {"en": "Record sheet {name}", "de": "Wertungsblatt {name}"},
    "rl.track": {"en": "track", "de": "Gleis"},
    "rl.end_triggered": {"en": "The end is triggered: this round is the last.",
                         "de": "Das Spielende ist ausgelöst: dies ist die letzte Runde."},
    "rl.seat": {"en": "Seat {n}", "de": "Platz {n}"},
    "rl.card": {"en": "card", "de": "Karte"},
    "rl.pos": {"en": "pos", "de": "Pos."},
    "rl.locos": {"en": "● fast locomotive   ○ slow locomotive",
                 "de": "● Schnellzug   ○ Bummelzug"},
    "rl.marked_box": {"en": "[n] = marked box", "de": "[n] = markiertes Kästchen"},
    "rl.recent": {"en": "Recent: ", "de": "Zuletzt: "},
    "rl.score_now": {"en": "score now {n}", "de": "Punkte jetzt {n}"},
    "rl.hand_size": {"en": "hand {n}", "de": "Hand {n}"},
    "rl.refusals_left": {"en": "refusals left {n}", "de": "Ablehnungen übrig {n}"},
    "rl.gain_used": {"en": "gain used", "de": "Markieren genutzt"},
    "rl.gain_unused": {"en": "gain unused", "de": "Markieren frei"},
    # the event log
    # log lines as "seat: what happened", so one verb form fits "You" and every name
    "rl.ev.lay": {"en": "{seat}: lay {arg}", "de": "{seat}: {arg} legen"},
    "rl.ev.mark": {"en": "{seat}: mark {symbol}", "de": "{seat}: {symbol} markieren"},
    "rl.ev.overflow": {"en": " (row full: coins)", "de": " (Zeile voll: Münzen)"},
    "rl.ev.lost": {"en": " (lost: red line)", "de": " (verloren: rote Linie)"},
    "rl.ev.slow": {"en": "{seat}: slow locomotive {arg} on",
                   "de": "{seat}: Bummelzug {arg} weiter"},
    "rl.ev.start": {"en": "{seat}: track {arg}", "de": "{seat}: Gleis {arg}"},
    "rl.ev.refuse": {"en": "{seat}: a coin instead of a symbol",
                     "de": "{seat}: Münze statt Symbol"},
    "rl.ev.decline": {"en": "{seat}: no free move", "de": "{seat}: keine Freifahrt"},
    "rl.ev.discard": {"en": "{seat}: discard {arg}", "de": "{seat}: {arg} abwerfen"},
    # the record sheet drawn with its structure (issue 9, finding 1)
    "rl.sheet_of": {"en": "Record sheet {name}: {seat}",
                    "de": "Wertungsblatt {name}: {seat}"},
    "rl.summary_short": {"en": "{score} VP, {coins} coins, hand {hand}",
                         "de": "{score} P., {coins} Münzen, Hand {hand}"},
    "rl.summary_refusals": {"en": ", refusals {n}", "de": ", Ablehnungen {n}"},
    "rl.summary_gain_used": {"en": ", gain used", "de": ", Markieren genutzt"},
    "rl.summary_gain_free": {"en": ", gain free", "de": ", Markieren frei"},
    "rl.col.boxes": {"en": "boxes", "de": "Kästchen"},
    "rl.col.now": {"en": "now", "de": "jetzt"},
    "rl.col.next": {"en": "next", "de": "nächstes"},
    "rl.col.why": {"en": "why", "de": "warum"},
    "rl.sheet_legend": {
        "en": "[n] marked, counts   (n) marked, does not count yet   n free   | red line   "
              "↳ row under the row above   next: what marking the row now adds to the score",
        "de": "[n] markiert, zählt   (n) markiert, zählt noch nicht   n frei   | rote Linie   "
              "↳ Zeile unter der Zeile darüber   nächstes: was eine Markierung jetzt an "
              "Punkten bringt"},
    "rl.sheet_legend_short": {
        "en": "[n] counts  (n) not yet  | red line  ● fast  ○ slow locomotive",
        "de": "[n] zählt  (n) noch nicht  | rote Linie  ● Schnellzug  ○ Bummelzug"},
    "rl.legend.next": {
        "en": "'next' is worked out on the whole sheet: chains, red lines, Forest x Sawmill, "
              "the Passenger majority and the Factory exchange included.",
        "de": "'nächstes' ist auf dem ganzen Blatt gerechnet: Ketten, rote Linien, Holz x "
              "Sägewerk, die Reisenden-Mehrheit und der Fabrik-Tausch eingeschlossen."},
    "rl.note.full": {"en": "row full: {coins} coin(s) instead",
                     "de": "Zeile voll: stattdessen {coins} Münze(n)"},
    "rl.note.needs_above": {"en": "counts only once {row} box {box} is marked",
                            "de": "zählt erst, wenn {row} Kästchen {box} markiert ist"},
    "rl.note.red_line": {"en": "red line: lost unless {row} box {box} is marked",
                         "de": "rote Linie: verloren, solange {row} Kästchen {box} leer ist"},
    "rl.note.feeds": {"en": "lets {row} box {box} count",
                      "de": "lässt {row} Kästchen {box} zählen"},
    "rl.note.opens": {"en": "opens the red line before {row} box {box}",
                      "de": "öffnet die rote Linie vor {row} Kästchen {box}"},
    "rl.breakdown": {"en": "Score now {n}: ", "de": "Punkte jetzt {n}: "},
    "rl.forest_times_sawmill": {"en": "Forest {a} x Sawmill {b} = {n}",
                                "de": "Holz {a} x Sägewerk {b} = {n}"},
    "rl.part.passengers_mail": {"en": "Passengers/Mail", "de": "Reisende/Post"},
    "rl.part.forest_sawmill": {"en": "Forest-Sawmill chain", "de": "Holz-Sägewerk-Kette"},
    # decisions with their facts (issue 9, finding 4)
    "rl.side_carries": {"en": "Side {n}: {tracks}", "de": "Seite {n}: {tracks}"},
    "rl.refusal.coming": {
        "en": "This station also gives you {coming} after {symbol}; you will be asked "
              "about it next.",
        "de": "Dieser Bahnhof gibt dir nach {symbol} auch {coming}; danach wirst du "
              "dazu gefragt."},
    "rl.refusal.keep": {"en": "keep {symbol}: score {n} (with the symbols still to come)",
                        "de": "{symbol} behalten: Punkte {n} (mit den folgenden Symbolen)"},
    "rl.refusal.refuse": {"en": "refuse: 1 coin, score {n}",
                          "de": "ablehnen: 1 Münze, Punkte {n}"},
    "rl.refusal.loses": {"en": "; {lost} would then be lost (red line)",
                         "de": "; {lost} ginge dann verloren (rote Linie)"},
    # prompts
    "rl.ask.side": {"en": "choose the side of the Starting Station",
                    "de": "wähle die Seite der Startbahnhofkarte"},
    "rl.ask.track": {"en": "choose a free track", "de": "wähle ein freies Gleis"},
    "rl.ask.lay": {"en": "lay a railway card", "de": "spiele eine Gleiskarte"},
    "rl.ask.optional": {"en": "take an optional action or pass",
                        "de": "führe eine zusätzliche Aktion aus oder passe"},
    "rl.ask.final": {"en": "take a final optional action or pass",
                     "de": "führe eine letzte zusätzliche Aktion aus oder passe"},
    "rl.ask.refuse": {"en": "you gain {symbol} in another player's turn: keep it or take "
                            "1 coin instead",
                      "de": "du erhältst {symbol} im Zug einer anderen Person: behalten oder "
                            "stattdessen 1 Münze nehmen"},
    "rl.ask.free": {"en": "free move of your slow locomotive (or decline)",
                    "de": "freie Fahrt deines Bummelzugs (oder verzichten)"},
    # actions
    "rl.do.side": {"en": "Starting Station side {arg}", "de": "Startbahnhof Seite {arg}"},
    "rl.do.track": {"en": "take track {arg}", "de": "nimm Gleis {arg}"},
    "rl.do.lay": {"en": "lay {arg}", "de": "lege {arg}"},
    "rl.do.pass": {"en": "no optional action", "de": "keine zusätzliche Aktion"},
    "rl.do.slow": {"en": "move the slow locomotive {arg} station(s) (1 coin)",
                   "de": "Bummelzug {arg} Bahnhof/Bahnhöfe weiter (1 Münze)"},
    "rl.do.free": {"en": "free move: slow locomotive {arg} station(s)",
                   "de": "Freifahrt: Bummelzug {arg} Bahnhof/Bahnhöfe weiter"},
    "rl.do.second": {"en": "lay a second card {arg} (1 coin)",
                     "de": "zweite Gleiskarte {arg} spielen (1 Münze)"},
    "rl.do.discard": {"en": "discard {arg}, gain 1 coin", "de": "{arg} abwerfen, 1 Münze erhalten"},
    "rl.do.gain": {"en": "gain any symbol (2 coins, once per game)",
                   "de": "1 Kästchen markieren (2 Münzen, einmal pro Spiel)"},
    "rl.do.decline": {"en": "decline the free move", "de": "auf die Freifahrt verzichten"},
    "rl.do.keep": {"en": "keep the symbol", "de": "Symbol behalten"},
    "rl.do.refuse": {"en": "refuse the symbol, take 1 coin",
                     "de": "Symbol ablehnen, 1 Münze nehmen"},
})
