"""The web table: pages served by `stellwerk serve` on top of the JSON API.

`mount(app)` adds the page routes (`/`, `/t/{table}`, `/mine`, `/viewer`), two helpers
the pages use (`/web/tables/{table}/board`, `/web/replay`) and the static scripts and
styles (`/static/...`, all shipped in this package; no CDN).
"""

from __future__ import annotations

from stellwerk.web.routes import mount

__all__ = ["mount"]
