"""The library's parameter table as gradnoise.Field's keywords: the enumerations' names, every
keyword's default, the library's message names translated to the keywords, and Field's help and
signature -- all read from the library's one table (Graph.schema(): gradnoise/parameters.hpp and
enumerations.h), nothing written twice here."""

from __future__ import annotations

import json as _json

from . import _gradnoise as _native

# The enumerations' names, in the library's order, from its one list (Graph.schema(): enumerations.h).
_FIELD_SCHEMA = {p["name"]: p for p in _json.loads(_native.graph_schema())["field_parameters"]}
BASES = tuple(_FIELD_SCHEMA["basis"]["choices"])
_SIMPLEX_FAMILY = 1  # gradnoise::BasisFamily::simplex (basis_family's value)
FRACTALS = tuple(_FIELD_SCHEMA["fractal"]["choices"])
FADES = tuple(_FIELD_SCHEMA["fade"]["choices"])
HASHES = tuple(_FIELD_SCHEMA["hash"]["choices"])
PATTERNS = tuple(_FIELD_SCHEMA["pattern"]["choices"])
CELLULAR_DISTANCES = tuple(_FIELD_SCHEMA["cellular_distance"]["choices"])
CELLULAR_OUTPUTS = tuple(_FIELD_SCHEMA["cellular_output"]["choices"])
ORIENTATIONS2 = tuple(_FIELD_SCHEMA["orientation2"]["choices"])
ORIENTATIONS3 = tuple(_FIELD_SCHEMA["orientation3"]["choices"])
ORIENTATIONS4 = tuple(_FIELD_SCHEMA["orientation4"]["choices"])

_CHOICES = {
    "basis": BASES,
    "fractal": FRACTALS,
    "fade": FADES,
    "hash": HASHES,
    "pattern": PATTERNS,
    "cellular_distance": CELLULAR_DISTANCES,
    "cellular_output": CELLULAR_OUTPUTS,
    "orientation2": ORIENTATIONS2,
    "orientation3": ORIENTATIONS3,
    "orientation4": ORIENTATIONS4,
}

# Field's keywords, in the table's order, with their defaults: every parameter of the library's
# table under its own name, except that the periods (period_x .. period_w) are one keyword, `period`,
# and pattern_strength None means the pattern's recipe strength (marble 4, wood 0.2).
_AXES = {}  # "period" -> ("period_x", ..., "period_w")
_DEFAULTS = {}
for _p in _FIELD_SCHEMA.values():
    if _p["axis_of"]:
        _AXES.setdefault(_p["axis_of"], ())
        _AXES[_p["axis_of"]] += (_p["name"],)
        _DEFAULTS[_p["axis_of"]] = (0,) * len(_AXES[_p["axis_of"]])
    else:
        _DEFAULTS[_p["name"]] = _p["default"]
_DEFAULTS["pattern_strength"] = None
del _p

# Library descriptor fields -> this package's keywords, for the library's messages (the table's
# member paths; the periods are one keyword here, four in the library).
_MESSAGE_NAMES = [("NoiseDesc: ", "")] + [
    (p["member"], p["name"]) for p in _FIELD_SCHEMA.values() if p["member"] != p["name"]
] + [
    ("simplex.orientation", "orientation"),
    ("period_x", "period[0] (x)"),
    ("period_y", "period[1] (y)"),
    ("period_z", "period[2] (z)"),
    ("period_w", "period[3] (w)"),
    ("periods on a simplex basis need", "period: periods on a simplex basis need"),
]


def _translate(message: str) -> str:
    for old, new in _MESSAGE_NAMES:
        message = message.replace(old, new)
    return message


# Field's keywords in help(), and the Parameters section of its docstring, from the table.
_PYTHON_NOTES = {
    "seed": "None: Ken Perlin's own permutation (his reference values). An integer in -2**63 .. 2**64-1 "
            "shuffles a table (and keys the mix hash, the simplex and cellular families); a negative seed is "
            "its 64-bit two's complement, as K.jpg's ``long`` seeds.",
    "pattern_strength": "None: the pattern's recipe strength.",
}


def _parameters_doc():
    import textwrap
    out = []
    for name, default in _DEFAULTS.items():
        if name in _AXES:
            axes = _AXES[name]
            p = _FIELD_SCHEMA[axes[0]]
            kind = f"int or sequence of up to {len(axes)} ints"
            text = (f"the lattice {name} per axis ({', '.join(a[len(name) + 1:] for a in axes)}), or one integer for "
                    f"every axis: each {p['allowed']}. The field repeats every {name} / frequency units; fractals then "
                    "need a power-of-two lacunarity. Not for the simplex bases.")
        else:
            p = _FIELD_SCHEMA[name]
            kind = {"choice": "str", "integer": "int", "number": "float", "seed": "int or None"}[p["kind"]]
            if p["kind"] == "choice":
                choices = "; ".join(f'"{c}": {h}' for c, h in zip(p["choices"], p["choice_help"]))
                text = f"{p['help']} (default \"{default}\"): {choices}."
            elif p["kind"] == "seed":
                text = f"{p['help']}."
            else:
                text = f"{p['help']}: {p['expects']}" + ("" if default is None else f" (default {default!r})") + "."
            if name == "pattern_strength" and default is None:
                kind = "float or None"
            if p.get("needs"):
                text += f" Only with {p['needs']}."
        if name in _PYTHON_NOTES:
            text += " " + _PYTHON_NOTES[name]
        out.append(f"{name} : {kind}")
        out += textwrap.wrap(text, 92, initial_indent="    ", subsequent_indent="    ")
    return "\n    ".join(out)


def _field_signature():
    import inspect
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
              inspect.Parameter("basis", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=_DEFAULTS["basis"])]
    params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=0 if name in _AXES else default)
               for name, default in _DEFAULTS.items() if name != "basis"]
    return inspect.Signature(params)
