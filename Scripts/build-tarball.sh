#!/bin/sh
# Packs the staged build as a tarball for any x86_64 Linux with glibc 2.36 or later (what `make dist` runs):
#   Scripts/build-tarball.sh STAGE VERSION TRIPLE OUTPUT
# STAGE holds what `make` builds (chuck, chuck.1, chuck.bash, _chuck, chuck.fish). The tarball has
# one folder, chuck-VERSION-TRIPLE/, laid out as a prefix, so that it unpacks anywhere and
#   tar -xzf OUTPUT -C /usr/local --strip-components=1
# installs it: bin/chuck, share/man/man1/chuck.1, the three completions, and LICENSE and
# README.md at the top. Reproducible: files sorted by name, owned by root, dated by the version's
# CHANGELOG.md entry (SOURCE_DATE_EPOCH), and gzip without a name or time.
set -eu

if [ "$#" -ne 4 ]; then
  echo "usage: $0 STAGE VERSION TRIPLE OUTPUT" >&2
  exit 64
fi
stage=$1 version=$2 triple=$3 output=$4
here=$(cd "$(dirname "$0")" && pwd)
date=$("$here/release-date.sh" "$version")
epoch=${SOURCE_DATE_EPOCH:-$(date -u -d "$date" +%s)}

name="chuck-$version-$triple"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree="$work/$name"
install -d "$tree/bin" "$tree/share/man/man1" "$tree/share/bash-completion/completions" \
  "$tree/share/zsh/site-functions" "$tree/share/fish/vendor_completions.d"
install -m 755 "$stage/chuck" "$tree/bin/chuck"
install -m 644 "$stage/chuck.1" "$tree/share/man/man1/chuck.1"
install -m 644 "$stage/chuck.bash" "$tree/share/bash-completion/completions/chuck"
install -m 644 "$stage/_chuck" "$tree/share/zsh/site-functions/_chuck"
install -m 644 "$stage/chuck.fish" "$tree/share/fish/vendor_completions.d/chuck.fish"
install -m 644 "$here/../LICENSE" "$here/../README.md" "$tree/"
find "$tree" -type d -exec chmod 755 {} +

tar --create --format=gnu --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
  --directory "$work" "$name" | gzip -9n > "$output.tmp"
mv "$output.tmp" "$output"
