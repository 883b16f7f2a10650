"""Improved Perlin noise with numpy, as a tutorial reader writes it (Ken Perlin 2002,
ImprovedNoise.java), vectorised; float32 in the order of operations of docs/spec.md, so it computes
gradnoise's values bit for bit (bench/python_bench.py checks that, and times it against gradnoise)."""

import numpy as np

from python_bench_workloads import F32, grid_axes

# fmt: off
PERMUTATION = [
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69,
    142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219,
    203, 117, 35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
    74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230,
    220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76,
    132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173,
    186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206,
    59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163,
    70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232,
    178, 185, 112, 104, 218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162,
    241, 81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204,
    176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141,
    128, 195, 78, 66, 215, 61, 156, 180,
]
# fmt: on
P = np.array(PERMUTATION * 2, dtype=np.int32)  # Perlin's doubled p[512]


def np_fade(t):
    return ((t * t) * t) * ((t * ((t * F32(6)) - F32(15))) + F32(10))


def np_lerp(t, a, b):
    return a + t * (b - a)


def np_grad3(h, x, y, z):
    h = h & 15
    a = np.where(h < 8, x, y)
    b = np.where(h < 4, y, np.where((h == 12) | (h == 14), x, z))
    return np.where(h & 1, -a, a) + np.where(h & 2, -b, b)


def np_grad2(h, x, y):  # grad(h, x, y, +0.0)
    h = h & 15
    a = np.where(h < 8, x, y)
    b = np.where(h < 4, y, np.where((h == 12) | (h == 14), x, F32(0)))
    return np.where(h & 1, -a, a) + np.where(h & 2, -b, b)


def _cell(x):
    x = x + F32(0)  # -0 -> +0
    fx = np.floor(x)
    return fx.astype(np.int32) & 255, x - fx  # |coordinates| < 2^31 here


def np_noise3(x, y, z):
    X, x = _cell(x)
    Y, y = _cell(y)
    Z, z = _cell(z)
    u, v, w = np_fade(x), np_fade(y), np_fade(z)
    x1, y1, z1 = x - F32(1), y - F32(1), z - F32(1)
    A = P[X] + Y
    AA = P[A] + Z
    AB = P[A + 1] + Z
    B = P[X + 1] + Y
    BA = P[B] + Z
    BB = P[B + 1] + Z
    return np_lerp(w, np_lerp(v, np_lerp(u, np_grad3(P[AA], x, y, z), np_grad3(P[BA], x1, y, z)),
                              np_lerp(u, np_grad3(P[AB], x, y1, z), np_grad3(P[BB], x1, y1, z))),
                   np_lerp(v, np_lerp(u, np_grad3(P[AA + 1], x, y, z1), np_grad3(P[BA + 1], x1, y, z1)),
                           np_lerp(u, np_grad3(P[AB + 1], x, y1, z1), np_grad3(P[BB + 1], x1, y1, z1))))


def np_noise2(x, y):
    X, x = _cell(x)
    Y, y = _cell(y)
    u, v = np_fade(x), np_fade(y)
    x1, y1 = x - F32(1), y - F32(1)
    A = P[X] + Y
    B = P[X + 1] + Y
    return np_lerp(v, np_lerp(u, np_grad2(P[P[A]], x, y), np_grad2(P[P[B]], x1, y)),
                   np_lerp(u, np_grad2(P[P[A + 1]], x, y1), np_grad2(P[P[B + 1]], x1, y1)))


def np_fbm(noise_fn, coords, octaves=6, frequency=1.0, lacunarity=2.0, persistence=0.5):
    """Spec section 8: octave k at p * f_k + o_k, sum a_k n_k, divided by the sum of the a_k."""
    f, a, total_amp = F32(frequency), F32(1), None
    total = np.zeros(np.shape(coords[0]), dtype=F32)
    for k in range(octaves):
        offsets = (F32(k * 17.3125), F32(k * 29.8125), F32(k * 41.4375))
        n = noise_fn(*[c * f + o for c, o in zip(coords, offsets)])
        total = total + a * n
        total_amp = a if total_amp is None else total_amp + a
        f, a = f * F32(lacunarity), a * F32(persistence)
    return total / total_amp


def np_fbm2_grid(nx, ny):
    x, y = grid_axes(nx, ny)
    X, Y = np.meshgrid(x, y)  # [j, i] = (x_i, y_j)
    return np_fbm(np_noise2, (X, Y))
