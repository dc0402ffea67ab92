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
import re
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
    "Sweep",
    "quantities",
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
        text = scenario
    else:
        try:
            text = json.dumps(scenario, allow_nan=True, default=_number)
        except (TypeError, ValueError) as err:
            raise EpochcalcError([{"code": "E_TYPE", "path": "", "message": f"the scenario is not JSON data ({err})"}]) from None
        except RecursionError:
            raise EpochcalcError([_too_deep("the scenario", "")]) from None
    if ("\\ud" in text or not text.isascii()) and _LONE_SURROGATE.search(text):
        raise EpochcalcError([lone_surrogate("the scenario", "")])
    return text


# Half of a UTF-16 pair with no other half, as a str holds it or as json.dumps escapes it: no Unicode
# character, so neither JSON nor UTF-8 can carry it.
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]|\\ud[89ab][0-9a-fA-F]{2}(?!\\ud[c-fC-F])|(?<!\\ud[89abAB][0-9a-fA-F]{2})\\ud[c-fC-F][0-9a-fA-F]{2}")


def lone_surrogate(what: str, path: str) -> dict:
    """The error for text holding half a UTF-16 pair (a str such as "\\ud800")."""
    return {"code": "E_TYPE", "path": path,
            "message": f"{what} holds half of a UTF-16 surrogate pair, which is no character: remove it, or give the whole character"}


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
    if hasattr(value, "tolist"):  # a numpy scalar or array
        return value.tolist()
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


def _columns(sweeps: Sequence[Any]) -> tuple:
    """The sweeps as data, each numpy array of numbers among their "values" taken out and sent as a
    float64 buffer beside them (the engine reads both alike; 1,000 values as JSON text cost more than
    the sweep)."""
    from ._tape import _np
    request, columns = [], []
    for sweep in sweeps:
        values = sweep.get("values") if isinstance(sweep, Mapping) else None
        if _np is not None and isinstance(values, _np.ndarray) and values.ndim == 1 and values.size and values.dtype.kind in "iuf":
            request.append({**sweep, "values": []})
            columns.append(_np.ascontiguousarray(values, dtype=_np.float64))
        else:
            request.append(sweep)
            columns.append(None)
    return request, columns


# (device, series) -> (its column, its unit as the engine names it), filled as the series are first met.
_SERIES_COLUMNS: dict = {}


class Sweep(dict):
    """A sweep as columns: a dict of equal-length numpy arrays (lists where numpy is missing) that
    ``pandas.DataFrame(...)`` takes as it is, or ``.to_pandas()``.

    - The swept field(s) first, keyed as you named them (``"network.batch_size"``, ``"dispatch"``), as
      integers for an integer field; their unit is in ``.units``.
    - Then ``host.<figure>`` and ``accelerator.<figure>`` for each run's epoch and its parts, in SI units
      as their suffix says (``_s``, ``_j``, ``_usd``); a device without a price has a cost of NaN.
    - ``speedup`` (host epoch / accelerator epoch) and ``faster`` ("host" or "accelerator").

    ``.units`` maps each column to its unit ("s", "B/s", "" for a count), as the CSV's second row does;
    ``.swept`` names the swept columns; ``.document`` is the engine's sweep document without its series
    (the fields, their notes). The arrays are views of the engine's reply (writable; no copy)."""

    units: dict
    document: dict
    swept: list

    def __repr__(self) -> str:
        points = len(self["speedup"]) if "speedup" in self else 0
        return f"<epochcalc.Sweep: {points} points of {' x '.join(self.swept)}; {len(self)} columns (.to_pandas())>"

    def to_pandas(self) -> Any:
        """The columns as a pandas DataFrame (pandas must be installed), its units in ``df.attrs["units"]``."""
        import pandas
        # pint columns as their magnitudes (their units are in attrs, as for plain numbers).
        frame = pandas.DataFrame({name: getattr(values, "magnitude", values) for name, values in self.items()})
        frame.attrs["units"] = dict(self.units)
        return frame


def sweep_field(scenario: ScenarioInput, *sweeps: Mapping[str, Any], units: Any = None) -> Sweep:
    """A field swept, or two over a grid, as columns (see ``Sweep``). Each sweep is a dict:
    ``{"field": "network.batch_size", "from": 1, "to": 1024, "points": 1000, "log": True}`` or
    ``{"field": ..., "values": [...]}``, every value a number in SI units, text with its unit ("2 us"),
    a pint Quantity or a numpy array.

    An integer field (a batch size) takes whole numbers only: points that round to the same whole number
    are one point, so 1,000 log-spaced batch sizes from 1 to 1,024 give fewer rows (docs/model.md, "A
    field sweep"). The series come from the engine as raw doubles, not JSON text. With ``units="pint"``
    (or a pint registry) each column with a unit is a pint Quantity array (``epochcalc.quantities``)."""
    from ._tape import read_reply, _np
    ureg = None
    if units is not None:  # a registry, or "pint": checked before the engine runs
        from .quantities import chosen
        ureg = chosen(units)
    # Each swept column keyed as it was asked for (the engine checks the sweeps themselves).
    names = [sweep.get("field") if isinstance(sweep, Mapping) else None for sweep in sweeps]
    # A numpy array of values crosses as its float64 buffer, not as JSON text (see _columns).
    request, buffers = _columns(sweeps)
    doc = read_reply(_engine.sweep_field_tape(_text(scenario), _data(request, "sweeps"), buffers))
    if doc.get("schema") == ERROR_SCHEMA:
        raise EpochcalcError(doc["errors"])
    points = len(doc["speedup"])
    columns = Sweep()
    unit_of: dict = {}  # each column's unit
    for axis, name in zip(("x", "y"), names):
        name = name if isinstance(name, str) else doc[axis]["path"]
        values = doc[axis].pop("values")
        if doc[axis].get("integer") and _np is not None:
            values = values.astype(_np.int64)
        elif doc[axis].get("integer"):
            values = [int(v) for v in values]
        columns[name] = values
        unit_of[name] = doc[axis].get("unit", "")
    for device in ("host", "accelerator"):
        for key, values in doc[device].items():
            named = _SERIES_COLUMNS.get((device, key))
            if named is None:
                if key == "priced":
                    continue
                named = _SERIES_COLUMNS[device, key] = (f"{device}.{key}", _engine.unit_of_key(key))
            if values is None:  # no price: no cost, NaN (the CSV leaves the cell empty, JSON has null)
                values = _np.full(points, _np.nan) if _np is not None else [float("nan")] * points
            columns[named[0]] = values
            unit_of[named[0]] = named[1]
    columns["speedup"] = doc.pop("speedup")
    winner = doc.pop("winner")  # numpy strings already where the engine sent many
    columns["faster"] = _np.asarray(winner, dtype=object) if _np is not None else winner
    unit_of["speedup"] = unit_of["faster"] = ""
    for device in ("host", "accelerator"):
        doc.pop(device)
    columns.units = unit_of
    columns.document = doc
    columns.swept = list(columns)[:len(names)]
    if ureg is not None:
        from .quantities import quantity
        for name, unit in unit_of.items():
            if name != "faster":
                columns[name] = quantity(ureg, columns[name], unit)
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
    """The CSV ``--csv`` writes: of the result, of a sweep (one or two), or of a comparison. Its second
    row holds each column's unit: read it back with ``pandas.read_csv(io.StringIO(text), skiprows=[1])``
    (or ``list(csv.DictReader(io.StringIO(text)))[1:]``)."""
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
from . import quantities  # noqa: E402  (pint output; pint itself loads on first use)


def __dir__() -> list:
    """The package's public names (not the typing and json names it imports for itself)."""
    return sorted([*__all__, "__version__"])
