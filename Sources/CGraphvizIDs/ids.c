#include "CGraphvizIDs.h"
#include <graphviz/cgraph.h>
#include <stdlib.h>
#include <string.h>

/*
 * Deterministic object IDs for cgraph.
 *
 * cgraph's default ID discipline uses the address of each name's interned string as the object's
 * ID, and orders subgraphs by ID. Addresses depend on the allocator's history, so the order in
 * which clusters are laid out and written changed between identical runs. This discipline gives
 * each distinct name an even ID in the order the name is first seen (document order for DOT
 * text), and keeps cgraph's own handling of anonymous objects (odd IDs).
 *
 * The table is process-wide and is only touched with the renderer's lock held;
 * statecharts_ids_reset() empties it before each render.
 */
typedef struct {
    char **names;          /* by ID / 2 - 1 */
    size_t count, capacity;
    size_t *slots;         /* open addressing: index + 1, 0 = empty */
    size_t slot_count;     /* a power of two */
} statecharts_id_table;

static statecharts_id_table statecharts_ids;
static long (*statecharts_default_map)(void *, int, char *, IDTYPE *, int);
static char *(*statecharts_default_print)(void *, int, IDTYPE);

static size_t statecharts_ids_hash(const char *text) {
    size_t hash = 1469598103934665603ULL;
    for (; *text; text++) { hash = (hash ^ (unsigned char)*text) * 1099511628211ULL; }
    return hash;
}

/* The slot holding `name`, or the empty slot where it belongs. */
static size_t *statecharts_ids_slot(const char *name) {
    size_t mask = statecharts_ids.slot_count - 1;
    size_t i = statecharts_ids_hash(name) & mask;
    while (statecharts_ids.slots[i] != 0 && strcmp(statecharts_ids.names[statecharts_ids.slots[i] - 1], name) != 0) {
        i = (i + 1) & mask;
    }
    return &statecharts_ids.slots[i];
}

static int statecharts_ids_grow(void) {
    size_t new_count = statecharts_ids.slot_count ? statecharts_ids.slot_count * 2 : 256;
    size_t *slots = calloc(new_count, sizeof(size_t));
    char **names = realloc(statecharts_ids.names, (new_count / 2) * sizeof(char *));
    if (!slots || !names) { free(slots); if (names) statecharts_ids.names = names; return 0; }
    free(statecharts_ids.slots);
    statecharts_ids.slots = slots;
    statecharts_ids.names = names;
    statecharts_ids.slot_count = new_count;
    statecharts_ids.capacity = new_count / 2;
    for (size_t k = 0; k < statecharts_ids.count; k++) { *statecharts_ids_slot(names[k]) = k + 1; }
    return 1;
}

static long statecharts_ids_map(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    if (!str) { return statecharts_default_map(state, objtype, str, id, createflag); }
    if (statecharts_ids.slot_count == 0 && !statecharts_ids_grow()) { return 0; }
    size_t *slot = statecharts_ids_slot(str);
    if (*slot == 0) {
        if (!createflag) { *id = 0; return 1; }
        if (statecharts_ids.count + 1 > statecharts_ids.capacity) {
            if (!statecharts_ids_grow()) { return 0; }
            slot = statecharts_ids_slot(str);
        }
        char *copy = strdup(str);
        if (!copy) { return 0; }
        statecharts_ids.names[statecharts_ids.count] = copy;
        statecharts_ids.count += 1;
        *slot = statecharts_ids.count;
    }
    *id = (IDTYPE)(*slot) * 2;
    return 1;
}

static char *statecharts_ids_print(void *state, int objtype, IDTYPE id) {
    if (id % 2 != 0) { return statecharts_default_print(state, objtype, id); }
    size_t index = (size_t)(id / 2);
    if (index == 0 || index > statecharts_ids.count) { return NULL; }
    return statecharts_ids.names[index - 1];
}

static void statecharts_ids_free(void *state, int objtype, IDTYPE id) {
    (void)state; (void)objtype; (void)id; /* names live until the next reset */
}

/* Installs the discipline (once) and empties the table. Call with the renderer's lock held,
   before reading a graph, and only when no graph read earlier is still open. */
void statecharts_ids_reset(void) {
    if (statecharts_default_map == NULL) {
        statecharts_default_map = AgIdDisc.map;
        statecharts_default_print = AgIdDisc.print;
        AgIdDisc.map = statecharts_ids_map;
        AgIdDisc.print = statecharts_ids_print;
        AgIdDisc.free = statecharts_ids_free;
    }
    for (size_t k = 0; k < statecharts_ids.count; k++) { free(statecharts_ids.names[k]); }
    statecharts_ids.count = 0;
    if (statecharts_ids.slots) { memset(statecharts_ids.slots, 0, statecharts_ids.slot_count * sizeof(size_t)); }
}
