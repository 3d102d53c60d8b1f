"""The server's messages in English and German (every text a player sees exists in both).

Refusals from a game's engine are put in words by that game's own catalogue; these are
the server's own: unknown table, wrong token, conflicts, limits.
"""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    "srv.no_table": {"en": "there is no table {table!r}",
                     "de": "es gibt keinen Tisch {table!r}"},
    "srv.no_token": {"en": "this needs a token (header 'Authorization: Bearer TOKEN')",
                     "de": "dafür ist ein Token nötig (Kopfzeile 'Authorization: Bearer TOKEN')"},
    "srv.bad_token": {"en": "this token gives no access to table {table!r}",
                      "de": "dieses Token gibt keinen Zugang zu Tisch {table!r}"},
    "srv.admin_only": {"en": "only the table's admin link may do this",
                       "de": "nur der Admin-Link des Tisches darf das"},
    "srv.seat_only": {"en": "only a seat's own link may do this",
                      "de": "nur der Link eines Platzes darf das"},
    "srv.seat_left": {"en": "a bot plays seat {seat} now: this link only watches the table",
                      "de": "Platz {seat} spielt jetzt ein Bot: dieser Link schaut dem Tisch "
                            "nur noch zu"},
    "srv.not_your_turn": {"en": "seat {seat} owes no decision now (waiting for "
                                "{count|seat|seats} {waiting})",
                          "de": "Platz {seat} ist jetzt nicht am Zug (es wird gewartet auf "
                                "{count|Platz|Plätze} {waiting})"},
    "srv.game_over": {"en": "the game is over", "de": "das Spiel ist vorbei"},
    "srv.bot_seat": {"en": "a bot plays seat {seat} now",
                     "de": "Platz {seat} spielt jetzt ein Bot"},
    "srv.conflict": {"en": "another action was accepted first (the table is at action "
                           "{seq}); look at the table again",
                     "de": "eine andere Aktion wurde zuerst angenommen (der Tisch steht bei "
                           "Aktion {seq}); bitte den Tisch neu ansehen"},
    "srv.no_undo": {"en": "nothing to take back: only your own newest action, while no other "
                          "seat has acted and nothing was drawn or shown since",
                    "de": "nichts zurückzunehmen: nur deine eigene letzte Aktion, solange "
                          "kein anderer Platz gehandelt hat und seither nichts gezogen oder "
                          "gezeigt wurde"},
    # a seat nobody named, in the reader's language (the table stores no name for it)
    "srv.seat_name": {"en": "Seat {n}", "de": "Platz {n}"},
    "srv.stale": {"en": "you expected action {expected}, but the table is at action {seq}",
                  "de": "erwartet war Aktion {expected}, der Tisch steht aber bei Aktion {seq}"},
    "srv.need_one": {"en": "send exactly one of 'notation' (text) or 'action' (its JSON form)",
                     "de": "genau eines senden: 'notation' (Text) oder 'action' (JSON-Form)"},
    "srv.bad_action_json": {"en": "{action} is not an action of {game}: {reason}",
                            "de": "{action} ist keine Aktion von {game}: {reason}"},
    "srv.engine_refused": {"en": "the game could not read this action",
                           "de": "das Spiel konnte diese Aktion nicht lesen"},
    "srv.not_finished": {"en": "the game is not finished; its record (which holds the seed) "
                               "is served only at the end",
                         "de": "das Spiel ist nicht beendet; seine Aufzeichnung (mit dem "
                               "Startwert) gibt es erst am Ende"},
    "srv.bad_seat": {"en": "there is no seat {seat} at this table",
                     "de": "an diesem Tisch gibt es keinen Platz {seat}"},
    "srv.not_finished_yet": {"en": "a rematch can be asked for when the game is over",
                             "de": "eine Revanche gibt es, wenn das Spiel vorbei ist"},
    "srv.rematch_players": {"en": "a rematch is asked for from a player's or the admin's link",
                            "de": "eine Revanche fordert man mit dem Link eines Spielers oder "
                                  "der Verwaltung an"},
    "srv.seat_taken": {"en": "{name} is already taken; choose another free seat",
                       "de": "{name} ist schon vergeben; wähle einen anderen freien Platz"},
    "srv.invite_only": {"en": "a seat is claimed with the table's invitation link",
                        "de": "einen Platz nimmt man mit dem Einladungslink des Tisches"},
    "srv.already_bot": {"en": "seat {seat} is already played by a bot",
                        "de": "Platz {seat} spielt schon ein Bot"},
    "srv.bad_request": {"en": "the request does not fit: {reason}",
                        "de": "die Anfrage passt nicht: {reason}"},
    "srv.bad_character": {"en": "{where}: the character {char} is not allowed (no control or "
                                "invisible formatting characters)",
                          "de": "{where}: das Zeichen {char} ist nicht erlaubt (keine Steuer- "
                                "oder unsichtbaren Formatzeichen)"},
    "srv.hello_too_big": {"en": "the first message is larger than {limit} bytes",
                          "de": "die erste Nachricht ist größer als {limit} Bytes"},
    "srv.bad_hello": {"en": "the first message must be the JSON object {{\"token\": \"...\"}} "
                            "in UTF-8",
                      "de": "die erste Nachricht muss das JSON-Objekt {{\"token\": \"...\"}} "
                            "in UTF-8 sein"},
    "srv.bad_body": {"en": "the request body cannot be read as JSON (not UTF-8, or nested "
                           "too deeply)",
                     "de": "der Inhalt der Anfrage ist als JSON nicht lesbar (kein UTF-8 oder "
                           "zu tief verschachtelt)"},
    "srv.no_page": {"en": "there is nothing at this address", "de": "unter dieser Adresse gibt "
                                                                    "es nichts"},
    "srv.bad_method": {"en": "this address does not take this method (GET, POST, ...)",
                       "de": "diese Adresse nimmt diese Methode (GET, POST, ...) nicht an"},
    "srv.too_big": {"en": "the request body is larger than {limit} bytes",
                    "de": "der Inhalt der Anfrage ist größer als {limit} Bytes"},
    "srv.bad_option": {"en": "{reason}", "de": "{reason}"},
    "srv.old_pack": {"en": "table {table!r} was made with content pack {pack!r} {sha}…, which "
                           "this server no longer has",
                     "de": "Tisch {table!r} wurde mit dem Inhaltspaket {pack!r} {sha}… angelegt, "
                           "das dieser Server nicht mehr hat"},
    "srv.empty_chat": {"en": "a chat message needs some text",
                       "de": "eine Chat-Nachricht braucht Text"},
    "srv.tokens_limit": {"en": "at most {limit} tokens at once",
                         "de": "höchstens {limit} Tokens auf einmal"},
    "srv.late_no_default": {
        "en": "the deadline has passed for {count|seat|seats} {seats}, and the rules name no "
              "move in "
              "their place: the table waits for them, or for the admin to seat a bot",
        "de": "die Frist für {count|Platz|Plätze} {seats} ist abgelaufen, und die Regeln nennen "
              "keinen Zug an ihrer Stelle: der Tisch wartet auf sie oder darauf, dass der "
              "Admin einen Bot setzt"},
    "srv.internal": {"en": "internal error: this is a bug in Stellwerk, not your request; the "
                           "server's host has the report",
                     "de": "interner Fehler: ein Fehler in Stellwerk, nicht in Ihrer Anfrage; "
                           "der Betreiber des Servers hat den Bericht"},
    "srv.db_lost": {"en": "the database did not answer; nothing was changed: please try again",
                    "de": "die Datenbank hat nicht geantwortet; nichts wurde geändert: bitte "
                          "erneut versuchen"},
    "srv.db_unsure": {"en": "the connection to the database broke while saving: look at the "
                            "table again to see whether it counted",
                      "de": "die Verbindung zur Datenbank brach beim Speichern ab: bitte den "
                            "Tisch neu ansehen, ob es gezählt hat"},
    "srv.db_full": {"en": "the server's storage is full: this was NOT saved (nothing "
                          "changed); please tell the server's operator",
                    "de": "der Speicher des Servers ist voll: das wurde NICHT gespeichert "
                          "(nichts hat sich geändert); bitte dem Betreiber des Servers "
                          "Bescheid geben"},
    # what `stellwerk serve --lang` tells its host
    "srv.banner": {"en": "Stellwerk server on {url}  (API schema: {url}openapi.json; "
                         "storage: {storage})\n"
                         "Open {url} in a browser to start a table; Ctrl-C stops the server.",
                   "de": "Stellwerk-Server auf {url}  (API-Schema: {url}openapi.json; "
                         "Speicher: {storage})\nÖffne {url} im Browser, um einen Tisch "
                         "anzulegen; Strg-C beendet den Server."},
    "srv.storage_postgres": {"en": "PostgreSQL", "de": "PostgreSQL"},
    "srv.storage_sqlite": {"en": "SQLite in {folder}", "de": "SQLite in {folder}"},
    "srv.create_rate": {"en": "too many new tables from your address: at most {limit} a minute; "
                              "try again in {seconds} s",
                        "de": "zu viele neue Tische von deiner Adresse: höchstens {limit} pro "
                              "Minute; bitte in {seconds} s erneut versuchen"},
    "srv.max_tables": {"en": "the server holds its limit of {limit} open tables; try again "
                             "later",
                       "de": "der Server hat seine Grenze von {limit} offenen Tischen erreicht; "
                             "bitte später erneut versuchen"},
    # WebSocket close reasons: at most 123 bytes each (limits.close_reason cuts longer ones)
    "srv.ws_address": {"en": "too many live connections from your address (at most {limit})",
                       "de": "zu viele Live-Verbindungen von deiner Adresse (höchstens {limit})"},
    "srv.ws_table": {"en": "too many live connections to this table (at most {limit})",
                     "de": "zu viele Live-Verbindungen zu diesem Tisch (höchstens {limit})"},
    "srv.busy": {"en": "the table is busy; try again", "de": "der Tisch ist beschäftigt; "
                                                             "bitte erneut versuchen"},
})
