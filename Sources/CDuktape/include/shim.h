#ifndef STATECHARTS_CDUKTAPE_SHIM_H
#define STATECHARTS_CDUKTAPE_SHIM_H
#if !__has_include(<duktape.h>)
#error "Duktape's header duktape.h is missing: install it with `apt-get install duktape-dev`"
#endif
#include <duktape.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * Small C wrappers around Duktape for Swift. Duktape reports errors by longjmp, which must never
 * cross Swift frames: every call here that can throw runs inside a protected call (pcall, pcompile
 * or safe_call) made from C, and leaves exactly one value on the stack: the result, or the error.
 * Functions returning duk_int_t return DUK_EXEC_SUCCESS (0) or DUK_EXEC_ERROR (1).
 *
 * Duktape is compiled into this target (duktape_engine.c) with the execution timeout check on;
 * scxml_limits.c holds the time budget and the heap's allocator. The heap cap is enforced only
 * inside the protected calls made here, where a refused allocation becomes a RangeError: the
 * calls Swift makes outside them (pushing a string, say) are never refused, so the cap never
 * reaches the fatal handler.
 */

/* Answers In(id): whether the state with this id (CESU-8 bytes) is active. Must not throw. */
typedef int (*scxml_duk_in_state_function)(void *owner, const char *id, duk_size_t length);

/* The heap's user data: how In() reaches Swift, and the heap's limits (scxml_limits.c). */
typedef struct scxml_duk_udata {
    scxml_duk_in_state_function in_state;
    void *owner;
    /* The evaluation's deadline on CLOCK_MONOTONIC, in nanoseconds; 0 when none is under way. */
    uint64_t deadline;
    /* Set once the deadline has passed, until the evaluation ends. */
    int timed_out;
    /* The cap on the bytes the heap holds (0: none), and the bytes it holds. */
    size_t heap_limit;
    size_t heap_used;
    /* How deep the protected calls made here are nested: the cap is enforced only inside one. */
    int protected_depth;
    /* Set when an allocation was refused during the evaluation under way. */
    int alloc_refused;
} scxml_duk_udata;

/* Starts an evaluation that may run for budget_ns nanoseconds, clearing the flags. */
void scxml_duk_begin_evaluation(scxml_duk_udata *udata, uint64_t budget_ns);
/* Ends it: no deadline, flags cleared. */
void scxml_duk_end_evaluation(scxml_duk_udata *udata);

/* The heap's allocator: malloc with the bytes in use counted, refusing to pass heap_limit. */
void *scxml_duk_alloc(void *udata, duk_size_t size);
void *scxml_duk_realloc(void *udata, void *pointer, duk_size_t size);
void scxml_duk_free(void *udata, void *pointer);

/* Fatal errors only happen when a throwing call is made outside a protected call (a bug) or
 * malloc fails there (the heap cap does not refuse allocations outside protected calls);
 * returning would make Duktape spin, so report and abort. */
static inline void scxml_duk_fatal(void *udata, const char *message) {
    (void) udata;
    fprintf(stderr, "statecharts: fatal Duktape error: %s\n", message ? message : "(no message)");
    fflush(stderr);
    abort();
}

static inline duk_context *scxml_duk_create_heap(scxml_duk_udata *udata) {
    return duk_create_heap(scxml_duk_alloc, scxml_duk_realloc, scxml_duk_free, udata, scxml_duk_fatal);
}

static inline void scxml_duk_destroy_heap(duk_context *ctx) {
    duk_destroy_heap(ctx);
}

static inline scxml_duk_udata *scxml_duk__udata(duk_context *ctx) {
    duk_memory_functions funcs;
    duk_get_memory_functions(ctx, &funcs);
    return (scxml_duk_udata *) funcs.udata;
}

/* Every protected call is made through these two, so that the heap's cap is enforced inside it. */
static inline void scxml_duk__enter(duk_context *ctx) { scxml_duk__udata(ctx)->protected_depth += 1; }
static inline duk_int_t scxml_duk__leave(duk_context *ctx, duk_int_t rc) {
    scxml_duk__udata(ctx)->protected_depth -= 1;
    return rc;
}

/* In(id): a native function that only makes non-throwing calls. */
static inline duk_ret_t scxml_duk_native_in(duk_context *ctx) {
    duk_memory_functions funcs;
    duk_size_t length = 0;
    const char *id;
    int active = 0;
    duk_get_memory_functions(ctx, &funcs);
    id = duk_get_lstring(ctx, 0, &length);
    if (id != NULL && funcs.udata != NULL) {
        scxml_duk_udata *udata = (scxml_duk_udata *) funcs.udata;
        if (udata->in_state != NULL) {
            active = udata->in_state(udata->owner, id, length);
        }
    }
    duk_push_boolean(ctx, active ? 1 : 0);
    return 1;
}

static inline duk_ret_t scxml_duk__register_in(duk_context *ctx, void *udata) {
    (void) udata;
    duk_push_c_function(ctx, scxml_duk_native_in, 1);
    duk_put_global_string(ctx, "In");
    duk_push_undefined(ctx);
    return 1;
}

/* Defines the global function In(id). Leaves one value. */
static inline duk_int_t scxml_duk_register_in(duk_context *ctx) {
    scxml_duk__enter(ctx);
    return scxml_duk__leave(ctx, duk_safe_call(ctx, scxml_duk__register_in, NULL, 0, 1));
}

/* Whether the value stack has room for `extra` more values (never throws). */
static inline duk_bool_t scxml_duk_reserve(duk_context *ctx, duk_idx_t extra) {
    return duk_check_stack(ctx, extra);
}

/* Compiles source text; flags are DUK_COMPILE_* (see scxml_duk_flag_*). Leaves the function or the error. */
static inline duk_int_t scxml_duk_compile(duk_context *ctx, const char *source, duk_size_t length, duk_uint_t flags) {
    scxml_duk__enter(ctx);
    return scxml_duk__leave(ctx, duk_pcompile_lstring(ctx, flags, source, length));
}

static inline duk_uint_t scxml_duk_flag_eval(void) { return DUK_COMPILE_EVAL; }
static inline duk_uint_t scxml_duk_flag_strict(void) { return DUK_COMPILE_STRICT; }

/* Calls the function below the nargs arguments on top, with the global object as `this`.
 * Leaves the result or the error. */
static inline duk_int_t scxml_duk_call(duk_context *ctx, duk_idx_t nargs) {
    duk_push_global_object(ctx);
    duk_insert(ctx, -(nargs + 1));
    scxml_duk__enter(ctx);
    return scxml_duk__leave(ctx, duk_pcall_method(ctx, nargs));
}

static inline duk_ret_t scxml_duk__stash_put(duk_context *ctx, void *udata) {
    duk_uarridx_t slot = (duk_uarridx_t) (duk_uintptr_t) udata;
    duk_push_heap_stash(ctx);
    duk_dup(ctx, -2);
    duk_put_prop_index(ctx, -2, slot);
    duk_push_undefined(ctx);
    return 1;
}

/* Moves the value on top into the heap stash at `slot`. Leaves undefined or the error. */
static inline duk_int_t scxml_duk_stash_put(duk_context *ctx, duk_uarridx_t slot) {
    scxml_duk__enter(ctx);
    return scxml_duk__leave(ctx, duk_safe_call(ctx, scxml_duk__stash_put, (void *) (duk_uintptr_t) slot, 1, 1));
}

static inline duk_ret_t scxml_duk__stash_get(duk_context *ctx, void *udata) {
    duk_uarridx_t slot = (duk_uarridx_t) (duk_uintptr_t) udata;
    duk_push_heap_stash(ctx);
    duk_get_prop_index(ctx, -1, slot);
    return 1;
}

/* Pushes the value in the heap stash at `slot` (undefined when empty), or the error. */
static inline duk_int_t scxml_duk_stash_get(duk_context *ctx, duk_uarridx_t slot) {
    scxml_duk__enter(ctx);
    return scxml_duk__leave(ctx, duk_safe_call(ctx, scxml_duk__stash_get, (void *) (duk_uintptr_t) slot, 0, 1));
}

static inline duk_ret_t scxml_duk__stash_items(duk_context *ctx, void *udata) {
    duk_uarridx_t first = (duk_uarridx_t) (duk_uintptr_t) udata;
    duk_uarridx_t i;
    duk_size_t count = duk_get_length(ctx, -1);
    duk_push_heap_stash(ctx);
    for (i = 0; i < (duk_uarridx_t) count; i++) {
        duk_get_prop_index(ctx, -2, i);
        duk_put_prop_index(ctx, -2, first + i);
    }
    duk_push_undefined(ctx);
    return 1;
}

/* Stores each item of the array on top in the heap stash, from `first` on. Leaves undefined or the error. */
static inline duk_int_t scxml_duk_stash_items(duk_context *ctx, duk_uarridx_t first) {
    scxml_duk__enter(ctx);
    return scxml_duk__leave(ctx, duk_safe_call(ctx, scxml_duk__stash_items, (void *) (duk_uintptr_t) first, 1, 1));
}

/* The value at idx as a string without throwing (an error while converting gives a fixed text). */
static inline const char *scxml_duk_safe_to_lstring(duk_context *ctx, duk_idx_t idx, duk_size_t *length) {
    return duk_safe_to_lstring(ctx, idx, length);
}

/* The string at idx, or NULL when the value is not a string. */
static inline const char *scxml_duk_get_lstring(duk_context *ctx, duk_idx_t idx, duk_size_t *length) {
    return duk_get_lstring(ctx, idx, length);
}

static inline duk_bool_t scxml_duk_to_boolean(duk_context *ctx, duk_idx_t idx) { return duk_to_boolean(ctx, idx); }
static inline duk_bool_t scxml_duk_is_undefined(duk_context *ctx, duk_idx_t idx) { return duk_is_undefined(ctx, idx); }
static inline duk_size_t scxml_duk_get_length(duk_context *ctx, duk_idx_t idx) { return duk_get_length(ctx, idx); }
static inline duk_idx_t scxml_duk_get_top(duk_context *ctx) { return duk_get_top(ctx); }
static inline void scxml_duk_set_top(duk_context *ctx, duk_idx_t top) { duk_set_top(ctx, top); }
static inline void scxml_duk_dup(duk_context *ctx, duk_idx_t idx) { duk_dup(ctx, idx); }
static inline void scxml_duk_push_lstring(duk_context *ctx, const char *string, duk_size_t length) {
    duk_push_lstring(ctx, string, length);
}
static inline void scxml_duk_push_undefined(duk_context *ctx) { duk_push_undefined(ctx); }
static inline void scxml_duk_push_number(duk_context *ctx, double value) { duk_push_number(ctx, value); }

#endif
