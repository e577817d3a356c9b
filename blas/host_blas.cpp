// Loads the host BLAS with dlopen and calls its sgemm_/dgemm_, resolved from its own handle.
#include "blas/host_blas.hpp"

#include <dlfcn.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "blas/host_loop.hpp"

namespace gemmtune::blas {
namespace {

template <typename Real>
using FortranGemm = void (*)(const char*, const char*, const blas_int*, const blas_int*, const blas_int*,
                             const Real*, const Real*, const blas_int*, const Real*, const blas_int*,
                             const Real*, Real*, const blas_int*, std::size_t, std::size_t);

struct HostBlas {
  FortranGemm<float> sgemm = nullptr;
  FortranGemm<double> dgemm = nullptr;
  std::string name;  // as it was asked for; empty: none loaded
};

// The shared object that holds `address`, to tell this library's symbols from a host BLAS's.
const void* object_of(const void* address) {
  Dl_info info{};
  return dladdr(address, &info) ? info.dli_fbase : nullptr;
}

// dlsym on the library's own handle searches that library and its dependencies only, so the
// preloaded sgemm_ (this library's) is not found, unless `name` is this library itself.
HostBlas load(const char* name) {
  void* library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return {};
  HostBlas host{reinterpret_cast<FortranGemm<float>>(dlsym(library, "sgemm_")),
                reinterpret_cast<FortranGemm<double>>(dlsym(library, "dgemm_")), name};
  const void* self = object_of(reinterpret_cast<const void*>(&object_of));
  if (host.sgemm == nullptr || host.dgemm == nullptr || object_of(reinterpret_cast<const void*>(host.sgemm)) == self ||
      object_of(reinterpret_cast<const void*>(host.dgemm)) == self) {
    dlclose(library);
    return {};
  }
  return host;  // kept loaded for the life of the process
}

const HostBlas& host_blas() {
  static const HostBlas host = [] {
    std::vector<std::string> candidates{"libopenblas.so.0", "libblas.so.3"};
    if (const char* chosen = std::getenv("GEMMTUNE_BLAS_HOST"); chosen && *chosen) candidates = {chosen};
    for (const std::string& candidate : candidates)
      if (HostBlas loaded = load(candidate.c_str()); loaded.sgemm) return loaded;
    std::string tried;
    for (const std::string& candidate : candidates) tried += (tried.empty() ? "" : ", ") + candidate;
    std::fprintf(stderr, "gemmtune blas: no host BLAS could be loaded (%s); calls kept on the host run a plain, slow loop\n",
                 tried.c_str());
    return HostBlas{};
  }();
  return host;
}

template <typename Real>
void call_host(FortranGemm<Real> gemm, const ColumnMajorGemm<Real>& c) {
  if (gemm == nullptr) return gemm_loop(c);
  gemm(&c.trans_a, &c.trans_b, &c.m, &c.n, &c.k, &c.alpha, c.a, &c.lda, c.b, &c.ldb, &c.beta, c.c, &c.ldc, 1, 1);
}

}  // namespace

void run_on_host(const ColumnMajorGemm<float>& call) { call_host(host_blas().sgemm, call); }
void run_on_host(const ColumnMajorGemm<double>& call) { call_host(host_blas().dgemm, call); }

std::string host_blas_name() {
  const HostBlas& host = host_blas();
  return host.sgemm ? host.name : "none (the plain loop)";
}

}  // namespace gemmtune::blas
