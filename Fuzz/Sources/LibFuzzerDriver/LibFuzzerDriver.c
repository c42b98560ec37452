#include "LibFuzzerDriver.h"

#include <sanitizer/lsan_interface.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// libFuzzer's entry point for programs with a main of their own (libFuzzer's documentation,
// "Using libFuzzer as a library"); the fuzz build links libFuzzer (Fuzz/toolset.json).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

// Each fuzz target defines it in Swift (`@_cdecl("LLVMFuzzerTestOneInput")`).
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

void libFuzzerMain(int argc, char **argv) {
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput));
}

void ignoreLeaksBegin(void) { __lsan_disable(); }

void ignoreLeaksEnd(void) { __lsan_enable(); }
