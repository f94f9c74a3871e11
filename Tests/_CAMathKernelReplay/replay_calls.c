// Each table entry's call as data (replay.h): the bytes every pointer argument reaches, from the contract in
// _CAMathKernels.h, and the call made again from that data.
#include "replay.h"
#include <string.h>

#define REPLAY_ENTRY_NAME(context, name, precision, body, params, args) #name,
const char *const replay_entry_names[REPLAY_ENTRIES] = { CAMATH_KERNEL_ENTRIES(REPLAY_ENTRY_NAME, ) };

static void begin(replay_call *c, int entry, int fast, size_t n) {
    memset(c, 0, sizeof *c);
    c->entry = entry;
    c->isFast = fast;
    c->elements = n;
}

static void scalar(replay_call *c, uint64_t bits) { c->scalars[c->scalarCount++] = bits; }

static void real(replay_call *c, double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    scalar(c, bits);
}

size_t replay_span(const replay_buffer *b) { return b->runs ? b->runStride * (b->runs - 1) + b->runBytes : 0; }
size_t replay_blob_bytes(const replay_buffer *b) { return b->runs * b->runBytes; }

void replay_gather(const replay_buffer *b, const void *from, void *to) {
    for (size_t r = 0; r < b->runs; r++) memcpy((uint8_t *)to + r * b->runBytes, (const uint8_t *)from + r * b->runStride, b->runBytes);
}

void replay_scatter(const replay_buffer *b, const void *from, const uint8_t *written, void *to) {
    for (size_t r = 0; r < b->runs; r++) {
        const uint8_t *source = (const uint8_t *)from + r * b->runBytes;
        uint8_t *target = (uint8_t *)to + r * b->runStride;
        if (!written) {
            memcpy(target, source, b->runBytes);
            continue;
        }
        const uint8_t *mask = written + r * b->runBytes;
        for (size_t i = 0; i < b->runBytes; i++) {
            if (mask[i]) target[i] = source[i];
        }
    }
}

/// A buffer of `runs` runs of `runBytes` bytes, `runStride` apart; runs that touch or overlap are one run.
static void buffer(replay_call *c, int role, int type, const void *pointer, size_t runs, size_t runBytes, size_t runStride) {
    replay_buffer *b = &c->buffers[c->bufferCount++];
    b->role = role;
    b->type = type;
    b->pointer = (void *)pointer;
    if (!pointer || runs == 0 || runBytes == 0) return;
    if (runs == 1 || runStride <= runBytes) {
        b->runs = 1;
        b->runBytes = runStride * (runs - 1) + runBytes;
        b->runStride = b->runBytes;
    } else {
        b->runs = runs;
        b->runBytes = runBytes;
        b->runStride = runStride;
    }
}

/// A plain array of `bytes` bytes.
static void in(replay_call *c, int type, const void *pointer, size_t bytes) { buffer(c, REPLAY_IN, type, pointer, 1, bytes, bytes); }
static void out(replay_call *c, int type, void *pointer, size_t bytes) { buffer(c, REPLAY_OUT, type, pointer, 1, bytes, bytes); }

/// Marks each output that starts where an input starts as its alias; −1 when an output overlaps an input
/// otherwise.
static int finish(replay_call *c) {
    for (int o = 0; o < c->bufferCount; o++) {
        replay_buffer *b = &c->buffers[o];
        if (b->role != REPLAY_OUT || !b->runs) continue;
        const uint8_t *ob = b->pointer;
        for (int i = 0; i < c->bufferCount; i++) {
            const replay_buffer *a = &c->buffers[i];
            if (a->role != REPLAY_IN || !a->runs) continue;
            const uint8_t *ib = a->pointer;
            if (ib == ob) {
                if (!b->aliasOf) b->aliasOf = i + 1;
            } else if (ib < ob + replay_span(b) && ob < ib + replay_span(a)) {
                return -1;
            }
        }
    }
    return 0;
}

/// n records of `size` doubles whose first doubles are `step` doubles apart (step 0: one record for all).
static void records(replay_call *c, int role, const void *pointer, size_t n, size_t step, size_t size) {
    buffer(c, role, REPLAY_F64, pointer, step ? n : (n ? 1 : 0), 8 * size, 8 * step);
}

/// A field-major block: `fields` runs of n doubles, `stride` doubles apart.
static void fieldMajor(replay_call *c, int role, const void *pointer, size_t n, size_t stride, size_t fields) {
    buffer(c, role, REPLAY_F64, pointer, n ? fields : 0, 8 * n, 8 * stride);
}

int replay_describe_concat(replay_call *c, int fast, const double *a, size_t aStep, const double *b, size_t bStep, double *o, size_t n) {
    begin(c, REPLAY_concat, fast, n);
    scalar(c, aStep);
    scalar(c, bStep);
    records(c, REPLAY_IN, a, n, aStep, 16);
    records(c, REPLAY_IN, b, n, bStep, 16);
    out(c, REPLAY_F64, o, 8 * 16 * n);
    return finish(c);
}

int replay_describe_map_points3(replay_call *c, int fast, const double *m, const double *points, double *o, size_t n) {
    begin(c, REPLAY_map_points3, fast, n);
    in(c, REPLAY_F64, m, 8 * 16);
    records(c, REPLAY_IN, points, n, 4, 3);  // (x, y, z, pad): the pads are neither read nor written
    records(c, REPLAY_OUT, o, n, 4, 3);
    return finish(c);
}

int replay_describe_map_points3_strided(replay_call *c, int fast, const double *m, const uint8_t *points, size_t inStride, uint8_t *o,
                                        size_t outStride, size_t n) {
    begin(c, REPLAY_map_points3_strided, fast, n);
    scalar(c, inStride);
    scalar(c, outStride);
    in(c, REPLAY_F64, m, 8 * 16);
    buffer(c, REPLAY_IN, REPLAY_F64, points, n, 24, inStride);
    buffer(c, REPLAY_OUT, REPLAY_F64, o, n, 24, outStride);
    return finish(c);
}

int replay_describe_map_points2(replay_call *c, int fast, const double *h, const double *points, double *o, size_t n) {
    begin(c, REPLAY_map_points2, fast, n);
    in(c, REPLAY_F64, h, 8 * 9);
    in(c, REPLAY_F64, points, 8 * 2 * n);
    out(c, REPLAY_F64, o, 8 * 2 * n);
    return finish(c);
}

int replay_describe_invert(replay_call *c, int fast, const double *t, double *o, uint8_t *singular, size_t n) {
    begin(c, REPLAY_invert, fast, n);
    in(c, REPLAY_F64, t, 8 * 16 * n);
    out(c, REPLAY_F64, o, 8 * 16 * n);
    out(c, REPLAY_BYTES, singular, n);
    return finish(c);
}

int replay_describe_invert_affine(replay_call *c, int fast, const double *t, double *o, uint8_t *singular, uint8_t *notAffine, size_t n) {
    begin(c, REPLAY_invert_affine, fast, n);
    in(c, REPLAY_F64, t, 8 * 16 * n);
    out(c, REPLAY_F64, o, 8 * 16 * n);
    out(c, REPLAY_BYTES, singular, n);
    out(c, REPLAY_BYTES, notAffine, n);
    return finish(c);
}

/// The frames kernel's column count (bw … m44).
#define FRAME_COLUMNS 19

int replay_describe_frames(replay_call *c, int fast, const double *const *columns, double *o, uint8_t *slow, size_t n) {
    begin(c, REPLAY_frames, fast, n);
    for (int k = 0; k < FRAME_COLUMNS; k++) in(c, REPLAY_F64, columns[k], 8 * n);
    out(c, REPLAY_F64, o, 8 * 4 * n);
    out(c, REPLAY_BYTES, slow, n);
    return finish(c);
}

int replay_describe_hit_test_block(replay_call *c, int fast, const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n,
                                   double *scratch) {
    begin(c, REPLAY_hit_test_block, fast, n);
    const size_t nodes = tree->count;
    scalar(c, nodes);
    in(c, REPLAY_BYTES, tree->parent, 4 * nodes);
    in(c, REPLAY_BYTES, tree->subtreeEnd, 4 * nodes);
    in(c, REPLAY_BYTES, tree->enterable, nodes);
    in(c, REPLAY_BYTES, tree->masks, nodes);
    in(c, REPLAY_F64, tree->inverse, 8 * 9 * nodes);
    in(c, REPLAY_F64, tree->forwardWeight, 8 * 3 * nodes);
    in(c, REPLAY_F64, tree->box, 8 * 4 * nodes);
    in(c, REPLAY_F64, points, 8 * 2 * n);
    out(c, REPLAY_BYTES, hits, 8 * n);
    const size_t scratchBytes = 8 * 3 * CAMATH_HIT_BLOCK * nodes;
    buffer(c, REPLAY_WORK, REPLAY_F64, scratch, 1, scratchBytes, scratchBytes);
    return finish(c);
}

int replay_describe_autoresize(replay_call *c, int fast, const double *frames, const uint32_t *masks, double oldW, double oldH, double newW,
                               double newH, double *o, size_t n) {
    begin(c, REPLAY_autoresize, fast, n);
    real(c, oldW);
    real(c, oldH);
    real(c, newW);
    real(c, newH);
    in(c, REPLAY_F64, frames, 8 * 4 * n);
    in(c, REPLAY_BYTES, masks, 4 * n);
    out(c, REPLAY_F64, o, 8 * 4 * n);
    return finish(c);
}

int replay_describe_decompose(replay_call *c, int fast, const double *t, const uint8_t *methods, int method, int parts, double *records,
                              size_t stride, uint8_t *status, size_t n) {
    begin(c, REPLAY_decompose, fast, n);
    scalar(c, (uint64_t)(int64_t)method);
    scalar(c, (uint64_t)(int64_t)parts);
    scalar(c, stride);
    in(c, REPLAY_F64, t, 8 * 16 * n);
    in(c, REPLAY_BYTES, methods, n);
    fieldMajor(c, REPLAY_OUT, records, n, stride, CAMATH_PARTS);
    out(c, REPLAY_BYTES, status, n);
    return finish(c);
}

int replay_describe_recompose(replay_call *c, int fast, const double *records, size_t stride, int quaternion, double *o, uint8_t *slow,
                              size_t n) {
    begin(c, REPLAY_recompose, fast, n);
    scalar(c, stride);
    scalar(c, (uint64_t)(int64_t)quaternion);
    fieldMajor(c, REPLAY_IN, records, n, stride, CAMATH_PARTS);
    out(c, REPLAY_F64, o, 8 * 16 * n);
    out(c, REPLAY_BYTES, slow, n);
    return finish(c);
}

int replay_describe_pair_records(replay_call *c, int fast, const double *a, const double *b, size_t stride, double *pairs,
                                 double *perspectives, size_t n) {
    begin(c, REPLAY_pair_records, fast, n);
    scalar(c, stride);
    fieldMajor(c, REPLAY_IN, a, n, stride, CAMATH_PARTS);
    fieldMajor(c, REPLAY_IN, b, n, stride, CAMATH_PARTS);
    out(c, REPLAY_F64, pairs, 8 * CAMATH_PAIR_FIELDS * n);
    out(c, REPLAY_F64, perspectives, 8 * CAMATH_PAIR_PERSPECTIVE_FIELDS * n);
    return finish(c);
}

int replay_describe_interpolate(replay_call *c, int fast, const double *pairs, const double *perspectives, const int64_t *indices,
                                const uint8_t *flags, const double *t, double *o, uint8_t *slow, size_t n, int stream) {
    begin(c, REPLAY_interpolate, fast, n);
    size_t count = indices ? 0 : n;  // pair records read: one past the largest index
    for (size_t i = 0; indices && i < n; i++) {
        if ((size_t)indices[i] + 1 > count) count = (size_t)indices[i] + 1;
    }
    scalar(c, (uint64_t)(int64_t)stream);
    in(c, REPLAY_F64, pairs, 8 * CAMATH_PAIR_FIELDS * count);
    in(c, REPLAY_F64, perspectives, 8 * CAMATH_PAIR_PERSPECTIVE_FIELDS * count);
    in(c, REPLAY_BYTES, indices, 8 * n);
    in(c, REPLAY_BYTES, flags, n);
    in(c, REPLAY_F64, t, 8 * n);
    out(c, REPLAY_F64, o, 8 * 16 * n);
    out(c, REPLAY_BYTES, slow, n);
    return finish(c);
}

int replay_describe_elementary(replay_call *c, int fast, int function, const double *x, const double *y, double *o, uint8_t *slow, size_t n) {
    begin(c, REPLAY_elementary, fast, n);
    scalar(c, (uint64_t)(int64_t)function);
    in(c, REPLAY_F64, x, 8 * n);
    in(c, REPLAY_F64, y, 8 * n);
    out(c, REPLAY_F64, o, 8 * n);
    out(c, REPLAY_BYTES, slow, n);
    return finish(c);
}

int replay_describe_timing_curve(replay_call *c, int fast, const double *curves, const uint32_t *which, const double *x, double *y,
                                 uint8_t *slow, size_t n) {
    begin(c, REPLAY_timing_curve, fast, n);
    size_t count = 1;  // curves read: one past the largest index
    for (size_t i = 0; which && i < n; i++) {
        if ((size_t)which[i] + 1 > count) count = (size_t)which[i] + 1;
    }
    in(c, REPLAY_F64, curves, n ? 8 * CAMATH_CURVE_FIELDS * count : 0);
    in(c, REPLAY_BYTES, which, 4 * n);
    in(c, REPLAY_F64, x, 8 * n);
    out(c, REPLAY_F64, y, 8 * n);
    out(c, REPLAY_BYTES, slow, n);
    return finish(c);
}

int replay_describe_spring_fractions(replay_call *c, int fast, const double *params, size_t paramStep, const double *t, size_t timeStep,
                                     double *o, uint8_t *slow, size_t n) {
    begin(c, REPLAY_spring_fractions, fast, n);
    scalar(c, paramStep);
    scalar(c, timeStep);
    records(c, REPLAY_IN, params, n, paramStep, CAMATH_SPRING_FIELDS);
    records(c, REPLAY_IN, t, n, timeStep, 1);
    out(c, REPLAY_F64, o, 8 * n);
    out(c, REPLAY_BYTES, slow, n);
    return finish(c);
}

int replay_describe_media_timing(replay_call *c, int fast, const double *timings, size_t stride, const uint8_t *flags, const double *t,
                                 size_t timeStep, uint8_t *contributes, double *basic, double *progress, double *cycle, size_t n) {
    begin(c, REPLAY_media_timing, fast, n);
    scalar(c, stride);
    scalar(c, timeStep);
    fieldMajor(c, REPLAY_IN, timings, n, stride, CAMATH_TIMING_FIELDS);
    in(c, REPLAY_BYTES, flags, n);
    records(c, REPLAY_IN, t, n, timeStep, 1);
    out(c, REPLAY_BYTES, contributes, n);
    out(c, REPLAY_F64, basic, 8 * n);
    out(c, REPLAY_F64, progress, 8 * n);
    out(c, REPLAY_F64, cycle, 8 * n);
    return finish(c);
}

/// A planes operand: `fields` planes of n doubles, `plane` doubles apart; plane 0: one record of `fields` doubles.
static void planes(replay_call *c, int role, const void *pointer, size_t n, size_t plane, size_t fields) {
    if (plane == 0) buffer(c, role, REPLAY_F64, pointer, n ? 1 : 0, 8 * fields, 8 * fields);
    else fieldMajor(c, role, pointer, n, plane, fields);
}

int replay_describe_concat_planes(replay_call *c, int fast, const double *a, size_t aPlane, const double *b, size_t bPlane, double *o,
                                  size_t outPlane, size_t n) {
    begin(c, REPLAY_concat_planes, fast, n);
    scalar(c, aPlane);
    scalar(c, bPlane);
    scalar(c, outPlane);
    planes(c, REPLAY_IN, a, n, aPlane, 16);
    planes(c, REPLAY_IN, b, n, bPlane, 16);
    planes(c, REPLAY_OUT, o, n, outPlane, 16);
    return finish(c);
}

/// A planes inverse (either entry): 16 planes in, 16 out, the flags.
static int inverse_planes(replay_call *c, int entry, int fast, const double *t, size_t tPlane, double *o, size_t outPlane,
                          uint8_t *singular, size_t n) {
    begin(c, entry, fast, n);
    scalar(c, tPlane);
    scalar(c, outPlane);
    planes(c, REPLAY_IN, t, n, tPlane, 16);
    planes(c, REPLAY_OUT, o, n, outPlane, 16);
    out(c, REPLAY_BYTES, singular, n);
    return finish(c);
}

int replay_describe_invert_planes(replay_call *c, int fast, const double *t, size_t tPlane, double *o, size_t outPlane, uint8_t *singular,
                                  size_t n) {
    return inverse_planes(c, REPLAY_invert_planes, fast, t, tPlane, o, outPlane, singular, n);
}

int replay_describe_invert_affine_planes(replay_call *c, int fast, const double *t, size_t tPlane, double *o, size_t outPlane,
                                         uint8_t *singular, size_t n) {
    return inverse_planes(c, REPLAY_invert_affine_planes, fast, t, tPlane, o, outPlane, singular, n);
}

/// A planes point map: the map's `entries` doubles, `fields` coordinate planes in and out.
static int mapPlanes(replay_call *c, int entry, int fast, const double *m, size_t entries, const double *points, size_t pointPlane,
                     double *o, size_t outPlane, size_t fields, size_t n) {
    begin(c, entry, fast, n);
    scalar(c, pointPlane);
    scalar(c, outPlane);
    in(c, REPLAY_F64, m, 8 * entries);
    planes(c, REPLAY_IN, points, n, pointPlane, fields);
    planes(c, REPLAY_OUT, o, n, outPlane, fields);
    return finish(c);
}

int replay_describe_map_points3_planes(replay_call *c, int fast, const double *m, const double *points, size_t pointPlane, double *o,
                                       size_t outPlane, size_t n) {
    return mapPlanes(c, REPLAY_map_points3_planes, fast, m, 16, points, pointPlane, o, outPlane, 3, n);
}

int replay_describe_map_points2_planes(replay_call *c, int fast, const double *h, const double *points, size_t pointPlane, double *o,
                                       size_t outPlane, size_t n) {
    return mapPlanes(c, REPLAY_map_points2_planes, fast, h, 9, points, pointPlane, o, outPlane, 2, n);
}

int replay_describe_frames_planes(replay_call *c, int fast, const double *const *columns, double *o, size_t outPlane, uint8_t *slow,
                                  size_t n) {
    begin(c, REPLAY_frames_planes, fast, n);
    scalar(c, outPlane);
    for (int k = 0; k < FRAME_COLUMNS; k++) in(c, REPLAY_F64, columns[k], 8 * n);
    planes(c, REPLAY_OUT, o, n, outPlane, 4);
    out(c, REPLAY_BYTES, slow, n);
    return finish(c);
}

void replay_invoke(const camath_kernels *kernels, const replay_call *c) {
    const camath_kernels *k = c->isFast ? kernels->fast : kernels;
    void *p[REPLAY_MAX_BUFFERS];
    for (int i = 0; i < c->bufferCount; i++) p[i] = c->buffers[i].pointer;
    const uint64_t *s = c->scalars;
    const size_t n = c->elements;
    double r[4];
    memcpy(r, s, sizeof r);  // autoresize's sizes
    switch ((replay_entry)c->entry) {
    case REPLAY_concat: k->concat(p[0], s[0], p[1], s[1], p[2], n); break;
    case REPLAY_map_points3: k->map_points3(p[0], p[1], p[2], n); break;
    case REPLAY_map_points3_strided: k->map_points3_strided(p[0], p[1], s[0], p[2], s[1], n); break;
    case REPLAY_map_points2: k->map_points2(p[0], p[1], p[2], n); break;
    case REPLAY_invert: k->invert(p[0], p[1], p[2], n); break;
    case REPLAY_invert_affine: k->invert_affine(p[0], p[1], p[2], p[3], n); break;
    case REPLAY_frames:
    case REPLAY_frames_planes: {
        const double *columns[FRAME_COLUMNS];
        for (int i = 0; i < FRAME_COLUMNS; i++) columns[i] = p[i];
        if (c->entry == REPLAY_frames) k->frames(columns, p[FRAME_COLUMNS], p[FRAME_COLUMNS + 1], n);
        else k->frames_planes(columns, p[FRAME_COLUMNS], s[0], p[FRAME_COLUMNS + 1], n);
        break;
    }
    case REPLAY_hit_test_block: {
        const camath_hit_tree tree = {
            .count = s[0], .parent = p[0], .subtreeEnd = p[1], .enterable = p[2], .masks = p[3],
            .inverse = p[4], .forwardWeight = p[5], .box = p[6],
        };
        k->hit_test_block(&tree, p[7], p[8], n, p[9]);
        break;
    }
    case REPLAY_autoresize: k->autoresize(p[0], p[1], r[0], r[1], r[2], r[3], p[2], n); break;
    case REPLAY_decompose: k->decompose(p[0], p[1], (int)(int64_t)s[0], (int)(int64_t)s[1], p[2], s[2], p[3], n); break;
    case REPLAY_recompose: k->recompose(p[0], s[0], (int)(int64_t)s[1], p[1], p[2], n); break;
    case REPLAY_pair_records: k->pair_records(p[0], p[1], s[0], p[2], p[3], n); break;
    case REPLAY_interpolate: k->interpolate(p[0], p[1], p[2], p[3], p[4], p[5], p[6], n, (int)(int64_t)s[0]); break;
    case REPLAY_elementary: k->elementary((int)(int64_t)s[0], p[0], p[1], p[2], p[3], n); break;
    case REPLAY_timing_curve: k->timing_curve(p[0], p[1], p[2], p[3], p[4], n); break;
    case REPLAY_spring_fractions: k->spring_fractions(p[0], s[0], p[1], s[1], p[2], p[3], n); break;
    case REPLAY_media_timing: k->media_timing(p[0], s[0], p[1], p[2], s[1], p[3], p[4], p[5], p[6], n); break;
    case REPLAY_concat_planes: k->concat_planes(p[0], s[0], p[1], s[1], p[2], s[2], n); break;
    case REPLAY_invert_planes: k->invert_planes(p[0], s[0], p[1], s[1], p[2], n); break;
    case REPLAY_invert_affine_planes: k->invert_affine_planes(p[0], s[0], p[1], s[1], p[2], n); break;
    case REPLAY_map_points3_planes: k->map_points3_planes(p[0], p[1], s[0], p[2], s[1], n); break;
    case REPLAY_map_points2_planes: k->map_points2_planes(p[0], p[1], s[0], p[2], s[1], n); break;
    case REPLAY_ENTRIES: break;
    }
}
