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
    "study.starts": {"en": "Start player advantage", "de": "Vorteil des Startspielers"},
    "study.starts.help": {
        "en": "Share of games won by place in the turn order, counted from the seat that "
              "decided first (the start player is place 1), with 95 % Wilson intervals; "
              "the dashed line is an even share (1 / seats). Below: how often each chair "
              "started.",
        "de": "Anteil der gewonnenen Partien nach Stelle in der Zugfolge, gezählt ab dem "
              "Platz, der zuerst entschied (der Startspieler ist Stelle 1), mit "
              "95-%-Wilson-Intervallen; die gestrichelte Linie ist ein gleicher Anteil "
              "(1 / Plätze). Darunter: wie oft jeder Platz begann."},
    "study.branching": {"en": "Branching factor", "de": "Verzweigungsgrad"},
    "study.branching.help": {
        "en": "Mean number of candidate actions per decision, one value per game.",
        "de": "Mittlere Zahl der Aktionen zur Wahl je Entscheidung, ein Wert je Partie."},
    "study.lead_changes": {"en": "Lead changes", "de": "Führungswechsel"},
    "study.lead_changes.help": {
        "en": "How often the lead passed from one seat to another during a game (by the "
              "game's running standing: Rail Line's points, Benelux Rails' money); few "
              "changes mean an early lead decides.",
        "de": "Wie oft die Führung während einer Partie von einem Platz zu einem anderen "
              "wechselte (nach dem laufenden Stand des Spiels: Punkte bei Rail Line, Geld "
              "bei Benelux Rails); wenige Wechsel heißen, eine frühe Führung entscheidet."},
    "study.choices": {"en": "Win share by choice", "de": "Siegquote nach Wahl"},
    "study.choices.help": {
        "en": "Win share of the seats that made a choice (a card, a demand, a kind of "
              "action) at least once in a game, with 95 % Wilson intervals, beside the "
              "share of the seats that did not; the dashed line is an even share. Going "
              "with winning is not causing it: a leading seat can afford more.",
        "de": "Siegquote der Plätze, die eine Wahl (eine Karte, einen Auftrag, eine Art "
              "Aktion) in einer Partie mindestens einmal trafen, mit 95-%-Wilson-"
              "Intervallen, neben der Quote der Plätze, die es nicht taten; die "
              "gestrichelte Linie ist ein gleicher Anteil. Mit dem Sieg einhergehen heißt "
              "nicht, ihn bewirken: ein führender Platz kann sich mehr leisten."},
    "study.choice": {"en": "choice", "de": "Wahl"},
    "study.choice_scores": {"en": "Score by choice", "de": "Punkte nach Wahl"},
    "study.choice_scores.help": {
        "en": "A solo game has no win share: for each choice (a card played, a kind of "
              "action) the mean final score of the games in which it was made at least "
              "once minus that of the games in which it was not, with its 95 % interval; "
              "the dashed line is no difference. Going with a high score is not causing "
              "it: a good game can afford more.",
        "de": "Ein Solospiel hat keine Siegquote: für jede Wahl (eine gespielte Karte, "
              "eine Art Aktion) die mittleren Endpunkte der Partien, in denen sie "
              "mindestens einmal getroffen wurde, minus die der Partien ohne sie, mit "
              "95-%-Intervall; die gestrichelte Linie ist kein Unterschied. Mit hohen "
              "Punkten einhergehen heißt nicht, sie bewirken: eine gute Partie kann sich "
              "mehr leisten."},
    "study.games_with": {"en": "games with it", "de": "Partien mit"},
    "study.mean_with": {"en": "mean score with it", "de": "Mittel mit"},
    "study.mean_without": {"en": "mean score without it", "de": "Mittel ohne"},
    "study.with_minus_without": {"en": "with − without", "de": "mit − ohne"},
    "study.seat_games": {"en": "seat-games", "de": "Platz-Partien"},
    "study.others": {"en": "win share without it", "de": "Siegquote ohne"},
    "study.changes": {"en": "lead changes", "de": "Führungswechsel"},
    "study.fig.lead_changes": {"en": "lead changes", "de": "Führungswechsel"},
    "study.paired": {"en": "Paired comparison", "de": "Gepaarter Vergleich"},
    "study.paired.help": {
        "en": "Both packs played the same seeds, so each figure is compared game by game: "
              "the mean difference (B minus A) with its 95 % t interval and a test (exact "
              "McNemar on the games the chair won more of in one pack, for win shares; paired t "
              "and Wilcoxon signed-rank, for the rest). The unpaired interval is what two "
              "separate samples would say; the last column is the games a 95 % interval "
              "of +- the stated precision needs.",
        "de": "Beide Pakete spielten dieselben Seeds, also wird jede Kennzahl Partie für "
              "Partie verglichen: die mittlere Differenz (B minus A) mit 95-%-t-Intervall "
              "und ein Test (exakter McNemar-Test auf den Partien, die dieser Platz in einem "
              "Paket eher gewann als im anderen, für Siegquoten; gepaarter t-Test und "
              "Wilcoxon-Vorzeichen-Rang-Test für den Rest). Das ungepaarte Intervall ist, "
              "was zwei getrennte Stichproben sagen würden; die letzte Spalte nennt die "
              "Partien, die ein 95-%-Intervall von +- der genannten Genauigkeit braucht."},
    "study.identical": {
        "en": "Warning: both packs played identical games on all {games} seeds (the same "
              "actions and results): for these bots the change altered nothing.",
        "de": "Warnung: Beide Pakete spielten auf allen {games} Seeds dieselben Partien "
              "(dieselben Aktionen und Ergebnisse): Für diese Bots hat die Änderung nichts "
              "verändert."},
    "study.identical_some": {
        "en": "{n} of {games} games went exactly alike in both packs.",
        "de": "{n} von {games} Partien verliefen in beiden Paketen genau gleich."},
    "study.fig.score": {"en": "score (mean of the seats)", "de": "Punkte (Mittel der Plätze)"},
    "study.fig.chair_win": {"en": "win share, chair {chair}", "de": "Siegquote, Platz {chair}"},
    "study.fig.place_win": {"en": "win share, place {place} in turn order",
                            "de": "Siegquote, Stelle {place} der Zugfolge"},
    "study.fig.chair_score": {"en": "score, chair {chair}", "de": "Punkte, Platz {chair}"},
    "study.fig.margin": {"en": "winning margin", "de": "Vorsprung des Siegers"},
    "study.fig.length": {"en": "game length (actions)", "de": "Spieldauer (Aktionen)"},
    "study.fig.branching": {"en": "branching factor", "de": "Verzweigungsgrad"},
    "study.test.mcnemar": {"en": "McNemar (exact)", "de": "McNemar (exakt)"},
    "study.test.paired-t": {"en": "paired t", "de": "gepaarter t-Test"},
    "study.figure": {"en": "figure", "de": "Kennzahl"},
    "study.difference": {"en": "B − A", "de": "B − A"},
    "study.unpaired": {"en": "unpaired 95% CI", "de": "ungepaartes 95-%-KI"},
    "study.width_ratio": {"en": "width paired / unpaired", "de": "Breite gepaart / ungepaart"},
    "study.test": {"en": "test", "de": "Test"},
    "study.wilcoxon": {"en": "Wilcoxon p", "de": "Wilcoxon-p"},
    "study.discordant": {"en": "A / B won more", "de": "A / B gewann mehr"},
    "study.needed": {"en": "games for ±{precision}", "de": "Partien für ±{precision}"},
    "study.needed_mean": {"en": "games for ±{percent} of A's mean",
                          "de": "Partien für ±{percent} des Mittels von A"},
    "study.paired_line": {
        "en": "{figure}: {a} -> {b}, difference {difference} (95% CI {low} to {high}), "
              "{test} p = {p}; {needed} games for +-{half}",
        "de": "{figure}: {a} -> {b}, Differenz {difference} (95-%-KI {low} bis {high}), "
              "{test} p = {p}; {needed} Partien für +-{half}"},
    "study.place": {"en": "place in turn order", "de": "Stelle der Zugfolge"},
    "study.place_n": {"en": "place {place}", "de": "Stelle {place}"},
    "study.started": {"en": "games started", "de": "Partien begonnen"},
    "study.even": {"en": "even share (1/{seats})", "de": "gleicher Anteil (1/{seats})"},
    # axis labels and table columns
    "study.final_score": {"en": "final score", "de": "Endpunkte"},
    "study.points": {"en": "points", "de": "Punkte"},
    "study.actions": {"en": "actions", "de": "Aktionen"},
    "study.candidates": {"en": "candidate actions per decision",
                         "de": "Aktionen zur Wahl je Entscheidung"},
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
    "tournament.score": {"en": "score", "de": "Punkte"},
    "tournament.share": {"en": "win share", "de": "Siegquote"},
    "tournament.sorted": {
        "en": "sorted by win share (the same whatever order the games were played in); "
              "the rating (OpenSkill, updated game by game) stands beside it",
        "de": "nach Siegquote sortiert (gleich, in welcher Reihenfolge die Partien "
              "gespielt wurden); die Wertung (OpenSkill, Partie für Partie fortgeschrieben) "
              "steht daneben"},
})


def research_text(key: str, lang: str, /, **params: object) -> str:
    return CATALOG.text(key, lang, **params)
