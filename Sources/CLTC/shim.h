#ifndef WOODSHED_CLTC_SHIM_H
#define WOODSHED_CLTC_SHIM_H
#include <ltc.h>

/* The LTC frame is a C bitfield; these read the flag and the labels in one place for Swift. */
static inline int woodshed_ltc_is_drop_frame(const LTCFrameExt *frame) {
  return frame->ltc.dfbit;
}
#endif
