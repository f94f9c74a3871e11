// The peers that do the reference's work: true divisions, every multiply and add separate (-ffp-contract=off).
// The AoS and SoA loops, and the reference's decomposition, key paths and interpolation.
#pragma clang fp contract(off)
#define SUFFIX(name) name##_div
#define QUOT(x, d) ((x) / (d))
#include "body.h"
#include "soa.h"
#include "reference.h"
