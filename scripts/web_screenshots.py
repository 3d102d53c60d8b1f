#!/usr/bin/env python3
"""Screenshots of the web table for the docs: each game mid-play (a human's turn, the
other chairs bots) and at its end, at 1280x800 (a laptop) and 390x844 (a phone), in
English and German, written to docs/screens/web-table/ as PNG
(`GAME-play|end-1280|390-en|de.png`) and linked from docs/web.md. Run again whenever the
table's look changes:

    PYTHONPATH=src .venv/bin/python scripts/web_screenshots.py          # all games
    PYTHONPATH=src .venv/bin/python scripts/web_screenshots.py --games railways --langs de

The positions are reproducible: a fixed seed per table, the human seat's moves drawn
from its legal actions by a seeded random choice, the bots the server's own. The end
is a table of bots played out, seen by its host. Each picture is the viewport (what is
in sight without scrolling); the PNGs are reduced to 64 colours when Pillow is there.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_web import Live, chromium, live_server

OUT = Path(__file__).resolve().parents[1] / "docs" / "screens" / "web-table"
SIZES = {"1280": (1280, 800), "390": (390, 844)}
LOCALES = {"en": "en-GB", "de": "de-DE"}   # the browser's locale, which picks the page's
SEED = 11
# game: (the mid-play table's chairs, the human's moves before the picture, the end's bots)
TABLES: dict[str, tuple[list[str], int, list[str]]] = {
    "rail-line": (["human", "greedy", "greedy"], 9, ["greedy", "greedy", "greedy"]),
    "railways": (["human"], 14, ["greedy"]),
    "linie1": (["human", "planner", "planner"], 4, ["planner", "planner", "planner"]),
    "benelux-rails": (["human", "planner"], 24, ["planner", "planner"]),
}
NAMES = ["Anna", "Bert", "Cora"]


def play_human(live: Live, made: dict[str, Any], moves: int) -> None:
    """Seat 0 makes `moves` moves (a seeded choice among its legal actions), waiting for
    the bots between them."""
    rnd = random.Random(SEED)
    token = made["seats"][0]["token"]
    head = {"Authorization": f"Bearer {token}"}
    for _ in range(moves):
        live.wait_turn(made["table"], token)
        legal = live.client.get(f"/api/tables/{made['table']}/legal", headers=head).json()
        # passing or ending a turn at once shows little: prefer the moves that act
        acting = [a for a in legal["actions"]
                  if a["notation"].split()[0] not in ("pass", "end", "passe")] \
            or legal["actions"]
        answer = live.client.post(f"/api/tables/{made['table']}/actions", headers=head,
                                  json={"notation": rnd.choice(acting)["notation"]})
        answer.raise_for_status()
    live.wait_turn(made["table"], token)


def picture(browser: Any, url: str, size: tuple[int, int], lang: str, path: Path) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=lang)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-seq]", state="attached", timeout=60_000)
    page.screenshot(path=str(path))
    context.close()
    shrink(path)


def shrink(path: Path) -> None:
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--langs", default=",".join(LOCALES),
                        help="languages, comma-separated: " + ", ".join(LOCALES))
    args = parser.parse_args(argv)
    langs = args.langs.split(",")
    if unknown := [lang for lang in langs if lang not in LOCALES]:
        parser.error(f"unknown language: {', '.join(unknown)}")
    OUT.mkdir(parents=True, exist_ok=True)
    with live_server() as live, chromium() as browser:
        for game in args.games.split(","):
            kinds, moves, bots = TABLES[game]
            made = live.create(game, kinds, NAMES[:len(kinds)], SEED)
            play_human(live, made, moves)
            ended = live.create(game, bots, NAMES[:len(bots)], SEED)
            live.wait_finished(ended["table"], ended["admin"])
            for lang in langs:
                for label, size in SIZES.items():
                    for when, url in (("play", made["seats"][0]["link"]),
                                      ("end", f"{live.url}/t/{ended['table']}#{ended['admin']}")):
                        path = OUT / f"{game}-{when}-{label}-{lang}.png"
                        picture(browser, url, size, LOCALES[lang], path)
                        print(f"{path.relative_to(OUT.parents[2])}  "
                              f"{path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
