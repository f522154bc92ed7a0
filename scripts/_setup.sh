# Sourced by scripts/test, scripts/bench and scripts/demo: make .venv from nothing (only
# python3 needed) and install the project with its test and dev extras.  Idempotent:
# reinstalls only when pyproject.toml is newer than the last install.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv" >&2
  "$PY" -m venv .venv
fi
if [ ! -f .venv/.p2pcards-installed ] || [ pyproject.toml -nt .venv/.p2pcards-installed ]; then
  echo "== installing p2pcards with its test and dev extras (first run only)" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test,dev]' >&2
  touch .venv/.p2pcards-installed
fi
