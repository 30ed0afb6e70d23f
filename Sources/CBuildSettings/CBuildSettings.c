#include "CBuildSettings.h"

// The home page is linked in, not compiled in: `make HOMEPAGE=…` compiles a one-line object that
// defines chuck_home_page_text strongly and hands it to the link (-Xlinker), so a new HOMEPAGE
// relinks the binary and compiles nothing of the library again. A build without it (plain
// `swift build`) keeps this weak, empty definition. Being weak, it is never folded into its use.
__attribute__((weak)) const char chuck_home_page_text[] = "";

const char *chuck_build_home_page(void) { return chuck_home_page_text; }
