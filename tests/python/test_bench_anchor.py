"""The bench's Python rows (bench/pint_anchor.py) call the package as a user would: run once here, so
an API change that breaks them fails npm test instead of leaving npm run bench without a verdict."""
import importlib.util
import pathlib

ANCHOR = pathlib.Path(__file__).resolve().parents[2] / "bench" / "pint_anchor.py"


def test_the_bench_calls_the_package_as_it_is():
    spec = importlib.util.spec_from_file_location("pint_anchor", ANCHOR)
    anchor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(anchor)
    # One call of each timed body, not a timing.
    anchor.median_us = lambda call, repetitions: (call(), 0.0)[1]
    engine = anchor.python_engine()
    assert engine["available"] is True, engine
    assert engine["epoch_s"]["host_batched"] > 0
    # The pint anchor itself computes the same default scenario the engine solves.
    assert anchor.evaluate()
