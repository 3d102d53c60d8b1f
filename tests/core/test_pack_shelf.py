"""`PackShelf`'s compiled-pack cache: bounded (least recently used packs go
first), thread-safe, and always answers with the tables of the pack asked for."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from stellwerk.core.content import COMPILED_PACKS, ContentPack, PackShelf
from stellwerk.games import get_game

from .test_content import TOY, TOY_SCHEMA

BOUND = 4


def toy_shelf(tmp_path: Path, compiled: list[str]) -> PackShelf[tuple[int, ...]]:
    (tmp_path / "schema.json").write_text(json.dumps(TOY_SCHEMA), encoding="utf-8")

    def compile_values(pack: ContentPack) -> tuple[int, ...]:
        compiled.append(pack.sha256)
        return tuple(card["value"] for card in pack.data["cards"])

    return PackShelf("toy", tmp_path, "toy.toml", lambda data: None, compile_values,
                     cache_size=BOUND)


def distinct_packs(shelf: PackShelf[tuple[int, ...]], tmp_path: Path,
                   count: int) -> list[ContentPack]:
    """`count` packs that differ in their first card's value (1000 + i)."""
    packs = []
    for i in range(count):
        path = tmp_path / f"pack{i}.toml"
        path.write_text(TOY.replace("value = 1\n", f"value = {1000 + i}\n"), encoding="utf-8")
        packs.append(shelf.load(path))
    assert len({p.sha256 for p in packs}) == count
    return packs


def test_many_packs_keep_the_cache_at_its_bound_with_the_right_tables(tmp_path: Path) -> None:
    compiled: list[str] = []
    shelf = toy_shelf(tmp_path, compiled)
    packs = distinct_packs(shelf, tmp_path, 20)
    for i, pack in enumerate(packs):
        assert shelf.compiled(pack) == (1000 + i, 2, 3)
        assert shelf.compiled_count() == min(i + 1, BOUND)
    assert len(compiled) == 20
    # the last BOUND packs are still compiled; an older one is compiled again, correctly
    for i in range(16, 20):
        assert shelf.compiled(packs[i]) == (1000 + i, 2, 3)
    assert len(compiled) == 20
    assert shelf.compiled(packs[0]) == (1000, 2, 3)
    assert len(compiled) == 21 and shelf.compiled_count() == BOUND


def test_the_pack_used_most_recently_stays(tmp_path: Path) -> None:
    compiled: list[str] = []
    shelf = toy_shelf(tmp_path, compiled)
    packs = distinct_packs(shelf, tmp_path, 12)
    for pack in packs[1:]:
        shelf.compiled(packs[0])        # the shipped pack, asked for between the others
        shelf.compiled(pack)
    assert compiled.count(packs[0].sha256) == 1
    assert shelf.compiled_count() == BOUND


def test_threads_sharing_a_shelf_get_their_own_packs(tmp_path: Path) -> None:
    compiled: list[str] = []
    shelf = toy_shelf(tmp_path, compiled)
    packs = distinct_packs(shelf, tmp_path, 10)
    wrong: list[tuple[int, tuple[int, ...]]] = []

    def worker(offset: int) -> None:
        for step in range(200):
            i = (offset * 7 + step * 3) % len(packs)
            tables = shelf.compiled(packs[i])
            if tables != (1000 + i, 2, 3):
                wrong.append((i, tables))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []
    assert shelf.compiled_count() == BOUND


def test_the_games_shelves_are_bounded_and_reuse_their_tables() -> None:
    game = get_game("rail-line")
    pack = game.load_pack()
    assert game.tables(pack) is game.tables(pack)      # type: ignore[attr-defined]
    assert 1 <= game.packs.compiled_count() <= COMPILED_PACKS   # type: ignore[attr-defined]
