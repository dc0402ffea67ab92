"""Builds a notebook that imports epochcalc, prints a result and displays a Calculator; executes it
headless (nbconvert's ExecutePreprocessor, the python3 kernel, with this process's PYTHONPATH); exports it
to HTML. Prints one JSON line: where the notebook and its HTML are, and the epoch the kernel printed.

    PYTHONPATH=build/native/python-package python3 tests/notebook/run_notebook.py OUT_DIR
"""

import json
import sys
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter
from nbconvert.preprocessors import ExecutePreprocessor

out = Path(sys.argv[1])
notebook = nbformat.v4.new_notebook()
notebook.cells = [
    nbformat.v4.new_markdown_cell("# The dispatch tax\nThe engine from Python, and the calculator in the notebook."),
    nbformat.v4.new_code_cell("import epochcalc\n"
                              "r = epochcalc.solve({'preset': 'mnist-cpu-vs-h100', 'network': {'batch_size': 64}})\n"
                              "print('accelerator epoch', repr(r['accelerator']['batched']['epoch_time_s']))"),
    nbformat.v4.new_code_cell("epochcalc.Calculator(preset='mnist-cpu-vs-h100', view='full', network__batch_size=64)"),
]
ExecutePreprocessor(timeout=120, kernel_name="python3").preprocess(notebook, {"metadata": {"path": str(out)}})
nbformat.write(notebook, out / "notebook.ipynb")
printed = "".join(o.get("text", "") for o in notebook.cells[1].outputs if o.get("output_type") == "stream")
shown = notebook.cells[2].outputs[0]["data"]
html, _ = HTMLExporter().from_notebook_node(notebook)
(out / "notebook.html").write_text(html, encoding="utf-8")
print(json.dumps({
    "notebook": str(out / "notebook.ipynb"),
    "html": str(out / "notebook.html"),
    "printed": printed.strip(),
    "output_types": sorted(shown),
}))
