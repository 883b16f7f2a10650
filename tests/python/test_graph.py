"""gradnoise.Graph (issue #29): graphs built in Python equal the same graphs read from files and the
CLI's `eval --graph` (a separate program over the C++ library), node values against numpy's own
float32 arithmetic on the fields' values, grids against points, the file round trip, and errors
that name the node and the parameter."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import gradnoise
from gradnoise import graph as g

ROOT = Path(__file__).resolve().parents[2]
GRAPHS = ROOT / "examples" / "graphs"


def points(n=2000, seed=1):
    rng = np.random.default_rng(seed)
    return rng.uniform(-30, 30, n).astype(np.float32), rng.uniform(-30, 30, n).astype(np.float32)


def test_the_enumerations_come_from_the_library_table():
    schema = gradnoise.Graph.schema()
    fields = {p["name"]: p for p in schema["field_parameters"]}
    assert gradnoise.BASES == tuple(fields["basis"]["choices"])
    assert gradnoise.BASES[0] == "perlin" and gradnoise.BASES[-1] == "cellular"
    assert gradnoise.FRACTALS == ("none", "fbm", "turbulence", "ridged", "billow", "damped")
    assert [n["type"] for n in schema["nodes"]][:3] == ["constant", "coordinate", "field"]
    for node in schema["nodes"]:
        assert callable(getattr(g, node["type"]))


def test_operators_against_numpy_float32_arithmetic():
    x, y = points()
    a = gradnoise.Field(seed=3)
    b = gradnoise.Field(basis="opensimplex2s")
    va, vb = a(x, y), b(x, y)
    fa, fb = g.field(seed=3), g.field(basis="opensimplex2s")
    f32 = np.float32
    cases = {
        "a + b": (fa + fb, va + vb),
        "a - 0.5": (fa - 0.5, va - f32(0.5)),
        "2 * a * b": (2 * fa * fb, (f32(2) * va) * vb),
        "-a": (-fa, -va),
        "abs(a)": (abs(fa), np.abs(va)),
        "min": (g.min(fa, fb, 0.1), np.where(f32(0.1) < np.where(vb < va, vb, va), f32(0.1), np.where(vb < va, vb, va))),
        "lerp": (g.lerp(fa, fb, 0.25), va + (vb - va) * f32(0.25)),
        "clamp": (fa.clamp(-0.25, 0.5), np.where(f32(0.5) < np.where(va < f32(-0.25), f32(-0.25), va), f32(0.5),
                                                  np.where(va < f32(-0.25), f32(-0.25), va))),
        "power": (fa.power(3), (va * va) * va),
        "select": (g.select(fa, fb, fa, threshold=0.1), np.where(va < f32(0.1), va, vb)),
    }
    with np.errstate(all="ignore"):
        for what, (graph, want) in cases.items():
            got = graph(x, y)
            assert got.dtype == np.float32
            assert got.tobytes() == want.astype(np.float32).tobytes(), what


def test_coordinates_move_the_field():
    x, y = points(500)
    a = gradnoise.Field(seed=3)
    assert g.field(seed=3).scale([3, -0.5])(x, y).tobytes() == a(x * np.float32(3), y * np.float32(-0.5)).tobytes()
    assert g.field(seed=3).translate([10.5, -2])(x, y).tobytes() == a(x + np.float32(10.5), y - np.float32(2)).tobytes()
    assert g.field(seed=3).rotate(90)(x, y).tobytes() == a(-y, x).tobytes()


def test_python_expressions_equal_the_gallery_files_and_the_cli(cli):
    sys.path.insert(0, str(ROOT / "examples" / "python"))
    import graphs as gallery  # examples/python/graphs.py

    x, y = points(300, 9)
    for name in ("continent", "clouds", "lava", "eroded_continent"):
        built = getattr(gallery, name)()
        filed = gradnoise.Graph.load(GRAPHS / f"{name}.json")
        assert built(x, y).tobytes() == filed(x, y).tobytes(), name
        text = "".join(f"{float(a).hex()} {float(b).hex()}\n" for a, b in zip(x, y))
        r = subprocess.run([cli.path, "eval", "--graph", str(GRAPHS / f"{name}.json"), "--format", "hex"],
                           input=text, capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        from_cli = np.array([float.fromhex(t) for t in r.stdout.split()], dtype=np.float32)
        assert from_cli.tobytes() == built(x, y).tobytes(), name


def test_grids_equal_points_and_threads_do_not_matter():
    terrain = g.field(seed=1, fractal="fbm", octaves=4) * g.field(basis="cellular").fractal("ridged", octaves=3)
    grid = terrain.grid((37, 53), origin=(-2.5, 1.25), step=(0.11, 0.07))
    xs = np.float32(-2.5) + np.arange(53, dtype=np.float32) * np.float32(0.11)
    ys = np.float32(1.25) + np.arange(37, dtype=np.float32) * np.float32(0.07)
    assert grid.tobytes() == terrain(xs[None, :], ys[:, None]).tobytes()
    assert grid.tobytes() == terrain.grid((37, 53), origin=(-2.5, 1.25), step=(0.11, 0.07), threads=0).tobytes()
    volume = g.field(basis="opensimplex2").warp(by=g.field(seed=2), strength=0.3)
    v = volume.grid((5, 6, 7), step=0.3)
    z, yy, xx = np.meshgrid(*(np.arange(n, dtype=np.float32) * np.float32(0.3) for n in (5, 6, 7)), indexing="ij")
    assert v.tobytes() == volume(xx, yy, z).tobytes()
    assert float(np.float32(volume.reference(0.3, 0.6, 0.9))) == float(volume(0.3, 0.6, 0.9))


def test_files_round_trip(tmp_path):
    shared = g.field(seed=5, name="base")
    graph = g.add(shared, shared.fractal("billow", octaves=3)).terrace(4)
    path = tmp_path / "graph.json"
    graph.save(path)
    back = gradnoise.Graph.load(path)
    assert back.dimensions == 2
    assert '"base"' in path.read_text()
    x, y = points(100)
    assert back(x, y).tobytes() == graph(x, y).tobytes()
    assert back.to_json() == path.read_text()
    assert not list(tmp_path.glob(".graph-*"))


def test_errors_name_the_node_and_the_parameter():
    with pytest.raises(ValueError, match=r"graph node 'hills' \(fractal\): octaves must be an integer in 1\.\.32 \(got 40\)"):
        g.field().fractal("fbm", octaves=40, name="hills").grid((2, 2))
    with pytest.raises(ValueError, match=r"octaves has no effect without a fractal"):
        g.field(octaves=3)(0.5, 0.5)
    with pytest.raises(TypeError, match=r"unexpected keyword 'octave'"):
        g.field().fractal(octave=3)
    with pytest.raises(TypeError, match=r"Graph or a real number"):
        g.field() + "1"
    with pytest.raises(ValueError, match=r"3 dimensions; the call gave 2"):
        gradnoise.Graph.from_json('{"gradnoise_graph": 1, "dimensions": 3, "output": 1}')(0.5, 0.5)
    with pytest.raises(ValueError, match=r"format version in 1\.\.3"):
        gradnoise.Graph.from_json('{"gradnoise_graph": 9, "output": 1}')
    with pytest.raises(AttributeError):
        g.field().blur


def test_gradients_equal_the_cli_and_the_fields_own(cli):
    x, y = points(300, 4)
    # A graph of one field: the field's own gradient, bit for bit.
    assert g.field(seed=3, fractal="fbm", octaves=4).gradient(x, y).tobytes() == \
        gradnoise.Field(seed=3, fractal="fbm", octaves=4).gradient(x, y).tobytes()
    # The gallery's continent: the CLI's eval --gradient of the same file.
    filed = gradnoise.Graph.load(GRAPHS / "continent.json")
    got = filed.gradient(x, y)
    assert got.shape == (3, 300) and got.dtype == np.float32
    assert got[0].tobytes() == filed(x, y).tobytes()
    text = "".join(f"{float(a).hex()} {float(b).hex()}\n" for a, b in zip(x, y))
    r = subprocess.run([cli.path, "eval", "--graph", str(GRAPHS / "continent.json"), "--gradient", "--format", "hex"],
                       input=text, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    from_cli = np.array([[float.fromhex(t) for t in line.split()] for line in r.stdout.splitlines()], dtype=np.float32)
    assert from_cli.T.tobytes() == got.tobytes()


def test_gradient_grids_and_refusals():
    terrain = g.field(seed=1).warp(by=g.field(seed=2), strength=0.5).fractal("ridged", octaves=3).terrace(4, 0.5)
    grid = terrain.grid((9, 11), origin=(0.5, -1.0), step=0.13, gradient=True)
    xs = np.float32(0.5) + np.arange(11, dtype=np.float32) * np.float32(0.13)
    ys = np.float32(-1.0) + np.arange(9, dtype=np.float32) * np.float32(0.13)
    assert grid.shape == (3, 9, 11)
    assert grid.tobytes() == terrain.gradient(xs[None, :], ys[:, None]).tobytes()
    marble = g.field(fractal="turbulence", pattern="marble", name="stone") + 1
    assert "graph node 'stone' (field) has no gradient" in marble.gradient_refusal()
    with pytest.raises(ValueError, match=r"'stone' \(field\) has no gradient: patterns have no gradient"):
        marble.gradient(0.5, 0.5)


def test_chunks_join_and_sit_at_their_own_coordinates():
    terrain = g.field(seed=1, fractal="fbm", octaves=3) + g.field(basis="cellular").scale(0.5)
    big = terrain.chunk((5, 40), first=(10**12, -3), spacing=0.25)
    left = terrain.chunk((5, 17), first=(10**12, -3), spacing=0.25)
    right = terrain.chunk((5, 23), first=(10**12 + 17, -3), spacing=0.25)
    assert np.concatenate([left, right], axis=1).tobytes() == big.tobytes()
    xs = (np.arange(10**12, 10**12 + 40, dtype=np.float64) * 0.25).astype(np.float32)  # float(double(s) * spacing)
    ys = (np.arange(-3, 2, dtype=np.float64) * 0.25).astype(np.float32)
    assert big.tobytes() == terrain(xs[None, :], ys[:, None]).tobytes()
    assert terrain.chunk((5, 40), first=(10**12, -3), spacing=0.25, gradient=True).shape == (3, 5, 40)


def test_erode_node_is_the_fields_filter_and_takes_any_subgraph(tmp_path):
    x, y = points(500, 9)
    # [S 19.9] Over a field at the graph's coordinates: the field with erosion, values and gradients.
    carved = g.field(basis="opensimplex2s", fractal="fbm", octaves=4, frequency=0.5).erode(octaves=4, frequency=0.5)
    field = gradnoise.Field("opensimplex2s", fractal="fbm", octaves=4, frequency=0.5, erosion=4)
    assert carved(x, y).tobytes() == field(x, y).tobytes()
    assert carved.gradient(x, y).tobytes() == field.gradient(x, y).tobytes()
    # Over any subgraph, inside a scale: values are the gradient's value plane, the reference agrees.
    land = (g.field(seed=2, fractal="fbm", octaves=3) + 0.4 * g.field(basis="cellular")).terrace(5, 0.7)
    graph = g.erode(land, octaves=3, strength=0.4, seed=9).scale([2.0, 0.5])
    values = graph(x, y)
    assert values.tobytes() == graph.gradient(x, y)[0].tobytes()
    assert np.float32(graph.reference(float(x[0]), float(y[0]))).tobytes() == values[:1].tobytes()
    assert 0 < np.mean(np.abs(values - land.scale([2.0, 0.5])(x, y))) < 0.2
    path = tmp_path / "carved.json"
    graph.save(path)
    assert '"gradnoise_graph": 3' in path.read_text()
    assert gradnoise.Graph.load(path)(x, y).tobytes() == values.tobytes()
    with pytest.raises(ValueError, match=r"\(erode\) steers by its input's gradient"):
        g.erode(g.field(pattern="wood"))(0.5, 0.5)
