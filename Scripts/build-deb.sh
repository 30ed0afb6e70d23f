#!/bin/sh
# Packs chuck as a Debian binary package (what `make deb` runs, after `make install` into the tree):
#   Scripts/build-deb.sh WORK PACKAGE VERSION ARCH OUTPUT
# WORK/debian/PACKAGE holds the installed files (usr/bin/chuck, its man page, completions). This adds
# what Debian's policy asks for: the man page gzipped, /usr/share/doc/PACKAGE/copyright (DEP-5, the
# license) and changelog.gz (CHANGELOG.md in Debian's changelog format: a native package), and
# DEBIAN/ with control (Depends from dpkg-shlibdeps, plus libcurl4) and md5sums; then dpkg-deb builds
# OUTPUT. DEB_MAINTAINER overrides the Maintainer field.
#
# PACKAGE is chuck-jokes, not chuck: Debian's `chuck` is ChucK, an audio programming language that
# also installs /usr/bin/chuck, at a higher version (1.4.2.0-1) than ours. Under its name, apt would
# offer ChucK as an upgrade of this package. `Conflicts: chuck` makes apt ask before it swaps one for
# the other, either way.
set -eu

if [ "$#" -ne 5 ]; then
  echo "usage: $0 WORK PACKAGE VERSION ARCH OUTPUT" >&2
  exit 64
fi
work=$1 package=$2 version=$3 arch=$4 output=$5
here=$(cd "$(dirname "$0")" && pwd)
root="$work/debian/$package"
maintainer=${DEB_MAINTAINER:-chuck authors <maintainers@users.noreply.a-seed-bcecc433.example>}

for tool in dpkg-deb dpkg-shlibdeps gzip md5sum readelf; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "error: make deb needs $tool (Debian/Ubuntu: sudo apt-get install dpkg-dev)" >&2
    exit 1
  fi
done
if [ ! -x "$root/usr/bin/chuck" ]; then
  echo "error: $root/usr/bin/chuck is missing: make deb installs it there first" >&2
  exit 1
fi
built=$("$root/usr/bin/chuck" --version)
if [ "$built" != "$version" ]; then
  echo "error: the binary says version $built, ChuckVersion.swift says $version: run make again" >&2
  exit 1
fi
# dpkg-deb dates the archive, and clamps every file's time, to SOURCE_DATE_EPOCH: the version's
# date in CHANGELOG.md, so that the package does not depend on when it was made.
date=$("$here/release-date.sh" "$version")
SOURCE_DATE_EPOCH=$(date -u -d "$date" +%s)
export SOURCE_DATE_EPOCH

# Debian's policy: man pages and changelogs gzipped with -9, without a name or time inside (-n).
gzip -9nf "$root/usr/share/man/man1/chuck.1"

doc="$root/usr/share/doc/$package"
install -d "$doc"
install -m 644 "$here/../Documentation/copyright" "$doc/copyright"
# CHANGELOG.md's entries (`## [VERSION] - YYYY-MM-DD`) in Debian's format, newest first as there: each
# paragraph an item, each `### Heading` an item whose bullets follow under it, wrapped to 80 columns.
awk -v maintainer="$maintainer" -v package="$package" '
  function wrap(text, first, rest,   words, n, i, line, out) {
    n = split(text, words, /[ \t]+/)
    line = first
    for (i = 1; i <= n; i++) {
      if (words[i] == "") continue
      if (line != first && line != rest && length(line) + 1 + length(words[i]) > 80) {
        print line; line = rest
      }
      line = (line == first || line == rest) ? line words[i] : line " " words[i]
    }
    if (line != first && line != rest) print line
  }
  function flush() {
    if (text != "") wrap(text, first, rest)
    text = ""
  }
  function close_entry(   stamp, command) {
    flush()
    if (!open) return
    command = "date -u -R -d " entry_date
    command | getline stamp
    close(command)
    print ""
    print " -- " maintainer "  " stamp
    open = 0
  }
  /^## / {
    close_entry()
    # An entry without a date (`## [Unreleased]`) is not a version yet.
    if ($2 !~ /^\[.+\]$/ || $3 != "-" || $4 !~ /^[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]$/) next
    version = $2; gsub(/[][]/, "", version)
    entry_date = $4
    if (entries++) print ""
    print package " (" version ") unstable; urgency=medium"
    print ""
    open = 1; nested = 0
    next
  }
  !open { next }
  /^### / { flush(); print "  * " substr($0, 5) ":"; nested = 1; next }
  /^- / { flush(); text = substr($0, 3); first = nested ? "    - " : "  * "; rest = nested ? "      " : "    "; next }
  /^[ \t]*$/ { flush(); next }
  {
    if (text == "") { text = $0; first = "  * "; rest = "    "; nested = 0 }
    else text = text " " $0
  }
  END { close_entry() }
' "$here/../CHANGELOG.md" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# Depends: the libraries the binary links, as dpkg-shlibdeps finds them (it reads debian/control
# and the tree at debian/PACKAGE, from WORK), plus libcurl4: chuck loads libcurl.so.4 with dlopen on
# its first request, which dpkg-shlibdeps cannot see. Recommends: libsodium23, which chuck sync loads
# the same way (only a sync needs it), and git, which carries a sync folder that is a git clone.
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" > "$work/debian/control"
install -d -m 755 "$root/DEBIAN" # how dpkg-shlibdeps knows the package's tree and its $ORIGIN
shlibs=$(cd "$work" && dpkg-shlibdeps -O "debian/$package/usr/bin/chuck" | sed -n 's/^shlibs:Depends=//p')
if [ -z "$shlibs" ]; then
  echo "error: dpkg-shlibdeps found no libraries for usr/bin/chuck" >&2
  exit 1
fi
# Packed relative relocations (DT_RELR, Documentation/packaging.md) need glibc 2.36's loader: the
# binary records that as a version it needs from libc.so.6, GLIBC_ABI_DT_RELR, that no symbol
# carries. dpkg-shlibdeps (1.21) reads only the symbols a binary uses, so it says libc6 (>= 2.35),
# and the package would install where the binary cannot start. libc6's symbols file gives the
# version that defined it (GLIBC_ABI_DT_RELR@GLIBC_ABI_DT_RELR 2.36); the floor is raised to it.
if readelf -V "$root/usr/bin/chuck" | grep -q 'Name: GLIBC_ABI_DT_RELR '; then
  symbols=$(dpkg-query --control-path "libc6:$arch" symbols 2>/dev/null || true)
  relr=$(sed -n 's/^ GLIBC_ABI_DT_RELR@GLIBC_ABI_DT_RELR \([^ ]*\).*/\1/p' "${symbols:-/dev/null}" | head -n 1)
  relr=${relr:-2.36}
  floor=$(printf '%s\n' "$shlibs" | sed -n 's/.*libc6 (>= \([^)]*\)).*/\1/p')
  if [ -z "$floor" ]; then
    echo "error: dpkg-shlibdeps gave no libc6 (>= …) to raise to $relr for DT_RELR: $shlibs" >&2
    exit 1
  fi
  if dpkg --compare-versions "$floor" lt "$relr"; then
    shlibs=$(printf '%s\n' "$shlibs" | sed "s/libc6 (>= $floor)/libc6 (>= $relr)/")
  fi
fi
depends="$shlibs, libcurl4"

# Owner and modes as Debian expects them (dpkg-deb --root-owner-group makes every file root's).
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f -exec chmod 644 {} +
chmod 755 "$root/usr/bin/chuck"

installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: libsodium23, git
Conflicts: chuck
Section: utils
Priority: optional
Description: command-line joke collector (Chuck Norris, dad jokes and more)
 chuck fetches random jokes from five joke services (api.chucknorris.io,
 icanhazdadjoke, the Official Joke API, Switter, JokeAPI), keeps your own, and
 saves the ones you fetch in lists on disk, never the same joke twice. It lists
 and searches them, shows every field of a joke, has an interactive screen
 with a tab for every source, exports and imports fortune files, and picks a
 saved joke offline, as fortune does, for a shell start-up file, a status bar
 or the message of the day. Every command has --json output.
 .
 It is one binary with the Swift runtime linked in; libcurl is loaded only
 when a command uses the network. The command is chuck; it conflicts with the
 chuck package (ChucK, an audio programming language), which has a command of
 the same name.
CONTROL
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | LC_ALL=C sort |
  xargs md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

dpkg-deb --root-owner-group --build "$root" "$output"
