#!/usr/bin/env python3
"""Benchmark the web table as a player meets it, per game, on a live server on loopback
(the app as `stellwerk serve` makes it, SQLite in a temporary folder, as the browser
tests start it) with Debian's Chromium driven by Playwright:

- first move: clicks and seconds from opening the start page (choose the game, open
  the table, take the seat) to the first move made by pointing at the board that the
  server accepted (Linie 1: square, tile, rotation, add, send; Benelux Rails: the
  mileposts of a build, then build); the moves before it that the board offered nothing
  to point at are made from the action list, one click each (the `listed` column);
- table page: the server's own time (its `Server-Timing` header) for the page and the
  requests the page makes to show itself (table, board, legal actions, log), added up
  per load, median and worst over `--loads` loads, and each request's median;
- move to the other seat: from a seat's move sent over HTTP until the other seat's
  open page shows it complete (its `data-seq`), over `--moves` moves, p50 and p99
  (Railways is solo: its host's page is the other one);
- page weight: bytes of HTML, JavaScript, CSS and SVG the table page loads (and of its
  JSON), as the server sends them.

    PYTHONPATH=src .venv/bin/python scripts/bench_web.py               # every game
    PYTHONPATH=src .venv/bin/python scripts/bench_web.py --games rail-line --moves 40

Targets: the table page's server time and a move reaching the other seat under 300 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_web import Live, chromium, live_server

SEATS = {"rail-line": 2, "linie1": 2, "benelux-rails": 2, "railways": 1}
SEQ_TIMES = """
window.__seqAt = {};
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => {
    const seq = document.body.dataset.seq;
    if (seq !== undefined && !(seq in window.__seqAt)) window.__seqAt[seq] = Date.now();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-seq"] });
});
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def server_ms(response: Any) -> float:
    """The `app;dur=MS` of a response's Server-Timing header (0 without one)."""
    for part in (response.headers.get("server-timing") or "").split(","):
        name, _, duration = part.strip().partition(";dur=")
        if name == "app" and duration:
            return float(duration)
    return 0.0


def point(page: Any) -> int:
    """Make this turn's move by pointing if the board offers one now: the clicks it took,
    0 if the board offers nothing to point at."""
    notations = page.locator("#actions button.action").evaluate_all(
        "bs => bs.map(b => b.dataset.notation)")
    if page.locator("#order").is_visible():            # Linie 1: a placement by pointing
        square, tile, rotation = next(n for n in notations
                                      if n != "pass" and ";" not in n).split()
        for selector in (f"#board [data-square='{square}']",
                         f"#picker-tiles [data-tile='{tile}']",
                         f"#picker-rotations [data-rotation='{rotation}']",
                         "#picker-add", "#order-send"):
            page.click(selector)
        return 5
    if page.locator("#board [data-pick].can").count():
        page.locator("#board [data-pick].can").first.click()
        choice = page.locator("#choice:not([hidden]) button.choice")
        try:
            choice.first.wait_for(state="visible", timeout=500)
        except Exception:  # one action fitted: the board click sent it
            return 1
        choice.first.click()
        return 2
    builds = [n.split()[1:] for n in notations if n.startswith("build ") and len(n.split()) > 2]
    if page.locator("#path").is_visible() and builds:   # Benelux Rails: a path of mileposts
        for milepost in builds[0]:
            page.click(f"#board [data-milepost='{milepost}']")
        page.wait_for_selector(f"#path-preview[data-for='build {' '.join(builds[0])}']",
                               state="attached")
        page.click("#path-build")
        return len(builds[0]) + 1
    return 0


def first_move(browser: Any, live: Live, game: str) -> dict[str, Any]:
    """From the start page (the game chosen, its table as the page sets it up) to the
    first move made by pointing that the server accepted: clicks, seconds, and how many
    moves before it had to come from the list (the board offered nothing to point at)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page = context.new_page()
    began = time.perf_counter()
    page.goto(f"{live.url}/")
    page.select_option("#game", game)
    page.click("#create-button")
    page.click("#links a.seat-link")
    clicks, listed = 3, 0
    for _ in range(40):
        try:
            page.wait_for_selector("body[data-turn='mine']", state="attached", timeout=60_000)
        except Exception:  # a live update missed: the page as a reload shows it
            print(f"{game}: no turn shown after 60 s, reloading the page", file=sys.stderr)
            page.reload()
            page.wait_for_selector("body[data-turn='mine']", state="attached",
                                   timeout=300_000)
        seq = page.locator("body").get_attribute("data-seq")
        pointed = point(page)
        if not pointed:
            buttons = page.locator("#actions button.action")
            acting = [i for i, n in enumerate(buttons.evaluate_all(
                "bs => bs.map(b => b.dataset.notation)"))
                if n.split()[0] not in ("pass", "end")]
            buttons.nth(acting[0] if acting else 0).click()
            listed += 1
        clicks += pointed or 1
        page.wait_for_selector(f"body:not([data-seq='{seq}'])", state="attached",
                               timeout=300_000)
        if pointed:
            break
    seconds = time.perf_counter() - began
    context.close()
    return {"clicks": clicks, "seconds": seconds, "listed": listed}


def table_page(browser: Any, link: str, loads: int) -> dict[str, Any]:
    """The server's time for the table page and its data, and the page's weight."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page = context.new_page()
    times: dict[str, list[float]] = {}
    weight: dict[str, int] = {}
    for load in range(loads):
        spent: dict[str, float] = {}
        sizes: dict[str, int] = {}

        def on_response(response: Any, spent: dict[str, float] = spent,
                        sizes: dict[str, int] = sizes) -> None:
            url, kind = response.url, response.request.resource_type
            path = url.split("?")[0]
            if (kind == "document" and "/t/" in path) or "/api/tables/" in path \
                    or "/web/tables/" in path:
                name = "page" if kind == "document" else path.rstrip("/").rsplit("/", 1)[-1]
                name = name if name in ("page", "board", "legal", "log") else "table"
                spent[name] = spent.get(name, 0.0) + server_ms(response)
            try:
                size = len(response.body())
            except Exception:  # a body the browser has let go of
                return
            part = ("html" if kind == "document" else "js" if kind == "script"
                    else "css" if kind == "stylesheet" else "svg"
                    if "/board" in path or path.endswith(".svg") else "json")
            sizes[part] = sizes.get(part, 0) + size

        page.on("response", on_response)
        page.goto(link)
        page.wait_for_selector("body[data-seq]", state="attached", timeout=60_000)
        page.wait_for_load_state("networkidle")
        page.remove_listener("response", on_response)
        for name, ms in [*spent.items(), ("all", sum(spent.values()))]:
            times.setdefault(name, []).append(ms)
        if load == 0:
            weight = sizes
        page.goto("about:blank")
    context.close()
    return {"page_ms_p50": statistics.median(times["all"]), "page_ms_max": max(times["all"]),
            "parts": {name: statistics.median(ms) for name, ms in times.items() if name != "all"},
            "weight": weight}


def other_seat(browser: Any, live: Live, game: str, moves: int) -> list[float]:
    """Milliseconds from a move sent until the other seat's page shows it."""
    seats = SEATS[game]
    made = live.create(game, ["human"] * seats, ["Anna", "Bert"][:seats], seed=5)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    watchers = {s["seat"]: s["link"] for s in made["seats"]}
    if seats == 1:   # solo: the host watches
        watchers[1] = f"{live.url}/t/{made['table']}#{made['admin']}"
    pages = {}
    for seat, link in watchers.items():
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(SEQ_TIMES)
        pages[seat] = context.new_page()
        pages[seat].goto(link)
        pages[seat].wait_for_selector("body[data-seq='0']", state="attached", timeout=60_000)
    rnd = random.Random(5)
    latencies: list[float] = []
    for _ in range(moves):
        now = live.table(made["table"], made["admin"])
        if now["finished"]:
            break
        seat = now["decision"]["seats"][0]
        head = {"Authorization": f"Bearer {tokens[seat]}"}
        legal = live.client.get(f"/api/tables/{made['table']}/legal", headers=head).json()
        watcher = pages[next(s for s in pages if s != seat)]
        sent = time.time() * 1000
        answer = live.client.post(f"/api/tables/{made['table']}/actions", headers=head,
                                  json={"notation": rnd.choice(legal["actions"])["notation"]})
        answer.raise_for_status()
        seq = answer.json()["table"]["seq"]
        watcher.wait_for_selector(f"body[data-seq='{seq}']", state="attached",
                                  timeout=60_000)
        latencies.append(watcher.evaluate(f"window.__seqAt['{seq}']") - sent)
    for page in pages.values():
        page.context.close()
    return latencies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(SEATS))
    parser.add_argument("--moves", type=int, default=30, help="moves timed per game")
    parser.add_argument("--loads", type=int, default=10, help="table page loads per game")
    args = parser.parse_args(argv)
    rows = []
    with live_server() as live, chromium() as browser:
        for game in args.games.split(","):
            print(f"{game} ...", file=sys.stderr, flush=True)
            first = first_move(browser, live, game)
            made = live.create(game, ["human"] * SEATS[game], ["Anna", "Bert"][:SEATS[game]],
                               seed=5)
            page = table_page(browser, made["seats"][0]["link"], args.loads)
            latency = other_seat(browser, live, game, args.moves)
            rows.append((game, first, page, latency))
    print(f"{'game':<14} {'clicks':>6} {'first s':>8} {'listed':>6} {'page ms p50/max':>16} "
          f"{'to other p50/p99 ms':>20} {'n':>3}  weight KB (html+js+css+svg; json)")
    for game, first, page, latency in rows:
        weight = page["weight"]
        static = sum(weight.get(k, 0) for k in ("html", "js", "css", "svg")) / 1024
        parts = ", ".join(f"{k} {v / 1024:.0f}" for k, v in sorted(weight.items()))
        spent = ", ".join(f"{k} {v:.0f}" for k, v in sorted(page["parts"].items()))
        print(f"{game:<14} {first['clicks']:>6} {first['seconds']:>8.2f} {first['listed']:>6} "
              f"{page['page_ms_p50']:>8.1f}/{page['page_ms_max']:<7.1f} "
              f"{percentile(latency, .5):>10.0f}/{percentile(latency, .99):<9.0f} "
              f"{len(latency):>3}  {static:.0f} ({parts})")
        print(f"{'':<14} server ms p50 by request: {spent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
