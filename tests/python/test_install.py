"""The documented install (README, "From Python"): pip installs python/ without network and without
build isolation into a fresh virtual environment, and the README's example runs there (issue 38)."""

import subprocess
import sys
from pathlib import Path

import epochcalc

ROOT = Path(__file__).resolve().parents[2]


def test_pip_installs_the_package_and_the_readme_example_runs(tmp_path):
    venv = tmp_path / "venv"
    # No pip of its own (that needs Debian's python3-venv): the system's pip installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-build-isolation", "--no-index", "--quiet", str(ROOT / "python")],
                             capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    # Run from elsewhere, so the package comes from the environment, not from the checkout.
    example = 'import epochcalc\nprint(epochcalc.solve({"preset": "mnist-cpu-vs-h100"})["accelerator"]["batched"]["epoch_time_s"])'
    run = subprocess.run([str(python), "-c", example], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    # The same number the tests' own build gives, to the last digit (print writes the shortest repr).
    assert run.stdout.strip() == repr(epochcalc.solve({"preset": "mnist-cpu-vs-h100"})["accelerator"]["batched"]["epoch_time_s"])
