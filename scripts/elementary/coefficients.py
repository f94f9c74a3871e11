#!/usr/bin/env python3
"""Derives the constants of CAMath's elementary functions (CAMathCore/Elementary) with mpmath.

Prints every constant as an exact hexadecimal double, the way Elementary+Constants.swift and
elementary.h spell them. The polynomials are Chebyshev fits (mpmath.chebyfit) of the reduced
functions; the printed `fit error` is the fit's absolute error over its interval.

    python3 scripts/elementary/coefficients.py
"""
import mpmath as mp

mp.mp.dps = 80


def hexd(v):
    return float(v).hex()


def reduced(f, zero):
    """g(z) = (f(sqrt z) - leading terms) / ..., with its limit at z = 0."""
    return lambda z: zero if z == 0 else f(z)


def sin_g(z):
    r = mp.sqrt(z)
    return (mp.sin(r) - r) / r ** 3


def cos_g(z):
    return (mp.cos(mp.sqrt(z)) - 1 + z / 2) / z ** 2


def atan_g(z):
    r = mp.sqrt(z)
    return (mp.atan(r) - r) / r ** 3


def asin_g(z):
    r = mp.sqrt(z)
    return (mp.asin(r) - r) / r ** 3


def fit(name, g, zero, bound, degree):
    coefficients, error = mp.chebyfit(reduced(g, zero), [0, bound], degree + 1, error=True)
    print(f"{name}: degree {degree} in z on [0, {mp.nstr(bound, 6)}], fit error {mp.nstr(error, 3)}")
    for c in reversed(coefficients):  # chebyfit lists the highest power first
        print(f"    {hexd(c)}")


def split(value, parts, bits):
    """`parts` doubles of `bits` significant bits each (the last of 53), summing to value."""
    out, rest = [], value
    for i in range(parts):
        b = bits if i < parts - 1 else 53
        e = mp.floor(mp.log(abs(rest), 2))
        chunk = mp.floor(rest / mp.mpf(2) ** (e - b + 1)) * mp.mpf(2) ** (e - b + 1)
        out.append(chunk)
        rest -= chunk
    return out


def pair(name, value):
    hi = mp.mpf(float(value))
    print(f"{name}: hi {hexd(hi)} lo {hexd(value - hi)}")


fit("sin", sin_g, mp.mpf(-1) / 6, (mp.pi / 4) ** 2, 6)
fit("cos", cos_g, mp.mpf(1) / 24, (mp.pi / 4) ** 2, 6)
fit("atan", atan_g, mp.mpf(-1) / 3, (mp.mpf(7) / 16) ** 2, 11)
fit("asin", asin_g, mp.mpf(1) / 6, mp.mpf(1) / 4, 12)
for name, v in [("pi/2", mp.pi / 2), ("pi", mp.pi), ("atan(1/2)", mp.atan(0.5)), ("pi/4", mp.pi / 4),
                ("atan(3/2)", mp.atan(1.5))]:
    pair(name, v)
print("2/pi:", hexd(2 / mp.pi))
print("pi/2 in 33+33+33+53 bits:", " ".join(hexd(c) for c in split(mp.pi / 2, 4, 33)))
with mp.workprec(64 * 19 + 64):
    bits = int(mp.floor((2 / mp.pi) * mp.mpf(2) ** (64 * 19)))
words = [(bits >> (64 * (18 - i))) & (2 ** 64 - 1) for i in range(19)]
print("2/pi, 19 words after the binary point:")
for i in range(0, 19, 3):
    print("    " + ", ".join(f"0x{w:016X}" for w in words[i:i + 3]) + ",")
