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
