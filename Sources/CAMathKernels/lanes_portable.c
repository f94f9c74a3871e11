#pragma clang fp contract(off)
#define LANES_ATTR
#define LANES(name) camath_portable_##name
#include "lanes_body.h"
