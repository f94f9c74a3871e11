// The baseline loops with fused multiply-adds allowed (what -O3 -march=native gives by default in gcc).
#pragma clang fp contract(fast)
#define SUFFIX(name) name##_fma
#include "body.h"
