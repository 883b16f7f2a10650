"""The GPU form from Python (docs/gpu.md): Field.shader_source is the C++ text the CLI writes too, and
Field.chunk_octave_coordinates the coordinates of docs/spec.md section 13. (The text's values are
checked on Mesa by tests/gpu/test_shader.cpp.)"""
import subprocess

import numpy as np
import pytest

import gradnoise
from conftest import cli_options


@pytest.mark.parametrize("params,dims,gradient", [
    (dict(basis="classic", seed=7, period=(8, 4)), 2, False),
    (dict(fractal="ridged", octaves=5, warp=1), 4, True),
    (dict(basis="value", hash="mix", pattern="wood"), 3, False),
    (dict(basis="opensimplex2", hash="mix", orientation3="fallback"), 3, True),
    (dict(basis="opensimplex2s", seed=-3, orientation4="improve_xyz"), 4, True),
])
def test_shader_source_is_the_cli_text(cli, params, dims, gradient):
    text = gradnoise.Field(**params).shader_source(dims, name="terrain", gradient=gradient)
    cmd = [cli.path, "shader", f"--dims={dims}", "--name=terrain", *cli_options(params)] + (["--gradient"] if gradient else [])
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert text == r.stdout
    assert f"float terrain(vec{dims} p) {{" in text
    assert (f"float terrain_gradient(vec{dims} p, out vec{dims} d) {{" in text) == gradient


def test_shader_source_refusals_name_the_reason():
    with pytest.raises(ValueError, match=r"the damped fractal's gradient needs the octaves' Hessians"):
        gradnoise.Field("opensimplex2s", fractal="damped").shader_source(3, gradient=True)
    with pytest.raises(ValueError, match=r"cellular noise has no 4D"):
        gradnoise.Field("cellular").shader_source(4)
    with pytest.raises(ValueError, match=r"a pattern has no gradient"):
        gradnoise.Field(pattern="marble").shader_source(2, gradient=True)
    with pytest.raises(ValueError, match=r"options.dimensions must be 2, 3 or 4"):
        gradnoise.Field().shader_source(5)
    with pytest.raises(ValueError, match=r"GLSL identifier"):
        gradnoise.Field().shader_source(2, name="gl_x")


def test_chunk_octave_coordinates_are_the_spec_residues():
    f = gradnoise.Field(fractal="fbm", octaves=3)
    first = 2**40 + 7
    q = f.chunk_octave_coordinates(1, first, 5, 1 / 64)
    assert q.dtype == np.float32 and q.shape == (3, 5)
    # Octave k at spacing * 2^k: (s * 2^k / 64) mod 256 exactly, plus k * the y offset 29.8125.
    for k in range(3):
        want = [((s * 2**k) % (64 * 256)) / 64 + k * 29.8125 for s in range(first, first + 5)]
        assert q[k].tolist() == pytest.approx(want, abs=0), k
    assert gradnoise.Field().chunk_octave_coordinates(0, -3, 4, 0.25).tolist() == [[255.25, 255.5, 255.75, 0.0]]
    with pytest.raises(ValueError, match=r"axis must be 0, 1 or 2"):
        f.chunk_octave_coordinates(3, 0, 4, 1.0)
    # The simplex bases': binary64, s * step + k * offset (section 13.4).
    q64 = gradnoise.Field("opensimplex2s", fractal="fbm", octaves=2).chunk_octave_coordinates(0, first, 3, 0.5)
    assert q64.dtype == np.float64 and q64.shape == (2, 3)
    assert q64.tolist() == [[s * 0.5 for s in range(first, first + 3)], [s * 1.0 + 17.3125 for s in range(first, first + 3)]]


def test_chunk_erosion_coordinates_are_the_spec_residues():
    # Erosion at scale 1/4 over one octave: gully octave k has 4 * 2^k cells per unit (spec 21.1).
    f = gradnoise.Field("opensimplex2s", erosion=3, erosion_scale=0.25)
    first = -(2**41) + 3
    e = f.chunk_erosion_coordinates(first, 4, 1 / 32)
    assert e.dtype == np.float32 and e.shape == (3, 4)
    for k in range(3):
        want = [((s * 4 * 2**k) % (32 * 256)) / 32 for s in range(first, first + 4)]
        assert e[k].tolist() == want, k
    assert gradnoise.Field().chunk_erosion_coordinates(0, 4, 1.0).shape == (0, 4)
    assert "_erode(" in f.shader_source(2, gradient=True)
    with pytest.raises(ValueError, match=r"spacing must be finite"):
        f.chunk_erosion_coordinates(0, 4, 0.0)


def test_graph_shader_source_is_the_cli_text(cli, tmp_path):
    from gradnoise.graph import Graph, field

    g = (field(basis="value", seed=3).fractal("ridged", octaves=3) * 0.5 + field(basis="cellular")).terrace(steps=4)
    path = tmp_path / "g.json"
    g.save(path, dimensions=3)
    text = Graph.load(path).shader_source(name="rocks", gradient=True)
    r = subprocess.run([cli.path, "shader", f"--graph={path}", "--name=rocks", "--gradient"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert text == r.stdout
    assert "float rocks(vec3 p) {" in text and "float rocks_gradient(vec3 p, out vec3 d) {" in text
    assert g.shader_source(2) .startswith("// gradnoise ")
    with pytest.raises(ValueError, match=r"options.gradient: graph node '.*' \(field\) has no gradient"):
        field(pattern="marble").shader_source(2, gradient=True)
