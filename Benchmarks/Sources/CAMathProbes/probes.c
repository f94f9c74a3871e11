#include "CAMathProbes.h"
#include <stdint.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Chains: enough independent accumulators to cover latency × throughput on current x86 cores.
#define CHAINS 12

static double probe_fma_portable(long iterations, double *sink) {
    double acc[CHAINS];
    for (int k = 0; k < CHAINS; k++) acc[k] = 1.0 + k * 1e-3;
    for (long i = 0; i < iterations; i++)
        for (int k = 0; k < CHAINS; k++) acc[k] = __builtin_fma(acc[k], 0.9999999, 1e-7);
    double s = 0;
    for (int k = 0; k < CHAINS; k++) s += acc[k];
    *sink = s;
    return (double)iterations * CHAINS;
}

#pragma clang fp contract(off)
static double probe_mul_add_portable(long iterations, double *sink) {
    double m[CHAINS / 2], a[CHAINS / 2];
    for (int k = 0; k < CHAINS / 2; k++) {
        m[k] = 1.0 + k * 1e-3;
        a[k] = k * 1e-3;
    }
    for (long i = 0; i < iterations; i++)
        for (int k = 0; k < CHAINS / 2; k++) {
            m[k] = m[k] * 0.9999999;
            a[k] = a[k] + 1e-7;
        }
    double s = 0;
    for (int k = 0; k < CHAINS / 2; k++) s += m[k] + a[k];
    *sink = s;
    return (double)iterations * CHAINS;
}

static double probe_sqrt_portable(long iterations, double *sink) {
    double acc[CHAINS];
    for (int k = 0; k < CHAINS; k++) acc[k] = 1.5 + k * 1e-3;
    for (long i = 0; i < iterations; i++)
        for (int k = 0; k < CHAINS; k++) acc[k] = __builtin_sqrt(acc[k]) + 0.5;
    double s = 0;
    for (int k = 0; k < CHAINS; k++) s += acc[k];
    *sink = s;
    return (double)iterations * CHAINS;
}

static double probe_div_portable(long iterations, double *sink) {
    double acc[CHAINS];
    for (int k = 0; k < CHAINS; k++) acc[k] = 1.0 + k * 1e-3;
    for (long i = 0; i < iterations; i++)
        for (int k = 0; k < CHAINS; k++) acc[k] = acc[k] / 1.0000000001;
    double s = 0;
    for (int k = 0; k < CHAINS; k++) s += acc[k];
    *sink = s;
    return (double)iterations * CHAINS;
}

// The memory probes walk each array as `streams` (1, 2 or 4) interleaved parts — element i of every part
// in the same iteration. One core's DRAM bandwidth is bounded by the misses it keeps in flight, so it
// grows with the streams (Zen 5, one thread: reads 23 GB/s with one stream, 28 with two; a triad 25, 27
// and 30 GB/s with one, two and four, where a pairwise concat kernel reaches 28), and MachineLimits keeps
// the best layout. Each body is inlined with a constant `streams`, so its inner loop unrolls away.
static inline __attribute__((always_inline)) double read_portable(const double *a, size_t n, int streams) {
    const uint64_t *u = (const uint64_t *)a;
    size_t h = n / (size_t)streams;
    uint64_t x[8] = {0};
    for (size_t i = 0; i < h; i += 2)
        for (int p = 0; p < streams; p++) {
            x[2 * p] ^= u[p * h + i];
            x[2 * p + 1] ^= u[p * h + i + 1];
        }
    return (double)(x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6] ^ x[7]);
}

static inline __attribute__((always_inline)) void copy_portable(double *dst, const double *src, size_t n, int streams) {
    size_t h = n / (size_t)streams;
    for (size_t i = 0; i < h; i++)
        for (int p = 0; p < streams; p++) dst[p * h + i] = src[p * h + i];
}

static inline __attribute__((always_inline)) void triad_portable(double *a, const double *b, const double *c, double s, size_t n,
                                                                 int streams) {
    size_t h = n / (size_t)streams;
    for (size_t i = 0; i < h; i++)
        for (int p = 0; p < streams; p++) a[p * h + i] = b[p * h + i] + s * c[p * h + i];
}

#if defined(__x86_64__)
// One body per vector type: V is the vector, W its lane count, and the intrinsics are passed in.
// The square-root chains add 0.5 after each root (x ↦ √x + 0.5 stays near 1.5): an add's latency per root,
// hidden by the CHAINS independent chains when the root's throughput, not its latency, bounds the loop.
#define PROBE_ARITH(name, attr, V, W, set1, fma, mul, add, div, sqrt, store) \
    attr static double name##_fma(long iterations, double *sink) { \
        V acc[CHAINS], a = set1(0.9999999), b = set1(1e-7); \
        for (int k = 0; k < CHAINS; k++) acc[k] = set1(1.0 + k * 1e-3); \
        for (long i = 0; i < iterations; i++) \
            for (int k = 0; k < CHAINS; k++) acc[k] = fma(acc[k], a, b); \
        double lanes[W], s = 0; \
        for (int k = 0; k < CHAINS; k++) { \
            store(lanes, acc[k]); \
            for (int l = 0; l < W; l++) s += lanes[l]; \
        } \
        *sink = s; \
        return (double)iterations * CHAINS * W; \
    } \
    attr static double name##_mul_add(long iterations, double *sink) { \
        V m[CHAINS / 2], p[CHAINS / 2], a = set1(0.9999999), b = set1(1e-7); \
        for (int k = 0; k < CHAINS / 2; k++) { \
            m[k] = set1(1.0 + k * 1e-3); \
            p[k] = set1(k * 1e-3); \
        } \
        for (long i = 0; i < iterations; i++) \
            for (int k = 0; k < CHAINS / 2; k++) { \
                m[k] = mul(m[k], a); \
                p[k] = add(p[k], b); \
            } \
        double lanes[W], s = 0; \
        for (int k = 0; k < CHAINS / 2; k++) { \
            store(lanes, add(m[k], p[k])); \
            for (int l = 0; l < W; l++) s += lanes[l]; \
        } \
        *sink = s; \
        return (double)iterations * CHAINS * W; \
    } \
    attr static double name##_div(long iterations, double *sink) { \
        V acc[CHAINS], d = set1(1.0000000001); \
        for (int k = 0; k < CHAINS; k++) acc[k] = set1(1.0 + k * 1e-3); \
        for (long i = 0; i < iterations; i++) \
            for (int k = 0; k < CHAINS; k++) acc[k] = div(acc[k], d); \
        double lanes[W], s = 0; \
        for (int k = 0; k < CHAINS; k++) { \
            store(lanes, acc[k]); \
            for (int l = 0; l < W; l++) s += lanes[l]; \
        } \
        *sink = s; \
        return (double)iterations * CHAINS * W; \
    } \
    attr static double name##_sqrt(long iterations, double *sink) { \
        V acc[CHAINS], h = set1(0.5); \
        for (int k = 0; k < CHAINS; k++) acc[k] = set1(1.5 + k * 1e-3); \
        for (long i = 0; i < iterations; i++) \
            for (int k = 0; k < CHAINS; k++) acc[k] = add(sqrt(acc[k]), h); \
        double lanes[W], s = 0; \
        for (int k = 0; k < CHAINS; k++) { \
            store(lanes, acc[k]); \
            for (int l = 0; l < W; l++) s += lanes[l]; \
        } \
        *sink = s; \
        return (double)iterations * CHAINS * W; \
    }

PROBE_ARITH(avx2, __attribute__((target("avx2,fma"))), __m256d, 4, _mm256_set1_pd, _mm256_fmadd_pd, _mm256_mul_pd, _mm256_add_pd,
            _mm256_div_pd, _mm256_sqrt_pd, _mm256_storeu_pd)
PROBE_ARITH(avx512, __attribute__((target("avx512f"))), __m512d, 8, _mm512_set1_pd, _mm512_fmadd_pd, _mm512_mul_pd, _mm512_add_pd,
            _mm512_div_pd, _mm512_sqrt_pd, _mm512_storeu_pd)

// Memory probes use 256-bit accesses at both levels: one core's load/store ports, not the vector
// width, bound bandwidth, and AVX2 is what every AVX-512 CPU has too.
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) double read_avx2(const double *a, size_t n, int streams) {
    __m256i x[8];
    for (int k = 0; k < 8; k++) x[k] = _mm256_setzero_si256();
    size_t h = n / (size_t)streams;
    for (size_t i = 0; i < h; i += 8)
        for (int p = 0; p < streams; p++) {
            x[2 * p] = _mm256_xor_si256(x[2 * p], _mm256_load_si256((const __m256i *)(a + p * h + i)));
            x[2 * p + 1] = _mm256_xor_si256(x[2 * p + 1], _mm256_load_si256((const __m256i *)(a + p * h + i + 4)));
        }
    uint64_t lanes[4];
    for (int k = 1; k < 8; k++) x[0] = _mm256_xor_si256(x[0], x[k]);
    _mm256_storeu_si256((__m256i *)lanes, x[0]);
    return (double)(lanes[0] ^ lanes[1] ^ lanes[2] ^ lanes[3]);
}

__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void copy_avx2(double *dst, const double *src, size_t n,
                                                                                            int streams) {
    size_t h = n / (size_t)streams;
    for (size_t i = 0; i < h; i += 8)
        for (int p = 0; p < streams; p++)
            for (int k = 0; k < 8; k += 4) _mm256_store_pd(dst + p * h + i + k, _mm256_load_pd(src + p * h + i + k));
}

__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void triad_avx2(double *a, const double *b, const double *c,
                                                                                             double s, size_t n, int streams) {
    __m256d vs = _mm256_set1_pd(s);
    size_t h = n / (size_t)streams;
    for (size_t i = 0; i < h; i += 8)
        for (int p = 0; p < streams; p++)
            for (int k = 0; k < 8; k += 4) {
                size_t e = p * h + i + k;
                _mm256_store_pd(a + e, _mm256_add_pd(_mm256_load_pd(b + e), _mm256_mul_pd(vs, _mm256_load_pd(c + e))));
            }
}

// The bodies with a constant stream count (so each inlines and unrolls), one function per level.
__attribute__((target("avx2"))) static double read_avx2_streams(const double *a, size_t n, int streams) {
    return streams == 4 ? read_avx2(a, n, 4) : streams == 2 ? read_avx2(a, n, 2) : read_avx2(a, n, 1);
}
__attribute__((target("avx2"))) static void copy_avx2_streams(double *dst, const double *src, size_t n, int streams) {
    if (streams == 4) copy_avx2(dst, src, n, 4);
    else if (streams == 2) copy_avx2(dst, src, n, 2);
    else copy_avx2(dst, src, n, 1);
}
__attribute__((target("avx2"))) static void triad_avx2_streams(double *a, const double *b, const double *c, double s, size_t n,
                                                               int streams) {
    if (streams == 4) triad_avx2(a, b, c, s, n, 4);
    else if (streams == 2) triad_avx2(a, b, c, s, n, 2);
    else triad_avx2(a, b, c, s, n, 1);
}
#endif

double camath_probe_fma(int isa, long iterations, double *sink) {
#if defined(__x86_64__)
    if (isa >= 3) return avx512_fma(iterations, sink);
    if (isa >= 2) return avx2_fma(iterations, sink);
#endif
    return probe_fma_portable(iterations, sink);
}

double camath_probe_mul_add(int isa, long iterations, double *sink) {
#if defined(__x86_64__)
    if (isa >= 3) return avx512_mul_add(iterations, sink);
    if (isa >= 2) return avx2_mul_add(iterations, sink);
#endif
    return probe_mul_add_portable(iterations, sink);
}

double camath_probe_div(int isa, long iterations, double *sink) {
#if defined(__x86_64__)
    if (isa >= 3) return avx512_div(iterations, sink);
    if (isa >= 2) return avx2_div(iterations, sink);
#endif
    return probe_div_portable(iterations, sink);
}

double camath_probe_sqrt(int isa, long iterations, double *sink) {
#if defined(__x86_64__)
    if (isa >= 3) return avx512_sqrt(iterations, sink);
    if (isa >= 2) return avx2_sqrt(iterations, sink);
#endif
    return probe_sqrt_portable(iterations, sink);
}

double camath_probe_read(int isa, const double *a, size_t n, int streams) {
#if defined(__x86_64__)
    if (isa >= 2) return read_avx2_streams(a, n, streams);
#endif
    return streams == 4 ? read_portable(a, n, 4) : streams == 2 ? read_portable(a, n, 2) : read_portable(a, n, 1);
}

void camath_probe_copy(int isa, double *dst, const double *src, size_t n, int streams) {
#if defined(__x86_64__)
    if (isa >= 2) {
        copy_avx2_streams(dst, src, n, streams);
        return;
    }
#endif
    if (streams == 4) copy_portable(dst, src, n, 4);
    else if (streams == 2) copy_portable(dst, src, n, 2);
    else copy_portable(dst, src, n, 1);
}

void camath_probe_triad(int isa, double *a, const double *b, const double *c, double s, size_t n, int streams) {
#if defined(__x86_64__)
    if (isa >= 2) {
        triad_avx2_streams(a, b, c, s, n, streams);
        return;
    }
#endif
    if (streams == 4) triad_portable(a, b, c, s, n, 4);
    else if (streams == 2) triad_portable(a, b, c, s, n, 2);
    else triad_portable(a, b, c, s, n, 1);
}

double camath_probe_allocated_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 m = mallinfo2();
    return (double)m.uordblks + (double)m.hblkhd;
#else
    return -1;
#endif
}
