"""pint output, where pint is installed: ``Scenario.solve(units="pint")`` and ``sweep_field(...,
units="pint")`` give pint Quantities, each in the SI unit the engine names for it (``unit_of_key``: a
time in s, an energy in J, a cost in USD; a count or a ratio dimensionless; a swept field in its own
unit, "B/s", "FLOP/s", ...).

``units="pint"`` uses this package's registry (``epochcalc.quantities.registry()``), which knows FLOP
and USD besides pint's own units; pass your own ``pint.UnitRegistry`` instead to mix the answers with
your quantities (it must know FLOP and USD for the figures that use them: ``define_units(ureg)``)."""

from __future__ import annotations

from typing import Any

from . import _epochcalc as _engine

_registry: Any = None


def define_units(ureg: Any) -> Any:
    """Teaches a pint registry the two units the engine uses beyond pint's own: FLOP (a count of
    floating-point operations, also "flop") and USD. Returns the registry."""
    for definition, name in (("FLOP = [computation] = _ = flop", "FLOP"), ("USD = [currency]", "USD")):
        if name not in ureg:
            ureg.define(definition)
    return ureg


def registry() -> Any:
    """The package's pint registry (made on first use; ImportError where pint is missing)."""
    global _registry
    if _registry is None:
        import pint
        _registry = define_units(pint.UnitRegistry())
    return _registry


def chosen(units: Any) -> Any:
    """The registry ``units`` names: the package's for "pint", or the registry given; anything else is
    refused (callers pass None for plain numbers and never ask)."""
    if isinstance(units, str):
        if units == "pint":
            return registry()
        raise ValueError(f'units is None (plain numbers) or "pint", or a pint.UnitRegistry; got {units!r}')
    if hasattr(units, "Quantity"):
        return units
    raise ValueError(f'units is None (plain numbers) or "pint", or a pint.UnitRegistry; got {type(units).__name__}')


def quantity(ureg: Any, value: Any, unit: str) -> Any:
    """``value`` (a number or a numpy array) in ``unit`` ("" is dimensionless)."""
    return ureg.Quantity(value, unit or "dimensionless")


def unit_of(name: str) -> str:
    """The engine's SI unit of a figure by its name ("host.batched.epoch_time_s": "s")."""
    return _engine.unit_of_key(name.rsplit(".", 1)[-1])


class QuantityView:
    """A result view whose figures are pint Quantities: the same names (``v.accelerator.batched.
    epoch_time_s``, ``v["host.batch_one.energy_j"]``), read from the same engine buffer at each access."""

    __slots__ = ("_view", "_ureg", "_prefix")

    def __init__(self, view: Any, ureg: Any, prefix: str = ""):
        self._view, self._ureg, self._prefix = view, ureg, prefix

    def __getattr__(self, name: str) -> Any:
        full = self._prefix + name
        try:
            return self[full]
        except KeyError:
            pass
        from .prepared import VIEW_NAMES
        if any(n.startswith(full + ".") for n in VIEW_NAMES):
            return QuantityView(self._view, self._ureg, full + ".")
        raise AttributeError(f"the result view has no {full}")

    def __getitem__(self, name: str) -> Any:
        return quantity(self._ureg, self._view[name], unit_of(name))

    def __repr__(self) -> str:
        return f"<epochcalc.QuantityView {self._prefix or 'of a result'}>"
