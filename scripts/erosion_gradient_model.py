#!/usr/bin/env python3
"""A model, not the library: the design check behind docs/erosion.md's "The way to the exact gradient".

The reference's erode_at (src/reference/erosion.cpp, spec 21) written again in binary64 with every
number replaced by a forward-mode dual over the point p (true sine and cosine; its own cell hash: the
bits are not the library's, the derivatives' structure is). The input is a field with an analytic
gradient and Hessian (six sine waves): h.v = (h, grad h), h.d[a] = (g_a, row a of the Hessian). The
outer derivative of the result is the exact gradient; it is compared with central differences of the
filter's value (step 1e-6), beside the gradient with the steering held (the library's in 0.17-0.18; 0.19 builds the exact one: spec 21.6).

    python3 scripts/erosion_gradient_model.py      (about a minute; Python 3's standard library only)
"""
import math, random

class D:
    __slots__ = ("v", "d")
    def __init__(self, v, d=(0.0, 0.0)):
        self.v, self.d = float(v), tuple(float(x) for x in d)
    def __add__(a, b):
        b = b if isinstance(b, D) else D(b)
        return D(a.v + b.v, (a.d[0] + b.d[0], a.d[1] + b.d[1]))
    __radd__ = __add__
    def __sub__(a, b):
        b = b if isinstance(b, D) else D(b)
        return D(a.v - b.v, (a.d[0] - b.d[0], a.d[1] - b.d[1]))
    def __rsub__(a, b):
        return D(b) - a
    def __mul__(a, b):
        b = b if isinstance(b, D) else D(b)
        return D(a.v * b.v, (a.d[0] * b.v + a.v * b.d[0], a.d[1] * b.v + a.v * b.d[1]))
    __rmul__ = __mul__
    def __truediv__(a, b):
        b = b if isinstance(b, D) else D(b)
        q = a.v / b.v
        return D(q, ((a.d[0] - q * b.d[0]) / b.v, (a.d[1] - q * b.d[1]) / b.v))
    def __rtruediv__(a, b):
        return D(b) / a
    def __neg__(a):
        return D(-a.v, (-a.d[0], -a.d[1]))

def sqrt(a):
    r = math.sqrt(a.v)
    return D(r, (a.d[0] / (2 * r), a.d[1] / (2 * r))) if r > 0 else D(0.0)

def sin_turns(a):  # sin(2 pi a)
    return D(math.sin(2 * math.pi * a.v), tuple(2 * math.pi * math.cos(2 * math.pi * a.v) * x for x in a.d))

def const(x):
    return D(x.v if isinstance(x, D) else x)

# ---- the base field: a sum of sines with its gradient and Hessian (binary64) ----
random.seed(5)
WAVES = [(random.uniform(0.3, 0.7) / (i + 1) ** 0.9, random.uniform(0, 2 * math.pi),
          (lambda t, f: (f * math.cos(t), f * math.sin(t)))(random.uniform(0, 2 * math.pi), 1.3 * 1.9 ** i),
          random.uniform(0, 2 * math.pi)) for i in range(6)]

def base(x, y):
    h, g, H = 0.0, [0.0, 0.0], [[0.0, 0.0], [0.0, 0.0]]
    for amp, _, (kx, ky), ph in WAVES:
        t = kx * x + ky * y + ph
        s, c = math.sin(t), math.cos(t)
        h += amp * s
        g[0] += amp * c * kx; g[1] += amp * c * ky
        H[0][0] -= amp * s * kx * kx; H[0][1] -= amp * s * kx * ky
        H[1][0] -= amp * s * ky * kx; H[1][1] -= amp * s * ky * ky
    return h * 0.5, [g[0] * 0.5, g[1] * 0.5], [[H[0][0] * 0.5, H[0][1] * 0.5], [H[1][0] * 0.5, H[1][1] * 0.5]]

# ---- the filter, as the reference writes it, every number a dual over p ----
def cell_hash(key, i, j):
    h = (key ^ (i * 0x27D4EB2D) ^ (j * 0x165667B1)) & 0xFFFFFFFF
    h = (h * 0x85EBCA6B) & 0xFFFFFFFF; h ^= h >> 15; h = (h * 0xC2B2AE35) & 0xFFFFFFFF; h ^= h >> 13
    return h

def offset(h, a):
    return ((h >> (10 * a)) & 1023) * 0.001953125 - 0.9990234375

def stripes(key, q, ux, uy):
    frac, cell = [], []
    for a in range(2):
        fl = math.floor(q[a].v)
        cell.append(int(fl)); frac.append(q[a] - fl)
    wx, wy = -uy * 0.75, ux * 0.75
    C = S = W = D(0.0); dC = [D(0.0), D(0.0)]; dS = [D(0.0), D(0.0)]; dW = [D(0.0), D(0.0)]
    first = [-2 if frac[a].v < 0.5 else -1 for a in range(2)]
    for j in range(4):
        for i in range(4):
            dx, dy = first[0] + i, first[1] + j
            h = cell_hash(key, (cell[0] + dx) & 255, (cell[1] + dy) & 255)
            ex = frac[0] - ((dx + 0.5) + 0.5 * offset(h, 0))
            ey = frac[1] - ((dy + 0.5) + 0.5 * offset(h, 1))
            t = 2.25 - (ex * ex + ey * ey)
            if t.v <= 0:
                continue
            t2 = t * t; weight = t2 * t; slope = t2 * -6.0
            phase = ex * wx + ey * wy
            sn = sin_turns(phase); cs = sin_turns(phase + 0.25)
            C = C + weight * cs; S = S + weight * sn; W = W + weight
            de = [slope * ex, slope * ey]
            for a in range(2):
                dC[a] = dC[a] + de[a] * cs; dS[a] = dS[a] + de[a] * sn; dW[a] = dW[a] + de[a]
    k = [wx * (2 * math.pi), wy * (2 * math.pi)]
    for a in range(2):
        dC[a] = dC[a] - k[a] * S; dS[a] = dS[a] + k[a] * C
    M = sqrt(C * C + S * S); quarter = W * 0.25
    unit = M.v >= quarter.v; N = M if unit else quarter
    c, s = C / N, S / N
    dc, ds = [], []
    for a in range(2):
        dN = c * dC[a] + s * dS[a] if unit else dW[a] * 0.25
        dc.append((dC[a] - c * dN) / N); ds.append((dS[a] - s * dN) / N)
    return c, s, dc, ds

# Quantities of spec 21.2: (v, [d0, d1]) with every part a D (outer dual over p).
def Q(v, d):
    return (v, list(d))
def qadd(a, b): return (a[0] + b[0], [a[1][i] + b[1][i] for i in range(2)])
def qsub(a, b): return (a[0] - b[0], [a[1][i] - b[1][i] for i in range(2)])
def qmul(a, b): return (a[0] * b[0], [a[1][i] * b[0] + a[0] * b[1][i] for i in range(2)])
def qscale(a, k): return (a[0] * k, [a[1][i] * k for i in range(2)])
def qdiv(a, b):
    q = a[0] / b[0]
    return (q, [(a[1][i] - q * b[1][i]) / b[0] for i in range(2)])
def qconst(v): return (v, [D(0.0), D(0.0)])
def qclamp(a, lo, hi):
    if a[0].v < lo: return qconst(D(lo))
    if a[0].v > hi: return qconst(D(hi))
    return a
def qabs(a): return qscale(a, -1.0) if a[0].v < 0 else a
def ramp(x, r):
    y = qsub(x, qscale(r, 0.5)) if x[0].v >= r[0].v else qdiv(qmul(x, x), qadd(r, r))
    if not (y[0].v < 1): y = qconst(D(1.0))
    z = qsub(qconst(D(1.0)), y)
    return qsub(qconst(D(1.0)), qmul(z, z))

def erode(px, py, hv, hd, octaves=4, strength=0.15, scale=0.125, detail=0.5, ridge=0.1, crease=0.0, frozen=False):
    E, A = 1.0 / scale, strength * scale
    gamma = (A * E) * (2 * math.pi * 0.75)
    h = (hv, list(hd))
    target = qclamp(h, -1, 1)
    mask = c = s = None
    for k in range(octaves):
        key = (0x1234567 + (k + 1) * 0x632BE5AB) & 0xFFFFFFFF
        q = [px * E, py * E]
        gx, gy = h[1][0], h[1][1]
        if frozen:  # the 0.17 gradient: the steering is a value
            gx, gy = const(gx), const(gy)
        L = sqrt(gx * gx + gy * gy)
        ux, uy = (gx / L, gy / L) if L.v > 0 else (D(1.0), D(0.0))
        st = stripes(key, q, ux, uy)
        pc, ps = c, s
        c = Q(st[0], [st[2][0] * E, st[2][1] * E]); s = Q(st[1], [st[3][0] * E, st[3][1] * E])
        if k == 0:
            lifted = target[0] + 0.5
            standing = D(0.0) if lifted.v < 0 else (D(1.0) if lifted.v > 1 else lifted)
            if frozen:
                standing = const(standing)
            x = qconst(L / gamma if not frozen else const(L / gamma))
            r = qconst(crease + standing * (ridge - crease))
            mask = ramp(x, r)
        else:
            x = qscale(qabs(ps), 1.25)
            standing = qclamp(qadd(pc, qconst(D(0.5))), 0, 1)
            r = qadd(qconst(D(crease)), qscale(standing, ridge - crease))
            mask = qmul(mask, ramp(x, r))
        v = qadd(target, qmul(qsub(c, target), mask))
        h = qadd(h, qscale(v, A))
        target = v
        E, A = E * 2, A * detail
    return h

def evaluate(x, y, frozen=False):
    hh, g, H = base(x, y)
    px, py = D(x, (1, 0)), D(y, (0, 1))
    hv = D(hh, g)
    hd = [D(g[0], H[0]), D(g[1], H[1])]
    return erode(px, py, hv, hd, frozen=frozen)

def value(x, y):
    return evaluate(x, y)[0].v

random.seed(11)
rows = []
for _ in range(3000):
    x, y = random.uniform(-20, 20), random.uniform(-20, 20)
    e = 1e-6
    cd = ((value(x + e, y) - value(x - e, y)) / (2 * e), (value(x, y + e) - value(x, y - e)) / (2 * e))
    r = evaluate(x, y)
    exact = r[0].d                       # the outer derivative of the value: the exact gradient
    frozen_g = (r[1][0].v, r[1][1].v)    # the quantities' own d parts: the 0.17 gradient
    def angle(g):
        n1 = (-0.5 * g[0], -0.5 * g[1], 1.0); n2 = (-0.5 * cd[0], -0.5 * cd[1], 1.0)
        dot = sum(a * b for a, b in zip(n1, n2)) / math.sqrt(sum(a * a for a in n1) * sum(b * b for b in n2))
        return math.degrees(math.acos(max(-1.0, min(1.0, dot))))
    rows.append((angle(exact), angle(frozen_g), max(abs(exact[i] - cd[i]) / (1 + abs(cd[i])) for i in range(2))))

def pct(v, p):
    v = sorted(v); return v[min(len(v) - 1, int(p * len(v)))]
for name, k in (("exact (nested duals)", 0), ("steering held (0.17)", 1)):
    a = [r[k] for r in rows]
    print(f"{name}: normal angle vs central differences median {pct(a, .5):.2e} deg, p90 {pct(a, .9):.2e}, p99 {pct(a, .99):.2e}, max {max(a):.2e}")
rel = [r[2] for r in rows]
print(f"exact: |g - cd| / (1 + |cd|) median {pct(rel, .5):.1e}, p99 {pct(rel, .99):.1e}, within 1e-4: {sum(1 for v in rel if v < 1e-4)} of {len(rel)}")
