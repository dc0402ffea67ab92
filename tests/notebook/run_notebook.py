"""Builds a notebook that imports epochcalc, prints a result and displays two Calculators; executes it
headless (nbconvert's ExecutePreprocessor, the python3 kernel, with this process's PYTHONPATH); exports it
to HTML, and saves it again without its second Calculator, to weigh what that one adds. Prints one JSON
line: where the notebooks and the HTML are, the epochs the kernel printed, and each Calculator's
text/plain output.

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
    nbformat.v4.new_code_cell("second = epochcalc.Calculator(preset='mnist-cpu-vs-h100', view='compact', network__batch_size=256, dispatch='2 us')\n"
                              "print('second epoch', repr(second.result['accelerator']['batched']['epoch_time_s']))\n"
                              "second"),
]
ExecutePreprocessor(timeout=120, kernel_name="python3").preprocess(notebook, {"metadata": {"path": str(out)}})
nbformat.write(notebook, out / "notebook.ipynb")
printed = "".join(o.get("text", "") for cell in notebook.cells[1:] for o in cell.outputs if o.get("output_type") == "stream")
shown = [next(o["data"] for o in cell.outputs if o.get("output_type") == "execute_result") for cell in notebook.cells[2:]]
html, _ = HTMLExporter().from_notebook_node(notebook)
(out / "notebook.html").write_text(html, encoding="utf-8")
notebook.cells = notebook.cells[:3]
nbformat.write(notebook, out / "one-calculator.ipynb")
print(json.dumps({
    "notebook": str(out / "notebook.ipynb"),
    "one_calculator": str(out / "one-calculator.ipynb"),
    "html": str(out / "notebook.html"),
    "printed": printed.strip(),
    "output_types": [sorted(data) for data in shown],
    "plain": [data.get("text/plain", "") for data in shown],
}))
