#!/usr/bin/env python3
"""Distributed bakes with gradnoise.dask: throughput on 1 and 2 worker processes, and a bake bigger
than comfortable (65536 x 65536 uint16 to Zarr on disk) with each worker's peak memory.

    PYTHONPATH=build/release/python /usr/bin/python3 bench/dask_bench.py            # throughput
    PYTHONPATH=build/release/python /usr/bin/python3 bench/dask_bench.py --huge     # + 65536^2
    ... --quick                                                                     # CI smoke run

Every cluster is a scheduler and single-threaded worker processes on 127.0.0.1 (distributed's
LocalCluster with processes=True), started and stopped here. The field is the terrain world's:
OpenSimplex2S fBm, 8 octaves. Figures: medians of --rounds runs; samples/s = samples / wall time of
the whole bake (graph submission to the last chunk on disk); MB/s = bytes of the finished store on
disk / wall time (and the raw uint16 bytes / wall time).
"""

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import gradnoise
import gradnoise.dask as gd

FIELD = gradnoise.Field(basis="opensimplex2s", fractal="fbm", octaves=8, persistence=0.55, lacunarity=2.1, seed=1234)


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def du(path):
    total = 0
    for root, _, files in os.walk(path):
        for f in files:
            total += os.path.getsize(os.path.join(root, f))
    return total


def peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def bake(workers, side, chunk, directory, rounds):
    from distributed import Client, LocalCluster
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None, memory_limit="6GB") as cluster, Client(cluster) as client:
        client.run(lambda: gradnoise.active_isa())  # workers up, gradnoise imported
        arr = gd.grid(FIELD, (side, side), step=1 / 4096, chunks=chunk, dtype="uint16", value_range=(-0.6, 0.6))
        times, stored = [], 0
        for _ in range(rounds):
            path = os.path.join(directory, f"bench-{workers}.zarr")
            if os.path.exists(path):
                shutil.rmtree(path)
            t0 = time.perf_counter()
            gd.to_zarr(arr, path)
            times.append(time.perf_counter() - t0)
            stored = du(path)
            shutil.rmtree(path)
        peaks = client.run(peak_rss_mb)
        wall = statistics.median(times)
        samples = side * side
        return {
            "workers": workers, "side": side, "chunk": chunk, "rounds": rounds, "seconds": times,
            "median_s": wall, "samples_per_s": samples / wall, "stored_bytes": stored,
            "stored_mb_per_s": stored / wall / 1e6, "raw_mb_per_s": samples * 2 / wall / 1e6,
            "worker_peak_rss_mb": sorted(peaks.values()), "client_peak_rss_mb": peak_rss_mb(),
        }


def one_core_rate(side=2048, rounds=5):
    """Samples/s of one block fill on this process, one thread (the per-core rate of the estimate)."""
    best = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        FIELD.grid((side, side), step=1 / 4096)
        best.append(time.perf_counter() - t0)
    return side * side / statistics.median(best)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="a small smoke run (CI): 2048^2, 1 round")
    ap.add_argument("--huge", action="store_true", help="also the 65536 x 65536 uint16 bake (about 6 GB on disk)")
    ap.add_argument("--huge-side", type=int, default=65536, help="side of the --huge bake (131072: 34 GB raw, 24 GB on disk)")
    ap.add_argument("--skip-throughput", action="store_true", help="only the --huge bake")
    ap.add_argument("--side", type=int, default=16384, help="side of the throughput bake (default 16384)")
    ap.add_argument("--chunk", type=int, default=1024, help="block side (default 1024)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dir", default=None, help="where the stores go (default: a temporary directory)")
    ap.add_argument("--json", default=None, help="write the results here")
    args = ap.parse_args()
    if args.quick:
        args.side, args.rounds, args.chunk = 2048, 1, 512
    directory = args.dir or tempfile.mkdtemp(prefix="gradnoise-dask-bench-")
    os.makedirs(directory, exist_ok=True)
    report = {"cpu": cpu_name(), "cores": os.cpu_count(), "isa": gradnoise.active_isa(), "python": platform.python_version(),
              "field": FIELD.params, "results": []}
    try:
        rate = one_core_rate(1024 if args.quick else 2048)
        report["one_core_samples_per_s"] = rate
        print(f"{report['cpu']}, {report['cores']} cores, isa {report['isa']}: one core fills {rate / 1e6:.1f} M samples/s")
        for workers in () if args.skip_throughput else (1, 2):
            r = bake(workers, args.side, args.chunk, directory, args.rounds)
            report["results"].append(r)
            print(f"{args.side}^2 uint16 -> Zarr, {workers} worker(s): {r['median_s']:.2f} s, "
                  f"{r['samples_per_s'] / 1e6:.1f} M samples/s, {r['stored_mb_per_s']:.0f} MB/s stored "
                  f"({r['raw_mb_per_s']:.0f} MB/s raw), worker peak RSS {r['worker_peak_rss_mb']} MB")
        if args.huge:
            r = bake(2, args.huge_side, 4096, directory, 1)
            r["kind"] = "huge"
            report["results"].append(r)
            print(f"{args.huge_side}^2 uint16 -> Zarr, 2 workers: {r['median_s']:.1f} s, {r['samples_per_s'] / 1e6:.1f} M samples/s, "
                  f"{r['stored_bytes'] / 1e9:.2f} GB stored, worker peak RSS {r['worker_peak_rss_mb']} MB, "
                  f"client {r['client_peak_rss_mb']:.0f} MB")
    finally:
        if args.dir is None:
            shutil.rmtree(directory, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(report, fh, indent=1, default=str)
    if args.quick:
        r1, r2 = report["results"][:2]
        assert r1["samples_per_s"] > 0 and r2["samples_per_s"] > 0


if __name__ == "__main__":
    main()
