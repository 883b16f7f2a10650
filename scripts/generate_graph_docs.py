#!/usr/bin/env python3
"""Generates docs/graph-reference.md, python/gradnoise/graph.pyi and the Field keywords and types in
python/gradnoise/__init__.pyi from the library's tables of graph nodes (src/graph/node_types.cpp)
and field parameters (src/api/parameters.cpp), read through gradnoise.Graph.schema().

    PYTHONPATH=build/release/python /usr/bin/python3 scripts/generate_graph_docs.py          # write
    PYTHONPATH=build/release/python /usr/bin/python3 scripts/generate_graph_docs.py --check  # CI

--check fails (naming the file) when a generated file is not what the table gives: a node or
parameter added to the table without regenerating them.
"""
import argparse
import sys
from pathlib import Path

import gradnoise

ROOT = Path(__file__).resolve().parents[1]


def default_text(p):
    d = p.get("default")
    if d is None:
        return "(unset)"
    if isinstance(d, str):
        return f'"{d}"'
    if isinstance(d, float) and d.is_integer():
        return str(int(d)) if p["kind"] == "integer" else repr(d)
    return str(d).replace("'", "")


def allowed_text(p):
    if p["kind"] == "choice":
        return ", ".join(f'"{c}"' for c in p["choices"])
    if p["kind"] == "pairs":
        return "2..32 [x, y] pairs, x strictly increasing"
    if p["kind"] == "range":
        return "[lo, hi], lo != hi"
    if p["kind"] == "per_axis":
        return p["allowed"] + ", or one per axis"
    return p.get("allowed", "")


def reference_page(schema):
    lines = [
        "# Graph nodes and parameters",
        "",
        "Generated from the library's tables (`src/graph/node_types.cpp` for the nodes, `src/api/parameters.cpp`",
        "and `include/gradnoise/enumerations.h` for the field parameters, read through `gradnoise::Graph::schema()`)",
        "by `scripts/generate_graph_docs.py`; CI fails when this page is not what the tables give.",
        f"Format version {schema['format_version']}. The format itself, with examples:",
        "[graphs.md](graphs.md); every node's operations in order: [spec.md](spec.md) section 19.",
        "",
        "An input is a node's name (a string), a number (a constant node) or a node object written inline.",
        "",
    ]
    groups = {}
    for n in schema["nodes"]:
        groups.setdefault(n["group"], []).append(n)
    for group, nodes in groups.items():
        lines += [f"## {group.capitalize()}", ""]
        for n in nodes:
            lines += [f"### `{n['type']}`", "", n["help"][0].upper() + n["help"][1:] + ".", ""]
            if n["inputs"] or n["params"]:
                lines += ["| key | kind | default | allowed | what |", "|---|---|---|---|---|"]
                for i in n["inputs"]:
                    count = "a node" if i["max"] == 1 else f"{i['min']}..{i['max']} nodes"
                    lines.append(f"| `{i['name']}` | input | (required) | {count} | {i['help']} |")
                for p in n["params"]:
                    lines.append(f"| `{p['name']}` | {p['kind']} | {default_text(p)} | {allowed_text(p)} | {p['help']} |")
                lines.append("")
            if n["type"] == "field":
                lines += ["The field parameters (the names of the CLI's options and Python's keywords; a parameter",
                          "the rest of the field ignores -- octaves without a fractal -- is refused):", "",
                          "| key | kind | default | allowed | what |", "|---|---|---|---|---|"]
                for p in schema["field_parameters"]:
                    what = p["help"] + (f"; only with {p['needs']}" if p.get("needs") else "")
                    lines.append(f"| `{p['name']}` | {p['kind']} | {default_text(p)} | {allowed_text(p)} | {what} |")
                lines += ["", "The choices:", ""]
                for p in schema["field_parameters"]:
                    if p["kind"] == "choice":
                        items = "; ".join(f"`{c}`: {h}" for c, h in zip(p["choices"], p["choice_help"]))
                        lines.append(f"- `{p['name']}`: {items}.")
                lines.append("")
    return "\n".join(lines)


import keyword


def py_name(name):
    """A parameter's Python keyword: a Python keyword gets a trailing underscore (remap's from_)."""
    return name + "_" if keyword.iskeyword(name) else name


PY_TYPES = {"number": "float", "integer": "int", "choice": "str", "per_axis": "float | Sequence[float]",
            "pairs": "Sequence[Sequence[float]]", "range": "Sequence[float]", "seed": "int | None"}


def stub(schema):
    lines = [
        "# Generated from the library's table by scripts/generate_graph_docs.py: do not edit.",
        "from typing import Any, Optional, Sequence, Union",
        "",
        "import numpy as np",
        "",
        "Input = Union[\"Graph\", float]",
        "SCHEMA: dict",
        "FORMAT_VERSION: int",
        "",
        "class Graph:",
        "    @staticmethod",
        "    def schema() -> dict: ...",
        "    @classmethod",
        "    def from_json(cls, text: str) -> Graph: ...",
        "    @classmethod",
        "    def load(cls, path: Any) -> Graph: ...",
        "    def to_json(self, dimensions: Optional[int] = ...) -> str: ...",
        "    def save(self, path: Any, dimensions: Optional[int] = ...) -> None: ...",
        "    def __call__(self, x: Any, y: Any, z: Any = ..., w: Any = ..., *, out: Any = ..., threads: int = ...,"
        " progress: Any = ...) -> np.ndarray: ...",
        "    def grid(self, shape: Sequence[int], origin: Any = ..., step: Any = ..., *, gradient: bool = ...,"
        " out: Any = ..., threads: int = ..., progress: Any = ...) -> np.ndarray: ...",
        "    def gradient(self, x: Any, y: Any, z: Any = ..., w: Any = ..., *, out: Any = ..., threads: int = ...,"
        " progress: Any = ...) -> np.ndarray: ...",
        "    def gradient_refusal(self, dimensions: Optional[int] = ...) -> str: ...",
        "    def shader_source(self, dimensions: Optional[int] = ..., name: str = ..., gradient: bool = ...) -> str: ...",
        "    def chunk(self, shape: Sequence[int], first: Any = ..., spacing: float = ..., *, gradient: bool = ...,"
        " out: Any = ..., threads: int = ..., progress: Any = ...) -> np.ndarray: ...",
        "    def reference(self, x: float, y: float, z: Optional[float] = ..., w: Optional[float] = ...) -> float: ...",
        "    @property",
        "    def dimensions(self) -> Optional[int]: ...",
        "    def program_size(self, dimensions: Optional[int] = ...) -> int: ...",
        "    def __add__(self, other: Input) -> Graph: ...",
        "    def __radd__(self, other: Input) -> Graph: ...",
        "    def __sub__(self, other: Input) -> Graph: ...",
        "    def __rsub__(self, other: Input) -> Graph: ...",
        "    def __mul__(self, other: Input) -> Graph: ...",
        "    def __rmul__(self, other: Input) -> Graph: ...",
        "    def __neg__(self) -> Graph: ...",
        "    def __abs__(self) -> Graph: ...",
    ]
    for n in schema["nodes"]:  # the methods: node types whose first input is `input`
        if n["inputs"] and n["inputs"][0]["name"] == "input":
            args = [f"{py_name(p['name'])}: {PY_TYPES[p['kind']]} = ..." for p in n["params"]]
            args += [f"{i['name']}: Input | Sequence[Input] = ..." for i in n["inputs"][1:]]
            lines.append(f"    def {n['type']}(self, {', '.join(args + ['name: Optional[str] = ...'])}) -> Graph: ...")
    lines.append("")
    for n in schema["nodes"]:
        if n["type"] == "field":
            args = [f"{p['name']}: {PY_TYPES[p['kind']]} = ..." for p in schema["field_parameters"]]
            lines.append(f"def field(*, {', '.join(args + ['name: Optional[str] = ...'])}) -> Graph: ...")
        elif n["inputs"] and n["inputs"][0]["max"] > 1:
            lines.append(f"def {n['type']}(*inputs: Input, name: Optional[str] = ...) -> Graph: ...")
        else:
            args = [f"{i['name']}: Input" for i in n["inputs"]]
            args += [f"{py_name(p['name'])}: {PY_TYPES[p['kind']]} = ..." for p in n["params"]]
            lines.append(f"def {n['type']}({', '.join(args + ['name: Optional[str] = ...'])}) -> Graph: ...")
    return "\n".join(lines) + "\n"


def camel(name):
    return "".join(part.capitalize() for part in name.split("_"))


def field_types(schema):
    """The Literal types of the Field keywords that are choices: Basis, Fade, ..., CellularOutput."""
    lines = []
    for p in schema["field_parameters"]:
        if p["kind"] == "choice":
            lines.append(f"{camel(p['name'])} = Literal[{', '.join(repr(c).replace(chr(39), chr(34)) for c in p['choices'])}]")
    return lines


def field_keywords(schema):
    """Field.__init__'s signature and its read-only attributes, in the table's order."""
    sig, attrs = [], []
    seen = set()
    for p in schema["field_parameters"]:
        name = p["axis_of"] or p["name"]
        if name in seen:
            continue
        seen.add(name)
        if p["axis_of"]:
            sig.append(f"        {name}: PerAxisInt = 0,")
            attrs.append(f"    {name}: Tuple[int, ...]")
            continue
        d = p["default"]
        if p["kind"] == "choice":
            t, default, attr = camel(name), f'"{d}"', "str"
        elif p["kind"] == "seed":
            t, default, attr = "Optional[int]", "None", "Optional[int]"
        elif p["kind"] == "integer":
            t, default, attr = "int", str(int(d)), "int"
        elif name == "pattern_strength":
            t, default, attr = "Optional[float]", "None", "Optional[float]"
        else:
            t, default, attr = "float", repr(float(d)), "float"
        if name == "basis":
            sig = [f"        basis: {t} = {default},", "        *,"] + sig
        else:
            sig.append(f"        {name}: {t} = {default},")
        attrs.append(f"    {name}: {attr}")
    return ["    def __init__(", "        self,"] + sig + ["    ) -> None: ...", "    # The parameters, read-only."] + attrs


def with_block(text, begin, end, lines):
    a = text.index(begin) + len(begin)
    b = text.index(end)
    return text[:a] + "".join(line + "\n" for line in lines) + text[b:]


def init_stub(schema):
    path = ROOT / "python" / "gradnoise" / "__init__.pyi"
    text = path.read_text()
    text = with_block(text, "# ---- generated from the parameter table by scripts/generate_graph_docs.py ----\n",
                      "# ---- end of the generated types ----", field_types(schema))
    text = with_block(text, "    # ---- generated from the parameter table by scripts/generate_graph_docs.py ----\n",
                      "    # ---- end of the generated keywords ----", field_keywords(schema))
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a generated file is out of date")
    args = parser.parse_args()
    schema = gradnoise.Graph.schema()
    outputs = {ROOT / "docs" / "graph-reference.md": reference_page(schema) + "\n",
               ROOT / "python" / "gradnoise" / "graph.pyi": stub(schema),
               ROOT / "python" / "gradnoise" / "__init__.pyi": init_stub(schema)}
    stale = []
    for path, text in outputs.items():
        current = path.read_text() if path.exists() else None
        if current != text:
            if args.check:
                stale.append(str(path.relative_to(ROOT)))
            else:
                path.write_text(text)
                print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("generate_graph_docs.py: out of date (run it without --check): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
