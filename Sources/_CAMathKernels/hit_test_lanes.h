// The bulk hit test in lanes, exact only: a fused edge test could move a point across a layer's edge.
// Included by the level files, with KERNEL_ATTR and KERNEL(name) defined (and CAMATH_FAST in a fast build).
#include "lane_helpers.h"
#include "precision.h"
#if defined(CAMATH_FAST)
#error "hit_test_lanes.h has no fast form: the fast tables hold the exact kernel"
#endif

// One block of `lanes` points (8, 16 or CAMATH_HIT_BLOCK, a constant after inlining, so every lane loop has
// a fixed trip count); lanes past n hold NaN points, which no node accepts. The scratch layout is
// CAMATH_HIT_BLOCK lanes per row whatever `lanes` is.
static inline KERNEL_ATTR __attribute__((always_inline)) void
KERNEL(hit_test_lanes)(const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch, const int lanes) {
    double px[CAMATH_HIT_BLOCK], py[CAMATH_HIT_BLOCK];
    int64_t hit[CAMATH_HIT_BLOCK];
    for (int l = 0; l < lanes; l++) {
        px[l] = (size_t)l < n ? points[2 * l] : NAN;
        py[l] = (size_t)l < n ? points[2 * l + 1] : NAN;
        hit[l] = -1;
    }
    for (size_t i = 0; i < tree->count; i++) {
        double *restrict qx = scratch + 3 * CAMATH_HIT_BLOCK * i, *restrict qy = qx + CAMATH_HIT_BLOCK,
                         *restrict alive = qy + CAMATH_HIT_BLOCK;
        int32_t parent = tree->parent[i];
        if (!tree->enterable[i]) {
            i = (size_t)tree->subtreeEnd[i] - 1;
            continue;
        }
        // The parent's lanes (or the input points for the root), copied so the lane loop cannot alias.
        double sx[CAMATH_HIT_BLOCK], sy[CAMATH_HIT_BLOCK], parentAlive[CAMATH_HIT_BLOCK];
        for (int l = 0; l < lanes; l++) {
            const double *p = scratch + 3 * CAMATH_HIT_BLOCK * (size_t)(parent < 0 ? 0 : parent);
            sx[l] = parent < 0 ? px[l] : p[l];
            sy[l] = parent < 0 ? py[l] : p[CAMATH_HIT_BLOCK + l];
            parentAlive[l] = parent < 0 ? (double)(lane_finite(px[l]) & lane_finite(py[l])) : p[2 * CAMATH_HIT_BLOCK + l];
        }
        const double *inv = tree->inverse + 9 * i, *fw = tree->forwardWeight + 3 * i, *box = tree->box + 4 * i;
        const double i11 = inv[0], i12 = inv[1], i13 = inv[2], i21 = inv[3], i22 = inv[4], i23 = inv[5];
        const double i31 = inv[6], i32 = inv[7], i33 = inv[8], f13 = fw[0], f23 = fw[1], f33 = fw[2];
        const double minX = box[0], maxX = box[1], minY = box[2], maxY = box[3];
        const int masks = tree->masks[i];
        int any = 0;
        for (int l = 0; l < lanes; l++) {
            double X = sx[l], Y = sy[l];
            double xh = X * i11 + Y * i21 + i31, yh = X * i12 + Y * i22 + i32, wh = X * i13 + Y * i23 + i33;
            double x = xh / wh, y = yh / wh;
            int ok = (parentAlive[l] != 0) & lane_finite(x) & lane_finite(y) & (x * f13 + y * f23 + f33 > 0);
            int inside = (minX <= x) & (x < maxX) & (minY <= y) & (y < maxY);
            ok = masks ? ok & inside : ok;
            qx[l] = x;
            qy[l] = y;
            alive[l] = ok;
            hit[l] = ok & inside ? (int64_t)i : hit[l];
            any |= ok;
        }
        if (any == 0) i = (size_t)tree->subtreeEnd[i] - 1;
    }
    for (size_t l = 0; l < n; l++) hits[l] = hit[l];
}

// A small batch (a few touches) runs 8 or 16 lanes, not 32: every node's work scales with the lanes.
KERNEL_ATTR void KERNEL(hit_test_block)(const camath_hit_tree *tree, const double *points, int64_t *hits, size_t n, double *scratch) {
    if (n <= 8) KERNEL(hit_test_lanes)(tree, points, hits, n, scratch, 8);
    else if (n <= 16) KERNEL(hit_test_lanes)(tree, points, hits, n, scratch, 16);
    else KERNEL(hit_test_lanes)(tree, points, hits, n, scratch, CAMATH_HIT_BLOCK);
}
