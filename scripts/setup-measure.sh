#!/usr/bin/env bash
# Installs what scripts/measure.py needs and `npm start` does not: NumPy on an optimised BLAS, and
# PyTorch for its --backend torch. Debian/Ubuntu: apt packages (as root, or with sudo). Other
# systems: prints what to install and exits 1. Safe to run again; quiet when all is in place.
# Not run by npm start or npm test: the measurement is optional, and PyTorch is large.
#
# The Python checked is $PYTHON, else /usr/bin/python3 where it or apt-get is there (Debian's packages
# install into it), else python3. A reference BLAS (Debian's netlib libblas3, which python3-numpy pulls in by default)
# makes every matrix product 10 to 30 times slower, so the epochs would measure it, not the framework.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-}
if [ -z "$python" ]; then
  if [ -x /usr/bin/python3 ] || command -v apt-get >/dev/null; then python=/usr/bin/python3; else python=python3; fi
fi

have_numpy() { "$python" -c 'import numpy' >/dev/null 2>&1; }
have_torch() { "$python" -c 'import torch' >/dev/null 2>&1; }
# measure.py's own test of which BLAS NumPy's matrix products run on (exit 1 only for a reference BLAS;
# an unknown library passes, as measure.py then only records it).
optimised_blas() {
  "$python" -c 'import sys; sys.path.insert(0, "scripts"); import measure, numpy
sys.exit(1 if measure.numpy_blas(numpy)["reference"] else 0)' >/dev/null 2>&1
}

missing=()  # Debian's packages
needs=()    # the same, said for any system
if have_numpy; then
  optimised_blas || { missing+=(libopenblas0-pthread); needs+=("an optimised BLAS (NumPy runs on a reference one)"); }
else
  # python3-numpy alone brings the reference BLAS; OpenBLAS takes over libblas.so.3 by its higher priority.
  missing+=(python3-numpy libopenblas0-pthread)
  needs+=(NumPy)
fi
have_torch || { missing+=(python3-torch); needs+=(PyTorch); }
[ ${#missing[@]} -gt 0 ] || exit 0

if ! command -v apt-get >/dev/null || [ "$python" != /usr/bin/python3 ]; then
  joined=$(printf '%s, ' "${needs[@]}")
  cat >&2 <<MSG
setup-measure: $python lacks: ${joined%, }.
Install them for that Python, for example
  $python -m pip install numpy torch
(their wheels bring OpenBLAS or MKL), or your system's packages of NumPy, OpenBLAS and PyTorch.
Then run: $python scripts/measure.py --help
MSG
  exit 1
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup-measure: installing ${missing[*]} with apt-get"
$sudo apt-get update -q >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null

# OpenBLAS installed, but libblas.so.3 may still point at netlib (an alternative set by hand).
if ! optimised_blas; then
  arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
  cat >&2 <<MSG
setup-measure: NumPy still runs on the reference BLAS. Choose OpenBLAS for libblas.so.3:
  ${sudo:+$sudo }update-alternatives --config libblas.so.3-$arch
MSG
  exit 1
fi
have_torch || { echo "setup-measure: $python still cannot import torch after installing python3-torch" >&2; exit 1; }
echo "setup-measure: ready; run $python scripts/measure.py"
