"""`stellwerk judge GAME …`: a game master runs a postal game from a folder.

    stellwerk judge linie1 new GAME_DIR --players Anna,Bert,Cora [--seed N] [-o rounds=40]
    stellwerk judge linie1 status GAME_DIR
    stellwerk judge linie1 check GAME_DIR PLAYER
    stellwerk judge linie1 resolve GAME_DIR --round N
    stellwerk judge linie1 mail GAME_DIR ...     (and mail-status, resend, accept:
                                                  `mail_commands`, by mail)

The judge knows no game: it runs any registered game that names its postal rules
(`Game.postal_at`, a `core.postal.PostalRules`: the order file's format, its checks,
the pre-check, the stand-in for a missing order, the reports and sheets). Linie 1 is
such a game.

The folder holds everything:

    game.json                       the full game record (keep it private: it holds the
                                    seed); `stellwerk replay GAME_DIR/game.json` checks it
    judge.json                      the game's language, chosen at `new` (--lang en|de, else
                                    the locale's): reports, sheets and the judge's words
    orders/round-NN/PLAYER.txt      the players' order files (or PLAYER.json)
    public/round-NN.txt, .svg       the public report of round NN (00: the start)
    private/PLAYER/sheet-NN.txt     PLAYER's private sheet after round NN

`check` says "ok" only when the file has no mistake and the game's pre-check finds no
part of the order failing on the game as the player sees it (`PostalRules.would_fail`);
otherwise it lists each mistake or failing part with its line. `status` says the
same of every file.

`resolve` reads every order file of the round (a missing file is the game's stand-in,
`PostalRules.no_order`; for Linie 1 an order without placements), refuses the whole
round if any file has a mistake (listing each with its file and line), and otherwise
resolves it, writes the reports and sheets, and adds the orders to game.json. A round
is resolved once: resolving it again is refused.

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

from stellwerk.core.contract import Action, Game, State
from stellwerk.core.i18n import LANGUAGES, environment_language
from stellwerk.core.inputs import (
    MAX_SETTINGS_BYTES,
    SEED_LIMIT,
    int_argument,
    parse_options,
    printable,
    read_capped_text,
)
from stellwerk.core.postal import OrderFileError, PostalRules
from stellwerk.core.record import GameRecord, Seat, replay
from stellwerk.frontends.postal.folder import (
    JudgeError,
    OrderProblems,
    game_lock,
    make_folder,
    write_whole,
)
from stellwerk.frontends.postal.mailroom import write_papers_index
from stellwerk.frontends.postal.terms import CATALOG, texts

GAME_FILE = "game.json"
SETTINGS_FILE = "judge.json"     # the game master's choices that are not game options
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
    from stellwerk.frontends.postal.mail_commands import add_mail_parsers

    for step in add_mail_parsers(steps):
        step.add_argument("--lang", choices=LANGUAGES, default=None, dest="judge_lang",
                          help="judge.lang")


def judge_command(args: argparse.Namespace) -> int:
    # the language of everything this command prints, refusals included (the command
    # line reads args.lang when it prints a refusal)
    args.lang = args.judge_lang or (None if args.judge_command == "new"
                                    else folder_language(args.folder)) or environment_language()
    lang = args.lang
    options = parse_options(getattr(args, "option", []))
    game = judged_game(args.game)
    if args.judge_command == "new":
        names = [n.strip() for n in args.players.split(",")]
        new_game(game.id, args.folder, names, args.seed, options, lang)
        print(say(game, "jd.begun", lang, folder=args.folder, title=game.title,
                  names=", ".join(names), private=args.folder / "private",
                  orders=orders_folder(args.folder, 1)))
        return 0
    if args.judge_command == "status":
        print(status_text(args.folder, lang, game.id))
        return 0
    if args.judge_command not in ("check", "resolve"):
        from stellwerk.frontends.postal.mail_commands import run_mail_command

        return run_mail_command(args, game.id, lang)
    if args.judge_command == "check":
        print(check_player(args.folder, args.player, lang, game.id))
        return 0
    print(resolve(args.folder, args.round_number, lang, game.id))
    return 0


# ---- the game and its words -----------------------------------------------------------------
def judged_games() -> list[str]:
    """The registered games that can be played by post (`Game.postal_at`)."""
    from stellwerk.games import game_ids, get_game

    return [game_id for game_id in game_ids() if get_game(game_id).postal_at is not None]


def judged_game(game_id: str) -> Game:
    """The game `game_id` names, if the judge runs it; else refuse, naming those it runs
    (only a refusal loads every game to list them)."""
    from stellwerk.games import game_ids, get_game

    game = get_game(game_id) if game_id in game_ids() else None
    if game is None or game.postal_at is None:
        raise JudgeError.of("jd.not_judged", games=", ".join(judged_games()), game=game_id)
    return game


def rules_of(game: Game) -> PostalRules:
    rules = game.postal()
    assert rules is not None       # judged_game and load admit only games played by post
    return rules


def say(game: Game, key: str, lang: str, **params: Any) -> str:
    """The judge's text `key` in `lang`: the game's own words where it has them
    (`core.postal.GAME_WORDS`), else the judge's."""
    words = rules_of(game).words
    return (words if key in words else CATALOG).text(key, lang, **params)


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


def new_game(game_id: str, folder: Path, names: list[str], seed: int | None,
             raw_options: dict[str, str], lang: str = "en") -> None:
    if (folder / GAME_FILE).exists():
        raise JudgeError.of("jd.has_game", folder=folder, file=GAME_FILE)
    _check_names(names)
    game = judged_game(game_id)
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
        _write_round_files(folder, game, record, state, 0)
        make_folder(orders_folder(folder, 1))
        write_whole(folder / GAME_FILE, record.dumps())


def load(folder: Path, game_id: str | None = None) -> tuple[Game, GameRecord, State]:
    """The game, its record and the state rebuilt from it (the record is checked).
    `game_id`: the game the command line named; the folder must hold a game of it."""
    path = folder / GAME_FILE
    if not path.exists():
        raise JudgeError.of("jd.no_game", folder=folder, file=GAME_FILE, game=game_id or "GAME")
    record = GameRecord.load(path)
    try:
        game = judged_game(record.game)
    except JudgeError:
        raise JudgeError.of("jd.other_game", path=path, game=record.game) from None
    if game_id not in (None, record.game):
        raise JudgeError.of("jd.other_game", path=path, game=record.game)
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


def _write_round_files(folder: Path, game: Game, record: GameRecord, state: State,
                       round_number: int, missing: list[str] | None = None,
                       before: Any = None) -> None:
    names = [seat.name for seat in record.seats]
    files = rules_of(game).round_files(state, names, round_number, _language(folder),
                                       missing or [], before)
    for relative, text in files.items():
        write_whole(folder / relative, text)
    write_papers_index(folder, round_number, list(files))


# ---- orders -------------------------------------------------------------------------------
def _order_files(folder: Path, round_number: int, names: list[str],
                 suffixes: tuple[str, ...]) -> dict[int, Path]:
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
        if path.suffix.lower() not in suffixes:
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


def _files_of_the_round(folder: Path, game: Game, record: GameRecord,
                        state: State) -> dict[int, Path]:
    rules = rules_of(game)
    return _order_files(folder, rules.round_of(state), [seat.name for seat in record.seats],
                        rules.order_suffixes)


def _joined(parts: list[dict[str, str]]) -> dict[str, str]:
    """Texts in every language, one a line."""
    return {lang: "\n".join(part[lang] for part in parts) for lang in LANGUAGES}


def read_orders(folder: Path, game: Game, record: GameRecord,
                state: State) -> list[Action | None]:
    """Each seat's order for the current round (None: no file); every mistake in every
    file is reported together and nothing is used if there is one."""
    rules = rules_of(game)
    names = [seat.name for seat in record.seats]
    orders: list[Action | None] = [None] * len(names)
    problems = [texts("jd.with_mistakes")]
    for seat, path in _files_of_the_round(folder, game, record, state).items():
        try:
            order = rules.read_order(path, state, folder)
            orders[seat] = rules.check_order(order, state, seat, str(path), names[seat])
        except OrderFileError as exc:
            problems.append({lang: exc.lines(lang) for lang in LANGUAGES})
    if len(problems) > 1:
        raise OrderProblems(_joined(problems))
    return orders


def status_text(folder: Path, lang: str = "en", game_id: str | None = None) -> str:
    game, record, state = load(folder, game_id)
    rules = rules_of(game)
    names = [seat.name for seat in record.seats]
    now = rules.round_of(state)
    if state.is_over():
        return say(game, "jd.status.over", lang, folder=folder, round=now)
    files = _files_of_the_round(folder, game, record, state)
    lines = [say(game, "jd.status.round", lang, folder=folder, round=now,
                 limit=rules.round_limit(state), orders=orders_folder(folder, now))]
    refused = []
    for seat, name in enumerate(names):
        # a file counts as in only when resolve accepts it; "ok" only when `check` says so
        problem, failing = (_order_problem(files[seat], folder, game, state, seat, name, lang)
                            if seat in files else (None, []))
        if seat not in files:
            state_of_order = say(game, "jd.status.missing_file", lang)
        elif problem:
            state_of_order = say(game, "jd.status.refused", lang, file=files[seat].name,
                                 problem=problem)
            refused.append(name)
        elif failing:
            state_of_order = say(game, "jd.status.would_fail", lang, file=files[seat].name,
                                 placements=", ".join(map(str, failing)))
        else:
            state_of_order = say(game, "jd.status.in", lang, file=files[seat].name)
        lines.append(f"  {name}: {state_of_order}")
    missing = [names[s] for s in range(len(names)) if s not in files] + refused
    lines.append(say(game, "jd.status.missing", lang, names=", ".join(missing) if missing
                     else say(game, "jd.status.none", lang)))
    return "\n".join(lines)


def _order_problem(path: Path, folder: Path, game: Game, state: State, seat: int, name: str,
                   lang: str) -> tuple[str | None, list[int]]:
    """The first mistake `check` would name in an order file (None when resolve accepts
    it), and the numbers of the parts `check` says would fail."""
    rules = rules_of(game)
    try:
        order = rules.read_order(path, state, folder)
        rules.check_order(order, state, seat, str(path), name)
    except OrderFileError as exc:
        first = exc.mistakes[0] if exc.mistakes else None
        return (say(game, "jd.problem_line", lang, line=first.line,
                    text=first.in_language(lang)) if first else exc.lines(lang)), []
    return None, [m.placement for m in rules.would_fail(order, state, seat)
                  if m.placement is not None]


def check_player(folder: Path, player: str, lang: str = "en",
                 game_id: str | None = None) -> str:
    game, record, state = load(folder, game_id)
    rules = rules_of(game)
    names = [seat.name for seat in record.seats]
    folded = [n.casefold() for n in names]
    if player.casefold() not in folded:
        raise JudgeError.of("jd.no_player", player=player, names=", ".join(names))
    seat = folded.index(player.casefold())
    path = _files_of_the_round(folder, game, record, state).get(seat)
    if path is None:
        return say(game, "jd.check.none", lang, name=names[seat], round=rules.round_of(state))
    try:
        order = rules.read_order(path, state, folder)
        action = rules.check_order(order, state, seat, str(path), names[seat])
    except OrderFileError as exc:
        raise OrderProblems({lang: exc.lines(lang) for lang in LANGUAGES}) from None
    failing = rules.would_fail(order, state, seat)
    if failing:
        listed = OrderFileError(str(path), failing)
        raise OrderProblems({lang: say(game, "jd.check.would_fail", lang,
                                       path=printable(str(path)), name=names[seat])
                             + "\n" + listed.lines(lang) for lang in LANGUAGES})
    return say(game, "jd.check.ok", lang, path=path, order=game.format_action(action))


def resolve(folder: Path, round_number: int, lang: str = "en",
            game_id: str | None = None) -> str:
    """Resolve the round, holding the folder's lock throughout, so of two resolves
    started at once exactly one resolves and the other is told why."""
    if not (folder / GAME_FILE).is_file():
        load(folder, game_id)    # says what is wrong, without making a lock file there
    with game_lock(folder):
        return _resolve(folder, round_number, lang, game_id)


def _resolve(folder: Path, round_number: int, lang: str, game_id: str | None) -> str:
    game, record, state = load(folder, game_id)
    rules = rules_of(game)
    now = rules.round_of(state)
    if state.is_over():
        raise JudgeError.of("jd.over", folder=folder, round=round_number)
    if round_number < now:
        raise JudgeError.of("jd.resolved_before", round=round_number, now=now)
    if round_number > now:
        raise JudgeError.of("jd.not_due", round=round_number, now=now)
    orders = read_orders(folder, game, record, state)
    missing = [record.seats[s].name for s, order in enumerate(orders) if order is None]
    before = rules.before_resolving(state)
    for seat, order in enumerate(orders):
        action: Action = order if order is not None else rules.no_order(state, seat)
        state.apply(seat, action)
        record.actions.append((seat, game.format_action(action)))
    if state.is_over():
        record.result = state.result().to_json()
    _write_round_files(folder, game, record, state, round_number, missing, before)
    if not state.is_over():
        make_folder(orders_folder(folder, rules.round_of(state)))
    write_whole(folder / GAME_FILE, record.dumps())   # last: the record is the truth
    said = say(game, "jd.resolved", lang, round=round_number, public=folder / "public")
    if missing:
        said += say(game, "jd.resolved.missing", lang, names=", ".join(missing))
    if state.is_over():
        said += say(game, "jd.resolved.over", lang)
    return said
