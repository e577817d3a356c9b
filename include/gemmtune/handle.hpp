// The runtime dispatcher: runs C = alpha*op(A)*op(B) + beta*C with the best tuned configuration known.
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "gemmtune/types.hpp"

namespace gemmtune {

// The configuration the dispatcher chose for one problem, and why.
struct ConfigChoice {
  std::string family;  // the kernel family that runs it ("xgemm", ...; `gemmtune kernels` lists them)
  KernelConfig config;
  ConfigSource source = ConfigSource::Default;
  std::string detail;  // e.g. which tuned problem a "nearest" choice came from
  // Empty: the family computes in the call's precision. Else the stronger precision of the same
  // storage it computes in (tf32 and 3xtf32 calls as fp32, where that is known or predicted faster,
  // or where its family ranks first untuned): never a weaker one.
  std::optional<Precision> runs_as;
  // Empty: the kernel runs the call's own transpositions. Else the ones it runs ("NN", "NT", "TN"
  // or "TT", in the call's layout, or in runs_layout where set), a configuration measured under
  // them being predicted faster even with a pre-pass that first transposes each operand whose
  // transposition differs into a workspace of the handle's.
  std::optional<std::string> runs_trans;
  // Empty: C is computed as the call lays it out. Else C is one row, or one column of consecutive
  // elements, which is the same memory in either layout, and the kernel runs the NN or TT call as
  // this layout's with op(A) and op(B) each read the other way: C^T = op(B)^T op(A)^T, so that a
  // TT product runs as an NN one with no copy (and an NN one as TT); runs_trans says which.
  std::optional<Layout> runs_layout = std::nullopt;
  // Calls of this shape still time the model's best candidates in turn (the first calls of a shape
  // chosen by prediction, on a queue that times its commands: see Handle), so a later call may run
  // another configuration: true from the first such call until the fastest is kept; false before
  // a call of the shape (whether its calls time candidates depends on their queue) and for every
  // other choice.
  bool trying = false;
};

// One GEMM problem as the dispatcher sees it (no buffers).
struct GemmShape {
  Precision precision = Precision::Single;
  Layout layout = Layout::RowMajor;
  Transpose trans_a = Transpose::No;
  Transpose trans_b = Transpose::No;
  std::size_t m = 0, n = 0, k = 0;
};

// A dispatcher bound to one OpenCL context and device. Safe to call from several threads at once.
//
// Offsets and leading dimensions count elements, not bytes, as in BLAS. Throws:
//   InvalidArgument  a leading dimension too small, a buffer too small for its offset and shape,
//                    a queue of another context or device, double precision without cl_khr_fp64,
//                    a precision no kernel family runs on this device (never run at another one);
//   DeviceError      an OpenCL call failed (or NVIDIA's CUDA driver, making a tensor map);
//   BuildError       the kernel failed to compile (it never should for a valid configuration).
// The tuning database never makes gemm() or choose() throw: a missing file means the kernel's
// built-in defaults, and a file that cannot be read (corrupt, not SQLite, a newer schema) means
// the defaults too, with the reason in ConfigChoice::detail, so a damaged database degrades speed,
// never correctness or availability.
//
// Trial calls: where the choice for a shape is a prediction (a shape not tuned on this device),
// its first calls on a queue created with CL_QUEUE_PROFILING_ENABLE run the model's best
// candidates in turn ($GEMMTUNE_TRIALS of them, 4 unless set; 0 or 1: none), each timed on the
// device, and the fastest then runs every later call of that kind (ConfigChoice::trying and detail
// say so). A candidate's program is compiled in the call that first runs it (other calls of that
// shape wait for it; the disk cache keeps it for later processes). Every candidate computes the
// same product within the precision's error bound, but not in the same order (another tile, a
// split of K), so the first calls' results may differ from later ones, and which candidate is
// kept depends on the times measured, so it may differ between runs: GEMMTUNE_TRIALS=1 for one
// configuration a shape from the first call. A candidate that cannot build or launch is dropped
// and the call runs the first choice (except where the candidate had already scaled C by beta for
// a split of K: that call fails with DeviceError). Calls of one shape under other alignments of
// the operands (offsets, leading dimensions) keep their own; choose() reports the last kept. A
// malformed GEMMTUNE_TRIALS makes the constructor throw InvalidArgument.
//
// Compiled kernels are cached in memory per handle and on disk as program binaries in
// $GEMMTUNE_CACHE_DIR, else $XDG_CACHE_HOME/gemmtune, else ~/.cache/gemmtune; a cache directory
// that cannot be written is not an error, and a damaged cache file is rebuilt.
class Handle {
 public:
  // database: the tuning database to read (read-only). None or an empty path means
  // default_database_path(); a missing file means built-in defaults, not an error.
  // A configuration comes from, in order: this device's result for the exact problem, its nearest
  // tuned problem (log-space of M, N, K), the same device model under another driver, the best
  // known for the vendor and device type, the kernel's defaults. Entries that break this device's
  // limits, or were tuned with another kernel source, are skipped.
  Handle(cl_context context, cl_device_id device,
         std::optional<std::filesystem::path> database = std::nullopt);
  ~Handle();
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  void gemm(Layout layout, Transpose trans_a, Transpose trans_b, std::size_t m, std::size_t n,
            std::size_t k, float alpha, cl_mem a, std::size_t a_offset, std::size_t lda, cl_mem b,
            std::size_t b_offset, std::size_t ldb, float beta, cl_mem c, std::size_t c_offset,
            std::size_t ldc, cl_command_queue queue, cl_event* event = nullptr);

  void gemm(Layout layout, Transpose trans_a, Transpose trans_b, std::size_t m, std::size_t n,
            std::size_t k, double alpha, cl_mem a, std::size_t a_offset, std::size_t lda,
            cl_mem b, std::size_t b_offset, std::size_t ldb, double beta, cl_mem c,
            std::size_t c_offset, std::size_t ldc, cl_command_queue queue,
            cl_event* event = nullptr);

  // Any precision of the table (`gemmtune kernels` lists which families serve which): A, B and C
  // hold elements of its storage type (fp16 and bf16: 16-bit values, IEEE binary16 and the upper
  // half of a float; tf32, fp32 and 3xtf32: float; fp64: double); alpha and beta are converted to
  // its accumulator type (float, double for fp64). The dispatcher runs exactly the precision asked
  // for, never a lower one; InvalidArgument where no family runs it on this device.
  void gemm(Precision precision, Layout layout, Transpose trans_a, Transpose trans_b, std::size_t m,
            std::size_t n, std::size_t k, double alpha, cl_mem a, std::size_t a_offset, std::size_t lda,
            cl_mem b, std::size_t b_offset, std::size_t ldb, double beta, cl_mem c, std::size_t c_offset,
            std::size_t ldc, cl_command_queue queue, cl_event* event = nullptr);
  // The configuration gemm() would use for this shape with dense operands, and where it came from.
  ConfigChoice choose(const GemmShape& shape) const;

  // The database this handle reads (it may not exist).
  const std::filesystem::path& database_path() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// $GEMMTUNE_DB if set, else $XDG_DATA_HOME/gemmtune/tuning.db, else ~/.local/share/gemmtune/tuning.db.
// An empty variable counts as unset, as with the XDG variables: the library only reads the
// database, so nothing can be lost that way (the gemmtune tools, which write, refuse an empty one).
std::filesystem::path default_database_path();

}  // namespace gemmtune
