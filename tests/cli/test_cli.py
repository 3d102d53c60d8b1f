"""`stellwerk` commands: one clear line for every bad input, and the good paths."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stellwerk.cli import EXIT_BAD_INPUT, EXIT_FAILED, main
from stellwerk.games import get_game

if TYPE_CHECKING:  # the fixture's type only; pytest provides the fixture itself
    from .conftest import Stellwerk

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "src" / "stellwerk" / "games" / "rail_line" / "pack" / "rail-line.toml"
SIM = ("simulate", "rail-line", "--seats", "greedy,random", "-n", "3", "--seed", "1", "--json")


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Five games as JSON Lines, as `simulate --record` writes them."""
    path = tmp_path_factory.mktemp("records") / "five.jsonl"
    assert main(["simulate", "rail-line", "--seats", "greedy,random", "-n", "5", "--seed", "40",
                 "--quiet", "--record", str(path)]) == 0
    return path


def one_record(records: Path, line: int = 0) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(records.read_text(encoding="utf-8").splitlines()[line])
    return data


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


# --- usage mistakes -----------------------------------------------------------------------

def test_no_command(stellwerk: Stellwerk) -> None:
    stellwerk().refused("required: command")


def test_unknown_command(stellwerk: Stellwerk) -> None:
    run = stellwerk("frobnicate", "rail-line")
    assert run.code == EXIT_BAD_INPUT
    run.refused("invalid choice: 'frobnicate'", "simulate")


@pytest.mark.parametrize("command", ["play", "simulate", "pack"])
def test_unknown_game(stellwerk: Stellwerk, command: str) -> None:
    run = stellwerk(command, "chess")
    assert run.code == EXIT_BAD_INPUT
    run.refused("unknown game 'chess'", "rail-line")


@pytest.mark.parametrize(("seats", "fragment"), [
    ("greedy,genius", "unknown seat 'genius'"),
    ("greedy,", "unknown seat ''"),
    ("greedy", "2-3 players, --seats names 1"),
    ("greedy,greedy,random,random", "2-3 players, --seats names 4"),
    ("human,greedy", "only bots sit at a simulation"),
])
def test_bad_seats_in_simulate(stellwerk: Stellwerk, seats: str, fragment: str) -> None:
    stellwerk("simulate", "rail-line", "--seats", seats, "-n", "1").refused(fragment)


@pytest.mark.parametrize(("seats", "fragment"), [
    ("human,wizard", "unknown seat 'wizard'"),
    ("human", "--seats names 1"),
])
def test_bad_seats_in_play(stellwerk: Stellwerk, seats: str, fragment: str) -> None:
    stellwerk("play", "rail-line", "--seats", seats).refused(fragment)


@pytest.mark.parametrize(("option", "fragment"), [
    ("sheet", "option 'sheet' must look like KEY=VALUE"),
    ("=II", "option '=II' must look like KEY=VALUE"),
    ("colour=red", "unknown Rail Line option 'colour'"),
    ("sheet=III", "sheet must be I or II, not 'III'"),
    ("sheet=", "sheet must be I or II"),
])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_bad_options(stellwerk: Stellwerk, command: str, option: str, fragment: str) -> None:
    stellwerk(command, "rail-line", "--seats", "greedy,greedy", "-o", option).refused(fragment)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_negative_seed(stellwerk: Stellwerk, command: str) -> None:
    stellwerk(command, "rail-line", "--seats", "greedy,greedy", "--seed", "-1").refused(
        "--seed must be from 0 to 18446744073709551615, not '-1'")


@pytest.mark.parametrize(("args", "fragment"), [
    (("--seed", "x"), "--seed must be a whole number, not 'x'"),
    (("--lang", "fr"), "invalid choice: 'fr'"),
    (("--names", "Ann"), "--names needs 2 non-empty names"),
    (("--names", "Ann,"), "--names needs 2 non-empty names"),
    (("--names", "[/b],Bob"), "--names may not contain square brackets"),
    (("--bogus",), "unrecognized arguments: --bogus"),
])
def test_bad_play_arguments(stellwerk: Stellwerk, args: tuple[str, ...], fragment: str) -> None:
    stellwerk("play", "rail-line", "--seats", "greedy,greedy", *args).refused(fragment)


@pytest.mark.parametrize(("args", "fragment"), [
    (("-n", "0"), "-n must be from 1 to 1000000000, not '0'"),
    (("-n", "-5"), "-n must be from 1 to 1000000000, not '-5'"),
    (("-n", "many"), "-n must be a whole number, not 'many'"),
    (("-n", "²"), "-n must be a whole number, not '²'"),
    (("-n", "9" * 5000), "-n: a number of 5000 digits is far too large"),
    (("--jobs", "0"), "--jobs must be at least 1, not '0'"),
    (("--jobs", "-2"), "--jobs must be at least 1, not '-2'"),
    (("--jobs", "two"), "--jobs must be a whole number, not 'two'"),
    (("--seed", "-1"), "--seed must be from 0 to 18446744073709551615, not '-1'"),
    (("--seed", str(2**64)), "--seed must be from 0 to 18446744073709551615"),
])
def test_bad_simulate_counts(stellwerk: Stellwerk, args: tuple[str, ...], fragment: str) -> None:
    stellwerk("simulate", "rail-line", "--seats", "greedy,greedy", *args).refused(fragment)


@pytest.mark.parametrize("where", ["missing/game.json", "."])
def test_play_record_to_an_impossible_place_is_refused_before_the_game(
        stellwerk: Stellwerk, tmp_path: Path, where: str) -> None:
    run = stellwerk("play", "rail-line", "--seats", "greedy,greedy", "--record",
                    tmp_path / where)
    run.refused("cannot write the record there")
    assert run.out == ""  # no game was played


def test_simulate_record_to_an_impossible_place(stellwerk: Stellwerk, tmp_path: Path) -> None:
    stellwerk("simulate", "rail-line", "-n", "1", "--record", tmp_path / "no" / "r.jsonl"
              ).refused("cannot write")


# --- content packs --------------------------------------------------------------------------

def test_missing_pack(stellwerk: Stellwerk, tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    for command in ("play", "simulate"):
        stellwerk(command, "rail-line", "--seats", "greedy,greedy", "--pack", missing).refused(
            str(missing), "cannot read the content pack")
    stellwerk("pack", "rail-line", missing).refused("cannot read the content pack")


def test_garbage_pack(stellwerk: Stellwerk, tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.toml"
    garbage.write_bytes(b"\x00\x01 this is [[ not toml")
    stellwerk("simulate", "rail-line", "--pack", garbage).refused(str(garbage), "not valid TOML")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\xfd")
    stellwerk("pack", "rail-line", binary).refused(str(binary), "not UTF-8")


def test_pack_for_another_game(stellwerk: Stellwerk, tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    other.write_text(SHIPPED.read_text(encoding="utf-8").replace(
        'game = "rail-line"', 'game = "linie-1"'), encoding="utf-8")
    stellwerk("simulate", "rail-line", "--pack", other).refused(
        str(other), "item pack.game", "for 'linie-1'")
    stellwerk("pack", "rail-line", other).refused("for 'linie-1'")


def test_pack_failing_the_schema(stellwerk: Stellwerk, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(SHIPPED.read_text(encoding="utf-8").replace(
        "values = [1, 2, 3, 4, 5, 6, 7, 8]", 'values = "many"', 1), encoding="utf-8")
    stellwerk("pack", "rail-line", bad).refused(str(bad), "item sheets.I.rows.passengers.values")


def test_pack_shows_provenance(stellwerk: Stellwerk) -> None:
    run = stellwerk("pack", "rail-line")
    assert run.code == 0, run.err
    assert "valid Rail Line pack 'rail-line-stellwerk'" in run.out
    counts = [line for line in run.out.splitlines() if line.strip().startswith("items:")]
    assert len(counts) == 1
    pack = get_game("rail-line").load_pack()
    expected = pack.provenance_counts()
    assert counts[0].strip() == (f"items: {expected['confirmed']} confirmed, "
                                 f"{expected['reconstructed']} reconstructed")
    assert expected["confirmed"] > 0 and expected["reconstructed"] > 0
    assert "\n  reconstructed:\n    start_sides[0-1]\n    curves[0-1]\n" in run.out


def test_an_own_copy_of_the_pack_is_accepted(stellwerk: Stellwerk, tmp_path: Path) -> None:
    copy = tmp_path / "mine.toml"
    copy.write_bytes(SHIPPED.read_bytes())
    run = stellwerk(*SIM, "--pack", copy)
    assert run.code == 0, run.err
    assert stellwerk(*SIM).out.split('"by_bot"')[1] == run.out.split('"by_bot"')[1]


# --- replay's refusals ----------------------------------------------------------------------

def test_replay_missing_file(stellwerk: Stellwerk, tmp_path: Path) -> None:
    run = stellwerk("replay", tmp_path / "nowhere.json")
    assert run.code == EXIT_FAILED
    run.refused("record refused", "nowhere.json", "cannot read")


@pytest.mark.parametrize(("content", "fragment"), [
    (b"", "no record in the file"),
    (b"hello, world\n", "not valid JSON (Expecting value, line 1)"),
    (b"\xff\xfe\x00\x00", "not UTF-8"),
    (b"[" * 100_000, "not valid JSON"),
])
def test_replay_files_that_are_not_json(stellwerk: Stellwerk, tmp_path: Path, content: bytes,
                                        fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    stellwerk("replay", path).refused(str(path), fragment)


@pytest.mark.parametrize(("data", "fragment"), [
    ({"hello": "world"}, "not a Stellwerk record"),
    ([1, 2, 3], "top level must be a JSON object"),
    ("a string", "top level must be a JSON object"),
])
def test_replay_json_that_is_not_a_record(stellwerk: Stellwerk, tmp_path: Path, data: Any,
                                          fragment: str) -> None:
    stellwerk("replay", write_json(tmp_path / "r.json", data)).refused(fragment)


def test_replay_a_broken_pretty_record_names_the_line(stellwerk: Stellwerk, tmp_path: Path,
                                                      records: Path) -> None:
    lines = json.dumps(one_record(records), indent=1).splitlines()
    lines[5] += " oops"  # a pretty-printed record broken on its sixth line
    path = tmp_path / "broken.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    stellwerk("replay", path).refused("not valid JSON", "line 6)")


def test_replay_a_record_of_an_unknown_game(stellwerk: Stellwerk, tmp_path: Path,
                                            records: Path) -> None:
    data = one_record(records)
    data["game"] = "chess"
    stellwerk("replay", write_json(tmp_path / "r.json", data)).refused("unknown game 'chess'")


def test_replay_a_tampered_action_names_its_index(stellwerk: Stellwerk, tmp_path: Path,
                                                  records: Path) -> None:
    data = one_record(records)
    data["actions"][12]["action"] = "gain coal"
    run = stellwerk("replay", write_json(tmp_path / "r.json", data))
    assert run.code == EXIT_FAILED
    run.refused("action 12: 'gain coal' by seat")


def test_replay_a_tampered_result(stellwerk: Stellwerk, tmp_path: Path, records: Path) -> None:
    data = one_record(records)
    data["result"]["scores"] = [99, 0]
    stellwerk("replay", write_json(tmp_path / "r.json", data)).refused(
        "the replay ends with scores", "the record says scores [99, 0]")


def test_replay_another_pack(stellwerk: Stellwerk, tmp_path: Path, records: Path) -> None:
    data = one_record(records)
    data["pack"]["sha256"] = "f" * 64
    stellwerk("replay", write_json(tmp_path / "r.json", data)).refused("SHA-256", "ffffffffffff")


def test_replay_json_lines_with_one_bad_line(stellwerk: Stellwerk, tmp_path: Path,
                                             records: Path) -> None:
    lines = records.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3][: len(lines[3]) // 2]
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stellwerk("replay", path).refused(f"{path}: line 4: not valid JSON")


def test_replay_json_lines_with_one_tampered_record(stellwerk: Stellwerk, tmp_path: Path,
                                                    records: Path) -> None:
    lines = records.read_text(encoding="utf-8").splitlines()
    data = json.loads(lines[2])
    data["actions"][20]["seat"] = 7
    lines[2] = json.dumps(data)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    stellwerk("replay", path).refused(f"{path}:3: action 20: there is no seat 7")


def test_replay_json_lines_with_a_line_that_is_not_a_record(stellwerk: Stellwerk,
                                                            tmp_path: Path,
                                                            records: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(records.read_text(encoding="utf-8") + '{"format": "other"}\n',
                    encoding="utf-8")
    stellwerk("replay", path).refused("line 6: record: not a Stellwerk record")


def test_replay_refuses_with_a_pack_that_does_not_fit(stellwerk: Stellwerk, tmp_path: Path,
                                                      records: Path) -> None:
    changed = tmp_path / "changed.toml"
    changed.write_text(SHIPPED.read_text(encoding="utf-8") + "\n# my notes\n", encoding="utf-8")
    stellwerk("replay", records, "--pack", changed).refused("SHA-256")


# --- good paths -----------------------------------------------------------------------------

def test_games_lists_rail_line(stellwerk: Stellwerk) -> None:
    run = stellwerk("games")
    assert run.code == 0 and run.err == ""
    assert any(line.split()[:3] == ["rail-line", "Rail", "Line"]
               for line in run.out.splitlines())
    assert "(2-3 players)" in run.out
    assert "Railways (1 player)" in run.out and "1-1" not in run.out
    german = stellwerk("games", "--lang", "de")
    assert "(2-3 Spieler)" in german.out and "(1 Spieler)" in german.out


def test_help_lists_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    from stellwerk.bots import BOTS

    for command in ("play", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        for bot in BOTS:
            assert bot in text, (command, bot)
        assert ("human" in text) == (command == "play")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_simulate_table_fits_80_columns_and_says_how_ties_count(
        stellwerk: Stellwerk, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    run = stellwerk("simulate", "linie1", "--seats", "planner,planner,planner,random,random,"
                    "random", "-n", "1", "-o", "rounds=20", "--lang", lang)
    assert run.code == 0, run.err
    assert "…" not in run.out and "{" not in run.out
    assert "100.0%" in run.out and "0.0%" in run.out  # the last column is whole
    assert all(len(line) <= 80 for line in run.out.splitlines())
    if lang == "en":
        assert "A shared first place counts as a win" in run.out
        assert "Scores: lower is better." in run.out and "win %" in run.out
    else:
        assert "Ein geteilter erster Platz zählt als Sieg" in run.out
        assert "Wertung: weniger ist besser." in run.out and "Sieg %" in run.out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out.startswith("stellwerk ")


def test_simulate_json_summary(stellwerk: Stellwerk) -> None:
    run = stellwerk("simulate", "rail-line", "--seats", "greedy,random", "-n", "20", "--json",
                    "--seed", "100")
    assert run.code == 0, run.err
    summary = json.loads(run.out)
    assert {"games", "seconds", "games_per_second", "mean_steps", "by_bot", "by_chair", "game",
            "options", "seats", "rotate", "first_seed"} <= set(summary)
    assert summary["games"] == 20
    assert summary["game"] == "rail-line"
    assert summary["seats"] == ["greedy", "random"]
    assert summary["first_seed"] == 100
    assert summary["options"] == {"sheet": "I"}
    assert set(summary["by_bot"]) == {"greedy", "random"}
    assert set(summary["by_chair"]) == {"1", "2"}
    for row in summary["by_bot"].values():
        assert row["games"] == 20
        assert row["min"] <= row["mean"] <= row["max"]
    wins = sum(row["wins"] for row in summary["by_bot"].values())
    assert 20 <= wins <= 40  # every game has at least one winner, at most both
    assert summary["mean_steps"] > 0


def test_simulate_table_summary(stellwerk: Stellwerk) -> None:
    run = stellwerk("simulate", "rail-line", "-n", "2", "--seed", "3", "-o", "sheet=II")
    assert run.code == 0, run.err
    assert "2 games of rail-line (sheet=II)" in run.out and "{" not in run.out
    assert "seeds 3..4" in run.out and "games per second" in run.out


def test_simulate_rotate_puts_each_bot_in_each_chair(stellwerk: Stellwerk) -> None:
    run = stellwerk("simulate", "rail-line", "--seats", "greedy,random,random", "-n", "6",
                    "--rotate", "--json")
    summary = json.loads(run.out)
    assert summary["by_bot"]["greedy"]["games"] == 6
    assert summary["by_bot"]["random"]["games"] == 12
    assert all(row["games"] == 6 for row in summary["by_chair"].values())


def test_simulate_is_reproducible_and_jobs_do_not_change_it(stellwerk: Stellwerk) -> None:
    def scores(*extra: str) -> dict[str, Any]:
        run = stellwerk("simulate", "rail-line", "--seats", "greedy,random", "-n", "12",
                        "--seed", "77", "--json", *extra)
        assert run.code == 0, run.err
        summary: dict[str, Any] = json.loads(run.out)
        return {"by_bot": summary["by_bot"], "by_chair": summary["by_chair"],
                "steps": summary["mean_steps"]}

    one = scores("--jobs", "1")
    assert scores("--jobs", "2") == one
    assert scores() == one
    other_seed = stellwerk("simulate", "rail-line", "--seats", "greedy,random", "-n", "12",
                           "--seed", "78", "--json")
    assert json.loads(other_seed.out)["by_bot"] != one["by_bot"]


def test_simulate_record_then_replay(stellwerk: Stellwerk, tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run = stellwerk("simulate", "rail-line", "--seats", "random,greedy,random", "-n", "4",
                    "--seed", "9", "--record", path, "--json")
    assert run.code == 0, run.err
    assert len(path.read_text(encoding="utf-8").splitlines()) == 4
    replayed = stellwerk("replay", path)
    assert replayed.code == 0, replayed.err
    assert replayed.out.count(": ok, ") == 4
    as_json = json.loads(stellwerk("replay", path, "--json").out)
    assert [r["record"] for r in as_json] == [f"{path}:{n}" for n in range(1, 5)]
    assert all(r["over"] for r in as_json)


def test_replay_a_single_record_as_json(stellwerk: Stellwerk, tmp_path: Path,
                                        records: Path) -> None:
    data = one_record(records, 1)
    path = write_json(tmp_path / "one.json", data)
    run = stellwerk("replay", path, "--json")
    assert run.code == 0, run.err
    outcome = json.loads(run.out)
    assert outcome["result"] == data["result"]
    assert outcome["actions"] == len(data["actions"])


def test_replay_an_unfinished_record(stellwerk: Stellwerk, tmp_path: Path,
                                     records: Path) -> None:
    data = one_record(records)
    data["actions"] = data["actions"][:9]
    data["result"] = None
    run = stellwerk("replay", write_json(tmp_path / "r.json", data))
    assert run.code == 0, run.err
    assert "ok, 9 actions; the game is not finished" in run.out


# --- the installed console command ------------------------------------------------------

def console_command() -> Path:
    command = Path(sys.executable).parent / "stellwerk"
    if not command.exists():
        pytest.skip("the stellwerk console command is not installed beside this Python")
    return command


def test_the_installed_command(tmp_path: Path) -> None:
    command = console_command()
    env = {**os.environ, "NO_COLOR": "1"}
    record = tmp_path / "r.jsonl"
    done = subprocess.run([command, "simulate", "rail-line", "-n", "2", "--seed", "5",
                           "--record", record, "--json"], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
    done = subprocess.run([command, "replay", record], capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0 and done.stdout.count(": ok,") == 2
    for argv, code in ((["play", "chess"], EXIT_BAD_INPUT),
                       (["replay", str(tmp_path / "none.json")], EXIT_FAILED),
                       (["simulate", "rail-line", "-o", "sheet=III"], EXIT_BAD_INPUT)):
        done = subprocess.run([command, *argv], capture_output=True, text=True, env=env,
                              timeout=60)
        assert done.returncode == code
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1
        assert "Traceback" not in done.stderr


class ClosedPipe:
    """A stdout whose reader has gone away."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_output_pipe_is_not_a_traceback(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["games"]) == EXIT_FAILED
    monkeypatch.undo()
    assert capsys.readouterr().err == ""


def test_the_installed_command_piped_into_a_reader_that_stops(tmp_path: Path,
                                                              records: Path) -> None:
    command = console_command()
    line = records.read_text(encoding="utf-8").splitlines()[0]
    many = tmp_path / "many.jsonl"
    many.write_text((line + "\n") * 150, encoding="utf-8")  # far more than a pipe buffers
    with subprocess.Popen([command, "replay", many, "--json"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(10)
        process.stdout.close()
        err = process.stderr.read().decode()
        code = process.wait(timeout=60)
    assert "Traceback" not in err and "Exception" not in err, err
    assert code == EXIT_FAILED


def test_replay_a_record_with_a_superscript_digit(stellwerk: Stellwerk, tmp_path: Path,
                                                  records: Path) -> None:
    data = one_record(records)
    data["actions"][3]["action"] = "slow ² coal"
    stellwerk("replay", write_json(tmp_path / "r.json", data)).refused("action 3:")


def test_simulate_without_seats_uses_as_few_greedy_bots_as_the_game_allows(
        capsys: pytest.CaptureFixture[str]) -> None:
    for game, seats in (("railways", ["greedy"]), ("rail-line", ["greedy", "greedy"])):
        assert main(["simulate", game, "-n", "1", "--json", "--quiet"]) == 0
        assert json.loads(capsys.readouterr().out)["seats"] == seats
