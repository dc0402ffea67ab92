#!/usr/bin/env python3
"""Measure your own machine: time real training epochs of a scenario's network and count the
operations each step launches, then write the measurements file that epochcalc's calibration reads.

The network is the scenario's dense MLP (ReLU between layers, softmax cross-entropy, plain SGD),
trained for one epoch on synthetic random data of the dataset's shape, on the CPU ("host") and on a
CUDA GPU ("accelerator") when PyTorch sees one, at several batch sizes. --widths (repeatable) measures
several networks in one run; each measurement then names its network ("widths"), and the operations
counted per network give the scenario's operations per layer and per step.

Timing on a shared machine: every (device, network, batch size) is warmed up before each timed epoch,
and the repeats are interleaved (one epoch of every configuration, then the second of every one, ...)
so that a burst of load from elsewhere spreads over all of them; the fastest epoch is kept and the
note gives the median and the slowest. Load from elsewhere only ever slows an epoch down, so the
fastest is the one that reproduces: on this project's shared build machine the fastest epochs of two
runs of the same 30 configurations agreed within 2.4% RMS, their medians within 7.7%
(docs/validation.md). A large dataset's inputs come from a pool of at most 256 MiB
that the epoch cycles through. Operations per step are counted, not assumed: PyTorch's profiler gives
the top-level aten ops (host) or CUDA kernels (accelerator); the NumPy backend counts every NumPy call
its step makes.

"measured_with" records what ran: the framework and its version, the BLAS library that did the
matrix products (a reference BLAS, such as Debian's netlib libblas, is 10 to 30 times slower than an
optimised one and is warned about: bash scripts/setup-measure.sh installs one), the threads, two
checks (a 128x784 by 784x128 product's time, and a 784x128 layer's three products at batch size 1 for
the weights' traffic; each the fastest of a timing before the epochs and one after each round) and the
load average at the start and after each round.

The arrays a step frees are reused, not handed back to the system: glibc returns a freed block of
over 128 KiB to the kernel, and the next step's array of that size then starts on fresh pages, each
a page fault. On this project's build machine that doubled the widest network's step at batch size
1,024 (1,120 faults a step, 38 against 17 ms) and is not arithmetic, memory traffic or an operation's
overhead. "measured_with.allocator" says what was set.

The scenario comes from the epochcalc CLI (--expand), so preset merging and every other scenario
rule stay in the engine. Progress goes to stderr; the JSON goes to --out or stdout.
Exit status: 0 success, 2 invalid input or an unavailable backend or device, 1 internal fault.
"""

import argparse
import contextlib
import ctypes
import ctypes.util
import datetime
import glob
import importlib
import io
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CLI = os.path.join(ROOT, 'build', 'native', 'cli', 'epochcalc')
EXPANDED_SCHEMA = 'epochcalc/expanded@1'
LEARNING_RATE = 0.01
# The synthetic inputs live in a pool of at most this size, reused cyclically, so a dataset as large
# as ImageNet's does not need its raw size in memory; the epoch still runs over all N examples.
DATA_POOL_BYTES = 256 * 2**20
# What each scenario precision runs as; a measurement in anything else says so in its note.
PRECISION_DTYPES = {'fp32': 'float32', 'tf32': 'float32 with TF32 matmuls', 'fp16': 'float16', 'bf16': 'bfloat16'}
# Thread counts for BLAS libraries are read once, when NumPy loads them.
BLAS_THREAD_VARIABLES = ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS', 'BLIS_NUM_THREADS')
# The product timed as a check on the BLAS: a 784-128 layer at batch 128 (about 0.2 ms with OpenBLAS on
# one core of a 2020s CPU; 5 ms with the reference BLAS).
CHECK_SHAPE = (128, 784, 128)
# The same layer's three products of a training step at batch size 1 (forward, input gradient, weight
# gradient): each streams the 784x128 weights once, so they time what one core's products reach on the
# weights' traffic, the memory term of a small-batch step (docs/validation.md, "Measured ceilings").
BANDWIDTH_CHECK_LAYER = CHECK_SHAPE[1:]
# glibc's mallopt: arrays up to 32 MiB (its largest mmap threshold) come from the heap, and the heap is
# not trimmed, so the memory a step frees is what the next step's arrays use (see the docstring).
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
ALLOCATOR_SETTINGS = {'M_MMAP_THRESHOLD': 32 * 2**20, 'M_TRIM_THRESHOLD': 2**30}
SETUP_HINT = ('install an optimised one: bash scripts/setup-measure.sh (Debian/Ubuntu: apt-get install '
              'libopenblas0-pthread), or NumPy and PyTorch from pip, whose wheels bring their own')


class Failure(Exception):
    """A message for the user and the exit status to leave with."""

    def __init__(self, message, status=2):
        super().__init__(message)
        self.status = status


def log(message):
    print(f'measure: {message}', file=sys.stderr, flush=True)


# ---- Arguments ---------------------------------------------------------------------------------

def whole_number(minimum):
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f'{text!r} is not a whole number') from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f'{value} is less than {minimum}')
        return value
    return parse


def batch_sizes(text):
    sizes = []
    for part in text.split(','):
        part = part.strip()
        if not part.isdigit() or int(part) < 1:
            raise argparse.ArgumentTypeError(
                f'batch sizes are whole numbers of at least 1, separated by commas (got {part!r} in {text!r})')
        sizes.append(int(part))
    return sorted(set(sizes))


def network(text):
    """A network's widths written 784-128-10 (or 784,128,10): at least an input and an output."""
    parts = text.replace(',', '-').split('-')
    if len(parts) < 2 or not all(part.strip().isdigit() and int(part) >= 1 for part in parts):
        raise argparse.ArgumentTypeError(f'a network is its widths, whole numbers of at least 1 joined by "-", '
                                         f'input first, such as 784-128-10 (got {text!r})')
    return [int(part) for part in parts]


def devices(text):
    names = [part.strip() for part in text.split(',') if part.strip()]
    unknown = [name for name in names if name not in ('host', 'accelerator')]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f'devices are "host" and/or "accelerator", separated by commas (got {text!r})')
    return list(dict.fromkeys(names))


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog='measure.py', description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='Example: python3 scripts/measure.py --threads 1 --widths 784-128-10 --widths 784-128-64-10 '
               '--examples 10000 --out measured.json')
    source = parser.add_mutually_exclusive_group()
    source.add_argument('--preset', metavar='ID', help='start from this preset (epochcalc --list-presets); default: the default preset')
    source.add_argument('--scenario', metavar='FILE', help='read the scenario from this JSON file')
    parser.add_argument('--set', metavar='PATH=VALUE', action='append', default=[], dest='sets',
                        help='override one field, passed to epochcalc as is (repeatable)')
    parser.add_argument('--epochcalc', metavar='PATH',
                        help='the epochcalc CLI (default: build/native/cli/epochcalc in the repository, else epochcalc on PATH)')
    parser.add_argument('--widths', metavar='W-W-...', type=network, action='append', dest='networks',
                        help="a network to measure, such as 784-128-64-10 (repeatable: every network is measured at "
                             "every batch size; the first becomes the scenario's network.widths; default: the scenario's)")
    parser.add_argument('--batch-sizes', metavar='B,B,...', type=batch_sizes,
                        help="batch sizes to measure (default: 1, the scenario's batch size, and 4, 16, 64, 256, 1024 up to min(N, 1024))")
    parser.add_argument('--examples', metavar='N', type=whole_number(1),
                        help="examples per epoch, for a quicker run; written into the scenario's dataset (default: the dataset's N)")
    parser.add_argument('--repeats', metavar='K', type=whole_number(1), default=3,
                        help='timed epochs per network and batch size, interleaved across them; the fastest is kept (default 3)')
    parser.add_argument('--warmup-steps', metavar='S', type=whole_number(0), default=10,
                        help='untimed steps before each timed epoch (default 10)')
    parser.add_argument('--devices', metavar='LIST', type=devices,
                        help='host, accelerator or host,accelerator (default: host, plus accelerator when PyTorch sees a CUDA GPU)')
    parser.add_argument('--backend', choices=('auto', 'torch', 'numpy'), default='auto',
                        help='auto (the default) is torch when it can be imported, else numpy')
    parser.add_argument('--threads', metavar='T', type=whole_number(1),
                        help='CPU threads: torch.set_num_threads, or the BLAS thread variables before NumPy loads (default: the library\'s choice)')
    parser.add_argument('--ceilings', action='store_true',
                        help="run the scenario's host at the ceilings this run measures: the product check's FLOP/s as its fp32 "
                             "peak and the weight passes' bandwidth as its memory bandwidth (docs/validation.md, \"Measured "
                             "ceilings\"); a calibration then fits the fraction of them the training loop reaches")
    parser.add_argument('--out', metavar='FILE', help='write the measurements here (default: standard output)')
    return parser.parse_args(argv)


# ---- The engine (through its CLI) -------------------------------------------------------------

def find_cli(path):
    if path:
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            raise Failure(f'--epochcalc {path}: not an executable file')
        return path
    if os.access(DEFAULT_CLI, os.X_OK):
        return DEFAULT_CLI
    found = shutil.which('epochcalc')
    if found:
        return found
    raise Failure(f'no epochcalc CLI: build it (bash scripts/build-native.sh) or pass --epochcalc PATH (looked for {DEFAULT_CLI} and on PATH)')


def run_cli(cli, arguments):
    completed = subprocess.run([cli, *arguments], capture_output=True, text=True)
    return completed.returncode, completed.stdout, completed.stderr


def engine_message(stdout, stderr):
    """The engine's own error text: its error@1 JSON when it printed one, else what it wrote."""
    try:
        document = json.loads(stdout)
        if isinstance(document, dict) and document.get('errors'):
            return '\n'.join(f"  {e.get('code')} at {e.get('path') or '/'}: {e.get('message')}" for e in document['errors'])
    except ValueError:
        pass
    return '  ' + (stderr.strip() or stdout.strip() or 'no message')


def expand(cli, args):
    arguments = ['--expand']
    if args.preset:
        arguments += ['--preset', args.preset]
    if args.scenario:
        arguments += ['--scenario', args.scenario]
    for assignment in args.sets:
        arguments += ['--set', assignment]
    status, stdout, stderr = run_cli(cli, arguments)
    if status != 0:
        raise Failure(f'epochcalc refused the scenario (exit {status}):\n{engine_message(stdout, stderr)}')
    document = parse_json(stdout, 'epochcalc --expand')
    # The expanded scenario, wrapped in {"schema": "epochcalc/expanded@1", "scenario": ...} or bare.
    if isinstance(document, dict) and document.get('schema') == EXPANDED_SCHEMA:
        document = document['scenario']
    if not isinstance(document, dict) or 'network' not in document:
        raise Failure(f'epochcalc --expand printed no scenario: {stdout[:200]}', 1)
    return document


def parse_json(text, what):
    try:
        return json.loads(text)
    except ValueError as error:
        raise Failure(f'{what} printed no JSON ({error}): {text[:200]!r}', 1) from None


def validate(cli, scenario, refused=2):
    """Solves the scenario in the engine and returns its result, whose "scenario" has every default
    filled in. A refusal exits with `refused` (2: the user's input; 1: a scenario this script wrote)."""
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as file:
        json.dump(scenario, file)
    try:
        status, stdout, stderr = run_cli(cli, ['--scenario', file.name, '--json'])
    finally:
        os.unlink(file.name)
    if status != 0:
        raise Failure(f'epochcalc refused the scenario (exit {status}):\n{engine_message(stdout, stderr)}',
                      refused if status == 2 else 1)
    return parse_json(stdout, 'epochcalc --json')


# ---- Backends ----------------------------------------------------------------------------------

class CountingNamespace:
    """Stands in for the numpy module for one step and counts every NumPy function called through it."""

    def __init__(self, module):
        self._module = module
        self.calls = 0

    def __getattr__(self, name):
        function = getattr(self._module, name)

        def counted(*args, **kwargs):
            self.calls += 1
            return function(*args, **kwargs)
        return counted


def pool_rows(examples, largest_batch, row_bytes):
    return max(min(examples, largest_batch), min(examples, DATA_POOL_BYTES // max(row_bytes, 1)))


def shared_pool(pools, key, make):
    """The data pool for `key`, made on first use: the networks measured in one run share their inputs,
    so several networks of an ImageNet-sized dataset do not each hold 256 MiB."""
    if key not in pools:
        pools[key] = make()
    return pools[key]


class Trainer:
    """What both backends share: a pool of `rows` synthetic examples (`inputs`, `labels`)."""

    def use_pool(self, pool):
        self.inputs, self.labels = pool
        self.rows = len(self.labels)

    def batch(self, start, size):
        """The examples from `start` on, taken from the pool cyclically; always one contiguous slice."""
        start %= self.rows
        if start + size > self.rows:
            start = 0
        return self.inputs[start:start + size], self.labels[start:start + size]

    def synchronize(self):
        """Waits for queued device work, so a timer reads finished work."""


class NumpyTrainer(Trainer):
    """The MLP in NumPy. Every NumPy operation in a step is a call through `xp` (no operators, no array
    methods), so running the step with a CountingNamespace counts exactly the calls the timed step makes."""

    def __init__(self, np, widths, training, examples, largest_batch, pools):
        self.np = np
        self.training = training
        dtype = np.float32
        random = np.random.default_rng(0)
        pairs = list(zip(widths[:-1], widths[1:]))
        # He initialisation keeps the ReLU activations of a deep stack from vanishing or exploding.
        self.weights = [(random.standard_normal((a, b)) * (2.0 / a) ** 0.5).astype(dtype) for a, b in pairs]
        self.biases = [np.zeros(b, dtype) for _, b in pairs]
        rows = pool_rows(examples, largest_batch, widths[0] * 4)
        self.use_pool(shared_pool(pools, ('numpy', widths[0], widths[-1]), lambda: (
            random.standard_normal((rows, widths[0]), dtype=dtype), random.integers(0, widths[-1], size=rows))))
        self.classes = np.arange(widths[-1])
        self.learning_rate = dtype(LEARNING_RATE)
        self.dtype_name = 'float32'

    def step(self, x, y, xp=None):
        xp = xp or self.np
        layers = len(self.weights)
        # Forward, keeping each layer's input (the previous ReLU's output) for the backward pass.
        kept = []
        h = x
        for i in range(layers):
            kept.append(h)
            z = xp.matmul(h, self.weights[i])
            xp.add(z, self.biases[i], out=z)
            h = xp.maximum(z, 0, out=z) if i < layers - 1 else z
        if not self.training:
            return h
        # Softmax cross-entropy on integer labels (the row maximum subtracted for stability).
        shifted = xp.subtract(h, xp.max(h, axis=1, keepdims=True))
        exp = xp.exp(shifted)
        total = xp.sum(exp, axis=1, keepdims=True)
        log_probs = xp.subtract(shifted, xp.log(total))
        loss = xp.negative(xp.mean(xp.take_along_axis(log_probs, xp.expand_dims(y, 1), axis=1)))
        # Gradient of the mean loss with respect to the logits: (softmax - one-hot) / batch.
        grad = xp.divide(exp, total)
        xp.subtract(grad, xp.equal(xp.expand_dims(y, 1), self.classes), out=grad)
        xp.divide(grad, len(y), out=grad)
        # Backward and the plain SGD update, last layer first (the input gradient before its weights change).
        for i in reversed(range(layers)):
            # dot, not matmul: at batch size 1 this is a column times a row, which NumPy's matmul computes
            # in its own loop instead of the BLAS (148 against 18 us for a 784x128 layer here).
            grad_weights = xp.dot(xp.transpose(kept[i]), grad)
            grad_biases = xp.sum(grad, axis=0)
            if i > 0:
                grad_input = xp.matmul(grad, xp.transpose(self.weights[i]))
                xp.multiply(grad_input, xp.greater(kept[i], 0), out=grad_input)
            xp.subtract(self.weights[i], xp.multiply(grad_weights, self.learning_rate, out=grad_weights), out=self.weights[i])
            xp.subtract(self.biases[i], xp.multiply(grad_biases, self.learning_rate, out=grad_biases), out=self.biases[i])
            if i > 0:
                grad = grad_input
        return loss

    def count_ops(self, x, y):
        counter = CountingNamespace(self.np)
        self.step(x, y, counter)
        return counter.calls


class TorchTrainer(Trainer):
    """The MLP in PyTorch: nn.Linear and nn.ReLU, F.cross_entropy, torch.optim.SGD."""

    def __init__(self, torch, device, widths, training, examples, largest_batch, precision, pools):
        self.torch = torch
        self.device = device
        self.training = training
        self.dtype_name, dtype = self.pick_dtype(torch, device, precision)
        torch.manual_seed(0)
        layers = []
        for i, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
            layers.append(torch.nn.Linear(a, b))
            if i < len(widths) - 2:
                layers.append(torch.nn.ReLU())
        target = 'cuda' if device == 'accelerator' else 'cpu'
        self.model = torch.nn.Sequential(*layers).to(device=target, dtype=dtype)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=LEARNING_RATE)
        rows = pool_rows(examples, largest_batch, widths[0] * torch.tensor([], dtype=dtype).element_size())
        self.use_pool(shared_pool(pools, (device, dtype, widths[0], widths[-1]), lambda: (
            torch.randn(rows, widths[0], device=target, dtype=dtype), torch.randint(0, widths[-1], (rows,), device=target))))

    @staticmethod
    def pick_dtype(torch, device, precision):
        """The scenario's precision where this device trains in it; float32 otherwise (the note says so)."""
        if precision == 'tf32' and device == 'accelerator':
            torch.backends.cuda.matmul.allow_tf32 = True
            return 'float32 with TF32 matmuls', torch.float32
        if precision == 'bf16':
            return 'bfloat16', torch.bfloat16
        if precision == 'fp16' and device == 'accelerator':
            return 'float16', torch.float16
        return 'float32', torch.float32

    def step(self, x, y):
        if not self.training:
            with self.torch.inference_mode():
                return self.model(x)
        self.optimizer.zero_grad(set_to_none=True)
        loss = self.torch.nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss

    def count_ops(self, x, y):
        # The profiler runs a few ops of its own as it starts; the difference between profiling two
        # steps and one step is exactly one step's.
        return self.profiled_count(x, y, 2) - self.profiled_count(x, y, 1)

    def profiled_count(self, x, y, steps):
        profiler = self.torch.profiler
        activities = [profiler.ProfilerActivity.CPU]
        if self.device == 'accelerator':
            activities.append(profiler.ProfilerActivity.CUDA)
        with profiler.profile(activities=activities) as profile:
            for _ in range(steps):
                self.step(x, y)
            self.synchronize()
        if self.device == 'accelerator':
            # Kernels only: the profiler also lists memory copies and sets on the device.
            return sum(1 for e in profile.events() if str(e.device_type).endswith('CUDA')
                       and not e.name.startswith(('Memcpy', 'Memset')))
        return top_level_aten_ops(profile)

    def synchronize(self):
        if self.device == 'accelerator':
            self.torch.cuda.synchronize()


def top_level_aten_ops(profile):
    """Aten ops not called by another aten op. The profiler's event tree links each op to its caller as
    it records it; the FunctionEvent list rebuilds the links from microsecond timestamps, where ties
    misplace short ops (the count then changes from run to run), so it is only the fallback."""
    tree = getattr(profile.profiler.kineto_results, 'experimental_event_tree', None)
    if tree is None:
        return sum(1 for e in profile.events() if e.name.startswith('aten::') and not has_aten_ancestor(e))
    count = 0
    pending = [(node, False) for node in tree()]
    while pending:
        node, inside_aten = pending.pop()
        name = node.name() if callable(node.name) else node.name
        is_aten = name.startswith('aten::')
        count += is_aten and not inside_aten
        pending.extend((child, inside_aten or is_aten) for child in node.children)
    return count


def has_aten_ancestor(event):
    parent = event.cpu_parent
    while parent is not None:
        if parent.name.startswith('aten::'):
            return True
        parent = parent.cpu_parent
    return False


def keep_freed_memory():
    """Asks glibc's allocator to keep what a step frees for the next step (ALLOCATOR_SETTINGS); returns the
    record for measured_with. Elsewhere (another libc) nothing is changed and the record says so."""
    name = ctypes.util.find_library('c')
    libc = ctypes.CDLL(name) if name else None
    if libc is None or not hasattr(libc, 'mallopt') or not hasattr(libc, 'gnu_get_libc_version'):
        return {'library': name, 'settings': None, 'note': "not glibc: the system allocator's own settings"}
    libc.gnu_get_libc_version.restype = ctypes.c_char_p
    codes = {'M_MMAP_THRESHOLD': M_MMAP_THRESHOLD, 'M_TRIM_THRESHOLD': M_TRIM_THRESHOLD}
    taken = {key: value for key, value in ALLOCATOR_SETTINGS.items() if libc.mallopt(codes[key], value) == 1}
    return {'library': f"glibc {libc.gnu_get_libc_version().decode()}", 'settings': taken,
            'note': 'freed arrays are reused by the next step instead of being returned to the system'}


def load_backend(name, threads):
    """Returns (backend name, module); numpy and torch are imported only here, after the thread settings."""
    if threads is not None:
        for variable in BLAS_THREAD_VARIABLES:
            os.environ[variable] = str(threads)
    if name in ('auto', 'torch'):
        try:
            import torch
        except ImportError as error:
            if name == 'torch':
                raise Failure(f'--backend torch needs PyTorch, which {sys.executable} cannot import ({error}). '
                              'Install it (Debian: python3-torch) or use --backend numpy.') from None
        else:
            if threads is not None:
                torch.set_num_threads(threads)
            return 'torch', torch
    try:
        import numpy
    except ImportError as error:
        raise Failure(f'the NumPy backend needs NumPy, which {sys.executable} cannot import ({error}). '
                      'Install it (Debian: python3-numpy) or run with a Python that has it.') from None
    return 'numpy', numpy


# ---- What ran: the BLAS, threads and load -----------------------------------------------------

class DlInfo(ctypes.Structure):
    """dladdr's answer: the file that holds an address."""
    _fields_ = [('fname', ctypes.c_char_p), ('fbase', ctypes.c_void_p), ('sname', ctypes.c_char_p), ('saddr', ctypes.c_void_p)]


# The single-precision matrix product a framework calls, with the names OpenBLAS's 64-bit-integer
# builds (NumPy's and SciPy's wheels) give it.
GEMM_SYMBOLS = ('cblas_sgemm', 'sgemm_', 'cblas_sgemm64_', 'sgemm_64_', 'scipy_cblas_sgemm64_', 'scipy_sgemm_64_')
BLAS_FILE_NAMES = ('libblas', 'libcblas', 'librefblas', 'libopenblas', 'libmkl', 'libblis', 'libflexiblas', 'libatlas')


def dladdr_function():
    """dladdr from the C library (glibc 2.34+, macOS) or from libdl (older glibc); None without either."""
    for name in (None, ctypes.util.find_library('dl')):
        try:
            function = ctypes.CDLL(name).dladdr
        except (OSError, AttributeError):
            continue
        function.argtypes = (ctypes.c_void_p, ctypes.POINTER(DlInfo))
        return function
    return None


def library_of_symbol(caller, symbols):
    """The file that holds the first of `symbols` as the library `caller` finds it (dlsym searches
    `caller` and what it links, as its own calls do), and that symbol. Where several BLAS are loaded
    (Debian's liblapack.so.3 can bring OpenBLAS beside a netlib libblas.so.3) this is the one the
    caller really runs, which a list of loaded files cannot tell."""
    dladdr = dladdr_function()
    try:
        library = ctypes.CDLL(caller)  # already loaded: the same handle, no second copy
    except OSError:
        return None, None
    for symbol in symbols:
        try:
            function = getattr(library, symbol)
        except AttributeError:
            continue
        info = DlInfo()
        if dladdr and dladdr(ctypes.cast(function, ctypes.c_void_p), ctypes.byref(info)) and info.fname:
            return os.path.realpath(os.fsdecode(info.fname)), symbol
    return None, None


def mapped_blas_files():
    """BLAS-like files this process has mapped (Linux only: /proc), each once, symlinks resolved."""
    try:
        with open('/proc/self/maps', encoding='utf-8', errors='replace') as file:
            paths = {line.split(None, 5)[5].strip() for line in file if len(line.split(None, 5)) == 6}
    except OSError:
        return []
    return sorted({os.path.realpath(p) for p in paths if os.path.basename(p).startswith(BLAS_FILE_NAMES)})


def describe_blas(path):
    """Name, version, threads and whether it is a reference implementation, from what the library exports
    (each optimised BLAS has a function that names it; a netlib libblas has none) and its file name."""
    record = {'library': path, 'name': None, 'reference': None}
    try:
        library = ctypes.CDLL(path)
    except OSError:
        return record

    def function(*names, restype=ctypes.c_int):
        for name in names:
            found = getattr(library, name, None)
            if found is not None:
                found.restype = restype
                return found
        return None

    config = function('openblas_get_config', 'openblas_get_config64_', 'scipy_openblas_get_config64_', restype=ctypes.c_char_p)
    mkl = function('mkl_get_version_string', 'MKL_Get_Version_String')
    blis = function('bli_info_get_version_str', restype=ctypes.c_char_p)
    flexiblas = function('flexiblas_current_backend')
    if config:
        text = config().decode(errors='replace').strip()
        threads = function('openblas_get_num_threads', 'openblas_get_num_threads64_', 'scipy_openblas_get_num_threads64_')
        record.update(name=' '.join(text.split()[:2]), config=text, reference=False, threads=threads() if threads else None)
    elif mkl:
        buffer = ctypes.create_string_buffer(256)
        mkl(buffer, len(buffer))
        threads = function('mkl_get_max_threads', 'MKL_Get_Max_Threads')
        record.update(name=buffer.value.decode(errors='replace').strip(), reference=False, threads=threads() if threads else None)
    elif blis:
        threads = function('bli_thread_get_num_threads')
        record.update(name=f'BLIS {blis().decode(errors="replace")}', reference=False, threads=threads() if threads else None)
    elif flexiblas:
        # FlexiBLAS (Fedora) forwards to a back end chosen at run time, NETLIB among them.
        buffer = ctypes.create_string_buffer(256)
        flexiblas(buffer, len(buffer))
        backend = buffer.value.decode(errors='replace')
        record.update(name=f'FlexiBLAS, back end {backend}', reference='NETLIB' in backend.upper())
    elif 'Accelerate' in path or 'vecLib' in path:
        record.update(name='Apple Accelerate', reference=False)
    elif 'atlas' in path.lower():
        record.update(name='ATLAS', reference=False)
    elif os.path.basename(path).startswith(('libblas', 'libcblas', 'librefblas')):
        # A plain libblas that names no optimised library: the reference (netlib) implementation.
        record.update(name='reference BLAS (netlib)', reference=True)
    return record


def numpy_build_blas(numpy):
    """What NumPy says it was built against, when the running library cannot be found."""
    try:
        blas = numpy.show_config(mode='dicts')['Build Dependencies']['blas']  # NumPy 1.26 and later
        return f"{blas.get('name')} {blas.get('version')} (numpy.show_config)"
    except (TypeError, KeyError):
        pass
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        numpy.show_config()
    lines = text.getvalue().splitlines()
    # Older NumPy prints sections; blas_opt_info's "libraries" line names what it linked.
    start = next((i for i, line in enumerate(lines) if line.startswith('blas_opt_info')), None)
    if start is not None:
        for line in lines[start + 1:start + 8]:
            if 'libraries' in line:
                return f'built against {line.split("=", 1)[1].strip()} (numpy.show_config)'
    return None


def threadpoolctl_blas():
    """threadpoolctl's view of the loaded BLAS libraries (name, version, threads), when it is installed."""
    try:
        import threadpoolctl
    except ImportError:
        return None
    return [{key: info.get(key) for key in ('internal_api', 'version', 'num_threads', 'filepath')}
            for info in threadpoolctl.threadpool_info() if info.get('user_api') == 'blas']


def find_blas(caller, symbols_from):
    """The BLAS record for the library `caller` runs its matrix products on: dlsym and dladdr first,
    then /proc/self/maps, then threadpoolctl."""
    path, symbol = library_of_symbol(caller, GEMM_SYMBOLS) if caller else (None, None)
    if path:
        record = describe_blas(path)
        record['found_by'] = f'dladdr({symbol}) from {symbols_from}'
    else:
        mapped = mapped_blas_files()
        record = describe_blas(mapped[0]) if len(mapped) == 1 else {'library': None, 'name': None, 'reference': None}
        record['found_by'] = '/proc/self/maps' if len(mapped) == 1 else None
        if len(mapped) > 1:
            record['loaded'] = mapped
    pools = threadpoolctl_blas()
    if pools is not None:
        record['threadpoolctl'] = pools
        if record['name'] is None and len(pools) == 1:
            record.update(library=pools[0]['filepath'], name=f"{pools[0]['internal_api']} {pools[0]['version']}",
                          threads=pools[0]['num_threads'], found_by='threadpoolctl')
    return record


def numpy_blas(numpy):
    """The BLAS NumPy's matrix products run on."""
    numpy.matmul(numpy.ones((2, 2), numpy.float32), numpy.ones((2, 2), numpy.float32))  # loads a lazily loaded BLAS
    extension = None
    for name in ('numpy._core._multiarray_umath', 'numpy.core._multiarray_umath'):  # NumPy 2, then 1
        try:
            extension = importlib.import_module(name).__file__
            break
        except ImportError:
            continue
    record = find_blas(extension, "NumPy's _multiarray_umath")
    if record['name'] is None:
        record['name'] = numpy_build_blas(numpy)
    return record


def build_setting(config, name):
    """One NAME=value of torch.__config__.show()'s build settings."""
    found = re.search(rf'\b{name}=([^,\s]+)', config)
    return found.group(1) if found else None


def torch_details(torch):
    """PyTorch's build and threads, and the BLAS its CPU matrix products (aten::addmm) run on."""
    config = torch.__config__.show()
    blas_info = build_setting(config, 'BLAS_INFO')
    core = sorted(glob.glob(os.path.join(os.path.dirname(torch.__file__), 'lib', 'libtorch_cpu.*')))
    record = find_blas(core[0] if core else None, "PyTorch's libtorch_cpu")
    if record['library'] and os.path.basename(record['library']).startswith('libtorch_cpu'):
        # Linked into PyTorch itself (the pip wheels link MKL statically): only its build settings name it.
        record.update(name=f'{blas_info} (linked into libtorch_cpu)', reference=None if blas_info in (None, 'generic') else False)
    backend = re.search(r'ATen parallel backend: (.+)', torch.__config__.parallel_info())
    return record, {
        'version': torch.__version__, 'blas_info': blas_info, 'lapack_info': build_setting(config, 'LAPACK_INFO'),
        'mkldnn': torch.backends.mkldnn.is_available(), 'mkl': torch.backends.mkl.is_available(),
        'threads': torch.get_num_threads(), 'interop_threads': torch.get_num_interop_threads(),
        'parallel_backend': backend.group(1).strip() if backend else None,
    }


def median_time(call, repeats):
    """The median of `repeats` timed calls, after one untimed call (which loads and warms what it needs)."""
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def matmul_check(backend, module):
    """The median time of the product CHECK_SHAPE names, in float32, on the host: a reference BLAS shows
    here at once (25 times slower than OpenBLAS on this project's build machine)."""
    m, k, n = CHECK_SHAPE
    if backend == 'torch':
        a, b = module.randn(m, k), module.randn(k, n)
        multiply = module.mm
    else:
        random = module.random.default_rng(0)
        a = random.standard_normal((m, k), dtype=module.float32)
        b = random.standard_normal((k, n), dtype=module.float32)
        multiply = module.matmul
    seconds = median_time(lambda: multiply(a, b), 21)
    return {'shape': f'{m}x{k} by {k}x{n}, float32', 'median_s': seconds, 'gflop_per_s': round(2 * m * k * n / seconds / 1e9, 2)}


def bandwidth_check(backend, module):
    """The weights' bytes over the time of BANDWIDTH_CHECK_LAYER's three products at batch size 1 (the
    sum of each product's median), in float32 on the host: the bandwidth a small-batch step's weight
    traffic reaches, far below the memory's peak."""
    k, n = BANDWIDTH_CHECK_LAYER
    if backend == 'torch':
        weights, x, grad = module.randn(k, n), module.randn(1, k), module.randn(1, n)
        products = (lambda: module.mm(x, weights), lambda: module.mm(grad, weights.t()), lambda: module.mm(x.t(), grad))
    else:
        random = module.random.default_rng(0)
        weights = random.standard_normal((k, n), dtype=module.float32)
        x = random.standard_normal((1, k), dtype=module.float32)
        grad = random.standard_normal((1, n), dtype=module.float32)
        products = (lambda: module.matmul(x, weights), lambda: module.matmul(grad, module.transpose(weights)),
                    lambda: module.dot(module.transpose(x), grad))  # as the step computes it
    medians = [median_time(product, 101) for product in products]
    seconds = sum(medians)
    weight_bytes = 3 * k * n * 4
    return {'layer': f'{k}x{n} float32 weights, batch size 1: forward, input-gradient and weight-gradient products',
            'median_s': medians, 'bytes': weight_bytes, 'gb_per_s': round(weight_bytes / seconds / 1e9, 2)}


def reference_warning(blas):
    return (f"the matrix products run on a reference BLAS ({blas['library']}): it is 10 to 30 times slower than an "
            f"optimised BLAS, so these epochs measure that library rather than the framework; {SETUP_HINT}")


def load_average():
    """The 1, 5 and 15-minute load averages (None where the system has none, such as Windows)."""
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except (OSError, AttributeError):
        return None


# ---- Measuring ---------------------------------------------------------------------------------

def steps_per_epoch(examples, batch, drop_last):
    return examples // batch if drop_last else -(-examples // batch)


def run_epoch(trainer, examples, batch, drop_last):
    steps = steps_per_epoch(examples, batch, drop_last)
    trainer.synchronize()
    start = time.perf_counter()
    for i in range(steps):
        x, y = trainer.batch(i * batch, min(batch, examples - i * batch))
        trainer.step(x, y)
    trainer.synchronize()
    return time.perf_counter() - start


def warm_up(trainer, size, steps):
    """Untimed steps, so that caches, allocators and thread pools hold this configuration, not the last one."""
    for i in range(steps):
        trainer.step(*trainer.batch(i * size, size))
    trainer.synchronize()


def default_batch_sizes(scenario_batch, examples):
    sizes = {1, scenario_batch}
    sizes.update(size for size in (4, 16, 64, 256, 1024) if size <= min(examples, 1024))
    return sorted(sizes)


def network_name(widths):
    return '-'.join(str(width) for width in widths)


def fit_operations(scenario, layers, per_layer, counted):
    """Sets ops_per_layer and extra_ops_per_step so that layers * ops_per_layer + extra = counted.
    per_layer is the engine's value (the scenario's own, or the phase's default)."""
    assumptions = scenario.setdefault('assumptions', {})
    if counted < layers * per_layer:
        per_layer = counted // layers
    assumptions['ops_per_layer'] = per_layer
    assumptions['extra_ops_per_step'] = counted - layers * per_layer


def fit_layers(points):
    """ops = layers * per_layer + extra, fitted by least squares to (layers, ops) of networks of at least
    two depths: (per_layer, extra, exact), exact when every network's count is met. None with a single
    depth (one count cannot separate the two) or when the fit gives a negative count."""
    if len({layers for layers, _ in points}) < 2:
        return None
    mean_layers = statistics.fmean(layers for layers, _ in points)
    mean_ops = statistics.fmean(ops for _, ops in points)
    slope = (sum((layers - mean_layers) * (ops - mean_ops) for layers, ops in points)
             / sum((layers - mean_layers) ** 2 for layers, _ in points))
    per_layer = round(slope)
    extra = round(statistics.fmean(ops - layers * per_layer for layers, ops in points))
    if per_layer < 0 or extra < 0:
        return None
    return per_layer, extra, all(layers * per_layer + extra == ops for layers, ops in points)


def ops_by_network(counts, device, networks, sizes, scenario_batch):
    """One count per network: at the scenario's batch size when it was measured, else the largest.
    The counts are the step's, equal at every batch size for these steps; should a framework differ,
    the log says so."""
    chosen = []
    for index, widths in enumerate(networks):
        by_batch = {batch: counts[device, index, batch] for batch in sizes}
        chosen.append(by_batch.get(scenario_batch, by_batch[sizes[-1]]))
        if len(set(by_batch.values())) > 1:
            log(f'{device}, {network_name(widths)}: ops per step differ by batch size {by_batch}; taking {chosen[-1]}')
    return chosen


def operations_note(networks, network_counts, fit):
    """The counts of every network measured and their fit, for each measurement's note."""
    listed = ', '.join(f'{network_name(widths)}: {ops}' for widths, ops in zip(networks, network_counts))
    if fit is None:
        return f'ops per step by network: {listed}'
    per_layer, extra, exact = fit
    if exact:
        return f'ops per step by network: {listed} (exactly {per_layer} per layer + {extra} per step)'
    return (f'ops per step by network: {listed} (not exactly linear in the number of layers; '
            f'least-squares fit {per_layer} per layer + {extra} per step)')


def cpu_model():
    try:
        with open('/proc/cpuinfo', encoding='utf-8') as file:
            for line in file:
                if line.startswith('model name'):
                    return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or None


def prepare_scenario(cli, args):
    """The expanded scenario (to write back, in the user's own units) and the engine's resolved copy."""
    scenario = expand(cli, args)
    if args.examples is not None:
        # An override object the engine accepts: the expanded dataset with N replaced.
        dataset = scenario['network'].get('dataset')
        if not isinstance(dataset, dict):
            dataset = validate(cli, scenario)['scenario']['network']['dataset']
        scenario['network']['dataset'] = {**dataset, 'training_examples': args.examples}
    if args.networks:
        scenario['network']['widths'] = args.networks[0]  # as --set network.widths would
    return scenario, validate(cli, scenario)['scenario']


def with_widths(scenario, widths):
    return {**scenario, 'network': {**scenario['network'], 'widths': widths}}


def measure(backend, module, devices_wanted, resolved, networks, sizes, args):
    """Times every (device, network, batch size) configuration: `repeats` rounds, each one epoch of every
    configuration in turn, so that load from elsewhere falls on all of them alike rather than on
    whichever ran during a burst; the two checks are timed again after each round. Returns the epoch
    times and the counted ops per step, both by configuration, each device's dtype description, the
    load average after each round and each round's (matmul, bandwidth) checks."""
    examples = resolved['network']['dataset']['training_examples']
    training = resolved['assumptions']['phase'] == 'training'
    drop_last = resolved['assumptions']['drop_last']
    precision = resolved['precision']
    largest = min(sizes[-1], examples)
    pools, trainers, described = {}, {}, {}
    for device in devices_wanted:
        for index, widths in enumerate(networks):
            if backend == 'torch':
                trainer = TorchTrainer(module, device, widths, training, examples, largest, precision, pools)
            else:
                trainer = NumpyTrainer(module, widths, training, examples, largest, pools)
            trainers[device, index] = trainer
        precision_note = '' if PRECISION_DTYPES.get(precision) == trainer.dtype_name else f', scenario precision {precision}'
        gpu_note = f', {module.cuda.get_device_name(0)}' if device == 'accelerator' else ''
        described[device] = f'{trainer.dtype_name}{precision_note}{gpu_note}'
    configs = [(device, index, batch) for device in devices_wanted for index in range(len(networks)) for batch in sizes]

    counts = {}
    for device, index, batch in configs:
        trainer = trainers[device, index]
        size = min(batch, examples)
        warm_up(trainer, size, args.warmup_steps)
        counts[device, index, batch] = trainer.count_ops(*trainer.batch(0, size))

    log(f'{len(configs)} configuration{"s" if len(configs) != 1 else ""}, {args.repeats} round{"s" if args.repeats != 1 else ""} of one epoch each '
        f'({args.warmup_steps} warm-up steps before every epoch)')
    times = {config: [] for config in configs}
    loads, checks = [], []
    for round_number in range(1, args.repeats + 1):
        started = time.perf_counter()
        for config in configs:
            device, index, batch = config
            trainer = trainers[device, index]
            warm_up(trainer, min(batch, examples), args.warmup_steps)
            seconds = run_epoch(trainer, examples, batch, drop_last)
            times[config].append(seconds)
            log(f'round {round_number}/{args.repeats}: {device}, {network_name(networks[index])}, batch {batch}: '
                f'{seconds:.4g} s, {counts[config]} ops per step')
        loads.append(load_average())
        checks.append((matmul_check(backend, module), bandwidth_check(backend, module)))
        if round_number == 1 and args.repeats > 1:
            elapsed = time.perf_counter() - started
            log(f'the first round took {elapsed:.0f} s; about {elapsed * (args.repeats - 1):.0f} s to go')
    return times, counts, described, loads, checks


def fastest_checks(checks):
    """The checks as the run keeps them: like the epochs, the fastest timing of each (the first taken before
    the epochs, one after each round), with every timing's rate listed."""
    matmul = dict(min((c[0] for c in checks), key=lambda c: c['median_s']))
    bandwidth = dict(max((c[1] for c in checks), key=lambda c: c['gb_per_s']))
    matmul['each_timing_gflop_per_s'] = [c[0]['gflop_per_s'] for c in checks]
    bandwidth['each_timing_gb_per_s'] = [c[1]['gb_per_s'] for c in checks]
    kept = f'the fastest of {len(checks)} timings: one before the epochs and one after each round'
    matmul['kept'] = bandwidth['kept'] = kept
    return matmul, bandwidth


def describe_run(backend, module):
    """The BLAS record (with the warning for a reference BLAS), PyTorch's details and the two checks."""
    if backend == 'torch':
        blas, torch_record = torch_details(module)
    else:
        blas, torch_record = numpy_blas(module), None
    check = matmul_check(backend, module)
    bandwidth = bandwidth_check(backend, module)
    log(f"BLAS: {blas['name'] or 'unknown'} ({blas['library'] or 'library not found'}); "
        f"{check['shape']} product: {check['median_s'] * 1e3:.3g} ms ({check['gflop_per_s']} GFLOP/s); "
        f"weights at batch size 1: {bandwidth['gb_per_s']} GB/s")
    if blas['reference']:
        blas['warning'] = reference_warning(blas)
        log(f"warning: {blas['warning']}")
    return blas, torch_record, check, bandwidth


def set_operations(scenario, resolved, networks, network_counts, fits):
    """The scenario's ops_per_layer and extra_ops_per_step, from the host's counts; and, in training, no
    gradient of the input: both loops skip it (the NumPy step's `if i > 0`, PyTorch's autograd for data
    that do not require a gradient), so the first layer makes two passes, not three (docs/model.md)."""
    if resolved['assumptions']['phase'] == 'training':
        scenario.setdefault('assumptions', {})['first_layer_input_gradient'] = False
    if 'host' not in network_counts:
        log("no host measurement: the scenario's operations per step are left as they were")
        return
    fit = fits['host']
    if fit:
        # Several depths separate the per-layer count from the per-step one.
        scenario.setdefault('assumptions', {}).update(ops_per_layer=fit[0], extra_ops_per_step=fit[1])
        if not fit[2]:
            log(f'host {operations_note(networks, network_counts["host"], fit)}; the scenario takes the fit')
    else:
        fit_operations(scenario, len(networks[0]) - 1, resolved['assumptions']['ops_per_layer'], network_counts['host'][0])


def set_ceilings(scenario, resolved, devices_wanted, check, bandwidth):
    """The scenario's host at the measured ceilings (--ceilings): both checks are float32 products on the
    host, so they stand for its fp32 peak and its bandwidth, and only at fp32."""
    if 'host' not in devices_wanted or resolved['precision'] != 'fp32':
        log(f"--ceilings: the checks measure the host in fp32; the scenario's host is left as it was "
            f"(precision {resolved['precision']}, devices {', '.join(devices_wanted)})")
        return
    # A device of its own, not an edit of the scenario's: this machine's CPU, whatever the scenario named.
    scenario['host'] = {
        'name': f"{cpu_model() or 'This machine'}, measured ceilings",
        'peak_flops': {'fp32': f"{check['gflop_per_s']} GFLOP/s"},
        'memory_bandwidth': f"{bandwidth['gb_per_s']} GB/s",
        'source': (f"measured by scripts/measure.py: the {check['shape']} product ({check['gflop_per_s']} GFLOP/s) and "
                   f"{bandwidth['layer']} ({bandwidth['gb_per_s']} GB/s)"),
    }
    log(f"--ceilings: the host runs at {check['gflop_per_s']} GFLOP/s and {bandwidth['gb_per_s']} GB/s")


def measurement_entries(backend, module, blas, args, networks, times, counts, described, network_counts, fits):
    """One measurement per configuration: the fastest epoch, its ops per step and a note of what ran."""
    blas_note = f"BLAS {blas['name'] or 'unknown'}"
    if blas['reference']:
        blas_note = 'a REFERENCE BLAS (netlib: slow matrix products; see measured_with.blas.warning)'
    if backend == 'torch':
        threads = module.get_num_threads()
        thread_note = f'{threads} thread{"s" if threads != 1 else ""}'
    elif blas.get('threads') is not None:
        thread_note = f"{blas['threads']} BLAS thread{'s' if blas['threads'] != 1 else ''}"
    else:
        # The BLAS cannot say how many threads it uses; the note records what was asked of it.
        thread_note = f'BLAS threads set to {args.threads}' if args.threads else "the BLAS library's own thread count"
    measurements = []
    for (device, index, batch), seconds in times.items():
        repeats = len(seconds)
        spread = f' (median {statistics.median(seconds):.4g} s, slowest {max(seconds):.4g} s)' if repeats > 1 else ''
        interleaved = ', interleaved with the other configurations' if len(times) > 1 and repeats > 1 else ''
        note = (f"{backend} {module.__version__}, {described[device]}, "
                f"{blas_note + ', ' if device == 'host' else ''}{thread_note}, "
                f"fastest of {repeats} epoch{'s' if repeats != 1 else ''}{spread}{interleaved}, warm-up excluded")
        measurement = {'device': device}
        if len(networks) > 1:
            # The network this measurement ran; a file of one network leaves it to the scenario's widths.
            measurement['widths'] = networks[index]
            note += '; ' + operations_note(networks, network_counts[device], fits[device])
        measurement.update(batch_size=batch, epoch_time_s=min(seconds),
                           ops_per_step=counts[device, index, batch], note=note)
        measurements.append(measurement)
    return measurements


def main(argv):
    args = parse_arguments(argv)
    # Before this script loads the machine: what else runs here.
    load_at_start = load_average()
    cli = find_cli(args.epochcalc)
    allocator = keep_freed_memory()
    backend, module = load_backend(args.backend, args.threads)
    cuda = backend == 'torch' and module.cuda.is_available()
    devices_wanted = args.devices or (['host', 'accelerator'] if cuda else ['host'])
    if 'accelerator' in devices_wanted and not cuda:
        raise Failure('--devices accelerator needs PyTorch with a CUDA GPU'
                      + (' (torch.cuda.is_available() is False)' if backend == 'torch' else ' (use --backend torch)'))

    scenario, resolved = prepare_scenario(cli, args)
    networks = args.networks or [resolved['network']['widths']]
    for widths in networks[1:]:
        validate(cli, with_widths(scenario, widths))  # the engine must take every network, not only the first
    examples = resolved['network']['dataset']['training_examples']
    scenario_batch = resolved['network']['batch_size']
    sizes = args.batch_sizes or default_batch_sizes(scenario_batch, examples)
    if resolved['assumptions']['drop_last'] and sizes[-1] > examples:
        raise Failure(f'batch size {sizes[-1]} is larger than the {examples} examples and the scenario drops the last '
                      'partial batch (assumptions.drop_last): that epoch would have no step')
    log(f'{backend} {module.__version__}; networks {", ".join(map(network_name, networks))}; N = {examples}, '
        f'{resolved["assumptions"]["phase"]}, batch sizes {sizes}, devices {devices_wanted}')
    blas, torch_record, check, bandwidth = describe_run(backend, module)

    times, counts, described, loads, round_checks = measure(backend, module, devices_wanted, resolved, networks, sizes, args)
    checks = [(check, bandwidth), *round_checks]
    check, bandwidth = fastest_checks(checks)
    log(f"checks, fastest of {len(checks)}: {check['gflop_per_s']} GFLOP/s, {bandwidth['gb_per_s']} GB/s")

    network_counts = {device: ops_by_network(counts, device, networks, sizes, scenario_batch) for device in devices_wanted}
    fits = {device: fit_layers([(len(widths) - 1, ops) for widths, ops in zip(networks, network_counts[device])])
            for device in devices_wanted}
    set_operations(scenario, resolved, networks, network_counts, fits)
    if args.ceilings:
        set_ceilings(scenario, resolved, devices_wanted, check, bandwidth)
    validate(cli, scenario, refused=1)
    measurements = measurement_entries(backend, module, blas, args, networks, times, counts, described, network_counts, fits)

    measured_with = {
        'backend': backend, 'version': module.__version__, 'python': platform.python_version(),
        'machine': platform.platform(), 'cpu': cpu_model(),
        'gpu': module.cuda.get_device_name(0) if cuda else None,
        'date': datetime.date.today().isoformat(),
        'blas': blas,
        **({'torch': torch_record} if torch_record else {}),
        'threads_asked': args.threads,
        'allocator': allocator,
        'matmul_check': check,
        'bandwidth_check': bandwidth,
        'timing': {
            'repeats': args.repeats, 'warmup_steps': args.warmup_steps,
            'order': 'interleaved: each round runs one epoch of every (device, network, batch size) in turn',
            'cpus': os.cpu_count(),
            # 1, 5 and 15-minute averages; those after a round include this run's own thread.
            'load_average': {'start': load_at_start, 'after_each_round': loads},
            'epochs': [{'device': device, 'network': network_name(networks[index]), 'batch_size': batch, 'seconds': seconds}
                       for (device, index, batch), seconds in times.items()],
        },
        # Counted ops per step by device and network, and their fit over the depths (None with one depth).
        'operations': [{'device': device,
                        'by_network': [{'network': network_name(widths), 'layers': len(widths) - 1, 'ops_per_step': ops}
                                       for widths, ops in zip(networks, network_counts[device])],
                        'fit': None if fits[device] is None else dict(zip(('ops_per_layer', 'extra_ops_per_step', 'exact'), fits[device]))}
                       for device in devices_wanted],
    }
    if blas['reference']:
        log(f"warning (again): {blas['warning']}")

    document = {'scenario': scenario, 'measurements': measurements, 'measured_with': measured_with}
    text = json.dumps(document, indent=2, ensure_ascii=False) + '\n'
    if args.out:
        with open(args.out, 'w', encoding='utf-8') as file:
            file.write(text)
        log(f'wrote {args.out}')
    else:
        sys.stdout.write(text)
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv[1:]))
    except Failure as failure:
        log(str(failure))
        sys.exit(failure.status)
