"""The study as one self-contained HTML file: matplotlib plots inline (PNG in base64)
with the numbers in tables beside them; no script, no link to anything outside.

Every text that came from a person (pack file names, options) is escaped for HTML, and
for matplotlib's mathtext (a `$` in a file name is shown, not interpreted).
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

SECTION_HELP = {
    "scores": "Final scores of every seat.",
    "margin": "Winner's score minus the runner-up's.",
    "chairs": "Share of games won from each chair (seat order), with 95 % Wilson "
              "intervals; the same bots sit in every chair.",
    "length": "Actions per game.",
    "breakdown": "Mean of each item of the game's own score breakdown, per seat.",
    "numbers": "The game's own figure: mean with its 95 % interval (error bars), over "
               "every game (and every seat where it is a figure per seat).",
    "series": "Mean per chair over the games still running at that round; the band holds "
              "the middle half of the games (25th to 75th percentile), n says how many "
              "games reached the round.",
}
SERIES_ROWS = 12        # rounds shown in a series' table (evenly spaced, the last included)


def _text(value: object) -> str:
    return html.escape(str(value), quote=True)


def _plain(label: str) -> str:
    """A label matplotlib shows literally (mathtext would read `$...$`)."""
    return label.replace("$", r"\$")


def _png(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _histogram(packs: list[dict[str, Any]], key: str, xlabel: str) -> str | None:
    import matplotlib.pyplot as plt

    series = [(p["label"], p[f"{key}_values"]) for p in packs if p[f"{key}_values"]]
    if not series:
        return None
    figure, axes = plt.subplots(figsize=(6, 3.2))
    for label, values in series:
        axes.hist(values, bins=min(30, max(5, len(set(values)))), alpha=0.55,
                  label=_plain(label))
    axes.set_xlabel(xlabel)
    axes.set_ylabel("count")
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


def _stats_table(rows: list[tuple[str, dict[str, Any]]]) -> str:
    head = "".join(f"<th>{h}</th>" for h in ("", "n", "mean", "95% CI", "stdev", "min",
                                              "median", "max"))
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
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _section(title: str, key: str, image: str | None, table: str) -> str:
    picture = (f'<img alt="{_text(title)}" src="data:image/png;base64,{image}">'
               if image else "<p>(nothing to plot)</p>")
    return (f"<section><h2>{_text(title)}</h2><p>{_text(SECTION_HELP[key])}</p>"
            f'<div class="pair">{picture}{table}</div></section>')


def _number_sections(packs: list[dict[str, Any]]) -> list[str]:
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
            image = _bars(plotted, packs, means, errors, "mean")
        table = _stats_table([(f"{p['label']}: {n}", f.get(n, {"n": 0}))
                              for n in names for p, f in zip(packs, per_pack, strict=True)])
        sections.append(_section(group, "numbers", image, table))
    return sections


def _series_plot(title: str, packs: list[dict[str, Any]]) -> str | None:
    import matplotlib.pyplot as plt

    lines = [(p["label"], chair) for p in packs
             for chair in p["figures"]["series"].get(title, []) if chair["round"]]
    if not lines:
        return None
    figure, axes = plt.subplots(figsize=(7, 3.6))
    for label, chair in lines:
        name = _plain(f"{label}: chair {chair['chair']}" if len(packs) > 1
                      else f"chair {chair['chair']}")
        (line,) = axes.plot(chair["round"], chair["mean"], label=name)
        axes.fill_between(chair["round"], chair["low"], chair["high"], alpha=0.2,
                          color=line.get_color())
    axes.set_xlabel("round")
    axes.set_ylabel(_plain(title))
    axes.legend()
    return _png(figure)


def _series_table(title: str, packs: list[dict[str, Any]]) -> str:
    head = "".join(f"<th>{h}</th>" for h in ("", "chair", "round", "n", "mean", "25%–75%"))
    body = []
    for pack in packs:
        for chair in pack["figures"]["series"].get(title, []):
            count = len(chair["round"])
            step = max(1, -(-count // SERIES_ROWS))
            for i in sorted({*range(0, count, step), count - 1} - {-1}):
                cells = [pack["label"], chair["chair"], chair["round"][i], chair["n"][i],
                         chair["mean"][i], f"{chair['low'][i]}–{chair['high'][i]}"]
                body.append("<tr>" + "".join(f"<td>{_text(c)}</td>" for c in cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _series_sections(packs: list[dict[str, Any]]) -> list[str]:
    titles = list(dict.fromkeys(t for p in packs for t in p["figures"]["series"]))
    return [_section(title, "series", _series_plot(title, packs), _series_table(title, packs))
            for title in titles]


def render_html(report: dict[str, Any]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    packs = report["packs"]
    sections = []
    for key, title, xlabel in (("scores", "Scores", "final score"),
                               ("margin", "Winning margin", "points"),
                               ("length", "Game length", "actions")):
        sections.append(_section(title, key, _histogram(packs, key, xlabel),
                                 _stats_table([(p["label"], p[key]) for p in packs])))
    if packs[0]["chairs"]:
        chairs = [f"chair {c['chair']}" for c in packs[0]["chairs"]]
        image = _bars(chairs, packs, [[c["win_share"] for c in p["chairs"]] for p in packs],
                      [[tuple(c["ci95"]) for c in p["chairs"]] for p in packs], "win share")
        rows = "".join(
            f"<tr><td>{_text(p['label'])}</td><td>{c['chair']}</td><td>{c['win_share']:.1%}"
            f"</td><td>{c['ci95'][0]:.1%}–{c['ci95'][1]:.1%}</td></tr>"
            for p in packs for c in p["chairs"])
        table = ("<table><tr><th></th><th>chair</th><th>win share</th><th>95% CI</th></tr>"
                 f"{rows}</table>")
        sections.append(_section("Chair advantage", "chairs", image, table))
    keys = list(dict.fromkeys(k for p in packs for k in p["breakdown"]))
    if keys:
        means = [[p["breakdown"].get(k, {}).get("mean", 0.0) for k in keys] for p in packs]
        image = _bars(keys, packs, means, None, "mean per seat")
        table = _stats_table([(f"{p['label']}: {k}", p["breakdown"][k])
                              for k in keys for p in packs if k in p["breakdown"]])
        sections.append(_section("Score breakdown", "breakdown", image, table))
    sections.extend(_number_sections(packs))
    sections.extend(_series_sections(packs))
    title = f"Study of {report['game']}"
    packs_line = " vs ".join(f"{p['label']} ({p['path']})" for p in packs)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{_text(title)}</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:1em auto}}
.pair{{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px;
text-align:right}}img{{max-width:100%}}</style></head><body>
<h1>{_text(title)}</h1>
<p>{_text(report['games'])} games per pack, seeds {_text(report['seeds'][0])}–\
{_text(report['seeds'][1])}, seats {_text(', '.join(report['seats']))}, options \
{_text(report['options'])}.</p><p>Packs: {_text(packs_line)}</p>
{''.join(sections)}
</body></html>
"""
