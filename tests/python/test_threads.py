"""Threads, progress, cancelling and Ctrl-C: the bits never depend on the thread count; progress is
reported in order and ends at (total, total); False stops with CancelledError; a callback's
exception propagates; SIGINT stops a long evaluation promptly with KeyboardInterrupt.

Long evaluations are sized by timing a small one first, so the tests mean the same on fast and
slow machines; every test is bounded by the watchdog in conftest.py."""

import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from conftest import assert_same_bits

import gradnoise


def rows_for(fill, seconds, probe=32, cap=1 << 14):
    """Rows (of the fill's row width) that take about `seconds`, from the fastest of three timings
    of `probe` rows: a probe slowed by a busy machine (ctest runs tests side by side) would size
    the fill too small for the progress reports the tests wait for."""
    per_row = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fill(probe)
        per_row = min(per_row, max(time.perf_counter() - start, 1e-6) / probe)
    return int(min(cap, max(probe, seconds / per_row)))


WARPED = gradnoise.Field(fractal="fbm", octaves=4, seed=12, warp=1)
PLAIN = gradnoise.Field(fractal="ridged", octaves=4, seed=2)


PTS = np.random.default_rng(3).uniform(-100, 100, size=(3, 300_000)).astype(np.float32)

# What each evaluation computes, as a function of the thread count; each is big enough to split
# (1024 x 1024 grids, 300k points: several blocks per thread).
JOBS = {
    "grid 2D": lambda t: WARPED.grid((1024, 1024), step=0.01, threads=t),
    "grid 3D": lambda t: PLAIN.grid((16, 128, 256), step=0.05, threads=t),
    "grid gradient": lambda t: PLAIN.grid((512, 512), step=0.02, gradient=True, threads=t),
    "grid 4D": lambda t: PLAIN.grid((4, 16, 64, 256), step=0.05, threads=t),
    "grid float64": lambda t: PLAIN.grid((512, 512), step=0.02, dtype=np.float64, threads=t),
    "chunk 2D": lambda t: PLAIN.chunk((512, 600), first=(5, -7), spacing=0.25, threads=t),
    "chunk 3D": lambda t: PLAIN.chunk((16, 64, 300), first=(5, -7, 1), spacing=0.25, threads=t),
    "chunk gradient": lambda t: PLAIN.chunk((256, 300), first=(5, -7), spacing=0.25, gradient=True, threads=t),
    "points": lambda t: WARPED(*PTS, threads=t),
    "points strided": lambda t: PLAIN(PTS[0, ::2], PTS[1, ::-2], 0.5, threads=t),
    "points broadcast": lambda t: PLAIN(PTS[0, :600, None], PTS[1, None, :500], threads=t),
    "points float64": lambda t: PLAIN(*PTS.astype(np.float64), dtype=np.float64, threads=t),
    "points gradient": lambda t: PLAIN.gradient(*PTS, threads=t),
    "points curl": lambda t: PLAIN.curl(*PTS[:, :100_000], threads=t),
}

_single = {}


def single_threaded(name):
    if name not in _single:
        _single[name] = JOBS[name](1)
    return _single[name]


@pytest.mark.parametrize("threads", [0, 2, 3])
@pytest.mark.parametrize("job", list(JOBS))
def test_threads_give_the_same_bits(job, threads):
    assert_same_bits(JOBS[job](threads), single_threaded(job), f"{job}, threads={threads}")


def test_many_python_threads_share_a_field():
    """A field may be used from any number of threads at once (the GIL is released)."""
    field = gradnoise.Field(fractal="fbm", octaves=5, seed=1)
    expected = field.grid((256, 256), step=0.03)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: field.grid((256, 256), step=0.03), range(8)))
    for r in results:
        assert_same_bits(r, expected)


def test_the_gil_is_released_during_a_fill():
    field = gradnoise.Field(fractal="fbm", octaves=8, warp=2)
    rows = rows_for(lambda n: field.grid((n, 1024), step=0.01), 1.0)
    beats = []
    stop = threading.Event()

    def heartbeat():
        while not stop.is_set():
            beats.append(time.monotonic())
            time.sleep(0.005)

    t = threading.Thread(target=heartbeat)
    t.start()
    try:
        start = time.monotonic()
        field.grid((rows, 1024), step=0.01)
        end = time.monotonic()
    finally:
        stop.set()
        t.join(10)
    during = [b for b in beats if start <= b <= end]
    gaps = np.diff([start] + during + [end])
    assert gaps.max() < 0.4, f"another Python thread was blocked for {gaps.max():.2f} s of a {end - start:.2f} s fill"


# ---- progress ----
SLOW = gradnoise.Field(fractal="fbm", octaves=8, warp=2)
SLOW_CHUNK = gradnoise.Field(fractal="fbm", octaves=24)
PROGRESS_JOBS = {
    # name: (fill(rows, **kw), samples per row)
    "grid": (lambda n, **kw: SLOW.grid((n, 1024), step=0.01, **kw), 1024),
    "grid threads=2": (lambda n, **kw: SLOW.grid((n, 1024), step=0.01, threads=2, **kw), 1024),
    "grid 3D": (lambda n, **kw: SLOW.grid((n, 32, 32), step=0.05, **kw), 1024),
    "grid gradient": (lambda n, **kw: SLOW.grid((n, 1024), step=0.01, gradient=True, **kw), 1024),
    "chunk": (lambda n, **kw: SLOW_CHUNK.chunk((n, 1024), spacing=0.01, **kw), 1024),
    "points": (lambda n, **kw: SLOW(np.arange(n * 1024, dtype=np.float32) * 1e-3, 0.5, **kw), 1024),
    "points broadcast": (lambda n, **kw: SLOW(np.zeros((n, 1), np.float32), np.arange(1024, dtype=np.float32), **kw), 1024),
    "points threads=2": (lambda n, **kw: SLOW(np.arange(n * 1024, dtype=np.float32) * 1e-3, 0.5, threads=2, **kw), 1024),
}


@pytest.mark.parametrize("job", list(PROGRESS_JOBS))
def test_progress_is_reported_in_order_and_ends_at_total(job):
    fill, width = PROGRESS_JOBS[job]
    rows = rows_for(fill, 0.3)
    calls = []
    caller = threading.get_ident()
    fill(rows, progress=lambda done, total: calls.append((done, total, threading.get_ident())))
    total = rows * width
    assert len(calls) >= 2, f"{len(calls)} progress calls in a fill of about 0.3 s (about every 50 ms promised)"
    assert calls[-1][:2] == (total, total)
    assert all(t == total for _, t, _ in calls)
    done = [d for d, _, _ in calls]
    assert all(0 <= a <= b <= total for a, b in zip(done, done[1:])), done
    assert done.count(total) == 1, "the final (total, total) is reported once"
    assert all(ident == caller for _, _, ident in calls), "progress must be called on the calling thread"


def test_progress_of_a_small_job_is_called_once_at_the_end():
    calls = []
    PLAIN.grid((8, 8), progress=lambda d, t: calls.append((d, t)))
    PLAIN(np.zeros(10), 1.0, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(64, 64), (10, 10)]


@pytest.mark.parametrize("stop", [False, 0, np.bool_(False), ""], ids=["False", "0", "numpy False", "empty string"])
def test_progress_returning_false_cancels(stop):
    fill, _ = PROGRESS_JOBS["grid"]
    rows = rows_for(fill, 1.0)
    calls = []
    start = time.monotonic()
    with pytest.raises(gradnoise.CancelledError):
        fill(rows, progress=lambda d, t: calls.append(d) or stop)
    assert len(calls) == 1
    assert time.monotonic() - start < 0.6, "the fill went on after the callback said stop"


@pytest.mark.parametrize("keep_going", [None, True, 1], ids=["None", "True", "1"])
def test_progress_returning_true_or_none_goes_on(keep_going):
    fill, _ = PROGRESS_JOBS["points"]
    rows = rows_for(fill, 0.15)
    calls = []
    fill(rows, progress=lambda d, t: calls.append(d) or keep_going)
    assert calls[-1] == rows * 1024


def test_cancelled_grid_keeps_the_rows_reported_done():
    field = SLOW
    # Sized for seconds, though the callback stops it at its first report (about 50 ms in).
    rows = rows_for(lambda n: field.grid((n, 256), step=0.01), 2.0)
    out = np.full((rows, 256), np.nan, np.float32)
    reported = []

    def progress(done, total):
        reported.append(done)
        return done == 0  # stop at the first report of finished rows

    with pytest.raises(gradnoise.CancelledError):
        field.grid((rows, 256), step=0.01, out=out, progress=progress)
    complete = reported[-1] // 256
    assert 0 < complete < rows
    # Row i of a grid is origin + i * step whatever the row count, so a shorter grid is the reference.
    expected = field.grid((complete, 256), step=0.01)
    assert_same_bits(out[:complete], expected, "rows reported done")


class Boom(Exception):
    pass


@pytest.mark.parametrize("job", ["grid", "points", "chunk"])
def test_an_exception_in_progress_propagates(job):
    fill, _ = PROGRESS_JOBS[job]
    rows = rows_for(fill, 1.0)
    error = Boom("from the callback")

    def progress(done, total):
        raise error

    start = time.monotonic()
    with pytest.raises(Boom) as info:
        fill(rows, progress=progress)
    assert info.value is error
    assert time.monotonic() - start < 0.6, "the fill went on after the callback raised"


def test_an_exception_in_the_final_progress_call_propagates():
    def progress(done, total):
        raise Boom(f"{done}/{total}")

    with pytest.raises(Boom, match="64/64"):
        PLAIN.grid((8, 8), progress=progress)


# ---- Ctrl-C ----
CTRL_C_JOBS = {
    # 4096 samples a row of a 32-octave fBm with two warp levels: seconds for a few thousand rows.
    "grid": lambda n: gradnoise.Field(fractal="fbm", octaves=32, warp=2).grid((n, 4096), step=0.001),
    "grid threads=2": lambda n: gradnoise.Field(fractal="fbm", octaves=32, warp=2).grid((n, 4096), step=0.001, threads=2),
    "grid 3D": lambda n: gradnoise.Field(fractal="fbm", octaves=32, warp=2).grid((n, 64, 64), step=0.01),
    "grid with progress": lambda n: gradnoise.Field(fractal="fbm", octaves=32, warp=2).grid(
        (n, 4096), step=0.001, progress=lambda done, total: None),
    "chunk": lambda n: gradnoise.Field(fractal="fbm", octaves=32).chunk((n, 4096), spacing=0.001),
    "points": lambda n: gradnoise.Field(fractal="fbm", octaves=32, warp=2)(
        np.zeros((n, 1), np.float32), np.arange(4096, dtype=np.float32) * np.float32(0.001)),
}


@pytest.mark.parametrize("job", list(CTRL_C_JOBS))
def test_ctrl_c_stops_a_long_evaluation(job):
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        pytest.skip("SIGINT is not Python's default KeyboardInterrupt handler in this process")
    fill = CTRL_C_JOBS[job]
    # At least 4096 x 4096 samples, and at least about 3 s of work: so an evaluation that ignored
    # the signal would end (and raise) far later than the bound below.
    rows = max(4096, rows_for(fill, 3.0, probe=8, cap=8192))
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.3, interrupt)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            fill(rows)
        raised = time.monotonic()
    finally:
        timer.cancel()
        timer.join()
    assert sent, "the evaluation ended before the signal was sent"
    assert raised - sent[0] < 1.5, f"KeyboardInterrupt {raised - sent[0]:.2f} s after SIGINT ({raised - start:.2f} s in all)"
    # The process is fine afterwards: the worker has stopped and the field still evaluates.
    assert_same_bits(PLAIN.grid((64, 64), step=0.1), PLAIN.grid((64, 64), step=0.1, threads=2))
