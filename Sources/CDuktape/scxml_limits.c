/*
 * The limits of one Duktape heap: the deadline of the evaluation under way, checked by Duktape's
 * interrupt counter, and a cap on the bytes the heap holds, enforced by its allocator.
 */
#include "shim.h"
#include <stddef.h>
#include <stdint.h>
#include <time.h>

static uint64_t scxml_duk_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t) now.tv_sec * 1000000000u + (uint64_t) now.tv_nsec;
}

void scxml_duk_begin_evaluation(scxml_duk_udata *udata, uint64_t budget_ns) {
    uint64_t now = scxml_duk_now();
    /* 0 means no deadline, so a deadline is at least 1; saturate instead of wrapping. */
    udata->deadline = budget_ns > UINT64_MAX - now - 1 ? UINT64_MAX : now + budget_ns + 1;
    udata->timed_out = 0;
    udata->alloc_refused = 0;
}

void scxml_duk_end_evaluation(scxml_duk_udata *udata) {
    udata->deadline = 0;
    udata->timed_out = 0;
    udata->alloc_refused = 0;
}

/* Called by Duktape every DUK_HTHREAD_INTCTR_DEFAULT (256 Ki) bytecode instructions. Once it
 * answers true it must keep doing so until the error has left Duktape: timed_out stays set
 * until the evaluation ends. */
duk_bool_t scxml_duk_exec_timeout_check(void *opaque) {
    scxml_duk_udata *udata = (scxml_duk_udata *) opaque;
    if (udata == NULL || udata->deadline == 0) return 0;
    if (!udata->timed_out && scxml_duk_now() >= udata->deadline) udata->timed_out = 1;
    return udata->timed_out ? 1 : 0;
}

/* Each block starts with a header holding its size, as large as malloc's alignment so that the
 * pointer handed to Duktape keeps that alignment. */
#define SCXML_DUK_HEADER (sizeof(max_align_t))

static size_t *scxml_duk_block(void *pointer) {
    return (size_t *) (void *) ((char *) pointer - SCXML_DUK_HEADER);
}

/* Whether growing the heap by `extra` bytes must be refused: only past the cap, and only inside
 * a protected call (where Duktape turns the refusal into a RangeError; outside one it would be a
 * fatal error). */
static int scxml_duk_refuse(scxml_duk_udata *udata, size_t extra) {
    if (udata->heap_limit == 0 || udata->protected_depth <= 0) return 0;
    if (udata->heap_used <= udata->heap_limit && extra <= udata->heap_limit - udata->heap_used) return 0;
    udata->alloc_refused = 1;
    return 1;
}

void *scxml_duk_alloc(void *opaque, duk_size_t size) {
    scxml_duk_udata *udata = (scxml_duk_udata *) opaque;
    char *block;
    if (size > SIZE_MAX - SCXML_DUK_HEADER || scxml_duk_refuse(udata, size)) return NULL;
    block = (char *) malloc(SCXML_DUK_HEADER + size);
    if (block == NULL) return NULL;
    *(size_t *) (void *) block = size;
    udata->heap_used += size;
    return block + SCXML_DUK_HEADER;
}

void *scxml_duk_realloc(void *opaque, void *pointer, duk_size_t size) {
    scxml_duk_udata *udata = (scxml_duk_udata *) opaque;
    size_t *header;
    size_t old_size;
    char *block;
    if (pointer == NULL) return scxml_duk_alloc(opaque, size);
    header = scxml_duk_block(pointer);
    old_size = *header;
    if (size > SIZE_MAX - SCXML_DUK_HEADER) return NULL;
    if (size > old_size && scxml_duk_refuse(udata, size - old_size)) return NULL;
    block = (char *) realloc(header, SCXML_DUK_HEADER + size);
    if (block == NULL) return NULL;
    *(size_t *) (void *) block = size;
    udata->heap_used = udata->heap_used - old_size + size;
    return block + SCXML_DUK_HEADER;
}

void scxml_duk_free(void *opaque, void *pointer) {
    scxml_duk_udata *udata = (scxml_duk_udata *) opaque;
    size_t *header;
    if (pointer == NULL) return;
    header = scxml_duk_block(pointer);
    udata->heap_used -= *header;
    free(header);
}
