// Values given to the build, recorded in the binary: C can carry a string from the build's flags
// (a -D define with a value), Swift's own -D cannot. Package.swift sets them from the environment of
// the build; the Makefile's variables set that environment.
#ifndef CBUILDSETTINGS_H
#define CBUILDSETTINGS_H

/// The project's home page, as `make HOMEPAGE=…` gave it; "" when the build was given none.
const char *chuck_build_home_page(void);

#endif
