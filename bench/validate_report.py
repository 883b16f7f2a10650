#!/usr/bin/python3
"""Validates `gradnoise bench --json` reports against docs/bench-report.schema.json (JSON Schema
2020-12, Debian python3-jsonschema), and checks what a schema cannot say: the ratios agree with
the rates they come from, and every kernel has a scalar result for every thread count.

    /usr/bin/python3 bench/validate_report.py REPORT.json [REPORT.json ...]

Exit status 0 when every report is valid; 1 (with the reasons on stderr) otherwise.
"""
import json
import math
import os
import sys

import jsonschema

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "bench-report.schema.json")


def consistency(report):
    problems = []
    for k in report["kernels"]:
        by = {}
        for r in k["results"]:
            key = (r["impl"], r["isa"], r["threads"])
            if key in by:
                problems.append(f"{k['name']}: two results for {key}")
            by[key] = r
            if r["samples_per_second"] != sorted(r["runs"])[len(r["runs"]) // 2] and len(r["runs"]) % 2 == 1:
                problems.append(f"{k['name']} {key}: samples_per_second is not the median of runs")
        for (impl, isa, threads), r in by.items():
            scalar = by.get(("gradnoise", "scalar", threads))
            if scalar is None:
                problems.append(f"{k['name']}: no scalar result at {threads} thread(s)")
                continue
            want = r["samples_per_second"] / scalar["samples_per_second"]
            if r["ratio_to_scalar"] is None or not math.isclose(r["ratio_to_scalar"], want, rel_tol=1e-9):
                problems.append(f"{k['name']} {impl}/{isa}/{threads}: ratio_to_scalar {r['ratio_to_scalar']} != {want}")
            stb = by.get(("stb_perlin", None, threads))
            if stb is not None:
                want = r["samples_per_second"] / stb["samples_per_second"]
                if r["ratio_to_stb"] is None or not math.isclose(r["ratio_to_stb"], want, rel_tol=1e-9):
                    problems.append(f"{k['name']} {impl}/{isa}/{threads}: ratio_to_stb {r['ratio_to_stb']} != {want}")
            elif r["ratio_to_stb"] is not None:
                problems.append(f"{k['name']}: ratio_to_stb without an stb_perlin result")
    return problems


def main(paths):
    with open(SCHEMA) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    for path in paths:
        with open(path) as f:
            report = json.load(f)
        errors = sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))
        problems = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in errors]
        if not errors:
            problems += consistency(report)
        if problems:
            bad += 1
            print(f"{path}: INVALID", file=sys.stderr)
            for p in problems[:20]:
                print(f"  {p}", file=sys.stderr)
        else:
            print(f"{path}: valid ({len(report['kernels'])} kernels)")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
