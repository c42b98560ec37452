#ifndef STATECHARTS_CDUKTAPE_SHIM_H
#define STATECHARTS_CDUKTAPE_SHIM_H
#include <duktape.h>
#endif
