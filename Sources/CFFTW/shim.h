#ifndef WOODSHED_CFFTW_SHIM_H
#define WOODSHED_CFFTW_SHIM_H
#include <fftw3.h>
#endif
