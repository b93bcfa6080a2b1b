"""fuzz/python_fuzz.py, which CI runs for 30 s (fuzz/run.sh), runs here for
a few seconds with a fixed seed: the fuzzer itself keeps working."""

import os
import pathlib
import subprocess
import sys

FUZZER = pathlib.Path(__file__).resolve().parents[2] / "fuzz" / "python_fuzz.py"


def test_the_python_fuzzer_finds_nothing_in_a_few_seconds():
    run = subprocess.run([sys.executable, str(FUZZER), "4", "1"], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no failure" in run.stdout
