#ifndef WOODSHED_CZLIB_SHIM_H
#define WOODSHED_CZLIB_SHIM_H
#include <zlib.h>
#endif
