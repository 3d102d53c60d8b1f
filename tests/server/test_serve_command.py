"""`stellwerk serve` refuses bad options with one line and exit status 2, before it
listens anywhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.cli import main


@pytest.mark.parametrize(("args", "fragment"), [
    (["--port", "0"], "--port"),
    (["--port", "70000"], "--port"),
    (["--port", "x"], "invalid int"),
    (["--bot-workers", "-1"], "--bot-workers"),
    (["--database", "nonsense"], "--database"),
    (["--database", "postgresql+psycopg://nobody@127.0.0.1:1/none"], "cannot open"),
])
def test_bad_serve_options_are_one_line(args: list[str], fragment: str,
                                        capsys: pytest.CaptureFixture[str],
                                        tmp_path: Path) -> None:
    code = main(["serve", "--data", str(tmp_path / "data"), *args])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stellwerk: "), err
    assert fragment in lines[0]
    assert "Traceback" not in err


def test_a_data_folder_that_cannot_be_made(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["serve", "--data", str(blocker / "data")]) == 2
    assert "data folder" in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Stellwerk server on http://127.0.0.1:8765/", "API schema",
            "storage: SQLite in", "Ctrl-C stops the server"]),
    ("de", ["Stellwerk-Server auf http://127.0.0.1:8765/", "API-Schema",
            "Speicher: SQLite in", "Strg-C beendet den Server"]),
])
def test_the_banner_speaks_the_hosts_language(lang: str, words: list[str],
                                              capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    assert main(["serve", "--lang", lang, "--port", "8765",
                 "--data", str(tmp_path / "data")]) == 0
    assert served  # the app was handed to uvicorn (stubbed: nothing listens)
    out = capsys.readouterr().out
    for word in words:
        assert word in out, out
    other = "Strg-C" if lang == "en" else "Ctrl-C"
    assert other not in out


def test_an_unknown_serve_language_is_one_line(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    assert main(["serve", "--lang", "fr", "--data", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--lang" in err[0] and "Traceback" not in err[0]


def test_serve_refusals_follow_lang(capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    assert main(["serve", "--lang", "de", "--port", "0", "--data", str(tmp_path)]) == 2
    assert "--port muss 1-65535 sein" in capsys.readouterr().err


def test_serve_bounds_every_websocket_frame(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from stellwerk.server.routes.live import MAX_FRAME, MAX_HELLO

    options: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: options.append(kw))
    assert main(["serve", "--port", "8765", "--data", str(tmp_path / "data")]) == 0
    assert options[0]["ws_max_size"] == MAX_FRAME
    assert MAX_HELLO < MAX_FRAME <= 64 * 1024  # uvicorn's own default is 16 MB
