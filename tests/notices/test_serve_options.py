"""`stellwerk serve`'s notice options: what is wrong is one line (in the user's
language) and exit status 2, before the server listens anywhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from stellwerk.cli import main


@pytest.mark.parametrize(("args", "fragment"), [
    (["--smtp", "smtp://127.0.0.1:1"], "--mail-from"),
    (["--mail-from", "tables@example.org"], "--smtp"),
    (["--smtp", "imap://127.0.0.1", "--mail-from", "t@example.org"], "SMTP"),
    (["--smtp", "smtp://127.0.0.1:1", "--mail-from", "not an address"], "--mail-from"),
    (["--notice-delay", "-1"], "--notice-delay"),
    (["--notice-lease", "0"], "--notice-lease"),
])
def test_bad_notice_options_are_one_line(args: list[str], fragment: str,
                                         capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    monkeypatch.delenv("STELLWERK_SMTP", raising=False)
    code = main(["serve", "--data", str(tmp_path / "data"), *args])
    err = capsys.readouterr().err
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stellwerk: "), err
    assert fragment in lines[0] and "Traceback" not in err


def test_the_refusal_speaks_german(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STELLWERK_SMTP", raising=False)
    code = main(["serve", "--lang", "de", "--data", str(tmp_path / "data"),
                 "--smtp", "smtp://127.0.0.1:1"])
    assert code == 2
    assert "brauchen" in capsys.readouterr().err
