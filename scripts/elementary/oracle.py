#!/usr/bin/env python3
"""Writes an oracle file for CAMath's elementary functions: arguments and their true values from mpmath.

    python3 scripts/elementary/oracle.py --per-function 1000000 --out /tmp/elementary.oracle
    python3 scripts/elementary/oracle.py --per-function 2000 --out Tests/Fixtures/elementary.oracle

Each function gets the same mix, drawn with a fixed seed: hard cases first (arguments next to the multiples
of π/2 for sin and cos, with the worst known case of double-precision reduction; arguments next to ±1 and
±1/2 for asin and acos; ratios next to atan's reduction points, 2^±60 and the subnormal range for atan2;
special values), then random arguments, uniform on small intervals and log-uniform over the whole range.

The file is a sequence of 40-byte little-endian records: a UInt64 function code (0 sin, 1 cos, 2 atan,
3 atan2, 4 asin, 5 acos), the arguments x and y as doubles (y is 0 where unused; atan2 takes (y, x) in that
order), and the true value as a double-double hi + lo (hi the correctly rounded value; NaN for NaN results).
"""
import argparse
import math
import multiprocessing
import random
import struct

import mpmath as mp

FUNCTIONS = ["sin", "cos", "atan", "atan2", "asin", "acos"]


def ulp_neighbours(x, count):
    out = [x]
    up = down = x
    for _ in range(count):
        up, down = math.nextafter(up, math.inf), math.nextafter(down, -math.inf)
        out += [up, down]
    return out


def log_uniform(rng, lo_exp, hi_exp):
    return rng.choice([-1.0, 1.0]) * math.ldexp(rng.random() + 0.5, rng.randint(lo_exp, hi_exp))


def hard_cases(name, rng, budget):
    cases = []
    special = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]
    if name in ("sin", "cos"):
        cases += [(x, 0.0) for x in special + [6381956970095103 * 2.0 ** 797, -6381956970095103 * 2.0 ** 797, 2.0 ** 19, 2.0 ** -27]]
        while len(cases) < budget:
            k = rng.choice([rng.randint(1, 8), rng.randint(1, 2 ** 19), rng.randint(2 ** 19, 2 ** 40)])
            with mp.workprec(200):
                x = float(k * mp.pi / 2)
            cases += [(v, 0.0) for v in ulp_neighbours(x * rng.choice([1, -1]), 2)]
            cases.append((math.ldexp(1.0, rng.randint(-1074, 1023)) * rng.choice([1, -1]), 0.0))
    elif name == "atan":
        cases += [(x, 0.0) for x in special]
        points = [7 / 16, 11 / 16, 19 / 16, 39 / 16, 1.0, 2.0 ** 60, 2.0 ** -60]
        while len(cases) < budget:
            p = rng.choice(points) * rng.choice([1, -1])
            cases += [(v, 0.0) for v in ulp_neighbours(p, 3)]
    elif name == "atan2":
        cases += [(y, x) for y in special for x in special]
        points = [7 / 16, 11 / 16, 19 / 16, 39 / 16, 1.0, 2.0 ** 60, 2.0 ** -60]
        while len(cases) < budget:
            x = log_uniform(rng, -1074, 1023)
            p = rng.choice(points)
            for r in ulp_neighbours(p, 1):
                y = x * r * rng.choice([1, -1])
                if math.isfinite(y):
                    cases.append((y, x))
            cases.append((log_uniform(rng, -1074, -1000), log_uniform(rng, -1074, -1000)))
            cases.append((log_uniform(rng, 1000, 1023), log_uniform(rng, 1000, 1023)))
    else:  # asin, acos
        cases += [(x, 0.0) for x in special + [1.0, -1.0, 0.5, -0.5, 1.0000000000000002, -1.0000000000000002]]
        while len(cases) < budget:
            p = rng.choice([1.0, 0.5, 2.0 ** -30, 7 / 16]) * rng.choice([1, -1])
            cases += [(v, 0.0) for v in ulp_neighbours(p, 3) if abs(v) <= 1]
            cases.append((rng.choice([1, -1]) * (1 - math.ldexp(rng.random(), rng.randint(-53, -20))), 0.0))
    return cases[:budget]


def random_case(name, rng):
    if name in ("sin", "cos"):
        kind = rng.randint(0, 2)
        x = rng.uniform(-10, 10) if kind == 0 else rng.uniform(-2.0 ** 19, 2.0 ** 19) if kind == 1 else log_uniform(rng, -40, 1023)
        return (x, 0.0)
    if name == "atan":
        return (rng.uniform(-4, 4) if rng.random() < 0.5 else log_uniform(rng, -70, 70), 0.0)
    if name == "atan2":
        if rng.random() < 0.5:
            return (rng.uniform(-2, 2), rng.uniform(-2, 2))
        return (log_uniform(rng, -1074, 1023), log_uniform(rng, -1074, 1023))
    return (rng.uniform(-1, 1) if rng.random() < 0.7 else rng.choice([1, -1]) * (1 - math.ldexp(rng.random(), rng.randint(-53, -1))), 0.0)


def true_value(name, x, y):
    if any(math.isnan(v) for v in (x, y)):
        return (math.nan, 0.0)
    if name in ("sin", "cos") and math.isinf(x):
        return (math.nan, 0.0)
    if name in ("asin", "acos") and abs(x) > 1:
        return (math.nan, 0.0)
    if name == "atan2":
        v = float_exact_atan2(x, y)
        if v is not None:
            return v
    with mp.workprec(300):
        a = mp.mpf(x)
        v = {"sin": lambda: mp.sin(a), "cos": lambda: mp.cos(a), "atan": lambda: mp.atan(a),
             "asin": lambda: mp.asin(a), "acos": lambda: mp.acos(a),
             "atan2": lambda: mp.atan2(a, mp.mpf(y))}[name]()
        hi = float(v)
        lo = float(v - hi) if math.isfinite(hi) else 0.0
    if hi == 0 and name in ("sin", "atan", "asin", "atan2"):
        hi = math.copysign(0.0, x)
    return (hi, lo)


def float_exact_atan2(y, x):
    """Annex F's exact results of atan2 (the zero and infinite cases)."""
    pi, half = math.pi, math.pi / 2
    lo_pi, lo_half = 1.2246467991473532e-16, 6.123233995736766e-17
    s = math.copysign(1.0, y)
    if y == 0:
        return (s * pi, s * lo_pi) if math.copysign(1.0, x) < 0 else (math.copysign(0.0, y), 0.0)
    if math.isinf(x):
        if math.isinf(y):
            with mp.workprec(200):
                v = (3 if x < 0 else 1) * mp.pi / 4
                return (s * float(v), s * float(v - float(v)))
        return (s * pi, s * lo_pi) if x < 0 else (math.copysign(0.0, y), 0.0)
    if math.isinf(y) or x == 0:
        return (s * half, s * lo_half)
    return None


def work(args):
    name, chunk = args
    return [true_value(name, x, y) for x, y in chunk]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-function", type=int, default=1_000_000)
    parser.add_argument("--hard-share", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=20261124)
    parser.add_argument("--out", required=True)
    options = parser.parse_args()
    with open(options.out, "wb") as out, multiprocessing.Pool() as pool:
        for code, name in enumerate(FUNCTIONS):
            rng = random.Random(f"{options.seed}-{name}")
            cases = hard_cases(name, rng, int(options.per_function * options.hard_share))
            cases += [random_case(name, rng) for _ in range(options.per_function - len(cases))]
            chunks = [(name, cases[i:i + 4096]) for i in range(0, len(cases), 4096)]
            values = [v for part in pool.map(work, chunks) for v in part]
            for (x, y), (hi, lo) in zip(cases, values):
                out.write(struct.pack("<Qdddd", code, x, y, hi, lo))
            print(f"{name}: {len(cases)} cases", flush=True)


if __name__ == "__main__":
    main()
