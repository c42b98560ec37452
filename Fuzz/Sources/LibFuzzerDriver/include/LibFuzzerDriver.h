#ifndef LIBFUZZER_DRIVER_H
#define LIBFUZZER_DRIVER_H

/// Runs libFuzzer on the executable's `LLVMFuzzerTestOneInput`, as libFuzzer's own `main` does,
/// and exits with its status. Each fuzz target's `main.swift` calls it: SwiftPM points an
/// executable's `main` at its Swift module's entry point (see Package.swift).
_Noreturn void libFuzzerMain(int argc, char **argv);

/// LeakSanitizer's `__lsan_disable` and `__lsan_enable`: what the calling thread allocates between
/// the two is never reported as a leak. For what a harness keeps for the whole run.
void ignoreLeaksBegin(void);
void ignoreLeaksEnd(void);

#endif
