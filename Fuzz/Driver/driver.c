#include "CAMathFuzzDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int camath_fuzz_run(int argc, char **argv, camath_fuzz_callback callback) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
