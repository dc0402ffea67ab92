"""The calculator in a notebook: ``epochcalc.Calculator(...)`` shows the interactive calculator (the web
page's own element) as a cell's output. It needs no notebook extension and no network: the page
(dist/epochcalc-notebook.html, installed with the package as notebook.html) carries the element, its
modules and the engine's .wasm, and the output is a frame of its own (srcdoc), so it survives the
notebook's export to HTML. Its numbers come from the engine in the browser; ``.result`` is the same
engine's, from Python, for the same scenario.

Each output also carries a static copy of the answer (the sentence, the numbers and the bars as SVG,
and the same as text/plain), which shows where the notebook is not trusted or runs no script; the
frame starts hidden and replaces it once its calculator runs. The page (about 1 MB) is in the notebook
once: the first calculator shown in a kernel carries it, and each later one carries a small loader
(notebook-loader.html) that takes the page from the first one's frame. ``standalone=True`` puts the
whole page in that output too, for a notebook whose first calculator may be deleted."""

from __future__ import annotations

import functools
import html
import json
import math
from pathlib import Path
from typing import Any, Mapping, Optional, Union
from urllib.parse import quote, urlencode

from . import EpochcalcError, link_params, set_field, solve
from .prepared import ResultView, Scenario

MARKER = "<!-- epochcalc:calculator -->"
END_MARKER = "<!-- /epochcalc:calculator -->"
_HERE = Path(__file__).parent
# Whether this kernel has shown the page once (the later outputs load it from that one's frame).
_runtime_shown = False


def _read(name: str) -> str:
    page = _HERE / name
    if not page.exists():
        raise FileNotFoundError(
            f"{page} is missing: build the web page first (npm start or npm run build, which write "
            "dist/epochcalc-notebook.html), then install the package again (python3 -m pip install --no-build-isolation ./python)")
    return page.read_text(encoding="utf-8")


def _page() -> str:
    return _read("notebook.html")


@functools.lru_cache(maxsize=1)
def views() -> dict:
    """The calculator element's views and the height in CSS pixels its frame starts at, as the notebook
    page lists them ({"full": 1400, "compact": 420, ...}); empty where the page is not installed. Read
    once: the page is a megabyte."""
    if not (_HERE / "notebook.html").exists():
        return {}
    page = _page()
    start = page.find('id="epochcalc-views">')
    if start < 0:
        return {}
    start += len('id="epochcalc-views">')
    return json.loads(page[start:page.index("</script>", start)])


def _references(markup: str) -> str:
    """HTML as ASCII, every other character a reference: the same text whatever encoding the notebook's
    page, or its export, is read in."""
    return markup.encode("ascii", "xmlcharrefreplace").decode("ascii")


def _ascii(text: str) -> str:
    """Text as an ASCII attribute value."""
    return _references(html.escape(text, quote=True))


def _time(seconds: float) -> str:
    """A duration with four significant digits in the unit that reads best."""
    if not math.isfinite(seconds):
        return "-"
    for limit, unit, scale in ((1e-6, "ns", 1e9), (1e-3, "\u00b5s", 1e6), (1.0, "ms", 1e3), (120.0, "s", 1.0), (7200.0, "min", 1 / 60)):
        if abs(seconds) < limit:
            return f"{seconds * scale:.4g} {unit}"
    return f"{seconds / 3600:.4g} h"


class _Answer:
    """The static copy of a result document: its sentences, its table and its bars."""

    def __init__(self, result: Mapping[str, Any]):
        self.name = result["scenario"]["name"]
        self.devices = [(role, result["scenario"][role]["name"], result[role]) for role in ("host", "accelerator")]
        self.sizes = {"batched": result["network"]["batched"]["batch_size"], "batch_one": 1}
        self.speedups = {run: result["comparison"][f"accelerator_speedup_{run}"] for run in self.sizes}

    def sentences(self) -> list:
        out = []
        for run, size in self.sizes.items():
            (_, host, h), (_, acc, a) = self.devices
            faster, slower = (a[run], h[run]) if self.speedups[run] >= 1 else (h[run], a[run])
            name = acc if self.speedups[run] >= 1 else host
            ratio = max(self.speedups[run], 1 / self.speedups[run]) if self.speedups[run] > 0 else math.inf
            out.append(f"At batch size {size:,} the {name} is {ratio:.3g}x faster ({_time(faster['epoch_time_s'])} against "
                       f"{_time(slower['epoch_time_s'])} per epoch), and {faster['overhead_fraction'] * 100:.1f}% of its epoch "
                       "is per-operation overhead.")
        return out

    def rows(self) -> list:
        return [(name, self.sizes[run], d[run]) for _, name, d in self.devices for run in self.sizes]

    def text(self) -> str:
        lines = [self.name, *self.sentences()]
        for name, size, r in self.rows():
            lines.append(f"  {name}, batch {size:,}: epoch {_time(r['epoch_time_s'])}, {r['overhead_fraction'] * 100:.1f}% overhead")
        return "\n".join(lines)

    def svg(self) -> str:
        """Each run's epoch as a bar, its overhead share in orange and its work in blue."""
        rows = self.rows()
        longest = max(r["epoch_time_s"] for _, _, r in rows) or 1.0
        bar, width, left = 18, 420, 260
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{left + width + 90}" height="{len(rows) * (bar + 8) + 24}" '
                 f'aria-label="Epoch time per device and batch size: work and per-operation overhead" '
                 'style="font:12px system-ui,sans-serif;max-width:100%">']
        for i, (name, size, r) in enumerate(rows):
            y = i * (bar + 8)
            total = width * r["epoch_time_s"] / longest
            overhead = total * r["overhead_fraction"]
            label = f"{name}, batch {size:,}"
            parts.append(f'<text x="{left - 6}" y="{y + 13}" text-anchor="end" fill="currentColor">{html.escape(label[:38])}</text>')
            parts.append(f'<rect x="{left}" y="{y}" width="{total - overhead:.2f}" height="{bar}" fill="#3b7dd8"><title>work</title></rect>')
            parts.append(f'<rect x="{left + total - overhead:.2f}" y="{y}" width="{overhead:.2f}" height="{bar}" fill="#e8710a">'
                         f'<title>overhead {r["overhead_fraction"] * 100:.1f}%</title></rect>')
            parts.append(f'<text x="{left + total + 6:.2f}" y="{y + 13}" fill="currentColor">{html.escape(_time(r["epoch_time_s"]))}</text>')
        y = len(rows) * (bar + 8) + 12
        parts.append(f'<rect x="{left}" y="{y - 9}" width="10" height="10" fill="#3b7dd8"/><text x="{left + 14}" y="{y}" fill="currentColor">work</text>'
                     f'<rect x="{left + 60}" y="{y - 9}" width="10" height="10" fill="#e8710a"/>'
                     f'<text x="{left + 74}" y="{y}" fill="currentColor">per-operation overhead</text></svg>')
        return "".join(parts)

    def html(self) -> str:
        head = "<tr><th>device</th><th>batch</th><th>epoch</th><th>overhead</th></tr>"
        body = "".join(f"<tr><td>{html.escape(name)}</td><td>{size:,}</td><td>{html.escape(_time(r['epoch_time_s']))}</td>"
                       f"<td>{r['overhead_fraction'] * 100:.1f}%</td></tr>" for name, size, r in self.rows())
        sentences = "".join(f"<p>{html.escape(s)}</p>" for s in self.sentences())
        return (f"<p><strong>{html.escape(self.name)}</strong></p>{sentences}"
                f'<table style="border-collapse:collapse">{head}{body}</table>{self.svg()}')


class Calculator:
    """One interactive calculator for a notebook.

        Calculator(preset="mnist-cpu-vs-h100", view="full", network__batch_size=64, dispatch="20 us")

    ``scenario`` is a scenario (dict or JSON text); ``preset`` starts one from a preset; every other
    keyword sets one field, as ``epochcalc --set`` does ("__" stands for "." in its path:
    ``network__batch_size=64`` is ``--set network.batch_size=64``). ``view``, ``theme`` and ``controls``
    are the element's attributes; a view the element does not have (``epochcalc.notebook.views()``) is
    refused here. ``standalone=True`` carries the whole page in this output even where an earlier
    calculator in the kernel already did (see the module's docstring)."""

    def __init__(self, scenario: Union[Mapping[str, Any], str, None] = None, *, preset: Optional[str] = None,
                 view: str = "full", theme: Optional[str] = None, controls: Optional[str] = None,
                 standalone: bool = False, **fields: Any):
        known = views()
        if known and view not in known:
            raise EpochcalcError([{"code": "E_ARGS", "path": "/view", "message":
                                   f"the calculator has no view {view!r}: give one of " + ", ".join(map(repr, known))}])
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
        self.standalone = standalone

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
        return page.replace(MARKER, MARKER + self.element() + END_MARKER, 1)

    def _loader(self) -> Optional[str]:
        """The small page that takes the notebook's copy of the page from the first calculator's frame."""
        if not (_HERE / "notebook-loader.html").exists():
            return None
        return _read("notebook-loader.html").replace(MARKER, self.element(), 1)

    def _static(self) -> tuple:
        """The answer without script: (HTML, text), from the engine in Python; or its errors."""
        try:
            answer = _Answer(self.result)
            return answer.html(), answer.text()
        except EpochcalcError as err:
            lines = [f"{e.get('code')} at {e.get('path') or '/'}: {e.get('message')}" for e in err.errors]
            return "".join(f"<p>{html.escape(line)}</p>" for line in lines), "\n".join(lines)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        """The output: text/html (the static answer, then the frame that replaces it where it runs) and
        text/plain (the answer as text)."""
        global _runtime_shown
        static_html, static_text = self._static()
        loader = None if self.standalone or not _runtime_shown else self._loader()
        document, runtime = (loader, "") if loader else (self.page(), " data-epochcalc-runtime")
        _runtime_shown = True
        height = views().get(self.view, 1400)
        frame = (f'<iframe class="epochcalc"{runtime} title="epochcalc: {_ascii(self._title())}" '
                 f'style="display:none;width:100%;height:{height}px;border:0" srcdoc="{_ascii(document)}"></iframe>')
        copy = f'<div class="epochcalc-static" style="font:14px/1.45 system-ui,sans-serif">{_references(static_html)}</div>'
        return {"text/html": copy + frame, "text/plain": static_text}

    def _title(self) -> str:
        try:
            return self.result["scenario"]["name"]
        except Exception:  # a scenario the engine refuses still shows: the calculator says why
            return "a scenario"

    def __repr__(self) -> str:
        return f"Calculator({json.dumps(self.scenario)}, view={self.view!r})"
