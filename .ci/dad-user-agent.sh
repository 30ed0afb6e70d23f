#!/usr/bin/env bash
# Prints the User-Agent that BINARY sends to icanhazdadjoke, as the fake API logged it:
#   .ci/dad-user-agent.sh BINARY FAKE_API_URL
# Runs `BINARY random --source dad` against FAKE_API_URL/dad with a throwaway data folder.
set -euo pipefail
binary=$1 api=$2
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
CHUCK_DAD_API_URL="$api/dad" CHUCK_DATA_DIR="$data" "$binary" random --source dad >/dev/null \
  2>"$data/errors" || { cat "$data/errors" >&2; exit 1; }
python3 -c 'import json, sys, urllib.request
log = json.load(urllib.request.urlopen(sys.argv[1] + "/_fake/log"))
print([entry for entry in log if entry["path"].startswith("/dad")][-1]["headers"]["user-agent"])' "$api"
