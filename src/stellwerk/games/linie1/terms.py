"""English and German words for Linie 1 (prompts, outcomes and every failure reason)."""

from __future__ import annotations

from typing import Any

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # the tiles' names (tiles.py TILE_IDS): an order file may use either language
    "l1.tile.straight": {"en": "straight", "de": "gerade"},
    "l1.tile.curve": {"en": "curve", "de": "kurve"},
    "l1.tile.straight-curve-left": {"en": "straight-curve-left", "de": "gerade-kurve-links"},
    "l1.tile.straight-curve-right": {"en": "straight-curve-right", "de": "gerade-kurve-rechts"},
    "l1.tile.curves-meeting": {"en": "curves-meeting", "de": "kurven-zusammen"},
    "l1.tile.curves-apart": {"en": "curves-apart", "de": "kurven-getrennt"},
    "l1.tile.straight-two-curves": {"en": "straight-two-curves", "de": "gerade-zwei-kurven"},
    "l1.tile.straight-end-curves": {"en": "straight-end-curves", "de": "gerade-endkurven"},
    "l1.tile.four-curves": {"en": "four-curves", "de": "vier-kurven"},
    "l1.tile.crossing": {"en": "crossing", "de": "kreuzung"},
    "l1.tile.straight-opposite-curves": {"en": "straight-opposite-curves",
                                         "de": "gerade-gegenkurven"},
    "l1.tile.straight-opposite-curves-mirrored": {"en": "straight-opposite-curves-mirrored",
                                                  "de": "gerade-gegenkurven-gespiegelt"},
    # names of the study figures (study_figures.py STUDY_KEYS)
    "l1.study.lines": {"en": "Lines (per seat)", "de": "Linien (je Platz)"},
    "l1.study.finished": {"en": "Completed lines (only the seats that completed one)",
                          "de": "Fertige Linien (nur die Plätze, die eine fertigstellten)"},
    "l1.study.game": {"en": "The game", "de": "Die Partie"},
    "l1.study.line_completed": {"en": "line completed", "de": "Linie fertig"},
    "l1.study.round_completed": {"en": "round completed", "de": "fertig in Runde"},
    "l1.study.line_length": {"en": "line length", "de": "Länge der Linie"},
    "l1.study.rounds_played": {"en": "rounds played", "de": "gespielte Runden"},
    "l1.study.lines_completed": {"en": "lines completed", "de": "fertige Linien"},
    "l1.title": {"en": "Linie 1", "de": "Linie 1"},
    "l1.ask.order": {"en": "write your order for round {round} (up to 5 placements)",
                     "de": "schreibe deinen Auftrag für Runde {round} (bis zu 5 Plättchen)"},
    # why the game ended (`Linie1Study.ending`)
    "l1.end.all_done": {"en": "Every line is complete (the last one in round {round}).",
                        "de": "Alle Linien sind fertig (die letzte in Runde {round})."},
    "l1.end.limit": {"en": "The round limit ({limit}) is reached; still open: {names}.",
                     "de": "Die Rundengrenze ({limit}) ist erreicht; noch offen: {names}."},
    "l1.round": {"en": "Round {round}", "de": "Runde {round}"},
    "l1.hand": {"en": "Your hand", "de": "Deine Hand"},
    "l1.line": {"en": "Your line", "de": "Deine Linie"},
    "l1.stops": {"en": "Your stops", "de": "Deine Haltestellen"},
    # `stellwerk pack`: what the game uses of a pack (pack_check.pack_figures)
    "l1.fig.tiles": {"en": "tiles: {pile} in the pile, {kinds} kinds (largest count {largest}); "
                           "hands of 8 are dealt from it",
                     "de": "Plättchen: {pile} im Stapel, {kinds} Sorten (die häufigste "
                           "{largest}-mal); Hände zu 8 werden daraus gegeben"},
    "l1.fig.lines": {"en": "lines: {n}, one dealt to each player (2-6 players)",
                     "de": "Linien: {n}, jeder Spieler erhält eine (2-6 Spieler)"},
    "l1.fig.cards": {"en": "route cards: {n}, one dealt to each player",
                     "de": "Routenkarten: {n}, jeder Spieler erhält eine"},
    "l1.fig.buildings": {"en": "buildings: {n} on the {size} x {size} board",
                         "de": "Gebäude: {n} auf dem Plan von {size} x {size} Feldern"},
    "l1.pile": {"en": "Pile: {n} {n|tile|tiles}", "de": "Stapel: {n} Plättchen"},
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
    # notation errors: `why` is the reason, a Term said in the reader's language
    "l1.bad_notation": {"en": "{notation!r}: {why}",
                        "de": "„{notation}“: {why}"},
    "l1.nt.placement_form": {"en": "a placement is SQUARE TILE ROTATION, e.g. H2 straight 90",
                             "de": "ein Eintrag ist FELD PLÄTTCHEN DREHUNG, z. B. H2 gerade "
                                   "90"},
    "l1.nt.not_square": {"en": "{word!r} is not a square (A1 to L12)",
                         "de": "„{word}“ ist kein Feld (A1 bis L12)"},
    "l1.nt.not_tile": {"en": "{word!r} is not a tile (tiles: {tiles})",
                       "de": "„{word}“ ist kein Plättchen (Plättchen: gerade, kurve, "
                             "gerade-kurve-links, gerade-kurve-rechts, kurven-zusammen, "
                             "kurven-getrennt, gerade-zwei-kurven, gerade-endkurven, "
                             "vier-kurven, kreuzung, gerade-gegenkurven, "
                             "gerade-gegenkurven-gespiegelt)"},
    "l1.nt.not_rotation": {"en": "{word!r} is not a rotation (0, 90, 180 or 270)",
                           "de": "„{word}“ ist keine Drehung (0, 90, 180 oder 270)"},
    "l1.nt.not_text": {"en": "an order is written as text",
                       "de": "ein Auftrag wird als Text geschrieben"},
    "l1.nt.empty": {"en": "empty order; write 'pass' for an order without placements",
                    "de": "leerer Auftrag; schreibe „passe“ für einen Auftrag ohne Plättchen"},
    "l1.nt.in_placement": {"en": "placement {n}: {why}", "de": "Eintrag {n}: {why}"},
    "l1.order_file": {"en": "{source}: {count} {count|mistake|mistakes}, the whole file is "
                            "refused",
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
    # events (State.events): an order stays secret until its round is resolved
    "l1.seat": {"en": "Seat {n}", "de": "Platz {n}"},
    "l1.ev.ordered": {"en": "{seat}: order for round {round} handed in",
                      "de": "{seat}: Auftrag für Runde {round} abgegeben"},
    "l1.ev.placement": {"en": "round {round}, {seat}: {tile} {rotation}° on {square}, {outcome}",
                        "de": "Runde {round}, {seat}: {tile} {rotation}° auf {square}, "
                              "{outcome}"},
    "l1.ev.completed": {"en": "round {round}, {seat}: line complete, length {length}, "
                              "score {score}",
                        "de": "Runde {round}, {seat}: Linie fertig, Länge {length}, "
                              "Wertung {score}"},
    "l1.outcome.placed": {"en": "placed", "de": "gelegt"},
    "l1.outcome.exchanged": {"en": "exchanged", "de": "ausgetauscht"},
    "l1.outcome.failed": {"en": "failed", "de": "gescheitert"},
    "l1.outcome.undone": {"en": "taken back", "de": "zurückgenommen"},
    # the table around the board
    "l1.stops_on_board": {"en": "stop signs: {stops}", "de": "Haltestellen: {stops}"},
    "l1.report.round": {"en": "Round {round}:", "de": "Runde {round}:"},
    "l1.report.no_round": {"en": "No round has been resolved yet.",
                           "de": "Noch keine Runde ist ausgewertet."},
    "l1.report.yours": {"en": " your placements", "de": " deine Plättchen"},
    "l1.report.others": {"en": " the others", "de": " die anderen"},
    "l1.report.none": {"en": "  (none)", "de": "  (keine)"},
    "l1.report.took_back": {"en": ", {tile} back to the hand",
                            "de": ", {tile} zurück auf die Hand"},
    "l1.report.stop_placed": {"en": ", stop sign {stops} placed",
                              "de": ", Haltestelle {stops} errichtet"},
    "l1.report.completed": {"en": "{name} completed their line (score {score})",
                            "de": "{name} hat die Linie fertig (Wertung {score})"},
    "l1.seat.hand": {"en": "{n} {n|tile|tiles} in hand", "de": "{n} Plättchen auf der Hand"},
    "l1.seat.finished": {"en": "finished in round {round}, route {length} tiles, score "
                               "{score}",
                         "de": "fertig in Runde {round}, Strecke {length} Plättchen, "
                               "Wertung {score}"},
    "l1.seat.ordered": {"en": "order in", "de": "Auftrag liegt vor"},
    "l1.seat.waiting": {"en": "no order yet", "de": "noch kein Auftrag"},
    "l1.to": {"en": " to ", "de": " bis "},
    "l1.terminal": {"en": "{edge} of {squares}", "de": "{edge} von {squares}"},
    # an order in words (the hint)
    "l1.why.order": {"en": "tiles laid: {n}, fitting the board you see: {fits}",
                     "de": "gelegte Plättchen: {n}, davon passend zum Plan: {fits}"},
    "l1.why.pass": {"en": "lays no tile this round", "de": "legt diese Runde kein Plättchen"},
    # one square in words (`show E9`)
    "l1.sq.none": {"en": "{square} is not a square of the board (A1 to L12)",
                   "de": "{square} ist kein Feld des Plans (A1 bis L12)"},
    "l1.sq.building": {"en": "{square}: building [{letter}] {name}",
                       "de": "{square}: Gebäude [{letter}] {name}"},
    "l1.sq.tile": {"en": "{square}: {tile}, turned {rotation}°; tracks {tracks}",
                   "de": "{square}: {tile}, um {rotation}° gedreht; Gleise {tracks}"},
    "l1.sq.empty": {"en": "{square}: empty", "de": "{square}: leer"},
    "l1.sq.stop": {"en": "  the stop of building {letter} is here",
                   "de": "  die Haltestelle von Gebäude {letter} liegt hier"},
    "l1.sq.terminal": {"en": "  a terminal of line {line} on its {edge} side",
                       "de": "  eine Endstation der Linie {line} an der Seite {edge}"},
    "l1.edge.N": {"en": "north", "de": "Nord"},
    "l1.edge.E": {"en": "east", "de": "Ost"},
    "l1.edge.S": {"en": "south", "de": "Süd"},
    "l1.edge.W": {"en": "west", "de": "West"},
    "l1.your_line": {"en": "Your line {line}: {terminals}",
                     "de": "Deine Linie {line}: {terminals}"},
    "l1.your_hand": {"en": "Your hand: {tiles}", "de": "Deine Hand: {tiles}"},
    "l1.empty": {"en": "empty", "de": "leer"},
    "l1.stop.reached": {"en": "stop {letter} on {square}: reached by your track",
                        "de": "Haltestelle {letter} auf {square}: von deinem Gleis erreicht"},
    "l1.stop.placed": {"en": "stop {letter} on {square}: not reached yet",
                       "de": "Haltestelle {letter} auf {square}: noch nicht erreicht"},
    "l1.stop.unplaced": {"en": "stop {letter}: no sign yet", "de": "Haltestelle {letter}: noch "
                                                                "kein Schild"},
    "l1.progress": {"en": "track from your terminals: {a} and {b} {b|tile|tiles}, not joined "
                          "yet",
                    "de": "Gleis ab deinen Endstellen: {a} und {b} Plättchen, noch nicht "
                          "verbunden"},
    "l1.progress.joined": {"en": "your terminals are joined ({a} {a|tile|tiles} reached)",
                           "de": "deine Endstellen sind verbunden ({a} Plättchen erreicht)"},
    "l1.legend.short": {"en": "[X] building  x stop  digits: terminals  ? legend",
                        "de": "[X] Gebäude  x Haltestelle  Ziffern: Endstellen  ? Legende"},
    "l1.legend.squares": {"en": "· empty square   [X] building X   ─┼─ a tile's tracks",
                          "de": "· leeres Feld   [X] Gebäude X   ─┼─ Gleise eines Plättchens"},
    "l1.legend.tiles": {"en": "a tile: its straights in the middle (│ ─ ┼), its curves at the "
                              "side they leave by (╯ ╮ west, ╰ ╭ east): ─┼─ crossing, ┴─┴ "
                              "straight with two curves",
                        "de": "ein Plättchen: die Geraden in der Mitte (│ ─ ┼), die Kurven an "
                              "der Seite, zu der sie hinausführen (╯ ╮ West, ╰ ╭ Ost): ─┼─ "
                              "Kreuzung, ┴─┴ Gerade mit zwei Kurven"},
    "l1.legend.show_board": {"en": "`show board` draws every track from edge to edge, `show E9` "
                                   "names the tracks of one square",
                             "de": "`zeige brett` zeichnet jedes Gleis von Rand zu Rand, "
                                   "`zeige E9` nennt die Gleise eines Feldes"},
    "l1.legend.kinds": {"en": "The tiles unturned (0):", "de": "Die Plättchen ungedreht (0):"},
    "l1.legend.stops": {"en": "a lower-case letter beside a tile: the stop sign of that "
                              "building (placed on the first tile laid next to it)",
                        "de": "ein Kleinbuchstabe neben einem Plättchen: das Haltestellen"
                              "schild dieses Gebäudes (auf dem ersten Plättchen daneben)"},
    "l1.legend.terminals": {"en": "digits outside the board: the terminals of each line",
                            "de": "Ziffern am Rand: die Endstellen jeder Linie"},
    "l1.legend.edges": {"en": "edges: N north (up), E east, S south, W west",
                        "de": "Ränder: N Nord (oben), E Ost, S Süd, W West"},
    "l1.legend.rotation": {"en": "rotation: degrees clockwise, e.g. a curve N-E turned 90 "
                                 "runs E-S",
                           "de": "Drehung: Grad im Uhrzeigersinn, z. B. eine Kurve N-E um 90 "
                                 "gedreht verläuft E-S"},
    "l1.legend.buildings": {"en": "Buildings:", "de": "Gebäude:"},
    # the order checked before it is sent (precheck.py)
    "l1.pre.placement": {"en": "{n}. {square} {tile} {rotation}",
                         "de": "{n}. {square} {tile} {rotation}"},
    "l1.pre.ok": {"en": "fits the board as it is now", "de": "passt auf den jetzigen Plan"},
    "l1.pre.exchange": {"en": "exchanges the tile there; the old one returns to your hand",
                        "de": "tauscht das Plättchen dort aus; das alte kommt auf deine Hand"},
    "l1.pre.faults": {"en": "; leaves {squares} mismatched: mend it later in this order or "
                            "it is taken back",
                      "de": "; lässt {squares} unpassend: später in diesem Auftrag "
                            "ausbessern, sonst wird es zurückgenommen"},
    "l1.pre.fails": {"en": "would fail: {reason}", "de": "würde scheitern: {reason}"},
    "l1.pre.unreadable": {"en": "not a placement", "de": "kein Plättchen-Eintrag"},
    "l1.pre.unmended": {"en": "it leaves {squares} mismatched and no later placement of this "
                              "order mends it, so it is taken back at the round's end",
                        "de": "es lässt {squares} unpassend, und kein späterer Eintrag dieses "
                              "Auftrags bessert das aus, also wird es am Rundenende "
                              "zurückgenommen"},
    "l1.pre.undone_with": {"en": "it is taken back at the round's end, with placement {n}, "
                                 "which leaves the board illegal",
                           "de": "es wird am Rundenende zurückgenommen, mit Eintrag {n}, der "
                                 "den Plan regelwidrig lässt"},
    "l1.pre.send_anyway": {"en": "Send this order anyway? (y = send, anything else = write "
                                 "it again) ",
                           "de": "Diesen Auftrag trotzdem abschicken? (j = abschicken, sonst "
                                 "neu schreiben) "},
    "l1.pre.caveat": {"en": "Checked against the board as you see it; the other players' "
                            "tiles of this round may still change it.",
                      "de": "Geprüft am Plan, wie du ihn siehst; die Plättchen der anderen "
                            "in dieser Runde können ihn noch ändern."},
    # the SVG board (svg.py) and the postal sheets (frontends/judge_reports.py)
    "l1.svg.after": {"en": "board after round {round}", "de": "Spielplan nach Runde {round}"},
    "l1.svg.start": {"en": "board at the start", "de": "Spielplan zu Beginn"},
    "l1.svg.building": {"en": "building, with its letter", "de": "Gebäude mit seinem Buchstaben"},
    "l1.svg.tree": {"en": "tree tile (green): never exchanged",
                    "de": "Baumplättchen (grün): wird nie ausgetauscht"},
    "l1.svg.new": {"en": "framed: laid or exchanged in this round",
                   "de": "umrandet: in dieser Runde gelegt oder getauscht"},
    "l1.svg.stop": {"en": "stop sign of the building with that letter",
                    "de": "Haltestelle des Gebäudes mit diesem Buchstaben"},
    "l1.svg.terminal": {"en": "blue arch and number: a terminal of that line",
                        "de": "blauer Bogen mit Zahl: eine Endstelle dieser Linie"},
    # what the game declares (meta.py): its one line and its options
    "l1.about": {"en": "The postal rules (Christian Becker, 1999) of the tram board game: "
                       "finish your secret line quickly and short, in sealed orders of up "
                       "to five tiles a round.",
                 "de": "Die Postspielregeln (Christian Becker, 1999) des Straßenbahn-"
                       "Brettspiels: baue deine geheime Linie schnell und kurz, in verdeckten "
                       "Aufträgen von bis zu fünf Plättchen je Runde."},
    "l1.opt.rounds": {"en": "Rounds", "de": "Runden"},
    "l1.opt.rounds.help": {"en": "the round limit: the game ends after this round even if "
                                 "a line is not complete",
                           "de": "die Rundengrenze: die Partie endet nach dieser Runde, auch "
                                 "wenn eine Linie nicht fertig ist"},
})


def tile_name(tile: str, lang: str = "en") -> str:
    """A tile's name in `lang` (an id no entry knows stays as it is)."""
    key = f"l1.tile.{tile}"
    return CATALOG.text(key, lang) if key in CATALOG else tile


def reason_text(key: str, lang: str, params: dict[str, Any]) -> str:
    """A failure reason in `lang`, its tile named in that language too ("kurve")."""
    shown = {name: tile_name(value, lang) if name == "tile" and isinstance(value, str)
             else value for name, value in params.items()}
    return CATALOG.text(key, lang, **shown)


# the word a player types for each detail (`show TOPIC`, German `zeige THEMA`)
CATALOG.update({
    "topic.linie1.report": {"en": "report", "de": "bericht"},
    "topic.linie1.board": {"en": "board", "de": "brett"},
    "topic.linie1.seats": {"en": "seats", "de": "plätze"},
    "topic.linie1.line": {"en": "line", "de": "linie"},
    "topic.linie1.legend": {"en": "legend", "de": "legende"},
})
