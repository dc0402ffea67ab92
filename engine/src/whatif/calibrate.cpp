// Calibration by non-negative least squares (docs/model.md, "Calibration"). With u = 1/efficiency, a
// device's epoch is work(B)·u + dispatches(B)·dispatch (+ launches(B)·launch on the accelerator)
// + steps(B)·step_overhead + the batch copies: linear in the constants, each taken from the field the
// device pays it from (its own or the scenario's), so one column per such field. Writing u = 1 + v
// keeps every efficiency at most 1 with all unknowns non-negative, so the fit is a plain Lawson–Hanson
// NNLS on at most ten columns.
#include "epochcalc/whatif/calibrate.hpp"
#include "epochcalc/scenario/limits.hpp"

#include <algorithm>
#include <cmath>

#include "model/resolved_scenario.hpp"

namespace epochcalc {

namespace {

using detail::Rates;
using detail::ResolvedScenario;

constexpr std::size_t k_count = unknown_count;
using Vec = std::array<double, k_count>;

// One measurement as a row of the linear system: the coefficient of each constant, and what is left of
// the measured time once the fixed part (work at efficiency 1) is taken off.
struct Row {
  Vec a{};
  double b = 0;
};

const Rates& rates_for(const ResolvedScenario& w, MeasuredOn device) {
  return device == MeasuredOn::host ? w.host : w.accelerator;
}

// The scenario a measurement ran: the scenario's, on the measurement's own network when it gives one.
ResolvedScenario resolved_for(const Scenario& s, const Measurement& m) {
  if (m.widths.empty()) return detail::resolve_scenario(s);
  Scenario on = s;
  on.widths = m.widths;
  return detail::resolve_scenario(on);
}

constexpr std::array<MeasuredOn, 2> devices{MeasuredOn::host, MeasuredOn::accelerator};

std::size_t index_of(Constant c) { return static_cast<std::size_t>(c); }

bool is_efficiency(Constant c) { return c == Constant::host_efficiency || c == Constant::accelerator_efficiency; }

// Whether a device pays a constant at all: the host launches nothing, and each efficiency is one device's.
bool pays(Constant c, MeasuredOn device) {
  switch (c) {
    case Constant::launch:
    case Constant::accelerator_efficiency: return device == MeasuredOn::accelerator;
    case Constant::host_efficiency: return device == MeasuredOn::host;
    default: return true;
  }
}

bool paid_by_some_device(const Scenario& s, std::size_t j) {
  const Constant c = unknowns[j].constant;
  return std::any_of(devices.begin(), devices.end(),
                     [&](MeasuredOn d) { return pays(c, d) && paid_unknown(s, c, d) == j; });
}

// An unknown's field in a scenario (const or not): a device's own value, or the scenario's (nullptr
// from own_field for the scenario's).
template <class S>
auto own_field(S& s, std::size_t j) -> decltype(&s.host_overheads.dispatch) {
  const Unknown u = unknowns[j];
  if (u.owner == Owner::scenario) return nullptr;
  auto& own = u.owner == Owner::host ? s.host_overheads : s.accelerator_overheads;
  return u.constant == Constant::dispatch ? &own.dispatch : u.constant == Constant::launch ? &own.launch : &own.step_overhead;
}

template <class S>
auto scenario_field(S& s, Constant c) -> decltype(&s.dispatch) {
  switch (c) {
    case Constant::dispatch: return &s.dispatch;
    case Constant::launch: return &s.launch;
    case Constant::host_efficiency: return &s.assumptions.host_efficiency;
    case Constant::accelerator_efficiency: return &s.assumptions.accelerator_efficiency;
    case Constant::step_overhead: return &s.step_overhead;
  }
  return &s.dispatch;
}

void set_unknown(Scenario& s, std::size_t j, double value) {
  if (std::optional<double>* own = own_field(s, j)) *own = value;
  else *scenario_field(s, unknowns[j].constant) = value;
}

Row row_of(const ResolvedScenario& w, const Measurement& m, const Scenario& s, const FreeConstants& free) {
  const EpochCounts p = detail::counts_at(w, m.batch_size);
  Rates rates = rates_for(w, m.device);
  rates.slowdown = 1;
  const Run t = detail::times_of(p, w, rates);
  Row row;
  row.b = m.epoch_time_s - t.transfer_time_s;  // the batch copies are known
  // A free constant gets its coefficient in the column of the field the device pays it from; a held
  // one moves its known part of the time to the right.
  const auto term = [&](Constant c, double coefficient) {
    const std::size_t j = paid_unknown(s, c, m.device);
    if (free[index_of(c)]) row.a[j] = coefficient;
    else row.b -= coefficient * unknown_value(s, j);
  };
  term(Constant::dispatch, t.dispatches);
  if (m.device == MeasuredOn::accelerator) term(Constant::launch, t.launches);
  term(Constant::step_overhead, static_cast<double>(p.steps_per_epoch));
  const Constant efficiency = m.device == MeasuredOn::host ? Constant::host_efficiency : Constant::accelerator_efficiency;
  if (free[index_of(efficiency)]) {
    row.a[index_of(efficiency)] = t.work_time_s;  // the coefficient of v = u - 1
    row.b -= t.work_time_s;                       // u = 1 + v: work·1 moves to the right
  } else {
    row.b -= t.work_time_s / unknown_value(s, index_of(efficiency));
  }
  return row;
}

// Least squares on the columns in `use` by Householder QR; columns that are (numerically) dependent on
// earlier ones get 0. Columns are at most ten.
Vec least_squares(const std::vector<Row>& rows, const std::array<bool, k_count>& use) {
  const std::size_t m = rows.size();
  std::vector<std::array<double, k_count + 1>> q(m);
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < k_count; ++j) q[i][j] = use[j] ? rows[i].a[j] : 0.0;
    q[i][k_count] = rows[i].b;
  }
  std::array<bool, k_count> pivot{};
  std::size_t r = 0;  // rows used so far
  double largest = 0;
  for (std::size_t j = 0; j < k_count && r < m; ++j) {
    if (!use[j]) continue;
    double norm = 0;
    for (std::size_t i = r; i < m; ++i) norm += q[i][j] * q[i][j];
    norm = std::sqrt(norm);
    largest = std::max(largest, norm);
    if (norm <= 1e-12 * largest || norm == 0) continue;  // dependent on the columns before it
    const double alpha = q[r][j] > 0 ? -norm : norm;
    std::vector<double> v(m, 0.0);
    for (std::size_t i = r; i < m; ++i) v[i] = q[i][j];
    v[r] -= alpha;
    double vv = 0;
    for (std::size_t i = r; i < m; ++i) vv += v[i] * v[i];
    if (vv > 0)
      for (std::size_t c = 0; c <= k_count; ++c) {
        double dot = 0;
        for (std::size_t i = r; i < m; ++i) dot += v[i] * q[i][c];
        const double f = 2 * dot / vv;
        for (std::size_t i = r; i < m; ++i) q[i][c] -= f * v[i];
      }
    pivot[j] = true;
    ++r;
  }
  // Back substitution over the pivot columns, which sit in rows 0..r-1 in order.
  Vec x{};
  std::vector<std::size_t> cols;
  for (std::size_t j = 0; j < k_count; ++j)
    if (pivot[j]) cols.push_back(j);
  for (std::size_t t = cols.size(); t-- > 0;) {
    double s = q[t][k_count];
    for (std::size_t u = t + 1; u < cols.size(); ++u) s -= q[t][cols[u]] * x[cols[u]];
    x[cols[t]] = s / q[t][cols[t]];
  }
  return x;
}

Vec gradient(const std::vector<Row>& rows, const Vec& x) {  // Aᵀ(b − Ax)
  Vec g{};
  for (const Row& row : rows) {
    double r = row.b;
    for (std::size_t j = 0; j < k_count; ++j) r -= row.a[j] * x[j];
    for (std::size_t j = 0; j < k_count; ++j) g[j] += row.a[j] * r;
  }
  return g;
}

// Lawson–Hanson NNLS over the columns in `allowed`.
Vec nnls(const std::vector<Row>& rows, const std::array<bool, k_count>& allowed) {
  Vec x{};
  std::array<bool, k_count> passive{};
  for (int outer = 0; outer < 32; ++outer) {
    const Vec g = gradient(rows, x);
    double scale = 0;
    for (std::size_t j = 0; j < k_count; ++j) scale = std::max(scale, std::abs(g[j]));
    std::size_t best = k_count;
    for (std::size_t j = 0; j < k_count; ++j)
      if (allowed[j] && !passive[j] && g[j] > 1e-12 * scale && (best == k_count || g[j] > g[best])) best = j;
    if (best == k_count) break;
    passive[best] = true;
    for (int inner = 0; inner < 32; ++inner) {
      const Vec z = least_squares(rows, passive);
      bool feasible = true;
      double step = 1;
      for (std::size_t j = 0; j < k_count; ++j)
        if (passive[j] && z[j] <= 0) {
          feasible = false;
          step = std::min(step, x[j] / (x[j] - z[j]));
        }
      if (feasible) {
        x = z;
        break;
      }
      for (std::size_t j = 0; j < k_count; ++j) {
        if (!passive[j]) continue;
        x[j] += step * (z[j] - x[j]);
        if (x[j] <= 1e-300) {
          x[j] = 0;
          passive[j] = false;
        }
      }
    }
  }
  return x;
}

// The symmetric eigenproblem of a small matrix by Jacobi rotations: eigenvalues on the diagonal of
// `a`, eigenvectors in the columns of the result.
std::array<Vec, k_count> jacobi_eigen(std::array<Vec, k_count>& a) {
  std::array<Vec, k_count> v{};
  for (std::size_t i = 0; i < k_count; ++i) v[i][i] = 1;
  for (int sweep = 0; sweep < 64; ++sweep) {
    double off = 0;
    for (std::size_t p = 0; p < k_count; ++p)
      for (std::size_t q = p + 1; q < k_count; ++q) off += a[p][q] * a[p][q];
    if (off < 1e-40) break;
    for (std::size_t p = 0; p < k_count; ++p)
      for (std::size_t q = p + 1; q < k_count; ++q) {
        if (a[p][q] == 0) continue;
        const double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const double t = (theta >= 0 ? 1 : -1) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (std::size_t k = 0; k < k_count; ++k) {  // rotate columns p and q
          const double akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (std::size_t k = 0; k < k_count; ++k) {  // and rows
          const double apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (std::size_t k = 0; k < k_count; ++k) {
          const double vkp = v[k][p], vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
  }
  return v;
}

// The directions along which the measurements cannot tell values apart: unit eigenvectors of the
// column-scaled normal matrix with a (numerically) zero eigenvalue, in scaled units.
std::vector<Vec> null_directions(const std::vector<Row>& rows, const Vec& norms) {
  std::array<Vec, k_count> gram{};
  for (const Row& row : rows)
    for (std::size_t i = 0; i < k_count; ++i)
      for (std::size_t j = 0; j < k_count; ++j)
        if (norms[i] > 0 && norms[j] > 0) gram[i][j] += row.a[i] / norms[i] * row.a[j] / norms[j];
  const std::array<Vec, k_count> vectors = jacobi_eigen(gram);
  double largest = 0;
  for (std::size_t i = 0; i < k_count; ++i) largest = std::max(largest, gram[i][i]);
  std::vector<Vec> out;
  for (std::size_t e = 0; e < k_count; ++e) {
    if (gram[e][e] > 1e-10 * largest) continue;
    Vec v{};
    bool touches_data = false;
    for (std::size_t j = 0; j < k_count; ++j) {
      v[j] = norms[j] > 0 ? vectors[j][e] : 0;  // constants without data are not fitted at all
      touches_data |= std::abs(v[j]) > 1e-9;
    }
    if (touches_data) out.push_back(v);
  }
  return out;
}

// Whether the combination c·x of the constants is fixed by the measurements: in scaled units (x_j·norm_j)
// it is (c_j / norm_j), which must be orthogonal to every null direction.
bool determined(const Vec& c, const std::vector<Vec>& null, const Vec& norms) {
  Vec cs{};
  double size = 0;
  for (std::size_t j = 0; j < k_count; ++j) {
    if (c[j] == 0) continue;
    if (norms[j] == 0) return false;  // no measurement involves this constant
    cs[j] = c[j] / norms[j];
    size += cs[j] * cs[j];
  }
  for (const Vec& v : null) {
    double dot = 0;
    for (std::size_t j = 0; j < k_count; ++j) dot += cs[j] * v[j];
    if (std::abs(dot) > 1e-6 * std::sqrt(size)) return false;
  }
  return true;
}

double epoch_on(const ResolvedScenario& w, const Measurement& m) {
  return detail::times_of(detail::counts_at(w, m.batch_size), w, rates_for(w, m.device)).epoch_time_s;
}

// What a set of rows determines: the columns' norms and the directions the rows cannot see.
struct Span {
  Vec norms{};
  std::vector<Vec> null;
};

Span span_of(const std::vector<Row>& rows) {
  Span span;
  for (const Row& row : rows)
    for (std::size_t j = 0; j < k_count; ++j) span.norms[j] += row.a[j] * row.a[j];
  for (double& n : span.norms) n = std::sqrt(n);
  span.null = null_directions(rows, span.norms);
  return span;
}

Vec unit(std::size_t j) {
  Vec v{};
  v[j] = 1;
  return v;
}

using Network = std::vector<std::int64_t>;

// Epochs no one measured, as rows: the `on` devices at a spread of batch sizes on each network, each
// divided by the scenario's own epoch as a measured row is by its time. What they would determine
// says what more to measure.
void add_probe_rows(std::vector<Row>& rows, const Scenario& s, std::span<const MeasuredOn> on,
                    const std::vector<Network>& networks, const FreeConstants& free) {
  const std::int64_t n = s.dataset.training_examples;
  for (const Network& widths : networks) {
    Measurement m;
    m.widths = widths;
    const ResolvedScenario w = resolved_for(s, m);
    for (MeasuredOn device : on)
      for (std::int64_t b : {std::int64_t{1}, std::int64_t{2}, std::int64_t{3}, std::int64_t{5}, std::int64_t{8},
                             std::int64_t{64}, std::int64_t{512}, std::int64_t{4096}, n}) {
        if (b > n) continue;
        m.device = device;
        m.batch_size = b;
        m.epoch_time_s = epoch_on(w, m);
        if (!(m.epoch_time_s > 0)) continue;
        Row row = row_of(w, m, s, free);
        for (double& a : row.a) a /= m.epoch_time_s;
        rows.push_back(row);
      }
  }
}

// For each involved unknown the measurements leave undetermined, the least that more measurements
// would need to determine it, tried in order: more batch sizes, networks of other depths, the other
// device, both; else nothing would, and the unknowns it moves with.
void find_needs(Calibration& out, const std::vector<Row>& rows, const Scenario& s,
                std::span<const Measurement> measurements, const FreeConstants& free) {
  std::vector<MeasuredOn> measured_on;
  std::vector<Network> networks;
  for (const Measurement& m : measurements) {
    if (std::find(measured_on.begin(), measured_on.end(), m.device) == measured_on.end()) measured_on.push_back(m.device);
    const Network& widths = m.widths.empty() ? s.widths : m.widths;
    if (std::find(networks.begin(), networks.end(), widths) == networks.end()) networks.push_back(widths);
  }
  // Each network one layer deeper: its last hidden width (or its input's) repeated.
  std::vector<Network> deeper = networks;
  for (const Network& widths : networks) {
    Network more = widths;
    more.insert(more.end() - 1, widths[widths.size() - 2]);
    deeper.push_back(more);
  }
  const auto span_with = [&](std::span<const MeasuredOn> on, const std::vector<Network>& nets) {
    std::vector<Row> all = rows;
    add_probe_rows(all, s, on, nets, free);
    return span_of(all);
  };
  bool any = false;
  for (std::size_t j = 0; j < k_count; ++j) any |= out.involved[j] && !out.fitted[j];
  if (!any) return;
  const std::array<std::pair<Need, Span>, 4> tries{{{Need::more_batch_sizes, span_with(measured_on, networks)},
                                                     {Need::other_depths, span_with(measured_on, deeper)},
                                                     {Need::other_device, span_with(devices, networks)},
                                                     {Need::other_device_and_depths, span_with(devices, deeper)}}};
  for (std::size_t j = 0; j < k_count; ++j) {
    if (!out.involved[j] || out.fitted[j]) continue;
    for (const auto& [need, span] : tries)
      if (determined(unit(j), span.null, span.norms)) {
        out.needs[j] = need;
        break;
      }
    if (out.needs[j]) continue;
    out.needs[j] = Need::nothing;
    for (const Vec& v : tries.back().second.null)
      if (std::abs(v[j]) > 1e-9)
        for (std::size_t k = 0; k < k_count; ++k) out.tied_with[j][k] |= k != j && std::abs(v[k]) > 1e-9;
  }
}

// The values the measured epochs depend on that the fit leaves as they are: every value of a constant
// "fit" leaves out, on each device that pays it; and the scenario's own field of a free constant that
// no device pays, each device paying its own instead.
std::vector<Held> held_values(const Scenario& s, const FreeConstants& free) {
  std::vector<Held> held;
  for (std::size_t c = 0; c < constant_count; ++c) {
    const auto constant = static_cast<Constant>(c);
    const bool unpaid = !is_efficiency(constant) && !paid_by_some_device(s, c);
    if (free[c] && !unpaid) continue;
    for (MeasuredOn d : devices) {
      if (!pays(constant, d)) continue;
      const std::size_t in_force = paid_unknown(s, constant, d);
      const std::size_t field = free[c] ? c : in_force;
      held.push_back({constant, d, field, unknown_value(s, field), free[c] ? HeldBecause::own_value : HeldBecause::fit, in_force});
    }
  }
  return held;
}

}  // namespace

std::string_view constant_name(Constant c) {
  switch (c) {
    case Constant::dispatch: return "dispatch";
    case Constant::launch: return "launch";
    case Constant::host_efficiency: return "host_efficiency";
    case Constant::accelerator_efficiency: return "accelerator_efficiency";
    case Constant::step_overhead: return "step_overhead";
  }
  return "";
}

std::optional<std::size_t> unknown_index(Constant c, Owner owner) {
  for (std::size_t j = 0; j < unknown_count; ++j)
    if (unknowns[j].constant == c && unknowns[j].owner == owner) return j;
  return std::nullopt;
}

std::size_t paid_unknown(const Scenario& s, Constant c, MeasuredOn device) {
  const bool host = device == MeasuredOn::host;
  const DeviceOverheads& own = host ? s.host_overheads : s.accelerator_overheads;
  const bool has_own = c == Constant::dispatch ? own.dispatch.has_value()
                       : c == Constant::launch ? !host && own.launch.has_value()
                       : c == Constant::step_overhead && own.step_overhead.has_value();
  return has_own ? *unknown_index(c, host ? Owner::host : Owner::accelerator) : index_of(c);
}

double unknown_value(const Scenario& s, std::size_t unknown) {
  if (const std::optional<double>* own = own_field(s, unknown)) return own->value_or(0);
  return *scenario_field(s, unknowns[unknown].constant);
}

FreeConstants default_free(std::span<const Measurement> measurements, const std::vector<std::int64_t>& scenario_widths) {
  FreeConstants free = all_constants;
  std::size_t first_layers = 0;
  for (const Measurement& m : measurements) {
    const std::size_t layers = (m.widths.empty() ? scenario_widths : m.widths).size();
    if (first_layers == 0) first_layers = layers;
    if (layers != first_layers) free[static_cast<std::size_t>(Constant::step_overhead)] = true;
  }
  return free;
}

Calibration calibrate(const Scenario& scenario, std::span<const Measurement> measurements, const FreeConstants& free) {
  Calibration out;
  for (std::size_t j = 0; j < k_count; ++j)
    out.involved[j] = free[index_of(unknowns[j].constant)] && paid_by_some_device(scenario, j);
  // Relative residuals: every row divided by its measured time, so a 7 s epoch and a 30 ms one count alike.
  std::vector<Row> rows;
  for (const Measurement& m : measurements) {
    const ResolvedScenario w = resolved_for(scenario, m);
    Row row = row_of(w, m, scenario, free);
    for (double& a : row.a) a /= m.epoch_time_s;
    row.b /= m.epoch_time_s;
    rows.push_back(row);
    out.uncalibrated_s.push_back(epoch_on(w, m));
  }
  const Span seen = span_of(rows);
  const Vec& norms = seen.norms;

  // Solve in scaled columns (unit norm), so a dispatch in microseconds and an efficiency near 1 weigh alike.
  std::vector<Row> scaled = rows;
  std::array<bool, k_count> allowed{};
  for (std::size_t j = 0; j < k_count; ++j) allowed[j] = norms[j] > 0;
  for (Row& row : scaled)
    for (std::size_t j = 0; j < k_count; ++j) row.a[j] = allowed[j] ? row.a[j] / norms[j] : 0;
  const Vec y = nnls(scaled, allowed);
  Vec x{};
  for (std::size_t j = 0; j < k_count; ++j) x[j] = allowed[j] ? y[j] / norms[j] : 0;
  // Every fitted value stays within the scenario's own rules, so the fitted scenario is one: at most
  // an hour per operation, at least the smallest efficiency (u = 1/e, v = u - 1).
  Vec upper{};
  for (std::size_t j = 0; j < k_count; ++j)
    switch (unknowns[j].constant) {
      case Constant::dispatch: upper[j] = rule::dispatch.bounds.max; break;
      case Constant::launch: upper[j] = rule::launch.bounds.max; break;
      case Constant::step_overhead: upper[j] = rule::step_overhead.bounds.max; break;
      default: upper[j] = 1 / rule::efficiency.bounds.min - 1;
    }
  for (std::size_t j = 0; j < k_count; ++j)
    if (allowed[j] && !(x[j] <= upper[j])) {
      x[j] = upper[j];
      out.at_limit.push_back(j);
    }

  const std::vector<Vec>& null = seen.null;
  const auto as_value = [](std::size_t j, double v) {
    return is_efficiency(unknowns[j].constant) ? std::max(rule::efficiency.bounds.min, 1 / (1 + v)) : v;
  };
  for (std::size_t j = 0; j < k_count; ++j) {
    if (!allowed[j] || !determined(unit(j), null, norms)) continue;
    out.fitted[j] = as_value(j, x[j]);
    if (x[j] == 0) out.at_bound.push_back(j);
    out.determines_anything = true;
  }
  // The accelerator pays dispatch and launch on the same calls: its times alone fix only their sum.
  const std::size_t d = paid_unknown(scenario, Constant::dispatch, MeasuredOn::accelerator);
  const std::size_t l = paid_unknown(scenario, Constant::launch, MeasuredOn::accelerator);
  if (!out.fitted[d] && !out.fitted[l] && allowed[d] && allowed[l]) {
    Vec sum{};
    sum[d] = sum[l] = 1;
    if (determined(sum, null, norms)) {
      out.dispatch_plus_launch = x[d] + x[l];
      out.determines_anything = true;
    }
  }
  // One network: the per-step cost and the per-operation costs move together, and only one step's
  // overhead at that network is fixed (docs/model.md, "Calibration").
  if (!measurements.empty()) {
    const MeasuredOn first = measurements.front().device;
    const std::size_t st = paid_unknown(scenario, Constant::step_overhead, first);
    if (allowed[st] && !out.fitted[st] && rows.front().a[st] > 0) {
      const std::size_t fd = paid_unknown(scenario, Constant::dispatch, first);
      Vec per_step{};
      per_step[fd] = rows.front().a[fd] / rows.front().a[st];
      if (first == MeasuredOn::accelerator) per_step[l] = rows.front().a[l] / rows.front().a[st];
      per_step[st] = 1;
      if (determined(per_step, null, norms)) {
        out.overhead_per_step = per_step[fd] * x[fd] + per_step[l] * x[l] + x[st];
        out.overhead_per_step_ops = per_step[fd];
        out.determines_anything = true;
      }
    }
  }

  // Along a direction the measurements cannot see, move from the fit towards the scenario's own values
  // (an orthogonal projection in scaled units): the predictions stay, and an undetermined constant
  // changes only as much as a determined combination of it demands. If that would leave a constant
  // negative, the fit's own point stays.
  Vec own{};
  for (std::size_t j = 0; j < k_count; ++j) {
    const double value = unknown_value(scenario, j);
    own[j] = is_efficiency(unknowns[j].constant) ? 1 / value - 1 : value;
  }
  Vec settled = x;
  for (const Vec& v : null) {
    double along = 0;
    for (std::size_t j = 0; j < k_count; ++j)
      if (allowed[j]) along += v[j] * (own[j] - settled[j]) * norms[j];
    for (std::size_t j = 0; j < k_count; ++j)
      if (allowed[j]) settled[j] += v[j] * along / norms[j];
  }
  for (std::size_t j = 0; j < k_count; ++j)
    if (allowed[j] && (settled[j] < 0 || settled[j] > upper[j])) settled = x;
  for (std::size_t j = 0; j < k_count; ++j)
    if (allowed[j]) out.settled[j] = as_value(j, settled[j]);

  // Predictions come from the model itself, run with the settled values: the fitted scenario as written.
  const Scenario fitted = fitted_scenario(scenario, out);
  for (const Measurement& m : measurements) out.predicted_s.push_back(epoch_on(resolved_for(fitted, m), m));
  find_needs(out, rows, scenario, measurements, free);
  out.held = held_values(scenario, free);
  return out;
}

Scenario fitted_scenario(const Scenario& scenario, const Calibration& fit) {
  Scenario fitted = scenario;
  for (std::size_t j = 0; j < k_count; ++j)
    if (fit.settled[j]) set_unknown(fitted, j, *fit.settled[j]);
  return fitted;
}

}  // namespace epochcalc
