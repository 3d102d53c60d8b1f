"""`stellwerk judge linie1 …`: a game master runs a postal game of Linie 1 from a folder.

    stellwerk judge linie1 new GAME_DIR --players Anna,Bert,Cora [--seed N] [-o rounds=40]
    stellwerk judge linie1 status GAME_DIR
    stellwerk judge linie1 check GAME_DIR PLAYER
    stellwerk judge linie1 resolve GAME_DIR --round N

The folder holds everything:

    game.json                       the full game record (keep it private: it holds the
                                    seed); `stellwerk replay GAME_DIR/game.json` checks it
    judge.json                      the language of reports and sheets (--lang en|de)
    orders/round-NN/PLAYER.txt      the players' order files (or PLAYER.json)
    public/round-NN.txt, .svg       the public report of round NN (00: the start)
    private/PLAYER/sheet-NN.txt     PLAYER's private sheet after round NN

`resolve` reads every order file of the round (a missing file is an order without
placements), refuses the whole round if any file has a mistake (listing each with its
file and line), and otherwise resolves it, writes the reports and sheets, and adds the
orders to game.json. A round is resolved once: resolving it again is refused.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
from pathlib import Path
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.errors import BadOption
from stellwerk.core.i18n import LANGUAGES
from stellwerk.core.inputs import (
    MAX_SETTINGS_BYTES,
    SEED_LIMIT,
    int_argument,
    parse_options,
    printable,
    read_capped_text,
)
from stellwerk.core.record import GameRecord, Seat, replay
from stellwerk.games.linie1.judge.folder import (
    JudgeError,
    OrderProblems,
    game_lock,
    make_folder,
    write_whole,
)
from stellwerk.games.linie1.judge.reports import private_sheet, public_report, start_report

GAME_FILE = "game.json"
SETTINGS_FILE = "judge.json"     # the game master's choices that are not game options
JUDGED_GAMES = ("linie1",)
NAME = re.compile(r"^[^\W_][\w-]{0,29}$")
MAX_ROUND_NUMBER = 999       # far beyond any round limit; a bigger --round is a typo


def add_judge_parser(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    judge = commands.add_parser("judge", help="run a postal game as game master (linie1)")
    judge.set_defaults(run=judge_command)
    judge.add_argument("game", help="the game to judge: linie1")
    steps = judge.add_subparsers(dest="judge_command", required=True, parser_class=parser_class)
    new = steps.add_parser("new", help="start a game in a new folder")
    new.add_argument("folder", type=Path)
    new.add_argument("--players", required=True, help="comma-separated player names")
    new.add_argument("--seed", type=int_argument("--seed", 0, SEED_LIMIT - 1), default=None,
                     help="seed for all chance")
    new.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. rounds=30")
    new.add_argument("--lang", choices=LANGUAGES, default="en",
                     help="language of the reports and sheets (en or de)")
    status = steps.add_parser("status", help="the round and whose orders are missing")
    status.add_argument("folder", type=Path)
    check = steps.add_parser("check", help="check one player's order file for this round")
    check.add_argument("folder", type=Path)
    check.add_argument("player")
    resolve = steps.add_parser("resolve", help="resolve the round from the order files")
    resolve.add_argument("folder", type=Path)
    resolve.add_argument("--round", type=int_argument("--round", 1, MAX_ROUND_NUMBER),
                         required=True, dest="round_number",
                         help="the round to resolve (a guard against resolving twice)")


def judge_command(args: argparse.Namespace) -> int:
    options = parse_options(getattr(args, "option", []))
    if args.game not in JUDGED_GAMES:
        raise BadOption(f"the judge runs {', '.join(JUDGED_GAMES)}, not {args.game!r}")
    if args.judge_command == "new":
        names = [n.strip() for n in args.players.split(",")]
        new_game(args.folder, names, args.seed, options, args.lang)
        print(f"{args.folder}: a game of Linie 1 for {', '.join(names)} has begun; private "
              f"sheets are in {args.folder / 'private'}, orders for round 1 go to "
              f"{orders_folder(args.folder, 1)}")
        return 0
    if args.judge_command == "status":
        print(status_text(args.folder))
        return 0
    if args.judge_command == "check":
        print(check_player(args.folder, args.player))
        return 0
    print(resolve(args.folder, args.round_number))
    return 0


# ---- the folder ---------------------------------------------------------------------------
def orders_folder(folder: Path, round_number: int) -> Path:
    return folder / "orders" / f"round-{round_number:02d}"


def _check_names(names: list[str]) -> None:
    for name in names:
        if not NAME.match(name):
            raise BadOption(f"player name {name!r}: use 1-30 letters, digits, '-' or '_' "
                            "(it names the player's files)")
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise BadOption("two players have the same name")


def new_game(folder: Path, names: list[str], seed: int | None,
             raw_options: dict[str, str], lang: str = "en") -> None:
    from stellwerk.games import get_game

    if (folder / GAME_FILE).exists():
        raise JudgeError(f"{folder} already holds a game ({GAME_FILE}); choose a new folder")
    _check_names(names)
    game = get_game("linie1")
    options = game.parse_options(raw_options, len(names))
    if seed is not None and seed < 0:
        raise BadOption("--seed must be 0 or more")
    pack = game.load_pack()
    record = GameRecord(game.id, game.engine_version, options, pack.id, pack.sha256,
                        secrets.randbelow(2**31) if seed is None else seed,
                        [Seat(name, "human") for name in names])
    state = game.new_state(options, record.seed, pack, len(names))
    # everything is checked: only now is the folder made, and written under its lock
    with game_lock(folder):
        if (folder / GAME_FILE).exists():      # another `new` won the race
            raise JudgeError(f"{folder} already holds a game ({GAME_FILE}); choose a new "
                             "folder")
        write_whole(folder / SETTINGS_FILE, json.dumps({"lang": lang}) + "\n")
        _write_round_files(folder, record, state, 0)
        make_folder(orders_folder(folder, 1))
        write_whole(folder / GAME_FILE, record.dumps())


def load(folder: Path) -> tuple[Any, GameRecord, Any]:
    """The game, its record and the state rebuilt from it (the record is checked)."""
    from stellwerk.games import get_game

    path = folder / GAME_FILE
    if not path.exists():
        raise JudgeError(f"{folder} holds no game ({GAME_FILE} is missing); start one with "
                         "`stellwerk judge linie1 new`")
    record = GameRecord.load(path)
    if record.game not in JUDGED_GAMES:
        raise JudgeError(f"{path} is a game of {record.game!r}, not one the judge runs")
    game = get_game(record.game)
    return game, record, replay(record, game)


def _language(folder: Path) -> str:
    try:
        settings = json.loads(read_capped_text(folder / SETTINGS_FILE, MAX_SETTINGS_BYTES,
                                               "settings", JudgeError))
    except (JudgeError, ValueError, RecursionError):
        return "en"
    lang = settings.get("lang") if isinstance(settings, dict) else None
    return lang if lang in LANGUAGES else "en"


def _write_round_files(folder: Path, record: GameRecord, state: Any, round_number: int,
                       missing: list[str] | None = None,
                       hands: list[dict[str, int]] | None = None) -> None:
    from stellwerk.games.linie1.svg import view_svg

    names = [seat.name for seat in record.seats]
    tables = state.tables
    lang = _language(folder)
    public = state.public_view()
    text = (start_report(tables, public, names, lang) if round_number == 0
            else public_report(tables, public, names, lang, missing or []))
    write_whole(folder / "public" / f"round-{round_number:02d}.txt", text)
    write_whole(folder / "public" / f"round-{round_number:02d}.svg",
                view_svg(tables, public, lang))
    for seat, name in enumerate(names):
        write_whole(folder / "private" / name / f"sheet-{round_number:02d}.txt",
                    private_sheet(tables, state.view(seat), names, seat, lang,
                                  hands[seat] if hands else None))


# ---- orders -------------------------------------------------------------------------------
def _order_files(folder: Path, round_number: int, names: list[str]) -> dict[int, Path]:
    """The order file of each seat that sent one; refuses strays and doubles."""
    where = orders_folder(folder, round_number)
    found: dict[int, Path] = {}
    if not where.is_dir():
        return found
    folded = [n.casefold() for n in names]
    problems = []
    for path in sorted(where.iterdir()):
        if path.name.startswith(".") or path.is_dir():
            continue
        if path.suffix.lower() not in (".txt", ".json"):
            continue  # editor backups and notes: not orders
        stem = path.stem.casefold()
        if stem not in folded:
            problems.append(f"{printable(str(path))}: names no player (players: "
                            f"{', '.join(names)})")
            continue
        seat = folded.index(stem)
        if seat in found:
            problems.append(f"{printable(str(path))}: {names[seat]} has two order files this "
                            "round")
            continue
        found[seat] = path
    if problems:
        raise OrderProblems("\n".join(problems))
    return found


def read_orders(folder: Path, record: GameRecord, state: Any) -> list[Action | None]:
    """Each seat's order for the current round (None: no file); every mistake in every
    file is reported together and nothing is used if there is one."""
    from stellwerk.games.linie1.orders import OrderFileError, check_order_file, read_order_file

    names = [seat.name for seat in record.seats]
    files = _order_files(folder, state.round, names)
    orders: list[Action | None] = [None] * len(names)
    problems = []
    for seat, path in files.items():
        try:
            order = read_order_file(path, state.tables, folder)
            orders[seat] = check_order_file(order, state, seat, str(path), names[seat])
        except OrderFileError as exc:
            problems.append(str(exc))
    if problems:
        raise OrderProblems("order files with mistakes (nothing was resolved):\n"
                         + "\n".join(problems))
    return orders


def status_text(folder: Path) -> str:
    _, record, state = load(folder)
    names = [seat.name for seat in record.seats]
    if state.is_over():
        return f"{folder}: the game is over after round {state.round}."
    files = _order_files(folder, state.round, names)
    lines = [f"{folder}: round {state.round} of at most {state.limit}; orders go to "
             f"{orders_folder(folder, state.round)}"]
    refused = []
    for seat, name in enumerate(names):
        # a file counts as in only when `check` accepts it (issue 9, finding 6)
        problem = _order_problem(files[seat], state, seat, name) if seat in files else None
        if seat not in files:
            state_of_order = "MISSING"
        elif problem:
            state_of_order = f"REFUSED ({files[seat].name}: {problem}; see `check`)"
            refused.append(name)
        else:
            state_of_order = f"order in ({files[seat].name})"
        lines.append(f"  {name}: {state_of_order}")
    missing = [names[s] for s in range(len(names)) if s not in files] + refused
    lines.append("missing: " + (", ".join(missing) if missing else "none"))
    return "\n".join(lines)


def _order_problem(path: Path, state: Any, seat: int, name: str) -> str | None:
    """The first mistake `check` would name in an order file, or None when it is fine."""
    from stellwerk.games.linie1.orders import OrderFileError, check_order_file, read_order_file

    try:
        check_order_file(read_order_file(path, state.tables), state, seat, str(path), name)
    except OrderFileError as exc:
        first = exc.mistakes[0] if exc.mistakes else None
        return f"line {first.line}: {first.text}" if first else str(exc)
    return None


def check_player(folder: Path, player: str) -> str:
    from stellwerk.games.linie1.orders import OrderFileError, check_order_file, read_order_file

    game, record, state = load(folder)
    names = [seat.name for seat in record.seats]
    folded = [n.casefold() for n in names]
    if player.casefold() not in folded:
        raise BadOption(f"no player {player!r} (players: {', '.join(names)})")
    seat = folded.index(player.casefold())
    path = _order_files(folder, state.round, names).get(seat)
    if path is None:
        return f"{names[seat]}: no order file for round {state.round} yet"
    try:
        action = check_order_file(read_order_file(path, state.tables, folder), state, seat,
                                  str(path), names[seat])
    except OrderFileError as exc:
        raise OrderProblems(str(exc)) from None
    return f"{path}: ok — {game.format_action(action)}"


def resolve(folder: Path, round_number: int) -> str:
    """Resolve the round, holding the folder's lock throughout, so of two resolves
    started at once exactly one resolves and the other is told why."""
    if not (folder / GAME_FILE).is_file():
        load(folder)             # says what is wrong, without making a lock file there
    with game_lock(folder):
        return _resolve(folder, round_number)


def _resolve(folder: Path, round_number: int) -> str:
    game, record, state = load(folder)
    if state.is_over():
        raise JudgeError(f"{folder}: the game is over; there is no round {round_number} to "
                         "resolve")
    if round_number < state.round:
        raise JudgeError(f"round {round_number} is already resolved; the round now is "
                         f"{state.round}")
    if round_number > state.round:
        raise JudgeError(f"round {round_number} is not due; the round now is {state.round}")
    orders = read_orders(folder, record, state)
    missing = [record.seats[s].name for s, order in enumerate(orders) if order is None]
    hands = [dict(state.view(s)["me"]["hand"]) for s in range(len(orders))]  # tiles drawn
    for seat, order in enumerate(orders):
        action: Action = order if order is not None else ("order",)
        state.apply(seat, action)
        record.actions.append((seat, game.format_action(action)))
    if state.is_over():
        record.result = state.result().to_json()
    _write_round_files(folder, record, state, round_number, missing, hands)
    if not state.is_over():
        make_folder(orders_folder(folder, state.round))
    write_whole(folder / GAME_FILE, record.dumps())   # last: the record is the truth
    text = f"round {round_number} resolved; report in {folder / 'public'}"
    if missing:
        text += f"; no order from {', '.join(missing)} (no placements)"
    if state.is_over():
        text += "; the game is over"
    return text
