"""The calculator in a notebook: ``epochcalc.Calculator(...)`` shows the interactive calculator (the web
page's own element) as a cell's HTML output. It needs no notebook extension and no network: the page
(dist/epochcalc-notebook.html, installed with the package as notebook.html) carries the element, its
modules and the engine's .wasm, and the output is a frame of its own (srcdoc), so it survives the
notebook's export to HTML. Its numbers come from the engine in the browser; ``.result`` is the same
engine's, from Python, for the same scenario."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Mapping, Optional, Union
from urllib.parse import quote, urlencode

from . import EpochcalcError, link_params, set_field, solve
from .prepared import ResultView, Scenario

MARKER = "<!-- epochcalc:calculator -->"
# The frame's height before the calculator inside has grown it to its content (where the notebook's page
# lets it: same origin), by view; a view not listed takes the tallest.
_HEIGHTS = {"none": 240, "summary": 420, "sweep": 700, "whatif": 900, "devices": 900, "full": 1400}


def _page() -> str:
    page = Path(__file__).with_name("notebook.html")
    if not page.exists():
        raise FileNotFoundError(
            f"{page} is missing: build the web page first (npm run build, which writes dist/epochcalc-notebook.html), "
            "then install the package again (python3 -m pip install --no-build-isolation ./python)")
    return page.read_text(encoding="utf-8")


class Calculator:
    """One interactive calculator for a notebook.

        Calculator(preset="mnist-cpu-vs-h100", view="full", network__batch_size=64, dispatch="20 us")

    ``scenario`` is a scenario (dict or JSON text); ``preset`` starts one from a preset; every other
    keyword sets one field, as ``epochcalc --set`` does ("__" stands for "." in its path:
    ``network__batch_size=64`` is ``--set network.batch_size=64``). ``view``, ``theme`` and ``controls``
    are the element's attributes."""

    def __init__(self, scenario: Union[Mapping[str, Any], str, None] = None, *, preset: Optional[str] = None,
                 view: str = "full", theme: Optional[str] = None, controls: Optional[str] = None, **fields: Any):
        document: Any = json.loads(scenario) if isinstance(scenario, str) else dict(scenario or {})
        if preset is not None:
            document = set_field(document, "preset", preset)
        elif not document:
            document = {"preset": "mnist-cpu-vs-h100"}
        for name, value in fields.items():
            document = set_field(document, name.replace("__", "."), value if isinstance(value, str) else json.dumps(value))
        # A field name the engine does not know (network__bach_size) is refused here, with its
        # suggestion, before anything is shown; other errors the calculator shows beside their fields.
        if fields:
            try:
                solve(document)
            except EpochcalcError as err:
                unknown = [e for e in err.errors if e.get("code") == "E_UNKNOWN_FIELD"]
                if unknown:
                    raise EpochcalcError(unknown) from None
        self.scenario: Any = document
        # The engine's prepared copy of `scenario` (epochcalc.Scenario), made when first solved and kept
        # while `scenario` stays the same document: (its JSON text, the Scenario).
        self._prepared: Optional[tuple] = None
        self.view = view
        self.theme = theme
        self.controls = controls

    def prepared(self) -> Scenario:
        """This calculator's scenario prepared by the engine (``epochcalc.Scenario``): kept while
        ``scenario`` stays the same document, so its numbers cost microseconds. Raises EpochcalcError for
        a scenario the engine refuses."""
        text = json.dumps(self.scenario)
        if self._prepared is None or self._prepared[0] != text:
            self._prepared = (text, Scenario(self.scenario))
        return self._prepared[1]

    @property
    def result(self) -> dict:
        """The result for this scenario, from the engine in Python (as ``epochcalc.solve`` gives it)."""
        return self.prepared().result()

    def solve(self) -> ResultView:
        """The numbers of this scenario as attributes (``.solve().accelerator.batched.epoch_time_s``)."""
        return self.prepared().solve()

    @property
    def link(self) -> str:
        """The web page's address for this scenario, relative to wherever the page is served:
        "?preset=...&network.batch_size=64" (the page's own parameters, as it writes them)."""
        params = link_params(self.scenario)
        return "?" + urlencode(params, quote_via=quote, safe="/:,") if params else ""

    def element(self) -> str:
        """The calculator element's HTML for this scenario (for a page that loads epochcalc-element.js)."""
        attributes = {"scenario": json.dumps(self.scenario), "view": self.view, "theme": self.theme, "controls": self.controls}
        text = " ".join(f'{name}="{html.escape(str(value), quote=True)}"' for name, value in attributes.items() if value is not None)
        return f"<epoch-overhead-calculator {text}></epoch-overhead-calculator>"

    def page(self) -> str:
        """A whole page holding this calculator, with everything it needs inline."""
        page = _page()
        if MARKER not in page:
            raise ValueError("notebook.html has no place for the calculator: install the package again from a fresh build")
        return page.replace(MARKER, self.element(), 1)

    def _repr_html_(self) -> str:
        height = _HEIGHTS.get(self.view, max(_HEIGHTS.values()))
        # ASCII only (every other character as a reference): the frame's document is the same text whatever
        # encoding the notebook's page, or its export, is read in.
        ascii = lambda text: html.escape(text, quote=True).encode("ascii", "xmlcharrefreplace").decode("ascii")  # noqa: E731
        return (f'<iframe class="epochcalc" title="epochcalc: {ascii(self._title())}" '
                f'style="width:100%;height:{height}px;border:0" srcdoc="{ascii(self.page())}"></iframe>')

    def _title(self) -> str:
        try:
            return self.result["scenario"]["name"]
        except Exception:  # a scenario the engine refuses still shows: the calculator says why
            return "a scenario"

    def __repr__(self) -> str:
        return f"Calculator({json.dumps(self.scenario)}, view={self.view!r})"
