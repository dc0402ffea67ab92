// Calibration by non-negative least squares (docs/model.md, "Calibration"). With u = 1/efficiency, a
// device's epoch is work(B)·u + dispatches(B)·dispatch (+ launches(B)·launch on the accelerator)
// + steps(B)·step_overhead + the batch copies: linear in the five constants. Writing u = 1 + v keeps every efficiency at most 1 with all unknowns
// non-negative, so the fit is a plain Lawson–Hanson NNLS on at most five columns.
#include "epochcalc/calibrate.hpp"
#include "epochcalc/limits.hpp"

#include <algorithm>
#include <cmath>

#include "resolved_scenario.hpp"

namespace epochcalc {

namespace {

using detail::Rates;
using detail::ResolvedScenario;

constexpr std::size_t k_count = constant_count;
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

Row row_of(const ResolvedScenario& w, const Measurement& m, const Scenario& s, const FreeConstants& free) {
  const EpochCounts p = detail::counts_at(w, m.batch_size);
  Rates rates = rates_for(w, m.device);
  rates.slowdown = 1;
  const Run t = detail::times_of(p, w, rates);
  Row row;
  row.b = m.epoch_time_s - t.transfer_time_s;  // the batch copies are known
  const bool host = m.device == MeasuredOn::host;
  const DeviceOverheads& own = host ? s.host_overheads : s.accelerator_overheads;
  // A free constant gets its coefficient; a held one, or the device's own value, moves its known part
  // of the time to the right.
  const auto term = [&](Constant c, double coefficient, bool device_has_own, double held_value) {
    const auto j = static_cast<std::size_t>(c);
    if (free[j] && !device_has_own) row.a[j] = coefficient;
    else row.b -= coefficient * held_value;
  };
  term(Constant::dispatch, t.dispatches, own.dispatch.has_value(), rates.dispatch);
  term(Constant::launch, t.launches, own.launch.has_value(), rates.launch);
  term(Constant::step_overhead, static_cast<double>(p.steps_per_epoch), own.step_overhead.has_value(), rates.step_overhead);
  const Constant efficiency = host ? Constant::host_efficiency : Constant::accelerator_efficiency;
  const double held = host ? s.assumptions.host_efficiency : s.assumptions.accelerator_efficiency;
  if (free[static_cast<std::size_t>(efficiency)]) {
    row.a[static_cast<std::size_t>(efficiency)] = t.work_time_s;  // the coefficient of v = u - 1
    row.b -= t.work_time_s;                                        // u = 1 + v: work·1 moves to the right
  } else {
    row.b -= t.work_time_s / held;
  }
  return row;
}

// Least squares on the columns in `use` by Householder QR; columns that are (numerically) dependent on
// earlier ones get 0. Rows are few, columns at most four.
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
  Vec norms{};
  for (const Row& row : rows)
    for (std::size_t j = 0; j < k_count; ++j) norms[j] += row.a[j] * row.a[j];
  for (double& n : norms) n = std::sqrt(n);

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
  upper[static_cast<std::size_t>(Constant::dispatch)] = rule::dispatch.bounds.max;
  upper[static_cast<std::size_t>(Constant::launch)] = rule::launch.bounds.max;
  upper[static_cast<std::size_t>(Constant::step_overhead)] = rule::step_overhead.bounds.max;
  upper[static_cast<std::size_t>(Constant::host_efficiency)] = 1 / rule::efficiency.bounds.min - 1;
  upper[static_cast<std::size_t>(Constant::accelerator_efficiency)] = 1 / rule::efficiency.bounds.min - 1;
  for (std::size_t j = 0; j < k_count; ++j)
    if (allowed[j] && !(x[j] <= upper[j])) {
      x[j] = upper[j];
      out.at_limit.push_back(static_cast<Constant>(j));
    }

  const std::vector<Vec> null = null_directions(rows, norms);
  for (std::size_t j = 0; j < k_count; ++j) {
    Vec unit{};
    unit[j] = 1;
    if (!allowed[j] || !determined(unit, null, norms)) continue;
    const auto c = static_cast<Constant>(j);
    const bool efficiency = c == Constant::host_efficiency || c == Constant::accelerator_efficiency;
    out.fitted[j] = efficiency ? std::max(rule::efficiency.bounds.min, 1 / (1 + x[j])) : x[j];
    if (x[j] == 0) out.at_bound.push_back(c);
    out.determines_anything = true;
  }
  const auto d = static_cast<std::size_t>(Constant::dispatch), l = static_cast<std::size_t>(Constant::launch);
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
  const auto st = static_cast<std::size_t>(Constant::step_overhead);
  if (allowed[st] && !out.fitted[st] && !rows.empty() && rows.front().a[st] > 0) {
    Vec per_step{};
    for (std::size_t j : {d, l, st}) per_step[j] = rows.front().a[j] / rows.front().a[st];
    if (determined(per_step, null, norms)) {
      out.overhead_per_step = per_step[d] * x[d] + per_step[l] * x[l] + x[st];
      out.overhead_per_step_ops = per_step[d];
      out.determines_anything = true;
    }
  }

  // Along a direction the measurements cannot see, move from the fit towards the scenario's own values
  // (an orthogonal projection in scaled units): the predictions stay, and an undetermined constant
  // changes only as much as a determined combination of it demands. If that would leave a constant
  // negative, the fit's own point stays.
  const auto h = static_cast<std::size_t>(Constant::host_efficiency), a = static_cast<std::size_t>(Constant::accelerator_efficiency);
  Vec own{};
  own[d] = scenario.dispatch;
  own[l] = scenario.launch;
  own[st] = scenario.step_overhead;
  own[h] = 1 / scenario.assumptions.host_efficiency - 1;
  own[a] = 1 / scenario.assumptions.accelerator_efficiency - 1;
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
  for (std::size_t j = 0; j < k_count; ++j) {
    if (!allowed[j]) continue;
    const bool efficiency = j == h || j == a;
    out.settled[j] = efficiency ? std::max(rule::efficiency.bounds.min, 1 / (1 + settled[j])) : settled[j];
  }

  // Predictions come from the model itself, run with the settled values: the fitted scenario as written.
  Scenario fitted = scenario;
  if (out.settled[d]) fitted.dispatch = *out.settled[d];
  if (out.settled[l]) fitted.launch = *out.settled[l];
  if (out.settled[st]) fitted.step_overhead = *out.settled[st];
  if (out.settled[h]) fitted.assumptions.host_efficiency = *out.settled[h];
  if (out.settled[a]) fitted.assumptions.accelerator_efficiency = *out.settled[a];
  for (const Measurement& m : measurements) out.predicted_s.push_back(epoch_on(resolved_for(fitted, m), m));
  return out;
}

}  // namespace epochcalc
