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
