"""Builds the engine's extension with the project's CMake (scripts/build-python.sh, for this Python) and
puts it into the package; the version is the project's (CMakeLists.txt). See pyproject.toml."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent.parent
VERSION = re.search(r"project\(epochcalc VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        env = dict(os.environ, PYTHON=sys.executable)
        subprocess.run(["bash", str(ROOT / "scripts" / "build-python.sh")], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        built = next((ROOT / "build" / "native" / "python-package" / "epochcalc").glob("_epochcalc*.so"))
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)
        # The notebook's calculator page and its loader (epochcalc.Calculator), from the web build when
        # it has run.
        for name in ("notebook", "notebook-loader"):
            page = ROOT / "dist" / f"epochcalc-{name}.html"
            if page.exists():
                shutil.copyfile(page, target.parent / f"{name}.html")


setup(version=VERSION, ext_modules=[Extension("epochcalc._epochcalc", sources=[])], cmdclass={"build_ext": CMakeBuild})
