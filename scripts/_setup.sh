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
  # uv installs the same packages several times faster than pip (about 13 s instead of
  # about 60 s on a fresh 2-core machine); pip stays the fallback when uv is unavailable
  if .venv/bin/python -m pip install -q --disable-pip-version-check uv >&2 &&
    .venv/bin/uv pip install -q --python .venv/bin/python -e '.[test,dev]' >&2; then
    :
  else
    echo "== uv failed: installing with pip" >&2
    .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test,dev]' >&2
  fi
  touch .venv/.p2pcards-installed
fi
