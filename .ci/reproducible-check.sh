#!/usr/bin/env bash
# CI: two builds of the same sources in two folders give the same bytes. This folder's `make dist`
# (dist-check.sh made it) is compared with a `make dist` of a copy of the same files in another
# folder, from an empty scratch folder: the stripped binary, the tarball, the .deb, the .rpm and
# SHA256SUMS must be identical. On a difference it says which ELF sections of the binary differ.
#   .ci/reproducible-check.sh build DIR     the copy in DIR, and its make dist (CI starts it early,
#                                           beside the other checks: it is a whole release build)
#   .ci/reproducible-check.sh compare DIR   after this folder's make dist: the comparison
#   .ci/reproducible-check.sh               both, in a temporary folder
# Runs from any directory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
mode=${1:-both}
case $mode in
build | compare) [[ $# -eq 2 ]] || fail "usage: $0 [build DIR | compare DIR]"; work=$2 ;;
both)
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  ;;
*) fail "usage: $0 [build DIR | compare DIR]" ;;
esac
second="$work/elsewhere/chuck"

if [[ $mode != compare ]]; then
  # The same files (tracked, and new ones not ignored, as a local run may have them), elsewhere.
  rm -rf "$work/elsewhere" "$work/tmp"
  mkdir -p "$second"
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$second"
  # SwiftPM leaves lock files named after the scratch path in TMPDIR: here they go with $work.
  mkdir "$work/tmp"
  (cd "$second" && TMPDIR="$work/tmp" make dist </dev/null >"$work/make-dist" 2>&1) ||
    fail "make dist in $second: $(tail -n 30 "$work/make-dist")"
  echo "ok: make dist in $second"
  [[ $mode == build ]] && exit 0
fi
[[ -f dist/SHA256SUMS && -x .build-install/stage/chuck ]] || fail "run make dist here first"
[[ -f "$second/dist/SHA256SUMS" ]] || fail "run $0 build $work first"

sections() { # FILE OTHER: the ELF sections in which the two binaries differ
  python3 - "$1" "$2" <<'PYTHON'
import re, subprocess, sys
a, b = (open(path, "rb").read() for path in sys.argv[1:3])
listing = subprocess.run(["readelf", "-S", "-W", sys.argv[1]], capture_output=True, text=True).stdout
spans = [(m[1], int(m[2], 16), int(m[3], 16)) for m in
         re.finditer(r"\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)", listing)]
names = {next((n for n, o, z in spans if o <= i < o + z), "outside sections")
         for i in range(min(len(a), len(b))) if a[i] != b[i]}
print(", ".join(sorted(names)) or f"sizes {len(a)} and {len(b)}")
PYTHON
}
cmp -s .build-install/stage/chuck "$second/.build-install/stage/chuck" ||
  fail "the stripped binaries differ, in: $(sections .build-install/stage/chuck "$second/.build-install/stage/chuck")"
differ=()
for file in SHA256SUMS $(awk '{print $2}' dist/SHA256SUMS); do
  cmp -s "dist/$file" "$second/dist/$file" || differ+=("$file")
done
((${#differ[@]} == 0)) || fail "built twice, these differ: ${differ[*]}"
echo "ok: two builds in two folders ($PWD, $second) are byte-identical:" \
  "the binary, $(awk '{print $2}' dist/SHA256SUMS | tr '\n' ' ')and SHA256SUMS"
