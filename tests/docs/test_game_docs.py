"""The facts and options tables of the game guides (docs/games/*.md) are the games'
declarations: scripts/game_docs.py makes them, and a page that differs fails here."""

from __future__ import annotations

from tests.script_module import script

from stellwerk.games import game_ids, get_game


def test_every_guide_holds_the_tables_its_game_declares() -> None:
    docs = script("game_docs")
    guided = {game.id for game, _ in docs.pages()}
    assert {"rail-line", "linie1", "railways", "benelux-rails"} <= guided
    assert docs.differing() == [], "run `python3 dev.py docs`"
    for game_id in guided:
        text = docs.page(get_game(game_id)).read_text(encoding="utf-8")
        assert text.count(docs.BEGIN) == 1 and text.count(docs.END) == 1, game_id


def test_a_table_that_differs_from_the_declarations_is_found() -> None:
    docs = script("game_docs")
    game = get_game("rail-line")
    text = docs.page(game).read_text(encoding="utf-8")
    assert "| `sheet` | I or II (also 1 = I, 2 = II) | `I` |" in text
    edited = text.replace("| `I` |", "| `II` |")
    assert docs.updated(edited, game) == text
    # a page without the generated part gets it before its first section
    bare = "# A game\n\nIntro.\n\n## Rules\n"
    made = docs.updated(bare, game)
    assert made.index(docs.BEGIN) < made.index("## Rules") and docs.updated(made, game) == made


def test_each_declared_option_and_fact_is_in_its_guide() -> None:
    docs = script("game_docs")
    for game_id in game_ids():
        game = get_game(game_id)
        path = docs.page(game)
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        for option in game.options:
            assert f"| `{option.name}` |" in text, (game_id, option.name)
        if game.meta is not None:
            assert all(name in text for name in game.meta.designers), game_id
