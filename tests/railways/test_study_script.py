"""scripts/bench_railways.py study: batches of seeds saved with --games-out and merged
give one summary per bot, each game counted once, with the seeds and a 95% interval of
the mean (how the docs' search study was run)."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_railways.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=300, check=False)


def test_batches_merge_into_one_summary_with_seeds_and_an_interval(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    for first, n in (("0", "3"), ("2", "3"), ("9", "1")):   # seed 2 twice, 5-8 missing
        done = run("study", "-n", n, "--first-seed", first, "--bots", "random",
                   "--games-out", str(games))
        assert done.returncode == 0, done.stderr
    merged = json.loads(run("merge", str(games)).stdout)["random"]
    scores = [json.loads(line)["score"] for line in games.read_text().splitlines()]
    assert len(scores) == 7 and merged["games"] == 6 and merged["seeds"] == "0-4, 9"
    unique = {json.loads(line)["seed"]: json.loads(line)["score"]
              for line in games.read_text().splitlines()}
    mean = statistics.fmean(unique.values())
    half = 1.96 * statistics.stdev(unique.values()) / math.sqrt(6)
    assert merged["mean"] == round(mean, 2)
    assert merged["mean_ci95"] == [round(mean - half, 2), round(mean + half, 2)]


def test_bad_counts_are_refused_in_one_line() -> None:
    done = run("study", "-n", "0", "--bots", "random")
    assert done.returncode == 2 and "must be at least 1" in done.stderr
    assert "Traceback" not in done.stderr
