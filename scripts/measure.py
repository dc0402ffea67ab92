#!/usr/bin/env python3
"""Measure your own machine: time real training epochs of a scenario's network and count the
operations each step launches, then write the measurements file that epochcalc's calibration reads.

The network is the scenario's dense MLP (ReLU between layers, softmax cross-entropy, plain SGD),
trained for one epoch on synthetic random data of the dataset's shape, on the CPU ("host") and on a
CUDA GPU ("accelerator") when PyTorch sees one, at several batch sizes. Warm-up steps are run and
left out; each epoch is repeated and the median kept (a large dataset's inputs come from a pool of
at most 256 MiB that the epoch cycles through). Operations per step are counted, not assumed:
PyTorch's profiler gives the top-level aten ops (host) or CUDA kernels (accelerator); the NumPy
backend counts every NumPy call its step makes.

The scenario comes from the epochcalc CLI (--expand), so preset merging and every other scenario
rule stay in the engine. Progress goes to stderr; the JSON goes to --out or stdout.
Exit status: 0 success, 2 invalid input or an unavailable backend or device, 1 internal fault.
"""

import argparse
import datetime
import json
import os
import platform
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


def devices(text):
    names = [part.strip() for part in text.split(',') if part.strip()]
    unknown = [name for name in names if name not in ('host', 'accelerator')]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f'devices are "host" and/or "accelerator", separated by commas (got {text!r})')
    return list(dict.fromkeys(names))


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog='measure.py', description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog='Example: python3 scripts/measure.py --preset mnist-cpu-vs-h100 --examples 10000 --out measured.json')
    source = parser.add_mutually_exclusive_group()
    source.add_argument('--preset', metavar='ID', help='start from this preset (epochcalc --list-presets); default: the default preset')
    source.add_argument('--scenario', metavar='FILE', help='read the scenario from this JSON file')
    parser.add_argument('--set', metavar='PATH=VALUE', action='append', default=[], dest='sets',
                        help='override one field, passed to epochcalc as is (repeatable)')
    parser.add_argument('--epochcalc', metavar='PATH',
                        help='the epochcalc CLI (default: build/native/cli/epochcalc in the repository, else epochcalc on PATH)')
    parser.add_argument('--batch-sizes', metavar='B,B,...', type=batch_sizes,
                        help="batch sizes to measure (default: 1, the scenario's batch size, and 4, 16, 64, 256, 1024 up to min(N, 1024))")
    parser.add_argument('--examples', metavar='N', type=whole_number(1),
                        help="examples per epoch, for a quicker run; written into the scenario's dataset (default: the dataset's N)")
    parser.add_argument('--repeats', metavar='K', type=whole_number(1), default=3, help='timed epochs per batch size; the median is kept (default 3)')
    parser.add_argument('--warmup-steps', metavar='S', type=whole_number(0), default=10,
                        help='untimed steps before timing, at each batch size (default 10)')
    parser.add_argument('--devices', metavar='LIST', type=devices,
                        help='host, accelerator or host,accelerator (default: host, plus accelerator when PyTorch sees a CUDA GPU)')
    parser.add_argument('--backend', choices=('auto', 'torch', 'numpy'), default='auto',
                        help='auto (the default) is torch when it can be imported, else numpy')
    parser.add_argument('--threads', metavar='T', type=whole_number(1),
                        help='CPU threads: torch.set_num_threads, or the BLAS thread variables before NumPy loads (default: the library\'s choice)')
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


class Trainer:
    """What both backends share: a pool of `rows` synthetic examples (`inputs`, `labels`)."""

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

    def __init__(self, np, widths, training, examples, largest_batch):
        self.np = np
        self.training = training
        dtype = np.float32
        random = np.random.default_rng(0)
        pairs = list(zip(widths[:-1], widths[1:]))
        # He initialisation keeps the ReLU activations of a deep stack from vanishing or exploding.
        self.weights = [(random.standard_normal((a, b)) * (2.0 / a) ** 0.5).astype(dtype) for a, b in pairs]
        self.biases = [np.zeros(b, dtype) for _, b in pairs]
        self.rows = pool_rows(examples, largest_batch, widths[0] * 4)
        self.inputs = random.standard_normal((self.rows, widths[0]), dtype=dtype)
        self.labels = random.integers(0, widths[-1], size=self.rows)
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
            grad_weights = xp.matmul(xp.transpose(kept[i]), grad)
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

    def __init__(self, torch, device, widths, training, examples, largest_batch, precision):
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
        self.rows = pool_rows(examples, largest_batch, widths[0] * torch.tensor([], dtype=dtype).element_size())
        self.inputs = torch.randn(self.rows, widths[0], device=target, dtype=dtype)
        self.labels = torch.randint(0, widths[-1], (self.rows,), device=target)

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


def measure_batch(trainer, examples, batch, drop_last, repeats, warmup_steps):
    size = min(batch, examples)
    for i in range(warmup_steps):
        trainer.step(*trainer.batch(i * size, size))
    trainer.synchronize()
    ops = trainer.count_ops(*trainer.batch(0, size))
    times = [run_epoch(trainer, examples, batch, drop_last) for _ in range(repeats)]
    return statistics.median(times), ops


def default_batch_sizes(scenario_batch, examples):
    sizes = {1, scenario_batch}
    sizes.update(size for size in (4, 16, 64, 256, 1024) if size <= min(examples, 1024))
    return sorted(sizes)


def fit_operations(scenario, layers, per_layer, counted):
    """Sets ops_per_layer and extra_ops_per_step so that layers * ops_per_layer + extra = counted.
    per_layer is the engine's value (the scenario's own, or the phase's default)."""
    assumptions = scenario.setdefault('assumptions', {})
    if counted < layers * per_layer:
        per_layer = counted // layers
    assumptions['ops_per_layer'] = per_layer
    assumptions['extra_ops_per_step'] = counted - layers * per_layer


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
    return scenario, validate(cli, scenario)['scenario']


def measure(backend, module, devices_wanted, resolved, sizes, args):
    """Returns the measurements and the counted ops per step by device and batch size."""
    widths = resolved['network']['widths']
    examples = resolved['network']['dataset']['training_examples']
    training = resolved['assumptions']['phase'] == 'training'
    drop_last = resolved['assumptions']['drop_last']
    precision = resolved['precision']
    version = module.__version__
    if backend == 'torch':
        threads = module.get_num_threads()
        thread_note = f'{threads} thread{"s" if threads != 1 else ""}'
    else:
        # NumPy cannot say how many threads its BLAS uses; the note records what was asked of it.
        thread_note = f'BLAS threads set to {args.threads}' if args.threads else "the BLAS library's own thread count"
    measurements = []
    counts = {}
    for device in devices_wanted:
        largest = min(sizes[-1], examples)
        if backend == 'torch':
            trainer = TorchTrainer(module, device, widths, training, examples, largest, precision)
        else:
            trainer = NumpyTrainer(module, widths, training, examples, largest)
        precision_note = '' if PRECISION_DTYPES.get(precision) == trainer.dtype_name else f', scenario precision {precision}'
        gpu_note = f', {module.cuda.get_device_name(0)}' if device == 'accelerator' else ''
        for batch in sizes:
            log(f'{device}, batch {batch}: {args.warmup_steps} warm-up steps, then {args.repeats} epochs')
            seconds, ops = measure_batch(trainer, examples, batch, drop_last, args.repeats, args.warmup_steps)
            counts.setdefault(device, {})[batch] = ops
            log(f'{device}, batch {batch}: {seconds:.6g} s per epoch (median), {ops} ops per step')
            measurements.append({
                'device': device, 'batch_size': batch, 'epoch_time_s': seconds, 'ops_per_step': ops,
                'note': f'{backend} {version}, {trainer.dtype_name}{precision_note}, median of {args.repeats} epochs, '
                        f'{thread_note}, warm-up excluded{gpu_note}',
            })
    return measurements, counts


def main(argv):
    args = parse_arguments(argv)
    cli = find_cli(args.epochcalc)
    backend, module = load_backend(args.backend, args.threads)
    cuda = backend == 'torch' and module.cuda.is_available()
    devices_wanted = args.devices or (['host', 'accelerator'] if cuda else ['host'])
    if 'accelerator' in devices_wanted and not cuda:
        raise Failure('--devices accelerator needs PyTorch with a CUDA GPU'
                      + (' (torch.cuda.is_available() is False)' if backend == 'torch' else ' (use --backend torch)'))

    scenario, resolved = prepare_scenario(cli, args)
    widths = resolved['network']['widths']
    examples = resolved['network']['dataset']['training_examples']
    scenario_batch = resolved['network']['batch_size']
    sizes = args.batch_sizes or default_batch_sizes(scenario_batch, examples)
    if resolved['assumptions']['drop_last'] and sizes[-1] > examples:
        raise Failure(f'batch size {sizes[-1]} is larger than the {examples} examples and the scenario drops the last '
                      'partial batch (assumptions.drop_last): that epoch would have no step')
    log(f'{backend} {module.__version__}; widths {widths}, N = {examples}, {resolved["assumptions"]["phase"]}, '
        f'batch sizes {sizes}, devices {devices_wanted}')

    measurements, counts = measure(backend, module, devices_wanted, resolved, sizes, args)

    if 'host' in counts:
        host = counts['host']
        # Equal at every batch size for these steps; should a framework differ, the scenario's batch size decides.
        counted = host.get(scenario_batch, host[sizes[-1]])
        if len(set(host.values())) > 1:
            log(f'host ops per step differ by batch size {host}; the scenario takes {counted}')
        fit_operations(scenario, len(widths) - 1, resolved['assumptions']['ops_per_layer'], counted)
    else:
        log("no host measurement: the scenario's operations per step are left as they were")
    validate(cli, scenario, refused=1)

    document = {
        'scenario': scenario,
        'measurements': measurements,
        'measured_with': {
            'backend': backend, 'version': module.__version__, 'python': platform.python_version(),
            'machine': platform.platform(), 'cpu': cpu_model(),
            'gpu': module.cuda.get_device_name(0) if cuda else None,
            'date': datetime.date.today().isoformat(),
        },
    }
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
