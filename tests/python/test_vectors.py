"""The conformance vectors (conformance/vectors.txt, docs/conformance.md) through the Python package: every
field made from its lines' NAME=TEXT settings as Field keywords, every sample through the call a user makes
(points, gradients, chunks, float64), on every ISA this CPU runs, bit for bit."""
import numpy as np
import pytest

import gradnoise
from conftest import ROOT, assert_same_bits

VECTORS = ROOT / "conformance" / "vectors.txt"


def read_vectors():
    fields = []
    for line in VECTORS.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        kind, *tokens = line.split(" ")
        if kind == "field":
            fields.append((line, dict(t.split("=", 1) for t in tokens), {}))
        else:
            fields[-1][2].setdefault(kind, []).append(tokens)
    return fields


def keywords(settings):
    """Field(**keywords) from the file's texts, typed by the parameter table (Field's schema)."""
    schema = gradnoise._FIELD_SCHEMA
    kw, axes = {}, {}
    for name, text in settings.items():
        p = schema[name]
        if p["axis_of"]:
            axes.setdefault(p["axis_of"], {})[name] = int(text)
        elif p["kind"] == "choice":
            kw[name] = text
        elif p["kind"] == "seed":
            kw[name] = None if text == "reference" else int(text, 0)
        elif p["kind"] == "integer":
            kw[name] = int(text)
        else:
            kw[name] = float(text)
    for axis, values in axes.items():
        kw[axis] = tuple(values.get(n, 0) for n in gradnoise._AXES[axis])
    return kw


def f32(tokens):
    return np.array([int(t, 16) for t in tokens], dtype=np.uint32).view(np.float32)


def f64(tokens):
    return np.array([int(t, 16) for t in tokens], dtype=np.uint64).view(np.float64)


FIELDS = read_vectors()


def test_the_file_has_every_field():
    assert len(FIELDS) >= 30
    assert FIELDS[0][1] == {}  # Ken Perlin's field first


@pytest.mark.parametrize("isa", gradnoise.supported_isas())
@pytest.mark.parametrize("head,settings,samples", FIELDS, ids=[f[0] for f in FIELDS])
def test_every_sample_bit_for_bit(head, settings, samples, isa, restore_isa):
    gradnoise.force_isa(isa)
    field = gradnoise.Field(**keywords(settings))
    for kind, lines in samples.items():
        dims = int(kind[-1])
        cols = list(zip(*lines))
        if kind.startswith("value"):
            got = field(*[f32(c) for c in cols[:dims]])
            assert_same_bits(got, f32(cols[dims]), f"{head}: {kind} ({isa})")
        elif kind.startswith("gradient"):
            got = field.gradient(*[f32(c) for c in cols[:dims]])
            for k in range(dims + 1):
                assert_same_bits(got[k], f32(cols[dims + k]), f"{head}: {kind} output {k} ({isa})")
        elif kind.startswith("chunk"):
            for t in lines:
                first = [int(v) for v in t[:dims]]
                spacing = float(f32([t[dims]])[0])
                got = field.chunk((1,) * dims, first, spacing, level=int(t[dims + 1]))
                assert_same_bits(got.reshape(1), f32([t[dims + 2]]), f"{head}: {kind} at {first} ({isa})")
        elif kind.startswith("double"):
            got = field(*[f64(c) for c in cols[:dims]], dtype=np.float64)
            assert_same_bits(got, f64(cols[dims]), f"{head}: {kind} ({isa})")
        else:
            pytest.fail(f"unknown line kind {kind}")
