// Private to the replay: one kernel call as data — which table entry, its scalar arguments and every buffer it
// reads or writes — and the file that holds a run of them. The recording and playback tables (replay_tables.c,
// x86-64 test side) and the driver that runs the calls again on another architecture (driver/replay_driver.c,
// built by scripts/aarch64-kernels.sh) share it, so a call is described once for all three.
#ifndef CAMATH_REPLAY_H
#define CAMATH_REPLAY_H

#include "../../Sources/_CAMathKernels/kernel_entries.h"
#include <stdio.h>

/// The table entries, in camath_kernels order (CAMATH_KERNEL_ENTRIES): REPLAY_concat, REPLAY_map_points3, …
#define REPLAY_ENUM_ENTRY(context, name, precision, body, params, args) REPLAY_##name,
typedef enum { CAMATH_KERNEL_ENTRIES(REPLAY_ENUM_ENTRY, ) REPLAY_ENTRIES } replay_entry;
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

// The descriptions, replay_describe_<entry>(replay_call *c, int fast, <the entry's parameters>): one per entry
// (replay_calls.c), filling `c` with the call. They return 0, or −1 when an output overlaps an input without
// starting where it starts (a call the replay cannot reproduce).
#define REPLAY_DESCRIBE_PARAMETERS(...) (replay_call * c, int fast, __VA_ARGS__)
#define REPLAY_DECLARE_DESCRIPTION(context, name, precision, body, params, args) \
    int replay_describe_##name REPLAY_DESCRIBE_PARAMETERS params;
CAMATH_KERNEL_ENTRIES(REPLAY_DECLARE_DESCRIPTION, )

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
