# Sourced by serve.sh and test.sh (bash): a .venv at the repository root holding exact versions.
#   ensure_venv                      creates .venv with python3 when it is missing
#   ensure_pinned SPEC...            installs name==version SPECs that .venv lacks or holds in
#                                    another version (all of them in one pip call)
#   docs_pins                        prints docs/requirements.txt's pins, one a line
VENV_PY=.venv/bin/python

ensure_venv() {
  if [ ! -x "$VENV_PY" ]; then
    echo "[venv] creating .venv"
    python3 -m venv .venv
  fi
}

ensure_pinned() {
  if ! "$VENV_PY" - "$@" >/dev/null 2>&1 <<'PYCHECK'
import sys
from importlib.metadata import PackageNotFoundError, version
for spec in sys.argv[1:]:
    name, _, want = spec.partition("==")
    try:
        if version(name) != want:
            sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
PYCHECK
  then
    echo "[venv] installing $* into .venv"
    "$VENV_PY" -m pip install -q --disable-pip-version-check "$@"
  fi
}

docs_pins() {
  sed -e 's/#.*//' -e 's/[[:space:]]//g' docs/requirements.txt | grep -v '^$'
}
