"""The shipped Benelux Rails pack, loaded once for the map generator's tests."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from stellwerk.core.content import ContentPack, load_pack, load_schema
from stellwerk.games.benelux_rails import mapgen

PACK_DIR = Path(mapgen.__file__).resolve().parent.parent / "pack"


@pytest.fixture(scope="session")
def pack() -> ContentPack:
    return load_pack(PACK_DIR / "benelux-rails.toml", "benelux-rails",
                     load_schema(PACK_DIR / "schema.json"))


@pytest.fixture(scope="session")
def data(pack: ContentPack) -> Mapping[str, Any]:
    return pack.data
