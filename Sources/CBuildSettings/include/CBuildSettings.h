// Values given to the build, recorded in the binary. The Makefile links them in as a small object
// of its own (CBuildSettings.c says how), so that changing one relinks and compiles nothing again.
#ifndef CBUILDSETTINGS_H
#define CBUILDSETTINGS_H

/// The project's home page, as `make HOMEPAGE=…` gave it; "" when the build was given none.
const char *chuck_build_home_page(void);

#endif
