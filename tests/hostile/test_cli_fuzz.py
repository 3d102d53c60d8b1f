"""The command line under hostile arguments (in-process `main`): success or the
project's one-line refusal, never a traceback nor an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stellwerk.core.inputs import ascii_int
from stellwerk.frontends.jobs import worker_count

from .conftest import Stellwerk
from .strategies import words

GAMES = ["rail-line", "linie1", "railways"]


def small(value: str) -> str:
    """Keep a hostile count from asking for a long run: a valid number above 3 is 2."""
    number = ascii_int(value)
    return "2" if number is not None and number > 3 else value


def templates(tmp: str) -> st.SearchStrategy[list[str]]:
    game = st.one_of(st.sampled_from(GAMES), words())
    value = words()
    return st.one_of(
        st.tuples(st.just("simulate"), game, st.just("-n"), value.map(small),
                  st.just("--quiet"), st.sampled_from(["--seed", "--jobs", "-o", "--seats"]),
                  value.map(small)).map(list),
        st.tuples(st.just("pack"), game, value).map(list),
        st.tuples(st.just("replay"), value).map(list),
        st.tuples(st.just("judge"), game, st.sampled_from(["new", "status", "check",
                                                           "resolve"]),
                  st.just(f"{tmp}/game"), st.sampled_from(["--round", "--players", "--seed",
                                                           "-o", "Anna"]), value).map(list),
        st.lists(words(), max_size=5),
    )


@settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_arguments_succeed_or_are_refused_in_one_line(
        stellwerk: Stellwerk, tmp_path: Path, data: st.DataObject,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # a bug's report lands here
    argv = data.draw(templates(str(tmp_path)))
    if any(a.startswith("-") and "h" in a.lstrip("-")[:1] for a in argv) \
            or "--version" in argv:
        return          # --help and --version print and exit, as they should
    run = stellwerk(*argv)
    assert run.code in (0, 1, 2), (argv, run.err)
    if run.code:
        run.refused()


@pytest.mark.parametrize(("name", "shown"), [("\x00", "'\\x00'"), ("\r", "\\r"),
                                             ("a\x1b[31mb", "a\\x1b[31mb")])
def test_a_file_name_with_control_characters_is_shown_escaped(
        stellwerk: Stellwerk, name: str, shown: str) -> None:
    line = stellwerk("replay", name).refused("cannot read the record")
    assert shown in line


def test_the_pool_is_capped_at_the_games_and_the_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    assert worker_count(1000, 4) == (4, "--jobs 1000 capped at 4: the number of games")
    assert worker_count(1000, 100) == (8, "--jobs 1000 capped at 8: the number of CPUs (8)")
    assert worker_count(2, 100) == (2, None)


def test_simulate_says_when_it_caps_the_pool(stellwerk: Stellwerk) -> None:
    run = stellwerk("simulate", "rail-line", "-n", "2", "--jobs", "1000", "--quiet", "--json")
    assert run.code == 0
    assert "--jobs 1000 capped at" in run.err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_simulate_records_to_a_full_disk_are_one_line(stellwerk: Stellwerk) -> None:
    stellwerk("simulate", "rail-line", "-n", "2", "--quiet", "--record", "/dev/full").refused(
        "/dev/full: cannot write (No space left on device)")
