"""`stellwerk judge linie1 …`: a game master runs a postal game of Linie 1 from a folder.

    stellwerk judge linie1 new GAME_DIR --players Anna,Bert,Cora [--seed N] [-o rounds=40]
    stellwerk judge linie1 status GAME_DIR
    stellwerk judge linie1 check GAME_DIR PLAYER
    stellwerk judge linie1 resolve GAME_DIR --round N

The folder holds everything:

    game.json                       the full game record (keep it private: it holds the
                                    seed); `stellwerk replay GAME_DIR/game.json` checks it
    judge.json                      the game's language, chosen at `new` (--lang en|de, else
                                    the locale's): reports, sheets and the judge's words
    orders/round-NN/PLAYER.txt      the players' order files (or PLAYER.json)
    public/round-NN.txt, .svg       the public report of round NN (00: the start)
    private/PLAYER/sheet-NN.txt     PLAYER's private sheet after round NN

`check` says "ok" only when the file has no mistake and the terminal's pre-check lays
every placement on the board as the player sees it (`orders.placements_that_would_fail`);
otherwise it lists each mistake or failing placement with its line. `status` says the
same of every file.

`resolve` reads every order file of the round (a missing file is an order without
placements), refuses the whole round if any file has a mistake (listing each with its
file and line), and otherwise resolves it, writes the reports and sheets, and adds the
orders to game.json. A round is resolved once: resolving it again is refused.

Language: the reports and sheets are always in the game's language (judge.json), so the
players' papers never change language mid-game. What a command prints on the terminal
(its output, refusals and every order-file mistake) is in the game's language too,
unless `--lang` on that command says otherwise; before a folder holds a game, `--lang`
or the locale (LC_ALL, LC_MESSAGES, LANG = de_*) decides.
"""

from __future__ import annotations

import argparse
import json
import re
import secrets
from pathlib import Path
from typing import Any

from stellwerk.core.contract import Action
from stellwerk.core.i18n import LANGUAGES, environment_language
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
from stellwerk.games.linie1.judge.orders import (
    OrderFileError,
    check_order_file,
    placements_that_would_fail,
    read_order_file,
)
from stellwerk.games.linie1.judge.reports import private_sheet, public_report, start_report
from stellwerk.games.linie1.judge.terms import text as say
from stellwerk.games.linie1.judge.terms import texts

GAME_FILE = "game.json"
SETTINGS_FILE = "judge.json"     # the game master's choices that are not game options
JUDGED_GAMES = ("linie1",)
NAME = re.compile(r"^[^\W_][\w-]{0,29}$")
MAX_ROUND_NUMBER = 999       # far beyond any round limit; a bigger --round is a typo


def add_judge_parser(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    # help strings: keys of stellwerk.cli_terms.CATALOG (English and German)
    judge = commands.add_parser("judge", help="cmd.judge")
    judge.set_defaults(run=judge_command)
    judge.add_argument("game", help="judge.game")
    steps = judge.add_subparsers(dest="judge_command", required=True, parser_class=parser_class)
    new = steps.add_parser("new", help="cmd.judge.new")
    new.add_argument("folder", type=Path)
    new.add_argument("--players", required=True, help="judge.players")
    new.add_argument("--seed", type=int_argument("--seed", 0, SEED_LIMIT - 1), default=None,
                     help="opt.seed")
    new.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                     help="judge.option")
    # dest judge_lang: the command line leaves an unset --lang to the judge (the game's)
    new.add_argument("--lang", choices=LANGUAGES, default=None, dest="judge_lang",
                     help="judge.new.lang")
    status = steps.add_parser("status", help="cmd.judge.status")
    status.add_argument("folder", type=Path)
    check = steps.add_parser("check", help="cmd.judge.check")
    check.add_argument("folder", type=Path)
    check.add_argument("player")
    resolve = steps.add_parser("resolve", help="cmd.judge.resolve")
    resolve.add_argument("folder", type=Path)
    for step in (status, check, resolve):
        step.add_argument("--lang", choices=LANGUAGES, default=None, dest="judge_lang",
                          help="judge.lang")
    resolve.add_argument("--round", type=int_argument("--round", 1, MAX_ROUND_NUMBER),
                         required=True, dest="round_number", help="judge.round")


def judge_command(args: argparse.Namespace) -> int:
    # the language of everything this command prints, refusals included (the command
    # line reads args.lang when it prints a refusal)
    args.lang = args.judge_lang or (None if args.judge_command == "new"
                                    else folder_language(args.folder)) or environment_language()
    lang = args.lang
    options = parse_options(getattr(args, "option", []))
    if args.game not in JUDGED_GAMES:
        raise JudgeError.of("jd.not_judged", games=", ".join(JUDGED_GAMES), game=args.game)
    if args.judge_command == "new":
        names = [n.strip() for n in args.players.split(",")]
        new_game(args.folder, names, args.seed, options, lang)
        print(say("jd.begun", lang, folder=args.folder, names=", ".join(names),
                   private=args.folder / "private", orders=orders_folder(args.folder, 1)))
        return 0
    if args.judge_command == "status":
        print(status_text(args.folder, lang))
        return 0
    if args.judge_command == "check":
        print(check_player(args.folder, args.player, lang))
        return 0
    print(resolve(args.folder, args.round_number, lang))
    return 0


# ---- the folder ---------------------------------------------------------------------------
def orders_folder(folder: Path, round_number: int) -> Path:
    return folder / "orders" / f"round-{round_number:02d}"


def _check_names(names: list[str]) -> None:
    for name in names:
        if not NAME.match(name):
            raise JudgeError.of("jd.bad_name", name=name)
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise JudgeError.of("jd.same_name")


def new_game(folder: Path, names: list[str], seed: int | None,
             raw_options: dict[str, str], lang: str = "en") -> None:
    from stellwerk.games import get_game

    if (folder / GAME_FILE).exists():
        raise JudgeError.of("jd.has_game", folder=folder, file=GAME_FILE)
    _check_names(names)
    game = get_game("linie1")
    options = game.parse_options(raw_options, len(names))
    if seed is not None and seed < 0:
        raise JudgeError("set.seed")
    pack = game.load_pack()
    record = GameRecord(game.id, game.engine_version, options, pack.id, pack.sha256,
                        secrets.randbelow(2**31) if seed is None else seed,
                        [Seat(name, "human") for name in names])
    state = game.new_state(options, record.seed, pack, len(names))
    # everything is checked: only now is the folder made, and written under its lock
    with game_lock(folder):
        if (folder / GAME_FILE).exists():      # another `new` won the race
            raise JudgeError.of("jd.has_game", folder=folder, file=GAME_FILE)
        write_whole(folder / SETTINGS_FILE, json.dumps({"lang": lang}) + "\n")
        _write_round_files(folder, record, state, 0)
        make_folder(orders_folder(folder, 1))
        write_whole(folder / GAME_FILE, record.dumps())


def load(folder: Path) -> tuple[Any, GameRecord, Any]:
    """The game, its record and the state rebuilt from it (the record is checked)."""
    from stellwerk.games import get_game

    path = folder / GAME_FILE
    if not path.exists():
        raise JudgeError.of("jd.no_game", folder=folder, file=GAME_FILE)
    record = GameRecord.load(path)
    if record.game not in JUDGED_GAMES:
        raise JudgeError.of("jd.other_game", path=path, game=record.game)
    game = get_game(record.game)
    return game, record, replay(record, game)


def folder_language(folder: Path) -> str | None:
    """The game's language from its judge.json, or None when it has none (no game, an
    old folder, a broken file)."""
    path = folder / SETTINGS_FILE
    try:
        if not path.is_file():
            return None
        settings = json.loads(read_capped_text(path, MAX_SETTINGS_BYTES, "settings",
                                               JudgeError))
    except (JudgeError, ValueError, RecursionError, OSError):
        return None
    lang = settings.get("lang") if isinstance(settings, dict) else None
    return lang if lang in LANGUAGES else None


def _language(folder: Path) -> str:
    """The language of the reports and sheets: the game's (English for a folder made
    before the judge stored one)."""
    return folder_language(folder) or "en"


def _write_round_files(folder: Path, record: GameRecord, state: Any, round_number: int,
                       missing: list[str] | None = None,
                       hands: list[dict[str, int]] | None = None) -> None:
    names = [seat.name for seat in record.seats]
    files = round_files(state, names, round_number, _language(folder), missing, hands)
    for relative, text in files.items():
        write_whole(folder / relative, text)


def round_files(state: Any, names: list[str], round_number: int, lang: str,
                missing: list[str] | None = None,
                hands: list[dict[str, int]] | None = None) -> dict[str, str]:
    """The files a round leaves in the folder, by path within it: the public report and
    picture (made from the public view alone) and each player's private sheet (made
    from that player's view alone)."""
    from stellwerk.games.linie1.svg import view_svg

    tables = state.tables
    public = state.public_view()
    text = (start_report(tables, public, names, lang) if round_number == 0
            else public_report(tables, public, names, lang, missing or []))
    files = {f"public/round-{round_number:02d}.txt": text,
             f"public/round-{round_number:02d}.svg": view_svg(tables, public, lang)}
    for seat, name in enumerate(names):
        files[f"private/{name}/sheet-{round_number:02d}.txt"] = private_sheet(
            tables, state.view(seat), names, seat, lang, hands[seat] if hands else None)
    return files


# ---- orders -------------------------------------------------------------------------------
def _order_files(folder: Path, round_number: int, names: list[str]) -> dict[int, Path]:
    """The order file of each seat that sent one; refuses strays and doubles."""
    where = orders_folder(folder, round_number)
    found: dict[int, Path] = {}
    if not where.is_dir():
        return found
    folded = [n.casefold() for n in names]
    problems: list[dict[str, str]] = []
    for path in sorted(where.iterdir()):
        if path.name.startswith(".") or path.is_dir():
            continue
        if path.suffix.lower() not in (".txt", ".json"):
            continue  # editor backups and notes: not orders
        stem = path.stem.casefold()
        if stem not in folded:
            problems.append(texts("jd.stray", path=printable(str(path)),
                                  names=", ".join(names)))
            continue
        seat = folded.index(stem)
        if seat in found:
            problems.append(texts("jd.two_files", path=printable(str(path)),
                                  name=names[seat]))
            continue
        found[seat] = path
    if problems:
        raise OrderProblems(_joined(problems))
    return found


def _joined(parts: list[dict[str, str]]) -> dict[str, str]:
    """Texts in every language, one a line."""
    return {lang: "\n".join(part[lang] for part in parts) for lang in LANGUAGES}


def read_orders(folder: Path, record: GameRecord, state: Any) -> list[Action | None]:
    """Each seat's order for the current round (None: no file); every mistake in every
    file is reported together and nothing is used if there is one."""
    names = [seat.name for seat in record.seats]
    files = _order_files(folder, state.round, names)
    orders: list[Action | None] = [None] * len(names)
    problems = [texts("jd.with_mistakes")]
    for seat, path in files.items():
        try:
            order = read_order_file(path, state.tables, folder)
            orders[seat] = check_order_file(order, state, seat, str(path), names[seat])
        except OrderFileError as exc:
            problems.append({lang: exc.lines(lang) for lang in LANGUAGES})
    if len(problems) > 1:
        raise OrderProblems(_joined(problems))
    return orders


def status_text(folder: Path, lang: str = "en") -> str:
    _, record, state = load(folder)
    names = [seat.name for seat in record.seats]
    if state.is_over():
        return say("jd.status.over", lang, folder=folder, round=state.round)
    files = _order_files(folder, state.round, names)
    lines = [say("jd.status.round", lang, folder=folder, round=state.round, limit=state.limit,
                 orders=orders_folder(folder, state.round))]
    refused = []
    for seat, name in enumerate(names):
        # a file counts as in only when resolve accepts it; "ok" only when `check` says so
        problem, failing = (_order_problem(files[seat], folder, state, seat, name, lang)
                            if seat in files else (None, []))
        if seat not in files:
            state_of_order = say("jd.status.missing_file", lang)
        elif problem:
            state_of_order = say("jd.status.refused", lang, file=files[seat].name,
                                 problem=problem)
            refused.append(name)
        elif failing:
            state_of_order = say("jd.status.would_fail", lang, file=files[seat].name,
                                 placements=", ".join(map(str, failing)))
        else:
            state_of_order = say("jd.status.in", lang, file=files[seat].name)
        lines.append(f"  {name}: {state_of_order}")
    missing = [names[s] for s in range(len(names)) if s not in files] + refused
    lines.append(say("jd.status.missing", lang, names=", ".join(missing) if missing
                     else say("jd.status.none", lang)))
    return "\n".join(lines)


def _order_problem(path: Path, folder: Path, state: Any, seat: int, name: str,
                   lang: str) -> tuple[str | None, list[int]]:
    """The first mistake `check` would name in an order file (None when resolve accepts
    it), and the numbers of the placements `check` says would fail."""
    try:
        order = read_order_file(path, state.tables, folder)
        check_order_file(order, state, seat, str(path), name)
    except OrderFileError as exc:
        first = exc.mistakes[0] if exc.mistakes else None
        return (say("jd.problem_line", lang, line=first.line, text=first.in_language(lang))
                if first else exc.lines(lang)), []
    return None, [m.placement for m in placements_that_would_fail(order, state, seat)
                  if m.placement is not None]


def check_player(folder: Path, player: str, lang: str = "en") -> str:
    game, record, state = load(folder)
    names = [seat.name for seat in record.seats]
    folded = [n.casefold() for n in names]
    if player.casefold() not in folded:
        raise JudgeError.of("jd.no_player", player=player, names=", ".join(names))
    seat = folded.index(player.casefold())
    path = _order_files(folder, state.round, names).get(seat)
    if path is None:
        return say("jd.check.none", lang, name=names[seat], round=state.round)
    try:
        order = read_order_file(path, state.tables, folder)
        action = check_order_file(order, state, seat, str(path), names[seat])
    except OrderFileError as exc:
        raise OrderProblems({lang: exc.lines(lang) for lang in LANGUAGES}) from None
    failing = placements_that_would_fail(order, state, seat)
    if failing:
        listed = OrderFileError(str(path), failing)
        raise OrderProblems({lang: say("jd.check.would_fail", lang, path=printable(str(path)),
                                       name=names[seat]) + "\n" + listed.lines(lang)
                             for lang in LANGUAGES})
    return say("jd.check.ok", lang, path=path, order=game.format_action(action))


def resolve(folder: Path, round_number: int, lang: str = "en") -> str:
    """Resolve the round, holding the folder's lock throughout, so of two resolves
    started at once exactly one resolves and the other is told why."""
    if not (folder / GAME_FILE).is_file():
        load(folder)             # says what is wrong, without making a lock file there
    with game_lock(folder):
        return _resolve(folder, round_number, lang)


def _resolve(folder: Path, round_number: int, lang: str) -> str:
    game, record, state = load(folder)
    if state.is_over():
        raise JudgeError.of("jd.over", folder=folder, round=round_number)
    if round_number < state.round:
        raise JudgeError.of("jd.resolved_before", round=round_number, now=state.round)
    if round_number > state.round:
        raise JudgeError.of("jd.not_due", round=round_number, now=state.round)
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
    said = say("jd.resolved", lang, round=round_number, public=folder / "public")
    if missing:
        said += say("jd.resolved.missing", lang, names=", ".join(missing))
    if state.is_over():
        said += say("jd.resolved.over", lang)
    return said
