"""A scenario read, validated and solved once by the engine, then edited one field at a time.

    s = epochcalc.Scenario(preset="mnist-cpu-vs-h100", network__batch_size=64)
    s.set("dispatch", "2 us")             # a number in SI units, or text the engine's unit reader takes
    v = s.solve()                         # the numbers, read as attributes:
    v.accelerator.batched.epoch_time_s    # <host|accelerator>.<batched|batch_one>.<figure>
    v.network.batched.flops               # network.<batched|batch_one>.<count>, network.layers
    v.comparison.accelerator_speedup_batched
    v["host.batch_one.overhead_time_s"]   # the same by its dotted name
    numpy.asarray(v.values)               # every slot, in the order of VIEW_NAMES
    s.result()                            # the full result document, as epochcalc.solve gives it

The names are the result document's own paths (docs/model.md, "The result view"); where the document
has null, a cost without a price is NaN and a missing crossover 0. An edit means exactly what the same
edit of the document means (``epochcalc.set_field``); a refused one raises EpochcalcError with the
engine's code, path and message and changes nothing.
"""

from __future__ import annotations

import json
import numbers
from typing import Any, Mapping, Optional, Union

from . import _epochcalc as _engine

_VIEW = json.loads(_engine.result_view())
VIEW_VERSION: str = _VIEW["version"]
VIEW_NAMES: tuple = tuple(_VIEW["names"])
_SLOTS = {name: i for i, name in enumerate(VIEW_NAMES)}


def _group_classes() -> dict:
    """One class per group of slots ("host.batched", "network", "comparison"): each figure a property
    that reads its slot from the engine's buffer, so a read costs one lookup and nothing is copied."""
    groups: dict = {}
    for i, name in enumerate(VIEW_NAMES):
        group, _, figure = name.rpartition(".")
        groups.setdefault(group, {})[figure] = i
    classes = {}
    for group, figures in groups.items():
        body: dict = {"__slots__": ("_values",), "__doc__": f"The {group} figures of a result view."}
        for figure, slot in figures.items():
            body[figure] = property(lambda self, slot=slot: self._values[slot])
        body["__repr__"] = lambda self, group=group, figures=figures: f"<{group}: " + ", ".join(
            f"{k}={self._values[v]!r}" for k, v in figures.items()) + ">"
        classes[group] = type(group.replace(".", "_"), (), body)
    return classes


_GROUPS = _group_classes()


class _Device:
    """A device's two runs (batched, batch_one), or the network's counts (batched, batch_one, layers, ...)."""

    __slots__ = ("batched", "batch_one", "_values", "_root")

    def __init__(self, values: memoryview, root: str):
        self._values = values
        self._root = root
        for run in ("batched", "batch_one"):
            object.__setattr__(self, run, _GROUPS[f"{root}.{run}"].__new__(_GROUPS[f"{root}.{run}"]))
            getattr(self, run)._values = values

    def __getattr__(self, figure: str) -> float:
        slot = _SLOTS.get(f"{self._root}.{figure}")
        if slot is None:
            raise AttributeError(f"the result view has no {self._root}.{figure}")
        return self._values[slot]


class ResultView:
    """The numbers of a prepared scenario's current state, read as attributes or by dotted name. A view
    over the engine's buffer: it shows the scenario's numbers after each later edit too."""

    __slots__ = ("host", "accelerator", "network", "comparison", "values")

    def __init__(self, values: memoryview):
        self.values = values
        self.host = _Device(values, "host")
        self.accelerator = _Device(values, "accelerator")
        self.network = _Device(values, "network")
        comparison = _GROUPS["comparison"]
        self.comparison = comparison.__new__(comparison)
        self.comparison._values = values

    def __getitem__(self, name: str) -> float:
        slot = _SLOTS.get(name)
        if slot is None:
            raise KeyError(f"the result view has no {name!r}; its names are epochcalc.VIEW_NAMES")
        return self.values[slot]

    def __repr__(self) -> str:
        return (f"<epochcalc.ResultView: host {self.host.batched.epoch_time_s:.6g} s, accelerator "
                f"{self.accelerator.batched.epoch_time_s:.6g} s per epoch at batch {self.network.batched.batch_size:g}>")

    def to_dict(self) -> dict:
        """Every slot by its dotted name."""
        return {name: self.values[i] for i, name in enumerate(VIEW_NAMES)}


def _raise_if_error(text: str) -> None:
    if text:
        from . import EpochcalcError
        raise EpochcalcError(json.loads(text)["errors"])


class Scenario:
    """A scenario prepared by the engine: ``Scenario(scenario=None, *, preset=None, **fields)``.

    ``scenario`` is a dict or JSON text as ``epochcalc.solve`` takes it; ``preset`` starts from a preset
    instead (the default preset when neither is given). Each keyword sets one field as ``set`` does,
    "__" standing for "." in its path: ``network__batch_size=64``. Raises EpochcalcError where
    ``epochcalc.solve`` would.
    """

    __slots__ = ("_prepared", "_view")

    def __init__(self, scenario: Union[Mapping[str, Any], str, None] = None, *, preset: Optional[str] = None, **fields: Any):
        from . import _text, default_scenario
        if scenario is not None and preset is not None:
            raise TypeError("give a scenario or a preset, not both")
        document: Any = scenario if scenario is not None else {"preset": preset} if preset is not None else default_scenario()
        prepared = _engine.prepare(_text(document))
        if isinstance(prepared, str):
            _raise_if_error(prepared)
        self._prepared = prepared
        self._view = ResultView(prepared.view())
        for name, value in fields.items():
            self.set(name.replace("__", "."), value)

    def set(self, path: str, value: Any) -> "Scenario":
        """Sets one field (a dotted path or a JSON pointer): a number in SI units, text such as "20 us"
        (or as pint prints it: "20 microsecond"), a pint Quantity, True or False, or None to remove an
        optional field. Returns the scenario, so edits chain."""
        from . import _is_quantity, _quantity_text
        if _is_quantity(value):
            value = _quantity_text(value)
        if isinstance(value, bool):
            _raise_if_error(self._prepared.set_text(path, "true" if value else "false"))
        elif isinstance(value, numbers.Real):
            _raise_if_error(self._prepared.set_number(path, float(value)))
        elif isinstance(value, str):
            try:
                _raise_if_error(self._prepared.set_text(path, value))
            except (TypeError, UnicodeEncodeError):  # half a surrogate pair: no UTF-8 for the engine
                from . import EpochcalcError, lone_surrogate
                raise EpochcalcError([lone_surrogate("the value", path if path.startswith("/") else "/" + path.replace(".", "/"))]) from None
        elif value is None:
            _raise_if_error(self._prepared.set_text(path, ""))
        else:
            from . import EpochcalcError
            raise EpochcalcError([{"code": "E_TYPE", "path": path if path.startswith("/") else "/" + path.replace(".", "/"),
                                   "message": f"expected a number in SI units or text such as \"20 us\", got {type(value).__name__}"}])
        return self

    def solve(self, units: Any = None) -> Any:
        """The numbers of the current state, as attributes (see the module's docstring). With
        ``units="pint"`` (or a pint registry) each figure is a pint Quantity in its SI unit
        (``epochcalc.quantities``)."""
        if units is None:
            return self._view
        from .quantities import QuantityView, chosen
        return QuantityView(self._view, chosen(units))

    def result(self) -> dict:
        """The full result document of the edited scenario, as ``epochcalc.solve`` gives it."""
        from . import _reply
        return _reply(self._prepared.result())

    def document(self) -> dict:
        """The scenario document with every edit in it."""
        return json.loads(self._prepared.document())

    def sweep_field(self, *sweeps: Any, units: Any = None) -> Any:
        """``epochcalc.sweep_field`` of the edited scenario (a ``Sweep`` of columns)."""
        from . import sweep_field
        return sweep_field(self.document(), *sweeps, units=units)

    def solve_for(self, field: str, goal: str = "flip") -> dict:
        from . import solve_for
        return solve_for(self.document(), field, goal)

    def break_even(self) -> dict:
        from . import break_even
        return break_even(self.document())

    def compare(self, devices: Any = "accelerators", across: Any = None) -> dict:
        from . import compare
        return compare(self.document(), devices, across)

    def __repr__(self) -> str:
        v = self._view
        return (f"<epochcalc.Scenario: host {v.host.batched.epoch_time_s:.6g} s, "
                f"accelerator {v.accelerator.batched.epoch_time_s:.6g} s per epoch>")
