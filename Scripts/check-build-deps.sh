#!/bin/sh
# Checks, before a long build, what the static release build of chuck needs beyond Swift itself,
# and says which package to install. It installs nothing.
#
# Linking the Swift runtime statically (--static-swift-stdlib) links FoundationNetworking into
# the binary, and that links against the system's libcurl: without libcurl's development files
# the link fails at the very end with `cannot find -lcurl`.
set -u

status=0

if ! command -v "${SWIFT:-swift}" >/dev/null 2>&1; then
  echo "error: no Swift toolchain on PATH: building chuck needs Swift 6.2 or later (swift.org/install)." >&2
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
  The static build links Foundation's networking into chuck, and that needs them.
  Debian/Ubuntu:  sudo apt-get install libcurl4-openssl-dev
  Fedora/RHEL:    sudo dnf install libcurl-devel
Then run make again.
MESSAGE
  status=1
fi

exit "$status"
