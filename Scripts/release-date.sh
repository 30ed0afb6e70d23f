#!/bin/sh
# Prints the date (YYYY-MM-DD) of VERSION's entry in CHANGELOG.md, `## [VERSION] - YYYY-MM-DD`:
#   Scripts/release-date.sh VERSION
# A version without an entry is an error: every version says in CHANGELOG.md what it added.
set -eu

if [ "$#" -ne 1 ]; then
  echo "usage: $0 VERSION" >&2
  exit 64
fi
version=$1
changelog="$(dirname "$0")/../CHANGELOG.md"

date=$(awk -v version="$version" '
  $1 == "##" && $2 == "[" version "]" && $3 == "-" && $4 ~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$/ {
    print $4; exit
  }' "$changelog")
if [ -z "$date" ]; then
  echo "error: CHANGELOG.md has no entry for version $version (the version chuck --version prints)." >&2
  echo "  Add one, with what it added: ## [$version] - YYYY-MM-DD" >&2
  exit 1
fi
echo "$date"
