/*
 * Duktape itself, compiled into the package from its amalgamated source (duktape.c and
 * duk_config.h, in one folder), with the execution timeout check turned on (Debian's
 * libduktape.so is built without it, so a script that never ends could not be stopped).
 * Package.swift finds the folder ($DUKTAPE_SOURCE_DIR, pkg-config's duktape prefix + /share/duktape,
 * or the usual places) and passes the two paths as STATECHARTS_DUKTAPE_C and
 * STATECHARTS_DUK_CONFIG_H. The configuration is that duk_config.h plus the two options below.
 */
#if !defined(STATECHARTS_DUKTAPE_C) || !defined(STATECHARTS_DUK_CONFIG_H)
#error "Duktape's amalgamated source (duktape.c, duk_config.h) was not found. Debian or Ubuntu: sudo apt-get install duktape-dev (it installs /usr/share/duktape). macOS: Homebrew's duktape has no amalgamation: download duktape-2.x.y.tar.xz from https://duktape.org, unpack it and build with DUKTAPE_SOURCE_DIR=/path/to/duktape-2.x.y/src (duktape.h must be on the include path too: brew install duktape, and on Apple silicon CPATH=/opt/homebrew/include). Elsewhere: set DUKTAPE_SOURCE_DIR to the folder holding duktape.c and duk_config.h."
#elif !__has_include(STATECHARTS_DUKTAPE_C) || !__has_include(STATECHARTS_DUK_CONFIG_H)
#error "DUKTAPE_SOURCE_DIR (or pkg-config's duktape prefix) names a folder without duktape.c and duk_config.h: point it at the src folder of a Duktape 2.x release, or on Debian or Ubuntu install duktape-dev (/usr/share/duktape)."
#else

/* duk_config.h adjusts its platform section when this is defined; duktape.c defines it too. */
#define DUK_COMPILING_DUKTAPE
#include STATECHARTS_DUK_CONFIG_H

/* Count bytecode instructions and ask scxml_duk_exec_timeout_check (scxml_limits.c) every so
 * often whether the evaluation's deadline has passed; when it has, Duktape throws a RangeError. */
#define DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) scxml_duk_exec_timeout_check(udata)
duk_bool_t scxml_duk_exec_timeout_check(void *udata);

/* Duktape's own code is not ours to fix: keep the package's build free of its warnings. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
#include STATECHARTS_DUKTAPE_C
#pragma clang diagnostic pop

#endif
