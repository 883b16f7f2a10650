"""The package documents itself: docstrings that read like a manual, stubs, py.typed."""
from pathlib import Path

import gradnoise


def test_help_reads_like_a_manual():
    doc = gradnoise.Field.__doc__
    for word in ("basis", "seed", "octaves", "period", "warp", "pattern", "jitter", "picklable"):
        assert word in doc
    for method in (gradnoise.Field.__call__, gradnoise.Field.grid, gradnoise.Field.chunk, gradnoise.Field.gradient):
        assert method.__doc__ and len(method.__doc__) > 200
    stub = Path(gradnoise.__file__).with_suffix(".pyi")
    assert stub.exists() and "def grid(" in stub.read_text()
    assert (Path(gradnoise.__file__).parent / "py.typed").exists()
