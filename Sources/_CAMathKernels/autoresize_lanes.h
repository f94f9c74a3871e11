// CALayer's autoresizing rule in lanes, exact only: additions, divisions and roundings with nothing to fuse.
// Included by the level files, with KERNEL_ATTR and KERNEL(name) defined (and CAMATH_FAST in a fast build).
#include "lane_helpers.h"
#include "precision.h"
#if defined(CAMATH_FAST)
#error "autoresize_lanes.h has no fast form: the fast tables hold the exact kernel"
#endif

// One axis of CALayer's autoresizing rule (CAMathLayer's LayerAutoresizing.axis, operation for operation):
// `bits` holds the min margin (bit 0), the extent (bit 1) and the max margin (bit 2); an axis with no change
// or no bit keeps (o, e).
static inline void autoresize_axis(double o, double e, double old, double nw, uint32_t bits, double *ro, double *re) {
    const int minMargin = bits & 1, sizable = (bits >> 1) & 1, maxMargin = (bits >> 2) & 1;
    const double delta = nw - old;
    const int touched = (delta != 0) & ((bits & 7) != 0);
    const int margins = minMargin + maxMargin;
    const double extentShare = sizable ? (margins > 0 ? delta / 3 : delta) : 0;
    const double marginShare = margins > 0 ? (delta - extentShare) / (double)margins : 0;
    const double before = minMargin ? o + marginShare : o;
    const double after = maxMargin ? ((old - o) - e) + marginShare : (old - o) - e;
    const double x = floor(before);
    const double w = ceil((nw - x) - after);
    *ro = touched ? x : o;
    *re = touched ? w : e;
}

// CALayer's autoresizing of n frames (x, y, w, h, 4 doubles apart) with their masks, for one superlayer
// size change (finite sizes: the caller checks them). A lane with a non-finite component keeps its frame.
KERNEL_ATTR void KERNEL(autoresize)(const double *frames, const uint32_t *masks, double oldW, double oldH, double newW, double newH,
                                    double *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const double x = frames[4 * i], y = frames[4 * i + 1], w = frames[4 * i + 2], h = frames[4 * i + 3];
        const int finite = lane_finite(x) & lane_finite(y) & lane_finite(w) & lane_finite(h);
        double nx, nw, ny, nh;
        autoresize_axis(x, w, oldW, newW, masks[i], &nx, &nw);
        autoresize_axis(y, h, oldH, newH, masks[i] >> 3, &ny, &nh);
        out[4 * i] = finite ? nx : x;
        out[4 * i + 1] = finite ? ny : y;
        out[4 * i + 2] = finite ? nw : w;
        out[4 * i + 3] = finite ? nh : h;
    }
}
