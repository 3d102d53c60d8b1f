"""The mail package's words in English and German (`CATALOG`)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    "mail.bad_url": {
        "en": "{url}: not an SMTP server address; write smtp://HOST[:PORT][?tls=starttls] "
              "or smtps://[USER:PASSWORD@]HOST[:PORT] (a private CA: cafile=PATH in the query)",
        "de": "{url}: keine Adresse eines SMTP-Servers; schreibe smtp://HOST[:PORT][?tls=starttls] "
              "oder smtps://[NAME:PASSWORT@]HOST[:PORT] "
              "(eine eigene CA: cafile=PFAD in der Abfrage)"},
    "mail.bad_cafile": {
        "en": "{path}: not a file of trusted certificates (PEM) ({detail})",
        "de": "{path}: keine Datei vertrauenswürdiger Zertifikate (PEM) ({detail})"},
    "mail.untrusted": {
        "en": "{server}: the server's certificate is not trusted ({detail}); nothing was "
              "sent or read. If a CA of your own signed it, name that CA's file with "
              "?cafile=PATH in the server's URL",
        "de": "{server}: dem Zertifikat des Servers wird nicht vertraut ({detail}); nichts "
              "wurde gesendet oder gelesen. Hat eine eigene CA es signiert, nenne deren "
              "Datei mit ?cafile=PFAD in der Adresse des Servers"},
})
