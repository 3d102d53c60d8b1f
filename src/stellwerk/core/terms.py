"""The core's catalogue: the refusals of the command line and of the core, in English
and German (`CATALOG`; `core/errors.py` says how an error carries a key).

Each entry below is `key: (English, German)` with `str.format` fields. A field that
holds another refusal (`{why}`) or a word of this catalogue (`{kind}`, a `Term`) is said
in the same language; every other field is copied as it is (file names, values the user
typed, numbers, the operating system's reason).
"""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

ENTRIES: dict[str, tuple[str, str]] = {
    # numbers and options (core/inputs.py)
    "in.too_many_digits": ("{what}: a number of {n} digits is far too large",
                           "{what}: eine Zahl mit {n} Ziffern ist viel zu groß"),
    "in.whole": ("{what} must be a whole number, not {value}",
                 "{what} muss eine ganze Zahl sein, nicht {value}"),
    "in.at_least": ("{what} must be at least {n}, not {value}",
                    "{what} muss mindestens {n} sein, nicht {value}"),
    "in.at_most": ("{what} must be at most {n}, not {value}",
                   "{what} darf höchstens {n} sein, nicht {value}"),
    "in.range": ("{what} must be from {low} to {high}, not {value}",
                 "{what} muss zwischen {low} und {high} liegen, nicht {value}"),
    "in.pair": ("option {pair} must look like KEY=VALUE",
                "Option {pair} muss die Form SCHLÜSSEL=WERT haben"),
    "in.unreadable": ("{path}: cannot read the {noun} ({detail})",
                      "{path}: Datei nicht lesbar ({detail})"),
    "in.nul": ("{path}: cannot read the {noun} (no file name holds a NUL character)",
               "{path}: Datei nicht lesbar (kein Dateiname enthält ein NUL-Zeichen)"),
    "in.not_regular": ("{path}: is {kind}, not a {noun} file; refusing to read it",
                       "{path}: ist {kind}, keine Datei; sie wird nicht gelesen"),
    "in.not_regular_an": ("{path}: is {kind}, not an {noun} file; refusing to read it",
                          "{path}: ist {kind}, keine Datei; sie wird nicht gelesen"),
    "in.too_large": ("{path}: too large for a {noun} file (more than {size})",
                     "{path}: zu groß (mehr als {size})"),
    "in.too_large_an": ("{path}: too large for an {noun} file (more than {size})",
                        "{path}: zu groß (mehr als {size})"),
    "in.not_utf8": ("{path}: line {line}: not UTF-8 text",
                    "{path}: Zeile {line}: kein UTF-8-Text"),
    "in.json": ("not valid JSON ({detail}, line {line})",
                "kein gültiges JSON ({detail}, Zeile {line})"),
    "in.json_line": ("not valid JSON ({detail})", "kein gültiges JSON ({detail})"),
    "in.json_deep": ("not valid JSON (nested too deeply)",
                     "kein gültiges JSON (zu tief verschachtelt)"),
    "in.json_number": ("not usable JSON (a number in it is far too long)",
                       "unbrauchbares JSON (eine Zahl darin ist viel zu lang)"),
    "in.at": ("{where}: {why}", "{where}: {why}"),
    "in.language": ("unknown language {lang}; choose one of: {langs}",
                    "unbekannte Sprache {lang}; möglich sind: {langs}"),
    # the command line itself
    "cli.seat_step": ("replay: --seat goes with --step",
                      "replay: --seat geht nur zusammen mit --step"),
    "cli.generate_file": ("pack: --generate names its own OUT file; give no FILE",
                          "pack: --generate nennt seine Ausgabedatei selbst; keine DATEI "
                          "angeben"),
    "cli.unknown_game": ("unknown game {game}; known games: {games}",
                         "unbekanntes Spiel {game}; bekannte Spiele: {games}"),
    "cli.unknown_bot": ("unknown bot {bot}; bots: {bots}", "unbekannter Bot {bot}; Bots: {bots}"),
    "cli.unknown_bot_for": ("unknown bot {bot} for {title}; bots for {title}: {bots}",
                            "unbekannter Bot {bot} für {title}; Bots für {title}: {bots}"),
    "cli.unknown_bot_study": ("unknown bot {bot} for {title}; bots: {bots}",
                              "unbekannter Bot {bot} für {title}; Bots: {bots}"),
    "cli.level": ("unknown level {level}; levels: {levels}",
                  "unbekannte Stufe {level}; Stufen: {levels}"),
    # seats, names, files of `play`, `simulate`, `replay`
    "set.seat_count": ("{title} is for {low}-{high} players, --seats names {n}",
                       "{title} ist für {low}-{high} Personen, --seats nennt {n}"),
    "set.seed": ("--seed must be 0 or more", "--seed muss 0 oder größer sein"),
    "set.no_humans": ("only bots sit at a simulation, not {human}; bots: {bots} (humans play "
                      "with `stellwerk play`)",
                      "in einer Simulation sitzen nur Bots, nicht {human}; Bots: {bots} "
                      "(Menschen spielen mit `stellwerk play`)"),
    "set.not_offered": ("{title} does not offer the {bot} bot; seats may be: {seats}",
                        "{title} bietet den Bot {bot} nicht an; möglich sind: {seats}"),
    "set.unknown_seat": ("unknown seat {seat} for {title}; seats may be: {seats}",
                         "unbekannter Platz {seat} für {title}; möglich sind: {seats}"),
    "set.jobs": ("--jobs must be at least 1", "--jobs muss mindestens 1 sein"),
    "set.games": ("-n must be at least 1", "-n muss mindestens 1 sein"),
    "set.cannot_write_kept": ("{path}: cannot write ({detail}); the records written so far "
                              "are kept",
                              "{path}: nicht schreibbar ({detail}); die bisher geschriebenen "
                              "Protokolle bleiben erhalten"),
    "set.cannot_write": ("{path}: cannot write ({detail})", "{path}: nicht schreibbar ({detail})"),
    "set.cannot_write_record": ("{path}: cannot write the record ({detail})",
                                "{path}: Protokoll nicht schreibbar ({detail})"),
    "set.picture": ("{path}: cannot write the picture ({detail})",
                    "{path}: Bild nicht schreibbar ({detail})"),
    "set.record_there": ("{path}: cannot write the record there",
                         "{path}: dort kann das Protokoll nicht geschrieben werden"),
    "set.step_seat": ("--seat must be 1 to {n} for {where}",
                      "--seat muss 1 bis {n} sein für {where}"),
    "set.brackets": ("{where} may not contain square brackets",
                     "{where} darf keine eckigen Klammern enthalten"),
    "in.character": ("{what}: the character {char} is not allowed (no control or invisible "
                     "formatting characters)",
                     "{what}: das Zeichen {char} ist nicht erlaubt (keine Steuer- oder "
                     "unsichtbaren Formatzeichen)"),
    "set.name_long": ("{where}: a name has at most {n} characters, not {value}",
                      "{where}: ein Name hat höchstens {n} Zeichen, nicht {value}"),
    "set.name_game": ("play: name a game (see `stellwerk games`) or --resume FILE",
                      "play: nenne ein Spiel (siehe `stellwerk games`) oder --resume DATEI"),
    "set.resume_flags": ("--resume takes seats, names, options and seed from the file; leave "
                         "out {flags}",
                         "--resume nimmt Plätze, Namen, Optionen und Startwert aus der Datei; "
                         "lass {flags} weg"),
    "set.resume_game": ("{path} is a game of {game}, not {other}",
                        "{path} ist eine Partie {game}, nicht {other}"),
    "set.resume_over": ("{path}: that game is over (see `stellwerk replay`)",
                        "{path}: diese Partie ist zu Ende (siehe `stellwerk replay`)"),
    "set.no_saves": ("no unfinished games saved in {folder}",
                     "keine unfertigen Partien gespeichert in {folder}"),
    "set.saves_folder": ("{folder}: cannot make the folder for saved games ({detail})",
                         "{folder}: der Ordner für gespeicherte Partien lässt sich nicht "
                         "anlegen ({detail})"),
    "set.no_saves_folder": ("no folder for saved games: set XDG_STATE_HOME or give --record "
                            "FILE",
                            "kein Ordner für gespeicherte Partien: setze XDG_STATE_HOME oder "
                            "gib --record DATEI an"),
    "set.seat_kind": ("{path}: unknown seat kind {kind_value}",
                      "{path}: unbekannte Platzart {kind_value}"),
    "set.names": ("--names needs {n} non-empty names, one per seat",
                  "--names braucht {n} nicht leere Namen, einen je Platz"),
    # records (core/record.py, frontends/replaying.py)
    "rec.refused": ("record refused", "Protokoll abgelehnt"),
    "rec.missing": ("{where}: missing {key}", "{where}: {key} fehlt"),
    "rec.type": ("{where}: wrong type {type}", "{where}: falscher Typ {type}"),
    "rec.object": ("record: the top level must be a JSON object",
                   "Protokoll: die oberste Ebene muss ein JSON-Objekt sein"),
    "rec.format": ("record: not a Stellwerk record (format {format})",
                   "Protokoll: kein Stellwerk-Protokoll (Format {format})"),
    "rec.version": ("record: format version {version} is not supported (this Stellwerk reads "
                    "{ours})",
                    "Protokoll: Formatversion {version} wird nicht unterstützt (dieses "
                    "Stellwerk liest {ours})"),
    "rec.result": ("record.result: must be an object or null",
                   "record.result: muss ein Objekt oder null sein"),
    "rec.seed_text": ("record.seed: a string seed must be the decimal digits of a number from "
                      "0 to 2**64 - 1",
                      "record.seed: ein Startwert als Text muss aus den Dezimalziffern einer "
                      "Zahl von 0 bis 2**64 - 1 bestehen"),
    "rec.seed": ("record.seed: must be from 0 to 2**64 - 1 (a seed is 64 bits)",
                 "record.seed: muss zwischen 0 und 2**64 - 1 liegen (ein Startwert hat "
                 "64 Bit)"),
    "rec.game": ("record is for {game}, not {other}",
                 "das Protokoll ist für {game}, nicht {other}"),
    "rec.engine": ("record was made by engine {version}; this is {ours}",
                   "das Protokoll stammt von der Regelversion {version}; diese ist {ours}"),
    "rec.pack": ("content pack {pack} has SHA-256 {sha}, the record was played with {other} "
                 "{other_sha}",
                 "Inhaltspaket {pack} hat SHA-256 {sha}, die Partie wurde mit {other} "
                 "{other_sha} gespielt"),
    "rec.over": ("the game is already over", "die Partie ist schon zu Ende"),
    "rec.no_seat": ("there is no seat {seat}", "es gibt keinen Platz {seat}"),
    "rec.unfinished": ("the record has a result but its actions do not finish the game",
                       "das Protokoll hat ein Ergebnis, aber seine Züge beenden die Partie "
                       "nicht"),
    "rec.result_differs": ("the replay ends with {got}, the record says {said}",
                           "das Nachspielen endet mit {got}, das Protokoll sagt {said}"),
    "rec.action": ("action {n}: {why}", "Zug {n}: {why}"),
    "rec.by_seat": ("{action} by seat {seat}: {detail}", "{action} von Platz {seat}: {detail}"),
    "rec.empty": ("{path}: no record in the file", "{path}: kein Protokoll in der Datei"),
    "rec.line_long": ("{path}: line {line}: too long for a record (more than {n} MB)",
                      "{path}: Zeile {line}: zu lang für ein Protokoll (mehr als {n} MB)"),
    "rec.line": ("{path}: line {line}: {why}", "{path}: Zeile {line}: {why}"),
    "rec.snapshot": ("snapshot: {detail}", "Schnappschuss: {detail}"),
    # content packs: the file (the problems of one item are named in English)
    "pk.utf8": ("{path}: the content pack is not UTF-8 text",
                "{path}: das Inhaltspaket ist kein UTF-8-Text"),
    "pk.toml_deep": ("{path}: not valid TOML: nested too deeply",
                     "{path}: kein gültiges TOML: zu tief verschachtelt"),
    "pk.toml_number": ("{path}: not usable TOML: a number in it is far too long",
                       "{path}: unbrauchbares TOML: eine Zahl darin ist viel zu lang"),
    "pk.toml": ("{path}: not valid TOML: {detail}", "{path}: kein gültiges TOML: {detail}"),
    "pk.other_game": ("{path}: item pack.game: this pack is for {game}, not {other}",
                      "{path}: Eintrag pack.game: dieses Paket ist für {game}, nicht {other}"),
    "pk.provenance": ("{path}: item {where}: provenance must be one of {known}, not {value}",
                      "{path}: Eintrag {where}: die Herkunft muss eine von {known} sein, nicht "
                      "{value}"),
    "pk.in": ("pack: {why}", "pack: {why}"),
    "pk.no_generator_bare": ("{title} has no pack generator (its pack is written by hand)",
                             "{title} hat keinen Paketgenerator (sein Paket ist von Hand "
                             "geschrieben)"),
    "pk.nul": ("pack: {path}: no file name holds a NUL character",
               "pack: {path}: kein Dateiname enthält ein NUL-Zeichen"),
    "pk.special": ("pack: {path} is {kind}, not a pack file; refusing to write to it",
                   "pack: {path} ist {kind}, keine Paketdatei; sie wird nicht beschrieben"),
    "pk.folder": ("pack: {path} is a folder; name the pack file to write",
                  "pack: {path} ist ein Ordner; nenne die Paketdatei, die geschrieben werden "
                  "soll"),
    # python -m stellwerk.web.draw (web/draw.py)
    "dr.step": ("--step must be 0 or more", "--step muss 0 oder mehr sein"),
    "dr.seat": ("--seat must be 0-{high}, not {value}",
                "--seat muss zwischen 0 und {high} liegen, nicht {value}"),
    "dr.none": ("no drawing for {title} yet", "für {title} gibt es noch keine Zeichnung"),
    "dr.write": ("cannot write {path} ({detail})", "{path} nicht schreibbar ({detail})"),
    "dr.wrote": ("wrote {path}", "{path} geschrieben"),
    "pk.write": ("pack: cannot write {path}: {detail}",
                 "pack: {path} nicht schreibbar: {detail}"),
    # tournament, study, serve
    "rs.players": ("--players must be from {low} to {high}, not {n}",
                   "--players muss zwischen {low} und {high} liegen, nicht {n}"),
    "rs.no_folder": ("{path}: no such folder", "{path}: diesen Ordner gibt es nicht"),
    "rs.precision": ("--precision must be between 0 and 1 (a share), not {value}",
                     "--precision muss zwischen 0 und 1 liegen (ein Anteil), nicht {value}"),
    "rs.matplotlib": ("study needs matplotlib: pip install 'stellwerk[study]'",
                      "study braucht matplotlib: pip install 'stellwerk[study]'"),
    "rs.twice": ("--bots names a bot twice; each bot enters once",
                 "--bots nennt einen Bot zweimal; jeder Bot tritt einmal an"),
    "rs.two_bots": ("a tournament needs at least two bots",
                    "ein Turnier braucht mindestens zwei Bots"),
    "rs.bots_for": ("--players {n} needs at least {m} bots",
                    "--players {n} braucht mindestens {m} Bots"),
    "rs.gauntlet": ("a gauntlet needs the challenger and enough opponents for a table",
                    "ein Spießrutenlauf braucht den Herausforderer und genug Gegner für einen "
                    "Tisch"),
    "rs.checkpoint": ("checkpoint {path} does not fit this game ({detail}); delete it to "
                      "play the game afresh",
                      "Zwischenstand {path} passt nicht zu diesem Spiel ({detail}); lösche "
                      "ihn, um das Spiel neu zu spielen"),
    "rs.ray": ("--ray needs Ray installed: pip install ray",
               "--ray braucht Ray: pip install ray"),
    "rs.ray_connect": ("--ray {address}: cannot connect ({detail})",
                       "--ray {address}: keine Verbindung ({detail})"),
    "sv.port": ("serve: --port must be 1-65535, not {port}",
                "serve: --port muss 1-65535 sein, nicht {port}"),
    "sv.workers": ("serve: --bot-workers must be 0 or more",
                   "serve: --bot-workers muss 0 oder größer sein"),
    "sv.limit": ("serve: {options} must be 0 or more",
                 "serve: {options} muss 0 oder größer sein"),
    "sv.url": ("serve: bad --database URL ({detail})",
               "serve: ungültige --database-URL ({detail})"),
    "sv.database": ("serve: cannot open the database ({detail})",
                    "serve: die Datenbank lässt sich nicht öffnen ({detail})"),
    "sv.data": ("serve: cannot make the data folder {path} ({detail})",
                "serve: der Datenordner {path} lässt sich nicht anlegen ({detail})"),
    "sv.not_sqlite": ("serve: {path} is not an SQLite database; restore it from a backup, "
                      "or move it away to start afresh",
                      "serve: {path} ist keine SQLite-Datenbank; stelle sie aus einer "
                      "Sicherung wieder her oder verschiebe sie, um neu anzufangen"),
    "sv.damaged": ("serve: the database {path} is damaged ({detail}); restore it from a "
                   "backup, or move it away to start afresh",
                   "serve: die Datenbank {path} ist beschädigt ({detail}); stelle sie aus "
                   "einer Sicherung wieder her oder verschiebe sie, um neu anzufangen"),
    "sv.newer": ("serve: the database {path} has schema revision {revision}, which only a "
                 "newer Stellwerk knows; use a newer Stellwerk, or restore a backup",
                 "serve: die Datenbank {path} hat die Schema-Revision {revision}, die nur "
                 "ein neueres Stellwerk kennt; nimm ein neueres Stellwerk oder stelle eine "
                 "Sicherung wieder her"),
    "sv.public_url": ("serve: --public-url must be an http or https URL, not {value}",
                      "serve: --public-url muss eine http- oder https-URL sein, nicht "
                      "{value}"),
    # the frame main() puts around a bug and an interruption
    "main.internal": ("internal error ({type}); this is a bug in Stellwerk, not your input; "
                      "the full report is in {path}",
                      "interner Fehler ({type}); das ist ein Fehler in Stellwerk, nicht in "
                      "deiner Eingabe; der ganze Bericht steht in {path}"),
    "main.interrupted": ("interrupted", "abgebrochen"),
    # what a path is when it is not a regular file (the `kind` of in.not_regular, pk.special)
    "in.kind.folder": ("a folder", "ein Ordner"),
    "in.kind.fifo": ("a fifo", "eine FIFO"),
    "in.kind.device": ("a device", "ein Gerät"),
    "in.kind.special": ("a device or other special file",
                        "ein Gerät oder eine andere Sonderdatei"),
    "in.kind.other": ("not a regular file", "keine gewöhnliche Datei"),
}

CATALOG = Catalog({key: {"en": english, "de": german}
                   for key, (english, german) in ENTRIES.items()})

# the words of declared options and facts (core/options.py, core/meta.py)
CATALOG.update({
    "opt.unknown": {"en": "unknown {game} option {option} (options: {options})",
                    "de": "unbekannte Option {option} für {game} (Optionen: {options})"},
    "opt.choice": {"en": "{option} must be {allowed}, not {value}",
                   "de": "{option} muss {allowed} sein, nicht {value}"},
    "opt.whole": {"en": "{option} must be a whole number from {low} to {high}, not {value}",
                  "de": "{option} muss eine ganze Zahl von {low} bis {high} sein, nicht "
                        "{value}"},
    "opt.range": {"en": "{option} must be from {low} to {high}, not {value}",
                  "de": "{option} muss zwischen {low} und {high} liegen, nicht {value}"},
    "opt.flag": {"en": "{option} must be yes or no, not {value}",
                 "de": "{option} muss yes oder no sein, nicht {value}"},
    "opt.subset": {"en": "{option} takes some of {allowed}, separated by commas, not {value}",
                   "de": "{option} nimmt einige von {allowed}, durch Kommas getrennt, nicht "
                         "{value}"},
    "opt.seats": {"en": "{game} is for {low} to {high} players, not {n}",
                  "de": "{game} ist für {low} bis {high} Personen, nicht {n}"},
    "opt.seats_pair": {"en": "{game} is for {low} or {high} players, not {n}",
                       "de": "{game} ist für {low} oder {high} Personen, nicht {n}"},
    "opt.seats_exactly": {"en": "{game} is for exactly {low} players, not {n}",
                          "de": "{game} ist für genau {low} Personen, nicht {n}"},
    "opt.seats_solo": {"en": "{game} is a solo game: one seat, not {n}",
                       "de": "{game} ist ein Solospiel: ein Platz, nicht {n}"},
    "opt.none": {"en": "none", "de": "keine"},
    "opt.or": {"en": "or", "de": "oder"},
    "opt.also": {"en": "also", "de": "auch"},
    "opt.any_of": {"en": "any of {values}, comma separated",
                   "de": "beliebige von {values}, durch Kommas getrennt"},
    "opt.yes_no": {"en": "yes or no", "de": "yes oder no"},
})
CATALOG.update({
    "meta.designers": {"en": "Designed by", "de": "Autor"},
    "meta.publisher": {"en": "Publisher", "de": "Verlag"},
    "meta.year": {"en": "Year", "de": "Jahr"},
    "meta.players": {"en": "Players", "de": "Personen"},
})
CATALOG.update({
    # a finished game whose game gives no reason of its own (`companions.Study.ending`)
    "end.over": {"en": "The game is over.", "de": "Die Partie ist zu Ende."},
})
