#!/bin/sh
# Writes chuck's man page (mdoc) on stdout:
#   Scripts/generate-manpage.sh GENERATOR BINARY SECTIONS
# The body comes from swift-argument-parser's generate-manual tool (GENERATOR, which the Makefile
# builds), run on BINARY (it reads `BINARY --experimental-dump-help`), so it says what `--help`
# says; SECTIONS (mdoc) replaces the generator's generic EXIT STATUS with ENVIRONMENT, FILES and
# EXIT STATUS as the spec has them. The page depends on the sources only, not on the machine:
# its date is the CHANGELOG.md entry of the version that BINARY reports (`--version`).
set -eu

if [ "$#" -ne 3 ]; then
  echo "usage: $0 GENERATOR BINARY SECTIONS" >&2
  exit 64
fi
generator=$1 binary=$2 sections=$3
here=$(dirname "$0")

version=$("$binary" --version)
date=$("$here/release-date.sh" "$version")

outputs=$(mktemp -d)
trap 'rm -rf "$outputs"' EXIT
"$generator" "$binary" --date "$date" --output-directory "$outputs" >&2
generated="$outputs/chuck.1"
if [ ! -f "$generated" ]; then
  echo "error: $generator wrote no chuck.1" >&2
  exit 1
fi

# `.Os` names the version in the page's footer; the plugin's EXIT STATUS section (only
# `.Ex -std`) gives way to SECTIONS, which goes where mdoc(7) orders it: before any later
# section, else at the end. A blank line between the paragraphs of a discussion becomes `.Pp`
# (mdoc's paragraph; troff would take the blank line as a bare space). The help topic
# `environment` lists the variables in its discussion, one a line, for `chuck help environment`;
# the page has them in ENVIRONMENT, with their defaults, so the topic points there instead of
# repeating them as one run-on paragraph; so does the topic `accessibility`, which the page has in
# ACCESSIBILITY. The settings that `chuck config --help` lists, two lines
# each, become a tagged list (key and variable, then the meaning).
awk -v sections="$sections" -v version="$version" '
  function insert(  line) {
    while ((getline line < sections) > 0) print line
    close(sections)
    inserted = 1
  }
  /^\.Os/ { print ".Os chuck " version; next }
  # The settings of `chuck config --help`, two lines each there, become a list here.
  /^The settings \(key, variable, meaning\):$/ { print; settings = 1; print ".Bl -tag -width Ds"; next }
  settings && /^  [a-z][^ ]* \(/ {
    key = $1; variable = $2; gsub(/[()]/, "", variable)
    print ".It Cm " key " Ev " variable
    next
  }
  settings && /^      / { sub(/^ +/, ""); print; next }
  settings { print ".El"; settings = 0 }
  /^\.It Em environment$/ {
    print; topic = "Each variable with its meaning and default is in"; section = "ENVIRONMENT"; next
  }
  /^\.It Em accessibility$/ {
    print; topic = "The accessible mode, what it changes and what is not supported are in"
    section = "ACCESSIBILITY"; next
  }
  topic != "" && /^\.Pp$/ {
    print
    print topic
    print ".Sx " section " ."
    topic = ""; skipping_topic = 1; next
  }
  skipping_topic && !/^\.(Bl|It|El|Sh)/ { next }
  skipping_topic { skipping_topic = 0 }
  /^$/ { if (!skipping) print ".Pp"; next }
  /^\.Sh / {
    skipping = 0
    if ($0 ~ /^\.Sh "?EXIT STATUS"?$/) { if (!inserted) insert(); skipping = 1; next }
    if (!inserted && $0 ~ /^\.Sh "?(EXAMPLES|DIAGNOSTICS|SEE ALSO|STANDARDS|HISTORY|AUTHORS|CAVEATS|BUGS)"?$/) insert()
  }
  !skipping { print }
  END { if (!inserted) insert() }
' "$generated"
