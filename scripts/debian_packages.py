"""Installing a Debian package for the test command (PostgreSQL, Chromium): only as root
with apt-get, quietly, refreshing the package lists once if the first try fails. The
callers say loudly when the program is still missing afterwards."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys


def apt_install(package: str, purpose: str) -> None:
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return
    print(f"Installing {purpose} (apt-get install {package}) ...", file=sys.stderr, flush=True)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if subprocess.run(["apt-get", "install", "-y", "-q", package], env=env,
                      **quiet).returncode != 0:
        subprocess.run(["apt-get", "update", "-q"], env=env, **quiet)
        subprocess.run(["apt-get", "install", "-y", "-q", package], env=env, **quiet)
