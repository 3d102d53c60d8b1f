"""The documentation site builds with `mkdocs build --strict`: a broken link, a missing
anchor, a page left out of the navigation or an API reference that cannot be generated
fails the build, and so this test."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

HAVE_MKDOCS = all(importlib.util.find_spec(name) is not None
                  for name in ("mkdocs", "mkdocstrings", "mkdocstrings_handlers.python"))

if not HAVE_MKDOCS:
    warnings.warn("MKDOCS IS NOT INSTALLED: the documentation build is NOT checked "
                  "(pip install -e '.[dev]')", stacklevel=1)
    print("\n!!! SKIPPING THE DOCUMENTATION BUILD: mkdocs and mkdocstrings-python are not "
          "installed (pip install -e '.[dev]') !!!\n", file=sys.stderr)


@pytest.mark.skipif(not HAVE_MKDOCS, reason="LOUD: mkdocs or mkdocstrings-python missing; "
                    "the documentation build is not checked")
def test_the_site_builds_strictly_without_a_warning(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(ROOT / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    log = built.stdout + built.stderr
    warned = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    assert built.returncode == 0 and not warned, "\n".join(warned) or log
    assert (tmp_path / "site" / "index.html").is_file()
    contract = (tmp_path / "site" / "api" / "contract.html").read_text(encoding="utf-8")
    assert "legal_actions" in contract, "the contract's API page was not generated"
