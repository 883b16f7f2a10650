"""Composable fields: graphs of nodes, built in code or read from graph files (docs/graphs.md).

>>> import gradnoise
>>> from gradnoise import graph as g
>>> mask = g.field(seed=1, fractal="fbm", octaves=3, frequency=0.3).remap((-0.05, 0.25), (0, 1)).clamp(0, 1)
>>> mountains = g.field(seed=2).warp(by=g.field(basis="opensimplex2", seed=3), strength=0.5).fractal("ridged", octaves=6)
>>> hills = g.field(basis="opensimplex2s", seed=4, fractal="fbm", octaves=4, frequency=2)
>>> terrain = mask * mountains.terrace(steps=6, smoothness=0.3) + 0.2 * hills
>>> height = terrain.grid((512, 512), step=1 / 64)       # float32, the same bits as `gradnoise bake --graph`
>>> terrain.save("terrain.json"); gradnoise.Graph.load("terrain.json")

Every node type, its inputs and parameters come from the library's one table
(``gradnoise.Graph.schema()``): the methods and functions below are generated from it, the C++
reader checks every value, and its messages name the node, its type and the parameter. A Python
expression is compiled by the library when first evaluated (per dimension count) and cached.
"""

from __future__ import annotations

import json
import keyword
import numbers

import numpy as np

from . import _gradnoise as _native

SCHEMA = json.loads(_native.graph_schema())
FORMAT_VERSION = _native.graph_format_version
_SPECS = {n["type"]: n for n in SCHEMA["nodes"]}
_FIELD_PARAMETERS = tuple(p["name"] for p in SCHEMA["field_parameters"])


class Graph:
    """A node of a graph: a field of 2, 3 or 4 coordinates made of other nodes.

    Build with the module's functions (``field``, ``constant``, ``coordinate``, ``lerp``,
    ``select``, ``add``, ``min``, ...), the methods of a node (``.fractal``, ``.warp``,
    ``.terrace``, ``.scale``, ...) and the operators ``+ - * -x abs()`` (numbers become constants);
    read with ``Graph.load(path)`` / ``Graph.from_json(text)``. Evaluate like a Field:
    ``g(x, y[, z[, w]])`` and ``g.grid(shape, origin, step)`` (float32). Graphs are immutable and
    may be shared between expressions (a node used twice is one node in the file).
    """

    __slots__ = ("_type", "_inputs", "_params", "_name", "_dims", "_compiled")

    def __init__(self, type_, inputs=None, params=None, name=None, dims=None):
        if type_ not in _SPECS:
            raise ValueError(f"unknown node type {type_!r} (the types are {', '.join(_SPECS)})")
        object.__setattr__(self, "_type", type_)
        object.__setattr__(self, "_inputs", dict(inputs or {}))
        object.__setattr__(self, "_params", dict(params or {}))
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_dims", dims)  # fixed for a graph read from a file
        object.__setattr__(self, "_compiled", {})

    def __setattr__(self, name, value):
        raise AttributeError("graphs are immutable: build a new node instead")

    # ---- reading and writing ----

    @staticmethod
    def schema() -> dict:
        """Every node type and parameter (the library's table) as a dict."""
        return json.loads(json.dumps(SCHEMA))

    @classmethod
    def from_json(cls, text: str) -> "Graph":
        """A graph file's text -> its output node (validated by the library: ValueError names the node)."""
        core = _core(text)
        doc = json.loads(core.to_json())
        named = {}

        def build(value, where):
            if isinstance(value, str):
                if value not in named:
                    named[value] = None  # (cycles are refused by the library before this runs)
                    named[value] = build(doc["nodes"][value], value)
                    object.__setattr__(named[value], "_name", value)
                return named[value]
            if isinstance(value, (int, float)):
                return constant(value)
            spec = _SPECS[value["type"]]
            inputs, params = {}, {}
            for key, v in value.items():
                if key == "type":
                    continue
                inp = next((i for i in spec["inputs"] if i["name"] == key), None)
                if inp is not None:
                    inputs[key] = [build(x, where) for x in v] if isinstance(v, list) and inp["max"] > 1 else build(v, where)
                else:
                    params[key] = v
            return Graph(value["type"], inputs, params)

        out = build(doc["output"], "output")
        result = Graph(out._type, out._inputs, out._params, out._name, doc.get("dimensions", 2))
        result._compiled[result._dims] = core
        return result

    @classmethod
    def load(cls, path) -> "Graph":
        with open(path, encoding="utf-8") as f:
            return cls.from_json(f.read())

    def to_json(self, dimensions: int | None = None) -> str:
        """The graph file's canonical text (the library's), for `dimensions` (default: the file's, else 2)."""
        return self._core(self._dimensions(dimensions)).to_json()

    def save(self, path, dimensions: int | None = None) -> None:
        """Writes the graph file (to a temporary name, then renamed)."""
        import os
        import tempfile

        text = self.to_json(dimensions)
        folder = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(prefix=".graph-", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    # ---- evaluation ----

    def __call__(self, x, y, z=None, w=None, *, out=None, threads=1, progress=None):
        """The graph at points (float32), like ``Field(...)``: coordinates broadcast to one shape."""
        return self._points((x, y, z, w), False, out, threads, progress)

    def gradient(self, x, y, z=None, w=None, *, out=None, threads=1, progress=None):
        """The value and its analytic gradient at points, shape (1 + dims, *shape), like ``Field.gradient``.

        Forward through the nodes by the chain rule (spec 19.6); ValueError naming the node when a
        field of the graph has no gradient (a pattern)."""
        return self._points((x, y, z, w), True, out, threads, progress)

    def gradient_refusal(self, dimensions: int | None = None) -> str:
        """Why the graph has no gradient ("graph node 'x' (field) has no gradient: ..."), or ""."""
        return self._core(self._dimensions(dimensions)).gradient_refusal()

    def shader_source(self, dimensions: int | None = None, name: str = "gn_field", gradient: bool = False) -> str:
        """GLSL 4.30 of the graph (docs/gpu.md): ``float name(vecN p)`` returns on the GPU the bits the
        graph returns on the CPU; with ``gradient=True`` also ``float name_gradient(vecN p, out vecN d)``.
        `dimensions` as :meth:`to_json`. ValueError names the node when a gradient is asked of a graph
        without one."""
        return self._core(self._dimensions(dimensions)).shader_source(str(name), bool(gradient))

    def _points(self, coords, gradient, out, threads, progress):
        from . import _coordinates, _make_out, _progress, _threads, _translate

        x, y, z, w = coords
        coords = [c for c in coords if c is not None]
        if z is None and w is not None:
            raise TypeError("w needs z: call graph(x, y, z, w)")
        core = self._core(self._dimensions(len(coords), given=True))
        if gradient and core.gradient_refusal():
            raise ValueError(core.gradient_refusal())
        arrays, shape = _coordinates(coords, np.float32)
        full = (len(coords) + 1,) + shape if gradient else shape
        result, given = _make_out(out, full, np.float32)
        target = result
        if given and any(np.may_share_memory(result, a) for a in arrays):
            target = np.empty(full, dtype=np.float32)
        planes = [target[i, ...] for i in range(full[0])] if gradient else [target]
        try:
            core.evaluate(arrays, planes, gradient, _threads(threads), _progress(progress))
        except ValueError as e:
            raise ValueError(_translate(str(e))) from None
        if target is not result:
            result[...] = target
        return result[()] if result.ndim == 0 and not given else result

    def grid(self, shape, origin=0.0, step=1.0, *, gradient=False, out=None, threads=1, progress=None):
        """The graph on a regular grid (float32), like ``Field.grid``: (ny, nx), (nz, ny, nx) or 4D;
        gradient=True: shape (1 + dims, *shape), value and partial derivatives."""
        from . import _per_axis, _progress, _real, _shape, _threads

        shape = _shape(shape, (2, 3, 4))
        dims = len(shape)
        core = self._core(self._dimensions(dims, given=True))
        origin = _per_axis("origin", origin, dims, _real)
        step = _per_axis("step", step, dims, _real)
        for i, o in enumerate(origin):
            if not np.isfinite(np.float32(o)):
                raise ValueError(f"origin[{i}] ({'xyzw'[i]}) must be finite in float32 (got {o})")
        for i, s in enumerate(step):
            r = np.float32(s)
            if not np.isfinite(r) or r == 0.0:
                raise ValueError(f"step[{i}] ({'xyzw'[i]}) must be finite and non-zero in float32 (got {s})")
        threads, progress = _threads(threads), _progress(progress)
        if gradient and core.gradient_refusal():
            raise ValueError(core.gradient_refusal())
        if dims == 4:
            axes = []
            for a in range(dims):
                n = shape[dims - 1 - a]
                line = np.float32(origin[a]) + np.arange(n, dtype=np.float32) * np.float32(step[a])
                axes.append(line.reshape((n,) + (1,) * a))
            method = self.gradient if gradient else self
            return method(*axes, out=out, threads=threads, progress=progress)
        return _fill(core, shape, gradient, out, origin, step, [], 1.0, threads, progress)

    def chunk(self, shape, first=0, spacing=1.0, *, gradient=False, out=None, threads=1, progress=None):
        """A chunk of an unbounded world, (ny, nx) or (nz, ny, nx): sample (sx, sy) at
        (float(double(sx) * double(spacing)), ...) (spec 19.8), so chunks of one world join bit for bit.
        first: the sample numbers of element [0, 0] in coordinate order; gradient, out, threads,
        progress as for ``grid``."""
        from . import _integer, _per_axis, _progress, _real, _rounded, _shape, _threads

        shape = _shape(shape, (2, 3))
        dims = len(shape)
        core = self._core(self._dimensions(dims, given=True))
        first = _per_axis("first", first, dims, lambda n, v: _integer(n, v, -(1 << 63), (1 << 63) - 1))
        spacing = _real("spacing", spacing)
        s32 = _rounded(spacing, False)
        if not np.isfinite(s32) or s32 <= 0.0:
            raise ValueError(f"spacing must be finite and > 0 in float32 (got {spacing})")
        if gradient and core.gradient_refusal():
            raise ValueError(core.gradient_refusal())
        return _fill(core, shape, gradient, out, [0.0] * dims, [1.0] * dims, first, spacing, _threads(threads),
                     _progress(progress))

    def reference(self, x, y, z=None, w=None) -> float:
        """One point through the scalar reference: the graph node by node, as the spec writes it."""
        p = [float(c) for c in (x, y, z, w) if c is not None]
        return float(np.float32(self._core(self._dimensions(len(p), given=True)).reference(p)))

    @property
    def dimensions(self):
        """The file's dimensions for a graph read from one; None for one built in code (any)."""
        return self._dims

    def program_size(self, dimensions: int | None = None) -> int:
        """Operations per sample in the compiled program."""
        return self._core(self._dimensions(dimensions)).program_size()

    # ---- composition ----

    def __add__(self, other):
        return add(self, other)

    def __radd__(self, other):
        return add(other, self)

    def __sub__(self, other):
        return subtract(self, other)

    def __rsub__(self, other):
        return subtract(other, self)

    def __mul__(self, other):
        return multiply(self, other)

    def __rmul__(self, other):
        return multiply(other, self)

    def __neg__(self):
        return negate(self)

    def __abs__(self):
        return Graph("abs", {"input": self})

    def __repr__(self):
        return f"gradnoise.Graph({self._type!r}{', ' + repr(self._name) if self._name else ''})"

    def __getattr__(self, name):
        # node.fractal(...), node.warp(...), node.terrace(...): the node types whose first input is
        # `input`, with this node as it.
        spec = _SPECS.get(name)
        if spec is None or not spec["inputs"] or spec["inputs"][0]["name"] != "input":
            raise AttributeError(name)
        positional = [p["name"] for p in spec["params"]] + [i["name"] for i in spec["inputs"][1:]]

        def method(*args, name=None, **kwargs):
            if len(args) > len(positional):
                raise TypeError(f"{spec['type']}() takes at most {len(positional)} positional arguments")
            kwargs.update(zip(positional, args))
            return _make(spec["type"], dict(kwargs, input=self), name)

        method.__doc__ = spec["help"]
        return method

    # ---- internals ----

    def _dimensions(self, dims, given=False):
        if self._dims is not None:
            if given and dims != self._dims:
                raise ValueError(f"this graph has {self._dims} dimensions; the call gave {dims} coordinates")
            return self._dims
        dims = 2 if dims is None else dims
        if dims not in (2, 3, 4):
            raise ValueError(f"dimensions must be 2, 3 or 4 (got {dims})")
        return dims

    def _core(self, dims):
        core = self._compiled.get(dims)
        if core is None:
            core = _core(json.dumps(self._document(dims)))
            self._compiled[dims] = core
        return core

    def _document(self, dims):
        """The graph file for this expression: shared and named nodes by name, the rest inline."""
        uses = {}

        def count(node):
            uses[id(node)] = uses.get(id(node), 0) + 1
            if uses[id(node)] == 1:
                for v in node._inputs.values():
                    for c in v if isinstance(v, list) else [v]:
                        count(c)

        count(self)
        names, nodes = {}, {}

        def ref(node):
            if id(node) in names:
                return names[id(node)]
            if node._type == "constant" and node._name is None:
                return node._params.get("value", 0)
            body = {"type": node._type}
            for k, v in node._inputs.items():
                body[k] = [ref(c) for c in v] if isinstance(v, list) else ref(v)
            body.update(node._params)
            if uses[id(node)] > 1 or node._name is not None:
                name = node._name or f"n{len(nodes) + 1}"
                while name in nodes:
                    name += "_"
                names[id(node)] = name
                nodes[name] = body
                return name
            return body

        out = ref(self)
        return {"gradnoise_graph": FORMAT_VERSION, "dimensions": dims, "nodes": nodes, "output": out}


def _fill(core, shape, gradient, out, origin, step, first, spacing, threads, progress):
    """A float32 grid (first empty) or chunk through the library's fills, in place where out allows."""
    from . import _grid_ready, _make_out

    dims = len(shape)
    full = (dims + 1,) + shape if gradient else shape
    result, _ = _make_out(out, full, np.float32)
    if result.size == 0:
        return result
    target = result if _grid_ready(result) else np.empty(full, dtype=np.float32)
    planes = [target[i, ...] for i in range(dims + 1)] if gradient else [target]
    core.fill(origin, step, first, spacing, planes, threads, progress)
    if target is not result:
        result[...] = target
    return result


def _core(text):
    try:
        return _native.GraphCore(text)
    except ValueError as e:
        raise ValueError(str(e)) from None


def _node(value):
    if isinstance(value, Graph):
        return value
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return constant(float(value))
    raise TypeError(f"a graph input must be a Graph or a real number (got {value!r})")


def _make(type_, kwargs, name=None):
    spec = _SPECS[type_]
    inputs, params = {}, {}
    for key, value in kwargs.items():
        if key.endswith("_") and keyword.iskeyword(key[:-1]):
            key = key[:-1]  # remap(from_=...): "from" is a Python keyword
        inp = next((i for i in spec["inputs"] if i["name"] == key), None)
        if inp is not None:
            if isinstance(value, (list, tuple)) and inp["max"] > 1:
                inputs[key] = [_node(v) for v in value]
            else:
                inputs[key] = _node(value)
        elif type_ == "field" and key in _FIELD_PARAMETERS or any(p["name"] == key for p in spec["params"]):
            if isinstance(value, tuple):
                value = list(value)
            if isinstance(value, list) and value and isinstance(value[0], tuple):
                value = [list(v) for v in value]
            params[key] = value
        else:
            keys = [i["name"] for i in spec["inputs"]] + [p["name"] for p in spec["params"]]
            if type_ == "field":
                keys += list(_FIELD_PARAMETERS)
            raise TypeError(f"{type_}() got an unexpected keyword {key!r} (its keywords are {', '.join(keys)})")
    return Graph(type_, inputs, params, name)


def _function(spec):
    list_input = spec["inputs"] and spec["inputs"][0]["max"] > 1

    if list_input:

        def f(*inputs, name=None):
            if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)):
                inputs = tuple(inputs[0])
            return _make(spec["type"], {"inputs": list(inputs)}, name)

    else:
        order = [i["name"] for i in spec["inputs"]] + [p["name"] for p in spec["params"]]

        def f(*args, name=None, **kwargs):
            if len(args) > len(order):
                raise TypeError(f"{spec['type']}() takes at most {len(order)} positional arguments")
            kwargs.update(zip(order, args))
            return _make(spec["type"], kwargs, name)

    f.__name__ = spec["type"]
    f.__doc__ = spec["help"]
    return f


# One function per node type, from the table: field(**params), constant(value), coordinate(axis),
# add(*inputs), subtract(a, b), lerp(a, b, t), select(a, b, control, threshold=, falloff=), ...
for _spec in SCHEMA["nodes"]:
    globals()[_spec["type"]] = _function(_spec)
del _spec

__all__ = ["Graph", "SCHEMA", "FORMAT_VERSION"] + [n["type"] for n in SCHEMA["nodes"]]
