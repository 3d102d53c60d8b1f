"""Every text of the web pages in English and German.

The templates take them by key (`t("web.create")`); the page scripts get the keys
they need as JSON in the page (`CLIENT_KEYS`), so nothing a player reads is written
in a script.
"""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    "web.brand": {"en": "Stellwerk", "de": "Stellwerk"},
    "web.lang": {"en": "Deutsch", "de": "English"},
    "web.nav.new": {"en": "New table", "de": "Neuer Tisch"},
    "web.nav.mine": {"en": "My tables", "de": "Meine Tische"},
    "web.nav.viewer": {"en": "Record viewer", "de": "Partie ansehen"},
    "web.noscript": {"en": "This table needs JavaScript.",
                     "de": "Dieser Tisch braucht JavaScript."},
    # the start page
    "web.start.title": {"en": "Open a table", "de": "Einen Tisch eröffnen"},
    "web.start.game": {"en": "Game", "de": "Spiel"},
    # the game's options: a field for each of its declarations (core/options.py)
    "web.start.options": {"en": "Options", "de": "Optionen"},
    "web.start.no_options": {"en": "This game has no options.",
                             "de": "Dieses Spiel hat keine Optionen."},
    "web.start.seats": {"en": "Seats (clockwise; seat 1 starts)",
                        "de": "Plätze (im Uhrzeigersinn; Platz 1 beginnt)"},
    "web.start.seat": {"en": "Seat {n}", "de": "Platz {n}"},
    "web.start.kind": {"en": "Who plays", "de": "Wer spielt"},
    "web.start.human": {"en": "a person", "de": "ein Mensch"},
    "web.start.bot": {"en": "bot: {kind}", "de": "Bot: {kind}"},
    # the bots a game offers (`bots_for`), by name and playing strength
    "web.bot.random": {"en": "bot: random (beginner)", "de": "Bot: Zufall (Anfänger)"},
    "web.bot.greedy": {"en": "bot: greedy (easy)", "de": "Bot: gierig (leicht)"},
    "web.bot.search": {"en": "bot: search (strong)", "de": "Bot: Suche (stark)"},
    "web.bot.ismcts-easy": {"en": "bot: ISMCTS (easy)", "de": "Bot: ISMCTS (leicht)"},
    "web.bot.ismcts-normal": {"en": "bot: ISMCTS (normal)", "de": "Bot: ISMCTS (normal)"},
    "web.bot.ismcts-hard": {"en": "bot: ISMCTS (hard)", "de": "Bot: ISMCTS (schwer)"},
    "web.bot.planner": {"en": "bot: planner (strong)", "de": "Bot: Planer (stark)"},
    "web.bot.plan-search-normal": {"en": "bot: plan search (normal)",
                                   "de": "Bot: Plansuche (normal)"},
    "web.bot.plan-search-hard": {"en": "bot: plan search (hard)",
                                 "de": "Bot: Plansuche (schwer)"},
    "web.start.name": {"en": "Name", "de": "Name"},
    "web.start.add_seat": {"en": "Add a seat", "de": "Platz hinzufügen"},
    "web.start.remove_seat": {"en": "Remove the last seat", "de": "Letzten Platz entfernen"},
    "web.start.deadline": {"en": "Time per decision (minutes, empty: none)",
                           "de": "Zeit je Entscheidung (Minuten, leer: keine)"},
    "web.start.create": {"en": "Open the table", "de": "Tisch eröffnen"},
    "web.start.created": {"en": "The table is open. Send your friends the invitation: each "
                                "takes a free seat under their name and gets a link of "
                                "their own.",
                          "de": "Der Tisch ist eröffnet. Schicke deinen Freunden die "
                                "Einladung: Jede Person nimmt unter ihrem Namen einen freien "
                                "Platz und bekommt einen eigenen Link."},
    "web.start.invitation": {"en": "Invitation to copy", "de": "Einladung zum Kopieren"},
    "web.start.your_seat": {"en": "Your seat ({name})", "de": "Dein Platz ({name})"},
    "web.start.invitation_link": {"en": "Invitation for friends",
                                  "de": "Einladung für Freunde"},
    "web.start.seat_links": {"en": "Or hand out each seat's own link yourself",
                             "de": "Oder gib jedem Platz seinen eigenen Link selbst"},
    "web.start.invite_text": {"en": "Join my game of {game} at Stellwerk:",
                              "de": "Spiel mit mir {game} bei Stellwerk:"},
    "web.start.copy": {"en": "Copy", "de": "Kopieren"},
    "web.start.copied": {"en": "Copied.", "de": "Kopiert."},
    "web.start.spectators": {"en": "Spectators", "de": "Zuschauende"},
    "web.start.admin": {"en": "Admin (keep it to yourself)",
                        "de": "Verwaltung (nur für dich)"},
    "web.start.open_seat": {"en": "open", "de": "öffnen"},
    # pages that do not exist
    "web.error.no_page": {"en": "This page does not exist", "de": "Diese Seite gibt es nicht"},
    "web.error.no_page_text": {
        "en": "The address may be mistyped. Open a new table, or find yours under My tables.",
        "de": "Die Adresse ist vielleicht vertippt. Eröffne einen neuen Tisch oder finde "
              "deine unter Meine Tische."},
    # the table page
    "web.table.loading": {"en": "Loading the table …", "de": "Der Tisch wird geladen …"},
    "web.table.no_token": {"en": "This link has no seat token (the part after #).",
                           "de": "Diesem Link fehlt das Platz-Token (der Teil nach #)."},
    "web.table.your_turn": {"en": "Your turn", "de": "Du bist am Zug"},
    "web.table.waiting_for": {"en": "Waiting for {names}", "de": "Warten auf {names}"},
    "web.table.finished": {"en": "The game is over.", "de": "Die Partie ist zu Ende."},
    "web.table.actions": {"en": "Your actions", "de": "Deine Aktionen"},
    "web.table.to_actions": {"en": "↓ to your actions", "de": "↓ zu deinen Aktionen"},
    "web.table.board": {"en": "The board", "de": "Das Spielbrett"},
    "web.table.choose": {"en": "Which one?", "de": "Welche davon?"},
    "web.table.cancel": {"en": "Cancel", "de": "Abbrechen"},
    # a decision narrowed by pointing at the game's drawn options (choose.js)
    "web.table.choose_board": {"en": "Point at the board.", "de": "Zeige auf das Spielbrett."},
    "web.table.choose_suggested": {"en": "suggested", "de": "vorgeschlagen"},
    "web.table.choose_again": {"en": "Start again", "de": "Neu beginnen"},
    "web.table.choose_sending": {"en": "sending …", "de": "wird gesendet …"},
    "web.table.notation": {"en": "Or type an action", "de": "Oder eine Aktion eintippen"},
    "web.table.send": {"en": "Send", "de": "Senden"},
    "web.table.log": {"en": "What happened", "de": "Was geschah"},
    "web.table.players": {"en": "Players", "de": "Mitspielende"},
    "web.table.you": {"en": "you", "de": "du"},
    "web.table.bot": {"en": "bot", "de": "Bot"},
    # how the games' log lines name a seat; the page puts the player's name there
    "web.table.seat_label": {"en": "Seat {n}", "de": "Platz {n}"},
    "web.table.spectating": {"en": "You are watching.", "de": "Du schaust zu."},
    "web.table.result": {"en": "Result", "de": "Ergebnis"},
    "web.table.winner": {"en": "Winner: {names}", "de": "Gewonnen: {names}"},
    "web.table.score": {"en": "Score", "de": "Punkte"},
    "web.table.rank": {"en": "Rank", "de": "Platz"},
    "web.table.player": {"en": "Player", "de": "Person"},
    "web.table.deadline": {"en": "Decide by {time}", "de": "Entscheiden bis {time}"},
    "web.table.title_turn": {"en": "▶ Your turn · {game}", "de": "▶ Du bist am Zug · {game}"},
    # a seat past the deadline whose game names no stand-in move (payload
    # `late_without_default`, server/deadlines.py): the table waits
    "web.table.late": {"en": "Late: {names}. The time for this decision has run out, and the "
                             "rules name no move in their place, so the table waits.",
                       "de": "Verspätet: {names}. Die Zeit für diese Entscheidung ist "
                             "abgelaufen, und die Regeln nennen keinen Zug an ihrer Stelle; "
                             "der Tisch wartet."},
    "web.table.late_you": {"en": "You are late: make your move, everyone waits for you.",
                           "de": "Du bist spät dran: mach deinen Zug, alle warten auf dich."},
    "web.table.late_admin": {"en": "As host, hand a late seat to a bot below (“Hand to the "
                                   "bot”), or set a longer deadline to give them more time.",
                             "de": "Als Gastgeber kannst du einen verspäteten Platz unten "
                                   "einem Bot geben („An den Bot geben“) oder eine längere "
                                   "Frist setzen, um mehr Zeit zu lassen."},
    "web.table.offline": {"en": "Connection lost, reconnecting …",
                          "de": "Verbindung unterbrochen, neuer Versuch …"},
    "web.table.point_hint": {"en": "Point at the board or pick from the list.",
                             "de": "Zeige auf das Spielbrett oder wähle aus der Liste."},
    "web.table.nothing_here": {"en": "Nothing to do there now.",
                               "de": "Dort gibt es gerade nichts zu tun."},
    "web.table.record": {"en": "Replay the game", "de": "Partie nachspielen"},
    # building a simultaneous order by pointing
    "web.table.order": {"en": "Your order (priority 1 first)",
                        "de": "Dein Auftrag (Priorität 1 zuerst)"},
    "web.table.order_hint": {"en": "Point at a square, then choose a tile and its rotation "
                                   "(or a tile of your hand first: the squares it fits are "
                                   "marked). A ghost shows the tile before it is sent.",
                             "de": "Zeige auf ein Feld, dann wähle ein Plättchen und seine "
                                   "Drehung (oder zuerst ein Plättchen deiner Hand: die "
                                   "Felder, auf die es passt, werden markiert). Ein Schatten "
                                   "zeigt das Plättchen, bevor es abgeschickt wird."},
    "web.table.order_square": {"en": "Square {square}", "de": "Feld {square}"},
    "web.table.pickset_count": {"en": "Chosen by pointing: {n} of {size}.",
                                "de": "Durch Zeigen gewählt: {n} von {size}."},
    "web.table.order_no_square": {"en": "Now point at a marked square.",
                                  "de": "Zeige jetzt auf ein markiertes Feld."},
    "web.table.order_add": {"en": "Add to the order", "de": "Zum Auftrag hinzufügen"},
    "web.table.order_up": {"en": "earlier", "de": "früher"},
    "web.table.order_remove": {"en": "remove", "de": "entfernen"},
    "web.table.zoom_in": {"en": "Zoom in", "de": "Vergrößern"},
    "web.table.zoom_out": {"en": "Zoom out", "de": "Verkleinern"},
    "web.table.zoom_fit": {"en": "Whole board", "de": "Ganzes Brett"},
    "web.table.zoom_facts": {"en": "Facts", "de": "Übersicht"},
    "web.table.zoom_facts_label": {"en": "Zoom to the facts beside the board",
                                   "de": "Zur Übersicht neben dem Brett"},
    "web.table.chat": {"en": "Chat", "de": "Unterhaltung"},
    "web.table.chat_say": {"en": "Say something", "de": "Etwas sagen"},
    "web.table.chat_host": {"en": "Host", "de": "Gastgeber"},
    "web.table.admin": {"en": "Host's controls", "de": "Gastgeber"},
    "web.table.admin_hint": {"en": "Hand the seat of a player who left to a bot, or set "
                                   "how long each player may take.",
                             "de": "Gib den Platz eines Spielers, der gegangen ist, an einen "
                                   "Bot, oder lege fest, wie lange jeder Zug dauern darf."},
    "web.time.left": {"en": "{span} left", "de": "noch {span}"},
    "web.time.overdue": {"en": "time is up", "de": "die Zeit ist um"},
    "web.time.d": {"en": "{n} d", "de": "{n} T"},
    "web.time.h": {"en": "{n} h", "de": "{n} Std"},
    "web.time.min": {"en": "{n} min", "de": "{n} Min"},
    "web.time.s": {"en": "{n} s", "de": "{n} s"},
    "web.table.missed": {"en": "{time}: time ran out for {name}; the game made the move "
                               "“{move}” in their place",
                         "de": "{time}: Die Zeit von {name} war um; das Spiel hat an dieser "
                               "Stelle „{move}“ gezogen"},
    "web.table.hidden_move": {"en": "a hidden move", "de": "einen verdeckten Zug"},
    "web.mine.due": {"en": "decide by {time}", "de": "entscheiden bis {time}"},
    "web.table.rematch": {"en": "Rematch: same seats, a new deal",
                          "de": "Revanche: dieselben Plätze, neu gemischt"},
    "web.table.rematch_join": {"en": "The rematch is open: take your seat",
                               "de": "Die Revanche ist eröffnet: nimm deinen Platz"},
    "web.table.turn_sound": {"en": "Play a sound when it becomes my turn",
                             "de": "Ton, wenn ich am Zug bin"},
    "web.table.notices": {"en": "Notices", "de": "Benachrichtigungen"},
    "web.table.notices_hint": {"en": "Be told when it is your turn, before a deadline and at "
                                     "the end, while you are away from this page.",
                               "de": "Werde benachrichtigt, wenn du am Zug bist, vor einer "
                                     "Frist und am Ende, solange du nicht auf dieser Seite "
                                     "bist."},
    "web.table.notices_shared_hint": {"en": "A webhook for the whole table (a shared "
                                            "channel): it never carries a seat's link.",
                                      "de": "Ein Webhook für den ganzen Tisch (ein "
                                            "gemeinsamer Kanal): er trägt nie den Link eines "
                                            "Platzes."},
    "web.table.notices_email": {"en": "E-mail address", "de": "E-Mail-Adresse"},
    "web.table.notices_webhook": {"en": "Webhook URL", "de": "Webhook-URL"},
    "web.table.notices_style": {"en": "Body", "de": "Nachrichtenform"},
    "web.table.notices_auto": {"en": "by its address", "de": "nach ihrer Adresse"},
    "web.table.notices_add": {"en": "Add", "de": "Hinzufügen"},
    "web.table.notices_remove": {"en": "Remove", "de": "Entfernen"},
    "web.table.notices_unconfirmed": {"en": "waiting for confirmation (see your mail)",
                                      "de": "wartet auf Bestätigung (sieh in deine Mails)"},
    "web.table.notices_mail_off": {"en": "E-mail notices are off on this server; webhooks "
                                         "work.",
                                   "de": "E-Mail-Benachrichtigungen sind auf diesem Server "
                                         "aus; Webhooks gehen."},
    "web.table.notices_secret": {"en": "The key that signs this webhook's bodies (shown "
                                       "only now): {secret}",
                                 "de": "Der Schlüssel, mit dem die Nachrichten dieses "
                                       "Webhooks signiert sind (nur jetzt gezeigt): {secret}"},
    "web.table.dead_table": {"en": "No such table", "de": "Diesen Tisch gibt es nicht"},
    "web.table.dead_table_text": {
        "en": "No table answers to this link: it may be cut off or mistyped (copy the whole "
              "link, with the part after #), or the table was never on this server.",
        "de": "Zu diesem Link gehört kein Tisch: Er ist vielleicht abgeschnitten oder "
              "vertippt (kopiere den ganzen Link, mit dem Teil nach #), oder der Tisch war "
              "nie auf diesem Server."},
    "web.table.dead_token": {"en": "This link no longer opens the table",
                             "de": "Dieser Link öffnet den Tisch nicht mehr"},
    "web.table.dead_token_text": {
        "en": "The host may have handed out a fresh link for this seat, or the link is cut "
              "off. Ask the host for your current link; the tables this browser knows are "
              "under My tables.",
        "de": "Vielleicht hat der Gastgeber für diesen Platz einen neuen Link ausgegeben, "
              "oder der Link ist abgeschnitten. Frag den Gastgeber nach deinem aktuellen "
              "Link; die Tische, die dieser Browser kennt, stehen unter Meine Tische."},
    "web.table.dead_server": {"en": "The server cannot be reached",
                              "de": "Der Server ist nicht erreichbar"},
    "web.table.dead_server_text": {
        "en": "Nothing is lost: the game is kept on the server. This page tries again every "
              "few seconds.",
        "de": "Nichts geht verloren: Das Spiel liegt auf dem Server. Diese Seite versucht es "
              "alle paar Sekunden wieder."},
    "web.table.admin_new_link": {"en": "New link", "de": "Neuer Link"},
    "web.table.admin_new_invitation": {"en": "New invitation link for friends",
                                       "de": "Neuer Einladungslink für Freunde"},
    "web.table.admin_link_for": {"en": "The new link for {name} (the old one no longer "
                                       "works):",
                                 "de": "Der neue Link für {name} (der alte gilt nicht mehr):"},
    "web.table.admin_invitation_new": {"en": "The new invitation link (the old one no longer "
                                             "works):",
                                       "de": "Der neue Einladungslink (der alte gilt nicht "
                                             "mehr):"},
    "web.table.admin_free": {"en": "free", "de": "frei"},
    "web.table.admin_taken": {"en": "taken", "de": "vergeben"},
    "web.table.claim": {"en": "Take a seat", "de": "Platz nehmen"},
    "web.table.claim_hint": {"en": "Choose a free seat and your name. You then get the seat's "
                                   "own link; this browser keeps it under \"My tables\".",
                             "de": "Wähle einen freien Platz und deinen Namen. Du bekommst "
                                   "dann den eigenen Link des Platzes; dieser Browser "
                                   "behält ihn unter „Meine Tische“."},
    "web.table.claim_name": {"en": "Your name", "de": "Dein Name"},
    "web.table.claim_button": {"en": "Take this seat", "de": "Diesen Platz nehmen"},
    "web.table.claim_none": {"en": "Every seat is taken; you can watch the game here.",
                             "de": "Alle Plätze sind vergeben; du kannst hier zuschauen."},
    "web.table.admin_to_bot": {"en": "Hand to the bot", "de": "An den Bot geben"},
    "web.table.admin_bot_for": {"en": "Bot for {name}", "de": "Bot für {name}"},
    "web.table.admin_deadline": {"en": "Minutes per decision", "de": "Minuten je Entscheidung"},
    "web.table.admin_deadline_set": {"en": "Set the deadline", "de": "Frist setzen"},
    "web.table.admin_deadline_clear": {"en": "No deadline", "de": "Keine Frist"},
    "web.table.admin_deadline_now": {"en": "Deadline: {minutes} minutes per decision.",
                                     "de": "Frist: {minutes} Minuten je Entscheidung."},
    "web.table.admin_no_deadline": {"en": "No deadline.", "de": "Keine Frist."},
    "web.table.path": {"en": "Path", "de": "Strecke"},
    "web.table.path_hint": {"en": "Point at the mileposts one after another; the cost "
                                  "shows before you build.",
                            "de": "Zeige nacheinander auf die Meilensteine; die Kosten "
                                  "stehen da, bevor du baust."},
    "web.table.path_empty": {"en": "No milepost chosen yet.",
                             "de": "Noch kein Meilenstein gewählt."},
    "web.table.path_build": {"en": "Build this path", "de": "Diese Strecke bauen"},
    "web.table.path_goto": {"en": "Go to the last milepost",
                            "de": "Zum letzten Meilenstein fahren"},
    "web.table.path_back": {"en": "Take back one", "de": "Einen zurück"},
    "web.table.order_send": {"en": "Send the order", "de": "Auftrag abschicken"},
    "web.table.order_empty": {"en": "Send without placements (pass)",
                              "de": "Ohne Plättchen abschicken (passen)"},
    "web.table.order_sent": {"en": "Your order is in; waiting for the others.",
                             "de": "Dein Auftrag ist da; warten auf die anderen."},
    # taking back one's own newest move (server/undo.py says when)
    "web.table.undo": {"en": "↶ Take back my last move", "de": "↶ Meinen letzten Zug zurücknehmen"},
    "web.table.undo_hint": {"en": "Possible until another player acts or something is drawn "
                                  "or shown.",
                            "de": "Möglich, bis jemand anderes handelt oder etwas gezogen "
                                  "oder gezeigt wird."},
    # a move the server refused: the reason stays in sight until the next move goes in
    "web.table.refused": {"en": "Not accepted: {reason}", "de": "Nicht angenommen: {reason}"},
    "web.table.refused_moved_on": {
        "en": "Not accepted: the table had moved on (another tab or player acted first). "
              "The board shows where it stands now.",
        "de": "Nicht angenommen: der Tisch war schon weiter (ein anderer Tab oder eine "
              "andere Person war zuerst dran). Das Brett zeigt jetzt den aktuellen Stand."},
    # my tables
    "web.mine.title": {"en": "My tables", "de": "Meine Tische"},
    "web.mine.empty": {"en": "No tables yet: the seat links you open are kept in this "
                             "browser.",
                       "de": "Noch keine Tische: die Platz-Links, die du öffnest, merkt sich "
                             "dieser Browser."},
    "web.mine.turn": {"en": "your turn", "de": "du bist dran"},
    "web.mine.waiting": {"en": "waiting", "de": "warten"},
    "web.mine.over": {"en": "over", "de": "beendet"},
    "web.mine.forget": {"en": "Forget", "de": "Vergessen"},
    # the record viewer
    "web.viewer.title": {"en": "Record viewer", "de": "Partie ansehen"},
    "web.viewer.file": {"en": "A record file (JSON, as `stellwerk play --record` writes)",
                        "de": "Eine Partiedatei (JSON, wie `stellwerk play --record` sie "
                              "schreibt)"},
    "web.viewer.first": {"en": "⏮ Start", "de": "⏮ Anfang"},
    "web.viewer.back": {"en": "◀ Back", "de": "◀ Zurück"},
    "web.viewer.next": {"en": "Next ▶", "de": "Weiter ▶"},
    "web.viewer.last": {"en": "End ⏭", "de": "Ende ⏭"},
    "web.viewer.step": {"en": "Move {n} of {total}", "de": "Zug {n} von {total}"},
    "web.viewer.moves": {"en": "Moves", "de": "Züge"},
    "web.viewer.sealed": {"en": "(a secret move)", "de": "(ein geheimer Zug)"},
    # refusals of the page routes
    "web.err.bad_record": {"en": "This is not a record Stellwerk can replay: {reason}",
                           "de": "Diese Partiedatei kann Stellwerk nicht nachspielen: "
                                 "{reason}"},
    "web.err.no_seat": {"en": "Only a seat's own link may ask this.",
                        "de": "Das darf nur der Link eines Platzes fragen."},
    "web.err.no_preview": {"en": "This game offers no preview.",
                           "de": "Dieses Spiel bietet keine Vorschau."},
    "web.err.no_drawing": {"en": "No drawing for this game yet.",
                           "de": "Für dieses Spiel gibt es noch keine Zeichnung."},
})

# the keys the page scripts use (sent with each page, in its language)
_ALL_KEYS = CATALOG.keys()
CLIENT_KEYS = [key for key in _ALL_KEYS if key.startswith(("web.table.", "web.start.", "web.mine.",
                                                           "web.time.", "web.bot.",
                                                           "web.viewer."))]


def client_texts(lang: str) -> dict[str, str]:
    return {key: CATALOG.text(key, lang) for key in CLIENT_KEYS}
