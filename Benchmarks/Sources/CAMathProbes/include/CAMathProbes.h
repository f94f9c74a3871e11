// Machine-limit probes for the benchmark CLI's roofline: arithmetic peaks and memory bandwidth; and the heap in use.
// `isa` is InstructionSet's raw value (0 portable, 2 AVX2, 3 AVX-512); the caller passes one the CPU has.
#ifndef CAMATH_PROBES_H
#define CAMATH_PROBES_H
#include <stddef.h>

/// Runs `iterations` rounds of independent fused multiply-add chains; returns the lane-FMAs executed.
/// `sink` receives a value that depends on every result (so nothing is optimised away).
double camath_probe_fma(int isa, long iterations, double *sink);
/// Independent multiply and add chains, interleaved (what the fp-contract-off kernels issue); returns
/// the lane operations (a multiply or an add each) executed.
double camath_probe_mul_add(int isa, long iterations, double *sink);
/// Independent division chains; returns the lane divisions executed.
double camath_probe_div(int isa, long iterations, double *sink);
/// Independent square-root chains (each root followed by an add); returns the lane square roots executed.
double camath_probe_sqrt(int isa, long iterations, double *sink);

// Memory probes: each walks its arrays as `streams` (1, 2 or 4) interleaved parts.
/// Reads `n` doubles (n a multiple of 32, `a` 64-byte aligned); returns a value that depends on all.
double camath_probe_read(int isa, const double *a, size_t n, int streams);
/// dst[i] = src[i] for n doubles (n a multiple of 32, both 64-byte aligned).
void camath_probe_copy(int isa, double *dst, const double *src, size_t n, int streams);
/// a[i] = b[i] + s·c[i] for n doubles (n a multiple of 32, all 64-byte aligned).
void camath_probe_triad(int isa, double *a, const double *b, const double *c, double s, size_t n, int streams);

/// Bytes the C allocator has handed out and not taken back (glibc's mallinfo2: small blocks in use plus mapped
/// blocks), or -1 where it cannot tell.
double camath_probe_allocated_bytes(void);
#endif
