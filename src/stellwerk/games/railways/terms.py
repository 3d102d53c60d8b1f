"""English and German words for Railways (symbols, prompts, score parts, messages)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
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
    "rw.rails": {"en": "{n} rail space(s)", "de": "{n} Bahnstreckenfeld(er)"},
    "rw.large": {"en": "large regions", "de": "große Gebiete"},
    "rw.passengers": {"en": "{n} passenger(s)", "de": "{n} Passagier(e)"},
    "rw.track.capital": {"en": "capital", "de": "Kapital"},
    "rw.track.profit": {"en": "profit", "de": "Gewinn"},
    "rw.track.pollution": {"en": "pollution", "de": "Luftverschmutzung"},
    "rw.track.workers": {"en": "rail workers", "de": "Bahnarbeiter"},
    "rw.track.markers": {"en": "markers left", "de": "Verbindungsmarker übrig"},
    "rw.track.region_dice": {"en": "region dice", "de": "Gebietswürfel"},
    "rw.track.off_plan": {"en": "dice off the plan", "de": "Würfel neben dem Plan"},
    "rw.track.score": {"en": "score now", "de": "Punkte jetzt"},
    "rw.pile": {"en": "draw pile {n} card(s), discards {discards}",
                "de": "Zugstapel {n} Karte(n), Abwurf {discards}"},
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
    "rw.ev.action": {"en": "round {round}: {action}", "de": "Runde {round}: {action}"},
    # refusals of the issue-7 rulings (railways.md D)
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
})
