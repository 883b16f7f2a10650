"""The Python examples (examples/python/*.py) run and write the pictures they promise.

Each script runs as a subprocess of this interpreter (sys.executable, inheriting PYTHONPATH, so
the gradnoise under test is the one the examples use) at a small size into tmp_path.
"""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

Image = pytest.importorskip("PIL.Image")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "python"


def run(script, out, *args):
    """Runs examples/python/<script> writing to `out`; returns its stdout."""
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--output", str(out), *args],
        cwd=out.parent, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, f"{script} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    assert f"wrote {out}" in proc.stdout and "noise" in proc.stdout, proc.stdout
    assert out.is_file() and out.stat().st_size > 0
    return proc.stdout


def still(path, size):
    with Image.open(path) as im:
        assert im.format == "PNG"
        assert im.size == size
        assert im.mode == "RGB"
        return np.asarray(im, dtype=np.int32)


def frames(path, size, count):
    with Image.open(path) as im:
        assert im.format == "GIF"
        assert im.size == size
        assert im.n_frames == count
        assert im.info.get("loop") == 65535 or im.info.get("loop") == 0  # loops forever
        out = []
        for k in range(count):
            im.seek(k)
            out.append(np.asarray(im.convert("RGB"), dtype=np.float64))
    return out


def not_constant(rgb, spread=20):
    luma = rgb[..., :3].mean(axis=-1)
    assert luma.std() > spread, f"a nearly constant picture (luma std {luma.std():.1f})"


def test_terrain(tmp_path):
    out = tmp_path / "terrain.png"
    run("terrain.py", out, "--size", "128x96")
    rgb = still(out, (128, 96))
    not_constant(rgb)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    bands = {
        "water": (r == 0) & (g == 0) & (b >= 100) & (b <= 250),
        "sand": (r == 240) & (g == 240) & (b == 180),
        "grass": (r == 50) & (g >= 100) & (b == 30),
        "rock or snow": (r == g) & (g == b) & (r >= 150),
    }
    for name, mask in bands.items():
        assert mask.mean() > 0.005, f"no {name} pixels"
    assert sum(bands.values()).max() == 1 and sum(bands.values()).min() == 1, "a pixel off the ramp"
    # The tutorial's unstretched heights: a different picture, and (its flaw) no snow.
    flat = tmp_path / "flat.png"
    run("terrain.py", flat, "--size", "128x96", "--no-stretch")
    flat_rgb = still(flat, (128, 96))
    assert not np.array_equal(flat_rgb, rgb)
    assert not ((flat_rgb[..., 0] == flat_rgb[..., 2]) & (flat_rgb[..., 0] >= 249)).any()


def test_terrain_is_reproducible(tmp_path):
    a, b, c = tmp_path / "a.png", tmp_path / "b.png", tmp_path / "c.png"
    run("terrain.py", a, "--size", "64x48")
    run("terrain.py", b, "--size", "64x48")
    run("terrain.py", c, "--size", "64x48", "--seed", "7")
    assert np.array_equal(still(a, (64, 48)), still(b, (64, 48)))
    assert not np.array_equal(still(a, (64, 48)), still(c, (64, 48)))


def test_clouds_scroll_and_loop(tmp_path):
    pytest.importorskip("imageio")  # the GIF examples write with imageio
    out = tmp_path / "clouds.gif"
    # 48 px at 0.05 units a pixel: a tile of 4 units = 80 px, so 20 frames move 4 px each.
    run("clouds.py", out, "--size", "48x48", "--frames", "20")
    fr = frames(out, (48, 48), 20)
    for f in fr:
        not_constant(f, spread=8)
        assert (f[..., 2] >= f[..., 0]).all(), "clouds are sky blue to white"
    # Each frame is the previous one moved up 4 px, and the first follows the last the same way.
    for k in range(20):
        before, after = fr[k], fr[(k + 1) % 20]
        assert np.abs(after[:-4] - before[4:]).mean() < 0.5, f"frame {(k + 1) % 20} is not frame {k} scrolled"
        assert np.abs(after - before).mean() > 2, "frames do not change"


def test_marble(tmp_path):
    out = tmp_path / "marble.png"
    run("marble.py", out, "--size", "96x64")
    rgb = still(out, (96, 64))
    not_constant(rgb, spread=30)
    luma = rgb.mean(axis=-1)
    assert (luma < 80).mean() > 0.02 and (luma > 200).mean() > 0.1, "dark veins in a light stone"
    assert np.abs(rgb[..., 0] - rgb[..., 2]).max() <= 20, "marble is grey"
    # The turbulence bends the stripes: down a column the colour changes (sin(x) alone would not).
    assert luma.std(axis=0).mean() > 15, "straight stripes: the turbulence does not bend them"


def test_wood(tmp_path):
    out = tmp_path / "wood.png"
    run("wood.py", out, "--size", "96x96")
    rgb = still(out, (96, 96))
    not_constant(rgb)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    assert ((r > g) & (g > b)).all(), "every pixel between light yellow and dark brown"
    # Rings: along the row through the axis, light and dark alternate several times.
    row = rgb[int(0.45 * 96), :, :].mean(axis=-1)
    dark = row < (row.min() + row.max()) / 2
    assert np.count_nonzero(dark[1:] != dark[:-1]) >= 8


def test_fire_rises_and_loops(tmp_path):
    pytest.importorskip("imageio")
    out = tmp_path / "fire.gif"
    # 48 px across 3 units, 64 px tall = 4 units = one tile: 32 frames move the turbulence 2 px each.
    run("fire.py", out, "--size", "48x64", "--frames", "32")
    fr = frames(out, (48, 64), 32)
    for f in fr:
        not_constant(f)
        luma = f.mean(axis=-1)
        assert luma[:8].mean() < 30 and luma[-8:].mean() > 100, "dark above, bright below"
        assert (f[..., 0] >= f[..., 2]).all(), "fire colours"
    up = [np.abs(fr[(k + 1) % 32][:-2] - fr[k][2:]).mean() for k in range(32)]
    down = [np.abs(fr[(k + 1) % 32][2:] - fr[k][:-2]).mean() for k in range(32)]
    assert np.mean(up) < 0.75 * np.mean(down), "the flames should rise"
    assert up[-1] < 1.3 * np.median(up), "the last frame does not run into the first"


def test_graphs(tmp_path):
    """examples/python/graphs.py: the gallery's graphs built in Python equal their files, and it saves heights."""
    out = tmp_path / "continent.npy"
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES / "graphs.py"), "--output", str(out), "--size", "64", "--save-dir", str(tmp_path)],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("bit for bit") == 4, proc.stdout
    heights = np.load(out)
    assert heights.shape == (64, 64) and heights.dtype == np.float32
    for name in ("continent", "clouds", "lava"):
        assert (tmp_path / f"{name}.json").is_file()
