// The devices a tune command runs on: one selector, a comma-separated list, or every GPU.
#include "tuner/device_selection.hpp"

#include <set>
#include <sstream>

#include "tuner/cli.hpp"

namespace gemmtune::cli {

std::vector<DeviceEntry> select_devices(const std::string& text) {
  if (text == "all") {
    std::vector<DeviceEntry> gpus;
    for (auto& device : list_devices())
      if (device.fingerprint.type == "gpu") gpus.push_back(std::move(device));
    if (gpus.empty()) gpus.push_back(select_device(""));
    return gpus;
  }
  if (text.find(',') == std::string::npos) return {select_device(text)};
  std::vector<DeviceEntry> devices;
  std::set<std::size_t> chosen;
  std::istringstream selectors(text);
  for (std::string selector; std::getline(selectors, selector, ',');) {
    DeviceEntry device = select_device(selector);
    if (!chosen.insert(device.index).second)
      throw UsageError("--device names " + device.selector + " twice ('" + text + "')");
    devices.push_back(std::move(device));
  }
  return devices;
}

std::vector<std::vector<std::size_t>> same_model_groups(const std::vector<DeviceEntry>& devices) {
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::string> models;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    const std::string model = devices[i].fingerprint.model_key();
    std::size_t group = 0;
    while (group < models.size() && models[group] != model) ++group;
    if (group == models.size()) models.push_back(model), groups.emplace_back();
    groups[group].push_back(i);
  }
  return groups;
}

}  // namespace gemmtune::cli
