# Installs chuck as a self-contained Linux tool: a release binary with the Swift runtime linked
# in statically (so it runs where no Swift toolchain is installed), stripped, with its man page
# and its bash, zsh and fish completions.
#
# The two commands of a fresh machine (Debian/Ubuntu; the packages it lacks are named, then
# installed with apt-get, through sudo when not root, by Scripts/install-tools.sh):
#   make run [ARGS=…]          install what the build lacks, build, and run chuck with ARGS
#   make test                  install what the tests lack, then run them and the crash matrix,
#                              as CI does
#
#   make                       build everything into $(SCRATCH)/stage, install nothing
#   make HOMEPAGE=https://…    the same, with the project's home page recorded in the binary: the
#                              User-Agent that icanhazdadjoke asks for names it (none without it)
#   make install               install under PREFIX (default /usr/local); DESTDIR is honoured
#   make uninstall             remove exactly the files `make install` put there
#   make deb                   build $(DEBDIR)/chuck-jokes_<version>_<arch>.deb (Debian package) from a
#                              `make install DESTDIR=… PREFIX=/usr` tree; DEBDIR defaults to $(SCRATCH)
#   make dist                  the release files in $(DISTDIR) (default dist/): the tarball
#                              chuck-<version>-x86_64-linux-gnu.tar.gz, the .deb, the .rpm
#                              (chuck-jokes-<version>-1.x86_64.rpm) and SHA256SUMS for sha256sum -c
#   make clean                 remove $(SCRATCH) and dist/ (and the .deb, when DEBDIR is elsewhere)
#   make check-build-deps      say what the build needs and is missing (libcurl headers)
#   make tools / test-tools    only install what the build / the tests lack
#   make size-report           write Documentation/binary-size.md: the stripped binary's bytes by
#                              library and by section (Scripts/size-report.py)
#
# The build has its own scratch folder so that it never touches the .build of `swift build`.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
MANDIR ?= $(DATAROOTDIR)/man
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATAROOTDIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATAROOTDIR)/fish/vendor_completions.d

SWIFT ?= swift
STRIP ?= strip
INSTALL ?= install
SCRATCH ?= .build-install
STAGE := $(SCRATCH)/stage
DEBDIR ?= $(SCRATCH)

# The one version, as `chuck --version` prints it; the Debian architecture is asked for only by
# `make deb` (deferred), so that the other targets need no dpkg.
# The packages' name: Debian's `chuck` is ChucK, an audio language (Documentation/packaging.md).
# The command stays `chuck`.
PACKAGE := chuck-jokes
VERSION := $(shell sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/ChuckCore/ChuckVersion.swift)
DEB_ARCH = $(shell dpkg --print-architecture)
DISTDIR ?= dist
MACHINE = $(shell uname -m)
TARBALL = $(DISTDIR)/chuck-$(VERSION)-$(MACHINE)-linux-gnu.tar.gz
RPM = $(DISTDIR)/$(PACKAGE)-$(VERSION)-1.$(MACHINE).rpm
DEB = $(DEBDIR)/$(PACKAGE)_$(VERSION)_$(DEB_ARCH).deb
# dpkg-shlibdeps wants the package's tree at debian/<package> beside a debian/control.
DEB_WORK := $(SCRATCH)/deb
DEB_ROOT := $(DEB_WORK)/debian/$(PACKAGE)

# The installed files, relative to DESTDIR: `install` writes them, `uninstall` removes them.
INSTALLED_BIN := $(BINDIR)/chuck
INSTALLED_MAN := $(MANDIR)/man1/chuck.1
INSTALLED_BASH := $(BASHCOMPDIR)/chuck
INSTALLED_ZSH := $(ZSHCOMPDIR)/_chuck
INSTALLED_FISH := $(FISHCOMPDIR)/chuck.fish

# The size levers of the release build (Documentation/packaging.md has the measurements):
# - the toolchain's lld (`-use-ld=lld`, ld.lld beside swift) instead of gold, for packed relative
#   relocations (`-z pack-relative-relocs`, DT_RELR): the position-independent executable's
#   relative relocations take about 8 KB instead of 0.93 MiB of .rela.dyn. The binary then needs
#   glibc 2.36 or later (GLIBC_ABI_DT_RELR): a decision, not an accident (packaging.md says why);
# - no dynamic export of our own symbols (the toolchain's static-stdlib link asks for
#   -export-dynamic, which exports every public symbol of ChuckCore and ArgumentParser and so keeps
#   all of them alive through --gc-sections);
# - lld's safe identical-code folding (only the objects with an address-significance table, which
#   clang writes and swiftc does not);
# - Package.swift optimises the executable target, not the library, for size.
# The same flags go to the man page generator's build in the same folder, so that it reuses what
# is compiled there. The link map (lld's format) feeds `make size-report`.
#
# Reproducible builds: the same commit gives the same bytes in any folder (Documentation/
# packaging.md). Two things carried the folder's absolute path:
# - .swift_modhash: the MD5 of each object's LLVM module, kept so that an incremental build can skip
#   LLVM when the IR did not change; the module is named after its object file's absolute path.
#   -disable-incremental-llvm-codegen leaves the section zero (release builds here start over anyway).
# - the debug info, over which the linker computes the build id: the checkout's path, mapped to `.`
#   for Swift and C (__FILE__ too), and the skeleton units pointing at the clang modules' cache files
#   (CCurl-<hash>.pcm, a hash of the module map's absolute path), not emitted.
REPRODUCIBLE_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen \
  -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. -Xcc -ffile-prefix-map=$(CURDIR)=. \
  -Xswiftc -Xfrontend -Xswiftc -no-clang-module-breadcrumbs
# Start-up speed: the compiler refers to a generic type's metadata (DecodedIndex<ServiceJoke<…>>,
# [String: Int]) by its mangled name, which the runtime demangles at the first use and checks by
# scanning every protocol conformance in the binary (about 0.2 M instructions per type; `pick
# --source all` made six). With the accessors called directly, `pick` runs 7 % fewer instructions
# and `pick --source all` 26 % fewer, for 62 KB of code (Documentation/performance.md).
SPEED_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# Start-up speed too: libstdc++ linked in statically, as the Swift runtime is. Loaded as a shared
# library, it had the dynamic loader resolve its symbols at every start: 1.5 M instructions, more
# than everything `pick` does itself (Documentation/packaging.md). The toolchain's link names it
# `-lstdc++`, which finds the shared library first in gcc's folder; a folder of its own that holds
# only the archive (clang -print-file-name finds it), searched first, makes the same name the
# archive. libstdc++'s license (GPL with the GCC Runtime Library Exception) allows this.
STATIC_CXX := $(abspath $(SCRATCH))/static-libstdc++
RELEASE_FLAGS = -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
  -Xlinker --no-export-dynamic -Xlinker --icf=safe -Xswiftc -L$(STATIC_CXX) \
  -Xlinker -Map=$(abspath $(SCRATCH))/chuck.map $(REPRODUCIBLE_FLAGS) $(SPEED_FLAGS) \
  -Xlinker $(HOMEPAGE_OBJECT)

# The project's home page, only when the builder gives one: it goes into a User-Agent header and a
# C string, so it must be an http(s) address of plain URL characters.
HOMEPAGE ?=
ifneq ($(HOMEPAGE),)
ifneq ($(shell printf '%s\n' '$(HOMEPAGE)' | grep -Ecx 'https?://[A-Za-z0-9._~:/?#@!&()*+,;=%-]+'),1)
$(error HOMEPAGE must be an http:// or https:// address, without spaces or quotes: $(HOMEPAGE))
endif
endif
# It is linked in, not compiled in: a one-line C object defines chuck_home_page_text (the library's
# own definition, Sources/CBuildSettings, is a weak empty one) and goes to the link with -Xlinker.
# Its name carries a hash of the value, so a new HOMEPAGE is a new link command: SwiftPM relinks the
# binary and compiles nothing again (it did compile everything, when the value was a C define).
# The .rpm's URL field names it too (Scripts/build-rpm.sh): exported to every recipe, empty when
# not given.
export CHUCK_HOMEPAGE := $(HOMEPAGE)
HOMEPAGE_HASH := $(shell printf '%s' '$(HOMEPAGE)' | sha256sum | cut -c1-16)
HOMEPAGE_OBJECT := $(abspath $(SCRATCH))/homepage-$(HOMEPAGE_HASH).o
# Going back to an earlier value finds its object already there, older than the binary: this file
# holds the last value and is rewritten only when it differs, so that make relinks then too.
HOMEPAGE_STAMP := $(SCRATCH)/homepage.txt
$(shell mkdir -p $(SCRATCH) && { [ -f $(HOMEPAGE_STAMP) ] && \
  [ "$$(cat $(HOMEPAGE_STAMP))" = '$(HOMEPAGE)' ] || printf '%s' '$(HOMEPAGE)' > $(HOMEPAGE_STAMP); })

# The test command, here only: `make test` and CI (.ci/run) both run it. The tests and the coverage
# come from one build (`make build-tests`, which CI runs beside its other builds); the tests run
# from it without building again. The end-to-end tests, the crash matrix and the Syncthing test
# run CHUCK_BIN: by default the release binary that `make install` installs and CI ships (the
# debug one costs two to three times the processor a run: `make test` takes over 8 minutes with
# it); `make test CHUCK_BIN=$$PWD/.build/debug/chuck` tests the debug build.
BUILD_TESTS_COMMAND := $(SWIFT) build --build-tests --enable-code-coverage
TEST_COMMAND := $(SWIFT) test --skip-build --enable-code-coverage
CHUCK_BIN ?= $(abspath $(STAGE))/chuck
# `make test-one FILTER=SuiteName`: the fast loop, one suite or module after an incremental build.
FILTER ?=
ARGS ?=

SOURCES := Package.swift $(wildcard Package.resolved) $(shell find Sources -type f)
STAGED := $(STAGE)/chuck $(STAGE)/chuck.1 $(STAGE)/chuck.bash $(STAGE)/_chuck $(STAGE)/chuck.fish
# swift-argument-parser's man page generator, built in the release folder with the release flags.
GENERATE_MANUAL := $(SCRATCH)/release/generate-manual

.PHONY: all install uninstall deb dist clean check-build-deps size-report run test tools test-tools \
  build-tests test-one
.DELETE_ON_ERROR:

all: $(STAGED)

tools:
	@Scripts/install-tools.sh build
test-tools:
	@Scripts/install-tools.sh test

# The release binary that `make install` installs; ARGS are chuck's (make run ARGS='list --json').
run: tools
	@$(MAKE) --no-print-directory $(STAGE)/chuck
	$(STAGE)/chuck $(ARGS)

# After the tests, the crash matrix (Scripts/crash-matrix.py) runs CHUCK_BIN: every writing
# command killed or failed at each of its file syscalls, through strace; then chuck sync between
# two machines through two real Syncthing instances on loopback.
test: test-tools build-tests $(STAGE)/chuck
	CHUCK_BIN=$(CHUCK_BIN) $(TEST_COMMAND)
	python3 Scripts/crash-matrix.py --chuck $(CHUCK_BIN)
	python3 Scripts/sync-syncthing-test.py $(CHUCK_BIN)

# The one debug build that the tests and the coverage come from (incremental: nothing to do when
# nothing changed).
build-tests:
	@Scripts/check-build-deps.sh
	$(BUILD_TESTS_COMMAND)

# One suite, one test or one module (swift test's --filter): `make test-one FILTER=PickTests`.
test-one: build-tests $(STAGE)/chuck
	@[ -n "$(FILTER)" ] || { echo "usage: make test-one FILTER=SuiteOrModule" >&2; exit 64; }
	CHUCK_BIN=$(CHUCK_BIN) $(SWIFT) test --skip-build --filter '$(FILTER)'

# The libcurl shim is compiled against curl's headers; without them the build fails late and
# obscurely (`curl/curl.h not found`), so say so first.
check-build-deps:
	@Scripts/check-build-deps.sh

# The Makefile is a prerequisite: it holds the build's flags. Every build in $(SCRATCH) (this one,
# the man page generator's) uses the same flags, static runtime included, so SwiftPM's one plan per
# folder always describes this binary; the checks below still refuse a dynamically linked one.
# No RUNPATH of $$ORIGIN (--disable-local-rpath): chuck dlopens libcurl.so.4, and a library of
# that name beside the installed binary must never win over the system's.
$(STAGE)/chuck: $(SOURCES) $(HOMEPAGE_OBJECT) $(HOMEPAGE_STAMP) Makefile
	@Scripts/check-build-deps.sh
	@mkdir -p $(STATIC_CXX)
	ln -sf "$$(clang -print-file-name=libstdc++.a)" $(STATIC_CXX)/libstdc++.a
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath \
	  --scratch-path $(SCRATCH) --product chuck $(RELEASE_FLAGS)
	@if readelf -d $(SCRATCH)/release/chuck | grep -q 'NEEDED.*libswiftCore'; then \
	  echo "error: $(SCRATCH)/release/chuck links the Swift runtime dynamically" >&2; exit 1; fi
	@if readelf -d $(SCRATCH)/release/chuck | grep -q 'NEEDED.*libstdc++'; then \
	  echo "error: $(SCRATCH)/release/chuck links libstdc++ dynamically" >&2; exit 1; fi
	@mkdir -p $(STAGE)
	cp $(SCRATCH)/chuck.map $(STAGE)/chuck.map
	cp $(SCRATCH)/release/chuck $@.tmp
	$(STRIP) $@.tmp
	mv $@.tmp $@

# The man page comes from the same declarations as --help (swift-argument-parser's
# generate-manual tool, run on the staged binary), dated by the version's CHANGELOG entry so that
# it is the same on every machine, and completed with Documentation/chuck.1.sections (environment, files, exit status).
# The man page and the completion scripts are made with no config file (CHUCK_CONFIG empty): the
# sources that the builder's own config declares ([sources.NAME]) would otherwise be listed in
# --source's help and completions, and shipped.
$(STAGE)/chuck.1: $(STAGE)/chuck $(GENERATE_MANUAL) CHANGELOG.md Documentation/chuck.1.sections \
  Scripts/generate-manpage.sh Scripts/release-date.sh
	CHUCK_CONFIG= Scripts/generate-manpage.sh $(GENERATE_MANUAL) $(STAGE)/chuck \
	  Documentation/chuck.1.sections > $@

# The generator is a product of swift-argument-parser. Built in the same folder with the same flags
# as chuck, it reuses the ArgumentParser objects already there and compiles only its own few files.
# (swift-argument-parser's generate-manual plugin built the whole package again, with its own flags:
# a second release build of everything, every time.) Its link writes the map again, after the
# binary's own was copied out.
$(GENERATE_MANUAL): $(STAGE)/chuck
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath \
	  --scratch-path $(SCRATCH) --product generate-manual $(RELEASE_FLAGS)

# The home page's object (above): one C definition, no debug information, nothing of the folder.
$(HOMEPAGE_OBJECT):
	@mkdir -p $(SCRATCH)
	printf 'const char chuck_home_page_text[] = "%s";\n' '$(HOMEPAGE)' | clang -c -O2 -x c -o $@ -

# The bash script is sourced, never run: its `#!/bin/bash` line goes (lintian's
# bash-completion-with-hashbang).
$(STAGE)/chuck.bash: $(STAGE)/chuck
	CHUCK_CONFIG= $(STAGE)/chuck --generate-completion-script bash > $@
	sed -i '1{/^#!/d}' $@
$(STAGE)/_chuck: $(STAGE)/chuck
	CHUCK_CONFIG= $(STAGE)/chuck --generate-completion-script zsh > $@
$(STAGE)/chuck.fish: $(STAGE)/chuck
	CHUCK_CONFIG= $(STAGE)/chuck --generate-completion-script fish > $@

# The map of the staged binary's own link (the man page generator's link writes over the scratch
# folder's).
size-report: $(STAGE)/chuck
	Scripts/size-report.py $(STAGE)/chuck $(STAGE)/chuck.map > Documentation/binary-size.md.tmp
	mv Documentation/binary-size.md.tmp Documentation/binary-size.md

install: $(STAGED)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) \
	  $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	$(INSTALL) -m 755 $(STAGE)/chuck $(DESTDIR)$(INSTALLED_BIN)
	$(INSTALL) -m 644 $(STAGE)/chuck.1 $(DESTDIR)$(INSTALLED_MAN)
	$(INSTALL) -m 644 $(STAGE)/chuck.bash $(DESTDIR)$(INSTALLED_BASH)
	$(INSTALL) -m 644 $(STAGE)/_chuck $(DESTDIR)$(INSTALLED_ZSH)
	$(INSTALL) -m 644 $(STAGE)/chuck.fish $(DESTDIR)$(INSTALLED_FISH)

# Directories are left in place: they may have been there before, and hold other tools' files.
uninstall:
	rm -f $(DESTDIR)$(INSTALLED_BIN) $(DESTDIR)$(INSTALLED_MAN) $(DESTDIR)$(INSTALLED_BASH) \
	  $(DESTDIR)$(INSTALLED_ZSH) $(DESTDIR)$(INSTALLED_FISH)

# The package's tree is the install rules' own output, with Debian's paths (zsh's
# vendor-completions is Debian's folder for packaged completions); every path is given here so that
# none comes from the environment. Scripts/build-deb.sh adds the documents and DEBIAN/ and packs it.
deb: $(STAGED)
	rm -rf $(DEB_WORK)
	$(MAKE) --no-print-directory install DESTDIR=$(abspath $(DEB_ROOT)) PREFIX=/usr \
	  BINDIR=/usr/bin DATAROOTDIR=/usr/share MANDIR=/usr/share/man \
	  BASHCOMPDIR=/usr/share/bash-completion/completions \
	  ZSHCOMPDIR=/usr/share/zsh/vendor-completions \
	  FISHCOMPDIR=/usr/share/fish/vendor_completions.d
	@mkdir -p $(DEBDIR)
	Scripts/build-deb.sh $(DEB_WORK) $(PACKAGE) $(VERSION) $(DEB_ARCH) $(DEB)

# The release files, all from the one staged build, with their checksums: `sha256sum -c SHA256SUMS`
# in DISTDIR checks them. Files of another version or build in DISTDIR are removed first, so that
# SHA256SUMS lists exactly what is there (only those names: DISTDIR may hold other files).
dist: $(STAGED)
	@Scripts/install-tools.sh package dist
	rm -f $(DISTDIR)/chuck-*-linux-gnu.tar.gz $(DISTDIR)/$(PACKAGE)_*.deb $(DISTDIR)/$(PACKAGE)-*.rpm \
	  $(DISTDIR)/SHA256SUMS
	$(MAKE) --no-print-directory deb DEBDIR=$(DISTDIR)
	Scripts/build-tarball.sh $(STAGE) $(VERSION) $(MACHINE)-linux-gnu $(TARBALL)
	Scripts/build-rpm.sh $(STAGE) $(PACKAGE) $(VERSION) $(RPM)
	cd $(DISTDIR) && sha256sum $(notdir $(TARBALL) $(DEB) $(RPM)) > SHA256SUMS.tmp && \
	  mv SHA256SUMS.tmp SHA256SUMS
	@cat $(DISTDIR)/SHA256SUMS

# A DEBDIR of its own goes too, once empty.
clean:
	rm -rf $(SCRATCH) dist
	rm -f $(DEBDIR)/$(PACKAGE)_$(VERSION)_*.deb
	rmdir $(DEBDIR) 2>/dev/null || true
