#!/usr/bin/env bash
# README "serve" command:  bash build_scripts/serve.sh [--port N]
# Creates/reuses .venv with the pinned docs tools (docs/requirements.txt: Sphinx), builds the
# static site (the game and its docs) into dist/site and serves it on http://127.0.0.1:<port>/
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PORT=8000
while [ $# -gt 0 ]; do
  case "$1" in
    --port) PORT="$2"; shift 2 ;;
    --port=*) PORT="${1#--port=}"; shift ;;
    *) echo "usage: bash build_scripts/serve.sh [--port N]" >&2; exit 2 ;;
  esac
done
. build_scripts/pinned_venv.sh
ensure_venv
mapfile -t DOCS_PINNED < <(docs_pins)
ensure_pinned "${DOCS_PINNED[@]}"
"$VENV_PY" build_scripts/build.py --out dist/site
echo
# serve.py prints the address only once it has the port ("serving ... at http://127.0.0.1:N/");
# a port in use is an error: "port N is in use: choose another with --port N", exit status 1
exec python3 build_scripts/serve.py dist/site --port "$PORT"
