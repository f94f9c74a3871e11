// The AoS peers with every multiply and add separate (-ffp-contract=off), one reciprocal per divisor.
#pragma clang fp contract(off)
#define SUFFIX(name) name##_rcp
#define QUOT(x, d) ((x) * (1.0 / (d)))
#include "body.h"
