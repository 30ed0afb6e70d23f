#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of every parser that reads bytes from outside: the list
# reader, the JSON scanner under it, the stores, the key decoder, the sanitiser, the timestamp
# parser, each service's answer decoder and the sync logs. See Fuzz/README.md.
#
#   Scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   Scripts/fuzz.sh --build-only      (only build the binary, as CI does first to time it apart)
#
# Builds ChuckCore's sources and Fuzz/Targets into one binary (swiftc -sanitize=fuzzer,address,
# in .build-fuzz), then runs each target (default: every folder of Fuzz/Corpus) for the given
# seconds (default 8), one after the other, from its seed corpus Fuzz/Corpus/<target>. The inputs
# a run finds go to .build-fuzz/corpus/<target> (kept for the next run, never committed). Exits 1
# if any target crashed or broke an invariant, naming the input that did it. Needs only the Swift
# toolchain (libFuzzer's runtime comes with it) and curl's headers (libcurl4-openssl-dev), as the
# build itself does. Nothing is written outside .build-fuzz.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

build_only=
if [[ ${1:-} == --build-only ]]; then
  build_only=1
  shift
fi
seconds=${1:-8}
[[ $# -gt 0 ]] && shift
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
  echo "usage: Scripts/fuzz.sh [--build-only] [SECONDS_PER_TARGET] [TARGET...]" >&2
  exit 64
fi
if (($#)); then
  targets=("$@")
else
  targets=()
  for dir in Fuzz/Corpus/*/; do targets+=("$(basename "$dir")"); done
fi
for target in "${targets[@]}"; do
  if [[ ! -d Fuzz/Corpus/$target ]]; then
    echo "error: no target '$target' (no Fuzz/Corpus/$target)" >&2
    exit 64
  fi
done

scratch=$root/.build-fuzz
binary=$scratch/chuck-fuzz
# The compiler's temporary files stay in the scratch folder too.
export TMPDIR=$scratch/tmp
mkdir -p "$TMPDIR" "$scratch/modules/CCurl" "$scratch/modules/CBuildSettings"

# Rebuild when a source is newer than the binary (or this script is).
if [[ ! -x $binary ]] || [[ -n $(find Sources/ChuckCore Sources/CCurl Sources/CBuildSettings Sources/CurlHeaders Fuzz/Targets \
  "${BASH_SOURCE[0]}" -newer "$binary" -print -quit) ]]; then
  echo "=== building $binary"
  build_started=$SECONDS
  # SwiftPM makes the C targets' module maps itself; here they are written out.
  for module in CCurl CBuildSettings; do
    cat >"$scratch/modules/$module/module.modulemap" <<EOF
module $module {
  header "$root/Sources/$module/include/$module.h"
  export *
}
EOF
    clang -c -O1 -I "Sources/$module/include" "Sources/$module/$module.c" -o "$scratch/$module.o"
  done
  mapfile -t sources < <(find Sources/ChuckCore Fuzz/Targets -name '*.swift' | sort)
  swiftc -module-name ChuckCore -swift-version 6 -warnings-as-errors -O -wmo \
    -sanitize=fuzzer,address -use-ld=lld \
    -I "$scratch/modules" -I Sources/CurlHeaders \
    "${sources[@]}" "$scratch/CCurl.o" "$scratch/CBuildSettings.o" -ldl -o "$binary.new"
  mv "$binary.new" "$binary"
  echo "built in $((SECONDS - build_started)) s"
fi
rm -rf "$TMPDIR"
[[ -n $build_only ]] && exit 0

failed=()
for target in "${targets[@]}"; do
  corpus=$scratch/corpus/$target
  log=$scratch/logs/$target.log
  mkdir -p "$corpus" "$scratch/crashes" "$scratch/logs"
  echo "=== $target: ${seconds} s"
  status=0
  # New inputs go to the first folder; the seeds are only read. A crash ends the run at once
  # (no backtracer), and an input that takes 10 s counts as a hang.
  FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no \
    ASAN_OPTIONS=detect_leaks=0:handle_abort=1:symbolize=1 \
    "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$scratch/crashes/$target-" "$corpus" "Fuzz/Corpus/$target" \
    >"$log" 2>&1 || status=$?
  grep -E '^#[0-9]+.*DONE|^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' \
    "$log" | sed 's/^/  /' || true
  if ((status != 0)); then
    crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    grep -E 'fuzz invariant broken|Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$log" \
      | head -5 | sed 's/^/  /' || true
    echo "  FAILED (exit $status): input ${crash:-not saved}; log $log"
    failed+=("$target")
  fi
done

if ((${#failed[@]})); then
  echo "fuzzing failed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing passed: ${targets[*]}"
