"""epochcalc.Scenario (issue 43) against the document it stands for: random scenarios (a preset, profiles
on each device, registry devices) and random edit sequences (numbers in range and out, with units and
without, removals, choices, profiles, ids, junk). After every step the handle's numbers must be those of
epochcalc.solve() of the document edited the same way (epochcalc.set_field), bit for bit, and its
result() the same document; a refused edit is refused by both, at the same path with the same code.
Fixed seed: the same sequences on every run."""

import math
import random
import struct

import pytest

import epochcalc

SCHEMA = epochcalc.schema()
PRESETS = [p["id"] for p in epochcalc.presets()]
PROFILES = [p["id"] for p in epochcalc.profiles()]
HARDWARE = [h["id"] for h in epochcalc.hardware()]
DATASETS = [d["id"] for d in epochcalc.datasets()]
FIELDS = [f for f in SCHEMA["fields"] if f["kind"] not in ("text", "preset")]


def bits(x: float) -> bytes:
    return struct.pack("<d", x)


def from_document(result: dict, name: str) -> float:
    """A view slot as the result document says it (null: NaN for a cost, 0 for a crossover)."""
    node = result
    for key in name.split("."):
        node = node[key]
    if node is None:
        return math.nan if name.endswith("cost_usd") else 0.0
    return float(node)


def refusal(call):
    try:
        call()
    except epochcalc.EpochcalcError as error:
        return error
    return None


def random_document(rng: random.Random) -> dict:
    while True:
        doc: dict = {"preset": rng.choice(PRESETS)}
        if rng.random() < 0.3:
            doc["profile"] = rng.choice(PROFILES)
        for role in ("host", "accelerator"):
            if rng.random() < 0.4:
                doc.setdefault("overheads", {})[role] = {"profile": rng.choice(PROFILES)}
        if rng.random() < 0.3:
            doc["accelerator"] = rng.choice(HARDWARE)
        if rng.random() < 0.3:
            doc["network"] = {"batch_size": rng.randint(1, 4096)}
        if refusal(lambda: epochcalc.solve(doc)) is None:
            return doc


def random_edit(rng: random.Random):
    field = rng.choice(FIELDS)
    path = field["path"].replace("/network/widths/-", f"/network/widths/{rng.randint(0, 8)}")
    path = path.replace("/compared/-/", f"/compared/{rng.choice(HARDWARE)}/")
    kind = field["kind"]
    if kind in ("integer", "quantity"):
        lo = max(field["min"], 1 if kind == "integer" else 1e-15)
        hi = min(field["max"], lo * 1e12)
        x = lo * (hi / lo) ** rng.random() * (1 + rng.random())
        if kind == "integer":
            x = math.floor(x)
        form = rng.randint(0, 9)
        if form == 0:
            return path, -x - 1
        if form == 1:
            return path, field["max"] * 4
        if form == 2:
            return path, rng.choice([None, ""])
        if form == 3:
            return path, rng.choice(["abc", "5 parsecs"])
        if form == 4 and kind == "integer":
            return path, x + 0.5
        if form == 5 and field.get("dimension") == "time":
            return path, f"{x * 1e6!r} us"
        if form == 6:
            return path, f" {x!r} "
        return path, int(x) if kind == "integer" and rng.random() < 0.5 else x
    if kind == "choice":
        return path, rng.choice(field["choices"] + [""])
    if kind == "boolean":
        return path, rng.choice([True, False])
    if kind == "profile":
        return path, rng.choice(PROFILES + [""])
    if kind == "device":
        return path, rng.choice(HARDWARE)
    if kind == "dataset":
        return path, rng.choice(DATASETS)
    return path, rng.choice(["784, 256, 10", "64 32 16 8"])


def as_text(value) -> str:
    """What the document's edit is given for a value set on the handle."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else repr(float(value))


@pytest.mark.parametrize("seed", range(6))
def test_a_scenario_edited_field_by_field_answers_as_its_document_edited_the_same_way(seed):
    rng = random.Random(20261243 + seed)
    for _ in range(8):
        reference = random_document(rng)
        handle = epochcalc.Scenario(reference)
        for _ in range(25):
            path, value = random_edit(rng)
            where = f"{reference} then {path} = {value!r}"
            edited = {}

            def by_document():
                edited["doc"] = epochcalc.set_field(reference, path, as_text(value))
                epochcalc.solve(edited["doc"])

            want = refusal(by_document)
            got = refusal(lambda: handle.set(path, value))
            assert (got is None) == (want is None), f"{where}: handle {got} / document {want}"
            if want is not None:
                assert (got.code, got.path) == (want.code, want.path), where
                if isinstance(value, str):
                    assert got.message == want.message, where
            else:
                reference = edited["doc"]
            truth = epochcalc.solve(reference)
            view = handle.solve()
            for i, name in enumerate(epochcalc.VIEW_NAMES):
                assert bits(view.values[i]) == bits(from_document(truth, name)), f"{where}: {name}"
            assert handle.result() == truth, where
        assert epochcalc.solve(handle.document()) == epochcalc.solve(reference)


def test_numbers_are_attributes_named_by_the_view():
    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100", network__batch_size=64, dispatch="2 us")
    want = epochcalc.solve({"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 64}, "dispatch": "2 us"})
    v = s.solve()
    assert v.accelerator.batched.epoch_time_s == want["accelerator"]["batched"]["epoch_time_s"]
    assert v.host.batch_one.overhead_time_s == want["host"]["batch_one"]["overhead_time_s"]
    assert v.network.batched.flops == want["network"]["batched"]["flops"]
    assert v.network.layers == want["network"]["layers"]
    assert v.comparison.accelerator_speedup_batched == want["comparison"]["accelerator_speedup_batched"]
    assert v["host.batched.epoch_time_s"] == want["host"]["batched"]["epoch_time_s"]
    assert math.isnan(v.host.batched.cost_usd)  # no price: a missing value, never 0
    assert len(v.to_dict()) == len(epochcalc.VIEW_NAMES)
    with pytest.raises(AttributeError):
        v.host.batched.epoch_time
    with pytest.raises(KeyError):
        v["host.epoch"]


def test_a_refused_edit_raises_the_readers_error_and_changes_nothing():
    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100")
    before = bytes(s.solve().values)
    with pytest.raises(epochcalc.EpochcalcError) as error:
        s.set("dispatch", "5 parsecs")
    assert (error.value.code, error.value.path) == ("E_UNIT", "/dispatch")
    with pytest.raises(epochcalc.EpochcalcError) as error:
        s.set("network.batch_size", object())
    assert (error.value.code, error.value.path) == ("E_TYPE", "/network/batch_size")
    assert bytes(s.solve().values) == before


def test_numpy_numbers_are_numbers():
    numpy = pytest.importorskip("numpy")
    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100")
    s.set("network.batch_size", numpy.arange(60, 70)[4])
    assert s.solve().network.batched.batch_size == 64
    assert numpy.asarray(s.solve().values).shape == (len(epochcalc.VIEW_NAMES),)


def test_the_scenario_raises_where_solve_does():
    for bad in ("{", {"preset": "nope"}, {"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 0}}):
        want = refusal(lambda: epochcalc.solve(bad))
        got = refusal(lambda: epochcalc.Scenario(bad))
        assert got.errors == want.errors


def test_the_notebook_calculator_holds_a_prepared_scenario():
    calculator = epochcalc.Calculator(preset="mnist-cpu-vs-h100", network__batch_size=64, dispatch="20 us")
    want = epochcalc.solve(calculator.scenario)
    assert calculator.result == want
    assert calculator.solve().accelerator.batched.epoch_time_s == want["accelerator"]["batched"]["epoch_time_s"]
    assert calculator.prepared() is calculator.prepared(), "kept while the scenario is the same"
    calculator.scenario = epochcalc.set_field(calculator.scenario, "network.batch_size", "128")
    assert calculator.solve().network.batched.batch_size == 128, "made again for a new scenario"


def test_a_what_if_answer_applies_through_its_edits():
    """One meaning (issue 45): a solve-for answer's edits, set on a Scenario, give its metric exactly;
    setting the field alone leaves each device's own value (from its profile) in force."""
    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100", **{"overheads.host.profile": "pytorch-eager-cpu",
                                                          "overheads.accelerator.profile": "pytorch-eager-cuda",
                                                          "network.batch_size": 256})
    answer = s.solve_for("dispatch", "speedup=2")
    assert answer["answer"] == "value"
    assert [e["path"] for e in answer["edits"]] == ["/dispatch", "/overheads/host/dispatch", "/overheads/accelerator/dispatch"]
    alone = epochcalc.Scenario(s.document()).set("dispatch", answer["value"])
    assert alone.solve().comparison.accelerator_speedup_batched != answer["metric_at_value"]
    for edit in answer["edits"]:
        s.set(edit["path"], edit["value"])
    assert s.solve().comparison.accelerator_speedup_batched == answer["metric_at_value"] == 2.0
