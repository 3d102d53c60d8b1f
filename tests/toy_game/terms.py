"""Every word of Track Layers a player reads, in English and German."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # the table
    "toy.prompt": {"en": "Lay or burn a piece", "de": "Lege oder wirf ein Gleisstück"},
    "toy.track": {"en": "Track", "de": "Strecke"},
    "toy.open": {"en": "the end is open: any length fits",
                 "de": "das Ende ist offen: jede Länge passt"},
    "toy.next": {"en": "next piece: length {low} to {high}",
                 "de": "nächstes Stück: Länge {low} bis {high}"},
    "toy.hand": {"en": "Your hand", "de": "Deine Hand"},
    "toy.burnt": {"en": "Burnt", "de": "Verbrannt"},
    "toy.deck": {"en": "Deck: {n} pieces", "de": "Stapel: {n} Stücke"},
    "toy.player": {"en": "{name}: {points} points, {cards} in hand",
                   "de": "{name}: {points} Punkte, {cards} auf der Hand"},
    "toy.seat": {"en": "Seat {n}", "de": "Platz {n}"},
    "toy.laid": {"en": "Rails laid", "de": "Gelegte Gleise"},
    # actions in words
    "toy.do.lay": {"en": "lay a piece of length {length} (+{length} points)",
                   "de": "ein Stück der Länge {length} legen (+{length} Punkte)"},
    "toy.do.burn": {"en": "burn a piece of length {length}",
                    "de": "ein Stück der Länge {length} verbrennen"},
    # events
    "toy.ev.lay": {"en": "{seat}: lay {length}", "de": "{seat}: lege {length}"},
    "toy.ev.burn": {"en": "{seat}: burn {length}", "de": "{seat}: wirf {length}"},
    "toy.ev.draw": {"en": "{seat}: draw a piece", "de": "{seat}: ziehe ein Stück"},
    # refusals
    "toy.over": {"en": "the game is over", "de": "das Spiel ist vorbei"},
    "toy.not_your_turn": {"en": "it is not your turn", "de": "du bist nicht am Zug"},
    "toy.unknown": {"en": "{action!r} is not an action of this game",
                    "de": "{action!r} ist keine Aktion dieses Spiels"},
    "toy.not_in_hand": {"en": "you hold no piece of length {length}",
                        "de": "du hast kein Stück der Länge {length}"},
    "toy.no_fit": {"en": "a piece of length {length} does not fit after {last}",
                   "de": "ein Stück der Länge {length} passt nicht an {last}"},
    "toy.about": {"en": "A toy for the guide: lay numbered rails on one shared track.",
                  "de": "Ein Spielzeug für die Anleitung: nummerierte Schienen auf eine "
                        "gemeinsame Strecke legen."},
    "toy.opt.hand": {"en": "Hand size", "de": "Handgröße"},
    "toy.opt.hand.help": {"en": "pieces each player holds", "de": "Teile auf jeder Hand"},
    # notation
    "toy.bad_notation": {"en": "{notation!r}: {why}", "de": "„{notation}“: {why}"},
    "toy.nt.not_text": {"en": "an action is written as text",
                        "de": "eine Aktion wird als Text geschrieben"},
    "toy.nt.empty": {"en": "empty action", "de": "leere Eingabe"},
    "toy.nt.unknown": {"en": "unknown action {word!r} (actions: lay, burn)",
                       "de": "unbekannte Aktion „{word}“ (Aktionen: lege, wirf)"},
    "toy.nt.one_length": {"en": "{verb} takes one length from 1 to 9, e.g. {verb} 3",
                          "de": "„{verb}“ braucht eine Länge von 1 bis 9, z. B. {verb} 3"},
})
