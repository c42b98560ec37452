/*
 * Duktape itself, compiled into the package from the amalgamated source Debian's duktape-dev
 * ships in /usr/share/duktape, with the execution timeout check turned on (Debian's
 * libduktape.so is built without it, so a script that never ends could not be stopped).
 * The configuration is Debian's duk_config.h plus the two options below.
 */
#if !__has_include("/usr/share/duktape/duktape.c")
#error "Duktape's amalgamated source /usr/share/duktape/duktape.c is missing: install it with `apt-get install duktape-dev`"
#endif

/* duk_config.h adjusts its platform section when this is defined; duktape.c defines it too. */
#define DUK_COMPILING_DUKTAPE
#include "/usr/share/duktape/duk_config.h"

/* Count bytecode instructions and ask scxml_duk_exec_timeout_check (scxml_limits.c) every so
 * often whether the evaluation's deadline has passed; when it has, Duktape throws a RangeError. */
#define DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) scxml_duk_exec_timeout_check(udata)
duk_bool_t scxml_duk_exec_timeout_check(void *udata);

/* Duktape's own code is not ours to fix: keep the package's build free of its warnings. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
#include "/usr/share/duktape/duktape.c"
#pragma clang diagnostic pop
