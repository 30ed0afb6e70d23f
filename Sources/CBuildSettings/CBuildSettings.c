#include "CBuildSettings.h"

// CHUCK_HOME_PAGE is a string literal, defined by Package.swift from CHUCK_HOMEPAGE in the build's
// environment (the Makefile's HOMEPAGE), or not at all.
#ifndef CHUCK_HOME_PAGE
#define CHUCK_HOME_PAGE ""
#endif

const char *chuck_build_home_page(void) { return CHUCK_HOME_PAGE; }
