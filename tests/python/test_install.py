"""The documented install (README, "From Python"): pip installs python/ without network and without
build isolation into a fresh virtual environment, and the README's example runs there (issue 38)."""

import subprocess
import sys
from pathlib import Path

import epochcalc
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """python/ pip-installed into a fresh virtual environment once, for every test here: its Python."""
    venv = tmp_path_factory.mktemp("install") / "venv"
    # No pip of its own (that needs Debian's python3-venv): the system's pip installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-build-isolation", "--no-index", "--quiet", str(ROOT / "python")],
                             capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    return python


def test_pip_installs_the_package_and_the_readme_example_runs(installed, tmp_path):
    # Run from elsewhere, so the package comes from the environment, not from the checkout.
    example = 'import epochcalc\nprint(epochcalc.solve({"preset": "mnist-cpu-vs-h100"})["accelerator"]["batched"]["epoch_time_s"])'
    run = subprocess.run([str(installed), "-c", example], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    # The same number the tests' own build gives, to the last digit (print writes the shortest repr).
    assert run.stdout.strip() == repr(epochcalc.solve({"preset": "mnist-cpu-vs-h100"})["accelerator"]["batched"]["epoch_time_s"])


def test_the_installed_package_shows_a_calculator(installed, tmp_path):
    """Issue 46: after the page is built (npm start builds dist/), pip install brings everything a
    Calculator needs: its output carries the page, from the installed package, not the checkout."""
    if not (ROOT / "dist" / "epochcalc-notebook.html").exists():
        pytest.skip("dist/epochcalc-notebook.html is not built (npm start or npm test build it)")
    shown = ('import epochcalc, pathlib\n'
             'out = epochcalc.Calculator(preset="mnist-cpu-vs-h100", network__batch_size=64)._repr_mimebundle_()\n'
             'print(len(out["text/html"]), "data-epochcalc-runtime" in out["text/html"], out["text/plain"].splitlines()[1])\n'
             'print(pathlib.Path(epochcalc.__file__).parent)')
    run = subprocess.run([str(installed), "-c", shown], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    first, where = run.stdout.strip().splitlines()
    size, runtime, sentence = first.split(" ", 2)
    assert int(size) > 500_000 and runtime == "True"
    assert sentence.startswith("At batch size 64 the NVIDIA H100")
    assert str(installed.parent.parent) in where, "the package came from the checkout, not the environment"
