#!/usr/bin/env bash
# CI: `make dist`, then every file it made is checked: SHA256SUMS verifies with `sha256sum -c` and
# lists exactly the tarball, the .deb and the .rpm; each carries the same binary and the license;
# the tarball's layout, owners and gzip header; the .deb's Depends (glibc 2.36, libcurl4); the
# .rpm's name, files, requirements (libcurl, glibc's DT_RELR), conflict with chuck, and rpmlint.
# (The .deb is installed and removed by install-check.sh.)
# Runs from any directory, after the release build (make) is there or not.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

checks=0
pass() { checks=$((checks + 1)); printf 'ok: %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make dist </dev/null >"$work/make-dist" 2>&1 || fail "make dist: $(tail -n 30 "$work/make-dist")"
version=$(.build-install/stage/chuck --version)
arch=$(dpkg --print-architecture)
tarball=chuck-$version-x86_64-linux-gnu.tar.gz deb=chuck-jokes_${version}_$arch.deb
rpm=chuck-jokes-$version-1.x86_64.rpm

(cd dist && sha256sum --strict -c SHA256SUMS) || fail "sha256sum -c SHA256SUMS in dist/"
[[ "$(awk '{print $2}' dist/SHA256SUMS | sort)" == "$(printf '%s\n' "$tarball" "$deb" "$rpm" | sort)" ]] ||
  fail "SHA256SUMS lists: $(awk '{print $2}' dist/SHA256SUMS)"
[[ "$(ls dist | sort)" == "$(printf '%s\n' SHA256SUMS "$tarball" "$deb" "$rpm" | sort)" ]] ||
  fail "dist/ holds: $(ls dist)"
pass "dist/ holds $tarball, $deb, $rpm and SHA256SUMS, which sha256sum -c verifies"

# The tarball: one folder laid out as a prefix, root's files, no name or time in the gzip header.
top=chuck-$version-x86_64-linux-gnu
expected=$(printf '%s\n' "$top/" "$top/LICENSE" "$top/README.md" "$top/bin/" "$top/bin/chuck" "$top/share/" \
  "$top/share/bash-completion/" "$top/share/bash-completion/completions/" \
  "$top/share/bash-completion/completions/chuck" "$top/share/fish/" "$top/share/fish/vendor_completions.d/" \
  "$top/share/fish/vendor_completions.d/chuck.fish" "$top/share/man/" "$top/share/man/man1/" \
  "$top/share/man/man1/chuck.1" "$top/share/zsh/" "$top/share/zsh/site-functions/" \
  "$top/share/zsh/site-functions/_chuck")
[[ "$(tar -tzf "dist/$tarball")" == "$expected" ]] || fail "the tarball lists: $(tar -tzf "dist/$tarball")"
if tar -tvzf "dist/$tarball" | awk '$2 != "0/0"' | grep .; then fail "a file of the tarball is not root's"; fi
python3 -c 'import sys; h = open(sys.argv[1], "rb").read(10)
sys.exit(0 if h[:2] == b"\x1f\x8b" and not h[3] & 0x08 and h[4:8] == bytes(4) else 1)' "dist/$tarball" ||
  fail "the tarball's gzip header has a file name or a time (gzip -n)"
mkdir "$work/tar" && tar -xzf "dist/$tarball" -C "$work/tar"
[[ "$("$work/tar/$top/bin/chuck" --version)" == "$version" ]] || fail "the tarball's chuck --version"
cmp "$work/tar/$top/bin/chuck" .build-install/stage/chuck || fail "the tarball's chuck is not the staged one"
cmp "$work/tar/$top/LICENSE" LICENSE || fail "the tarball's LICENSE"
pass "the tarball: one folder laid out as a prefix, root's, gzip -n, chuck --version $version, LICENSE"

# The .deb carries the same binary, and the license as its copyright file.
mkdir "$work/deb" && dpkg-deb -x "dist/$deb" "$work/deb"
cmp "$work/deb/usr/bin/chuck" .build-install/stage/chuck || fail "the .deb's chuck is not the staged one"
grep -q 'Permission is hereby granted' "$work/deb/usr/share/doc/chuck-jokes/copyright" ||
  fail "the .deb's copyright file has no MIT license text"
# The binary's packed relocations need glibc 2.36 (GLIBC_ABI_DT_RELR, which dpkg-shlibdeps does not
# see: Scripts/build-deb.sh raises the floor), so apt refuses the package where it would not start.
depends=$(dpkg-deb -f "dist/$deb" Depends)
[[ "$depends" == "libc6 (>= 2.36), "*", libcurl4" ]] || fail "the .deb's Depends: $depends"
pass "the .deb: the same binary, the MIT license in /usr/share/doc/chuck-jokes/copyright, Depends: $depends"

# The .rpm.
query() { rpm -qp --queryformat "$1" "dist/$rpm"; }
[[ "$(query '%{NAME} %{VERSION} %{RELEASE} %{ARCH} %{LICENSE}')" == "chuck-jokes $version 1 x86_64 MIT" ]] ||
  fail "the .rpm is $(query '%{NAME} %{VERSION} %{RELEASE} %{ARCH} %{LICENSE}')"
expected=$(printf '%s\n' /usr/bin/chuck /usr/share/bash-completion/completions/chuck /usr/share/doc/chuck-jokes \
  /usr/share/doc/chuck-jokes/README.md /usr/share/fish/vendor_completions.d/chuck.fish \
  /usr/share/licenses/chuck-jokes /usr/share/licenses/chuck-jokes/LICENSE /usr/share/man/man1/chuck.1.gz \
  /usr/share/zsh/site-functions/_chuck)
[[ "$(rpm -qpl "dist/$rpm")" == "$expected" ]] || fail "rpm -qpl lists: $(rpm -qpl "dist/$rpm")"
requires=$(rpm -qp --requires "dist/$rpm")
grep -qx 'libcurl.so.4()(64bit)' <<<"$requires" || fail "the .rpm does not require libcurl: $requires"
grep -q '^libc.so.6(GLIBC_' <<<"$requires" || fail "the .rpm's requirements have no glibc: $requires"
grep -qx 'libc.so.6(GLIBC_ABI_DT_RELR)(64bit)' <<<"$requires" ||
  fail "the .rpm does not require glibc's DT_RELR (2.36) for the packed relocations: $requires"
[[ "$(rpm -qp --conflicts "dist/$rpm")" == chuck ]] || fail "the .rpm conflicts with: $(rpm -qp --conflicts "dist/$rpm")"
mkdir "$work/rpm" && (cd "$work/rpm" && rpm2cpio "$OLDPWD/dist/$rpm" | cpio -idm --quiet)
cmp "$work/rpm/usr/bin/chuck" .build-install/stage/chuck || fail "the .rpm's chuck is not the staged one"
cmp "$work/rpm/usr/share/licenses/chuck-jokes/LICENSE" LICENSE || fail "the .rpm's LICENSE"
pass "the .rpm: chuck-jokes $version, rpm -qpl as expected, requires libcurl.so.4 and glibc with DT_RELR, conflicts with chuck"

# rpmlint: no error but those .ci/rpmlintrc.toml accepts, with its reasons; warnings shown.
rpmlint -c .ci/rpmlintrc.toml "dist/$rpm" >"$work/rpmlint" 2>&1 || {
  cat "$work/rpmlint"
  fail "rpmlint reports an error on $rpm"
}
grep -E '^[^ ]+: [WE]: ' "$work/rpmlint" || true
pass "rpmlint reports no error on the .rpm ($(grep -c ': W: ' "$work/rpmlint" || true) warnings)"

echo "dist check: all $checks checks passed"
