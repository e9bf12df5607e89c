#ifndef WOODSHED_CPULSEAUDIO_SHIM_H
#define WOODSHED_CPULSEAUDIO_SHIM_H
#include <pulse/pulseaudio.h>
#endif
