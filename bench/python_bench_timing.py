"""bench/python_bench.py's measuring: timing loops, gradnoise_bench's own times for a workload,
pinning to a core, and the machine and compilers a report names."""

import json
import os
import platform
import re
import statistics
import subprocess
import time


def no_build_running():
    """True when no compiler is running (a build on a 2-core VM would halve every figure)."""
    try:
        out = subprocess.run(["pgrep", "-f", "ninja|cc1plus"], capture_output=True, text=True).stdout
    except OSError:
        return True
    return out.strip() == ""


def time_rep(fn, min_time):
    """One repetition: the mean time of the calls of fn() that fit in min_time (at least one)."""
    calls = 0
    t0 = time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= min_time:
            return elapsed / calls


def time_reps(fn, reps, min_time, warmup=True):
    if warmup:
        fn()
    return [time_rep(fn, min_time) for _ in range(reps)]


def cpp_reps(bench, name, reps, min_time):
    """Per-repetition real_time (seconds) of one gradnoise_bench workload, from its JSON."""
    cmd = [bench, f"--benchmark_filter=^{re.escape(name)}$", f"--benchmark_repetitions={reps}",
           f"--benchmark_min_time={min_time}", "--benchmark_format=json"]
    res = subprocess.run(cmd, capture_output=True, text=True, check=True)
    data = json.loads(res.stdout)
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    out = [b["real_time"] * scale[b["time_unit"]] for b in data["benchmarks"]
           if b.get("run_type") == "iteration" and b["name"] == name]
    if not out:
        raise RuntimeError(f"{name}: no result from {bench} ({data['benchmarks'][:1]})")
    for b in data["benchmarks"]:
        if "error_occurred" in b:
            raise RuntimeError(f"{name}: {b.get('error_message')}")
    return out, data.get("context", {})


def median(xs):
    return statistics.median(xs)


def pin(cpu):
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})


def unpin(all_cpus):
    os.sched_setaffinity(0, all_cpus)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def compiler_of(path):
    """The compiler recorded in a binary's .comment section (GCC writes 'GCC: (Debian 12.2.0-14) 12.2.0')."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    found = sorted(set(m.decode(errors="replace") for m in re.findall(rb"GCC: \([^)]*\) [0-9][0-9.]*", data)))
    clang = re.findall(rb"clang version [0-9][0-9.]*", data)
    if clang:
        found.append(clang[0].decode())
    return "; ".join(found) if found else None
