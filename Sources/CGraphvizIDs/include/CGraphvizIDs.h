#ifndef STATECHARTS_CGRAPHVIZIDS_H
#define STATECHARTS_CGRAPHVIZIDS_H

/// Installs (once) a cgraph ID discipline that numbers named objects in the order their names are
/// first seen, so that layouts and outputs do not depend on memory addresses, and empties its name
/// table. Call with the renderer's lock held, before reading a graph, when no graph is open.
void statecharts_ids_reset(void);

#endif
