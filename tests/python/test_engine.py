"""The engine from Python (python/epochcalc) against the command-line tool: the same documents, to 1e-12
relative, and the same error codes and paths (issue 38). Run by npm test with the extension built by
scripts/build-python.sh and the native tool by scripts/build-native.sh."""

import json
import math
import os
import random
import subprocess
from pathlib import Path

import pytest

import epochcalc

ROOT = Path(__file__).resolve().parents[2]
CLI = os.environ.get("EPOCHCALC_CLI", str(ROOT / "build" / "native" / "cli" / "epochcalc"))
DEFAULT = {"preset": "mnist-cpu-vs-h100"}


def cli_json(scenario, *args):
    """The tool's --json document for a scenario given on stdin, and its exit status."""
    run = subprocess.run([CLI, "--scenario", "-", *args, "--json"], input=json.dumps(scenario), capture_output=True, text=True)
    return json.loads(run.stdout), run.returncode


def assert_same(got, want, at=""):
    """Equal documents: every number within 1e-12 relative, everything else exactly."""
    if isinstance(want, dict):
        assert isinstance(got, dict) and list(got) == list(want), f"{at}: keys {list(got)} != {list(want)}"
        for key in want:
            assert_same(got[key], want[key], f"{at}/{key}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{at}: length"
        for i, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, f"{at}/{i}")
    elif isinstance(want, float) or (isinstance(want, int) and not isinstance(want, bool) and isinstance(got, float)):
        assert math.isclose(got, want, rel_tol=1e-12, abs_tol=0), f"{at}: {got} != {want}"
    else:
        assert got == want, f"{at}: {got!r} != {want!r}"


def random_scenario(rng):
    """A scenario drawn over the fields people change: widths, batch, devices, precision, overheads,
    assumptions; some of them refused (a device without the precision, a batch past N with drop_last)."""
    accelerators = ["h100-sxm", "a100-sxm-80gb", "l4", "t4", "rtx-4090", "rtx-4060-laptop"]
    hosts = ["reference-cpu", "epyc-9654", "xeon-8480-plus", "ryzen-9-7940hs"]
    scenario = {
        "preset": "mnist-cpu-vs-h100",
        "network": {
            "widths": [rng.randint(1, 4096) for _ in range(rng.randint(2, 6))],
            "batch_size": rng.choice([1, 7, 32, 64, 256, 1000, 4096, 60000]),
        },
        "host": rng.choice(hosts),
        "accelerator": rng.choice(accelerators),
        # Mostly fp32, which every device has; now and then one that some devices lack (refused alike).
        "precision": "fp32" if rng.random() < 0.85 else rng.choice(["fp16", "bf16", "fp8"]),
        "dispatch": f"{rng.uniform(0, 50):.3f} us",
        "launch": f"{rng.uniform(0, 20):.3f} us",
        "assumptions": {
            "phase": rng.choice(["training", "inference"]),
            "overlap": rng.choice(["none", "roofline"]),
            "drop_last": rng.random() < 0.3,
            "host_efficiency": rng.choice([1, 0.5, "40 %"]),
        },
    }
    if rng.random() < 0.3:
        scenario["step_overhead"] = f"{rng.uniform(0, 100):.1f} us"
    if rng.random() < 0.3:
        scenario["accelerator"] = {"base": scenario["accelerator"], "price_per_hour": f"{rng.uniform(0.1, 5):.2f} USD/h", "idle_power": "60 W"}
    return scenario


def test_the_default_scenario_equals_the_cli():
    want, status = cli_json(DEFAULT)
    assert status == 0
    assert_same(epochcalc.solve(DEFAULT), want)
    # JSON text is read as the tool reads it, too.
    assert_same(epochcalc.solve(json.dumps(DEFAULT)), want)


@pytest.mark.parametrize("seed", range(40))
def test_random_scenarios_equal_the_cli_or_fail_alike(seed):
    scenario = random_scenario(random.Random(seed))
    want, status = cli_json(scenario)
    if status == 0:
        assert_same(epochcalc.solve(scenario), want)
        return
    with pytest.raises(epochcalc.EpochcalcError) as raised:
        epochcalc.solve(scenario)
    assert raised.value.errors == want["errors"]
    assert (raised.value.code, raised.value.path) == (want["errors"][0]["code"], want["errors"][0]["path"])


@pytest.mark.parametrize("scenario", [
    {"preset": "mnist-cpu-vs-h100", "dispatch": "zzz"},
    {"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 0}},
    {"preset": "mnist-cpu-vs-h100", "accelerator": "h100"},
    {"preset": "no-such-preset"},
    "{not json",
    {"preset": "mnist-cpu-vs-h100", "compared": {"l4x": {"price_per_hour": 1}}},
])
def test_errors_carry_the_cli_code_and_path(scenario):
    run = subprocess.run([CLI, "--scenario", "-", "--json"], input=scenario if isinstance(scenario, str) else json.dumps(scenario), capture_output=True, text=True)
    assert run.returncode == 2
    want = json.loads(run.stdout)["errors"]
    with pytest.raises(epochcalc.EpochcalcError) as raised:
        epochcalc.solve(scenario)
    assert raised.value.errors == want
    assert isinstance(raised.value, ValueError)


def test_whatifs_equal_the_cli():
    priced = [{"id": "l4", "price": "0.80/h"}, {"id": "a100-sxm-80gb", "price": 1.8}, {"id": "h100-sxm", "price": "3/h"}, {"id": "host", "price": 0.4}]
    assert_same(epochcalc.compare(DEFAULT, priced),
                cli_json(DEFAULT, "--compare", "l4@0.80/h,a100-sxm-80gb@1.80/h,h100-sxm@3/h,host@0.40/h")[0])
    assert_same(epochcalc.compare(DEFAULT, [{"id": "l4", "price": "0.80/h", "idle_power": 30}, "t4"]),
                cli_json(DEFAULT, "--compare", "l4@0.80/h@30 W,t4")[0])
    assert_same(epochcalc.solve_for(DEFAULT, "network.batch_size", "speedup=2"), cli_json(DEFAULT, "--solve-for", "network.batch_size", "--goal", "speedup=2")[0])
    assert_same(epochcalc.break_even(DEFAULT), cli_json(DEFAULT, "--break-even")[0])
    log_sweep = {"field": "dispatch", "from": "1 us", "to": "100 us", "points": 20, "log": True}
    assert_same(epochcalc.sweep_field_document(DEFAULT, log_sweep), cli_json(DEFAULT, "--sweep", "dispatch=1 us:100 us:20:log")[0])
    assert epochcalc.csv(DEFAULT, sweeps=[{"field": "dispatch", "from": "1 us", "to": "100 us", "points": 5}]) == subprocess.run(
        [CLI, "--scenario", "-", "--sweep", "dispatch=1 us:100 us:5", "--csv"], input=json.dumps(DEFAULT), capture_output=True, text=True).stdout
    # The command line's forms are its own: as data, "l4@0.80/h" is an id no device has, and a string
    # is no sweep; each refusal says what to give.
    with pytest.raises(epochcalc.EpochcalcError) as raised:
        epochcalc.compare(DEFAULT, ["l4@0.80/h"])
    assert raised.value.path == "/devices/0" and '{"id": "l4", "price": "0.80/h"}' in str(raised.value)
    with pytest.raises(epochcalc.EpochcalcError) as raised:
        epochcalc.sweep_field(DEFAULT, "dispatch=1 us:100 us")
    assert raised.value.path == "/sweeps/0" and raised.value.code == "E_TYPE"


def test_a_sweep_is_columns_a_data_frame_takes():
    """Issue 46: the swept column keyed as asked ("network.batch_size", not "/network/batch_size"), whole
    numbers for an integer field, NaN for an unpriced cost, numpy arrays straight from the engine's
    doubles, .to_pandas(), and each column's unit as the CSV's second row gives it."""
    np = pytest.importorskip("numpy")
    log = {"field": "dispatch", "from": "1 us", "to": "100 us", "points": 50, "log": True}
    columns = epochcalc.sweep_field(DEFAULT, log)
    assert list(columns)[0] == "dispatch" and columns.units["dispatch"] == "s"
    assert {len(v) for v in columns.values()} == {50}
    doc = epochcalc.sweep_field_document(DEFAULT, log)
    assert isinstance(columns["host.epoch_time_s"], np.ndarray)
    assert columns["host.epoch_time_s"].tolist() == doc["host"]["epoch_time_s"]
    assert columns["dispatch"].tolist() == doc["x"]["values"]
    assert columns["faster"].tolist() == doc["winner"]
    # No price on the host: no cost (NaN), never 0.
    assert np.isnan(columns["host.cost_usd"]).all()
    # The units, as the CSV's second row says them, column by column.
    header, units = epochcalc.csv(DEFAULT, sweeps=[log]).splitlines()[:2]
    csv_units = dict(zip(header.split(","), units.split(",")))
    assert {k: v for k, v in columns.units.items() if k != "dispatch"} == {k: v for k, v in csv_units.items() if k != "/dispatch"}
    # An integer field's column is integers, keyed as asked; values from numpy are numbers.
    batch = epochcalc.sweep_field(DEFAULT, {"field": "network.batch_size", "values": np.arange(1, 65)})
    assert batch["network.batch_size"].dtype == np.int64 and batch["network.batch_size"].tolist() == list(range(1, 65))
    frame = batch.to_pandas()  # pandas: scripts/setup.sh --test installs it
    assert frame["network.batch_size"].tolist() == list(range(1, 65))
    assert frame.attrs["units"]["host.epoch_time_s"] == "s"
    grid = epochcalc.sweep_field(DEFAULT, {"field": "dispatch", "values": ["1 us", "2 us"]}, {"field": "/network/batch_size", "values": [1, 32, 256]})
    assert len(grid["dispatch"]) == len(grid["/network/batch_size"]) == 6
    with pytest.raises(epochcalc.EpochcalcError) as raised:
        epochcalc.sweep_field(DEFAULT, {"field": "dispatch", "values": ["1 us:2 us:3"]})
    assert raised.value.path == "/sweeps/0/values/0"
    # The docstring says why a batch sweep returns fewer points than asked.
    assert "fewer rows" in epochcalc.sweep_field.__doc__


def test_calibration_schema_registries_and_links():
    fixture = ROOT / "tests" / "fixtures" / "calibration-good.json"
    want = json.loads(subprocess.run([CLI, "--calibrate", str(fixture), "--json"], capture_output=True, text=True).stdout)
    assert_same(epochcalc.calibrate(fixture.read_text()), want)
    assert_same(epochcalc.calibrate(json.loads(fixture.read_text())), want)
    assert epochcalc.schema()["limits"]["document"]["max_bytes"] == 4_000_000
    assert "h100-sxm" in [h["id"] for h in epochcalc.hardware()]
    assert "mnist-cpu-vs-h100" in [p["id"] for p in epochcalc.presets()]
    assert epochcalc.version() == subprocess.run([CLI, "--version"], capture_output=True, text=True).stdout.split()[-1]
    edited = epochcalc.set_field(DEFAULT, "network.batch_size", "64")
    assert edited == {"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 64}}
    assert ("network.batch_size", "64") in epochcalc.link_params(edited)


def test_the_notebook_calculator_is_the_engine_s_scenario():
    calculator = epochcalc.Calculator(preset="mnist-cpu-vs-h100", view="sweep", network__batch_size=64, dispatch="20 us")
    assert calculator.scenario == {"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 64}, "dispatch": "20 us"}
    assert_same(calculator.result, cli_json(calculator.scenario)[0])
    assert calculator.link == "?preset=mnist-cpu-vs-h100&network.batch_size=64&dispatch=20%20us"
    element = calculator.element()
    assert element.startswith('<epoch-overhead-calculator scenario="{&quot;preset&quot;') and 'view="sweep"' in element
    # The frame is ASCII throughout, its title too (hostile input round three, L13): "é" is a reference.
    named = epochcalc.Calculator({"preset": "mnist-cpu-vs-h100", "name": "Époque – naïve"})
    frame = named._repr_mimebundle_()["text/html"]
    assert frame.isascii()
    assert 'title="epochcalc: &#201;poque &#8211; na&#239;ve"' in frame
    # A preset the engine does not know is refused, as the CLI refuses it.
    with pytest.raises(epochcalc.EpochcalcError):
        epochcalc.Calculator(preset="no-such-preset").result


def test_numpy_numbers_deep_nesting_and_the_version():
    """numpy's numbers are numbers (an np.int64 batch size from np.arange gave E_TYPE at no path); nesting
    Python cannot write is an EpochcalcError, not RecursionError; the package says its version and that
    it is typed (issue 46)."""
    np = pytest.importorskip("numpy")
    assert epochcalc.solve({"preset": "mnist-cpu-vs-h100", "network": {"batch_size": np.int64(64)}})["network"]["batched"]["batch_size"] == 64
    deep: dict = {}
    node = deep
    for _ in range(1000):
        node["x"] = {}
        node = node["x"]
    with pytest.raises(epochcalc.EpochcalcError) as raised:
        epochcalc.solve(deep)
    assert raised.value.code == "E_RANGE"
    assert epochcalc.__version__ == subprocess.run([CLI, "--version"], capture_output=True, text=True).stdout.split()[-1]
    assert (Path(epochcalc.__file__).parent / "py.typed").exists()


def test_zero_is_a_price():
    """Issue 45: {"id": "l4", "price": 0} costs nothing; it is not the list price."""
    c = epochcalc.compare({"preset": "mnist-cpu-vs-h100"}, [{"id": "l4", "price": 0}])
    assert c["devices"][0]["price"] == {"usd_per_hour": 0.0, "from": "given"}
    assert c["devices"][0]["batched"]["cost_usd"] == 0.0


def test_compare_across_batch_sizes():
    """Issue 45: every device's epoch at each batch size in one call; the same through a Scenario."""
    across = {"field": "network.batch_size", "values": [16, 256]}
    c = epochcalc.compare({"preset": "mnist-cpu-vs-h100"}, ["l4"], across)
    assert c["across"]["batch_size"] == [16, 256]
    r = epochcalc.solve({"preset": "mnist-cpu-vs-h100", "accelerator": "l4", "network": {"batch_size": 256}})
    assert c["across"]["devices"][0]["epoch_time_s"][1] == r["accelerator"]["batched"]["epoch_time_s"]
    assert epochcalc.Scenario(preset="mnist-cpu-vs-h100").compare(["l4"], across)["across"] == c["across"]


def test_pint_quantities_and_their_spellings():
    """Issue 46: a pint Quantity, and the strings pint and MLSys·im print, are read as the engine's units."""
    pint = pytest.importorskip("pint")
    ureg = pint.UnitRegistry()
    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100")
    s.set("dispatch", ureg.Quantity(10, "us"))
    s.set("host.memory_bandwidth", ureg.Quantity(3.35, "TB/s"))
    s.set("dram_energy_per_byte", ureg.Quantity(160, "pJ/B"))
    doc = s.result()["scenario"]
    assert doc["dispatch"] == 1e-5
    assert doc["host"]["memory_bandwidth"] == 3.35e12
    assert abs(doc["dram_energy_per_byte"] - 160e-12) < 1e-24
    # As printed, and inside a document.
    for text in ["3.35 TB / s", "3.35 terabyte / second"]:
        assert epochcalc.Scenario(preset="mnist-cpu-vs-h100").set("host.memory_bandwidth", text).result()["scenario"]["host"]["memory_bandwidth"] == 3.35e12
    r = epochcalc.solve({"preset": "mnist-cpu-vs-h100", "dispatch": ureg.Quantity(20, "microsecond")})
    assert r["scenario"]["dispatch"] == 2e-5


def test_calculator_refuses_a_field_name_the_engine_does_not_know():
    """Issue 46: network__bach_size=64 raised nothing and the calculator showed the preset's numbers."""
    with pytest.raises(epochcalc.EpochcalcError) as caught:
        epochcalc.Calculator(preset="mnist-cpu-vs-h100", network__bach_size=64)
    assert caught.value.errors[0]["code"] == "E_UNKNOWN_FIELD"
    assert "batch_size" in caught.value.errors[0]["message"]
    # A known field with a value the engine refuses is shown beside its field, not raised here.
    assert epochcalc.Calculator(preset="mnist-cpu-vs-h100", network__batch_size=64).scenario["network"]["batch_size"] == 64


def test_public_names_are_documented_and_dir_is_clean():
    """Issue 46: 6 of 21 public names had no docstring; dir() showed Any, json and re."""
    undocumented = [n for n in epochcalc.__all__ if not getattr(getattr(epochcalc, n), "__doc__", None)]
    assert undocumented == []
    names = dir(epochcalc)
    for private in ("Any", "json", "re", "Mapping", "Union"):
        assert private not in names
    assert "Scenario" in names and "__version__" in names


def test_calculator_refuses_a_view_the_element_does_not_have():
    """Issue 46: view='summary' showed the preset's numbers beside an error; the views are the element's."""
    from epochcalc import notebook
    views = notebook.views()
    if not views:
        pytest.skip("the notebook page is not installed (the web build has not run)")
    assert "full" in views and "summary" not in views
    with pytest.raises(epochcalc.EpochcalcError) as caught:
        epochcalc.Calculator(preset="mnist-cpu-vs-h100", view="summary", network__batch_size=64)
    assert caught.value.errors[0]["path"] == "/view"
    assert "'compact'" in caught.value.errors[0]["message"]


def test_calculator_output_has_a_static_answer_and_shares_the_page():
    """Issue 46: an untrusted notebook showed nothing, and each Calculator added 1 MB."""
    from epochcalc import notebook
    if not notebook.views():
        pytest.skip("the notebook page is not installed (the web build has not run)")
    first = epochcalc.Calculator(preset="mnist-cpu-vs-h100", network__batch_size=64)._repr_mimebundle_()
    later = epochcalc.Calculator(preset="mnist-cpu-vs-h100", network__batch_size=128)._repr_mimebundle_()
    alone = epochcalc.Calculator(preset="mnist-cpu-vs-h100", standalone=True)._repr_mimebundle_()
    epoch = epochcalc.solve({"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 128}})["accelerator"]["batched"]["epoch_time_s"]
    assert f"{epoch * 1000:.4g} ms" in later["text/plain"] and f"{epoch * 1000:.4g} ms" in later["text/html"]
    assert later["text/html"].startswith('<div class="epochcalc-static"') and "<svg" in later["text/html"]
    # The page once per kernel (this process may have shown one already), a loader after it, and the
    # whole page again where asked.
    runtime = '<iframe class="epochcalc" data-epochcalc-runtime'
    assert len(later["text/html"]) < 100_000 and runtime not in later["text/html"]
    assert len(alone["text/html"]) > 500_000 and runtime in alone["text/html"]
    assert len(first["text/html"]) > 500_000 or runtime not in first["text/html"]
    # A scenario the engine refuses still shows: its errors as the static answer.
    refused = epochcalc.Calculator({"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 0}})._repr_mimebundle_()
    assert "E_RANGE" in refused["text/plain"] or "E_" in refused["text/plain"]


def test_a_csv_reads_back_in_the_documented_call():
    """Issue 46: pd.read_csv read the units row as data; the docstring's call skips it."""
    import io
    import pandas  # scripts/setup.sh --test installs it
    text = epochcalc.csv(DEFAULT, sweeps=[{"field": "network.batch_size", "values": [1, 32, 256]}])
    assert "skiprows=[1]" in epochcalc.csv.__doc__
    frame = pandas.read_csv(io.StringIO(text), skiprows=[1])
    assert frame["/network/batch_size"].tolist() == [1, 32, 256]
    assert frame["host.epoch_time_s"].dtype.kind == "f"


def test_pint_output_and_short_reprs():
    """Issue 46: units="pint" gives Quantities in the engine's SI units; a view and a sweep print short."""
    pint = pytest.importorskip("pint")
    np = pytest.importorskip("numpy")
    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100")
    plain, q = s.solve(), s.solve(units="pint")
    assert q.accelerator.batched.epoch_time_s.to("ms").magnitude == pytest.approx(plain.accelerator.batched.epoch_time_s * 1e3, rel=1e-15)
    assert str(q["host.batched.energy_j"].units) == "joule" and q.network.batched.flops.dimensionless
    assert "host" in repr(plain) and "batch 32" in repr(plain) and len(repr(plain)) < 120
    # Your own registry, taught FLOP and USD, mixes with your quantities.
    ureg = epochcalc.quantities.define_units(pint.UnitRegistry())
    assert (s.solve(units=ureg).host.batched.epoch_time_s + ureg.Quantity(1, "ms")).to("s").magnitude == pytest.approx(plain.host.batched.epoch_time_s + 1e-3)
    with pytest.raises(ValueError):
        s.solve(units="si")
    sweep = epochcalc.sweep_field(DEFAULT, {"field": "host.memory_bandwidth", "values": np.array([1e10, 2e10])}, units="pint")
    assert str(sweep["host.memory_bandwidth"].units) == "byte / second"
    assert sweep["host.epoch_time_s"].to("ms").magnitude.shape == (2,)
    assert repr(sweep).startswith("<epochcalc.Sweep: 2 points of host.memory_bandwidth;")
    assert sweep.to_pandas()["host.memory_bandwidth"].tolist() == [1e10, 2e10]


def test_half_a_surrogate_pair_is_an_engine_style_error():
    """Issue 46: a lone surrogate raised pybind11's TypeError (Scenario.set) or a misleading JSON error."""
    for call in (lambda: epochcalc.solve({"preset": "mnist-cpu-vs-h100", "name": "\ud800"}),
                 lambda: epochcalc.solve('{"preset": "mnist-cpu-vs-h100", "name": "\\ud83d"}'),
                 lambda: epochcalc.Scenario(preset="mnist-cpu-vs-h100").set("name", "x\udc00")):
        with pytest.raises(epochcalc.EpochcalcError) as raised:
            call()
        assert raised.value.code == "E_TYPE" and "surrogate" in str(raised.value)
    assert epochcalc.Scenario(preset="mnist-cpu-vs-h100").set("name", "an emoji \U0001F600").result()["scenario"]["name"] == "an emoji \U0001F600"
    assert epochcalc.solve({"preset": "mnist-cpu-vs-h100", "name": "\U0001F600"})["scenario"]["name"] == "\U0001F600"


def test_a_sweep_without_its_end_is_the_engine_s_error():
    """Issue 46: a sweep dict without "to" raised a raw KeyError; the engine says what is missing, where."""
    for sweep, path in (({"field": "dispatch", "from": "1 us"}, "/sweeps/0/to"), ({"from": 1, "to": 2}, "/sweeps/0/field")):
        with pytest.raises(epochcalc.EpochcalcError) as raised:
            epochcalc.sweep_field(DEFAULT, sweep)
        assert raised.value.path == path, raised.value.errors
    with pytest.raises(epochcalc.EpochcalcError) as raised:
        epochcalc.sweep_field(DEFAULT, {"field": "network.batch_size", "values": __import__("numpy").array([1.0, float("nan")])})
    assert raised.value.path == "/sweeps/0/values/1"
