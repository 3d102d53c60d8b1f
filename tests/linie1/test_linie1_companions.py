"""Linie 1 shows a view with the tables of the pack the view was made with: its
terminal and picture companions are made with that pack, whatever pack was loaded since
(a server or a study holds several at once)."""

from __future__ import annotations

from pathlib import Path

from stellwerk.core import companions
from stellwerk.games.linie1.game import Linie1
from tests.rich_text import printed


def test_a_view_is_drawn_with_its_own_pack_after_another_was_loaded(tmp_path: Path) -> None:
    game = Linie1()
    shipped = game.load_pack()
    renamed = tmp_path / "renamed.toml"
    renamed.write_text(game.default_pack_path().read_text(encoding="utf-8").replace(
        'name = "Altstadt"', 'name = "Altmarkt"', 1), encoding="utf-8")
    state = game.new_state({}, 1, shipped, 2)
    other = game.load_pack(renamed)        # loaded last, for another table
    assert other.sha256 != shipped.sha256
    view = state.view(0)
    legend = printed(companions.terminal(game, shipped).render_detail(view, "legend"), 100)
    svg = companions.picture(game, shipped).svg(view) or ""
    assert "Altstadt" in legend and "Altmarkt" not in legend
    assert "Altstadt" in svg and "Altmarkt" not in svg
    assert "Altmarkt" in (companions.picture(game, other).svg(view) or "")
    assert set(vars(game)) == {"packs"}    # the game object keeps no pack of its own
