// Private: what is expanded from the entry list, CAMATH_KERNEL_ENTRIES (_CAMathKernels.h) — the prototypes of
// an instantiation and the tables — for the library's levels (kernels.h), the test-only SIMDe levels and the
// replay's recording and playback tables.
#ifndef CAMATH_KERNEL_ENTRIES_PRIVATE_H
#define CAMATH_KERNEL_ENTRIES_PRIVATE_H

#include "_CAMathKernels.h"

// Helpers over the entry list, CAMATH_KERNEL_ENTRIES (_CAMathKernels.h).
#define CAMATH_CAT(a, b) CAMATH_CAT_(a, b)
#define CAMATH_CAT_(a, b) a##b
#define CAMATH_UNPAREN(...) __VA_ARGS__
// CAMATH_IF_FAST_<precision>(code): the code where the entry's fast tables have a kernel of their own;
// CAMATH_IF_INTRINSICS_<body>(code): where the entry has an intrinsic body.
#define CAMATH_IF_FAST_FAST(...) __VA_ARGS__
#define CAMATH_IF_FAST_EXACT(...)
#define CAMATH_IF_INTRINSICS_INTRINSICS(...) __VA_ARGS__
#define CAMATH_IF_INTRINSICS_LANES(...)

/// The prototypes, each named prefix + entry: of every entry (CAMATH_DECLARE_KERNELS), of those a fast table
/// has a kernel of its own for (CAMATH_DECLARE_FAST_KERNELS), and of the intrinsic ones among them (the
/// SIMDe builds: CAMATH_DECLARE_INTRINSIC_KERNELS, CAMATH_DECLARE_FAST_INTRINSIC_KERNELS).
#define CAMATH_DECLARE_KERNELS(prefix) CAMATH_KERNEL_ENTRIES(CAMATH_DECLARE_ENTRY, prefix)
#define CAMATH_DECLARE_FAST_KERNELS(prefix) CAMATH_KERNEL_ENTRIES(CAMATH_DECLARE_FAST_ENTRY, prefix)
#define CAMATH_DECLARE_INTRINSIC_KERNELS(prefix) CAMATH_KERNEL_ENTRIES(CAMATH_DECLARE_INTRINSIC_ENTRY, prefix)
#define CAMATH_DECLARE_FAST_INTRINSIC_KERNELS(prefix) CAMATH_KERNEL_ENTRIES(CAMATH_DECLARE_FAST_INTRINSIC_ENTRY, prefix)
#define CAMATH_DECLARE_ENTRY(prefix, name, precision, body, params, args) void prefix##name params;
#define CAMATH_DECLARE_FAST_ENTRY(prefix, name, precision, body, params, args) CAMATH_IF_FAST_##precision(void prefix##name params;)
#define CAMATH_DECLARE_INTRINSIC_ENTRY(prefix, name, precision, body, params, args) CAMATH_IF_INTRINSICS_##body(void prefix##name params;)
#define CAMATH_DECLARE_FAST_INTRINSIC_ENTRY(prefix, name, precision, body, params, args) \
    CAMATH_IF_FAST_##precision(CAMATH_IF_INTRINSICS_##body(void prefix##name params;))

/// A table: `variable`, a static camath_kernels of level `lvl` named `label` whose `fast` is `fastTable`, and
/// whose precision `fastBit` is 0 or 1. Each slot is prefix + entry: the prefix is one of the four of
/// `prefixes`, (intrinsics exact, intrinsics fast, lanes exact, lanes fast), picked by the entry's body and —
/// the exact one for an EXACT entry, whose fast tables hold the exact kernel — by the table's precision.
#define CAMATH_TABLE(variable, lvl, label, fastTable, fastBit, prefixes) \
    static const camath_kernels variable = {.level = lvl, \
                                            .name = label, \
                                            .isFast = fastBit, \
                                            .fast = &fastTable, \
                                            CAMATH_KERNEL_ENTRIES(CAMATH_TABLE_SLOT, (fastBit, CAMATH_UNPAREN prefixes))}
#define CAMATH_TABLE_SLOT(context, name, precision, body, params, args) .name = CAMATH_CAT(CAMATH_SLOT_##body##_##precision context, name),
#define CAMATH_SLOT_INTRINSICS_EXACT(fastBit, intrinsicsExact, intrinsicsFast, lanesExact, lanesFast) intrinsicsExact
#define CAMATH_SLOT_INTRINSICS_FAST(fastBit, intrinsicsExact, intrinsicsFast, lanesExact, lanesFast) \
    CAMATH_CAT(CAMATH_CHOOSE_, fastBit)(intrinsicsExact, intrinsicsFast)
#define CAMATH_SLOT_LANES_EXACT(fastBit, intrinsicsExact, intrinsicsFast, lanesExact, lanesFast) lanesExact
#define CAMATH_SLOT_LANES_FAST(fastBit, intrinsicsExact, intrinsicsFast, lanesExact, lanesFast) \
    CAMATH_CAT(CAMATH_CHOOSE_, fastBit)(lanesExact, lanesFast)
#define CAMATH_CHOOSE_0(exact, fast) exact
#define CAMATH_CHOOSE_1(exact, fast) fast
/// A level's exact table `exact` (named `label`) and its fast table `fast` (`label` "-fast"), from the prefixes
/// as CAMATH_TABLE's.
#define CAMATH_TABLES(exact, fast, lvl, label, prefixes) \
    static const camath_kernels fast; \
    CAMATH_TABLE(exact, lvl, label, fast, 0, prefixes); \
    CAMATH_TABLE(fast, lvl, label "-fast", fast, 1, prefixes)

#endif
