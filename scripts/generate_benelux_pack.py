"""Generate the Benelux Rails content pack (map, goods, demand and event cards).

    python3 scripts/generate_benelux_pack.py            # rewrite the shipped pack
    python3 scripts/generate_benelux_pack.py OUT.toml   # write it elsewhere
    python3 scripts/generate_benelux_pack.py --stats    # the figures the doc quotes
    python3 scripts/generate_benelux_pack.py --svg docs/benelux-rails-map.svg

The output is byte-for-byte reproducible (a test checks the shipped pack against a fresh
generation). See docs/benelux-rails-reconstruction.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from stellwerk.games.benelux_rails import mapgen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=mapgen.PACK_PATH,
                        help="where to write the pack (default: the shipped pack)")
    parser.add_argument("--stats", action="store_true", help="print the figures, write nothing")
    parser.add_argument("--svg", type=Path, help="also draw the generated map to this SVG file")
    args = parser.parse_args()
    if args.stats:
        print(json.dumps(mapgen.statistics(), indent=1, ensure_ascii=False))
        return 0
    from stellwerk.games.benelux_rails.svg import draw_map
    try:
        data = mapgen.generate(args.out)
        print(f"wrote {args.out} ({len(data)} bytes)")
        if args.svg is not None:
            args.svg.write_text(draw_map(mapgen.build()), encoding="utf-8")
            print(f"wrote {args.svg}")
    except OSError as exc:
        print(f"generate_benelux_pack: cannot write {exc.filename}: {exc.strerror}",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
