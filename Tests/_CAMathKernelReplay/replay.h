// Private to the replay: one kernel call as data — which table entry, its scalar arguments and every buffer it
// reads or writes — and the file that holds a run of them. The recording and playback tables (replay_tables.c,
// x86-64 test side) and the driver that runs the calls again on another architecture (driver/replay_driver.c,
// built by scripts/aarch64-kernels.sh) share it, so a call is described once for all three.
#ifndef CAMATH_REPLAY_H
#define CAMATH_REPLAY_H

#include "_CAMathKernels.h"
#include <stdio.h>

/// The table entries, in camath_kernels order.
enum {
    REPLAY_CONCAT, REPLAY_MAP_POINTS3, REPLAY_MAP_POINTS3_STRIDED, REPLAY_MAP_POINTS2, REPLAY_INVERT, REPLAY_INVERT_AFFINE,
    REPLAY_FRAMES, REPLAY_HIT_TEST_BLOCK, REPLAY_AUTORESIZE, REPLAY_DECOMPOSE, REPLAY_RECOMPOSE, REPLAY_PAIR_RECORDS,
    REPLAY_INTERPOLATE, REPLAY_ELEMENTARY, REPLAY_TIMING_CURVE, REPLAY_SPRING_FRACTIONS, REPLAY_MEDIA_TIMING,
    REPLAY_CONCAT_PLANES, REPLAY_INVERT_PLANES, REPLAY_MAP_POINTS3_PLANES, REPLAY_MAP_POINTS2_PLANES,
    REPLAY_FRAMES_PLANES,
    REPLAY_ENTRIES
};
/// The entries' names, as the driver's report prints them.
extern const char *const replay_entry_names[REPLAY_ENTRIES];

/// What the kernel does with a buffer: reads it, writes it (all or part of it), or uses it as scratch.
enum { REPLAY_IN, REPLAY_OUT, REPLAY_WORK };
/// The element type of a buffer, for comparing outputs: doubles compare by bits (any NaN equals any NaN), the
/// rest byte by byte.
enum { REPLAY_F64, REPLAY_BYTES };

#define REPLAY_MAX_BUFFERS 24
#define REPLAY_MAX_SCALARS 6

/// A buffer argument: the bytes the kernel reaches are `runs` runs of `runBytes` bytes, `runStride` bytes apart
/// (one run for a plain array; one per field of a field-major block, or per record of a strided one). The gaps
/// between runs are not the kernel's — a caller may leave them uninitialised — so they are neither recorded
/// nor compared. A blob holds the runs end to end.
typedef struct {
    int role, type;
    /// Where the caller's buffer starts (NULL for a null argument).
    void *pointer;
    size_t runs, runBytes, runStride;
    /// For an output that starts where input `aliasOf − 1` starts (an in-place call), else 0.
    int aliasOf;
} replay_buffer;

/// The bytes from the first run's start to the last run's end (0 for no runs).
size_t replay_span(const replay_buffer *b);
/// The bytes of the buffer's blob: its runs end to end.
size_t replay_blob_bytes(const replay_buffer *b);
/// Copies the runs of the buffer at `from` to the blob `to`.
void replay_gather(const replay_buffer *b, const void *from, void *to);
/// Copies the blob `from` into the runs of the buffer at `to`: every byte, or where `written` (a blob of the
/// same size) is nonzero.
void replay_scatter(const replay_buffer *b, const void *from, const uint8_t *written, void *to);

typedef struct {
    int entry, isFast;
    /// The call's n.
    size_t elements;
    /// Its other integer and floating-point arguments, as bits, in argument order.
    uint64_t scalars[REPLAY_MAX_SCALARS];
    int scalarCount, bufferCount;
    replay_buffer buffers[REPLAY_MAX_BUFFERS];
} replay_call;

// The descriptions: one per entry, with the entry's arguments after the call to fill. They return 0, or −1 when
// an output overlaps an input without starting where it starts (a call the replay cannot reproduce).
int replay_describe_concat(replay_call *c, int fast, const double *a, size_t aStep, const double *b, size_t bStep, double *out, size_t n);
int replay_describe_map_points3(replay_call *c, int fast, const double *m, const double *points, double *out, size_t n);
int replay_describe_map_points3_strided(replay_call *c, int fast, const double *m, const uint8_t *points, size_t inStride, uint8_t *out,
                                        size_t outStride, size_t n);
int replay_describe_map_points2(replay_call *c, int fast, const double *h, const double *points, double *out, size_t n);
int replay_describe_invert(replay_call *c, int fast, const double *t, double *out, uint8_t *singular, size_t n);
int replay_describe_invert_affine(replay_call *c, int fast, const double *t, double *out, uint8_t *singular, uint8_t *notAffine, size_t n);
int replay_describe_frames(replay_call *c, int fast, const double *const *columns, double *out, uint8_t *slow, size_t n);
int replay_describe_hit_test_block(replay_call *c, int fast, const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n,
                                   double *scratch);
int replay_describe_autoresize(replay_call *c, int fast, const double *frames, const uint32_t *masks, double oldW, double oldH, double newW,
                               double newH, double *out, size_t n);
int replay_describe_decompose(replay_call *c, int fast, const double *t, const uint8_t *methods, int method, int parts, double *records,
                              size_t stride, uint8_t *status, size_t n);
int replay_describe_recompose(replay_call *c, int fast, const double *records, size_t stride, int quaternion, double *out, uint8_t *slow,
                              size_t n);
int replay_describe_pair_records(replay_call *c, int fast, const double *a, const double *b, size_t stride, double *pairs,
                                 double *perspectives, size_t n);
int replay_describe_interpolate(replay_call *c, int fast, const double *pairs, const double *perspectives, const int64_t *indices,
                                const uint8_t *flags, const double *t, double *out, uint8_t *slow, size_t n, int stream);
int replay_describe_elementary(replay_call *c, int fast, int function, const double *x, const double *y, double *out, uint8_t *slow, size_t n);
int replay_describe_timing_curve(replay_call *c, int fast, const double *curves, const uint32_t *which, const double *x, double *y,
                                 uint8_t *slow, size_t n);
int replay_describe_spring_fractions(replay_call *c, int fast, const double *params, size_t paramStep, const double *t, size_t timeStep,
                                     double *out, uint8_t *slow, size_t n);
int replay_describe_media_timing(replay_call *c, int fast, const double *timings, size_t stride, const uint8_t *flags, const double *t,
                                 size_t timeStep, uint8_t *contributes, double *basic, double *progress, double *cycle, size_t n);
int replay_describe_concat_planes(replay_call *c, int fast, const double *a, size_t aPlane, const double *b, size_t bPlane, double *out,
                                  size_t outPlane, size_t n);
int replay_describe_invert_planes(replay_call *c, int fast, const double *t, size_t tPlane, double *out, size_t outPlane, uint8_t *singular,
                                  size_t n);
int replay_describe_map_points3_planes(replay_call *c, int fast, const double *m, const double *points, size_t pointPlane, double *out,
                                       size_t outPlane, size_t n);
int replay_describe_map_points2_planes(replay_call *c, int fast, const double *h, const double *points, size_t pointPlane, double *out,
                                       size_t outPlane, size_t n);
int replay_describe_frames_planes(replay_call *c, int fast, const double *const *columns, double *out, size_t outPlane, uint8_t *slow, size_t n);

/// Calls `c`'s entry of `kernels` (the exact table, or its fast one when c->isFast) on the buffers' pointers.
void replay_invoke(const camath_kernels *kernels, const replay_call *c);

// The file: "CAMRPL1\n", then records. A blob record ('B') holds bytes once, however many buffers have them
// (its id is its position among the blobs); a call record ('C') holds the call and, per buffer, the blob of
// its content before the call (inputs), after it (outputs) and the mask of the bytes the kernel wrote
// (outputs, where known), each −1 when absent.
typedef struct replay_writer replay_writer;
replay_writer *replay_writer_open(const char *path);
/// Writes the call with, per buffer, `before` (inputs), `after` and `written` (outputs; each may be NULL).
int replay_writer_call(replay_writer *w, const replay_call *c, const void *const *before, const void *const *after,
                       const void *const *written);
/// Closes the file; returns the calls written, or −1 if any write failed.
long replay_writer_close(replay_writer *w);

/// A file read whole: its calls, each with its buffers' blobs (pointers into the file's bytes, NULL when absent).
typedef struct {
    replay_call call;
    const uint8_t *before[REPLAY_MAX_BUFFERS], *after[REPLAY_MAX_BUFFERS], *written[REPLAY_MAX_BUFFERS];
    /// The buffer's address modulo 64 when recorded (the kernels may choose their stores by alignment).
    unsigned alignment[REPLAY_MAX_BUFFERS];
} replay_record;
typedef struct {
    uint8_t *bytes;
    size_t callCount;
    replay_record *calls;
} replay_file;
/// Reads `path`; 0, or −1 with a message on stderr.
int replay_file_read(const char *path, replay_file *file);
void replay_file_free(replay_file *file);

/// A 64-bit hash of bytes (not cryptographic: the lookups compare the bytes too).
uint64_t replay_hash(const void *bytes, size_t count, uint64_t seed);

#endif
