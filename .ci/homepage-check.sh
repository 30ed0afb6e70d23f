#!/usr/bin/env bash
# CI: `make HOMEPAGE=…` records the home page in the binary, and icanhazdadjoke's User-Agent names
# it (the build without HOMEPAGE, which names none, is checked by install-check.sh). The home page is
# linked in (the Makefile's HOMEPAGE_OBJECT): a change of HOMEPAGE relinks the staged binary and
# compiles nothing again, which this checks too. It runs last, after the checks of the binary
# without it. Runs from any directory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
work=$(mktemp -d)
fake_pid=
cleanup() {
  [[ -n "$fake_pid" ]] && kill "$fake_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

if make -n HOMEPAGE='https://example.invalid/a b' >/dev/null 2>&1; then
  fail "make accepted a HOMEPAGE with a space in it"
fi
make HOMEPAGE=https://example.invalid/chuck >"$work/make" 2>&1 ||
  fail "make HOMEPAGE=https://example.invalid/chuck: $(tail -n 20 "$work/make")"
if grep -E '^\[[0-9]+/[0-9]+\] Compiling' "$work/make"; then
  fail "make HOMEPAGE=… compiled again (above); a new home page must only relink"
fi
version=$(.build-install/stage/chuck --version)

python3 Fixtures/fake_api.py --quiet > "$work/fake-url" </dev/null &
fake_pid=$!
for _ in $(seq 50); do [[ -s "$work/fake-url" ]] && break; sleep 0.1; done
api=$(head -n 1 "$work/fake-url")
agent=$(.ci/dad-user-agent.sh .build-install/stage/chuck "$api")
[[ "$agent" == "chuck/$version (+https://example.invalid/chuck)" ]] ||
  fail "built with HOMEPAGE, icanhazdadjoke's User-Agent is: $agent"
echo "ok: make HOMEPAGE=https://example.invalid/chuck: User-Agent: $agent"
