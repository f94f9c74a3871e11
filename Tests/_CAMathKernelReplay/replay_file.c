// The replay file (replay.h): blobs stored once and referred to by id, calls that refer to them.
#include "replay.h"
#include <stdlib.h>
#include <string.h>

static const char magic[8] = { 'C', 'A', 'M', 'R', 'P', 'L', '1', '\n' };
enum { TAG_BLOB = 'B', TAG_CALL = 'C' };

uint64_t replay_hash(const void *bytes, size_t count, uint64_t seed) {
    const uint8_t *p = bytes;
    uint64_t h = seed ^ (count * 0x9E3779B97F4A7C15u);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9u;
        h ^= h >> 31;
    }
    for (; i < count; i++) h = (h ^ p[i]) * 0x94D049BB133111EBu;
    return h ^ (h >> 29);
}

// ---- Writing: a hash table of the blobs written so far (their bytes kept to compare), open addressing.

typedef struct {
    uint64_t hash;
    size_t size;
    int64_t id;
    uint8_t *bytes;
} blob_slot;

struct replay_writer {
    FILE *file;
    int failed;
    long calls;
    int64_t blobs;
    size_t capacity;  // a power of two; slots with bytes == NULL and id == -1 are empty
    blob_slot *slots;
};

replay_writer *replay_writer_open(const char *path) {
    replay_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->file = fopen(path, "wb");
    w->capacity = 1024;
    w->slots = calloc(w->capacity, sizeof *w->slots);
    if (!w->file || !w->slots) {
        if (w->file) fclose(w->file);
        free(w->slots);
        free(w);
        return NULL;
    }
    for (size_t i = 0; i < w->capacity; i++) w->slots[i].id = -1;
    if (fwrite(magic, sizeof magic, 1, w->file) != 1) w->failed = 1;
    return w;
}

static void put(replay_writer *w, const void *bytes, size_t count) {
    if (count && fwrite(bytes, count, 1, w->file) != 1) w->failed = 1;
}
static void put32(replay_writer *w, uint32_t v) { put(w, &v, 4); }
static void put64(replay_writer *w, uint64_t v) { put(w, &v, 8); }

static int grow(replay_writer *w) {
    size_t capacity = w->capacity * 2;
    blob_slot *slots = calloc(capacity, sizeof *slots);
    if (!slots) return -1;
    for (size_t i = 0; i < capacity; i++) slots[i].id = -1;
    for (size_t i = 0; i < w->capacity; i++) {
        if (w->slots[i].id < 0) continue;
        size_t j = w->slots[i].hash & (capacity - 1);
        while (slots[j].id >= 0) j = (j + 1) & (capacity - 1);
        slots[j] = w->slots[i];
    }
    free(w->slots);
    w->slots = slots;
    w->capacity = capacity;
    return 0;
}

/// The id of a blob of these bytes, written now if it is new; −1 for NULL.
static int64_t blob(replay_writer *w, const void *bytes, size_t count) {
    if (!bytes) return -1;
    if ((size_t)w->blobs * 2 >= w->capacity && grow(w) != 0) {
        w->failed = 1;
        return -1;
    }
    const uint64_t hash = replay_hash(bytes, count, 0);
    size_t j = hash & (w->capacity - 1);
    for (; w->slots[j].id >= 0; j = (j + 1) & (w->capacity - 1)) {
        const blob_slot *s = &w->slots[j];
        if (s->hash == hash && s->size == count && memcmp(s->bytes, bytes, count) == 0) return s->id;
    }
    uint8_t *copy = malloc(count ? count : 1);
    if (!copy) {
        w->failed = 1;
        return -1;
    }
    memcpy(copy, bytes, count);
    w->slots[j] = (blob_slot){ .hash = hash, .size = count, .id = w->blobs++, .bytes = copy };
    put32(w, TAG_BLOB);
    put64(w, (uint64_t)w->slots[j].id);
    put64(w, count);
    put(w, bytes, count);
    return w->slots[j].id;
}

int replay_writer_call(replay_writer *w, const replay_call *c, const void *const *before, const void *const *after,
                       const void *const *written) {
    int64_t ids[REPLAY_MAX_BUFFERS][3];
    for (int i = 0; i < c->bufferCount; i++) {
        const size_t bytes = replay_blob_bytes(&c->buffers[i]);
        ids[i][0] = blob(w, before ? before[i] : NULL, bytes);
        ids[i][1] = blob(w, after ? after[i] : NULL, bytes);
        ids[i][2] = blob(w, written ? written[i] : NULL, bytes);
    }
    put32(w, TAG_CALL);
    put32(w, (uint32_t)c->entry);
    put32(w, (uint32_t)c->isFast);
    put64(w, c->elements);
    put32(w, (uint32_t)c->scalarCount);
    for (int i = 0; i < c->scalarCount; i++) put64(w, c->scalars[i]);
    put32(w, (uint32_t)c->bufferCount);
    for (int i = 0; i < c->bufferCount; i++) {
        const replay_buffer *b = &c->buffers[i];
        put32(w, (uint32_t)b->role);
        put32(w, (uint32_t)b->type);
        put32(w, (uint32_t)b->aliasOf);
        put32(w, b->pointer ? 1 : 0);
        put32(w, (uint32_t)((uintptr_t)b->pointer % 64));
        put64(w, b->runs);
        put64(w, b->runBytes);
        put64(w, b->runStride);
        for (int k = 0; k < 3; k++) put64(w, (uint64_t)ids[i][k]);
    }
    w->calls++;
    return w->failed ? -1 : 0;
}

long replay_writer_close(replay_writer *w) {
    if (fclose(w->file) != 0) w->failed = 1;
    for (size_t i = 0; i < w->capacity; i++) free(w->slots[i].bytes);
    free(w->slots);
    const long calls = w->failed ? -1 : w->calls;
    free(w);
    return calls;
}

// ---- Reading: the whole file in memory, blobs indexed by id.

typedef struct {
    const uint8_t *p, *end;
    int failed;
} cursor;

static const uint8_t *take(cursor *c, size_t count) {
    if (c->failed || (size_t)(c->end - c->p) < count) {
        c->failed = 1;
        return NULL;
    }
    const uint8_t *at = c->p;
    c->p += count;
    return at;
}
static uint32_t take32(cursor *c) {
    uint32_t v = 0;
    const uint8_t *at = take(c, 4);
    if (at) memcpy(&v, at, 4);
    return v;
}
static uint64_t take64(cursor *c) {
    uint64_t v = 0;
    const uint8_t *at = take(c, 8);
    if (at) memcpy(&v, at, 8);
    return v;
}

static int fail(const char *path, const char *why, replay_file *file) {
    fprintf(stderr, "replay: %s: %s\n", path, why);
    replay_file_free(file);
    return -1;
}

int replay_file_read(const char *path, replay_file *file) {
    memset(file, 0, sizeof *file);
    FILE *f = fopen(path, "rb");
    if (!f) return fail(path, "cannot open", file);
    size_t size = 0, capacity = 1 << 20;
    uint8_t *bytes = malloc(capacity);
    for (size_t got; bytes && (got = fread(bytes + size, 1, capacity - size, f)) > 0;) {
        size += got;
        if (size == capacity) {
            uint8_t *larger = realloc(bytes, capacity *= 2);
            if (!larger) free(bytes);
            bytes = larger;
        }
    }
    const int readFailed = ferror(f);
    fclose(f);
    file->bytes = bytes;
    if (!bytes || readFailed) return fail(path, "cannot read", file);
    cursor c = { bytes, bytes + size, 0 };
    const uint8_t *head = take(&c, sizeof magic);
    if (!head || memcmp(head, magic, sizeof magic) != 0) return fail(path, "not a replay file", file);

    size_t blobCount = 0, blobCapacity = 1024, callCapacity = 1024;
    const uint8_t **blobs = malloc(blobCapacity * sizeof *blobs);
    size_t *blobSizes = malloc(blobCapacity * sizeof *blobSizes);
    file->calls = malloc(callCapacity * sizeof *file->calls);
    int broken = !blobs || !blobSizes || !file->calls;
    while (!broken && c.p < c.end) {
        const uint32_t tag = take32(&c);
        if (tag == TAG_BLOB) {
            const uint64_t id = take64(&c), count = take64(&c);
            const uint8_t *data = take(&c, count);
            if (c.failed || id != blobCount) { broken = 1; break; }
            if (blobCount == blobCapacity) {
                blobCapacity *= 2;
                const uint8_t **b = realloc(blobs, blobCapacity * sizeof *blobs);
                size_t *s = realloc(blobSizes, blobCapacity * sizeof *blobSizes);
                if (b) blobs = b;
                if (s) blobSizes = s;
                if (!b || !s) { broken = 1; break; }
            }
            blobs[blobCount] = data;
            blobSizes[blobCount++] = count;
        } else if (tag == TAG_CALL) {
            if (file->callCount == callCapacity) {
                replay_record *r = realloc(file->calls, (callCapacity *= 2) * sizeof *file->calls);
                if (!r) { broken = 1; break; }
                file->calls = r;
            }
            replay_record *r = &file->calls[file->callCount];
            memset(r, 0, sizeof *r);
            replay_call *call = &r->call;
            call->entry = (int)take32(&c);
            call->isFast = (int)take32(&c);
            call->elements = take64(&c);
            call->scalarCount = (int)take32(&c);
            if (call->entry < 0 || call->entry >= REPLAY_ENTRIES || call->scalarCount < 0 || call->scalarCount > REPLAY_MAX_SCALARS) {
                broken = 1;
                break;
            }
            for (int i = 0; i < call->scalarCount; i++) call->scalars[i] = take64(&c);
            call->bufferCount = (int)take32(&c);
            if (call->bufferCount < 0 || call->bufferCount > REPLAY_MAX_BUFFERS) { broken = 1; break; }
            for (int i = 0; i < call->bufferCount && !c.failed && !broken; i++) {
                replay_buffer *b = &call->buffers[i];
                b->role = (int)take32(&c);
                b->type = (int)take32(&c);
                b->aliasOf = (int)take32(&c);
                const int present = (int)take32(&c);
                r->alignment[i] = take32(&c) % 64;
                b->runs = take64(&c);
                b->runBytes = take64(&c);
                b->runStride = take64(&c);
                if (b->runs > 1 && b->runStride < b->runBytes) { broken = 1; break; }
                // A present buffer's pointer is set by whoever calls again; here only presence is kept.
                b->pointer = present ? (void *)&r->alignment[i] : NULL;
                const uint8_t **blob[3] = { &r->before[i], &r->after[i], &r->written[i] };
                for (int k = 0; k < 3; k++) {
                    const int64_t id = (int64_t)take64(&c);
                    if (id < 0) continue;
                    if ((uint64_t)id >= blobCount || blobSizes[id] != replay_blob_bytes(b)) { broken = 1; break; }
                    *blob[k] = blobs[id];
                }
                if (b->aliasOf < 0 || b->aliasOf > call->bufferCount) broken = 1;
            }
            if (c.failed) broken = 1;
            file->callCount++;
        } else {
            broken = 1;
        }
    }
    free(blobs);
    free(blobSizes);
    if (broken || c.failed) return fail(path, "truncated or malformed", file);
    return 0;
}

void replay_file_free(replay_file *file) {
    free(file->bytes);
    free(file->calls);
    memset(file, 0, sizeof *file);
}
