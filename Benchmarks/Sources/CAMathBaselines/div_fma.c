// The AoS loops and the reference's algorithms with true divisions and fused multiply-adds allowed.
#pragma clang fp contract(fast)
#define SUFFIX(name) name##_div_fma
#define QUOT(x, d) ((x) / (d))
#include "body.h"
#include "reference.h"
