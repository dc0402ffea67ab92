// Devices side by side: the scenario's network, overheads and assumptions on a list of devices, each
// run as a host (a CPU: no kernel launch, no graphs, the host's efficiency) or as an accelerator, at
// the configured batch size and at batch one; and the exact envelopes over batch sizes 1..N: which
// device is fastest on which ranges, and which is cheapest among those with a price. Plain structs, no
// JSON; the registry's ids are resolved by the caller.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "epochcalc/model/model.hpp"

namespace epochcalc {

struct Contender {
  std::string label;  // a registry id, or the device's name
  Device device;
  bool runs_as_host = false;
};

struct ContenderResult {
  bool has_precision = false;  // false: no peak at the scenario's precision; no runs, not in the envelope
  DeviceResult runs;
};

// Batch sizes from..to (inclusive) at which contender `index` has the shortest (or cheapest) epoch, the
// first in the list on an exact tie.
struct EnvelopeRange {
  std::int64_t from = 0;
  std::int64_t to = 0;
  std::size_t index = 0;
  friend bool operator==(const EnvelopeRange&, const EnvelopeRange&) = default;
};

struct DeviceComparison {
  std::vector<ContenderResult> results;  // one per contender, in order
  std::vector<EnvelopeRange> fastest;    // ascending, covering 1..N when any contender runs
  // The cheapest epoch (price per hour × epoch time) among the contenders with a price; empty without.
  std::vector<EnvelopeRange> cheapest;
};

// Precondition: the scenario is validated (the devices in the list need not be its own).
DeviceComparison compare_devices(const Scenario& scenario, std::span<const Contender> contenders);

// One contender's runs at each of `batches` (the scenario's network and overheads, in its role).
// Precondition: as above, and the contender has a peak at the scenario's precision.
std::vector<Run> contender_runs(const Scenario& scenario, const Contender& contender, std::span<const std::int64_t> batches);

}  // namespace epochcalc
