// The replay driver: runs the calls of a recording (written on x86-64 by the recording tables) on this build's
// portable kernels, writes a file of the same calls with this build's outputs and the bytes each kernel wrote,
// and compares those outputs with the recorded ones: exact kernels bit for bit (any NaN equals any NaN), fast
// ones counted in ulps (the tests hold them to their budgets when they play the file back).
// scripts/aarch64-kernels.sh builds it for aarch64 (run under QEMU) and for x86-64 (the replay's own check);
// it is not part of the package.
//   replay_driver [--strict] RECORDING RESULTS
// Exit status: 0 when every exact output agrees (with --strict, every fast one too: the same build as the
// recording's must give its bits), 1 when one differs, 2 when a file cannot be read or written.
#include "../replay.h"
#include <stdlib.h>
#include <string.h>

#ifndef REPLAY_BUILD
#define REPLAY_BUILD "this build"
#endif

/// The fills of every output byte before a run. A unit of an output (a double, or a byte of the others) that
/// does not hold the first fill after the first run was written; when one does, a second run with the other
/// fill decides: a byte that ends equal in both runs was written.
static const uint8_t fills[2] = { 0x5A, 0xA5 };

/// Whether a unit of some output of `c` holds the first fill after the first run (`after`).
static int ambiguous(const replay_call *c, uint8_t *const *after) {
    for (int i = 0; i < c->bufferCount; i++) {
        if (!after[i]) continue;
        const size_t bytes = replay_blob_bytes(&c->buffers[i]), unit = c->buffers[i].type == REPLAY_F64 ? 8 : 1;
        for (size_t at = 0; at + unit <= bytes; at += unit) {
            size_t k = 0;
            while (k < unit && after[i][at + k] == fills[0]) k++;
            if (k == unit) return 1;
        }
    }
    return 0;
}

typedef struct {
    long calls;
    size_t elements, outputs, differing;
    size_t nanAgainstNumber;  // differing doubles of which one is NaN and the other not
    size_t bytes;             // differing bytes of flags and indices
    uint64_t largestUlps;     // among the other differing doubles
} tally;

/// The distance in ulps of two doubles that are not both NaN (UINT64_MAX when one is).
static uint64_t ulps(double a, double b) {
    if (a != a || b != b) return UINT64_MAX;
    int64_t x, y;
    memcpy(&x, &a, 8);
    memcpy(&y, &b, 8);
    if (x < 0) x = INT64_MIN - x;
    if (y < 0) y = INT64_MIN - y;
    return x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
}

/// Compares this build's outputs with the recorded ones where this build wrote; prints the first few
/// differences of exact calls.
static void compare(const replay_record *r, const replay_call *c, uint8_t *const *after, uint8_t *const *written, size_t index, int strict,
                    tally *t, int *printed) {
    for (int i = 0; i < c->bufferCount; i++) {
        const replay_buffer *b = &c->buffers[i];
        if (b->role != REPLAY_OUT || !r->after[i]) continue;
        const size_t bytes = replay_blob_bytes(b), unit = b->type == REPLAY_F64 ? 8 : 1;
        for (size_t at = 0; at + unit <= bytes; at += unit) {
            int all = 1;
            for (size_t k = 0; k < unit; k++) all &= written[i][at + k] != 0;
            if (!all) continue;
            t->outputs++;
            if (memcmp(after[i] + at, r->after[i] + at, unit) == 0) continue;
            if (unit == 8) {
                double here, there;
                memcpy(&here, after[i] + at, 8);
                memcpy(&there, r->after[i] + at, 8);
                if (here != here && there != there) continue;  // NaN payloads aside
                const uint64_t distance = ulps(here, there);
                if (distance == UINT64_MAX) t->nanAgainstNumber++;
                else if (distance > t->largestUlps) t->largestUlps = distance;
                if ((strict || !c->isFast) && (*printed)++ < 10) {
                    fprintf(stderr, "  call %zu %s, buffer %d, value %zu: %a here, %a recorded\n", index, replay_entry_names[c->entry], i, at / 8,
                            here, there);
                }
            } else {
                t->bytes++;
                if ((strict || !c->isFast) && (*printed)++ < 10) {
                    fprintf(stderr, "  call %zu %s, buffer %d, byte %zu: %u here, %u recorded\n", index, replay_entry_names[c->entry], i, at,
                            after[i][at], r->after[i][at]);
                }
            }
            t->differing++;
        }
    }
}

/// The bytes buffer i of `c` spans, with those of the input it aliases (an in-place call's output holds both).
static size_t reach(const replay_call *c, int i) {
    const replay_buffer *b = &c->buffers[i];
    const size_t span = replay_span(b), input = b->aliasOf ? replay_span(&c->buffers[b->aliasOf - 1]) : 0;
    return span > input ? span : input;
}

/// Memory for a buffer of `span` bytes at `alignment` modulo 64 (what the kernels saw when it was recorded).
static uint8_t *place(size_t span, unsigned alignment, void **base) {
    *base = malloc(span + 128);
    if (!*base) return NULL;
    uintptr_t p = (uintptr_t)*base;
    return (uint8_t *)(p + ((alignment + 64 - p % 64) % 64));
}

int main(int argc, char **argv) {
    const int strict = argc == 4 && strcmp(argv[1], "--strict") == 0;
    if (argc != 3 + strict) {
        fprintf(stderr, "usage: replay_driver [--strict] RECORDING RESULTS\n");
        return 2;
    }
    argv += strict;
    replay_file recording;
    if (replay_file_read(argv[1], &recording) != 0) return 2;
    replay_writer *w = replay_writer_open(argv[2]);
    if (!w) {
        fprintf(stderr, "replay: %s: cannot create\n", argv[2]);
        return 2;
    }
    const camath_kernels *kernels = camath_kernels_for_level(CAMATH_LEVEL_PORTABLE);
    tally tallies[REPLAY_ENTRIES][2];
    memset(tallies, 0, sizeof tallies);
    int printed = 0, failed = 0;
    for (size_t n = 0; n < recording.callCount && !failed; n++) {
        const replay_record *r = &recording.calls[n];
        replay_call c = r->call;
        void *bases[REPLAY_MAX_BUFFERS] = { 0 };
        uint8_t *after[2][REPLAY_MAX_BUFFERS] = { { 0 } }, *written[REPLAY_MAX_BUFFERS] = { 0 };
        // Inputs first (an aliased one lives in its output's memory), then outputs and scratch.
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < c.bufferCount; i++) {
                replay_buffer *b = &c.buffers[i];
                const int isInput = b->role == REPLAY_IN;
                if (!b->pointer || isInput != (pass == 0)) continue;
                if (!(b->pointer = place(reach(&c, i), r->alignment[i], &bases[i]))) failed = 1;
                else if (isInput && r->before[i]) replay_scatter(b, r->before[i], NULL, b->pointer);
            }
        }
        for (int i = 0; i < c.bufferCount && !failed; i++) {
            replay_buffer *b = &c.buffers[i];
            if (b->aliasOf) c.buffers[b->aliasOf - 1].pointer = b->pointer;
            if (b->role == REPLAY_OUT && b->pointer) {
                const size_t bytes = replay_blob_bytes(b) ? replay_blob_bytes(b) : 1;
                if (!(after[0][i] = malloc(bytes)) || !(after[1][i] = malloc(bytes)) || !(written[i] = malloc(bytes))) failed = 1;
            }
        }
        int runs = 0;
        for (int run = 0; run < 2 && !failed && (run == 0 || ambiguous(&c, after[0])); run++, runs++) {
            for (int i = 0; i < c.bufferCount; i++) {
                const replay_buffer *b = &c.buffers[i];
                if (!b->pointer || b->role == REPLAY_IN) continue;
                memset(b->pointer, fills[run], reach(&c, i));
                if (b->aliasOf) replay_scatter(&c.buffers[b->aliasOf - 1], r->before[b->aliasOf - 1], NULL, b->pointer);
            }
            replay_invoke(kernels, &c);
            for (int i = 0; i < c.bufferCount; i++) {
                if (after[run][i]) replay_gather(&c.buffers[i], c.buffers[i].pointer, after[run][i]);
            }
        }
        for (int i = 0; i < c.bufferCount && !failed; i++) {
            if (!written[i]) continue;
            const size_t bytes = replay_blob_bytes(&c.buffers[i]);
            for (size_t k = 0; k < bytes; k++) written[i][k] = runs == 1 || after[0][i][k] == after[1][i][k] ? 0xFF : 0;
        }
        if (!failed) {
            tally *t = &tallies[c.entry][c.isFast];
            t->calls++;
            t->elements += c.elements;
            compare(r, &c, after[0], written, n, strict, t, &printed);
            if (replay_writer_call(w, &c, (const void *const *)r->before, (const void *const *)after[0], (const void *const *)written) != 0) {
                failed = 1;
            }
        }
        for (int i = 0; i < c.bufferCount; i++) {
            free(bases[i]);
            free(after[0][i]);
            free(after[1][i]);
            free(written[i]);
        }
    }
    if (replay_writer_close(w) < 0 || failed) {
        fprintf(stderr, "replay: %s: cannot write the results\n", argv[2]);
        replay_file_free(&recording);
        return 2;
    }
    int differs = 0;
    for (int fast = 0; fast < 2; fast++) {
        for (int e = 0; e < REPLAY_ENTRIES; e++) {
            const tally *t = &tallies[e][fast];
            if (!t->calls) continue;
            printf("replay %s %s %s: %ld calls, %zu elements; %zu of %zu outputs differ from the recording", REPLAY_BUILD,
                   fast ? "fast" : "exact", replay_entry_names[e], t->calls, t->elements, t->differing, t->outputs);
            if (t->differing > t->nanAgainstNumber + t->bytes) printf(" (at most %llu ulp)", (unsigned long long)t->largestUlps);
            if (t->bytes) printf(" (%zu in flags or indices)", t->bytes);
            if (t->nanAgainstNumber) printf(" (%zu a NaN against a number)", t->nanAgainstNumber);
            printf("\n");
            if ((strict || !fast) && t->differing) differs = 1;
        }
    }
    replay_file_free(&recording);
    return differs;
}
