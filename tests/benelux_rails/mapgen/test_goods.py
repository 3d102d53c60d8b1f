"""The goods file the generator reads: each good once, supplied by cities of the map."""

from __future__ import annotations

from stellwerk.games.benelux_rails.mapgen import cards, geography


def test_the_goods_file_names_each_good_once_with_cities_of_the_map() -> None:
    ids = [good.id for good in cards.GOODS]
    assert len(ids) == len(set(ids)) == 22
    cities = {city.id for city in geography.CITIES}
    for good in cards.GOODS:
        assert isinstance(good.supplied_by, tuple) and good.supplied_by, good.id
        assert set(good.supplied_by) <= cities, good.id
        assert good.chips > 0 and good.name_en and good.name_de and good.why, good.id
