// `gemmtune devices [--json]`: every OpenCL device with its index, selector and fingerprint.
#include <iostream>

#include "db/transfer.hpp"
#include "dispatch/device.hpp"
#include "dispatch/device_record.hpp"
#include "tuner/cli.hpp"
#include "tuner/commands.hpp"

namespace gemmtune::cli {

boost::json::object fingerprint_to_json(const DeviceFingerprint& print) {
  return db::device_to_json(device_record(print));
}

int devices_command(const Arguments& args) {
  namespace po = boost::program_options;
  po::options_description options("gemmtune devices [--json]");
  options.add_options()("help,h", "show this help")("json", "print a JSON array");
  const auto values = parse("devices", args, options);
  if (values.count("help")) {
    std::cout << options;
    return 0;
  }
  const auto devices = list_devices();
  std::string default_selector;
  try {
    default_selector = select_device("").selector;
  } catch (const InvalidArgument&) {
  }
  if (values.count("json")) {
    boost::json::array list;
    for (const auto& entry : devices) {
      list.push_back({{"index", entry.index},
                      {"selector", entry.selector},
                      {"default", entry.selector == default_selector},
                      {"fingerprint", fingerprint_to_json(entry.fingerprint)}});
    }
    std::cout << boost::json::serialize(list) << '\n';
    return 0;
  }
  if (devices.empty()) {
    std::cout << "no OpenCL devices found\n";
    return 1;
  }
  for (const auto& entry : devices) {
    const auto& print = entry.fingerprint;
    std::cout << '[' << entry.index << "] " << entry.selector
              << (entry.selector == default_selector ? "  (default)" : "") << '\n'
              << "    " << print.name << " - " << print.vendor << ", " << print.type << ", "
              << print.compute_units << " compute units at " << print.clock_mhz << " MHz\n"
              << "    platform " << print.platform << ", driver " << print.driver_version << ", "
              << print.opencl_c_version << '\n'
              << "    global memory " << (print.global_mem_bytes >> 20) << " MiB, local memory "
              << (print.local_mem_bytes >> 10) << " KiB, max work-group size "
              << print.max_work_group_size << '\n';
  }
  return 0;
}

}  // namespace gemmtune::cli
