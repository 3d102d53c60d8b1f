"""English and German texts of the designer's tools (`stellwerk study`, `stellwerk
tournament`): the report's headings, help lines, axis labels and table columns, and
the lines the commands print. The figures' own names come from each game
(`Study.figure_name`)."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # refusals of the PettingZoo environment (pettingzoo_env.py)
    "rs.view_bytes": {"en": "a view of {n} bytes does not fit view_bytes={size}",
                      "de": "eine Sicht von {n} Bytes passt nicht in view_bytes={size}"},
    "rs.agent_action_index": {"en": "{agent}: action {action} is not one of the {n} valid "
                                    "indices (see action_mask)",
                              "de": "{agent}: Aktion {action} ist keiner der {n} gültigen "
                                    "Indizes (siehe action_mask)"},
    "rs.actions_kind": {"en": "actions are numbered as {kinds}, not {kind!r}",
                        "de": "Aktionen werden als {kinds} nummeriert, nicht {kind!r}"},
    "rs.action_index": {"en": "action {action} is not one of the {n} valid indices (see "
                              "action_mask)",
                        "de": "Aktion {action} ist keiner der {n} gültigen Indizes (siehe "
                              "action_mask)"},
    # the study report's sections: title, then the line under it
    "study.scores": {"en": "Scores", "de": "Punkte"},
    "study.scores.help": {"en": "Final scores of every seat.",
                          "de": "Endpunkte aller Plätze."},
    "study.margin": {"en": "Winning margin", "de": "Vorsprung des Siegers"},
    "study.margin.help": {"en": "Winner's score minus the runner-up's.",
                          "de": "Punkte des Siegers minus die des Zweiten."},
    "study.length": {"en": "Game length", "de": "Spieldauer"},
    "study.length.help": {"en": "Actions per game.", "de": "Aktionen je Partie."},
    "study.chairs": {"en": "Chair advantage", "de": "Vorteil der Sitzreihenfolge"},
    "study.chairs.help": {
        "en": "Share of games won from each chair (seat order), with 95 % Wilson "
              "intervals; the same bots sit in every chair.",
        "de": "Anteil der Partien, die von jedem Platz (Sitzreihenfolge) aus gewonnen "
              "wurden, mit 95-%-Wilson-Intervallen; auf jedem Platz sitzen dieselben Bots."},
    "study.breakdown": {"en": "Score breakdown", "de": "Punkte nach Herkunft"},
    "study.breakdown.help": {
        "en": "Mean of each item of the game's own score breakdown, per seat.",
        "de": "Mittelwert jedes Postens der Punktewertung des Spiels, je Platz."},
    "study.numbers.help": {
        "en": "The game's own figure: mean with its 95 % interval (error bars), over "
              "every game (and every seat where it is a figure per seat).",
        "de": "Eine Kennzahl des Spiels: Mittelwert mit 95-%-Intervall (Fehlerbalken) "
              "über alle Partien (und alle Plätze, wo sie je Platz gilt)."},
    "study.series.help": {
        "en": "Mean per chair over the games still running at that round; the band holds "
              "the middle half of the games (25th to 75th percentile), n says how many "
              "games reached the round.",
        "de": "Mittelwert je Platz über die Partien, die in dieser Runde noch laufen; das "
              "Band umfasst die mittlere Hälfte der Partien (25. bis 75. Perzentil), n "
              "sagt, wie viele Partien die Runde erreichten."},
    # axis labels and table columns
    "study.final_score": {"en": "final score", "de": "Endpunkte"},
    "study.points": {"en": "points", "de": "Punkte"},
    "study.actions": {"en": "actions", "de": "Aktionen"},
    "study.count": {"en": "count", "de": "Anzahl"},
    "study.mean": {"en": "mean", "de": "Mittel"},
    "study.mean_per_seat": {"en": "mean per seat", "de": "Mittel je Platz"},
    "study.win_share": {"en": "win share", "de": "Siegquote"},
    "study.chair": {"en": "chair", "de": "Platz"},
    "study.chair_n": {"en": "chair {chair}", "de": "Platz {chair}"},
    "study.round": {"en": "round", "de": "Runde"},
    "study.ci95": {"en": "95% CI", "de": "95-%-KI"},
    "study.stdev": {"en": "stdev", "de": "Std.-Abw."},
    "study.median": {"en": "median", "de": "Median"},
    "study.quartiles": {"en": "25%–75%", "de": "25 %–75 %"},
    "study.nothing": {"en": "(nothing to plot)", "de": "(nichts zu zeichnen)"},
    "study.title": {"en": "Study of {game}", "de": "Studie zu {game}"},
    "study.about": {
        "en": "{games} {games|game|games} per pack, seeds {first}–{last}, seats {seats}, "
              "options {options}.",
        "de": "{games} {games|Partie|Partien} je Paket, Seeds {first}–{last}, Plätze "
              "{seats}, Optionen {options}."},
    "study.packs": {"en": "Packs: {packs}", "de": "Pakete: {packs}"},
    "study.versus": {"en": " vs ", "de": " gegen "},
    # what the commands print
    "study.progress": {"en": "{game} study", "de": "Studie {game}"},
    "study.summary": {
        "en": "{label}: {games} {games|game|games}, mean score {score}, mean length {length}",
        "de": "{label}: {games} {games|Partie|Partien}, Punkte im Mittel {score}, Länge im "
              "Mittel {length}"},
    "study.written": {"en": "report written to {path}",
                      "de": "Bericht geschrieben nach {path}"},
    "tournament.progress": {"en": "{game} tournament", "de": "Turnier {game}"},
    "tournament.about": {
        "en": "{game} {mode}: {tables} {tables|table|tables} of {players}, {games} "
              "{games|game|games} each, seeds {first}..{last}",
        "de": "{game} {mode}: {tables} {tables|Tisch|Tische} zu {players}, je {games} "
              "{games|Partie|Partien}, Seeds {first}..{last}"},
    "tournament.round-robin": {"en": "round robin", "de": "Jeder gegen jeden"},
    "tournament.gauntlet": {"en": "gauntlet", "de": "Herausforderer gegen alle"},
    "tournament.standings": {"en": "standings ({rating})", "de": "Rangliste ({rating})"},
    "tournament.bot": {"en": "bot", "de": "Bot"},
    "tournament.ordinal": {"en": "ordinal", "de": "Wertung"},
    "tournament.games": {"en": "games", "de": "Partien"},
    "tournament.wins": {"en": "wins", "de": "Siege"},
    "tournament.score": {"en": "score", "de": "Punkte"},
})


def research_text(key: str, lang: str, /, **params: object) -> str:
    return CATALOG.text(key, lang, **params)
