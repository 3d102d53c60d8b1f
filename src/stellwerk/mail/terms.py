"""The mail package's words in English and German (`CATALOG`)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    "mail.bad_url": {
        "en": "{url}: not an SMTP server address; write smtp://HOST[:PORT][?tls=starttls] "
              "or smtps://[USER:PASSWORD@]HOST[:PORT]",
        "de": "{url}: keine Adresse eines SMTP-Servers; schreibe smtp://HOST[:PORT][?tls=starttls] "
              "oder smtps://[NAME:PASSWORT@]HOST[:PORT]"},
})
