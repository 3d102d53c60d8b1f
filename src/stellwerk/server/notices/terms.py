"""The turn notices' words in English and German (`CATALOG`): the notices themselves,
the confirm and unsubscribe pages, and the refusals of registering."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # --- the notices ---------------------------------------------------------------------
    "ntc.subject_turn": {"en": "{game}: your turn ({seat})",
                         "de": "{game}: du bist am Zug ({seat})"},
    "ntc.text_turn": {"en": "It is {seat}'s turn at table {table} ({game}).",
                      "de": "{seat} ist am Zug an Tisch {table} ({game})."},
    "ntc.text_turn_many": {"en": "At table {table} ({game}) these seats are to move: {seat}.",
                           "de": "An Tisch {table} ({game}) sind diese Plätze am Zug: "
                                 "{seat}."},
    "ntc.subject_reminder": {"en": "{game}: {hours} h left for your move ({seat})",
                             "de": "{game}: noch {hours} Std. für deinen Zug ({seat})"},
    "ntc.text_reminder": {"en": "{seat} has {hours} h left at table {table} ({game}) "
                                "before the deadline ({deadline} UTC).",
                          "de": "{seat} hat an Tisch {table} ({game}) noch {hours} Std. "
                                "bis zur Frist ({deadline} UTC)."},
    "ntc.subject_missed": {"en": "{game}: deadline missed ({seat})",
                           "de": "{game}: Frist verpasst ({seat})"},
    "ntc.text_missed": {"en": "{seat} missed the deadline at table {table} ({game}); "
                              "the rules applied: {action}.",
                        "de": "{seat} hat die Frist an Tisch {table} ({game}) verpasst; "
                              "nach den Regeln ausgeführt: {action}."},
    "ntc.text_missed_shared": {"en": "{seat} missed the deadline at table {table} ({game}); "
                                     "the rules' default was applied.",
                               "de": "{seat} hat die Frist an Tisch {table} ({game}) "
                                     "verpasst; die Vorgabe der Regeln wurde ausgeführt."},
    "ntc.subject_end": {"en": "{game}: the game at table {table} is over",
                        "de": "{game}: das Spiel an Tisch {table} ist vorbei"},
    "ntc.text_end": {"en": "The game at table {table} ({game}) is over. Winner: {winners}.",
                     "de": "Das Spiel an Tisch {table} ({game}) ist vorbei. "
                           "Gewonnen: {winners}."},
    "ntc.subject_confirm": {"en": "Stellwerk: confirm your turn notices",
                            "de": "Stellwerk: Zugbenachrichtigungen bestätigen"},
    "ntc.text_confirm": {"en": "Someone asked for turn notices of {seat} at table {table} "
                               "({game}) to be sent to this address. To receive them, open "
                               "this link and confirm:\n{link}\n\nIf that was not you, do "
                               "nothing: no further mail comes.",
                         "de": "Jemand hat Zugbenachrichtigungen für {seat} an Tisch {table} "
                               "({game}) an diese Adresse bestellt. Um sie zu erhalten, "
                               "öffne diesen Link und bestätige:\n{link}\n\nWarst du das "
                               "nicht, tu nichts: es kommt keine weitere Mail."},
    "ntc.open_table": {"en": "The table: {link} (open it with your seat's own link).",
                       "de": "Der Tisch: {link} (öffne ihn mit dem Link deines Platzes)."},
    "ntc.footer_stop": {"en": "No more notices to this address: {link}",
                        "de": "Keine Benachrichtigungen mehr an diese Adresse: {link}"},
    # --- the confirm and unsubscribe pages ---------------------------------------------------
    "ntc.page_confirm": {"en": "Confirm turn notices to this address?",
                         "de": "Zugbenachrichtigungen an diese Adresse bestätigen?"},
    "ntc.button_confirm": {"en": "Confirm", "de": "Bestätigen"},
    "ntc.page_confirmed": {"en": "Confirmed: turn notices will come to this address.",
                           "de": "Bestätigt: Zugbenachrichtigungen kommen an diese Adresse."},
    "ntc.page_stop": {"en": "Send no more notices of this table to this address?",
                      "de": "Keine Benachrichtigungen dieses Tisches mehr an diese Adresse?"},
    "ntc.button_stop": {"en": "Stop the notices", "de": "Benachrichtigungen beenden"},
    "ntc.page_stopped": {"en": "Done: no more notices of this table come to this address.",
                         "de": "Erledigt: keine Benachrichtigungen dieses Tisches mehr an "
                               "diese Adresse."},
    "ntc.page_unknown": {"en": "This link is not (or no longer) valid.",
                         "de": "Dieser Link ist nicht (oder nicht mehr) gültig."},
    # --- the operator's settings (stellwerk serve) ---------------------------------------
    "ntc.mail_half": {"en": "serve: e-mail notices need both --smtp and --mail-from",
                      "de": "serve: E-Mail-Benachrichtigungen brauchen --smtp und --mail-from"},
    "ntc.mail_from": {"en": "serve: --mail-from {value!r} is not an e-mail address",
                      "de": "serve: --mail-from {value!r} ist keine E-Mail-Adresse"},
    "ntc.delay": {"en": "serve: --notice-delay must be 0 or more, --notice-lease more than 0",
                  "de": "serve: --notice-delay muss 0 oder größer sein, --notice-lease größer "
                        "als 0"},
    "ntc.config_unreadable": {"en": "serve: the config file {path} cannot be read ({detail})",
                              "de": "serve: die Konfigurationsdatei {path} ist nicht lesbar "
                                    "({detail})"},
    "ntc.config_syntax": {"en": "serve: the config file {path} is not valid TOML ({detail})",
                          "de": "serve: die Konfigurationsdatei {path} ist kein gültiges "
                                "TOML ({detail})"},
    "ntc.config_unknown": {"en": "serve: the config file {path} has an unknown key {key!r} "
                                 "(known: {known})",
                           "de": "serve: die Konfigurationsdatei {path} hat einen unbekannten "
                                 "Schlüssel {key!r} (bekannt: {known})"},
    "ntc.config_text": {"en": "serve: in the config file {path}, {key} must be a text",
                        "de": "serve: in der Konfigurationsdatei {path} muss {key} ein Text "
                              "sein"},
    "ntc.config_duration": {"en": "serve: in the config file {path}, {key} must be a duration "
                                  "of 0 or more, such as 90, \"90s\", \"15m\", \"24h\" or "
                                  "\"2d\"",
                            "de": "serve: in der Konfigurationsdatei {path} muss {key} eine "
                                  "Dauer von 0 oder mehr sein, etwa 90, \"90s\", \"15m\", "
                                  "\"24h\" oder \"2d\""},
    "ntc.config_durations": {"en": "serve: in the config file {path}, {key} must be a list of "
                                   "durations longer than 0, such as [\"24h\", \"1h\"]",
                             "de": "serve: in der Konfigurationsdatei {path} muss {key} eine "
                                   "Liste von Dauern über 0 sein, etwa [\"24h\", \"1h\"]"},
    "ntc.config_count": {"en": "serve: in the config file {path}, {key} must be a whole "
                               "number, 1 or more",
                         "de": "serve: in der Konfigurationsdatei {path} muss {key} eine "
                               "ganze Zahl ab 1 sein"},
    "ntc.config_switch": {"en": "serve: in the config file {path}, {key} must be true or "
                                "false",
                          "de": "serve: in der Konfigurationsdatei {path} muss {key} true "
                                "oder false sein"},
    # --- refusals ------------------------------------------------------------------------
    "ntc.mail_off": {"en": "e-mail notices are off on this server (its operator has set no "
                           "SMTP server)",
                     "de": "E-Mail-Benachrichtigungen sind auf diesem Server aus (sein "
                           "Betreiber hat keinen SMTP-Server eingestellt)"},
    "ntc.bad_email": {"en": "{address!r} is not an e-mail address",
                      "de": "{address!r} ist keine E-Mail-Adresse"},
    "ntc.bad_webhook": {"en": "{url!r}: a webhook is an http:// or https:// address with a "
                              "host name",
                        "de": "{url!r}: ein Webhook ist eine http://- oder https://-Adresse "
                              "mit Hostnamen"},
    "ntc.private_webhook": {"en": "{url!r} leads to a private, loopback or link-local "
                                  "address, which this server does not call",
                            "de": "{url!r} führt zu einer privaten, Loopback- oder "
                                  "Link-Local-Adresse, die dieser Server nicht aufruft"},
    "ntc.unknown_host": {"en": "{url!r}: its host name is not known",
                         "de": "{url!r}: der Hostname ist unbekannt"},
    "ntc.need_one": {"en": "give exactly one of \"email\" and \"webhook\"",
                     "de": "gib genau eines von \"email\" und \"webhook\" an"},
    "ntc.bad_style": {"en": "{style!r} is no webhook body; choose json, discord or slack",
                      "de": "{style!r} ist keine Webhook-Form; wähle json, discord oder slack"},
    "ntc.too_many_confirms": {"en": "{address!r} was asked to confirm too often today; "
                                    "try again tomorrow",
                              "de": "{address!r} wurde heute zu oft um Bestätigung gebeten; "
                                    "versuch es morgen wieder"},
    "ntc.too_many_targets": {"en": "at most {limit} notice addresses per seat",
                             "de": "höchstens {limit} Benachrichtigungsadressen pro Platz"},
    "ntc.no_target": {"en": "there is no notice address {id} here",
                      "de": "hier gibt es keine Benachrichtigungsadresse {id}"},
    "ntc.shared_webhook_only": {"en": "a table's shared channel is a webhook, not an "
                                      "e-mail address",
                                "de": "der gemeinsame Kanal eines Tisches ist ein Webhook, "
                                      "keine E-Mail-Adresse"},
})
