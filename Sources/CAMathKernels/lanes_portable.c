#pragma clang fp contract(off)
#define LANES_ATTR
#define LANES(name) camath_portable_##name
#define LANES_WITH_INVERT
#define LANES_WITH_TREE
#include "lanes_body.h"
