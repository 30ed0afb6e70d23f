#!/bin/sh
# Checks, before a long build, what the static release build of chuck needs beyond Swift itself,
# and says which package to install. It installs nothing.
#
# chuck calls libcurl directly: the CCurl shim is compiled against curl's headers (libcurl itself
# is loaded at run time with dlopen, never linked). Without the headers the build fails with
# `'curl/curl.h' file not found`.
set -u

status=0

if ! command -v "${SWIFT:-swift}" >/dev/null 2>&1; then
  echo "error: no Swift toolchain on PATH: building chuck needs Swift 6.2 or later (swift.org/install)." >&2
  status=1
fi

# The release build links with the toolchain's lld (-use-ld=lld, for packed relocations): clang
# looks for ld.lld beside itself, then on PATH. swift.org's Linux toolchains ship it.
swift_bin=$(command -v "${SWIFT:-swift}" 2>/dev/null) && swift_dir=$(dirname "$(readlink -f "$swift_bin")")
if [ -n "${swift_dir:-}" ] && ! [ -x "$swift_dir/ld.lld" ] && ! command -v ld.lld >/dev/null 2>&1; then
  echo "error: no ld.lld beside $swift_dir/swift or on PATH: the release build links with the Swift toolchain's lld (swift.org/install ships it)." >&2
  status=1
fi

# libstdc++ is linked in statically (the Makefile's STATIC_CXX, for start-up speed): its archive
# comes with gcc's C++ development files, which the Swift toolchain needs anyway.
if ! [ -f "$(clang -print-file-name=libstdc++.a 2>/dev/null)" ]; then
  cat >&2 <<'MESSAGE'
error: no libstdc++.a (clang -print-file-name=libstdc++.a finds none): the release build links
  libstdc++ statically, for start-up speed.
  Debian/Ubuntu:  sudo apt-get install libstdc++-12-dev   (the version of your gcc)
  Fedora/RHEL:    sudo dnf install libstdc++-static
MESSAGE
  status=1
fi

if pkg-config --exists libcurl 2>/dev/null; then
  :
elif ls /usr/include/curl/curl.h /usr/include/*/curl/curl.h /usr/local/include/curl/curl.h \
  >/dev/null 2>&1; then
  :
else
  cat >&2 <<'MESSAGE'
error: libcurl's development files are missing (no curl/curl.h, no libcurl.pc).
  chuck's libcurl shim (Sources/CCurl) is compiled against curl/curl.h.
  Debian/Ubuntu:  sudo apt-get install libcurl4-openssl-dev
  Fedora/RHEL:    sudo dnf install libcurl-devel
Then run make again.
MESSAGE
  status=1
fi

exit "$status"
