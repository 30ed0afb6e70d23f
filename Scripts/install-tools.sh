#!/usr/bin/env bash
# Installs, on Debian or Ubuntu, the packages that a step of chuck's work needs and this machine
# lacks, naming each one and what it is for first. What `make run`, `make test`, `make dist` and
# CI (.ci/run, .ci/install-check.sh) call before they start, so that a fresh machine needs no
# set-up by hand:
#   Scripts/install-tools.sh build|test|package|dist...
# build: what the release build needs beyond Swift (curl's headers, strip); test: what the tests
# run (Python for the fake API, real servers, shells, tmux); package: what `make deb` and the
# install check use; dist: rpmbuild and rpmlint for `make dist`. With nothing missing it installs
# nothing and prints nothing. As root it runs apt-get itself; otherwise through sudo (which may ask
# for a password). Swift itself is not a Debian package: without it, it says where to get it.
set -euo pipefail

if (($# == 0)); then
  echo "usage: $0 build|test|package|dist..." >&2
  exit 64
fi

missing=() reasons=()
need() { # PACKAGE REASON: PACKAGE is missing, for REASON (once, whatever the steps)
  local package
  for package in "${missing[@]}"; do [[ "$package" == "$1" ]] && return; done
  missing+=("$1")
  reasons+=("$2")
}
have() { command -v "$1" >/dev/null 2>&1; }
curl_headers() {
  pkg-config --exists libcurl 2>/dev/null ||
    ls /usr/include/curl/curl.h /usr/include/*/curl/curl.h /usr/local/include/curl/curl.h >/dev/null 2>&1
}

steps=("$@")
# The tests build chuck too.
[[ " ${steps[*]} " == *" test "* ]] && steps=(build "${steps[@]}")
for step in "${steps[@]}"; do
  case $step in
  build)
    if ! have "${SWIFT:-swift}"; then
      echo "error: no Swift toolchain on PATH: chuck needs Swift 6.2 or later (swift.org/install)" >&2
      exit 1
    fi
    curl_headers || need libcurl4-openssl-dev "curl's headers, for the libcurl shim (Sources/CCurl)"
    have strip && have readelf || need binutils "strip and readelf, for the release binary"
    have make || need make "the Makefile"
    ;;
  test)
    have python3 || need python3 "the fake services the end-to-end tests start"
    have openssl || need openssl "throwaway TLS certificates for the transport tests"
    [[ -x /usr/sbin/nginx ]] || need nginx "the transport tests' TLS, HTTP/2 and gzip server"
    [[ -x /usr/bin/tinyproxy ]] || need tinyproxy "the transport tests' CONNECT proxy"
    have unshare || need util-linux "unshare: a network namespace with no DNS, for the resolver tests"
    have ip || need iproute2 "ip: loopback inside that namespace"
    have tmux || need tmux "a terminal for the screen's end-to-end tests"
    [[ -x /usr/bin/fenrir ]] || need fenrir "Fenrir, the screen reader the screen's spoken-text tests listen through"
    have strace || need strace "strace's fault injection, for the crash matrix and the transaction tests"
    have zsh || need zsh "the zsh completion tests"
    have fish || need fish "the fish completion tests"
    [[ -x /usr/games/cowsay ]] || need cowsay "the cowsay recipe's test"
    have run-parts || need debianutils "run-parts, for the motd recipe's test"
    [[ -x /usr/bin/strfile && -x /usr/games/fortune ]] ||
      need fortune-mod "strfile and fortune, which read chuck export's fortune files in the tests"
    have git || need git "git, the engine of the sync tests' repositories (a bare one and clones)"
    have syncthing || need syncthing "Syncthing, the engine of the sync test between two machines"
    /sbin/ldconfig -p | grep -q 'libsodium\.so\.23 ' ||
      need libsodium23 "libsodium, which seals the sync tests' records"
    ;;
  package)
    have man || need man-db "man, to check the man page"
    have col || need bsdextrautils "col, to read the rendered man page"
    have strip && have readelf || need binutils "strip and readelf, for the release binary"
    have dpkg-shlibdeps || need dpkg-dev "dpkg-shlibdeps and dpkg-scanpackages, for the .deb"
    have lintian || need lintian "lintian, to check the .deb"
    ;;
  dist)
    have dpkg-shlibdeps || need dpkg-dev "dpkg-shlibdeps, for the .deb"
    have rpmbuild || need rpm "rpmbuild, for the .rpm"
    have rpmlint || need rpmlint "rpmlint, to check the .rpm"
    have cpio || need cpio "cpio, to unpack the .rpm in CI's check"
    ;;
  *)
    echo "error: unknown step '$step' (build, test, package or dist)" >&2
    exit 64
    ;;
  esac
done

((${#missing[@]})) || exit 0

echo "chuck needs these packages, which this machine lacks:"
for i in "${!missing[@]}"; do
  printf '  %-22s %s\n' "${missing[$i]}" "${reasons[$i]}"
done
if ! have apt-get; then
  echo "error: no apt-get here: install them with your system's package manager, then run again" >&2
  exit 1
fi
run_as_root=()
if ((EUID != 0)); then
  if ! have sudo; then
    echo "error: not root and no sudo: as root, run: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  run_as_root=(sudo)
fi
echo "installing them: ${run_as_root[*]:+${run_as_root[*]} }apt-get install ${missing[*]}"
"${run_as_root[@]}" apt-get update -qq
"${run_as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 ||
  { echo "error: apt-get install ${missing[*]} failed" >&2; exit 1; }
