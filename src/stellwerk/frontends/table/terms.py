"""The terminal table's own words in English and German (the games' catalogues supply
their terms and prompts), and the command words a player types at it."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # hand-over between humans (hotseat)
    "handover": {"en": "Pass the table to {name} and press Enter ",
                 "de": "Gib den Tisch an {name} weiter und drücke Enter "},
    "turn_over": {"en": "{name}, this is the table after your turn. Press Enter to hand it "
                        "on{undo} ",
                  "de": "{name}, so steht der Tisch nach deinem Zug. Drücke Enter, um ihn "
                        "weiterzugeben{undo} "},
    "sent": {"en": "Your turn: {actions}", "de": "Dein Zug: {actions}"},
    "turn_over_undo": {"en": " (undo takes your last action back)",
                       "de": " (zurück nimmt deine letzte Aktion zurück)"},
    # the prompt
    "hint": {"en": "Type a number or an action; help lists the commands.",
             "de": "Gib eine Zahl oder eine Aktion ein; hilfe zeigt die Befehle."},
    "type_hint": {"en": "Type your action in notation{examples}; help lists the commands.",
                  "de": "Gib deine Aktion in Notation ein{examples}; hilfe zeigt die Befehle."},
    "examples": {"en": ", e.g. {examples}", "de": ", z. B. {examples}"},
    "more_choices": {"en": "… {n} more: list shows every choice",
                     "de": "… {n} weitere: liste zeigt jede Wahl"},
    "cropped": {"en": "… {n} more {n|line|lines}: show draws the whole table",
                "de": "… {n} {n|weitere Zeile|weitere Zeilen}: zeige zeichnet den ganzen Tisch"},
    "cropped_taller": {"en": "… {n} more {n|line|lines}: a taller terminal shows them",
                       "de": "… {n} {n|weitere Zeile|weitere Zeilen}: ein höheres Terminal "
                             "zeigt sie"},
    "commands": {
        "en": "Commands: a number or an action in notation; list (every choice); show "
              "(the whole table){topics}; log (the game so far); hint (the bot's choice); "
              "undo; rules; save [FILE]; quit.",
        "de": "Befehle: eine Zahl oder eine Aktion in Notation; liste (jede Wahl); zeige "
              "(der ganze Tisch){topics}; verlauf (das Spiel bisher); tipp (die Wahl des "
              "Bots); zurück; regeln; speichern [DATEI]; aufgeben."},
    "topics": {"en": ", show TOPIC ({topics})", "de": ", zeige THEMA ({topics})"},
    "no_topic": {"en": "There is no detail {topic!r}; details: {topics}.",
                 "de": "Es gibt kein Detail {topic!r}; Details: {topics}."},
    "page_more": {"en": "-- more: Enter; q ends -- ", "de": "-- weiter: Enter; q beendet -- "},
    # mistakes
    "no_choice": {"en": "There is no choice {shown}; choose 1 to {n}.",
                  "de": "Es gibt keine Wahl {shown}; wähle 1 bis {n}."},
    "not_allowed": {"en": "Not allowed: {reason}", "de": "Nicht erlaubt: {reason}"},
    "not_now": {"en": "That action is not possible now.",
                "de": "Diese Aktion ist jetzt nicht möglich."},
    # comforts
    "taken_back": {"en": "Taken back: {action}.", "de": "Zurückgenommen: {action}."},
    "no_undo": {"en": "Nothing to take back: undo goes back through your own actions only, "
                      "never past another seat's move or a moment when something was drawn "
                      "or revealed.",
                "de": "Nichts zurückzunehmen: zurück geht nur durch deine eigenen Aktionen, "
                      "nie über den Zug eines anderen Platzes oder einen Moment hinaus, in "
                      "dem etwas gezogen oder aufgedeckt wurde."},
    "undo_nothing": {"en": "You have taken no action yet.",
                     "de": "Du hast noch keine Aktion ausgeführt."},
    "undo_other": {"en": "{name} decided after you.",
                   "de": "{name} hat nach dir entschieden."},
    "undo_revealed": {"en": "Your last action ({action}) drew or revealed something.",
                      "de": "Deine letzte Aktion ({action}) hat etwas gezogen oder "
                            "aufgedeckt."},
    "undo_never": {"en": "This game does not say what its actions reveal, so nothing is "
                         "taken back.",
                   "de": "Dieses Spiel sagt nicht, was seine Aktionen aufdecken, daher wird "
                         "nichts zurückgenommen."},
    "no_log": {"en": "This game keeps no log of events yet.",
               "de": "Dieses Spiel führt noch keinen Verlauf."},
    "log_title": {"en": "The game so far", "de": "Das Spiel bisher"},
    "no_rules": {"en": "No rules summary for this game.",
                 "de": "Keine Regelübersicht für dieses Spiel."},
    "hint_is": {"en": "Hint ({bot} bot): {action}{why}",
                "de": "Tipp (Bot {bot}): {action}{why}"},
    "hint_why": {"en": " — by the game's heuristic for you: {before} now, {after} after it",
                 "de": " — nach der Heuristik des Spiels für dich: jetzt {before}, danach "
                       "{after}"},
    "thinking": {"en": "Thinking…", "de": "Denke nach…"},
    "saved": {"en": "Saved to {path}. Continue later with: stellwerk play --resume {path} "
                    "(the file holds the seed: keep it to yourself).",
              "de": "Gespeichert in {path}. Später weiter mit: stellwerk play --resume {path} "
                    "(die Datei enthält den Seed: behalte sie für dich)."},
    "save_failed": {"en": "The game could not be saved: {why}",
                    "de": "Das Spiel konnte nicht gespeichert werden: {why}"},
    "resume_hint": {"en": "Continue it with: stellwerk play --resume {path}",
                    "de": "Weiter mit: stellwerk play --resume {path}"},
    # `play --resume` without a file
    "saves_title": {"en": "Unfinished games in {folder}, newest first:",
                    "de": "Unfertige Partien in {folder}, die neueste zuerst:"},
    "save_line": {"en": "{n:>3}. {when} — {game}, actions: {steps} — {seats}",
                  "de": "{n:>3}. {when} — {game}, Aktionen: {steps} — {seats}"},
    "pick_save": {"en": "Number of the game to continue (Enter leaves): ",
                  "de": "Nummer der Partie zum Fortsetzen (Enter verlässt): "},
    "no_save": {"en": "There is no game {shown}; choose 1 to {n}.",
                "de": "Es gibt keine Partie {shown}; wähle 1 bis {n}."},
    "resumed": {"en": "Resumed after {n} {n|action|actions}.",
                "de": "Fortgesetzt nach {n} {n|Aktion|Aktionen}."},
    # the end
    "abandoned": {"en": "The game was abandoned.", "de": "Das Spiel wurde abgebrochen."},
    "partial": {"en": "The unfinished record is in {path}.",
                "de": "Die unvollständige Aufzeichnung steht in {path}."},
    "final": {"en": "Final score", "de": "Schlusswertung"},
    "final_lower": {"en": "Final score (lower is better)",
                    "de": "Schlusswertung (weniger ist besser)"},
    "total": {"en": "Total", "de": "Summe"},
    "rank": {"en": "Rank", "de": "Platz"},
    "won": {"en": "Won by {winners}.", "de": "Gewonnen hat {winners}."},
    "no_winner": {"en": "Nobody won.", "de": "Niemand hat gewonnen."},
    "and": {"en": " and ", "de": " und "},
    "written": {"en": "Record written to {path}.", "de": "Aufzeichnung gespeichert in {path}."},
    "you": {"en": "You", "de": "Du"},
    "player": {"en": "Player {n}", "de": "Spieler {n}"},
    "seed": {"en": "seed", "de": "Seed"},
})

# Words a player types at the table, in either language (lower case).
QUIT_WORDS = ("quit", "exit", "aufgeben", "ende")
HELP_WORDS = ("?", "help", "hilfe")
LIST_WORDS = ("list", "liste")
SHOW_WORDS = ("show", "zeige")
LOG_WORDS = ("log", "verlauf")
HINT_WORDS = ("hint", "tipp")
UNDO_WORDS = ("undo", "zurück", "zurueck")
RULES_WORDS = ("rules", "regeln")
SAVE_WORDS = ("save", "speichern")
YES_WORDS = ("y", "yes", "j", "ja")
