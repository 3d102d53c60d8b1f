"""English and German words for Linie 1 (prompts, outcomes and every failure reason)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    "l1.title": {"en": "Linie 1", "de": "Linie 1"},
    "l1.ask.order": {"en": "write your order for round {round} (up to 5 placements)",
                     "de": "schreibe deinen Auftrag für Runde {round} (bis zu 5 Plättchen)"},
    "l1.round": {"en": "Round {round}", "de": "Runde {round}"},
    "l1.hand": {"en": "Your hand", "de": "Deine Hand"},
    "l1.line": {"en": "Your line", "de": "Deine Linie"},
    "l1.stops": {"en": "Your stops", "de": "Deine Haltestellen"},
    "l1.pile": {"en": "Pile: {n} tiles", "de": "Stapel: {n} Plättchen"},
    "placed": {"en": "placed", "de": "gelegt"},
    "exchanged": {"en": "exchanged", "de": "ausgetauscht"},
    "failed": {"en": "failed", "de": "gescheitert"},
    "undone": {"en": "undone", "de": "zurückgenommen"},
    "rounds": {"en": "Rounds", "de": "Runden"},
    "length": {"en": "Route length", "de": "Streckenlänge"},
    "finished": {"en": "Finished", "de": "Fertig"},
    # failures (rules.py, placement.py, resolution.py)
    "l1.over": {"en": "the game is over", "de": "das Spiel ist zu Ende"},
    "l1.no_seat": {"en": "there is no seat {seat}", "de": "es gibt keinen Platz {seat}"},
    "l1.already_ordered": {"en": "seat {seat} has already ordered for round {round}",
                           "de": "Platz {seat} hat für Runde {round} schon einen Auftrag"},
    "l1.malformed": {"en": "{action!r} is not a Linie 1 order",
                     "de": "{action!r} ist kein Auftrag für Linie 1"},
    "l1.too_many": {"en": "an order has at most {most} placements, not {count}",
                    "de": "ein Auftrag hat höchstens {most} Plättchen, nicht {count}"},
    "l1.bad_square": {"en": "placement {placement}: {square!r} is not a square (A1 to L12)",
                      "de": "Plättchen {placement}: {square!r} ist kein Feld (A1 bis L12)"},
    "l1.bad_tile": {"en": "placement {placement}: {tile!r} is not a tile",
                    "de": "Plättchen {placement}: {tile!r} ist kein Plättchen"},
    "l1.bad_rotation": {"en": "placement {placement}: rotation must be 0, 90, 180 or 270",
                        "de": "Plättchen {placement}: Drehung muss 0, 90, 180 oder 270 sein"},
    "l1.not_in_hand": {"en": "{tile} is not in the hand", "de": "{tile} ist nicht auf der Hand"},
    # the reason ({why}) comes from the notation parser, in English only so far
    "l1.bad_notation": {"en": "{notation!r}: {why}",
                        "de": "„{notation}“ ist keine gültige Eingabe ({why})"},
    "l1.order_file": {"en": "{source}: {count} mistake(s), the whole file is refused",
                      "de": "{source}: {count} Fehler, die ganze Datei wird abgelehnt"},
    "l1.fail.on_building": {"en": "{square} holds a building ({building})",
                            "de": "auf {square} steht ein Gebäude ({building})"},
    "l1.fail.tree": {"en": "the tile on {square} ({tile}) is a tree tile and is never exchanged",
                     "de": "das Plättchen auf {square} ({tile}) ist ein Baumplättchen und "
                           "wird nie ausgetauscht"},
    "l1.fail.keep_tracks": {"en": "an exchange must keep every track of the {tile} on {square}",
                            "de": "ein Austausch muss jedes Gleis des Plättchens {tile} auf "
                                  "{square} erhalten"},
    "l1.fail.adds_nothing": {"en": "the exchange adds no track to the {tile} on {square}",
                             "de": "der Austausch fügt dem Plättchen {tile} auf {square} kein "
                                   "Gleis hinzu"},
    "l1.fail.off_board": {"en": "a track on {square} runs off the board at its {edge} edge",
                          "de": "ein Gleis auf {square} führt am Rand {edge} vom Spielplan"},
    "l1.fail.into_building": {"en": "a track on {square} runs into {building} at its {edge} "
                                    "edge",
                              "de": "ein Gleis auf {square} endet am Rand {edge} in "
                                    "{building}"},
    "l1.fail.mismatch": {"en": "the {edge} edge of {square} does not match the tile on "
                               "{neighbour}",
                         "de": "der Rand {edge} von {square} passt nicht zum Plättchen auf "
                               "{neighbour}"},
    "l1.fail.not_in_hand": {"en": "{tile} is not in the hand now",
                            "de": "{tile} ist gerade nicht auf der Hand"},
    "l1.fail.undone": {"en": "still illegal at the round's end, taken back",
                       "de": "am Ende der Runde noch regelwidrig, zurückgenommen"},
})
