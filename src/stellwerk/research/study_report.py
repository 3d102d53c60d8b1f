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


def whole_number_bins(values: list[float], most: int = 40) -> list[float] | int:
    """Bin edges half-way between whole numbers, so each bar holds whole values (a
    bin narrower than one point would leave every other bar empty); a range wider than
    `most` points groups them `step` at a time. Values with fractions get 30 bins."""
    if not values or any(v != int(v) for v in values):
        return 30
    low, high = int(min(values)), int(max(values))
    step = max(1, -(-(high - low + 1) // most))
    return [low - 0.5 + step * i for i in range((high - low) // step + 2)]


def _histogram(packs: list[dict[str, Any]], key: str, xlabel: str, w: Words) -> str | None:
    import matplotlib.pyplot as plt

    series = [(p["label"], p[f"{key}_values"]) for p in packs if p.get(f"{key}_values")]
    if not series:
        return None
    figure, axes = plt.subplots(figsize=(6, 3.2))
    bins = whole_number_bins([v for _, values in series for v in values])
    for label, values in series:
        axes.hist(values, bins=bins, alpha=0.55, label=_plain(label))
    axes.set_xlabel(xlabel)
    axes.set_ylabel(w("study.count"))
    axes.legend()
    return _png(figure)


Interval = tuple[float, float]


def _bars(names: list[str], packs: list[dict[str, Any]], values: list[list[float]],
          errors: list[list[Interval]] | None, ylabel: str,
          reference: tuple[float, str] | None = None) -> str:
    """Grouped bars on one axis: for figures of one kind and scale (chairs' win
    shares), with an optional dashed reference line (value, label)."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(max(6, len(names) * 0.6), 3.2))
    width = 0.8 / len(packs)
    for k, pack in enumerate(packs):
        xs = [i + k * width for i in range(len(names))]
        axes.bar(xs, values[k], width=width, yerr=_yerr(values[k], errors, k), capsize=3,
                 label=_plain(pack["label"]))
    if reference is not None:
        axes.axhline(reference[0], color="black", linestyle="--", linewidth=1,
                     label=_plain(reference[1]))
    axes.set_xticks([i + width * (len(packs) - 1) / 2 for i in range(len(names))])
    axes.set_xticklabels([_plain(n) for n in names], rotation=30 if len(names) > 6 else 0)
    axes.set_ylabel(ylabel)
    axes.legend()
    return _png(figure)


def _yerr(values: list[float], errors: list[list[Interval]] | None, k: int) -> \
        list[list[float]] | None:
    if errors is None:
        return None
    return [[v - lo for v, (lo, _) in zip(values, errors[k], strict=True)],
            [hi - v for v, (_, hi) in zip(values, errors[k], strict=True)]]


PANELS_PER_ROW = 4


def _panels(names: list[str], packs: list[dict[str, Any]], values: list[list[float]],
            errors: list[list[Interval]], ylabel: str) -> str:
    """One small panel per figure, each with its own scale (a score item of 27 points
    and a share of 0.1 on one axis would flatten the small one), the packs side by
    side in each, with their 95 % intervals as error bars."""
    import matplotlib.pyplot as plt

    columns = min(PANELS_PER_ROW, len(names))
    rows = -(-len(names) // columns)
    figure, grid = plt.subplots(rows, columns, figsize=(2.4 * columns + 0.6, 2.3 * rows),
                                squeeze=False)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for index, name in enumerate(names):
        axes = grid[index // columns][index % columns]
        for k, pack in enumerate(packs):
            value = values[k][index]
            low, high = errors[k][index]
            axes.bar([k], [value], yerr=[[value - low], [high - value]], capsize=3,
                     color=colours[k % len(colours)], label=_plain(pack["label"]))
        axes.set_title(_plain(name), fontsize=9)
        axes.set_xticks([])
        axes.tick_params(labelsize=8)
        if index % columns == 0:
            axes.set_ylabel(ylabel, fontsize=8)
    for index in range(len(names), rows * columns):
        grid[index // columns][index % columns].set_visible(False)
    if len(packs) > 1:
        handles, labels = grid[0][0].get_legend_handles_labels()
        figure.legend(handles, labels, loc="lower center", ncol=len(packs),
                      bbox_to_anchor=(0.5, -0.02), fontsize=8)
    figure.tight_layout(rect=(0, 0.05 if len(packs) > 1 else 0, 1, 1))
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


def _interval(described: dict[str, Any]) -> Interval:
    low, high = described["ci95"]
    return (float(low), float(high))


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
            errors = [[_interval(f[n]) for n in plotted] for f in per_pack]
            image = _panels([w.name(n) for n in plotted], packs, means, errors, w("study.mean"))
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


def _chair_section(packs: list[dict[str, Any]], seats: int, w: Words) -> str:
    chairs = [w("study.chair_n", chair=c["chair"]) for c in packs[0]["chairs"]]
    image = _bars(chairs, packs, [[c["win_share"] for c in p["chairs"]] for p in packs],
                  [[_interval(c) for c in p["chairs"]] for p in packs],
                  w("study.win_share"), (1 / seats, w("study.even", seats=seats)))
    rows = "".join(
        f"<tr><td>{_text(p['label'])}</td><td>{c['chair']}</td><td>{c['win_share']:.1%}"
        f"</td><td>{c['ci95'][0]:.1%}–{c['ci95'][1]:.1%}</td></tr>"
        for p in packs for c in p["chairs"])
    head = _head(["", w("study.chair"), w("study.win_share"), w("study.ci95")])
    return _section(w("study.chairs"), "chairs", image, f"<table>{head}{rows}</table>", w)


def _starts_section(packs: list[dict[str, Any]], seats: int, w: Words) -> str:
    places = [w("study.place_n", place=p["place"]) for p in packs[0]["starts"]["places"]]
    image = _bars(places, packs,
                  [[p["win_share"] for p in pack["starts"]["places"]] for pack in packs],
                  [[_interval(p) for p in pack["starts"]["places"]] for pack in packs],
                  w("study.win_share"), (1 / seats, w("study.even", seats=seats)))
    rows = "".join(
        f"<tr><td>{_text(pack['label'])}</td><td>{p['place']}</td><td>{p['win_share']:.1%}"
        f"</td><td>{p['ci95'][0]:.1%}–{p['ci95'][1]:.1%}</td>"
        f"<td>{pack['starts']['started'][p['place'] - 1]}</td></tr>"
        for pack in packs for p in pack["starts"]["places"])
    head = _head(["", w("study.place"), w("study.win_share"), w("study.ci95"),
                  f"{w('study.started')} ({w('study.chair')} = {w('study.place')})"])
    return _section(w("study.starts"), "starts", image, f"<table>{head}{rows}</table>", w)


CHOICES_SHOWN = 24      # the best and worst choices of a long list


def _percent(share: float | None) -> str:
    return "—" if share is None else f"{share:.1%}"


def _choice_section(packs: list[dict[str, Any]], seats: int, w: Words) -> str:
    import matplotlib.pyplot as plt

    rows = [(p["label"], row) for p in packs for row in p.get("choices", [])]
    if len(rows) > CHOICES_SHOWN:
        half = CHOICES_SHOWN // 2
        ranked = sorted(rows, key=lambda r: -r[1]["win_share"])
        rows = ranked[:half] + ranked[-half:]
    figure, axes = plt.subplots(figsize=(6, 0.25 * len(rows) + 1))
    names = [_plain(f"{label}: {row['choice']}" if len(packs) > 1 else row["choice"])
             for label, row in rows]
    ys = list(range(len(rows)))[::-1]
    shares = [row["win_share"] for _, row in rows]
    axes.errorbar(shares, ys, xerr=[[s - row["ci95"][0] for s, (_, row) in
                                     zip(shares, rows, strict=True)],
                                    [row["ci95"][1] - s for s, (_, row) in
                                     zip(shares, rows, strict=True)]],
                  fmt="o", capsize=2)
    axes.axvline(1 / seats, color="black", linestyle="--", linewidth=1)
    axes.set_yticks(ys)
    axes.set_yticklabels(names, fontsize=7)
    axes.set_xlabel(w("study.win_share"))
    head = _head(["", w("study.choice"), w("study.seat_games"), w("study.win_share"),
                  w("study.ci95"), w("study.others")])
    body = "".join(
        f"<tr><td>{_text(label)}</td><td>{_text(row['choice'])}</td>"
        f"<td>{row['seat_games']}</td><td>{row['win_share']:.1%}</td>"
        f"<td>{row['ci95'][0]:.1%}–{row['ci95'][1]:.1%}</td>"
        f"<td>{_percent(row['others'])}</td></tr>"
        for label, row in rows)
    return _section(w("study.choices"), "choices", _png(figure),
                    f"<table>{head}{body}</table>", w)


def _number(value: float | None) -> str:
    return "—" if value is None else f"{value:g}"


def _span(interval: list[float] | None) -> str:
    return "—" if interval is None else f"{interval[0]:g} to {interval[1]:g}"


def _choice_score_section(packs: list[dict[str, Any]], w: Words) -> str:
    """A solo game's score by choice: the difference with its interval, one row each."""
    import matplotlib.pyplot as plt

    rows = [(p["label"], row) for p in packs for row in p.get("choice_scores", [])]
    if len(rows) > CHOICES_SHOWN:
        half = CHOICES_SHOWN // 2
        ranked = sorted((r for r in rows if r[1]["difference"] is not None),
                        key=lambda r: -r[1]["difference"])
        rows = ranked[:half] + ranked[-half:] if len(ranked) > CHOICES_SHOWN else ranked
    names = [w.name(row["choice"]) for _, row in rows]
    shown = [(f"{label}: {name}" if len(packs) > 1 else name, row)
             for (label, row), name in zip(rows, names, strict=True)]
    plotted = [(name, row) for name, row in shown if row["difference"] is not None]
    image = None
    if plotted:
        figure, axes = plt.subplots(figsize=(6, 0.25 * len(plotted) + 1))
        ys = list(range(len(plotted)))[::-1]
        differences = [row["difference"] for _, row in plotted]
        axes.errorbar(differences, ys,
                      xerr=[[d - row["ci95"][0] for d, (_, row) in
                             zip(differences, plotted, strict=True)],
                            [row["ci95"][1] - d for d, (_, row) in
                             zip(differences, plotted, strict=True)]],
                      fmt="o", capsize=2)
        axes.axvline(0, color="black", linestyle="--", linewidth=1)
        axes.set_yticks(ys)
        axes.set_yticklabels([_plain(name) for name, _ in plotted], fontsize=7)
        axes.set_xlabel(w("study.with_minus_without"))
        image = _png(figure)
    head = _head(["", w("study.choice"), w("study.games_with"), w("study.mean_with"),
                  w("study.mean_without"), w("study.with_minus_without"), w("study.ci95")])
    body = "".join(
        f"<tr><td>{_text(label)}</td><td>{_text(name)}</td><td>{row['games']}</td>"
        f"<td>{_number(row['mean'])}</td><td>{_number(row['others_mean'])}</td>"
        f"<td>{_number(row['difference'])}</td>"
        f"<td>{_span(row['ci95'])}</td></tr>"
        for (label, row), name in zip(rows, names, strict=True))
    return _section(w("study.choice_scores"), "choice_scores", image,
                    f"<table>{head}{body}</table>", w)


def figure_label(figure: dict[str, Any], w: Words) -> str:
    """A compared figure's name in the report's language."""
    return w(f"study.fig.{figure['figure']}",
             **{k: figure[k] for k in ("chair", "place") if k in figure})


def _comparison_section(comparison: dict[str, Any], w: Words) -> str:
    precision = comparison["precision"]
    head = _head([w("study.figure"), "n", "A", "B", w("study.difference"), w("study.ci95"),
                  w("study.test"), "p", w("study.wilcoxon"), w("study.discordant"),
                  w("study.unpaired"), w("study.width_ratio"),
                  f"{w('study.needed', precision=precision)} / "
                  f"{w('study.needed_mean', percent=f'{precision:.0%}')}"])
    body = []
    for figure in comparison["figures"]:
        if not figure.get("games"):
            continue
        low, high = figure["ci95"]
        unpaired = figure["unpaired_ci95"]
        only = figure.get("discordant")
        cells = [figure["games"], figure["a"], figure["b"], figure["difference"],
                 f"{low} to {high}", w(f"study.test.{figure['test']}"), figure["p"],
                 figure.get("wilcoxon_p", "—"), "—" if only is None else f"{only[0]} / {only[1]}",
                 f"{unpaired[0]} to {unpaired[1]}",
                 "—" if figure["width_ratio"] is None else figure["width_ratio"],
                 "—" if figure["games_needed"] is None else figure["games_needed"]]
        body.append(f"<tr><td>{_text(figure_label(figure, w))}</td>" +
                    "".join(f"<td>{_text(c)}</td>" for c in cells) + "</tr>")
    note = ""
    if comparison["identical"]:
        warning = w("study.identical", games=comparison["games"])
        note = f'<p class="warning"><strong>{_text(warning)}</strong></p>'
    elif comparison["identical_games"]:
        some = w("study.identical_some", n=comparison["identical_games"],
                 games=comparison["games"])
        note = f"<p>{_text(some)}</p>"
    labels = " / ".join(f"{letter}: {label}"
                        for letter, label in zip("AB", comparison["labels"], strict=True))
    return (f"<section><h2>{_text(w('study.paired'))}</h2>{note}"
            f"<p>{_text(w('study.paired.help'))}</p><p>{_text(labels)}</p>"
            f"<table>{head}{''.join(body)}</table></section>")


def render_html(report: dict[str, Any], lang: str = "en") -> str:
    import matplotlib

    matplotlib.use("Agg")
    w = Words(lang, report["game"])
    packs = report["packs"]
    seats = len(report["seats"])
    sections = []
    if "comparison" in report:
        sections.append(_comparison_section(report["comparison"], w))
    for key, xlabel in (("scores", "study.final_score"), ("margin", "study.points"),
                        ("length", "study.actions"), ("branching", "study.candidates"),
                        ("lead_changes", "study.changes")):
        if not packs[0].get(key, {}).get("n"):
            continue
        sections.append(_section(w(f"study.{key}"), key, _histogram(packs, key, w(xlabel), w),
                                 _stats_table([(p["label"], p[key]) for p in packs], w), w))
    if packs[0]["chairs"]:
        sections.append(_chair_section(packs, seats, w))
    # chair 1 always starting (Rail Line) makes the start player's table the chairs' one
    if all(p.get("starts") for p in packs) and \
            any(any(p["starts"]["started"][1:]) for p in packs):
        sections.append(_starts_section(packs, seats, w))
    if any(p.get("choices") for p in packs):
        sections.append(_choice_section(packs, seats, w))
    if any(p.get("choice_scores") for p in packs):
        sections.append(_choice_score_section(packs, w))
    keys = list(dict.fromkeys(k for p in packs for k in p["breakdown"]))
    if keys:
        plotted = [k for k in keys if all(p["breakdown"].get(k, {}).get("n") for p in packs)]
        means = [[p["breakdown"][k]["mean"] for k in plotted] for p in packs]
        errors = [[_interval(p["breakdown"][k]) for k in plotted] for p in packs]
        image = _panels([w.name(k) for k in plotted], packs, means, errors,
                        w("study.mean_per_seat")) if plotted else None
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
text-align:right}}img{{max-width:100%}}.warning{{color:#a00}}</style></head><body>
<h1>{_text(title)}</h1>
<p>{_text(about)}</p><p>{_text(w("study.packs", packs=packs_line))}</p>
{''.join(sections)}
</body></html>
"""
