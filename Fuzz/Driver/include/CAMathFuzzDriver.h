// Runs libFuzzer on a callback: the Swift fuzz targets are executables whose main calls this, since
// SwiftPM gives every executable its own entry point (libFuzzer's main cannot be used).
#ifndef CAMATH_FUZZ_DRIVER_H
#define CAMATH_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

typedef int (*camath_fuzz_callback)(const uint8_t *data, size_t size);

/// libFuzzer's driver with the process's arguments (-max_total_time, corpus folders, …).
int camath_fuzz_run(int argc, char **argv, camath_fuzz_callback callback);
#endif
