// The baseline loops with every multiply and add separate (-ffp-contract=off).
#pragma clang fp contract(off)
#define SUFFIX(name) name##_nofma
#include "body.h"
