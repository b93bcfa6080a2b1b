#!/usr/bin/env bash
# `pip install .` as a user runs it (docs/python.md), offline, into a fresh
# virtual environment that sees Debian's setuptools and wheel; the module is
# the one this build tree made (PLY_BUILD_DIR, setup.py). Then ply must
# import from the environment, outside the checkout, with its stubs, and work.
#
#   tests/python/pip-install.sh PYTHON BUILD_DIR
set -euo pipefail
python="$1" build="$(cd "$2" && pwd)"
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$(mktemp -d)"
trap 'rm -rf "$venv" "$root/python/ply.egg-info"' EXIT

"$python" -m venv --system-site-packages "$venv"
PLY_BUILD_DIR="$build" "$venv/bin/pip" install --no-build-isolation --no-index --quiet "$root"
cd "$venv"
"$venv/bin/python" - <<'PY'
import pathlib
import ply

where = pathlib.Path(ply.__file__).parent
assert "site-packages" in str(where), where
assert (where / "__init__.pyi").is_file() and (where / "py.typed").is_file(), sorted(where.iterdir())
solution = ply.solve(ply.game("tictactoe"))
assert solution.result == ply.Outcome.DRAW and len(solution.best_moves) == 9, solution
print("installed at", where, "- tic-tac-toe:", solution.result)
PY
