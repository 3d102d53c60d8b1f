"""English and German words of the reporting commands: `simulate`, `replay`, `games`
and `pack` (`--lang de`). The table's own words are in `table/terms.py`."""

from __future__ import annotations

from stellwerk.core.i18n import Catalog

CATALOG = Catalog({
    # simulate
    "sim.head": {"en": "{games} {games|game|games} of {game}{options}, seats "
                       "{seats}{rotated}, seeds {first}..{last}",
                 "de": "{games} {games|Partie|Partien} {game}{options}, Plätze "
                       "{seats}{rotated}, Seeds {first}..{last}"},
    "sim.rotated": {"en": " rotated", "de": " rotiert"},
    "sim.by_bot": {"en": "by bot", "de": "nach Bot"},
    "sim.by_chair": {"en": "by chair", "de": "nach Stuhl"},
    "sim.games": {"en": "games", "de": "Spiele"},
    "sim.no_score": {"en": "no score", "de": "o. Wert."},
    "sim.mean": {"en": "mean", "de": "Mittel"},
    "sim.stdev": {"en": "stdev", "de": "Abw."},
    "sim.min": {"en": "min", "de": "min"},
    "sim.max": {"en": "max", "de": "max"},
    "sim.wins": {"en": "wins", "de": "Siege"},
    "sim.shared": {"en": "shared", "de": "geteilt"},
    "sim.win_rate": {"en": "win %", "de": "Sieg %"},
    "sim.ties": {"en": "A shared first place counts as a win for every seat sharing it "
                       "(\"shared\" says how many wins were shared); win % = wins / games.",
                 "de": "Ein geteilter erster Platz zählt als Sieg für jeden beteiligten Platz "
                       "(\"geteilt\" sagt, wie viele Siege geteilt waren); Sieg % = Siege / "
                       "Spiele; \"o. Wert.\": Spiele ohne Wertung."},
    "sim.lower": {"en": "Scores: lower is better.", "de": "Wertung: weniger ist besser."},
    "sim.speed": {"en": "{rate} games per second ({seconds} s, {steps} actions per game)",
                  "de": "{rate} Partien pro Sekunde ({seconds} s, {steps} Aktionen pro "
                        "Partie)"},
    # replay
    "rp.ok": {"en": "{where}: ok, {n} {n|action|actions}; {scores}; won by {winners}",
              "de": "{where}: in Ordnung, {n} {n|Aktion|Aktionen}; {scores}; gewonnen hat "
                    "{winners}"},
    "rp.unfinished": {"en": "{where}: ok, {n} {n|action|actions}; the game is not finished",
                      "de": "{where}: in Ordnung, {n} {n|Aktion|Aktionen}; das Spiel ist "
                            "nicht zu Ende"},
    "rp.no_score": {"en": "no score", "de": "ohne Wertung"},
    "rp.nobody": {"en": "nobody", "de": "niemand"},
    "rp.and": {"en": " and ", "de": " und "},
    "rp.lower": {"en": " (lower is better)", "de": " (weniger ist besser)"},
    "rp.step": {"en": "Action {k} of {n}: {name}: {action}",
                "de": "Aktion {k} von {n}: {name}: {action}"},
    "rp.sealed": {"en": "(a secret move)", "de": "(ein geheimer Zug)"},
    "rp.start": {"en": "The start ({n} {n|action follows|actions follow})",
                 "de": "Der Anfang ({n} {n|Aktion folgt|Aktionen folgen})"},
    "rp.step_prompt": {"en": "Enter: next; b: back; q: stop ",
                       "de": "Enter: weiter; b: zurück; q: Ende "},
    # games
    "games.players": {"en": "{n} players", "de": "{n} Spieler"},
    "games.player": {"en": "1 player", "de": "1 Spieler"},
    "games.span": {"en": "{least}-{most} players", "de": "{least}-{most} Spieler"},
    # pack
    "pack.valid": {"en": "{path}: valid {game} pack {id!r} version {version}",
                   "de": "{path}: gültiges {game}-Paket {id!r} Version {version}"},
    "pack.items": {"en": "items: {confirmed} confirmed, {reconstructed} reconstructed",
                   "de": "Einträge: {confirmed} bestätigt, {reconstructed} rekonstruiert"},
    "pack.reconstructed": {"en": "reconstructed:", "de": "rekonstruiert:"},
    "pack.generated": {"en": "{path}: generated ({size} bytes)",
                       "de": "{path}: erzeugt ({size} Bytes)"},
})


def players_text(least: int, most: int, lang: str = "en") -> str:
    if least == most:
        return (CATALOG.text("games.player", lang) if least == 1
                else CATALOG.text("games.players", lang, n=least))
    return CATALOG.text("games.span", lang, least=least, most=most)


def options_text(options: dict[str, object]) -> str:
    """Game options as a person would type them: `sheet=II`, `challenges=1,3`."""
    def value(item: object) -> str:
        if isinstance(item, list | tuple):
            return ",".join(str(v) for v in item) or "none"
        return str(item)

    return " ".join(f"{key}={value(item)}" for key, item in options.items())
