"""bench/python_bench.py --thread-probe: where the binding's fixed cost per call goes."""

import numpy as np

from python_bench_timing import median, time_rep
from python_bench_workloads import F32, GRID_ORIGIN, GRID_SHAPE, GRID_STEP


def thread_probe(p, isas, rounds, min_time):
    """--thread-probe: where the binding's fixed cost per call goes. The library's own
    Noise::fill_grid_2d(grid, out) (Perlin's table, no options: the call gradnoise_bench times),
    called through ctypes from the extension's exported C++ symbols, on the calling thread, on a
    new thread per call (what the binding does for 2^16 samples or more) and handed to one
    persistent worker thread, against field.grid(..., out=out)."""
    import ctypes as C
    import queue
    import threading

    import gradnoise

    try:
        lib = C.CDLL(gradnoise._gradnoise.__file__)
        ctor = lib._ZN9gradnoise5NoiseC1Ev  # gradnoise::Noise::Noise()
        fill = lib._ZNK9gradnoise5Noise12fill_grid_2dERKNS_6Grid2dEPfm  # fill_grid_2d(const Grid2d&, float*, size_t) const
    except (OSError, AttributeError) as e:
        p(f"(thread probe skipped: {e})")
        return

    class Status(C.Structure):
        _fields_ = [("code", C.c_int), ("message", C.c_char_p)]

    class Grid2d(C.Structure):
        _fields_ = [("ox", C.c_float), ("oy", C.c_float), ("sx", C.c_float), ("sy", C.c_float),
                    ("nx", C.c_size_t), ("ny", C.c_size_t)]

    ctor.argtypes, ctor.restype = [C.c_void_p], None
    fill.argtypes, fill.restype = [C.c_void_p, C.POINTER(Grid2d), C.c_void_p, C.c_size_t], Status
    noise = C.create_string_buffer(4096)  # a gradnoise::Noise (a shared_ptr), never destroyed
    ctor(noise)
    grid = Grid2d(GRID_ORIGIN[0], GRID_ORIGIN[1], GRID_STEP, GRID_STEP, GRID_SHAPE[1], GRID_SHAPE[0])
    out = np.empty(GRID_SHAPE, dtype=F32)
    perlin = gradnoise.Field()

    def direct():
        st = fill(noise, grid, out.ctypes.data, 0)
        if st.code != 0:
            raise RuntimeError(st.message)

    def fresh():
        t = threading.Thread(target=direct)
        t.start()
        t.join()

    jobs, done = queue.Queue(), queue.Queue()

    def worker():
        while True:
            jobs.get()
            direct()
            done.put(1)

    threading.Thread(target=worker, daemon=True).start()

    def persistent():
        jobs.put(1)
        done.get()

    direct()
    if not np.array_equal(out.view(np.uint32), perlin.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP).view(np.uint32)):
        raise SystemExit("thread probe: the ctypes fill differs from field.grid")
    cases = [("calling thread", direct), ("a new thread per call", fresh), ("one persistent worker", persistent),
             ("field.grid(..., out=out)", lambda: perlin.grid(GRID_SHAPE, origin=GRID_ORIGIN, step=GRID_STEP, out=out))]
    p(f"### Where the fixed cost goes: perlin2/grid1024, the library's fill_grid_2d (ctypes) on three threads "
      f"and the binding (median of {rounds} interleaved repetitions, ms; ratio to the calling thread)")
    p()
    p("| ISA | " + " | ".join(k for k, _ in cases) + " |")
    p("|---|" + "---:|" * len(cases))
    for isa in isas:
        gradnoise.force_isa(isa)
        times = {k: [] for k, _ in cases}
        for _ in range(rounds):
            for k, fn in cases:
                times[k].append(time_rep(fn, min_time))
        m = {k: median(v) for k, v in times.items()}
        base = m["calling thread"]
        p(f"| {isa} | " + " | ".join(f"{v * 1e3:.3f} ({v / base:.3f})" for v in m.values()) + " |")
    gradnoise.reset_isa()
    p()
