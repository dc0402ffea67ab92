#!/usr/bin/env python3
"""The pint anchor for bench/run.mjs: the default scenario (MNIST 784-128-64-10 MLP, fp32, batch 32,
reference CPU vs H100 SXM, 10 us dispatch, 5 us launch) evaluated with pint quantities the way
MLSys·im writes its solvers: every quantity a pint Quantity with units, constants built once, and the
epoch arithmetic (compute = F/peak, memory = bytes/bandwidth, dispatch = ops*t_d, launch = ops*t_l)
done in units, for host and accelerator at batch 32 and batch 1. Times one full evaluation with
time.perf_counter over many repetitions and prints one JSON line: the median in microseconds and the
epoch times (so the bench can check that pint and the engine agree). If pint is missing it says so.
Beside it, in the same process, the engine's own Python package when it is importable (python_engine).

    /usr/bin/python3 bench/pint_anchor.py [repetitions]
"""
import json
import math
import platform
import statistics
import sys
import time

try:
    import numpy as np
except ImportError:  # the vectorised anchor needs it; the rest does not
    np = None

try:
    import pint
except Exception as error:  # ImportError, or a broken install
    print(json.dumps({"available": False, "error": f"import pint failed: {error}", "python": platform.python_version(),
                      "executable": sys.executable}))
    sys.exit(0)

ureg = pint.UnitRegistry()
ureg.define("flop = [computation] = FLOP")
Q_ = ureg.Quantity

# The default scenario (engine/data: presets.json "mnist-cpu-vs-h100", hardware.json, datasets.json).
WIDTHS = [784, 128, 64, 10]
BATCH = Q_(32, "dimensionless")
EXAMPLES = Q_(60_000, "dimensionless")  # MNIST training examples
BYTES_PER_ELEMENT = Q_(4, "byte")        # fp32
PASSES = 3                               # training: forward + two backward GEMMs
OPS_PER_LAYER = 3
EXTRA_OPS_PER_STEP = 0
DISPATCH = Q_(10, "us")
LAUNCH = Q_(5, "us")
HOST = {"peak": Q_(1, "TFLOP/s"), "bandwidth": Q_(50, "GB/s"), "launch": False}          # reference CPU
ACCELERATOR = {"peak": Q_(67, "TFLOP/s"), "bandwidth": Q_(3.35, "TB/s"), "launch": True}  # H100 SXM fp32


def network_shape(widths):
    layers = len(widths) - 1
    macs = sum(a * b for a, b in zip(widths, widths[1:]))
    activations = sum(a + b for a, b in zip(widths, widths[1:]))
    parameters = sum(a * b + b for a, b in zip(widths, widths[1:]))
    return layers, Q_(2 * macs, "flop"), Q_(activations, "dimensionless"), Q_(parameters, "dimensionless")


def epoch_time(device, flops, data_bytes, ops):
    compute = (flops / device["peak"]).to("s")
    memory = (data_bytes / device["bandwidth"]).to("s")
    dispatch = (ops * DISPATCH).to("s")
    launch = (ops * LAUNCH).to("s") if device["launch"] else Q_(0, "s")
    return (compute + memory + dispatch + launch).to("s")


def evaluate():
    layers, flops_per_example, activations, parameters = network_shape(WIDTHS)
    times = {}
    for label, batch in (("batched", BATCH), ("batch_one", Q_(1, "dimensionless"))):
        steps = Q_(math.ceil((EXAMPLES / batch).magnitude), "dimensionless")
        flops = PASSES * flops_per_example * EXAMPLES
        data_bytes = PASSES * BYTES_PER_ELEMENT * (steps * parameters + EXAMPLES * activations)
        ops = steps * (layers * OPS_PER_LAYER + EXTRA_OPS_PER_STEP)
        times["host_" + label] = epoch_time(HOST, flops, data_bytes, ops)
        times["accelerator_" + label] = epoch_time(ACCELERATOR, flops, data_bytes, ops)
    return times


def vectorised_epochs(batches):
    """Both devices' batched epochs over an array of batch sizes, with pint over numpy arrays: the same
    equations as evaluate(), each quantity an array with units (issue 46's anchor for a sweep)."""
    layers, flops_per_example, activations, parameters = network_shape(WIDTHS)
    steps = Q_(np.ceil(EXAMPLES.magnitude / batches), "dimensionless")
    flops = PASSES * flops_per_example * EXAMPLES
    data_bytes = PASSES * BYTES_PER_ELEMENT * (steps * parameters + EXAMPLES * activations)
    ops = steps * (layers * OPS_PER_LAYER + EXTRA_OPS_PER_STEP)
    return epoch_time(HOST, flops, data_bytes, ops), epoch_time(ACCELERATOR, flops, data_bytes, ops)


def timed(call, repetitions, warmup):
    """Seconds of each of `repetitions` calls, after `warmup` untimed ones (pint caches unit parsing and
    conversion factors; the engine's first call reads its registries)."""
    for _ in range(warmup):
        call()
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return samples


def median_us(call, repetitions):
    """The median of `repetitions` timed calls after a warm-up, in microseconds."""
    return statistics.median(timed(call, repetitions, max(5, repetitions // 20))) * 1e6


def python_engine():
    """The engine's Python package (python/, on PYTHONPATH when the bench built it), timed in this same
    process beside pint: solve of the bare preset, and a 1,000-point sweep of dispatch."""
    try:
        import epochcalc
    except Exception as error:  # not built, or no pybind11 here
        return {"available": False, "error": f"import epochcalc failed: {error}"}
    scenario = {"preset": "mnist-cpu-vs-h100"}
    result = epochcalc.solve(scenario)
    prepared = {}
    if hasattr(epochcalc, "Scenario"):
        # A prepared scenario (issue 43): one field set, solved, four epochs read as attributes; timed in
        # loops of 1,000 (one call is shorter than the clock's own cost).
        s = epochcalc.Scenario(scenario)

        def edits():
            for k in range(1000):
                s.set("network.batch_size", 32 + (k & 7))
                v = s.solve()
                v.host.batched.epoch_time_s + v.host.batch_one.epoch_time_s + v.accelerator.batched.epoch_time_s + v.accelerator.batch_one.epoch_time_s

        prepared["prepared_us"] = median_us(edits, 60) / 1000
    # 1,000 batch sizes as numpy columns (issue 46), beside pint computing the same two epoch columns
    # over numpy arrays; the columns are checked equal (to rounding) so both compute the same thing.
    columnar = {}
    if np is not None and hasattr(epochcalc, "Sweep"):
        batches = np.arange(1, 1001)
        request = {"field": "network.batch_size", "values": batches}
        columns = epochcalc.sweep_field(scenario, request)
        host, accelerator = vectorised_epochs(batches)
        worst = max(float(np.max(np.abs(columns["host.epoch_time_s"] / host.to("s").magnitude - 1))),
                    float(np.max(np.abs(columns["accelerator.epoch_time_s"] / accelerator.to("s").magnitude - 1))))
        # Side by side: 15 rounds of 100 calls each, alternating, so that a slow spell of the machine
        # falls on both; the median of each one's round medians.
        rounds = {"sweep": [], "pint": []}
        calls = {"sweep": lambda: epochcalc.sweep_field(scenario, request), "pint": lambda: vectorised_epochs(batches)}
        for _ in range(15):
            for name, call in calls.items():
                rounds[name].append(median_us(call, 100))
        columnar = {
            "sweep_batch_1000_us": statistics.median(rounds["sweep"]),
            "pint_vectorised_1000_us": statistics.median(rounds["pint"]),
            "sweep_batch_vs_pint_worst_relative": worst,
        }
    return {
        "available": True,
        **prepared,
        **columnar,
        "solve_us": median_us(lambda: epochcalc.solve(scenario), 2000),
        "sweep_1000_us": median_us(lambda: epochcalc.sweep_field(scenario, {"field": "dispatch", "from": "1 us", "to": "100 us", "points": 1000}), 100),
        "epoch_s": {
            "host_batched": result["host"]["batched"]["epoch_time_s"],
            "accelerator_batched": result["accelerator"]["batched"]["epoch_time_s"],
        },
    }


def main():
    repetitions = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    samples = timed(evaluate, repetitions, 20)
    times = evaluate()
    print(json.dumps({
        "available": True,
        "pint_version": pint.__version__,
        "python": platform.python_version(),
        "executable": sys.executable,
        "repetitions": repetitions,
        "median_us": statistics.median(samples) * 1e6,
        "min_us": min(samples) * 1e6,
        "max_us": max(samples) * 1e6,
        "epoch_s": {key: value.to("s").magnitude for key, value in times.items()},
        "python_engine": python_engine(),
    }))


if __name__ == "__main__":
    main()
