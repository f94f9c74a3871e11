// Lane form of CAMathAnimation's timing-curve solver (its *Timing functions* article): each lane runs the
// spline bracket, the secant start and up to four Newton steps with the reference's operations in the
// reference's order, every branch a select, so a lane that converges has the reference's bits. A lane that
// would go on to bisection is marked slow and its result left to the caller (the reference). Exact only: the
// Newton steps branch, and fusing could change the branch. Included by the exact level files.
#include "transform_lanes.h" // its lane blocks: TL_W, TL_LANES
#include "precision.h"
#if defined(CAMATH_FAST)
#error "animation_lanes.h has no fast form: the fast tables hold the exact kernels"
#endif

/// Core Animation's evaluation of curve `c` (CAMATH_CURVE_FIELDS doubles: a, b, c of X, a, b, c of Y, the
/// 11 spline samples, and 1 when every control value is finite, else 0) at x; *slow = 1 when the lane
/// needs bisection (the result is then unspecified).
TL_INLINE double tc_evaluate(const double *restrict c, double x, int *restrict slow) {
    const double ax = c[0], bx = c[1], cx = c[2], ay = c[3], by = c[4], cy = c[5];
    const double eps = 1e-7, step = 1.0 / 10;
    // The first sample at or above x brackets the root.
    int found = 0;
    double s0 = 0, s1 = 0, t1 = 0;
    for (int i = 1; i <= 10; i++) {
        int take = !found & (x <= c[6 + i]);
        s0 = take ? c[5 + i] : s0;
        s1 = take ? c[6 + i] : s1;
        t1 = take ? step * (double)i : t1;
        found |= take;
    }
    double t0 = found ? t1 - step : 0.0;
    double t2 = found ? t0 + ((t1 - t0) * (x - s0)) / (s1 - s0) : x;
    double x2 = 0;
    int done = 0, stop = 0;
    for (int round = 0; round < 4; round++) {
        int active = !done & !stop;
        double residual = ((ax * t2 + bx) * t2 + cx) * t2 - x;
        x2 = active ? residual : x2;
        done |= active & (fabs(residual) < eps);
        double d2 = ((3 * ax) * t2 + 2 * bx) * t2 + cx;
        int step2 = active & !done;
        stop |= step2 & (fabs(d2) < eps);
        t2 = (step2 & !stop) ? t2 - x2 / d2 : t2;
    }
    done |= fabs(x2) < eps;
    double y = ((ay * t2 + by) * t2 + cy) * t2;
    int special = (x != x) | (c[17] == 0) | (x <= 0) | (x >= 1);
    *slow = !special & !done;
    y = x >= 1 ? 1.0 : y;
    y = x <= 0 ? 0.0 : y;
    return ((x != x) | (c[17] == 0)) ? NAN : y;
}

/// y[i] = curve which[i] of `curves` (function 0 when which is NULL) evaluated at x[i]; slow[i] = 1 where the
/// lane needs bisection (y[i] unspecified).
///
/// A lane's solve is one long chain of dependent steps (the bracket, then four Newton rounds, each ending in a
/// division), so the blocks are two lane blocks wide and their loop runs four vectors side by side: at
/// AVX-512 four chains of 8 lanes, at AVX2 four of 4 (measured in a harness over 1000 mixed curves, Zen 4:
/// 6.1 → 5.4 ns per curve at AVX-512, 10.0 → 8.1 at AVX2, against one lane block with two vectors).
KERNEL_ATTR void KERNEL(timing_curve)(const double *restrict curves, const uint32_t *restrict which, const double *restrict x,
                                      double *restrict y, uint8_t *restrict slow, size_t n) {
    enum { W = 2 * TL_W };
    for (size_t i0 = 0; i0 < n; i0 += W) {
        size_t w = n - i0 < W ? n - i0 : W;
        double c[CAMATH_CURVE_FIELDS][W], xx[W], yy[W];
        int s[W];
        // Each lane's curve, its rows moved into lanes by 4×4 tiles, one lane block at a time.
        for (int half = 0; half < W / TL_W; half++) {
            const double *f[TL_W];
            double *lanes[CAMATH_CURVE_FIELDS];
            for (size_t l = 0; l < TL_W; l++) {
                size_t j = (size_t)half * TL_W + l, i = i0 + (j < w ? j : 0);
                f[l] = curves + CAMATH_CURVE_FIELDS * (which ? which[i] : 0);
                xx[j] = x[i];
            }
            for (int k = 0; k < CAMATH_CURVE_FIELDS; k++) lanes[k] = c[k] + half * TL_W;
            tl_transpose(f, TL_W, CAMATH_CURVE_FIELDS, lanes);
        }
        _Pragma("clang loop vectorize(enable) interleave_count(4)") for (int l = 0; l < W; l++) {
            double cc[CAMATH_CURVE_FIELDS];
            int rare = 0;
            TL_FIELDS (int k = 0; k < CAMATH_CURVE_FIELDS; k++) cc[k] = c[k][l];
            yy[l] = tc_evaluate(cc, xx[l], &rare);
            s[l] = rare;
        }
        for (size_t l = 0; l < w; l++) {
            y[i0 + l] = yy[l];
            slow[i0 + l] = (uint8_t)s[l];
        }
    }
}

/// CAMathAnimation's ResolvedMediaTiming.evaluate lane by lane: the same operations in the same order, its
/// branches selects (Swift's max(x, 0) is `0 >= x ? 0 : x`, min(x, C) is `C < x ? C : x`, and the
/// rounding down is floor), so every lane returns the reference's bits. _CAMathKernels.h gives the layout.
KERNEL_ATTR void KERNEL(media_timing)(const double *restrict timings, size_t stride, const uint8_t *restrict flags,
                                      const double *restrict t, size_t timeStep, uint8_t *restrict contributes, double *restrict basic,
                                      double *restrict progress, double *restrict cycle, size_t n) {
    for (size_t i0 = 0; i0 < n; i0 += TL_W) {
        size_t w = n - i0 < TL_W ? n - i0 : TL_W;
        tl_lanes f[CAMATH_TIMING_FIELDS], p, outBasic, outProgress, outCycle;
        int bits[TL_W], active[TL_W];
        tl_load_records(timings + i0, stride, w, 0, CAMATH_TIMING_FIELDS, f);
        for (size_t l = 0; l < TL_W; l++) {
            size_t i = i0 + (l < w ? l : 0);
            bits[l] = flags[i];
            p[l] = t[i * timeStep];
        }
        TL_LANES {
            const double b = f[0][l], s = f[1][l], o = f[2][l], d = f[3][l], cycleLength = f[4][l], span = f[5][l], time = p[l];
            const int autoreverses = (bits[l] & CAMATH_TIMING_AUTOREVERSES) != 0,
                      backwards = (bits[l] & CAMATH_TIMING_FILLS_BACKWARDS) != 0;
            const int forwards = (bits[l] & CAMATH_TIMING_FILLS_FORWARDS) != 0, removed = (bits[l] & CAMATH_TIMING_REMOVED) != 0;
            int ok = lane_finite(time) & lane_finite(b) & lane_finite(s) & lane_finite(o);
            double u = (time - b) * s;
            int positive = s > 0, still = s == 0;
            int before = positive ? u < 0 : (still ? 0 : u > 0);
            int after = (before == 0) & (positive ? u >= span : (still ? 0 : u <= -span));
            double a = positive ? u : (still ? 0.0 : span + u);
            ok &= (before == 0) | backwards;
            ok &= (after == 0) | (forwards & (removed == 0));
            a = before ? (s >= 0 ? 0.0 : span) : a;
            a = after ? (s >= 0 ? span : 0.0) : a;
            double shifted = a + o;
            ok &= lane_finite(shifted);
            int cycles = lane_finite(cycleLength);
            double quotient = shifted / cycleLength;
            ok &= cycles ? lane_finite(quotient) : 1;
            double k = __builtin_floor(quotient);
            double lifted = shifted - k * cycleLength;
            lifted = 0 >= lifted ? 0.0 : lifted;
            double r = cycleLength < lifted ? cycleLength : lifted;
            int end = (r == 0) & (a == span) & (shifted > 0);
            k = end ? k - 1 : k;
            r = end ? cycleLength : r;
            k = cycles ? k : 0.0;
            r = cycles ? r : shifted;
            double beta = ((autoreverses == 0) | (r <= d)) ? r : 2 * d - r;
            outBasic[l] = ok ? beta : 0.0;
            outProgress[l] = ok ? beta / d : 0.0;
            outCycle[l] = ok ? k : 0.0;
            active[l] = ok;
        }
        for (size_t l = 0; l < w; l++) {
            contributes[i0 + l] = (uint8_t)active[l];
            basic[i0 + l] = outBasic[l];
            progress[i0 + l] = outProgress[l];
            cycle[i0 + l] = outCycle[l];
        }
    }
}

// e^x for one lane, within about 1 ulp (not the platform's bits: springs are held to a budget). x = k·ln 2 + r
// with |r| ≤ ln 2 / 2 (ln 2 split in two so r is exact to about 2⁻¹⁰⁶), e^r by its Taylor series to r¹³
// (truncation below 2⁻⁶⁰ relative), then 2^k in two factors so results that end subnormal are scaled once.
// NaN → NaN, x > 709.78… → +∞, x < −745.2 → 0.
TL_INLINE double sp_exp(double x) {
    const double ln2hi = 0x1.62e42fefa3800p-1, ln2lo = 0x1.ef35793c76730p-45, invln2 = 0x1.71547652b82fep+0;
    double xc = x > 709.8 ? 709.8 : (x < -746.0 ? -746.0 : x);
    double k = __builtin_elementwise_round(xc * invln2);
    double r = (xc - k * ln2hi) - k * ln2lo;
    double p = 1.0 / 6227020800.0;
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    // k1 = k/2 rounded toward zero (as an integer division would) and k2 = k − k1, each 2^k made from its
    // exponent field without a conversion to an integer (one scalar instruction per lane below AVX-512;
    // measured, Zen 3 VM, AVX2 springs in cache 30.8 → 28.2 ns): m + 2⁵², for the integer m = k1 + 1023 in
    // [485, 1535], holds m in its low bits, which a shift by 52 moves into the exponent field.
    double k1 = __builtin_trunc(k * 0.5), k2 = k - k1;
    double s1 = el_from_bits(el_bits(k1 + (0x1p52 + 1023)) << 52), s2 = el_from_bits(el_bits(k2 + (0x1p52 + 1023)) << 52);
    double y = (p * s1) * s2;
    y = x > 709.782712893384 ? INFINITY : y;
    y = x < -745.1332191019412 ? 0.0 : y;
    return x != x ? x : y;
}

/// x(t) of springs: element i has the spring at params + i·paramStep (CAMATH_SPRING_FIELDS doubles: m, k, c, v₀
/// and 1 where overdamping is allowed; paramStep 0: one spring for all) and the time t[i·timeStep] (timeStep 0:
/// one time for all). ω₀ = √(k/m) and ζ = c/(2·√(k·m)), clamped to 1 unless overdamping is allowed, in lanes
/// with the reference's operations (IEEE square roots and quotients: its bits); then each regime's closed form
/// in the reference's order, the regime a select; e^x from sp_exp, sin and cos from the Elementary lane forms.
/// slow[i] = 1 where the sine's argument needs the long reduction (out[i] unspecified).
KERNEL_ATTR void KERNEL(spring_fractions)(const double *restrict params, size_t paramStep, const double *restrict t, size_t timeStep,
                                          double *restrict out, uint8_t *restrict slow, size_t n) {
    enum { F = CAMATH_SPRING_FIELDS };
    for (size_t i0 = 0; i0 < n; i0 += TL_W) {
        size_t w = n - i0 < TL_W ? n - i0 : TL_W;
        double m[TL_W], k[TL_W], c[TL_W], over[TL_W], w0[TL_W], zeta[TL_W], v0[TL_W], tt[TL_W], x[TL_W];
        int s[TL_W];
        if (w == TL_W && paramStep == F && timeStep == 1) {
            // A full block of springs and times: plain indices, which the vectoriser turns into whole-vector
            // loads and shuffles (the clamped, strided form below becomes gathers or lane-by-lane stores).
            for (size_t l = 0; l < TL_W; l++) {
                const double *p = params + F * (i0 + l);
                m[l] = p[0];
                k[l] = p[1];
                c[l] = p[2];
                v0[l] = p[3];
                over[l] = p[4];
                tt[l] = t[i0 + l];
            }
        } else {
            for (size_t l = 0; l < TL_W; l++) {
                size_t i = i0 + (l < w ? l : 0);
                const double *p = params + i * paramStep;
                m[l] = p[0];
                k[l] = p[1];
                c[l] = p[2];
                v0[l] = p[3];
                over[l] = p[4];
                tt[l] = t[i * timeStep];
            }
        }
        // Spring.undampedAngularFrequency and dampingRatio (Swift's min(ζ, 1) is `1 < ζ ? 1 : ζ`).
        TL_LANES {
            double z = c[l] / (2 * el_sqrt(k[l] * m[l]));
            w0[l] = el_sqrt(k[l] / m[l]);
            zeta[l] = over[l] != 0 ? z : (1 < z ? 1 : z);
        }
        // Each regime's lane loop runs only in blocks that have a lane of it (a block of one regime — the
        // common case — pays for one exponential, not four).
        int anyUnder = 0, anyCritical = 0, anyOver = 0;
        for (size_t l = 0; l < TL_W; l++) {
            anyUnder |= zeta[l] < 1;
            anyCritical |= zeta[l] == 1;
            anyOver |= !(zeta[l] <= 1);
            x[l] = 0;
            s[l] = 0;
        }
        if (anyUnder) TL_LANES2 {
                double z = zeta[l], w = w0[l], v = v0[l], time = tt[l];
                int rare = 0;
                double wd = w * el_sqrt(1 - z * z);
                double b = (v - z * w) / wd;
                double sn, cs;
                el_sincos(wd * time, &sn, &cs, &rare);
                double d = sp_exp(-(z * w) * time) * (b * sn - cs);
                x[l] = z < 1 ? 1 + d : x[l];
                s[l] = (z < 1) & rare;
            }
        if (anyCritical) TL_LANES {
                double w = w0[l], v = v0[l], time = tt[l];
                double d = sp_exp(-w * time) * ((v - w) * time - 1);
                x[l] = zeta[l] == 1 ? 1 + d : x[l];
            }
        if (anyOver) TL_LANES2 {
                double z = zeta[l], w = w0[l], v = v0[l], time = tt[l];
                double r = w * el_sqrt(z * z - 1);
                double sp = -(z * w) + r, sm = -(z * w) - r;
                double c2 = (v + sp) / (sm - sp);
                double ep = sp_exp(sp * time), em = sp_exp(sm * time);
                double d = c2 * (em - ep) - ep;
                x[l] = !(z <= 1) ? 1 + d : x[l];
            }
        for (size_t l = 0; l < w; l++) {
            out[i0 + l] = x[l];
            slow[i0 + l] = (uint8_t)s[l];
        }
    }
}
