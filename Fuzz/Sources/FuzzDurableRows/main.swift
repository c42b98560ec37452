// The target's entry point: libFuzzer's driver, on this target's LLVMFuzzerTestOneInput.
import LibFuzzerDriver

libFuzzerMain(CommandLine.argc, CommandLine.unsafeArgv)
