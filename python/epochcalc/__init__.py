"""epochcalc from Python: the engine that answers the CLI, the page and the module, over its JSON API.

    import epochcalc
    r = epochcalc.solve({"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 64}})
    r["accelerator"]["batched"]["epoch_time_s"]

    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100")   # prepared once: edit, then read numbers
    s.set("network.batch_size", 64).set("dispatch", "2 us")
    s.solve().accelerator.batched.epoch_time_s

A scenario is a dict or JSON text, read exactly as ``epochcalc --scenario`` reads it (quantities as
numbers in SI units or strings such as "10 us"). Every answer is the engine's JSON document as Python
data, with the same names as ``--json``. A scenario the engine refuses raises EpochcalcError with the
engine's code, path and message. Nothing here decides a rule: see docs/model.md.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from . import _epochcalc as _engine

#: The engine's version, the project's (the CLI's --version, the module's calc.version).
__version__: str = _engine.version()

__all__ = [
    "EpochcalcError",
    "solve",
    "expand",
    "set_field",
    "sweep_field",
    "sweep_field_document",
    "solve_for",
    "break_even",
    "compare",
    "explain",
    "csv",
    "calibrate",
    "link_params",
    "schema",
    "hardware",
    "datasets",
    "presets",
    "profiles",
    "default_scenario",
    "version",
    "Calculator",
    "Scenario",
    "ResultView",
    "VIEW_NAMES",
]

ScenarioInput = Union[Mapping[str, Any], str]

ERROR_SCHEMA = "epochcalc/error@1"


class EpochcalcError(ValueError):
    """The engine refused the input. ``code`` (E_RANGE, E_UNIT, ...) and ``path`` (a JSON pointer) are
    the first error's; ``errors`` lists them all as dicts {code, path, message}."""

    def __init__(self, errors: Sequence[Mapping[str, str]]):
        self.errors = [dict(e) for e in errors] or [{"code": "E_INTERNAL", "path": "", "message": "unknown error"}]
        first = self.errors[0]
        self.code: str = first["code"]
        self.path: str = first["path"]
        self.message: str = first["message"]
        super().__init__(f"{self.path}: {self.message}" if self.path else self.message)


def _text(scenario: ScenarioInput) -> str:
    """A scenario as the JSON text the engine reads: a str as it is, anything else as JSON."""
    if isinstance(scenario, str):
        return scenario
    try:
        return json.dumps(scenario, allow_nan=True, default=_number)
    except (TypeError, ValueError) as err:
        raise EpochcalcError([{"code": "E_TYPE", "path": "", "message": f"the scenario is not JSON data ({err})"}]) from None
    except RecursionError:
        raise EpochcalcError([_too_deep("the scenario", "")]) from None


def _too_deep(what: str, path: str) -> dict:
    """Nesting Python cannot even write (a 1,000-deep dict raised RecursionError): said as the engine says
    a document nested past its limit."""
    return {"code": "E_RANGE", "path": path, "message": f"{what} nests dicts and lists too deeply to be written as JSON; a scenario needs at most 4 levels"}


def _reply(text: str) -> Any:
    """An engine reply as Python data; an error document raises EpochcalcError."""
    document = json.loads(text)
    if isinstance(document, dict) and document.get("schema") == ERROR_SCHEMA:
        raise EpochcalcError(document.get("errors", []))
    return document


def _data(value: Any, what: str) -> str:
    """A what-if's argument (the sweeps, the devices) as the JSON data the engine reads and checks."""
    try:
        return json.dumps(value, allow_nan=True, default=_number)
    except (TypeError, ValueError) as err:
        raise EpochcalcError([{"code": "E_TYPE", "path": f"/{what}", "message": f"the {what} are not JSON data ({err})"}]) from None
    except RecursionError:
        raise EpochcalcError([_too_deep(f"the {what}", f"/{what}")]) from None


def _quantity_text(value: Any) -> str:
    """A pint Quantity as the text the engine reads: its magnitude and its unit as pint writes it
    ("10 microsecond", "3.35 terabyte / second"), which the engine's unit reader takes."""
    magnitude = value.magnitude
    if hasattr(magnitude, "item"):
        magnitude = magnitude.item()
    return f"{magnitude!r} {value.units}"


def _is_quantity(value: Any) -> bool:
    return hasattr(value, "magnitude") and hasattr(value, "units")


def _number(value: Any) -> Any:
    """numpy's numbers as the numbers they are (json.dumps knows only Python's); a pint Quantity as
    its text."""
    if _is_quantity(value):
        return _quantity_text(value)
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not a number, a string, a list or a dict")


def solve(scenario: ScenarioInput) -> dict:
    """The result document (``epochcalc --json``): each device's epoch at the batch size and at batch
    one, its parts, the comparison and the warnings."""
    return _reply(_engine.solve(_text(scenario)))


def expand(scenario: ScenarioInput) -> dict:
    """The scenario with its preset merged and every registry id written out (not validated)."""
    return _reply(_engine.expand(_text(scenario)))["scenario"]


def set_field(scenario: ScenarioInput, path: str, text: str) -> dict:
    """The scenario with one field set as ``--set PATH=TEXT`` sets it (a dotted path or a JSON pointer)."""
    return _reply(_engine.set_field(_text(scenario), path, str(text)))["scenario"]


def sweep_field_document(scenario: ScenarioInput, *sweeps: Mapping[str, Any]) -> dict:
    """The engine's sweep document (``--sweep ... --json``): one field, or two over a grid."""
    return _reply(_engine.sweep_field(_text(scenario), _data(list(sweeps), "sweeps")))


def sweep_field(scenario: ScenarioInput, *sweeps: Mapping[str, Any]) -> dict:
    """A sweep as columns, named as the CSV names them: the swept field(s) by path, then host.* and
    accelerator.* for each run's figures, the speedup and the faster device; equal-length lists that
    ``pandas.DataFrame(...)`` takes as they are."""
    doc = sweep_field_document(scenario, *sweeps)
    columns: dict = {doc["x"]["path"]: list(doc["x"]["values"])}
    if "y" in doc:
        columns[doc["y"]["path"]] = list(doc["y"]["values"])
    for device in ("host", "accelerator"):
        for key, values in doc[device].items():
            if isinstance(values, list):
                columns[f"{device}.{key}"] = values
            elif key == "cost_usd":
                # A device without a price has no cost: None, never 0 (as the CSV leaves the cell empty).
                columns[f"{device}.{key}"] = [None] * len(doc["speedup"])
    columns["speedup"] = doc["speedup"]
    columns["faster"] = doc["winner"]
    return columns


def solve_for(scenario: ScenarioInput, field: str, goal: str = "flip") -> dict:
    """The value of one field that meets a goal: "flip", "speedup=K" or "epoch=TIME" (``--solve-for``)."""
    return _reply(_engine.solve_for(_text(scenario), field, goal))


def break_even(scenario: ScenarioInput) -> dict:
    """Where the winner flips and where the accelerator is twice as fast, field by field (``--break-even``)."""
    return _reply(_engine.break_even(_text(scenario)))


def compare(scenario: ScenarioInput, devices: Union[str, Iterable[Union[str, Mapping[str, Any]]]] = "accelerators",
            across: Optional[Mapping[str, Any]] = None) -> dict:
    """Devices side by side (``--compare``): "accelerators", "all", or a list of ids and
    {id, price, idle_power} (the command line's ``l4@0.80/h`` is its own syntax). With ``across``, a
    sweep of the batch size as :func:`sweep_field` takes one ({"field": "network.batch_size", "from": 1,
    "to": 4096, "points": 13, "log": True}), the reply's "across" holds each device's epoch and cost at
    every point (``--compare ... --sweep network.batch_size=...``)."""
    devices_data = _data(devices if isinstance(devices, str) else list(devices), "devices")
    return _reply(_engine.compare(_text(scenario), devices_data, "" if across is None else _data([dict(across)], "across")))


def explain(scenario: ScenarioInput, field: str) -> dict:
    """One field's value in force on each device, and where it came from (``--explain``)."""
    return _reply(_engine.explain(_text(scenario), field))


def csv(scenario: ScenarioInput, *, sweeps: Sequence[Mapping[str, Any]] = (), compare: Any = None, units: str = "si") -> str:
    """The CSV ``--csv`` writes: of the result, of a sweep (one or two), or of a comparison."""
    if sweeps:
        what, request = "sweep", _data(list(sweeps), "sweeps")
    elif compare is not None:
        what, request = "compare", _data(compare if isinstance(compare, str) else list(compare), "devices")
    else:
        what, request = "result", "null"
    return _reply(_engine.csv(_text(scenario), what, request, units))["csv"]


def calibrate(measurements: ScenarioInput) -> dict:
    """The overhead constants fitted to measured epochs (``--calibrate``; docs/model.md, "Calibration")."""
    return _reply(_engine.calibrate(_text(measurements)))


def link_params(scenario: ScenarioInput) -> list:
    """The page's address parameters for a scenario, [(key, value), ...], as the page writes them."""
    params = _engine.write_link(_text(scenario))
    if isinstance(params, str):
        _reply(params)
    return [tuple(p) for p in params]


def schema() -> dict:
    """Every scenario rule: fields, units, limits, defaults (``--schema``)."""
    return json.loads(_engine.schema())


def hardware() -> list:
    """The hardware registry (``--list-hardware``): each device's id, name, kind, peaks, bandwidth and
    source."""
    return json.loads(_engine.hardware())["hardware"]


def datasets() -> list:
    """The dataset registry (``--list-datasets``): each dataset's id, name, training examples and source."""
    return json.loads(_engine.datasets())["datasets"]


def presets() -> list:
    """The presets (``--list-presets``): each one's id, title and scenario."""
    return json.loads(_engine.presets())["presets"]


def profiles() -> list:
    """The framework profiles (``--list-profiles``): each one's id, name, values and sources."""
    return json.loads(_engine.profiles())["profiles"]


def default_scenario() -> dict:
    """The default preset's scenario, written out in full."""
    return json.loads(_engine.default_scenario())


def version() -> str:
    """The engine's version (``epochcalc --version``); also ``epochcalc.__version__``."""
    return _engine.version()


# A scenario prepared once and edited field by field (prepared.py), and the calculator for notebooks
# (notebook.py): imported last, they use the functions above.
from .prepared import VIEW_NAMES, ResultView, Scenario  # noqa: E402
from .notebook import Calculator  # noqa: E402


def __dir__() -> list:
    """The package's public names (not the typing and json names it imports for itself)."""
    return sorted([*__all__, "__version__"])
