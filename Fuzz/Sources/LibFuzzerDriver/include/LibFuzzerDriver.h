#ifndef LIBFUZZER_DRIVER_H
#define LIBFUZZER_DRIVER_H

/// Runs libFuzzer on the executable's `LLVMFuzzerTestOneInput`, as libFuzzer's own `main` does,
/// and exits with its status. Each fuzz target's `main.swift` calls it: SwiftPM points an
/// executable's `main` at its Swift module's entry point (see Package.swift).
_Noreturn void libFuzzerMain(int argc, char **argv);

#endif
