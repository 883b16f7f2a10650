#!/usr/bin/env python3
"""Gradient-set study: K.jpg's OpenSimplex2 ("fast") gradient sets against smaller ones.

The question (an issue): may 2D OpenSimplex2 use 8 gradient directions (angles 22.5 + 45k deg)
instead of K.jpg's 24 (7.5 + 15k deg), and 3D the 12 cube-edge midpoints instead of his 48? Mean
gradient-energy ratios cannot judge it (any three or more evenly spaced 2D directions, and any set
with cubic symmetry in 3D, have an isotropic second moment E[g g^T], and so pass), so this study
measures the angular power spectrum's harmonics and slice statistics against K.jpg's sets and
against an "ideal" set: a uniformly random continuous direction per vertex.

This is a MODEL, not the library's bits: binary64 numpy, its own vertex hash (splitmix64 mixing of
the lattice coordinates, lattice id and seed; the gradient is index h mod N of the set, the same h
for every set, so only the set differs), with the lattices, radii and kernels of docs/spec.md
section 16 (16.1, 16.3-16.5):
  2D  the skewed triangular lattice (skew 0.366025403784439, unskew -0.21132486540518713), the
      triangle's three vertices, falloff a = 0.5 - |d|^2, contribution a^4 (g . d) where a > 0.
  3D  orientation improve_xy (the library's default; K.jpg's noise3_ImproveXY rotation), then two
      interleaved cubic lattices (the second offset by one half); on each, the nearest vertex and
      the next one along the axis of largest |offset| (the 4-vertex walk the library computes),
      falloff a = 0.6 - |d|^2, contribution a^4 (g . d) where a > 0.
Gradients are unit vectors times K.jpg's magnitude over his normaliser (2D 1/0.01001634121365712,
3D 3.3013649... / 0.07969837668935331), so "raw std" is on the library's scale for every set (the
spec's rms for K.jpg's sets: 0.542 in 2D, 0.389 in 3D). The script also checks the model: the
2D triangle against a brute-force sum over every vertex within the radius, and the 3D walk
likewise (the walk can miss a vertex with |d|^2 in [0.5, 0.6); the largest difference is printed).

Sets. 2D: random (uniform angle from the hash), 8 (22.5 + 45k deg), 12 and 16 (half-step offset,
for context), K.jpg 24 (7.5 + 15k deg: his 24 pairs of spec 16.7). 3D: random (uniform on the
sphere), 12 (cube-edge midpoints (+-1,+-1,0)... normalised), K.jpg 48 (spec 16.7's magnitude
patterns, normalised).

Measurements (every field scaled to standard deviation 1 before spectra):
  value     10^6 uniform points in [-500, 500)^d: raw std, min, max, kurtosis (Pearson, normal = 3),
            fraction of |v| > 0.5 max|v|.
  spectrum  |FFT|^2 of the field on a grid at step 1/8 lattice unit (Hann window, mean removed),
            several seeds/origins averaged; the annulus of radial frequencies between the radii
            enclosing 10 % and 90 % of the random set's power ("10-90"), and its outer part
            ("50-90"); c_m = |sum P e^{-i m theta}| / sum P over the annulus (the Fourier
            coefficients of P(theta) over c_0), m = 2, 4, 6, 8, 12, 16, 24 and controls 10, 14.
  se        the noise floor: the standard error of the complex c_m over seeds (random set).
  3D slices the same on 2D slices of the 3D field: the input plane z = const, planes of normal
            (1,1,1)/sqrt3 and (1,1,0)/sqrt2, and the plane whose normal is the rotated lattice's
            z axis (a cube face of the lattice); plus per slice std, kurtosis, fraction of
            |v| > 0.5 (the max from the value run) and mean gradient-energy ratios E[(dv/dy)^2] /
            E[(dv/dx)^2] and diagonal / x (central differences on the slice grid; the diagonal is
            the projection (dx + dy)/sqrt2 of that gradient; x, y are the slice's axes).
  supplementary (not asked for by the issue; second-order statistics are blind to the set, see
            below): the same harmonics of the power spectrum of |v| (a ridged transform), and the
            harmonics h_m = |mean e^{i m phi}| of the direction phi of the field's gradient
            (central differences), unweighted, over the grid.

Why the supplementary rows: with independent, mean-zero gradients the expected power spectrum of
a sum of radial kernels times (g . d) is the vertex density times E|FT of one term|^2 =
|k|^-2 (k^T E[g g^T] k) |psi'(|k|)|^2, so it depends on the set only through E[g g^T], exactly as
the energy ratios do. In 2D the triangle sums every vertex within the radius (the radius equals
the triangle's height), so this holds exactly; in 3D it holds up to the walk's misses. The script
prints each set's moments: in 2D the first m with E[exp(i m angle)] != 0 (N evenly spaced
directions: m = N), in 3D E[g_x^4] (isotropic: 1/5).

Criterion (the verdict lines): for each small set and measure, m* = the m of the largest excess
|c_m(set)| - |c_m(random)|; the set "exceeds K.jpg's" when
  (|c_m*(set)| - |c_m*(random)|) - (|c_m*(K.jpg)| - |c_m*(random)|) > 3 se(m*),
se(m*) the random set's standard error at m* for that measure (band 10-90 for spectra).

Run (Debian python3 with numpy only; the full run takes about 2 minutes on one core, --quick
about 1 s):
    python3 scripts/gradient_set_study.py [--quick] [--json PATH]
"""
import argparse
import json
import math
import time

import numpy as np

M_LIST = (2, 4, 6, 8, 12, 16, 24)
M_CTRL = (10, 14)
M_ALL = M_LIST + M_CTRL
STEP = 1.0 / 8.0                      # grid step in lattice units (input space)
SKEW2 = 0.366025403784439
G2 = -0.21132486540518713             # UNSKEW_2D
SCALE2 = 1.0 / 0.01001634121365712    # K.jpg's unit 2D gradient over his normaliser
A3, B3, C3 = 2.22474487139, 3.0862664687972017, 1.1721513422464978
SCALE3 = math.sqrt(1.0 + 2.0 * A3 * A3) / 0.07969837668935331
# improve_xy (K.jpg's noise3_ImproveXY): lattice = R @ input; R is orthonormal.
_O, _R3 = -0.211324865405187, 0.577350269189626
ROT3 = np.array([[1 + _O, _O, _R3], [_O, 1 + _O, _R3], [-_R3, -_R3, _R3]])

# ---------------------------------------------------------------- hash


def mix64(z):
    # splitmix64's finaliser: every input bit reaches every output bit
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def vhash(seed, coords):
    """One 64-bit hash per vertex from its integer coordinates (int64 arrays) and a seed."""
    gold = np.uint64(0x9E3779B97F4A7C15)
    h = mix64(np.full(coords[0].shape, (seed + 1) * 0x9E3779B97F4A7C15 % 2 ** 64, dtype=np.uint64))
    for c in coords:  # chained, so coordinates never cancel as they would in a plain xor
        h = mix64(h ^ (c.astype(np.int64).view(np.uint64) * gold))
    return h


def unit_uniform(h):
    # 53 bits of h as a float in [0, 1)
    return (h >> np.uint64(11)).astype(np.float64) * 2.0 ** -53

# ---------------------------------------------------------------- gradient sets


def ring_set(n):
    """n evenly spaced 2D unit directions at a half step: (k + 1/2) 360/n deg (24: K.jpg's)."""
    ang = (np.arange(n) + 0.5) * 2 * math.pi / n
    return np.stack([np.cos(ang), np.sin(ang)], axis=1)


def kjpg48():
    """K.jpg's 48 3D directions (spec 16.7's magnitude patterns and signs), normalised."""
    vs = []
    for m in range(3):                 # all components A3 except component m, 1
        for s in range(8):
            v = [A3, A3, A3]
            v[m] = 1.0
            vs.append([-x if s >> c & 1 else x for c, x in enumerate(v)])
    for z in range(3):                 # component z is 0, the other two B3 and C3 in either order
        for order in range(2):
            for s in range(4):
                v = [0.0, 0.0, 0.0]
                v[(z + 1) % 3], v[(z + 2) % 3] = (B3, C3) if order == 0 else (C3, B3)
                sg = [1, 1, 1]
                sg[(z + 1) % 3] = -1 if s & 1 else 1
                sg[(z + 2) % 3] = -1 if s & 2 else 1
                vs.append([x * g for x, g in zip(v, sg)])
    a = np.array(vs)
    assert len({tuple(np.round(r, 9)) for r in a}) == 48
    return a / np.linalg.norm(a, axis=1, keepdims=True)


def edge12():
    """The 12 cube-edge midpoints, normalised."""
    vs = []
    for z in range(3):
        for s in range(4):
            v = [0.0, 0.0, 0.0]
            v[(z + 1) % 3] = -1.0 if s & 1 else 1.0
            v[(z + 2) % 3] = -1.0 if s & 2 else 1.0
            vs.append(v)
    return np.array(vs) / math.sqrt(2.0)


SETS2 = {"random": None, "8": ring_set(8), "12": ring_set(12), "16": ring_set(16),
         "K.jpg 24": ring_set(24)}
SETS3 = {"random": None, "12 edges": edge12(), "K.jpg 48": kjpg48()}
KJPG = {2: "K.jpg 24", 3: "K.jpg 48"}
SMALL = {2: ("8", "12", "16"), 3: ("12 edges",)}


def set_moments(dim, sets):
    """2D: the first m <= 48 with |E[exp(i m angle)]| > 1e-9; 3D: E[g_x^4] (isotropic 0.2)."""
    out = {}
    for name, g in sets.items():
        if g is None:
            continue
        if dim == 2:
            z = g[:, 0] + 1j * g[:, 1]
            out[name] = next((m for m in range(1, 49) if abs((z ** m).mean()) > 1e-9), None)
        else:
            out[name] = float((g[:, 0] ** 4).mean())
    return out


def grads(gset, h, dim):
    """The gradient of each vertex: gset[h mod N], or a uniform random direction from h."""
    if gset is not None:
        return gset[(h % np.uint64(len(gset))).astype(np.int64)].T
    if dim == 2:
        ang = 2 * math.pi * unit_uniform(h)
        return np.stack([np.cos(ang), np.sin(ang)])
    z = 2 * unit_uniform(h) - 1
    phi = 2 * math.pi * unit_uniform(mix64(h))
    r = np.sqrt(np.maximum(0.0, 1 - z * z))
    return np.stack([r * np.cos(phi), r * np.sin(phi), z])

# ---------------------------------------------------------------- the kernels


def geom2(x, y, seed):
    """OpenSimplex2 2D: per vertex of the point's triangle, (offset d, weight a^4, hash)."""
    s = SKEW2 * (x + y)
    xs, ys = x + s, y + s
    i, j = np.floor(xs), np.floor(ys)
    xi, yi = xs - i, ys - j
    t = (xi + yi) * G2
    dx0, dy0 = xi + t, yi + t
    third = (dy0 > dx0).astype(np.float64)    # K.jpg: (0, 1) if dy0 > dx0 else (1, 0)
    out = []
    for a, b in ((0.0, 0.0), (1.0, 1.0), (1.0 - third, third)):
        dx = dx0 - a - (a + b) * G2
        dy = dy0 - b - (a + b) * G2
        w = np.maximum(0.5 - dx * dx - dy * dy, 0.0) ** 4
        out.append((np.stack([dx, dy]), w, vhash(seed, (i + a, j + b))))
    return out


def geom2_brute(x, y, seed):
    """Every vertex of the lattice within the radius (the check of the triangle)."""
    s = SKEW2 * (x + y)
    i, j = np.floor(x + s), np.floor(y + s)
    out = []
    for a in range(-2, 4):
        for b in range(-2, 4):
            vi, vj = i + a, j + b
            t = (vi + vj) * G2                 # unskew the vertex to input space
            dx, dy = x - (vi + t), y - (vj + t)
            w = np.maximum(0.5 - dx * dx - dy * dy, 0.0) ** 4
            out.append((np.stack([dx, dy]), w, vhash(seed, (vi, vj))))
    return out


def geom3(p, seed):
    """OpenSimplex2 3D on lattice coordinates p (3, n): the 4-vertex walk over both lattices."""
    n = p.shape[1]
    cols = np.arange(n)
    out = []
    for lat in (0, 1):
        q = p - 0.5 * lat
        c = np.floor(q + 0.5)
        d = q - c
        lid = np.full(n, lat)
        out.append((d, np.maximum(0.6 - (d * d).sum(0), 0.0) ** 4, vhash(seed, (c[0], c[1], c[2], lid))))
        k = np.argmax(np.abs(d), axis=0)      # ties go to x, then y: K.jpg's order
        sg = np.where(d[k, cols] >= 0, 1.0, -1.0)
        d2, c2 = d.copy(), c.copy()
        d2[k, cols] -= sg
        c2[k, cols] += sg
        out.append((d2, np.maximum(0.6 - (d2 * d2).sum(0), 0.0) ** 4, vhash(seed, (c2[0], c2[1], c2[2], lid))))
    return out


def geom3_brute(p, seed):
    """Every vertex of both lattices within the radius (the check of the walk)."""
    out = []
    for lat in (0, 1):
        q = p - 0.5 * lat
        c0 = np.floor(q + 0.5)
        for o in np.ndindex(3, 3, 3):
            c = c0 + (np.array(o) - 1.0)[:, None]
            d = q - c
            w = np.maximum(0.6 - (d * d).sum(0), 0.0) ** 4
            out.append((d, w, vhash(seed, (c[0], c[1], c[2], np.full(p.shape[1], lat)))))
    return out


def field(geom, gset, dim):
    """The noise value: the sum over the vertices of a^4 (g . d), on the library's scale."""
    v = 0.0
    for d, w, h in geom:
        v = v + w * (grads(gset, h, dim) * d).sum(0)
    return v * (SCALE2 if dim == 2 else SCALE3)

# ---------------------------------------------------------------- statistics


def kurtosis(v):
    v = v - v.mean()
    return float((v ** 4).mean() / (v ** 2).mean() ** 2)


class Spectra:
    """Angular harmonics of |FFT|^2 on an n x n grid, bands fixed by the first field seen."""

    def __init__(self, n):
        f = np.fft.fftfreq(n, d=STEP)
        kx, ky = np.meshgrid(f, f, indexing="xy")  # axis 1 is x, axis 0 is y
        self.r, self.theta = np.hypot(kx, ky), np.arctan2(ky, kx)
        w = np.hanning(n)
        self.win = np.outer(w, w)
        self.bands = None

    def power(self, v):
        v = v / v.std()
        F = np.fft.fft2((v - v.mean()) * self.win)
        return F.real ** 2 + F.imag ** 2

    def set_bands(self, P):
        # radii enclosing 10 %, 50 %, 90 % of the power
        order = np.argsort(self.r, axis=None)
        cum = np.cumsum(P.ravel()[order])
        cum /= cum[-1]
        rs = self.r.ravel()[order]
        r10, r50, r90 = (rs[np.searchsorted(cum, q)] for q in (0.1, 0.5, 0.9))
        self.bands = {"10-90": (r10, r90), "50-90": (r50, r90)}
        self.masks = {}
        for name, (lo, hi) in self.bands.items():
            m = (self.r >= lo) & (self.r <= hi)
            th = self.theta[m]
            self.masks[name] = (m, np.exp(-1j * np.outer(M_ALL, th)))

    def harmonics(self, P):
        """Complex c_m / c_0 per band."""
        if self.bands is None:
            self.set_bands(P)
        out = {}
        for name, (m, e) in self.masks.items():
            p = P[m]
            out[name] = e @ p / p.sum()
        return out


def grad_fd(v):
    """Central differences on the grid (interior), in lattice units: (d/dx, d/dy)."""
    gx = (v[1:-1, 2:] - v[1:-1, :-2]) / (2 * STEP)
    gy = (v[2:, 1:-1] - v[:-2, 1:-1]) / (2 * STEP)
    return gx, gy


def direction_harmonics(gx, gy):
    phi = np.arctan2(gy, gx).ravel()
    return np.array([np.exp(1j * m * phi).mean() for m in M_ALL])


def energy_ratios(gx, gy):
    ex, ey = (gx ** 2).mean(), (gy ** 2).mean()
    ed = (((gx + gy) / math.sqrt(2)) ** 2).mean()
    return float(ey / ex), float(ed / ex)


class Acc:
    """Complex harmonics per set and measure, over seeds: mean and standard error."""

    def __init__(self):
        self.data = {}

    def add(self, key, c):
        self.data.setdefault(key, []).append(np.asarray(c))

    def mean(self, key):
        return np.abs(np.mean(self.data[key], axis=0))

    def se(self, key):
        a = np.array(self.data[key])
        n = len(a)
        if n < 2:
            return np.full(a.shape[1:], float("nan"))
        return np.sqrt((np.abs(a - a.mean(0)) ** 2).sum(0) / (n - 1) / n)

# ---------------------------------------------------------------- runs


def value_stats(vals):
    out = {}
    for name, v in vals.items():
        mx = np.abs(v).max()
        out[name] = {"std": float(v.std()), "min": float(v.min()), "max": float(v.max()),
                     "kurtosis": kurtosis(v), "frac_gt_half_max": float((np.abs(v) > 0.5 * mx).mean()),
                     "maxabs": float(mx)}
    return out


def run_values(dim, sets, npts, rng):
    p = rng.uniform(-500, 500, size=(dim, npts))
    geom = geom2(p[0], p[1], 3) if dim == 2 else geom3(ROT3 @ p, 3)
    return value_stats({name: field(geom, g, dim) for name, g in sets.items()})


def model_check(dim, rng, npts):
    """Largest |triangle or walk - brute force| over all sets, library scale."""
    p = rng.uniform(-500, 500, size=(dim, npts))
    if dim == 2:
        a, b = geom2(p[0], p[1], 5), geom2_brute(p[0], p[1], 5)
        sets = SETS2
    else:
        q = ROT3 @ p
        a, b = geom3(q, 5), geom3_brute(q, 5)
        sets = SETS3
    worst, frac = 0.0, 0.0
    for g in sets.values():
        diff = np.abs(field(a, g, dim) - field(b, g, dim))
        worst = max(worst, float(diff.max()))
        frac = max(frac, float((diff > 1e-12).mean()))
    return {"max_abs_diff": worst, "frac_points_differing": frac, "points": npts}


def grid_points(n, origin, u, w):
    """Input-space points origin + STEP (i u + j w); row index j (y), column index i (x)."""
    i = np.arange(n) * STEP
    jj, ii = np.meshgrid(i, i, indexing="ij")
    return origin[:, None] + np.outer(u, ii.ravel()) + np.outer(w, jj.ravel())


def run_grid(dim, sets, n, seeds, plane, rng, maxabs):
    """Spectra, direction harmonics and slice statistics for one grid kind, over seeds."""
    sp_v, sp_a = Spectra(n), Spectra(n)
    acc = Acc()
    stats = {name: {"std": [], "kurtosis": [], "frac": [], "ey_ex": [], "ed_ex": []} for name in sets}
    for s in seeds:
        origin = rng.uniform(-1000, 1000, size=dim)
        if dim == 2:
            p = grid_points(n, origin, np.array([1.0, 0.0]), np.array([0.0, 1.0]))
            geom = geom2(p[0], p[1], s)
        else:
            p = grid_points(n, origin, plane[0], plane[1])
            geom = geom3(ROT3 @ p, s)
        for name, g in sets.items():          # "random" first: it fixes the bands
            v = field(geom, g, dim).reshape(n, n)
            for key, sp, f in (("spec_v", sp_v, v), ("spec_abs", sp_a, np.abs(v))):
                for band, c in sp.harmonics(sp.power(f)).items():
                    acc.add((key, band, name), c)
            gx, gy = grad_fd(v)
            acc.add(("dir", "", name), direction_harmonics(gx, gy))
            st = stats[name]
            st["std"].append(v.std())
            st["kurtosis"].append(kurtosis(v))
            st["frac"].append((np.abs(v) > 0.5 * maxabs[name]).mean())
            r = energy_ratios(gx, gy)
            st["ey_ex"].append(r[0])
            st["ed_ex"].append(r[1])
    res = {"bands_cycles_per_unit": {k: [float(x) for x in b] for k, b in sp_v.bands.items()},
           "bands_abs_cycles_per_unit": {k: [float(x) for x in b] for k, b in sp_a.bands.items()},
           "harmonics": {}, "slice_stats": {}}
    for (key, band, name) in acc.data:
        label = key + (":" + band if band else "")
        res["harmonics"].setdefault(label, {})[name] = {
            "c": dict(zip(map(str, M_ALL), map(float, acc.mean((key, band, name))))),
            "se": dict(zip(map(str, M_ALL), map(float, acc.se((key, band, name)))))}
    for name, st in stats.items():
        res["slice_stats"][name] = {k: float(np.mean(x)) for k, x in st.items()}
    return res

# ---------------------------------------------------------------- output


def fmt(x, d=4):
    return "nan" if x != x else f"{x:.{d}f}"


def table_values(vs):
    lines = ["| set | raw std | min | max | kurtosis | frac abs(v) > 0.5 max |", "|---|---|---|---|---|---|"]
    for name, s in vs.items():
        lines.append(f"| {name} | {fmt(s['std'])} | {fmt(s['min'])} | {fmt(s['max'])} | "
                     f"{fmt(s['kurtosis'], 3)} | {fmt(s['frac_gt_half_max'])} |")
    return lines


def table_harm(h, title):
    ms = list(map(str, M_ALL))
    lines = [f"{title}", "",
             "| set | " + " | ".join(f"m={m}" for m in M_LIST) + " | ctrl m=" + " | m=".join(map(str, M_CTRL)) + " |",
             "|---|" + "---|" * len(ms)]
    for name, e in h.items():
        lines.append(f"| {name} | " + " | ".join(fmt(e["c"][m]) for m in ms) + " |")
    r = h["random"]["se"]
    lines.append("| noise floor (se, random) | " + " | ".join(fmt(r[m]) for m in ms) + " |")
    return lines


def table_slice(ss):
    lines = ["| set | raw std | kurtosis | frac abs(v) > 0.5 max | E[vy^2]/E[vx^2] | E[vd^2]/E[vx^2] |",
             "|---|---|---|---|---|---|"]
    for name, s in ss.items():
        lines.append(f"| {name} | {fmt(s['std'])} | {fmt(s['kurtosis'], 3)} | {fmt(s['frac'])} | "
                     f"{fmt(s['ey_ex'])} | {fmt(s['ed_ex'])} |")
    return lines


MEASURES = (("spec_v:10-90", "power spectrum of v, band 10-90"),
            ("spec_v:50-90", "power spectrum of v, band 50-90"),
            ("spec_abs:10-90", "supplementary: power spectrum of abs(v), band 10-90"),
            ("dir", "supplementary: gradient-direction histogram"))


def verdict(h, dim, where):
    lines = []
    kj = KJPG[dim]
    for small in SMALL[dim]:
        for key, label in MEASURES:
            if key == "spec_v:50-90":
                continue
            e = h[key]
            r, se = e["random"]["c"], e["random"]["se"]
            ex = {m: e[small]["c"][str(m)] - r[str(m)] for m in M_LIST}
            m = max(ex, key=ex.get)
            exk = e[kj]["c"][str(m)] - r[str(m)]
            floor = se[str(m)]
            over = (ex[m] - exk) > 3 * floor
            lines.append(f"- {where}{small} vs {kj}, {label}: largest excess m={m}: "
                         f"{fmt(ex[m])} (set {fmt(e[small]['c'][str(m)])} - random {fmt(r[str(m)])}); "
                         f"{kj}'s excess there {fmt(exk)}; se {fmt(floor)}; "
                         f"exceeds {kj}'s by > 3 se: {'yes' if over else 'no'}")
    return lines


def plane_basis(n):
    """An orthonormal in-plane basis (u, w) for the plane of unit normal n (input space)."""
    n = n / np.linalg.norm(n)
    a = np.array([0.0, 0.0, 1.0]) if abs(n[2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    u = np.cross(a, n)
    u /= np.linalg.norm(u)
    return u, np.cross(n, u)


def planes3():
    ez = np.array([0.0, 0.0, 1.0])
    return {
        "input z = const": (np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])),
        "input normal (1,1,1)/sqrt3": plane_basis(np.array([1.0, 1.0, 1.0])),
        "input normal (1,1,0)/sqrt2": (np.array([1.0, -1.0, 0.0]) / math.sqrt(2), ez),
        "lattice cube face (normal R^T e_z)": plane_basis(ROT3.T @ ez),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke check")
    ap.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    args = ap.parse_args()
    t0 = time.time()
    if args.quick:
        n2, seeds2, n3, seeds3, nval, ncheck = 256, (1, 2), 128, (1, 2), 100_000, 5_000
    else:
        n2, seeds2, n3, seeds3, nval, ncheck = 1024, tuple(range(1, 17)), 1024, tuple(range(1, 9)), 1_000_000, 50_000
    rng = np.random.default_rng(20261203)
    res = {"config": {"grid_2d": n2, "seeds_2d": len(seeds2), "grid_3d_slice": n3, "seeds_3d": len(seeds3),
                      "value_points": nval, "step": STEP, "orientation_3d": "improve_xy", "walk_3d": "4-vertex",
                      "m": list(M_LIST), "m_controls": list(M_CTRL)}}
    out = [f"# Gradient-set study (model; {'quick' if args.quick else 'full'} run)", ""]

    for dim, sets in ((2, SETS2), (3, SETS3)):
        out += [f"## {dim}D", ""]
        chk = model_check(dim, rng, ncheck)
        what = "triangle" if dim == 2 else "4-vertex walk"
        out += [f"Model check, {what} vs brute force over {chk['points']} points: max abs diff "
                f"{chk['max_abs_diff']:.3g}, fraction of points differing {chk['frac_points_differing']:.4f}", ""]
        mom = set_moments(dim, sets)
        if dim == 2:
            out += ["Set moments, first m with E[exp(i m angle)] != 0: "
                    + ", ".join(f"{k} {v}" for k, v in mom.items()), ""]
        else:
            out += ["Set moments, E[g_x^4] (isotropic 0.2): " + ", ".join(f"{k} {v:.4f}" for k, v in mom.items()), ""]
        vals = run_values(dim, sets, nval, rng)
        out += [f"Value distribution ({nval} uniform points in [-500, 500)^{dim}):", ""] + table_values(vals) + [""]
        maxabs = {k: v["maxabs"] for k, v in vals.items()}
        d = {"model_check": chk, "set_moments": mom, "values": vals}
        if dim == 2:
            g = run_grid(2, sets, n2, seeds2, None, rng, maxabs)
            d["grid"] = g
            out += [f"Grid {n2}^2 at step 1/8, {len(seeds2)} seeds; bands (cycles per lattice unit): "
                    + ", ".join(f"{k} [{a:.3f}, {b:.3f}]" for k, (a, b) in g["bands_cycles_per_unit"].items()), ""]
            for key, label in MEASURES:
                out += table_harm(g["harmonics"][key], f"Harmonics |c_m|/c_0, {label}:") + [""]
            out += ["Grid statistics (std of the raw field on the grid; gradient by central differences):", ""]
            out += table_slice(g["slice_stats"]) + [""]
            out += ["Verdict (criterion in the docstring):", ""] + verdict(g["harmonics"], 2, "") + [""]
        else:
            d["planes"] = {}
            vlines = []
            for pname, basis in planes3().items():
                g = run_grid(3, sets, n3, seeds3, basis, rng, maxabs)
                d["planes"][pname] = g
                out += [f"### Slice: {pname}", "",
                        f"Grid {n3}^2 at step 1/8, {len(seeds3)} origins; bands: "
                        + ", ".join(f"{k} [{a:.3f}, {b:.3f}]" for k, (a, b) in g["bands_cycles_per_unit"].items()), ""]
                for key, label in MEASURES:
                    out += table_harm(g["harmonics"][key], f"Harmonics |c_m|/c_0, {label}:") + [""]
                out += ["Slice statistics:", ""] + table_slice(g["slice_stats"]) + [""]
                vlines += verdict(g["harmonics"], 3, f"[{pname}] ")
            out += ["### Verdict (criterion in the docstring)", ""] + vlines + [""]
        res[f"{dim}d"] = d
        out += [f"({dim}D part: {time.time() - t0:.1f} s since start)", ""]
        print("\n".join(out), flush=True)
        out = []
    res["runtime_s"] = time.time() - t0
    print(f"Runtime {res['runtime_s']:.1f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
