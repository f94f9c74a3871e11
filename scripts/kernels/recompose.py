#!/usr/bin/env python3
"""Writes Sources/_CAMathKernels/recompose_reduced.h: the two recompositions as CAMathCore computes them, each
entry of each full 4×4 concatenation a left-to-right sum of four products, reduced to the products that are
not structurally zero — with the bits of the full computation:
- the quaternion form Sc(s)·K·R(q)·Tr(t)·P (four concatenations);
- the Euler form Sc(s)·K·Rx·Ry·Rz·Tr·P (six), each R the rotation about a unit axis as
  Transform3D(rotationAngle:x:y:z:) computes it. About (1, 0, 0) the normalised axis is exactly (1, +0, +0),
  and the entries u·u + (1 − u·u)·c, (u·v)·(1 − c) ± w·s come out as 1 (1 + (+0)·c), +0 + c, +0 + s, +0 − s and
  +0: (+0)·(1 − c) is +0 because el_sincos never returns a cosine above 1, so 1 − c ≥ 0 (its cosine kernel
  adds to w = 1 − z/2, rounded, a tail that is negative when w is 1 and far too small to carry a smaller w past 1;
  its other branches return ± a sine kernel of |r| ≤ π/4, or exactly 1), and +0 + (±0) and +0 − (±0) are +0.
  The other two axes likewise. The sines and cosines are the reference's (el_sincos), so a lane that needs the long
  reduction is still marked slow.

Why the reduction keeps the bits, for parts below 2^100 in magnitude (no product can overflow; blocks with
larger or non-finite parts take the full product):
- x·1 is x and 1·x is x, exactly (signed zeros included).
- A product with a structural zero (an entry known to be ±0) is ±0, its sign the XOR of the factors' signs.
- Dropping zero terms from a left-to-right sum leaves every nonzero partial sum unchanged, so the reduced
  sum r equals the full one whenever r ≠ 0.
- When r = 0 the full sum is −0 exactly when every one of its four terms is −0 (round to nearest: +0 + −0,
  x + (−x) give +0, and nothing but −0 + −0 gives −0), which the code computes from the terms' signs.
Entries are tracked as ('one',), ('zero', sign) with sign True (−0), False (+0) or a C condition, and
('val', expr). Run it after changing the reference's recomposition; the kernel agreement tests check it.
"""
import sys

ONE = ('one',)
def zero(sign): return ('zero', sign)
def val(expr): return ('val', expr)

lines = []
counter = [0]
def temp(expr):
    counter[0] += 1
    name = f"r{counter[0]}"
    lines.append(f"    double {name} = {expr};")
    return name

def neg(x):
    """C condition (or constant) for 'x carries the sign bit', x a value expression."""
    return f"TL_NEGATIVE({x})"

def sign_of(e):
    if e == ONE: return False
    if e[0] == 'zero': return e[1]
    return neg(e[1])

def xor(a, b):
    if a is False: return b
    if b is False: return a
    if a is True: return b if b is True and False else (f"!({b})" if b is not True else False)
    if b is True: return f"!({a})"
    return f"(({a}) != ({b}))"

def conj(conds):
    out = []
    for c in conds:
        if c is False: return False
        if c is True: continue
        out.append(c)
    if not out: return True
    return " && ".join(f"({c})" for c in out)

def product(a, b):
    """One term a·b: ('zero', sign), ONE or ('val', expr)."""
    if a[0] == 'zero' or b[0] == 'zero':
        return zero(xor(sign_of(a), sign_of(b)))
    if a == ONE: return b
    if b == ONE: return a
    return val(f"{a[1]} * {b[1]}")

def entry(terms):
    """The bits of ((t0 + t1) + t2) + t3 from the terms."""
    values = [t for t in terms if t[0] != 'zero']
    if not values:
        return zero(conj([t[1] for t in terms]))
    dropped = len(values) < len(terms)
    exprs = [('1.0' if t == ONE else t[1]) for t in values]
    if all(t == ONE for t in values) and len(values) == 1:
        return ONE
    s = exprs[0]
    for e in exprs[1:]:
        s = f"({s}) + {e}" if s.startswith('(') or ' ' in s else f"{s} + {e}"
    if not dropped:
        return val(temp(s) if ' ' in s else s)
    # Every term −0: the zero terms' signs, and each value term zero with the sign bit.
    all_negative = conj([t[1] for t in terms if t[0] == 'zero'] + [False if t == ONE else neg(t[1]) for t in values])
    if all_negative is False:
        return val(temp(f"TL_PLUS_ZERO({s})"))
    r = temp(s)
    if all_negative is True:
        return val(temp(f"TL_SETTLE_ZERO({r}, 1)"))
    return val(temp(f"TL_SETTLE_ZERO({r}, {all_negative})"))

def concat(a, b):
    return [entry([product(a[4 * i + k], b[4 * k + j]) for k in range(4)]) for i in range(4) for j in range(4)]

def identity():
    return [ONE if i % 5 == 0 else zero(False) for i in range(16)]

def rotation(c, s, n, axis):
    """The rotation about axis 0 (x), 1 (y) or 2 (z) with entries named c (+0 + cos), s (+0 + sin), n (+0 − sin)."""
    r = identity()
    cells = {0: [(5, c), (6, s), (9, n), (10, c)], 1: [(0, c), (2, n), (8, s), (10, c)], 2: [(0, c), (1, s), (4, n), (5, c)]}[axis]
    for index, name in cells:
        r[index] = val(name)
    return r

def quaternion_rotation():
    """R(q) with its nine entries named q0 … q10 (row-major indices)."""
    r = identity()
    for index in (0, 1, 2, 4, 5, 6, 8, 9, 10):
        r[index] = val(f"q{index}")
    return r

def c_function(name, parameters, prologue, tail, summary):
    """The C text of one generated function: `prologue`, the lines generated so far, then `tail`."""
    operations = sum(line.count(' * ') + line.count(' + ') + line.count(' - ') + line.count('TL_PLUS_ZERO') for line in lines)
    body = "\n".join(lines)
    return f"""// {summary}
// {operations} multiplications and additions after the prologue.
TL_INLINE void {name}({parameters}) {{
{prologue}{body}
{tail}
}}
"""

def translate_project():
    """M·Tr·P for M whose upper-left 3×3 block is u[0…8] (row by row) and whose other entries are the identity's
    (+0 and 1): the part both recompositions share, since Sc·K·R has that shape for either rotation."""
    lines.clear()
    counter[0] = 0
    m = identity()
    for i in range(3):
        for j in range(3):
            m[4 * i + j] = val(f"u[{3 * i + j}]")
    tr = identity(); tr[12] = val('p[0]'); tr[13] = val('p[1]'); tr[14] = val('p[2]')
    pm = identity(); pm[3] = val('p[9]'); pm[7] = val('p[10]'); pm[11] = val('p[11]'); pm[15] = val('p[12]')
    m = concat(concat(m, tr), pm)
    outs = []
    for i, e in enumerate(m):
        if e == ONE: outs.append(f"    out[{i}] = 1.0;")
        elif e[0] == 'zero':
            z = e[1]
            outs.append(f"    out[{i}] = {'-0.0' if z is True else '0.0' if z is False else f'({z}) ? -0.0 : 0.0'};")
        else: outs.append(f"    out[{i}] = {e[1]};")
    return c_function("tl_recompose_translate_project", "const double *p, const double *u, double *out", "", "\n".join(outs),
                      "The shared last two products ·Tr(t)·P of both recompositions, on the 3×3 block u of Sc·K·R.")

def function(name, parameters, prologue, rotations, summary):
    """One reduced recomposition: Sc·K, then `rotations`, then the shared ·Tr·P, as a C function."""
    lines.clear()
    counter[0] = 0
    sc = identity(); sc[0] = val('p[3]'); sc[5] = val('p[4]'); sc[10] = val('p[5]')
    k = identity(); k[4] = val('p[6]'); k[8] = val('p[7]'); k[9] = val('p[8]')
    m = concat(sc, k)
    for r in rotations:
        m = concat(m, r)
    block = [4 * i + j for i in range(3) for j in range(3)]
    assert all(m[b][0] == 'val' for b in block) and all(m[i] == identity()[i] for i in range(16) if i not in block), \
        "Sc·K·R no longer has the shape translate_project assumes"
    tail = f"    const double u[9] = {{ {', '.join(m[b][1] for b in block)} }};\n    tl_recompose_translate_project(p, u, out);"
    return c_function(name, parameters, prologue + "\n", tail, summary)

def main():
    quaternion = function("tl_recompose_quaternion", "const double *p, double *out", """    double x = p[16], y = p[17], z = p[18], w = p[19];
    double q0 = 1 - 2 * (y * y + z * z), q1 = 2 * (x * y + z * w), q2 = 2 * (x * z - y * w);
    double q4 = 2 * (x * y - z * w), q5 = 1 - 2 * (x * x + z * z), q6 = 2 * (y * z + x * w);
    double q8 = 2 * (x * z + y * w), q9 = 2 * (y * z - x * w), q10 = 1 - 2 * (x * x + y * y);""",
        [quaternion_rotation()],
        "Transform3D(parts, rotation: .quaternion): Sc·K·R(q)·Tr·P (the full product: 448 multiplications and additions).")
    angles = "\n".join(f"""    double s{a}, c{a};
    el_sincos(p[{13 + i}], &s{a}, &c{a}, slow);
    double {a}c = TL_PLUS_ZERO(c{a}), {a}s = TL_PLUS_ZERO(s{a}), {a}n = TL_ZERO_MINUS(s{a});""" for i, a in enumerate("xyz"))
    euler = function("tl_recompose_euler", "const double *p, double *out, int *slow", angles,
                     [rotation(f"{a}c", f"{a}s", f"{a}n", i) for i, a in enumerate("xyz")],
                     "Transform3D(parts, rotation: .eulerAngles): Sc·K·Rx·Ry·Rz·Tr·P (the full product: 672 multiplications and\n// additions); *slow |= 1 where an angle needs the long reduction.")
    shared = translate_project()
    sys.stdout.write(f"""// Generated by scripts/kernels/recompose.py — do not edit; change the script and run it again.
// The recompositions of Transform3D(parts, rotation:) with only the products that are not structurally zero,
// bit for bit the full computation for finite parts whose products cannot overflow (tl_recompose_block takes
// the full product for a block with a part of magnitude 2^100 or more): the script explains why. The sign of
// a zero is settled through macros: the exact build's `+ 0.0`, `0.0 − x` and selects, and nothing in the fast
// build, whose budgets do not tell +0 from −0.
#define TL_NEGATIVE(x) (copysign(1.0, (x)) < 0)
#if defined(CAMATH_FAST)
#define TL_PLUS_ZERO(x) (x)
#define TL_ZERO_MINUS(x) (-(x))
#define TL_SETTLE_ZERO(r, negative) (r)
#else
#define TL_PLUS_ZERO(x) ((x) + 0.0)
#define TL_ZERO_MINUS(x) (0.0 - (x))
#define TL_SETTLE_ZERO(r, negative) ((r) == 0 ? ((negative) ? -0.0 : 0.0) : (r))
#endif

{shared}
{quaternion}
{euler}""")

main()
