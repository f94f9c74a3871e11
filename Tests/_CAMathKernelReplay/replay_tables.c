// The recording and playback tables (_CAMathKernelReplay.h): every entry of both, at both precisions, is the
// entry's description (replay_calls.c) handed to `recorded` or `played`.
#include "_CAMathKernelReplay.h"
#include "replay.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static const camath_kernels *portable(void) { return camath_kernels_for_level(CAMATH_LEVEL_PORTABLE); }

/// Copies of the runs of every buffer of `c` with the role `role` (NULL elsewhere); 0, or −1 out of memory.
static int gather(const replay_call *c, int role, void **blobs) {
    int failed = 0;
    for (int i = 0; i < c->bufferCount; i++) {
        const replay_buffer *b = &c->buffers[i];
        blobs[i] = NULL;
        if (b->role != role || !b->pointer) continue;
        const size_t bytes = replay_blob_bytes(b);
        blobs[i] = malloc(bytes ? bytes : 1);
        if (blobs[i]) replay_gather(b, b->pointer, blobs[i]);
        else failed = 1;
    }
    return failed ? -1 : 0;
}

static void release(const replay_call *c, void **blobs) {
    for (int i = 0; i < c->bufferCount; i++) free(blobs[i]);
}

// ---- Recording

static struct {
    pthread_mutex_t lock;
    replay_writer *writer;
    long unreplayable;
    int failed;
} recording = { .lock = PTHREAD_MUTEX_INITIALIZER };

/// Runs the portable kernel on `c` and, while a recording is open, writes the call with its inputs (copied
/// before the call: an in-place call overwrites them) and outputs. `described` is the description's result.
static void recorded(const replay_call *c, int described) {
    pthread_mutex_lock(&recording.lock);
    if (!recording.writer || described != 0) {
        if (recording.writer) recording.unreplayable++;
        replay_invoke(portable(), c);
        pthread_mutex_unlock(&recording.lock);
        return;
    }
    void *before[REPLAY_MAX_BUFFERS], *after[REPLAY_MAX_BUFFERS];
    int failed = gather(c, REPLAY_IN, before);
    replay_invoke(portable(), c);
    failed |= gather(c, REPLAY_OUT, after);
    if (failed || replay_writer_call(recording.writer, c, (const void *const *)before, (const void *const *)after, NULL) != 0) {
        recording.failed = 1;
    }
    release(c, before);
    release(c, after);
    pthread_mutex_unlock(&recording.lock);
}

int camath_replay_record_start(const char *path) {
    pthread_mutex_lock(&recording.lock);
    int result = -1;
    if (!recording.writer && (recording.writer = replay_writer_open(path))) {
        recording.unreplayable = 0;
        recording.failed = 0;
        result = 0;
    }
    pthread_mutex_unlock(&recording.lock);
    return result;
}

long camath_replay_record_stop(long *unreplayable) {
    pthread_mutex_lock(&recording.lock);
    long calls = -1;
    if (recording.writer) {
        calls = replay_writer_close(recording.writer);
        if (recording.failed) calls = -1;
        recording.writer = NULL;
    }
    if (unreplayable) *unreplayable = recording.unreplayable;
    pthread_mutex_unlock(&recording.lock);
    return calls;
}

// ---- Playback: the loaded calls indexed by a hash of their entry, scalars, buffer shapes and input bytes.

#define PLAYBACK_FILES 8

static struct {
    replay_file files[PLAYBACK_FILES];
    size_t fileCount, callCount;
    size_t capacity;                // a power of two
    const replay_record **records;  // NULL for an empty slot
    uint64_t *keys;
    char name[48];
    long hits, misses;
} playback = { .name = "replayed" };

/// The key of a call whose input buffers hold `inputs` (blobs, NULL where absent).
static uint64_t key(const replay_call *c, const void *const *inputs) {
    uint64_t head[4 + REPLAY_MAX_SCALARS] = { (uint64_t)c->entry, (uint64_t)c->isFast, c->elements, (uint64_t)c->bufferCount };
    memcpy(head + 4, c->scalars, sizeof c->scalars);
    uint64_t h = replay_hash(head, sizeof head, 0);
    for (int i = 0; i < c->bufferCount; i++) {
        const replay_buffer *b = &c->buffers[i];
        const uint64_t shape[5] = { (uint64_t)b->role, b->runs, b->runBytes, b->pointer != NULL, (uint64_t)b->aliasOf };
        h = replay_hash(shape, sizeof shape, h);
        if (inputs[i]) h = replay_hash(inputs[i], replay_blob_bytes(b), h);
    }
    return h;
}

/// Whether the loaded call `r` is the live call `c` with inputs `inputs`.
static int same(const replay_record *r, const replay_call *c, const void *const *inputs) {
    const replay_call *l = &r->call;
    if (l->entry != c->entry || l->isFast != c->isFast || l->elements != c->elements || l->bufferCount != c->bufferCount
        || memcmp(l->scalars, c->scalars, sizeof c->scalars) != 0) return 0;
    for (int i = 0; i < c->bufferCount; i++) {
        const replay_buffer *a = &l->buffers[i], *b = &c->buffers[i];
        if (a->role != b->role || a->runs != b->runs || a->runBytes != b->runBytes || (a->pointer != NULL) != (b->pointer != NULL)
            || a->aliasOf != b->aliasOf) return 0;
        if (inputs[i] && (!r->before[i] || memcmp(r->before[i], inputs[i], replay_blob_bytes(b)) != 0)) return 0;
    }
    return 1;
}

/// Writes the loaded outputs of the call `c`; a call that was not loaded is a miss, run (and, while a
/// recording is open, recorded) by `recorded`.
static void played(const replay_call *c, int described) {
    void *inputs[REPLAY_MAX_BUFFERS];
    const replay_record *found = NULL;
    if (described == 0 && playback.records && gather(c, REPLAY_IN, inputs) == 0) {
        const uint64_t k = key(c, (const void *const *)inputs);
        for (size_t j = k & (playback.capacity - 1); playback.records[j]; j = (j + 1) & (playback.capacity - 1)) {
            if (playback.keys[j] == k && same(playback.records[j], c, (const void *const *)inputs)) {
                found = playback.records[j];
                break;
            }
        }
        release(c, inputs);
    }
    if (!found) {
        __atomic_add_fetch(&playback.misses, 1, __ATOMIC_RELAXED);
        recorded(c, described);
        return;
    }
    for (int i = 0; i < c->bufferCount; i++) {
        const replay_buffer *b = &c->buffers[i];
        if (b->role == REPLAY_OUT && b->pointer && found->after[i]) replay_scatter(b, found->after[i], found->written[i], b->pointer);
    }
    __atomic_add_fetch(&playback.hits, 1, __ATOMIC_RELAXED);
}

void camath_replay_playback_unload(void) {
    for (size_t f = 0; f < playback.fileCount; f++) replay_file_free(&playback.files[f]);
    free(playback.records);
    free(playback.keys);
    playback.records = NULL;
    playback.keys = NULL;
    playback.fileCount = playback.callCount = playback.capacity = 0;
}

/// Indexes every call of every loaded file; 0, or −1 out of memory.
static int index_calls(void) {
    free(playback.records);
    free(playback.keys);
    playback.capacity = 1024;
    while (playback.capacity < 2 * playback.callCount) playback.capacity *= 2;
    playback.records = calloc(playback.capacity, sizeof *playback.records);
    playback.keys = calloc(playback.capacity, sizeof *playback.keys);
    if (!playback.records || !playback.keys) return -1;
    for (size_t f = 0; f < playback.fileCount; f++) {
        for (size_t n = 0; n < playback.files[f].callCount; n++) {
            const replay_record *r = &playback.files[f].calls[n];
            const uint64_t k = key(&r->call, (const void *const *)r->before);
            size_t j = k & (playback.capacity - 1);
            while (playback.records[j]) j = (j + 1) & (playback.capacity - 1);
            playback.records[j] = r;
            playback.keys[j] = k;
        }
    }
    return 0;
}

long camath_replay_playback_load(const char *path, const char *name) {
    playback.hits = playback.misses = 0;
    strncpy(playback.name, name, sizeof playback.name - 1);
    if (playback.fileCount == PLAYBACK_FILES) {
        fprintf(stderr, "replay: %s: more than %d files loaded\n", path, PLAYBACK_FILES);
        return -1;
    }
    replay_file *file = &playback.files[playback.fileCount];
    if (replay_file_read(path, file) != 0) return -1;
    playback.fileCount++;
    playback.callCount += file->callCount;
    if (index_calls() != 0) {
        camath_replay_playback_unload();
        return -1;
    }
    return (long)file->callCount;
}

long camath_replay_playback_hits(void) { return __atomic_load_n(&playback.hits, __ATOMIC_RELAXED); }
long camath_replay_playback_misses(void) { return __atomic_load_n(&playback.misses, __ATOMIC_RELAXED); }

// ---- The tables: one wrapper per entry, mode (recorded, played) and precision.

// <mode>_<precision>_<entry>: the entry's description handed to `recorded` or `played`; precision 1 only for
// the entries a fast table has a kernel of its own for (the fast tables hold the exact wrapper elsewhere).
#define WRAP(mode, fast, name, params, args) \
    static void mode##_##fast##_##name params { \
        replay_call c; \
        int described = replay_describe_##name(&c, fast, CAMATH_UNPAREN args); \
        mode(&c, described); \
    }
#define WRAP_EXACT(mode, name, precision, body, params, args) WRAP(mode, 0, name, params, args)
#define WRAP_FAST(mode, name, precision, body, params, args) CAMATH_IF_FAST_##precision(WRAP(mode, 1, name, params, args))
CAMATH_KERNEL_ENTRIES(WRAP_EXACT, recorded)
CAMATH_KERNEL_ENTRIES(WRAP_FAST, recorded)
CAMATH_KERNEL_ENTRIES(WRAP_EXACT, played)
CAMATH_KERNEL_ENTRIES(WRAP_FAST, played)

// The wrappers fill every slot, intrinsic or lanes alike.
static const camath_kernels recording_fast, playback_fast;
CAMATH_TABLE(recording_exact, CAMATH_LEVEL_PORTABLE, "recorded-portable", recording_fast, 0, (recorded_0_, recorded_1_, recorded_0_, recorded_1_));
CAMATH_TABLE(recording_fast, CAMATH_LEVEL_PORTABLE, "recorded-portable-fast", recording_fast, 1,
             (recorded_0_, recorded_1_, recorded_0_, recorded_1_));
CAMATH_TABLE(playback_exact, CAMATH_LEVEL_PORTABLE, playback.name, playback_fast, 0, (played_0_, played_1_, played_0_, played_1_));
CAMATH_TABLE(playback_fast, CAMATH_LEVEL_PORTABLE, playback.name, playback_fast, 1, (played_0_, played_1_, played_0_, played_1_));

const camath_kernels *camath_replay_recording_kernels(void) { return &recording_exact; }
const camath_kernels *camath_replay_playback_kernels(void) { return &playback_exact; }
