#ifndef STATECHARTS_CGRAPHVIZ_SHIM_H
#define STATECHARTS_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
