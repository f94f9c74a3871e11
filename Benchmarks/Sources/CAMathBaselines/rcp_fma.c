// The AoS and SoA peers with fused multiply-adds allowed (what gcc's -O3 -march=native does by default), one
// reciprocal per divisor: the fastest plain C a user writes.
#pragma clang fp contract(fast)
#define SUFFIX(name) name##_rcp_fma
#define QUOT(x, d) ((x) * (1.0 / (d)))
#include "body.h"
#include "soa.h"
