#!/bin/sh
# Packs the staged build as an RPM package, chuck-jokes (what `make dist` runs):
#   Scripts/build-rpm.sh STAGE PACKAGE VERSION OUTPUT
# STAGE holds what `make` builds. rpmbuild (Debian's `rpm` package) packs it with no build step of
# its own: the binary is the one of the tarball and the .deb. Named chuck-jokes like the .deb, with
# Conflicts: chuck (ChucK, an audio language, is `chuck` in other distributions too). It requires
# libcurl.so.4()(64bit), the soname that chuck loads with dlopen (rpm's dependency generator cannot
# see it): Fedora's and RHEL's libcurl (or libcurl-minimal) and openSUSE's libcurl4 provide it. The
# other dependencies (glibc, libstdc++, libgcc) are generated from the binary. Reproducible: the
# build time and every file's time are the version's CHANGELOG.md date (SOURCE_DATE_EPOCH) and the
# build host is a fixed name. URL: the home page when the build was given one (make HOMEPAGE=…).
set -eu

if [ "$#" -ne 4 ]; then
  echo "usage: $0 STAGE PACKAGE VERSION OUTPUT" >&2
  exit 64
fi
stage=$(cd "$1" && pwd) package=$2 version=$3 output=$4
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v rpmbuild >/dev/null 2>&1; then
  echo "error: make dist needs rpmbuild (Debian/Ubuntu: sudo apt-get install rpm)" >&2
  exit 1
fi
date=$("$here/release-date.sh" "$version")
packager=${DEB_MAINTAINER:-chuck authors <maintainers@users.noreply.a-seed-bcecc433.example>}
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(date -u -d "$date" +%s)}
export SOURCE_DATE_EPOCH

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/../LICENSE" "$here/../README.md" "$work/"

cat > "$work/$package.spec" <<SPEC
Name: $package
Version: $version
Release: 1
Summary: Command-line joke collector (Chuck Norris, dad jokes and more)
License: MIT
Group: Amusements/Games
Packager: $packager
${CHUCK_HOMEPAGE:+URL: $CHUCK_HOMEPAGE}
BuildArch: x86_64
Requires: libcurl.so.4()(64bit)
Recommends: libsodium.so.23()(64bit)
Conflicts: chuck

%description
chuck fetches random jokes from public joke services and keeps the ones you
fetch in a list on disk, never the same joke twice. It lists them, searches,
shows every field of a joke and picks a saved joke at random offline, for a
shell start-up file. Every command has --json output. It is one binary with
the Swift runtime linked in; libcurl is loaded only when a command uses the
network. The command is chuck; the package conflicts with chuck (ChucK, an
audio programming language), which has a command of the same name.

%install
install -D -m 755 $stage/chuck %{buildroot}%{_bindir}/chuck
install -D -m 644 $stage/chuck.1 %{buildroot}%{_mandir}/man1/chuck.1
install -D -m 644 $stage/chuck.bash %{buildroot}%{_datadir}/bash-completion/completions/chuck
install -D -m 644 $stage/_chuck %{buildroot}%{_datadir}/zsh/site-functions/_chuck
install -D -m 644 $stage/chuck.fish %{buildroot}%{_datadir}/fish/vendor_completions.d/chuck.fish
gzip -9n %{buildroot}%{_mandir}/man1/chuck.1
cp %{_sourcedir}/LICENSE %{_sourcedir}/README.md .

%files
%license LICENSE
%doc README.md
%{_bindir}/chuck
%{_mandir}/man1/chuck.1.gz
%{_datadir}/bash-completion/completions/chuck
%{_datadir}/zsh/site-functions/_chuck
%{_datadir}/fish/vendor_completions.d/chuck.fish

%changelog
* $(LC_ALL=C date -u -d "$date" '+%a %b %d %Y') $packager - $version-1
- chuck $version: what it added is in CHANGELOG.md of its source
SPEC

# The binary is already stripped, and stays as the tarball has it: no post-install processing, no
# debug package, no /usr/lib/.build-id links (the binary has no build id: it would differ between
# two builds of the same commit).
rpmbuild -bb --quiet \
  --define "_topdir $work/top" --define "_sourcedir $work" --define "_builddir $work/build" \
  --define "_rpmdir $work/out" --define "__os_install_post %{nil}" \
  --define "debug_package %{nil}" --define "_build_id_links none" \
  --define "use_source_date_epoch_as_buildtime 1" --define "clamp_mtime_to_source_date_epoch 1" \
  --define "_buildhost reproducible" --define "_binary_payload w9.gzdio" \
  --define "_docdir_fmt %%{NAME}" \
  "$work/$package.spec" >"$work/rpmbuild.log" 2>&1 || {
  cat "$work/rpmbuild.log" >&2
  exit 1
}
built=$(find "$work/out" -name '*.rpm')
mv "$built" "$output"
