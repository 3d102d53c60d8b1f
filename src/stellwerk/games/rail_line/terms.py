"""English and German words for Rail Line (symbols, prompts, messages)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # names of the study figures (study_figures.py STUDY_KEYS)
    "rl.study.rows": {"en": "Sheet rows filled (share of the row's boxes marked)",
                      "de": "Zeilen der Wertungsblätter gefüllt (Anteil der markierten "
                            "Kästchen)"},
    "rl.study.symbols": {"en": "Symbols gained per seat (marked, past a full row, or lost)",
                         "de": "Gewonnene Symbole je Platz (markiert, über eine volle Zeile "
                               "hinaus oder verloren)"},
    "rl.study.sheet": {"en": "Sheet per seat", "de": "Wertungsblatt je Platz"},
    "rl.study.boxes_marked": {"en": "boxes marked", "de": "markierte Kästchen"},
    "rl.study.full_rows": {"en": "full rows", "de": "volle Zeilen"},
    "rl.study.coins_left": {"en": "coins left", "de": "übrige Münzen"},
    "rl.study.refusals": {"en": "refusals", "de": "Ablehnungen"},
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
    "rl.curve_card": {"en": "Curve {n}", "de": "Kurve {n}"},
    "rl.offer": {"en": "Offer", "de": "Auslage"},
    "rl.hand": {"en": "Your hand", "de": "Deine Hand"},
    # `stellwerk pack`: what the game uses of a pack (pack_check.pack_figures)
    "rl.fig.cards": {"en": "railway cards: {a} A and {b} B (the line is 24 cards in three "
                           "rows of eight)",
                     "de": "Streckenkarten: {a} A und {b} B (die Strecke sind 24 Karten in "
                           "drei Reihen zu acht)"},
    "rl.fig.sheet": {"en": "record sheet {name}: {rows} {rows|row|rows} of {boxes} "
                           "{boxes|box|boxes}",
                     "de": "Wertungsblatt {name}: {rows} {rows|Zeile|Zeilen} mit {boxes} "
                           "{boxes|Feld|Feldern}"},
    "rl.deck": {"en": "B deck: {n} {n|card|cards}", "de": "B-Stapel: {n} {n|Karte|Karten}"},
    "rl.deck_short": {"en": "B deck {n}", "de": "B-Stapel {n}"},
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
    "rl.status.gain_used": {"en": "gain used", "de": "Markieren genutzt"},
    "rl.status.gain_unused": {"en": "gain unused", "de": "Markieren frei"},
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
    # the record sheet drawn with its structure
    "rl.sheet_of": {"en": "Record sheet {name}: {seat}",
                    "de": "Wertungsblatt {name}: {seat}"},
    "rl.summary_short": {"en": "{score} VP, coins {coins}, hand {hand}",
                         "de": "{score} P., Münzen {coins}, Hand {hand}"},
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
    "rl.boxes_legend": {"en": "[n] counts (n) not yet", "de": "[n] zählt (n) noch nicht"},
    "rl.card_locos": {"en": "●fast ○slow", "de": "●schnell ○Bummel"},
    "rl.legend.next": {
        "en": "'next' is worked out on the whole sheet: chains, red lines, Forest x Sawmill, "
              "the Passenger majority and the Factory exchange included.",
        "de": "'nächstes' ist auf dem ganzen Blatt gerechnet: Ketten, rote Linien, Holz x "
              "Sägewerk, die Reisenden-Mehrheit und der Fabrik-Tausch eingeschlossen."},
    "rl.note.full": {"en": "row full: coins instead: {coins}",
                     "de": "Zeile voll: stattdessen Münzen: {coins}"},
    "rl.note.needs_above": {"en": "counts only once {row} box {box} is marked",
                            "de": "zählt erst, wenn {row} Kästchen {box} markiert ist"},
    "rl.note.red_line": {"en": "red line: lost unless {row} box {box} is marked",
                         "de": "rote Linie: verloren, solange {row} Kästchen {box} leer ist"},
    "rl.note.feeds": {"en": "lets {row} box {box} count",
                      "de": "lässt {row} Kästchen {box} zählen"},
    "rl.note.opens": {"en": "opens the red line before {row} box {box}",
                      "de": "öffnet die rote Linie vor {row} Kästchen {box}"},
    "rl.breakdown": {"en": "Score now {n}: ", "de": "Punkte jetzt {n}: "},
    # an action in words (the hint)
    "rl.why.marks": {"en": "marks {symbols}", "de": "markiert {symbols}"},
    "rl.why.coins": {"en": "coins {before} → {after}", "de": "Münzen {before} → {after}"},
    "rl.why.score": {"en": "your score {before} → {after}",
                     "de": "deine Punkte {before} → {after}"},
    "rl.why.same": {"en": "your score stays {score} for now",
                    "de": "deine Punkte bleiben vorerst {score}"},
    "rl.majority.held": {"en": "(×2: most Passengers)", "de": "(×2: die meisten Passagiere)"},
    "rl.majority.lost": {"en": "(not ×2: {rivals} as many or more)",
                         "de": "(nicht ×2: {rivals} gleich viele oder mehr)"},
    "rl.forest_times_sawmill": {"en": "Forest {a} x Sawmill {b} = {n}",
                                "de": "Holz {a} x Sägewerk {b} = {n}"},
    "rl.part.passengers_mail": {"en": "Passengers/Mail", "de": "Reisende/Post"},
    "rl.part.forest_sawmill": {"en": "Forest-Sawmill chain", "de": "Holz-Sägewerk-Kette"},
    # decisions with their facts
    "rl.side_carries": {"en": "Side {n}: {tracks}", "de": "Seite {n}: {tracks}"},
    "rl.refusal.coming": {
        "en": "This station also gives you {coming} after {symbol}; you will be asked "
              "about it next.",
        "de": "Dieser Bahnhof gibt dir nach {symbol} auch {coming}; danach wirst du "
              "dazu gefragt."},
    "rl.refusal.free_move": {
        "en": "You chose {symbol} with your free move. It came in another player's turn, so "
              "you may still take 1 coin instead (the locomotive stays where it went).",
        "de": "Du hast {symbol} mit deiner Freifahrt gewählt. Sie kam im Zug einer anderen "
              "Person, darum darfst du stattdessen 1 Münze nehmen (der Zug bleibt, wo er "
              "hinfuhr)."},
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
    # decisions by pointing at the table's pictures (pointing.py): what each step asks
    "rl.point.side": {"en": "Which side of the Starting Station?",
                      "de": "Welche Seite der Startbahnhofkarte?"},
    "rl.point.track": {"en": "Which track?", "de": "Welches Gleis?"},
    "rl.point.what": {"en": "What do you do?", "de": "Was tust du?"},
    "rl.point.how": {"en": "What do you do with the card?", "de": "Was tust du mit der Karte?"},
    "rl.point.symbol": {"en": "Which symbol?", "de": "Welches Symbol?"},
    "rl.point.side_card": {"en": "Side {n}", "de": "Seite {n}"},
    "rl.point.card": {"en": "card {card}", "de": "Karte {card}"},
    "rl.point.station": {"en": "slow locomotive {n} {n|station|stations} on",
                         "de": "Bummelzug {n} {n|Bahnhof|Bahnhöfe} weiter"},
    "rl.point.second": {"en": "lay it as a second card (1 coin)",
                        "de": "als zweite Gleiskarte spielen (1 Münze)"},
    "rl.point.discard": {"en": "discard it, gain 1 coin", "de": "abwerfen, 1 Münze erhalten"},
    # actions
    "rl.do.side": {"en": "Starting Station side {arg}", "de": "Startbahnhof Seite {arg}"},
    "rl.do.track": {"en": "take track {arg}", "de": "nimm Gleis {arg}"},
    "rl.do.lay": {"en": "lay {arg}", "de": "lege {arg}"},
    "rl.do.pass": {"en": "no optional action", "de": "keine zusätzliche Aktion"},
    "rl.do.slow": {"en": "move the slow locomotive on, stations: {arg} (1 coin)",
                   "de": "Bummelzug weiter, Bahnhöfe: {arg} (1 Münze)"},
    "rl.do.free": {"en": "free move of the slow locomotive, stations: {arg}",
                   "de": "Freifahrt des Bummelzugs, Bahnhöfe: {arg}"},
    "rl.do.second": {"en": "lay a second card {arg} (1 coin)",
                     "de": "zweite Gleiskarte {arg} spielen (1 Münze)"},
    "rl.do.discard": {"en": "discard {arg}, gain 1 coin", "de": "{arg} abwerfen, 1 Münze erhalten"},
    "rl.do.gain": {"en": "gain any symbol (2 coins, once per game)",
                   "de": "1 Kästchen markieren (2 Münzen, einmal pro Spiel)"},
    "rl.do.decline": {"en": "decline the free move", "de": "auf die Freifahrt verzichten"},
    "rl.do.keep": {"en": "keep the symbol", "de": "Symbol behalten"},
    "rl.do.refuse": {"en": "refuse the symbol, take 1 coin",
                     "de": "Symbol ablehnen, 1 Münze nehmen"},
    # refusal reasons: every key the engine raises (tests/test_i18n_complete.py checks)
    "rl.over": {"en": "the game is over", "de": "das Spiel ist vorbei"},
    "rl.not_over": {"en": "the game is not over yet", "de": "das Spiel ist noch nicht vorbei"},
    "rl.no_seat": {"en": "there is no seat {seat}", "de": "es gibt keinen Platz {seat}"},
    "rl.not_your_decision": {"en": "it is seat {owner}'s decision, not seat {seat}'s",
                             "de": "Platz {owner} entscheidet gerade, nicht Platz {seat}"},
    "rl.malformed": {"en": "{action!r} is not a Rail Line action",
                     "de": "{action!r} ist keine Rail-Line-Aktion"},
    "rl.unknown_verb": {"en": "{verb!r} is not a Rail Line action",
                        "de": "{verb!r} ist keine Rail-Line-Aktion"},
    "rl.wrong_time": {"en": "{verb!r} is not possible now: {asked}",
                      "de": "„{verb}“ ist jetzt nicht möglich: {asked_texts[de]}"},
    # what is asked instead (the engine's phase), for rl.wrong_time in every language
    "rl.asked.side": {"en": "the starting player chooses the Starting Station side",
                      "de": "der Startspieler wählt die Seite der Startbahnhofkarte"},
    "rl.asked.track": {"en": "a track must be chosen", "de": "ein Gleis muss gewählt werden"},
    "rl.asked.lay": {"en": "a railway card must be laid",
                     "de": "eine Gleiskarte muss gespielt werden"},
    "rl.asked.optional": {"en": "choose an optional action or pass",
                          "de": "wähle eine zusätzliche Aktion oder passe"},
    "rl.asked.final": {"en": "choose a final optional action or pass",
                       "de": "wähle eine letzte zusätzliche Aktion oder passe"},
    "rl.asked.free": {"en": "take or decline the free move",
                      "de": "nimm die freie Fahrt oder verzichte"},
    "rl.asked.refuse": {"en": "keep the symbol or refuse it for a coin",
                        "de": "behalte das Symbol oder lehne es für eine Münze ab"},
    "rl.bad_side": {"en": "the Starting Station has sides 1 and 2",
                    "de": "die Startbahnhofkarte hat die Seiten 1 und 2"},
    "rl.bad_track": {"en": "tracks are numbered 1 to 3",
                     "de": "die Gleise sind von 1 bis 3 nummeriert"},
    "rl.track_taken": {"en": "track {track} is already taken",
                       "de": "Gleis {track} ist schon vergeben"},
    "rl.no_coin": {"en": "a second card costs {cost} coin; you have {coins}",
                   "de": "eine zweite Karte kostet {cost} Münze; du hast {coins}"},
    "rl.line_full": {"en": "no card can be laid: the line is complete",
                     "de": "keine Karte kann mehr gelegt werden: die Strecke ist fertig"},
    "rl.card_unavailable": {"en": "card {card} is neither in your hand nor in the offer",
                            "de": "Karte {card} ist weder auf deiner Hand noch in der Auslage"},
    "rl.not_in_hand": {"en": "card {card} is not in your hand",
                       "de": "Karte {card} ist nicht auf deiner Hand"},
    "rl.no_coin_slow": {"en": "moving the slow locomotive costs {cost} coin; you have none",
                        "de": "den Bummelzug zu fahren kostet {cost} Münze; du hast keine"},
    "rl.bad_steps": {"en": "the slow locomotive moves 1 to 5 stations",
                     "de": "der Bummelzug fährt 1 bis 5 Bahnhöfe weit"},
    "rl.too_far": {"en": "only {n} {n|station lies|stations lie} ahead of your slow locomotive",
                   "de": "nur {n} {n|Bahnhof liegt|Bahnhöfe liegen} vor deinem Bummelzug"},
    "rl.bad_symbol": {"en": "that station shows {names}; name one of them",
                      "de": "dieser Bahnhof zeigt {names}; nenne eines davon"},
    "rl.no_symbol": {"en": "that station has no symbol to mark",
                     "de": "dieser Bahnhof hat kein Symbol zum Markieren"},
    "rl.gain_used": {"en": "'gain any symbol' may be used only once per game",
                     "de": "„beliebiges Symbol markieren“ geht nur einmal pro Spiel"},
    "rl.no_coins_gain": {"en": "'gain any symbol' costs {cost} coins; you have {coins}",
                         "de": "„beliebiges Symbol markieren“ kostet {cost} Münzen; du hast "
                               "{coins}"},
    "rl.bad_symbol_name": {"en": "{symbol!r} is not a symbol",
                           "de": "{symbol!r} ist kein Symbol"},
    "rl.row_closed": {"en": "the {symbol} row has no box you may mark",
                      "de": "in der Zeile {symbol} ist kein Kästchen frei, das du markieren "
                            "darfst"},
    # notation errors: `why` is the reason, a Term said in the reader's language
    "rl.bad_notation": {"en": "{notation!r}: {why}",
                        "de": "„{notation}“: {why}"},
    "rl.nt.not_number": {"en": "{word!r} is not a number", "de": "„{word}“ ist keine Zahl"},
    "rl.nt.not_symbol": {"en": "{word!r} is not a symbol (symbols: {symbols})",
                         "de": "„{word}“ ist kein Symbol (Symbole: reisende, post, kohle, "
                               "eisenerz, stahl, fabrik, holz, sägewerk, zuckerrübe, "
                               "zuckerfabrik, glasfabrik)"},
    "rl.nt.not_text": {"en": "an action is written as text",
                       "de": "eine Aktion wird als Text geschrieben"},
    "rl.nt.empty": {"en": "empty action", "de": "leere Eingabe"},
    "rl.nt.unknown": {"en": "unknown action {word!r} (actions: {known})",
                      "de": "unbekannte Aktion „{word}“ (Aktionen: seite, gleis, lege, passe, "
                            "bummel, zweite, abwerfen, markiere, frei, verzichte, behalte, "
                            "münze)"},
    "rl.nt.nothing_after": {"en": "{verb} takes nothing after it",
                            "de": "nach „{verb}“ folgt nichts"},
    "rl.nt.one_number": {"en": "{verb} takes one number",
                         "de": "„{verb}“ braucht genau eine Zahl"},
    "rl.nt.one_card": {"en": "{verb} takes one card, e.g. {verb} A07",
                       "de": "„{verb}“ braucht genau eine Karte, z. B. {verb} A07"},
    "rl.nt.move": {"en": "{verb} takes a number of stations and maybe a symbol, e.g. {verb} 2 "
                         "coal",
                   "de": "„{verb}“ braucht eine Zahl von Bahnhöfen und vielleicht ein Symbol, "
                         "z. B. {verb} 2 kohle"},
    "rl.nt.gain": {"en": "gain takes one symbol, e.g. gain glass",
                   "de": "„markiere“ braucht genau ein Symbol, z. B. markiere glasfabrik"},
    # what the game declares (meta.py): its one line and its options
    "rl.about": {"en": "A shared line of railway cards: run two locomotives on your own track "
                       "and mark the symbols of the stations on your record sheet.",
                 "de": "Eine gemeinsame Strecke aus Gleiskarten: fahre zwei Lokomotiven auf "
                       "deinem eigenen Gleis und markiere die Symbole der Bahnhöfe auf deinem "
                       "Wertungsblatt."},
    # why the game ended (`RailLineStudy.ending`)
    "rl.end.line_full": {"en": "The line is complete: all {n} cards are laid. The round was "
                               "played out and everyone had a last optional action.",
                         "de": "Die Strecke ist fertig: alle {n} Karten liegen. Die Runde "
                               "wurde zu Ende gespielt, alle hatten eine letzte freie Aktion."},
    "rl.end.deck": {"en": "The B deck ran out: its last card went into the offer. The round "
                          "was played out and everyone had a last optional action.",
                    "de": "Der B-Stapel ist aufgebraucht: seine letzte Karte kam in die "
                          "Auslage. Die Runde wurde zu Ende gespielt, alle hatten eine "
                          "letzte freie Aktion."},
    "rl.opt.sheet": {"en": "Record sheet", "de": "Wertungsblatt"},
    "rl.opt.sheet.help": {"en": "the record sheet everyone marks: I (basic) or II (advanced)",
                          "de": "das Wertungsblatt aller: I (Grundspiel) oder II "
                                "(Fortgeschrittene)"},
    "rl.opt.sheet.I": {"en": "I (basic)", "de": "I (Grundspiel)"},
    "rl.opt.sheet.II": {"en": "II (advanced)", "de": "II (Fortgeschrittene)"},
})


# the word a player types for each detail (`show TOPIC`, German `zeige THEMA`)
CATALOG.update({
    "topic.rail_line.line": {"en": "line", "de": "linie"},
    "topic.rail_line.cards": {"en": "cards", "de": "karten"},
    "topic.rail_line.sheet": {"en": "sheet", "de": "blatt"},
    "topic.rail_line.sheets": {"en": "sheets", "de": "blätter"},
    "topic.rail_line.log": {"en": "log", "de": "verlauf"},
    "topic.rail_line.legend": {"en": "legend", "de": "legende"},
})
