// Trial calls on the default device: a shape chosen by prediction times the model's best candidates on
// its first calls and keeps the fastest, every call correct; no trials where nothing is to be timed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "gemmtune/error.hpp"
#include "tests/db/db_test_support.hpp"
#include "tests/device/gemm_on_device.hpp"
#include "tests/dispatch/selector_test_support.hpp"

namespace gemmtune::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Sets an environment variable for one scope, and restores it after.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value, 1);
  }
  ~ScopedVariable() { old_ ? setenv(name_, old_->c_str(), 1) : unsetenv(name_); }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// A database whose model ranks a slow configuration first: 8 x 8 tiles of one element a work-item
// (1024 work-groups at 256^3), recorded as if it had run 200^3 in a microsecond, ahead of 64 x 64
// tiles recorded at an honest pace on 300^3.
class TrialCalls : public ::testing::Test {
 protected:
  void SetUp() override {
    db::Database database(path, db::Database::Mode::ReadWrite);
    add_result(database, device.entry.fingerprint, problem(200, 200, 200), slow, 1e-6);
    add_result(database, device.entry.fingerprint, problem(300, 300, 300), fast, 5e-3);
  }

  // Calls the shape `calls` times on `queue`, each checked against OpenBLAS, A's leading dimension
  // `lda_padding` beyond the minimum; whether it was still trying candidates after the first call.
  // `blocked`: every call is enqueued behind a user event, released once all are in.
  bool call(Handle& handle, const cl::CommandQueue& queue, int calls, std::size_t lda_padding = 0,
            bool blocked = false) {
    GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 256, 256, 256);
    g.lda += lda_padding;
    const RequiredElements required = validate_gemm_arguments(g);
    const HostMatrix a = HostMatrix::random(Precision::Single, required.a, 1);
    const HostMatrix b = HostMatrix::random(Precision::Single, required.b, 2);
    const HostMatrix c = HostMatrix::random(Precision::Single, required.c, 3);
    const auto buffer = [&](const HostMatrix& host) {
      return cl::Buffer(device.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.bytes(),
                        const_cast<void*>(host.data()));
    };
    const cl::Buffer a_buffer = buffer(a), b_buffer = buffer(b);
    cl::UserEvent gate(device.context);
    if (blocked) {
      const std::vector<cl::Event> wait{gate};
      queue.enqueueMarkerWithWaitList(&wait);
    } else {
      gate.setStatus(CL_COMPLETE);
    }
    std::vector<cl::Buffer> results;
    bool tried = false;
    for (int i = 0; i < calls; ++i) {
      results.push_back(buffer(c));
      handle.gemm(Precision::Single, g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k, 1.5, a_buffer(), 0, g.lda,
                  b_buffer(), 0, g.ldb, 0.5, results.back()(), 0, g.ldc, queue());
      if (!blocked) queue.finish();
      if (i == 0) tried = handle.choose(shape).trying;
    }
    if (blocked) gate.setStatus(CL_COMPLETE);
    for (std::size_t i = 0; i < results.size(); ++i) {
      HostMatrix result(Precision::Single, c.size());
      queue.enqueueReadBuffer(results[i], CL_TRUE, 0, result.bytes(), result.data());
      const CheckResult check = check_against_openblas(g, 1.5, 0.5, a, b, c, result);
      EXPECT_TRUE(check.ok) << "call " << i << ": " << check.first_failure;
    }
    return tried;
  }

  DeviceContext& device = shared_device();
  db::testing::TemporaryDirectory directory;
  std::filesystem::path path = directory / "tuning.db";
  const KernelConfig slow = kernel_family("xgemm").complete(
      {{"TSM", 8}, {"TSN", 8}, {"TSK", 8}, {"WPTM", 1}, {"WPTN", 1}, {"VWA", 1}, {"VWB", 1}});
  const KernelConfig fast = kernel_family("xgemm").complete({{"TSM", 64}, {"TSN", 64}, {"WPTM", 8}, {"WPTN", 8}});
  const GemmShape shape{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 256, 256, 256};
  const cl::CommandQueue timing_queue{device.context, device.entry.device, CL_QUEUE_PROFILING_ENABLE};
};

TEST_F(TrialCalls, KeepTheFastestCandidateAndEveryCallIsRight) {
  Handle handle(device.context(), device.entry.device(), path);
  ASSERT_EQ(handle.choose(shape).config, slow) << handle.choose(shape).detail;
  EXPECT_TRUE(call(handle, timing_queue, 8));
  const ConfigChoice kept = handle.choose(shape);
  EXPECT_FALSE(kept.trying);
  EXPECT_EQ(kept.config, fast) << kept.detail;
  EXPECT_EQ(kept.source, ConfigSource::Nearest);
  EXPECT_THAT(kept.detail, HasSubstr("the fastest of the model's 2 candidates, timed on the first 4 calls"));
  EXPECT_THAT(kept.detail, HasSubstr("for its first choice"));
}

// Forty calls in flight before the first one runs: the calls beyond the trials' run the first
// choice untimed, and the times, once in, still keep the fastest.
TEST_F(TrialCalls, CallsMadeFasterThanTheyFinishStillKeepTheFastest) {
  Handle handle(device.context(), device.entry.device(), path);
  EXPECT_TRUE(call(handle, timing_queue, 40, 0, true));
  call(handle, timing_queue, 2);
  EXPECT_FALSE(handle.choose(shape).trying);
  EXPECT_EQ(handle.choose(shape).config, fast) << handle.choose(shape).detail;
}

// The shape's calls under another alignment of A try and keep their own; once both have, the
// choice is no longer trying.
TEST_F(TrialCalls, EachAlignmentKeepsItsOwnAndTheChoiceSettles) {
  Handle handle(device.context(), device.entry.device(), path);
  call(handle, timing_queue, 6);
  EXPECT_TRUE(call(handle, timing_queue, 6, 1));
  const ConfigChoice kept = handle.choose(shape);
  EXPECT_FALSE(kept.trying);
  EXPECT_EQ(kept.config, fast) << kept.detail;
}

// Calls that go on on a queue without times after the first: the shape stops trying.
TEST_F(TrialCalls, AShapeWhoseCallsCannotBeTimedStopsTrying) {
  Handle handle(device.context(), device.entry.device(), path);
  EXPECT_TRUE(call(handle, timing_queue, 1));
  call(handle, device.queue, 80);
  EXPECT_FALSE(handle.choose(shape).trying);
}

TEST_F(TrialCalls, NoneOnAQueueThatDoesNotTimeItsCommands) {
  Handle handle(device.context(), device.entry.device(), path);
  EXPECT_FALSE(call(handle, device.queue, 6));
  EXPECT_EQ(handle.choose(shape).config, slow);
  EXPECT_THAT(handle.choose(shape).detail, Not(HasSubstr("candidates")));
}

TEST_F(TrialCalls, NoneWhereTheProblemWasMeasured) {
  const GemmShape measured{Precision::Single, Layout::RowMajor, Transpose::No, Transpose::No, 200, 200, 200};
  Handle handle(device.context(), device.entry.device(), path);
  const GemmArguments g = dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, 200, 200, 200);
  const cl::Buffer a(device.context, CL_MEM_READ_WRITE, 200 * 200 * 4), b(device.context, CL_MEM_READ_WRITE, 200 * 200 * 4),
      c(device.context, CL_MEM_READ_WRITE, 200 * 200 * 4);
  for (int i = 0; i < 3; ++i)
    handle.gemm(Precision::Single, g.layout, g.trans_a, g.trans_b, g.m, g.n, g.k, 1.0, a(), 0, g.lda, b(), 0, g.ldb,
                0.0, c(), 0, g.ldc, timing_queue());
  timing_queue.finish();
  EXPECT_EQ(handle.choose(measured).source, ConfigSource::Exact);
  EXPECT_FALSE(handle.choose(measured).trying);
  EXPECT_EQ(handle.choose(measured).config, slow);
}

TEST_F(TrialCalls, TurnedOffByTheEnvironment) {
  const ScopedVariable one("GEMMTUNE_TRIALS", "1");
  Handle handle(device.context(), device.entry.device(), path);
  EXPECT_FALSE(call(handle, timing_queue, 6));
  EXPECT_EQ(handle.choose(shape).config, slow);
}

// Two candidates asked for, both xgemm: the best xgemm_skinny configuration the model ranks is
// timed after them, a third, and every call is right whichever is kept.
TEST_F(TrialCalls, AnotherFamilysBestIsTimedWhereTheBestAreAllOneFamily) {
  const KernelFamily& skinny = kernel_family("xgemm_skinny");
  {
    db::Database database(path, db::Database::Mode::ReadWrite);
    add_result(database, device.entry.fingerprint, problem(300, 300, 300), skinny.defaults(), 50e-3,
               skinny.source().hash, skinny.name());
  }
  const ScopedVariable two("GEMMTUNE_TRIALS", "2");
  Handle handle(device.context(), device.entry.device(), path);
  EXPECT_TRUE(call(handle, timing_queue, 8));
  const ConfigChoice kept = handle.choose(shape);
  EXPECT_FALSE(kept.trying);
  EXPECT_THAT(kept.detail, HasSubstr("the fastest of the model's 3 candidates, timed on the first 6 calls"));
}

TEST_F(TrialCalls, AMalformedCountIsAClearError) {
  for (const char* value : {"many", "-1", "17", "4x", " 4", "+4"}) {
    const ScopedVariable malformed("GEMMTUNE_TRIALS", value);
    try {
      Handle handle(device.context(), device.entry.device(), path);
      ADD_FAILURE() << "GEMMTUNE_TRIALS=" << value << " was accepted";
    } catch (const InvalidArgument& error) {
      EXPECT_THAT(error.what(), HasSubstr("GEMMTUNE_TRIALS must be a whole number from 0 to 16"));
      EXPECT_THAT(error.what(), HasSubstr(value));
    }
  }
}

}  // namespace
}  // namespace gemmtune::testing
