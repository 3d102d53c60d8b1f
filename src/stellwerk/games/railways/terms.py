"""English and German words for Railways (symbols, prompts, score parts, messages)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # names of the study figures (study_figures.py STUDY_KEYS)
    "rw.study.challenges": {"en": "Challenges met at the end (share of games; chosen or not)",
                            "de": "Herausforderungen am Ende erfüllt (Anteil der Partien; "
                                  "gewählt oder nicht)"},
    "rw.study.end": {"en": "At the end of the game", "de": "Am Ende der Partie"},
    "rw.study.chosen_met": {"en": "chosen challenges met",
                            "de": "gewählte Herausforderungen erfüllt"},
    "rw.study.pollution": {"en": "pollution", "de": "Luftverschmutzung"},
    "rw.study.goods_kinds": {"en": "goods kinds delivered", "de": "gelieferte Warensorten"},
    "rw.study.opened": {"en": "connections opened", "de": "erschlossene Bahnverbindungen"},
    "rw.study.upgraded": {"en": "connections upgraded", "de": "ausgebaute Bahnverbindungen"},
    # symbols
    "ticket": {"en": "ticket", "de": "Ticket"},
    "track": {"en": "track", "de": "Bahnstrecke"},
    "double": {"en": "double track", "de": "2 Bahnstrecken"},
    "passenger": {"en": "passenger", "de": "Passagier"},
    "worker": {"en": "rail worker", "de": "Bahnarbeiter"},
    "target-R": {"en": "target R", "de": "Ziel R"},
    "target-L": {"en": "target L", "de": "Ziel L"},
    "target-C": {"en": "target C", "de": "Ziel C"},
    "target-I": {"en": "target I", "de": "Ziel I"},
    "upgrade": {"en": "upgrade", "de": "aufwerten"},
    "clean": {"en": "reduce pollution", "de": "Luftverschmutzung verringern"},
    "build": {"en": "build region", "de": "Gebiet errichten"},
    "capital": {"en": "capital", "de": "Kapital"},
    # region types
    "R": {"en": "Residential", "de": "Wohngebiet"},
    "L": {"en": "Leisure", "de": "Freizeitpark"},
    "C": {"en": "Commercial", "de": "Gewerbegebiet"},
    "I": {"en": "Industrial", "de": "Industriegebiet"},
    # score parts and challenges
    "profit": {"en": "Profit", "de": "Gewinn"},
    "markers": {"en": "Connection markers x3", "de": "Verbindungsmarker x3"},
    "pollution": {"en": "Pollution", "de": "Luftverschmutzung"},
    "economist": {"en": "1 Economist", "de": "1 Der Ökonom"},
    "mayor": {"en": "2 Mayor", "de": "2 Der Bürgermeister"},
    "train_driver": {"en": "3 Train driver", "de": "3 Der Zugführer"},
    "engineer": {"en": "4 Engineer", "de": "4 Der Ingenieur"},
    "magnate": {"en": "5 Magnate", "de": "5 Der Eisenbahnmagnat"},
    # how far each challenge is (`show challenges`)
    "rw.progress.economist": {"en": "profit {profit} of {goal}",
                              "de": "Gewinn {profit} von {goal}"},
    "rw.progress.mayor": {"en": "region dice still on the board: {n}",
                          "de": "Gebietswürfel noch auf dem Plan: {n}"},
    "rw.progress.train_driver": {"en": "passengers reached: {reached}; missing: {missing}",
                                 "de": "Passagiere erreicht: {reached}; fehlt: {missing}"},
    "rw.progress.engineer": {"en": "connections upgraded: {n} of {total}; not yet: "
                                   "{waiting}",
                             "de": "Verbindungen ausgebaut: {n} von {total}; noch nicht: "
                                   "{waiting}"},
    # table
    "rw.round": {"en": "Round {round} of {rounds} (year {year})",
                 "de": "Runde {round} von {rounds} (Jahr {year})"},
    "rw.hand": {"en": "Your hand (action sides)", "de": "Deine Hand (Aktionsseiten)"},
    "rw.progress": {"en": "Progress", "de": "Fortschritt"},
    "rw.connections": {"en": "Connections", "de": "Bahnverbindungen"},
    "rw.challenges": {"en": "Challenges", "de": "Herausforderungen"},
    "rw.met": {"en": "met", "de": "erfüllt"},
    "rw.not_met": {"en": "not met", "de": "nicht erfüllt"},
    "rw.status.upgraded": {"en": "upgraded", "de": "aufgewertet"},
    "rw.status.opened": {"en": "opened", "de": "erschlossen"},
    "rw.status.closed": {"en": "not opened", "de": "nicht erschlossen"},
    # `stellwerk pack`: what the game uses of a pack (pack_check.pack_figures)
    "rw.fig.cards": {"en": "cards: {n}, four network cards on the 2x2 plan and a hand of "
                           "three action cards",
                     "de": "Karten: {n}, vier Netzkarten auf dem 2x2-Plan und eine Hand von "
                           "drei Aktionskarten"},
    "rw.fig.limits": {"en": "limits: capital {capital}, pollution {pollution}, workers "
                            "{workers}, passengers {passengers}, profit {profit}",
                      "de": "Grenzen: Kapital {capital}, Luftverschmutzung {pollution}, "
                            "Bahnarbeiter {workers}, Passagiere {passengers}, Gewinn {profit}"},
    "rw.rails": {"en": "{n} {n|rail space|rail spaces}",
                 "de": "{n} {n|Bahnstreckenfeld|Bahnstreckenfelder}"},
    "rw.large": {"en": "large regions", "de": "große Gebiete"},
    "rw.passengers": {"en": "{n} {n|passenger|passengers}", "de": "{n} {n|Passagier|Passagiere}"},
    "rw.track.capital": {"en": "capital", "de": "Kapital"},
    "rw.track.profit": {"en": "profit", "de": "Gewinn"},
    "rw.track.pollution": {"en": "pollution", "de": "Luftverschmutzung"},
    "rw.track.workers": {"en": "rail workers", "de": "Bahnarbeiter"},
    "rw.track.markers": {"en": "markers left", "de": "Verbindungsmarker übrig"},
    "rw.track.region_dice": {"en": "region dice", "de": "Gebietswürfel"},
    "rw.track.off_plan": {"en": "dice off the plan", "de": "Würfel neben dem Plan"},
    "rw.track.score": {"en": "score now", "de": "Punkte jetzt"},
    "rw.pile": {"en": "draw pile {n} {n|card|cards}, discards {discards}",
                "de": "Zugstapel {n} {n|Karte|Karten}, Abwurf {discards}"},
    "rw.card": {"en": "card", "de": "Karte"},
    "rw.chosen": {"en": "chosen", "de": "gewählt"},
    # prompts
    "rw.ask.dice": {"en": "place the passenger dice: two 1s and two 2s, one per card",
                    "de": "setze die Passagierwürfel: zwei 1er und zwei 2er, einer pro Karte"},
    "rw.ask.first": {"en": "round {round}, first action phase: take one action",
                     "de": "Runde {round}, erste Aktionsphase: führe eine Aktion aus"},
    "rw.ask.second": {"en": "round {round}, second action phase: one more action, or pass",
                      "de": "Runde {round}, zweite Aktionsphase: noch eine Aktion oder passe"},
    # actions
    "rw.do.dice": {"en": "place the passenger dice", "de": "Passagierwürfel setzen"},
    "rw.do.open": {"en": "open a connection", "de": "Bahnverbindung erschließen"},
    "rw.do.build": {"en": "build a region", "de": "Gebiet errichten"},
    "rw.do.transport": {"en": "transport a passenger", "de": "Passagier befördern"},
    "rw.do.hire": {"en": "hire a rail worker", "de": "Bahnarbeiter einstellen"},
    "rw.do.capital": {"en": "increase capital", "de": "Kapital erhöhen"},
    "rw.do.clean": {"en": "reduce pollution", "de": "Luftverschmutzung verringern"},
    "rw.do.add": {"en": "add a passenger", "de": "Passagier hinzufügen"},
    "rw.do.upgrade": {"en": "upgrade a connection", "de": "Bahnverbindung aufwerten"},
    "rw.do.pass": {"en": "no second action", "de": "keine zweite Aktion"},
    # the log: one entry per verb; card symbols used (7.3a) and spaces (B6) as on the plan
    "rw.ev.other": {"en": "round {round}: {action}", "de": "Runde {round}: {action}"},
    "rw.ev.dice": {"en": "round {round}: passenger dice placed: {dice}",
                   "de": "Runde {round}: Passagierwürfel gesetzt: {dice}"},
    "rw.ev.open": {"en": "round {round}: connection {connection} opened, paid with {uses}",
                   "de": "Runde {round}: Bahnverbindung {connection} erschlossen, "
                         "bezahlt mit {uses}"},
    "rw.ev.build": {"en": "round {round}: region {cell} built (die {die}), paid with {uses}",
                    "de": "Runde {round}: Gebiet {cell} errichtet (Würfel {die}), "
                          "bezahlt mit {uses}"},
    "rw.ev.transport": {
        "en": "round {round}: passenger carried from {cell} to {target} via {route}, "
              "paid with {uses}",
        "de": "Runde {round}: Passagier von {cell} nach {target} über {route} befördert, "
              "bezahlt mit {uses}"},
    "rw.ev.transport_convert": {
        "en": "round {round}: passenger carried from {cell} to {target} via {route} "
              "(conversion {tier}), paid with {uses}",
        "de": "Runde {round}: Passagier von {cell} nach {target} über {route} befördert "
              "(Umwandlung {tier}), bezahlt mit {uses}"},
    "rw.ev.hire": {"en": "round {round}: rail worker hired, paid with {uses}",
                   "de": "Runde {round}: Bahnarbeiter eingestellt, bezahlt mit {uses}"},
    "rw.ev.capital": {"en": "round {round}: capital increased, paid with {uses}",
                      "de": "Runde {round}: Kapital erhöht, bezahlt mit {uses}"},
    "rw.ev.clean": {"en": "round {round}: pollution reduced, paid with {uses}",
                    "de": "Runde {round}: Luftverschmutzung verringert, bezahlt mit {uses}"},
    "rw.ev.add": {"en": "round {round}: passenger added at {cell}, paid with {uses}",
                  "de": "Runde {round}: Passagier bei {cell} hinzugefügt, bezahlt mit {uses}"},
    "rw.ev.upgrade": {"en": "round {round}: connection {connection} upgraded, paid with {uses}",
                      "de": "Runde {round}: Bahnverbindung {connection} aufgewertet, "
                            "bezahlt mit {uses}"},
    "rw.ev.pass": {"en": "round {round}: no second action",
                   "de": "Runde {round}: keine zweite Aktion"},
    # refusals of the issue-7 rulings (docs/games/railways.md#rw-rules D)
    "rw.symbols_do_not_fit": {
        "en": "the symbols {uses} do not fit this action (use exactly the symbols it "
              "needs; two other targets replace a target only when no card in hand has a "
              "fitting one)",
        "de": "die Symbole {uses} passen nicht zu dieser Aktion (genau die nötigen "
              "Symbole; zwei andere Zielsymbole ersetzen ein Ziel nur, wenn keine Karte "
              "auf der Hand ein passendes trägt)"},
    "rw.convert_compulsory": {
        "en": "at a Leisure destination the conversion is compulsory when you hold "
              "capital: choose convert 1 or more",
        "de": "im Freizeitpark ist das Umwandeln Pflicht, solange du Kapital hast: "
              "wandle 1 oder mehr um"},
    # refusal reasons: every key the engine raises (tests/test_i18n_complete.py checks).
    # Some English messages name more than the error carries as parameters; the German
    # text then says the same with the parameters there are.
    "rw.over": {"en": "the game is over", "de": "das Spiel ist vorbei"},
    "rw.not_over": {"en": "the game is not over yet", "de": "das Spiel ist noch nicht vorbei"},
    "rw.solo": {"en": "Railways is a solo game: only seat 0 acts",
                "de": "Railways ist ein Solospiel: nur Platz 0 handelt"},
    "rw.unknown_action": {"en": "that is not a Railways action",
                          "de": "das ist keine Railways-Aktion"},
    "rw.malformed": {"en": "that action is not well-formed",
                     "de": "diese Aktion ist nicht richtig aufgebaut"},
    "rw.setup_first": {"en": "first place the four passenger dice",
                       "de": "lege zuerst die vier Passagierwürfel"},
    "rw.must_act": {"en": "the first action phase needs exactly one action",
                    "de": "die erste Aktionsphase verlangt genau eine Aktion"},
    "rw.no_cell": {"en": "{cell!r} is not a space of the plan (A1 to F8)",
                   "de": "{cell!r} ist kein Feld des Plans (A1 bis F8)"},
    "rw.no_connection": {"en": "{cell} names no complete connection (a connection is named "
                               "by its first rail space)",
                         "de": "{cell} benennt keine vollständige Verbindung (eine Verbindung "
                               "heißt nach ihrem ersten Schienenfeld)"},
    "rw.bad_uses": {"en": "{uses!r} does not name symbols like 3.2a",
                    "de": "{uses!r} nennt keine Symbole wie 3.2a"},
    "rw.not_setup": {"en": "the passenger dice are placed only at setup",
                     "de": "die Passagierwürfel werden nur beim Aufbau gelegt"},
    "rw.bad_dice": {"en": "{word!r}: write each die as CELL=VALUE, value 1 or 2",
                    "de": "{word!r}: schreibe jeden Würfel als FELD=WERT, Wert 1 oder 2"},
    "rw.dice_twice": {"en": "two dice on {cell}", "de": "zwei Würfel auf {cell}"},
    "rw.dice_not_region": {"en": "{cell} is not a printed region",
                           "de": "{cell} ist kein aufgedrucktes Gebiet"},
    "rw.dice_values": {"en": "place four dice: two showing 1 and two showing 2",
                       "de": "lege vier Würfel: zwei mit 1 und zwei mit 2"},
    "rw.dice_cards": {"en": "place exactly one die on each network card",
                      "de": "lege genau einen Würfel auf jede Netzkarte"},
    "rw.already_open": {"en": "the connection {connection} is already open",
                        "de": "die Verbindung {connection} ist schon eröffnet"},
    "rw.no_markers": {"en": "no connection marker is left: no more openings",
                      "de": "kein Verbindungsmarker mehr übrig: keine Eröffnung mehr"},
    "rw.no_workers": {"en": "no rail worker is left: hire one first",
                      "de": "kein Bahnarbeiter mehr frei: stelle zuerst einen ein"},
    "rw.build_on_region": {"en": "{cell} is already a region",
                           "de": "{cell} ist schon ein Gebiet"},
    "rw.build_on_open": {"en": "{cell} is a rail space of the opened connection {connection}",
                         "de": "{cell} ist ein Schienenfeld der eröffneten Verbindung "
                               "{connection}"},
    "rw.build_joins": {"en": "a region on {cell} would join regions of different types",
                       "de": "ein Gebiet auf {cell} würde Gebiete verschiedener Art verbinden"},
    "rw.no_region_die": {"en": "there is no unused region die {die}",
                         "de": "es gibt keinen unbenutzten Gebietswürfel {die}"},
    "rw.build_cost": {"en": "the region die costs {cost} capital, you have {capital}",
                      "de": "der Gebietswürfel kostet {cost} Kapital, du hast {capital}"},
    "rw.no_route": {"en": "a transport needs at least one connection",
                    "de": "eine Beförderung braucht mindestens eine Verbindung"},
    "rw.route_not_open": {"en": "the connection {connection} is not open",
                          "de": "die Verbindung {connection} ist nicht eröffnet"},
    "rw.route_gap": {"en": "the connection {connection} does not leave the region the route "
                           "has reached",
                     "de": "die Verbindung {connection} führt nicht aus dem Gebiet, das die "
                           "Route erreicht hat"},
    "rw.route_twice": {"en": "the route passes the region at {cell} twice",
                       "de": "die Route führt zweimal durch das Gebiet bei {cell}"},
    "rw.route_passes_target": {"en": "the passenger stops at the first region of the "
                                     "target type ({cell})",
                               "de": "der Passagier steigt im ersten Gebiet der Zielart aus "
                                     "({cell})"},
    "rw.route_wrong_end": {"en": "the route ends in a {reached} region, not {target}",
                           "de": "die Route endet in einem Gebiet {reached}, nicht {target}"},
    "rw.no_passenger": {"en": "there is no passenger die on {cell}",
                        "de": "auf {cell} liegt kein Passagierwürfel"},
    "rw.bad_target": {"en": "{target!r} is not a region type (R, L, C, I)",
                      "de": "{target!r} ist keine Gebietsart (R, L, C, I)"},
    "rw.bad_tier": {"en": "convert takes 0 to 3, not {tier}",
                    "de": "Umwandeln nimmt 0 bis 3, nicht {tier}"},
    "rw.convert_not_l": {"en": "only a Leisure destination converts capital",
                         "de": "nur ein Freizeitpark als Ziel wandelt Kapital um"},
    "rw.convert_cost": {"en": "converting for {tier} profit costs {cost} capital, you have "
                              "{capital}",
                        "de": "Umwandeln für {tier} Gewinn kostet {cost} Kapital, du hast "
                              "{capital}"},
    "rw.die_full": {"en": "the die on {cell} already shows its highest value",
                    "de": "der Würfel auf {cell} zeigt schon seinen höchsten Wert"},
    "rw.add_not_region": {"en": "{cell} is not a region", "de": "{cell} ist kein Gebiet"},
    "rw.add_not_empty": {"en": "{cell} holds no die, and its region is not empty: add to one "
                               "of its dice",
                         "de": "auf {cell} liegt kein Würfel, und sein Gebiet ist nicht leer: "
                               "erhöhe einen seiner Würfel"},
    "rw.no_die_off_plan": {"en": "no die has left the plan to come back",
                           "de": "kein Würfel hat den Plan verlassen, der zurückkommen könnte"},
    "rw.upgrade_closed": {"en": "the connection {connection} is not open",
                          "de": "die Verbindung {connection} ist nicht eröffnet"},
    "rw.already_upgraded": {"en": "the connection {connection} is already upgraded",
                            "de": "die Verbindung {connection} ist schon aufgewertet"},
    "rw.no_uses": {"en": "an action must use at least one symbol of a hand card",
                   "de": "eine Aktion muss mindestens ein Symbol einer Handkarte nutzen"},
    "rw.use_twice": {"en": "each symbol serves only once per action",
                     "de": "jedes Symbol dient nur einmal pro Aktion"},
    "rw.not_in_hand": {"en": "card {card} is not in your hand",
                       "de": "Karte {card} ist nicht auf deiner Hand"},
    "rw.no_symbol": {"en": "{use} names no symbol on that card",
                     "de": "{use} bezeichnet kein Symbol auf dieser Karte"},
    "rw.wrong_symbol": {"en": "{use} is {symbol}, which a {kind} action does not use",
                        "de": "{use} ist {symbol}; eine Aktion {kind} nutzt das nicht"},
    # notation errors: `why` is the reason, a Term said in the reader's language
    "rw.bad_notation": {"en": "{notation!r}: {why}",
                        "de": "„{notation}“: {why}"},
    "rw.nt.not_cell": {"en": "{word!r} is not a space of the plan (A1 to F8)",
                       "de": "„{word}“ ist kein Feld des Plans (A1 bis F8)"},
    "rw.nt.not_number": {"en": "{word!r} is not a number", "de": "„{word}“ ist keine Zahl"},
    "rw.nt.not_text": {"en": "an action is written as text",
                       "de": "eine Aktion wird als Text geschrieben"},
    "rw.nt.unknown": {"en": "unknown action {word!r} (actions: {known})",
                      "de": "unbekannte Aktion „{word}“ (Aktionen: {known})"},
    "rw.nt.pass": {"en": "pass takes nothing after it", "de": "nach „pass“ folgt nichts"},
    "rw.nt.with": {"en": "name the symbols used: {verb} ... with 1.2a 3.1b",
                   "de": "nenne die genutzten Symbole: {verb} ... mit 1.2a 3.1b"},
    "rw.nt.uses": {"en": "after 'with' come symbols like 3.2a (card.field + a/b)",
                   "de": "nach „mit“ folgen Symbole wie 3.2a (Karte.Feld + a/b)"},
    "rw.nt.only_with": {"en": "{verb} takes only 'with' and the symbols",
                        "de": "„{verb}“ nimmt nur „mit“ und die Symbole"},
    "rw.nt.one_space": {"en": "{verb} takes one space, e.g. {verb} C3 with 1.2a",
                        "de": "„{verb}“ braucht genau ein Feld, z. B. {verb} C3 mit 1.2a"},
    "rw.nt.build": {"en": "write build CELL die N with ..., e.g. build D4 die 2 with 3.1a",
                    "de": "schreibe errichte FELD würfel N mit ..., z. B. errichte D4 würfel "
                          "2 mit 3.1a"},
    "rw.nt.transport": {"en": "write transport CELL to TYPE via ROUTE [convert N] with ..., "
                              "e.g. transport B2 to R via C3+D5 with 1.3a",
                        "de": "schreibe befördere FELD nach ART über ROUTE [umwandeln N] mit "
                              "..., z. B. befördere B2 nach R über C3+D5 mit 1.3a"},
    "rw.nt.region_type": {"en": "{word!r} is not a region type (R, L, C, I)",
                          "de": "„{word}“ ist keine Gebietsart (R, L, C, I)"},
    "rw.nt.die": {"en": "{word!r}: write each die as CELL=VALUE, e.g. B2=1",
                  "de": "„{word}“: schreibe jeden Würfel als FELD=WERT, z. B. B2=1"},
    "rw.nt.dice": {"en": "name four dice, e.g. dice B2=1 E3=1 B6=2 E7=2",
                   "de": "nenne vier Würfel, z. B. würfel B2=1 E3=1 B6=2 E7=2"},
    "rw.track.markers_left": {"en": "markers left", "de": "Verbindungsmarker übrig"},
    # decisions by pointing at the table's pictures (pointing.py): what each step asks
    "rw.point.dice": {"en": "Place the passenger dice: point at a region space on each network "
                            "card (two dice show 1, two show 2).",
                      "de": "Setze die Passagierwürfel: zeige auf ein Gebietsfeld jeder "
                            "Netzkarte (zwei Würfel zeigen 1, zwei zeigen 2)."},
    "rw.point.what": {"en": "What do you do? Point at a connection or a region space, or:",
                      "de": "Was tust du? Zeige auf eine Verbindung oder ein Gebietsfeld, "
                            "oder:"},
    "rw.point.how": {"en": "Which action here?", "de": "Welche Aktion hier?"},
    "rw.point.die": {"en": "Which region die?", "de": "Welcher Gebietswürfel?"},
    "rw.point.to": {"en": "To which region type?", "de": "Zu welcher Gebietsart?"},
    "rw.point.route": {"en": "Which route?", "de": "Welche Route?"},
    "rw.point.route_via": {"en": "{path} ({n} capital)", "de": "{path} ({n} Kapital)"},
    "rw.point.convert": {"en": "Convert capital to profit?",
                         "de": "Kapital in Gewinn umwandeln?"},
    "rw.point.pay": {"en": "Pay with which symbols of your hand?",
                     "de": "Mit welchen Symbolen deiner Hand bezahlen?"},
    "rw.point.connection": {"en": "connection {name}", "de": "Verbindung {name}"},
    "rw.point.space": {"en": "space {name}", "de": "Feld {name}"},
    "rw.point.region_die": {"en": "region die {n}", "de": "Gebietswürfel {n}"},
    "rw.point.die_on": {"en": "die {n} on {name}", "de": "Würfel {n} auf {name}"},
    "rw.point.payment": {"en": "pollution +{n}, {k|card|cards} {cards}: {uses}",
                         "de": "Luftverschmutzung +{n}, {k|Karte|Karten} {cards}: {uses}"},
    # the guided prompt (guided.py)
    "rw.guide.dice": {"en": "Place the passenger dice: one per network card on a printed "
                            "region, two showing 1 and two showing 2, e.g. [bold]{example}"
                            "[/bold]  (? = help, list = every placement)",
                      "de": "Setze die Passagierwürfel: einer pro Netzkarte auf ein "
                            "aufgedrucktes Gebiet, zwei mit 1 und zwei mit 2, z. B. "
                            "[bold]{example}[/bold]  (? = Hilfe, liste = alle Möglichkeiten)"},
    "rw.guide.dice_help": {
        "en": "Write dice CELL=VALUE four times, e.g. {example}. CELL is a printed region "
              "(a letter R, L, C or I on the plan), one on each of the four network cards "
              "(the plan's quarters); two dice show 1 and two show 2. ({n} placements are "
              "possible; 'list' prints them all.)",
        "de": "Schreibe viermal dice FELD=WERT, z. B. {example}. FELD ist ein aufgedrucktes "
              "Gebiet (R, L, C oder I auf dem Plan), eines auf jeder der vier Netzkarten "
              "(Viertel des Plans); zwei Würfel zeigen 1, zwei zeigen 2. ({n} Möglichkeiten; "
              "'liste' zeigt alle.)"},
    "rw.guide.choose": {"en": "Choose an action: {menu}\n  (or type an action in notation; "
                              "list = numbered list; back = start again; quit)",
                        "de": "Wähle eine Aktion: {menu}\n  (oder tippe eine Aktion in "
                              "Notation; liste = nummerierte Liste; zurück = neu anfangen; "
                              "quit)"},
    "rw.guide.pass": {"en": "pass", "de": "passen"},
    "rw.guide.choose_range": {"en": "Choose 1 to {n} (or back).",
                              "de": "Wähle 1 bis {n} (oder zurück)."},
    "rw.guide.connection": {"en": "connection", "de": "Verbindung"},
    "rw.guide.space": {"en": "space", "de": "Feld"},
    "rw.guide.from": {"en": "passenger from", "de": "Passagier von"},
    "rw.guide.region_die": {"en": "region die", "de": "Gebietswürfel"},
    "rw.guide.to": {"en": "to region type", "de": "zur Gebietsart"},
    "rw.guide.route": {"en": "route", "de": "Route"},
    "rw.guide.convert": {"en": "convert capital to profit (Leisure)",
                         "de": "Kapital in Gewinn umwandeln (Freizeitpark)"},
    "rw.guide.no_convert": {"en": "no conversion", "de": "nicht umwandeln"},
    "rw.guide.convert_tier": {"en": "pay {cost} capital for {n} profit (capital {before} → "
                                    "{after})",
                              "de": "{cost} Kapital zahlen für {n} Gewinn (Kapital {before} "
                                    "→ {after})"},
    "rw.guide.pay": {"en": "Pay with the symbols of your hand (card.field + a/b). Cheapest "
                           "ways:",
                     "de": "Bezahle mit Symbolen deiner Hand (Karte.Feld + a/b). Die "
                           "günstigsten Wege:"},
    "rw.guide.offer": {"en": "(pollution +{n}, plays {count|card|cards} {cards})",
                       "de": "(Luftverschmutzung +{n}, spielt {count|Karte|Karten} {cards})"},
    "rw.guide.refused": {"en": "Not allowed: {reason}", "de": "Nicht erlaubt: {reason}"},
    "rw.guide.no_change": {"en": "no change in numbers", "de": "keine Zahl ändert sich"},
    "rw.guide.result": {"en": "symbols cost pollution +{n}; result: {changes}",
                        "de": "Symbole kosten Luftverschmutzung +{n}; Ergebnis: {changes}"},
    "rw.guide.ends": {"en": "; this ends the game", "de": "; damit endet das Spiel"},
    "rw.guide.why": {"en": "pollution: ", "de": "Luftverschmutzung: "},
    "rw.guide.confirm": {"en": "confirm? [Y/n] ", "de": "bestätigen? [J/n] "},
    "rw.guide.not_taken": {"en": "Not taken; choose again.",
                           "de": "Nicht ausgeführt; wähle neu."},
    # why pollution changes (explain.py; docs/games/railways.md#rw-rules)
    "rw.why.fields": {"en": "+{n} for {fields} fields of card {card}",
                      "de": "+{n} für {fields} Felder von Karte {card}"},
    "rw.why.to_C": {"en": "+1 for delivering to a Commercial region",
                    "de": "+1 für die Lieferung in ein Gewerbegebiet"},
    "rw.why.to_I": {"en": "+1 for delivering to an Industrial region",
                    "de": "+1 für die Lieferung in ein Industriegebiet"},
    "rw.why.to_R": {"en": "-1 for delivering to a Residential region",
                    "de": "-1 für die Lieferung in ein Wohngebiet"},
    "rw.why.clean": {"en": "-1 for reducing pollution",
                     "de": "-1 für Luftverschmutzung verringern"},
    "rw.why.limit": {"en": "{n:+d} because the track stops at its end",
                     "de": "{n:+d}, weil die Leiste an ihrem Ende aufhört"},
    # the legend and the end screen (render.py)
    "rw.legend.short": {
        "en": "Pas passenger  2Trk double track  Tkt ticket  Wrk rail worker  Cap capital  "
              "Upg upgrade  -Pol reduce pollution  Bld build  →L target L   (a)/(b): symbols "
              "of one field",
        "de": "Pas Passagier  2Trk 2 Bahnstrecken  Tkt Ticket  Wrk Bahnarbeiter  Cap Kapital  "
              "Upg aufwerten  -Pol Luftverschmutzung verringern  Bld Gebiet errichten  →L "
              "Ziel L   (a)/(b): Symbole eines Feldes"},
    "rw.legend.symbols": {
        "en": "Hand symbols: Trk track, 2Trk double track, Tkt ticket, Pas passenger, Wrk rail "
              "worker, →R/→L/→C/→I transport target, Upg upgrade, -Pol reduce pollution, Bld "
              "build region, Cap capital.",
        "de": "Handsymbole: Trk Bahnstrecke, 2Trk 2 Bahnstrecken, Tkt Ticket, Pas Passagier, "
              "Wrk Bahnarbeiter, →R/→L/→C/→I Beförderungsziel, Upg aufwerten, -Pol "
              "Luftverschmutzung verringern, Bld Gebiet errichten, Cap Kapital."},
    "rw.legend.symbols2": {
        "en": "[1]-[4] are a card's action fields; (a)/(b) the first and second symbol of a "
              "field. Each extra field of one card used in an action costs +1 pollution.",
        "de": "[1]-[4] sind die Aktionsfelder einer Karte; (a)/(b) das erste und zweite "
              "Symbol eines Feldes. Jedes weitere Feld derselben Karte kostet +1 "
              "Luftverschmutzung."},
    "rw.legend.regions": {
        "en": "Regions: R Residential (delivery -1 pollution), L Leisure (convert capital to "
              "profit), C Commercial (+5 capital, +1 pollution), I Industrial (+1 rail worker, "
              "+1 pollution). R2 = region with a die showing 2 passengers; * = built by you.",
        "de": "Gebiete: R Wohngebiet (Lieferung -1 Luftverschmutzung), L Freizeitpark (Kapital "
              "in Gewinn umwandeln), C Gewerbegebiet (+5 Kapital, +1 Luftverschmutzung), I "
              "Industriegebiet (+1 Bahnarbeiter, +1 Luftverschmutzung). R2 = Gebiet mit "
              "Würfel 2; * = von dir errichtet."},
    "rw.legend.map": {
        "en": "Map: ╌╌╌ connection not opened, ─── opened, ═══ upgraded, ┈┈┈ incomplete "
              "line (never opens).",
        "de": "Plan: ╌╌╌ Verbindung nicht erschlossen, ─── erschlossen, ═══ aufgewertet, "
              "┈┈┈ unvollständige Strecke (nie erschließbar)."},
    "rw.legend.notation": {
        "en": "A connection is named by its first rail space (e.g. B1); a symbol as "
              "card.field + a/b (e.g. 6.2b).",
        "de": "Eine Verbindung heißt nach ihrem ersten Schienenfeld (z. B. B1); ein Symbol "
              "als Karte.Feld + a/b (z. B. 6.2b)."},
    "rw.bots_meet": {"en": "(bots meet it in random {random} %, greedy {greedy} %, search "
                           "{search} % of games)",
                     "de": "(Bots schaffen es in random {random} %, greedy {greedy} %, "
                           "search {search} % der Partien)"},
    "rw.bots_meet_short": {"en": "(bots random/greedy/search: {random}/{greedy}/{search} %)",
                           "de": "(Bots random/greedy/search: {random}/{greedy}/{search} %)"},
    # why the game ended and the challenges chosen (`RailwaysStudy.ending`)
    "rw.end.rounds": {"en": "{years} years have passed: all {rounds} rounds are played.",
                      "de": "{years} Jahre sind vergangen: alle {rounds} Runden sind gespielt."},
    "rw.end.met": {"en": "Challenge met: {challenge}",
                   "de": "Herausforderung erfüllt: {challenge}"},
    "rw.end.missed": {"en": "Challenge missed: {challenge}",
                      "de": "Herausforderung verfehlt: {challenge}"},
    "rw.final_score": {"en": "Final score {score}", "de": "Endwertung {score}"},
    "rw.beat": {"en": "better than the mean of: {bots}",
                "de": "besser als der Schnitt von: {bots}"},
    "rw.beat_none": {"en": "below every bot's mean", "de": "unter dem Schnitt jedes Bots"},
    "rw.bot_mean": {"en": "{bot} {mean}", "de": "{bot} {mean}"},
    "rw.yardstick": {"en": "yardstick, mean score of the bots over {games} games with the "
                           "shipped pack: {bots}",
                     "de": "Maßstab, mittlere Punkte der Bots in {games} Partien mit dem "
                           "mitgelieferten Material: {bots}"},
    "rw.no_challenges": {"en": "No challenge chosen (-o challenges=1,3).",
                         "de": "Keine Herausforderung gewählt (-o challenges=1,3)."},
    "rw.no_hand": {"en": "No cards in hand.", "de": "Keine Karten auf der Hand."},
    # what the game declares (meta.py): its one line and its options
    "rw.about": {"en": "Solo: build a railway network on a plan of four cards over twelve "
                       "decades, carry passengers and keep pollution down.",
                 "de": "Solo: baue in zwölf Jahrzehnten ein Eisenbahnnetz auf einem Plan aus "
                       "vier Karten, befördere Reisende und halte die Luftverschmutzung "
                       "gering."},
    "rw.opt.challenges": {"en": "Challenges", "de": "Herausforderungen"},
    "rw.opt.challenges.help": {"en": "the challenges reported at the end; two or more of "
                                     "them together are 5 Magnate",
                               "de": "die Herausforderungen, über die am Ende berichtet "
                                     "wird; zwei oder mehr zusammen sind 5 Der "
                                     "Eisenbahnmagnat"},
    "rw.opt.magnate": {"en": "challenge 5 (Magnate) is a combination: name two or more of "
                             "1-4, e.g. challenges=1,3",
                       "de": "Herausforderung 5 (Magnat) ist eine Kombination: nenne zwei oder "
                             "mehr von 1-4, z. B. challenges=1,3"},
})


# the word a player types for each detail (`show TOPIC`, German `zeige THEMA`)
CATALOG.update({
    "topic.railways.connections": {"en": "connections", "de": "verbindungen"},
    "topic.railways.legend": {"en": "legend", "de": "legende"},
    "topic.railways.challenges": {"en": "challenges", "de": "aufgaben"},
    "topic.railways.hand": {"en": "hand", "de": "kartenhand"},
})
