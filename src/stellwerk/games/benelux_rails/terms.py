"""English and German words for Benelux Rails (prompts, refusals, the table, the log).

Goods, cities and events take their names from the content pack; everything else a
player reads is here.
"""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # the shipped pack's waters, rivers, uplands and borders (svg.py, tooltips)
    "br.geo.benelux_and_north_western_germany": {"en": "Benelux and north-western Germany",
                                                 "de": "Benelux und Nordwestdeutschland"},
    "br.geo.north_sea": {"en": "North Sea", "de": "Nordsee"},
    "br.geo.rhine": {"en": "Rhine", "de": "Rhein"},
    "br.geo.maas_meuse": {"en": "Maas/Meuse", "de": "Maas"},
    "br.geo.moselle": {"en": "Moselle", "de": "Mosel"},
    "br.geo.ardennes": {"en": "Ardennes", "de": "Ardennen"},
    "br.geo.belgium_netherlands": {"en": "Belgium-Netherlands", "de": "Belgien-Niederlande"},
    "br.geo.netherlands_germany": {"en": "Netherlands-Germany", "de": "Niederlande-Deutschland"},
    "br.geo.belgium_germany": {"en": "Belgium-Germany", "de": "Belgien-Deutschland"},
    "br.geo.belgium_luxembourg": {"en": "Belgium-Luxembourg", "de": "Belgien-Luxemburg"},
    "br.geo.luxembourg_germany": {"en": "Luxembourg-Germany", "de": "Luxemburg-Deutschland"},
    "br.geo.france": {"en": "France", "de": "Frankreich"},
    # the rule an event of a kind states (mapgen/events.py writes it into the pack)
    "br.gen.washed": {"en": "Track crossing these rivers is washed away at once; its owners may "
                            "rebuild it.",
                      "de": "Strecken über diese Flüsse werden sofort weggespült; ihre Besitzer "
                            "dürfen sie neu bauen."},
    "br.gen.strike": {"en": "For one round no goods are loaded, unloaded or delivered there.",
                      "de": "Eine Runde lang werden dort keine Waren geladen, abgeladen oder "
                            "geliefert."},
    "br.gen.derail": {"en": "Every train within 3 mileposts of {places} loses one load of its "
                            "choice and its next movement.",
                      "de": "Jeder Zug höchstens 3 Meilen von {places} entfernt verliert eine "
                            "Ware seiner Wahl und seine nächste Bewegung."},
    # names of the study figures (study_figures.py STUDY_KEYS)
    "br.study.game": {"en": "The game", "de": "Die Partie"},
    "br.study.deliveries": {"en": "Deliveries", "de": "Lieferungen"},
    "br.study.money": {"en": "Money (M) at the end of each round",
                       "de": "Geld (Mio.) am Ende jeder Runde"},
    "br.study.rounds_played": {"en": "rounds played", "de": "gespielte Runden"},
    "br.study.rounds_to_win": {"en": "rounds to win", "de": "Runden bis zum Sieg"},
    "br.study.per_seat": {"en": "deliveries per seat", "de": "Lieferungen je Platz"},
    "br.study.payout": {"en": "payout per delivery (M)", "de": "Erlös je Lieferung (Mio.)"},
    "br.money": {"en": "Money (M)", "de": "Geld (Mio.)"},
    # prompts
    "br.ask.keep": {"en": "keep 3 of your 5 demand cards", "de": "behalte 3 deiner 5 Aufträge"},
    "br.ask.start": {"en": "choose a major city to start your network",
                     "de": "wähle eine Großstadt als Start deines Netzes"},
    "br.ask.build": {"en": "round 1: build track (then end)",
                     "de": "Runde 1: baue Strecke (dann ende)"},
    "br.ask.turn": {"en": "move, load, deliver; then build and upgrade; then end",
                    "de": "fahren, laden, liefern; dann bauen und aufrüsten; dann ende"},
    # refusals
    "br.bad_notation": {"en": "{notation!r}: {why}", "de": "{notation!r}: {why}"},
    "br.bad.action": {"en": "that is not an action of Benelux Rails",
                      "de": "das ist keine Aktion von Benelux Rails"},
    "br.bad.over": {"en": "the game is over", "de": "das Spiel ist vorbei"},
    "br.bad.not_your_turn": {"en": "it is not your turn", "de": "du bist nicht am Zug"},
    "br.bad.want_keep": {"en": "first keep 3 of your 5 demand cards",
                         "de": "behalte zuerst 3 deiner 5 Aufträge"},
    "br.bad.keep_three": {"en": "keep exactly 3 different cards",
                          "de": "behalte genau 3 verschiedene Karten"},
    "br.bad.card": {"en": "demand card {card} is not yours or not open",
                    "de": "Auftrag {card} gehört dir nicht und liegt nicht offen"},
    "br.bad.want_start": {"en": "choose a major city to start your network",
                          "de": "wähle eine Großstadt als Start deines Netzes"},
    "br.bad.start_city": {"en": "{where} is not a major city",
                          "de": "{where} ist keine Großstadt"},
    "br.bad.setup_over": {"en": "the setup is over", "de": "der Spielaufbau ist vorbei"},
    "br.bad.place": {"en": "{where} is neither a milepost on the map nor a city",
                     "de": "{where} ist weder ein Meilenstein der Karte noch eine Stadt"},
    "br.bad.good": {"en": "{good} is not a good", "de": "{good} ist keine Ware"},
    "br.bad.round1": {"en": "round 1 is for building track only",
                      "de": "in Runde 1 wird nur gebaut"},
    "br.bad.after_build": {"en": "movement, loading and deliveries come before building",
                           "de": "Fahren, Laden und Liefern kommen vor dem Bauen"},
    "br.bad.after_upgrade": {"en": "you bought a train this turn: that is the turn's whole "
                                   "build action",
                             "de": "du hast in diesem Zug einen Zug gekauft: das ist der ganze "
                                   "Bau dieses Zuges"},
    "br.bad.upgrade_twice": {"en": "this train is already upgraded or changed this turn (once "
                                   "per train and turn)",
                             "de": "diese Lok wird in diesem Zug schon aufgerüstet oder "
                                   "gewechselt (einmal je Lok und Zug)"},
    "br.bad.buy_late": {"en": "buying a second train is the turn's whole build action: you "
                              "already built, upgraded or bought",
                        "de": "der Kauf eines zweiten Zuges ist der ganze Bau dieses Zuges: du "
                              "hast schon gebaut, aufgerüstet oder gekauft"},
    "br.bad.upgrade_limit": {"en": "this costs {cost} M; you may build or upgrade for {left} M "
                                   "more this turn",
                             "de": "das kostet {cost} Mio.; du darfst in diesem Zug noch für "
                                   "{left} Mio. bauen oder aufrüsten"},
    "br.bad.which_train": {"en": "you have two trains: name which, e.g. {verb} 2 ...",
                           "de": "du hast zwei Züge: nenne welchen, z. B. {verb} 2 ..."},
    "br.bad.train_number": {"en": "you have no train {number}",
                            "de": "du hast keinen Zug {number}"},
    "br.bad.buy_twice": {"en": "you already own two trains",
                         "de": "du besitzt schon zwei Züge"},
    "br.bad.buy_city": {"en": "a second train starts at a major city",
                        "de": "ein zweiter Zug beginnt in einer Großstadt"},
    "br.bad.buy_network": {"en": "{city} is not on your network",
                           "de": "{city_de} liegt nicht an deinem Netz"},
    "br.bad.upgrade": {"en": "a {old} cannot become a {new}",
                       "de": "aus einem {old} wird kein {new}"},
    "br.bad.train": {"en": "there is no train {train}", "de": "es gibt keinen Zug {train}"},
    "br.bad.money": {"en": "this costs {cost} M and you have {money} M (no credit)",
                     "de": "das kostet {cost} Mio. und du hast {money} Mio. (kein Kredit)"},
    "br.bad.build_limit": {"en": "this path costs {cost} M; you may build for {left} M more "
                                 "this turn",
                           "de": "dieser Weg kostet {cost} Mio.; du darfst in diesem Zug noch "
                                 "für {left} Mio. bauen"},
    "br.bad.nothing": {"en": "the path builds nothing new",
                       "de": "der Weg baut nichts Neues"},
    "br.bad.path_short": {"en": "a build path names at least two mileposts",
                          "de": "ein Bauweg nennt mindestens zwei Meilensteine"},
    "br.bad.not_network": {"en": "{where} is not on your network (your track, your start "
                                 "city and every major city your track reaches)",
                           "de": "{where} liegt nicht an deinem Netz (deine Strecke, deine "
                                 "Startstadt und jede Großstadt, die deine Strecke erreicht)"},
    "br.bad.not_neighbours": {"en": "{where}: not neighbouring mileposts joined by land",
                              "de": "{where}: keine benachbarten Meilensteine über Land"},
    "br.bad.taken": {"en": "{where} already carries another player's track",
                     "de": "{where} trägt schon die Strecke eines anderen Spielers"},
    "br.bad.twice": {"en": "the path builds {where} twice",
                     "de": "der Weg baut {where} zweimal"},
    "br.bad.event_build": {"en": "an event stops building at {where} this round",
                           "de": "ein Ereignis verhindert diese Runde das Bauen bei {where}"},
    "br.bad.major_leaves": {"en": "at most 2 builds out of {city} per turn",
                            "de": "höchstens 2 Bauten aus {city_de} pro Zug"},
    "br.bad.city_full": {"en": "{city} is full", "de": "{city_de} ist voll"},
    "br.bad.block": {"en": "this would block the way into {city}, which is not full",
                     "de": "das würde den Weg nach {city_de} versperren, das noch nicht voll ist"},
    "br.bad.port_full": {"en": "the ferry port {where} is full (2 players joined)",
                         "de": "der Fährhafen {where} ist voll (2 Spieler angebunden)"},
    "br.bad.port_block": {"en": "this would block the way into the ferry port {where}, which "
                                "is not full",
                          "de": "das würde den Weg zum Fährhafen {where} versperren, der noch "
                                "nicht voll ist"},
    "br.bad.ferry_full": {"en": "the {where} ferry already has two lines",
                          "de": "die Fähre {where} hat schon zwei Linien"},
    "br.bad.build_city": {"en": "name mileposts in a build path, not a major city ({where})",
                          "de": "nenne im Bauweg Meilensteine, keine Großstadt ({where})"},
    "br.bad.move_args": {"en": "write move TARGET via M1 M2 ...",
                         "de": "schreibe fahre ZIEL über M1 M2 ..."},
    "br.bad.move_same": {"en": "the train is already at {where}",
                         "de": "der Zug steht schon in {where}"},
    "br.bad.move_unreachable": {"en": "{where} cannot be reached on built track with {points} "
                                      "movement points",
                                "de": "{where} ist auf gebauter Strecke mit {points} "
                                      "Bewegungspunkten nicht erreichbar"},
    "br.bad.fee": {"en": "the fee is {fee} M and you have {money} M",
                   "de": "die Gebühr ist {fee} Mio. und du hast {money} Mio."},
    "br.bad.ferry_start": {"en": "a ferry crosses only at the start of a turn",
                           "de": "eine Fähre setzt nur zu Beginn eines Zuges über"},
    "br.bad.no_ferry": {"en": "there is no running ferry line from here",
                        "de": "von hier fährt keine Fährlinie"},
    "br.bad.no_city": {"en": "the train is not in a city", "de": "der Zug steht in keiner Stadt"},
    "br.bad.strike": {"en": "a strike stops loading and deliveries here",
                      "de": "ein Streik verhindert hier Laden und Liefern"},
    "br.bad.points": {"en": "loading or unloading costs 1 movement point and none is left",
                      "de": "Laden oder Abladen kostet 1 Bewegungspunkt, und keiner ist übrig"},
    "br.bad.full_train": {"en": "the train is full", "de": "der Zug ist voll"},
    "br.bad.not_supplied": {"en": "{city} does not supply {good}",
                            "de": "{city_de} liefert kein(e) {good_de}"},
    "br.bad.no_chips": {"en": "every load of {good} is in use",
                        "de": "alle Ladungen {good_de} sind unterwegs"},
    "br.bad.no_load": {"en": "the train carries no {good}", "de": "der Zug hat kein(e) {good_de}"},
    "br.bad.demand": {"en": "card {card} asks for no {good} in {city}",
                      "de": "Auftrag {card} verlangt kein(e) {good_de} in {city_de}"},
    "br.bad.discard_late": {"en": "discarding all demands replaces the whole turn",
                            "de": "alle Aufträge abwerfen ersetzt den ganzen Zug"},
    # the table
    "br.seat": {"en": "Seat {n}", "de": "Platz {n}"},
    "br.goto_train": {"en": "Move train {n} to the last milepost",
                      "de": "Zug {n} zum letzten Meilenstein"},
    "br.seat_train": {"en": "{seat} (train {n})", "de": "{seat} (Zug {n})"},
    "br.round": {"en": "Round {n}", "de": "Runde {n}"},
    "br.setup": {"en": "Setup", "de": "Spielaufbau"},
    "br.train": {"en": "train", "de": "Zug"},
    "br.loads": {"en": "loads", "de": "Ladung"},
    "br.points": {"en": "points left", "de": "Punkte übrig"},
    "br.cards": {"en": "cards", "de": "Karten"},
    "br.hand": {"en": "Your demands", "de": "Deine Aufträge"},
    "br.public": {"en": "Public demands", "de": "Offene Aufträge"},
    "br.drops": {"en": "Goods lying in cities", "de": "Abgelegte Waren"},
    "br.effects": {"en": "Events in force", "de": "Wirksame Ereignisse"},
    "br.announced": {"en": "has announced 200 M", "de": "hat 200 Mio. angesagt"},
    "br.pending": {"en": "becomes {train} at the end of the turn",
                   "de": "wird am Zugende zu {train}"},
    "br.deck": {"en": "deck {n}", "de": "Stapel {n}"},
    "br.topics": {"en": "show map/cities/goods/demands/players/log",
                  "de": "zeige karte/städte/waren/aufträge/spieler/verlauf"},
    "br.west": {"en": "The map, west", "de": "Die Karte, Westen"},
    "br.east": {"en": "The map, east", "de": "Die Karte, Osten"},
    "br.start": {"en": "start", "de": "Start"},
    "br.track": {"en": "track + ferries", "de": "Gleise + Fähren"},
    "map": {"en": "the whole map", "de": "die ganze Karte"},
    "cities": {"en": "every city: where, what it supplies, who joined it",
               "de": "jede Stadt: wo, was sie liefert, wer angebunden ist"},
    "goods": {"en": "every good: who supplies it, who wants it",
              "de": "jede Ware: wer sie liefert, wer sie verlangt"},
    "demands": {"en": "each demand: its supplies and what it costs from your network",
                "de": "jeder Auftrag: seine Lieferstädte und was er von deinem Netz aus "
                      "kostet"},
    "br.city": {"en": "city", "de": "Stadt"},
    "br.m": {"en": "{n} M", "de": "{n} Mio."},
    "br.size": {"en": "size", "de": "Größe"},
    "br.milepost": {"en": "milepost", "de": "Meilenstein"},
    "br.supplies": {"en": "supplies", "de": "liefert"},
    "br.joined": {"en": "joined by", "de": "angebunden"},
    "br.good": {"en": "good", "de": "Ware"},
    "br.supplied_by": {"en": "supplied by", "de": "geliefert von"},
    "br.wanted": {"en": "wanted in", "de": "verlangt in"},
    "br.yours": {"en": "yours", "de": "deiner"},
    "br.open": {"en": "open", "de": "offen"},
    "br.demand": {"en": "demand", "de": "Auftrag"},
    "br.from": {"en": "from", "de": "von"},
    "br.build": {"en": "build", "de": "bauen"},
    "br.run": {"en": "run", "de": "fahren"},
    "br.run_text": {"en": "{run} mileposts, {turns} turns",
                    "de": "{run} Meilensteine, {turns} Züge"},
    "br.run_one": {"en": "{run} mileposts, 1 turn", "de": "{run} Meilensteine, 1 Zug"},
    "br.on_train": {"en": "on your train", "de": "auf deinem Zug"},
    "br.no_estimates": {"en": "No estimates: you have no network yet.",
                        "de": "Keine Schätzung: du hast noch kein Netz."},
    "br.estimates_note": {"en": "Estimates from your network: build is the track to join "
                                "the supply and the destination, run what your first train "
                                "travels (grid steps; fees aside).",
                          "de": "Schätzung von deinem Netz aus: bauen ist die Strecke, die "
                                "Lieferstadt und Ziel anbindet, fahren der Weg deines "
                                "ersten Zuges (Rasterschritte, ohne Gebühren)."},
    "players": {"en": "every player's holdings", "de": "Besitz aller Spieler"},
    "log": {"en": "the recent events", "de": "die letzten Ereignisse"},
    # the most needed first: an 80-column page cuts the end
    "br.legend": {"en": "track * # + seat 1 2 3, % shared  trains 1 2 3, second a b c  "
                        "Ut city, [AMS] major city  ~ river  ≈ lake  ^ mountain  · milepost",
                  "de": "Gleis * # + Platz 1 2 3, % geteilt  Züge 1 2 3, zweite a b c  "
                        "Ut Stadt, [AMS] Großstadt  ~ Fluss  ≈ See  ^ Gebirge  · Meilenstein"},
    "br.cost": {"en": "Cost {cost} M: {reasons}", "de": "Kosten {cost} Mio.: {reasons}"},
    "br.cost_hint": {"en": "Type an action; `cost M1 M2 ...` prices a build path; ? lists "
                           "suggestions.",
                     "de": "Gib eine Aktion ein; `kosten M1 M2 ...` nennt den Preis eines "
                           "Bauwegs; ? zeigt Vorschläge."},
    # an action in words (advice.py): the suggestions and the hint
    "br.why.build_to": {"en": "to {city}{purpose}: {cost} M",
                        "de": "nach {city}{purpose}: {cost} Mio."},
    "br.why.build_toward": {"en": "toward {city}{purpose}: {cost} M",
                            "de": "Richtung {city}{purpose}: {cost} Mio."},
    "br.why.for": {"en": " for {good}→{city} {payout}", "de": " für {good}→{city} {payout}"},
    "br.why.major": {"en": " (a major city: the end needs all four)",
                     "de": " (eine Großstadt: das Ende braucht alle vier)"},
    "br.why.move": {"en": "to {city}{purpose}", "de": "nach {city}{purpose}"},
    "br.why.load": {"en": "a load{purpose}", "de": "eine Ladung{purpose}"},
    "br.why.load_spare": {"en": "a load no demand of yours or open asks for yet",
                          "de": "eine Ladung, die noch kein Auftrag (deiner oder offen) "
                                "verlangt"},
    "br.why.deliver": {"en": "earns {payout} M and draws a new demand card",
                       "de": "bringt {payout} Mio. und einen neuen Auftrag"},
    "br.why.unload": {"en": "leaves the load in this city for anyone",
                      "de": "lässt die Ladung für alle in dieser Stadt liegen"},
    "br.why.upgrade": {"en": "{speed} mileposts a turn, {capacity} loads, for {cost} M",
                       "de": "{speed} Meilensteine je Zug, {capacity} Ladungen, für {cost} "
                             "Mio."},
    "br.why.buy": {"en": "a second train for {cost} M (the turn's whole build)",
                   "de": "ein zweiter Zug für {cost} Mio. (der ganze Bau dieses Zuges)"},
    "br.why.discard": {"en": "throws away your demand cards for new ones: your whole turn",
                       "de": "wirft deine Aufträge für neue ab: dein ganzer Zug"},
    "br.why.end": {"en": "ends your turn", "de": "beendet deinen Zug"},
    "plain": {"en": "plain", "de": "Ebene"},
    "mountain": {"en": "mountain", "de": "Gebirge"},
    "small": {"en": "small city", "de": "Kleinstadt"},
    "medium": {"en": "medium city", "de": "Mittelstadt"},
    "major": {"en": "major city", "de": "Großstadt"},
    "river": {"en": "river", "de": "Fluss"},
    "lake": {"en": "lake or bay", "de": "See oder Bucht"},
    "ferry": {"en": "ferry", "de": "Fähre"},
    # the log ("seat: what happened")
    "br.ev.keep": {"en": "{seat}: keeps 3 demand cards", "de": "{seat}: behält 3 Aufträge"},
    "br.ev.start": {"en": "{seat}: starts in {city}", "de": "{seat}: beginnt in {city}"},
    "br.ev.build": {"en": "{seat}: builds {path} for {cost} M",
                    "de": "{seat}: baut {path} für {cost} Mio."},
    "br.ev.buy": {"en": "{seat}: buys a second train in {city} for {cost} M",
                  "de": "{seat}: kauft einen zweiten Zug in {city} für {cost} Mio."},
    "br.ev.upgrade": {"en": "{seat}: upgrades to {train} for {cost} M",
                      "de": "{seat}: rüstet für {cost} Mio. auf {train} auf"},
    "br.ev.move": {"en": "{seat}: moves {path}", "de": "{seat}: fährt {path}"},
    "br.ev.ferry": {"en": "{seat}: crosses by the {ferry} ferry",
                    "de": "{seat}: setzt mit der Fähre {ferry} über"},
    "br.ev.fee": {"en": "{seat}: pays {fee} M to {to}", "de": "{seat}: zahlt {fee} Mio. an {to}"},
    "br.ev.load": {"en": "{seat}: loads {good}", "de": "{seat}: lädt {good}"},
    "br.ev.unload": {"en": "{seat}: drops {good} in {city}",
                     "de": "{seat}: legt {good} in {city} ab"},
    "br.ev.deliver": {"en": "{seat}: delivers {good} (card {card}) for {payout} M",
                      "de": "{seat}: liefert {good} (Auftrag {card}) für {payout} Mio."},
    "br.ev.lost": {"en": "{seat}: loses a load of {good}",
                   "de": "{seat}: verliert eine Ladung {good}"},
    "br.ev.draw": {"en": "{seat}: draws a demand card",
                   "de": "{seat}: zieht einen Auftrag"},
    "br.ev.public": {"en": "demand card {card} is laid open",
                     "de": "Auftrag {card} wird offen ausgelegt"},
    "br.ev.event": {"en": "event: {name_en}", "de": "Ereignis: {name_de}"},
    "br.ev.discard": {"en": "{seat}: discards all demands",
                      "de": "{seat}: wirft alle Aufträge ab"},
    "br.ev.announce": {"en": "{seat}: announces 200 M", "de": "{seat}: sagt 200 Mio. an"},
    "br.ev.end": {"en": "{seat}: ends the turn", "de": "{seat}: beendet den Zug"},
    "br.ev.finish": {"en": "{seat}: has the money and joins all four major cities: the end",
                     "de": "{seat}: hat das Geld und verbindet alle vier Großstädte: Spielende"},
    # why the game ended (`BeneluxRailsStudy.ending`)
    "br.end.finish": {"en": "{name} has {target} M or more and a network joining all four "
                            "major cities: the game ends, the richest player wins.",
                      "de": "{name} hat {target} Mio. oder mehr und ein Netz, das alle vier "
                            "Großstädte verbindet: Spielende, das meiste Geld gewinnt."},
    "br.end.limit": {"en": "Nobody reached the goal by round {limit}: the round limit ends "
                           "the game, the richest player wins.",
                     "de": "Bis Runde {limit} hat niemand das Ziel erreicht: die Rundengrenze "
                           "beendet das Spiel, das meiste Geld gewinnt."},
    "br.ev.limit": {"en": "the round limit ends the game",
                    "de": "die Rundengrenze beendet das Spiel"},
    # what the game declares (meta.py): its one line and its options
    "br.about": {"en": "Crayon rails in the Benelux (system by Darwin and Peter Bromley): "
                       "build track between mileposts, carry goods and fulfil demand cards.",
                 "de": "Kreidebahnen im Benelux (Spielsystem von Darwin und Peter Bromley): "
                       "baue Strecken zwischen Meilensteinen, fahre Waren und erfülle "
                       "Aufträge."},
    "br.opt.variant": {"en": "Variant", "de": "Variante"},
    "br.opt.variant.help": {"en": "standard, or fast (Variant I: 350 M to win, speeds "
                                  "15/20/25, 1 point per load or unload, builds up to 30 M "
                                  "a turn)",
                            "de": "standard, oder fast (Variante I: 350 M zum Sieg, Tempo "
                                  "15/20/25, 1 Punkt je Be- oder Entladen, Bau bis 30 M je "
                                  "Zug)"},
    "br.opt.variant.standard": {"en": "standard", "de": "Standard"},
    "br.opt.variant.fast": {"en": "fast (Variant I)", "de": "schnell (Variante I)"},
})


# the word a player types for each detail (`show TOPIC`, German `zeige THEMA`)
CATALOG.update({
    "topic.benelux_rails.map": {"en": "map", "de": "karte"},
    "topic.benelux_rails.cities": {"en": "cities", "de": "städte"},
    "topic.benelux_rails.goods": {"en": "goods", "de": "waren"},
    "topic.benelux_rails.demands": {"en": "demands", "de": "aufträge"},
    "topic.benelux_rails.players": {"en": "players", "de": "spieler"},
    "topic.benelux_rails.log": {"en": "log", "de": "verlauf"},
})
