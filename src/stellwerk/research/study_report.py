"""The study as one self-contained HTML file: matplotlib plots inline (PNG in base64)
with the numbers in tables beside them; no script, no link to anything outside. In
English or German: the report's own words from `research/terms.py`, the game's figure
names from the game's study companion (`Study.figure_name`); the JSON keeps the English
names (they are data).

Every text that came from a person (pack file names, options) is escaped for HTML, and
for matplotlib's mathtext (a `$` in a file name is shown, not interpreted).
"""

from __future__ import annotations

import base64
import html
import io
from dataclasses import dataclass
from typing import Any

from stellwerk.core import companions
from stellwerk.games import get_game
from stellwerk.research.terms import research_text

SERIES_ROWS = 12        # rounds shown in a series' table (evenly spaced, the last included)


def _text(value: object) -> str:
    return html.escape(str(value), quote=True)


def _plain(label: str) -> str:
    """A label matplotlib shows literally (mathtext would read `$...$`)."""
    return label.replace("$", r"\$")


@dataclass(frozen=True)
class Words:
    """The report's language: its own words, and the game's names of its figures."""

    lang: str
    game_id: str

    def __call__(self, key: str, **params: object) -> str:
        return research_text(key, self.lang, **params)

    def name(self, figure: str) -> str:
        return companions.study(get_game(self.game_id)).figure_name(figure, self.lang)


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _histogram(packs: list[dict[str, Any]], key: str, xlabel: str, w: Words) -> str | None:
    import matplotlib.pyplot as plt

    series = [(p["label"], p[f"{key}_values"]) for p in packs if p[f"{key}_values"]]
    if not series:
        return None
    figure, axes = plt.subplots(figsize=(6, 3.2))
    for label, values in series:
        axes.hist(values, bins=min(30, max(5, len(set(values)))), alpha=0.55,
                  label=_plain(label))
    axes.set_xlabel(xlabel)
    axes.set_ylabel(w("study.count"))
    axes.legend()
    return _png(figure)


def _bars(names: list[str], packs: list[dict[str, Any]], values: list[list[float]],
          errors: list[list[tuple[float, float]]] | None, ylabel: str) -> str:
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(max(6, len(names) * 0.6), 3.2))
    width = 0.8 / len(packs)
    for k, pack in enumerate(packs):
        xs = [i + k * width for i in range(len(names))]
        yerr = None
        if errors is not None:
            yerr = [[v - lo for v, (lo, _) in zip(values[k], errors[k], strict=True)],
                    [hi - v for v, (_, hi) in zip(values[k], errors[k], strict=True)]]
        axes.bar(xs, values[k], width=width, yerr=yerr, capsize=3, label=_plain(pack["label"]))
    axes.set_xticks([i + width * (len(packs) - 1) / 2 for i in range(len(names))])
    axes.set_xticklabels([_plain(n) for n in names], rotation=30 if len(names) > 6 else 0)
    axes.set_ylabel(ylabel)
    axes.legend()
    return _png(figure)


def _head(cells: list[str]) -> str:
    return "<tr>" + "".join(f"<th>{_text(cell)}</th>" for cell in cells) + "</tr>"


def _stats_table(rows: list[tuple[str, dict[str, Any]]], w: Words) -> str:
    head = _head(["", "n", w("study.mean"), w("study.ci95"), w("study.stdev"), "min",
                  w("study.median"), "max"])
    body = []
    for label, d in rows:
        if not d.get("n"):
            body.append(f"<tr><td>{_text(label)}</td><td>0</td>" + "<td>—</td>" * 6 + "</tr>")
            continue
        low, high = d["ci95"]
        cells = [d["n"], d["mean"], f"{low}–{high}", d["stdev"], d["min"], d["median"],
                 d["max"]]
        body.append(f"<tr><td>{_text(label)}</td>" +
                    "".join(f"<td>{_text(c)}</td>" for c in cells) + "</tr>")
    return f"<table>{head}{''.join(body)}</table>"


def _section(title: str, key: str, image: str | None, table: str, w: Words) -> str:
    picture = (f'<img alt="{_text(title)}" src="data:image/png;base64,{image}">'
               if image else f"<p>{_text(w('study.nothing'))}</p>")
    return (f"<section><h2>{_text(title)}</h2><p>{_text(w(f'study.{key}.help'))}</p>"
            f'<div class="pair">{picture}{table}</div></section>')


def _number_sections(packs: list[dict[str, Any]], w: Words) -> list[str]:
    """One plot and table per group of the game's own named numbers, packs side by side."""
    sections = []
    groups = list(dict.fromkeys(g for p in packs for g in p["figures"]["numbers"]))
    for group in groups:
        per_pack = [p["figures"]["numbers"].get(group, {}) for p in packs]
        names = list(dict.fromkeys(n for figures in per_pack for n in figures))
        plotted = [n for n in names if all(f.get(n, {}).get("n") for f in per_pack)]
        image = None
        if plotted:
            means = [[f[n]["mean"] for n in plotted] for f in per_pack]
            errors = [[tuple(f[n]["ci95"]) for n in plotted] for f in per_pack]
            image = _bars([w.name(n) for n in plotted], packs, means, errors, w("study.mean"))
        table = _stats_table([(f"{p['label']}: {w.name(n)}", f.get(n, {"n": 0}))
                              for n in names for p, f in zip(packs, per_pack, strict=True)], w)
        sections.append(_section(w.name(group), "numbers", image, table, w))
    return sections


def _series_plot(title: str, packs: list[dict[str, Any]], w: Words) -> str | None:
    import matplotlib.pyplot as plt

    lines = [(p["label"], chair) for p in packs
             for chair in p["figures"]["series"].get(title, []) if chair["round"]]
    if not lines:
        return None
    figure, axes = plt.subplots(figsize=(7, 3.6))
    for label, chair in lines:
        seat = w("study.chair_n", chair=chair["chair"])
        name = _plain(f"{label}: {seat}" if len(packs) > 1 else seat)
        (line,) = axes.plot(chair["round"], chair["mean"], label=name)
        axes.fill_between(chair["round"], chair["low"], chair["high"], alpha=0.2,
                          color=line.get_color())
    axes.set_xlabel(w("study.round"))
    axes.set_ylabel(_plain(w.name(title)))
    axes.legend()
    return _png(figure)


def _series_table(title: str, packs: list[dict[str, Any]], w: Words) -> str:
    head = _head(["", w("study.chair"), w("study.round"), "n", w("study.mean"),
                  w("study.quartiles")])
    body = []
    for pack in packs:
        for chair in pack["figures"]["series"].get(title, []):
            count = len(chair["round"])
            step = max(1, -(-count // SERIES_ROWS))
            for i in sorted({*range(0, count, step), count - 1} - {-1}):
                cells = [pack["label"], chair["chair"], chair["round"][i], chair["n"][i],
                         chair["mean"][i], f"{chair['low'][i]}–{chair['high'][i]}"]
                body.append("<tr>" + "".join(f"<td>{_text(c)}</td>" for c in cells) + "</tr>")
    return f"<table>{head}{''.join(body)}</table>"


def _series_sections(packs: list[dict[str, Any]], w: Words) -> list[str]:
    titles = list(dict.fromkeys(t for p in packs for t in p["figures"]["series"]))
    return [_section(w.name(title), "series", _series_plot(title, packs, w),
                     _series_table(title, packs, w), w)
            for title in titles]


def _chair_section(packs: list[dict[str, Any]], w: Words) -> str:
    chairs = [w("study.chair_n", chair=c["chair"]) for c in packs[0]["chairs"]]
    image = _bars(chairs, packs, [[c["win_share"] for c in p["chairs"]] for p in packs],
                  [[tuple(c["ci95"]) for c in p["chairs"]] for p in packs],
                  w("study.win_share"))
    rows = "".join(
        f"<tr><td>{_text(p['label'])}</td><td>{c['chair']}</td><td>{c['win_share']:.1%}"
        f"</td><td>{c['ci95'][0]:.1%}–{c['ci95'][1]:.1%}</td></tr>"
        for p in packs for c in p["chairs"])
    head = _head(["", w("study.chair"), w("study.win_share"), w("study.ci95")])
    return _section(w("study.chairs"), "chairs", image, f"<table>{head}{rows}</table>", w)


def render_html(report: dict[str, Any], lang: str = "en") -> str:
    import matplotlib

    matplotlib.use("Agg")
    w = Words(lang, report["game"])
    packs = report["packs"]
    sections = []
    for key, xlabel in (("scores", "study.final_score"), ("margin", "study.points"),
                        ("length", "study.actions")):
        sections.append(_section(w(f"study.{key}"), key, _histogram(packs, key, w(xlabel), w),
                                 _stats_table([(p["label"], p[key]) for p in packs], w), w))
    if packs[0]["chairs"]:
        sections.append(_chair_section(packs, w))
    keys = list(dict.fromkeys(k for p in packs for k in p["breakdown"]))
    if keys:
        means = [[p["breakdown"].get(k, {}).get("mean", 0.0) for k in keys] for p in packs]
        image = _bars([w.name(k) for k in keys], packs, means, None, w("study.mean_per_seat"))
        table = _stats_table([(f"{p['label']}: {w.name(k)}", p["breakdown"][k])
                              for k in keys for p in packs if k in p["breakdown"]], w)
        sections.append(_section(w("study.breakdown"), "breakdown", image, table, w))
    sections.extend(_number_sections(packs, w))
    sections.extend(_series_sections(packs, w))
    title = w("study.title", game=get_game(report["game"]).title)
    packs_line = w("study.versus").join(f"{p['label']} ({p['path']})" for p in packs)
    about = w("study.about", games=report["games"], first=report["seeds"][0],
              last=report["seeds"][1], seats=", ".join(report["seats"]),
              options=report["options"])
    return f"""<!DOCTYPE html>
<html lang="{_text(lang)}"><head><meta charset="utf-8"><title>{_text(title)}</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:1em auto}}
.pair{{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px;
text-align:right}}img{{max-width:100%}}</style></head><body>
<h1>{_text(title)}</h1>
<p>{_text(about)}</p><p>{_text(w("study.packs", packs=packs_line))}</p>
{''.join(sections)}
</body></html>
"""
