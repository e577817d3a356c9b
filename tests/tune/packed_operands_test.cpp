// Families that read packed operands (a description's "pack", kernels/operand_pack.cl): the
// packing kernel's layout, rounding and 3xTF32 split, and whole GEMMs through the library's launch
// and the evaluator's check, driven by a test-only family (tests/data/families/packed.*).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "core/half_conversion.hpp"
#include "core/kernel_config.hpp"
#include "dispatch/gemm_launch.hpp"
#include "dispatch/kernel_registry.hpp"
#include "dispatch/program_cache.hpp"
#include "gemmtune/error.hpp"
#include "tests/tune/test_families.hpp"
#include "tuner/evaluator.hpp"

namespace gemmtune {
namespace {

const KernelFamily& packed() {
  static const KernelFamily family = testing::test_family("packed", "packed.cl");
  return family;
}

class PackedOperands : public ::testing::Test {
 protected:
  DeviceEntry device = select_device("");

  // Two problems' launches sharing one workspace, on queues[0] and queues[1] (below).
  void expect_shared_workspace_right(const cl::Context& context, const std::array<cl::CommandQueue, 2>& queues);

  // C = op(A) op(B) + beta C (C starting as ones) of a dense row-major m x n x k problem through
  // enqueue_gemm with `config`, with `memo` where given, A and B small integers and halves whose
  // products and sums FP32 holds exactly: every element must equal the host's sum.
  void expect_exact_product(Transpose trans_a, std::size_t m, std::size_t n, std::size_t k, const KernelConfig& config,
                            Precision precision, double beta, LaunchMemo* memo = nullptr) {
    const RowMajorGemm problem =
        to_row_major(dense_gemm_arguments(Layout::RowMajor, trans_a, Transpose::No, m, n, k));
    std::vector<float> a(k * m), b(k * n), c(m * n, 1.0f);
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i % 7) - 3.0f;
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(i % 5) * 0.5f;
    const cl::Context context(device.device);
    const cl::CommandQueue queue(context, device.device);
    ProgramCache programs;
    cl::Kernel kernel(programs.get(context, device.device, packed().source(),
                                   gemm_build_options(packed(), config, precision, problem)),
                      "packed");
    cl::Buffer a_buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * a.size(), a.data());
    cl::Buffer b_buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * b.size(), b.data());
    cl::Buffer c_buffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(float) * c.size(), c.data());
    cl::Event done;
    enqueue_gemm(queue, kernel, packed(), config, problem, precision, 1.0, beta, a_buffer(), b_buffer(), c_buffer(),
                 &done, nullptr, memo);
    done.wait();
    queue.enqueueReadBuffer(c_buffer, CL_TRUE, 0, sizeof(float) * c.size(), c.data());
    const bool transposed = trans_a == Transpose::Yes;
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        double sum = beta;
        for (std::size_t l = 0; l < k; ++l)
          sum += static_cast<double>(transposed ? a[l * m + i] : a[i * k + l]) * b[l * n + j];
        ASSERT_EQ(c[i * n + j], static_cast<float>(sum)) << "C(" << i << ", " << j << ")";
      }
  }
};

// Every precision the family packs, every transposition and both layouts, with sizes that no
// padding divides and paddings of none to whole tiles, taken in turn: the evaluator checks each
// result against the reference GEMM at the precision's bound (3xTF32 at FP32's). NT and TN take
// the same configuration, so that a column-major call, which runs as the row-major product of the
// other transposition, compiles the program its row-major twin did: four programs a precision,
// not eight.
TEST_F(PackedOperands, EveryPrecisionTranspositionAndLayoutIsCorrect) {
  const KernelConfig configs[] = {{}, {{"ROWS_A", 16}, {"ROWS_B", 64}, {"DEPTH", 32}}, {{"ROWS_A", 64}, {"DEPTH", 8}}};
  std::size_t turn = 0;  // one step a precision, so that each precision starts at another configuration
  for (const Precision precision : packed().precisions()) {
    for (const Transpose trans_a : {Transpose::No, Transpose::Yes})
      for (const Transpose trans_b : {Transpose::No, Transpose::Yes}) {
        const std::size_t pairing = trans_a != trans_b ? 1 : trans_a == Transpose::Yes ? 2 : 0;
        const KernelConfig& config = configs[(turn + pairing) % std::size(configs)];
        for (const Layout layout : {Layout::RowMajor, Layout::ColMajor}) {
          const GemmArguments problem = dense_gemm_arguments(layout, trans_a, trans_b, 37, 29, 45);
          Evaluator evaluator(packed(), device, problem, precision, {.timed_runs = 1, .compile_threads = 0});
          const auto outcome = evaluator.evaluate(config);
          EXPECT_EQ(outcome.status, search::Status::ok)
              << to_string(precision) << ' ' << (layout == Layout::RowMajor ? "row" : "column") << "-major "
              << (trans_a == Transpose::Yes ? 'T' : 'N') << (trans_b == Transpose::Yes ? 'T' : 'N') << ' '
              << config_key(config) << ": " << outcome.error;
        }
      }
    ++turn;
  }
}

// A call without a launch memo packs into a buffer of its own:
// C = op(A) op(B) + C of a transposed A, beside the host's sum.
TEST_F(PackedOperands, ACallWithoutAMemoPacksIntoABufferOfItsOwn) {
  expect_exact_product(Transpose::Yes, 37, 29, 45, {{"ROWS_A", 16}, {"DEPTH", 8}}, Precision::Single, 1.0);
}

// Launches of two problems, the first on queues[0] and the second on queues[1], share one
// workspace, as a Handle's plans do, and run twice in turn: the workspace grows to the larger
// packing and no more, and every result is right.
void PackedOperands::expect_shared_workspace_right(const cl::Context& context, const std::array<cl::CommandQueue, 2>& queues) {
  ProgramCache programs;
  auto workspace = std::make_shared<PackingWorkspace>();
  struct Launch {
    std::size_t m, n, k;
    std::vector<float> a, b, c;
    cl::Buffer a_buffer, b_buffer, c_buffer;
    cl::Kernel kernel;
    LaunchMemo memo;
  };
  std::vector<Launch> launches(2);
  const std::size_t sizes[2][3] = {{19, 23, 17}, {70, 41, 66}};
  for (std::size_t i = 0; i < 2; ++i) {
    Launch& l = launches[i];
    l.m = sizes[i][0], l.n = sizes[i][1], l.k = sizes[i][2];
    l.a.resize(l.m * l.k), l.b.resize(l.k * l.n), l.c.assign(l.m * l.n, 0.0f);
    for (std::size_t j = 0; j < l.a.size(); ++j) l.a[j] = static_cast<float>((j + i) % 5) - 2.0f;
    for (std::size_t j = 0; j < l.b.size(); ++j) l.b[j] = static_cast<float>((j * 3 + i) % 7) * 0.25f;
    l.a_buffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * l.a.size(), l.a.data());
    l.b_buffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * l.b.size(), l.b.data());
    l.c_buffer = cl::Buffer(context, CL_MEM_READ_WRITE, sizeof(float) * l.c.size());
    const RowMajorGemm problem = to_row_major(dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, l.m, l.n, l.k));
    l.kernel = cl::Kernel(programs.get(context, device.device, packed().source(),
                                       gemm_build_options(packed(), {}, Precision::Single, problem)),
                          "packed");
    l.memo.workspace = workspace;
  }
  const auto run = [&](std::size_t i) {
    Launch& l = launches[i];
    const RowMajorGemm problem = to_row_major(dense_gemm_arguments(Layout::RowMajor, Transpose::No, Transpose::No, l.m, l.n, l.k));
    enqueue_gemm(queues[i], l.kernel, packed(), {}, problem, Precision::Single, 1.0, 0.0, l.a_buffer(), l.b_buffer(),
                 l.c_buffer(), nullptr, nullptr, &l.memo);
  };
  run(0), run(1), run(0), run(1);
  for (const cl::CommandQueue& queue : queues) queue.finish();
  EXPECT_EQ(workspace->bytes, (70 + 41) * 66 * sizeof(float)) << "grown to the larger packing only";
  for (Launch& l : launches) {
    queues[0].enqueueReadBuffer(l.c_buffer, CL_TRUE, 0, sizeof(float) * l.c.size(), l.c.data());
    for (std::size_t i = 0; i < l.m; ++i)
      for (std::size_t j = 0; j < l.n; ++j) {
        double sum = 0;
        for (std::size_t x = 0; x < l.k; ++x) sum += static_cast<double>(l.a[i * l.k + x]) * l.b[x * l.n + j];
        ASSERT_EQ(l.c[i * l.n + j], static_cast<float>(sum)) << l.m << "x" << l.n << "x" << l.k << " C(" << i << ", " << j << ")";
      }
  }
}

// On one queue, out of order where the device has it: each packing waits for the kernel that read
// the buffer before, by its event.
TEST_F(PackedOperands, LaunchesShareOneWorkspaceThatGrowsToTheLargest) {
  const cl::Context context(device.device);
  const cl_command_queue_properties out_of_order =
      device.device.getInfo<CL_DEVICE_QUEUE_PROPERTIES>() & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
  const cl::CommandQueue queue(context, device.device, out_of_order);
  expect_shared_workspace_right(context, {queue, queue});
}

// On two in-order queues, which keep no events of their kernels: each packing waits for a marker
// enqueued after the other queue's kernel that read the buffer.
TEST_F(PackedOperands, LaunchesOnTwoInOrderQueuesShareOneWorkspace) {
  const cl::Context context(device.device);
  expect_shared_workspace_right(context, {cl::CommandQueue(context, device.device), cl::CommandQueue(context, device.device)});
}

// With "pack.in_place" only the operand that is not K-contiguous is packed, in every transposition
// and layout, without padding and with it (taken in turn), for 4- and 2-byte elements: every result
// is checked against the reference GEMM (NT packs nothing: the call reads both operands where they
// lie).
TEST_F(PackedOperands, InPlaceOperandsAreReadWhereTheyLieAndOnlyTheOthersPacked) {
  const KernelConfig configs[] = {{{"IN_PLACE", 1}}, {{"IN_PLACE", 1}, {"ROWS_B", 16}, {"DEPTH", 8}}};
  std::size_t turn = 0;
  for (const Precision precision : {Precision::TF32, Precision::Half})
    for (const Transpose trans_a : {Transpose::No, Transpose::Yes})
      for (const Transpose trans_b : {Transpose::No, Transpose::Yes})
        for (const Layout layout : {Layout::RowMajor, Layout::ColMajor}) {
          const KernelConfig& config = configs[turn++ % std::size(configs)];
          const GemmArguments arguments = dense_gemm_arguments(layout, trans_a, trans_b, 37, 29, 45);
          const std::string what = to_string(precision) + (layout == Layout::RowMajor ? " row" : " column") +
                                   "-major " + (trans_a == Transpose::Yes ? 'T' : 'N') +
                                   (trans_b == Transpose::Yes ? 'T' : 'N') + ' ' + config_key(config);
          Evaluator evaluator(packed(), device, arguments, precision, {.timed_runs = 1, .compile_threads = 0});
          const auto outcome = evaluator.evaluate(config);
          EXPECT_EQ(outcome.status, search::Status::ok) << what << ": " << outcome.error;
          // In row-major terms, op(A) is K-contiguous unless transposed, op(B)^T where B is.
          const RowMajorGemm row_major = to_row_major(arguments);
          const auto packing = packed().packing(config, precision, {37, 29, 45}, row_major.trans_a, row_major.trans_b);
          ASSERT_EQ(packing.has_value(), row_major.trans_a || !row_major.trans_b) << what;
          if (!packing) continue;
          EXPECT_EQ(packing->pack_a, row_major.trans_a) << what;
          EXPECT_EQ(packing->pack_b, !row_major.trans_b) << what;
        }
}

// The workspace of an NN call with in-place operands holds op(B)^T alone, and the result is exact
// for operands whose products and sums FP32 holds.
TEST_F(PackedOperands, AnInPlaceCallPacksOneOperandIntoTheWorkspace) {
  LaunchMemo memo;
  memo.workspace = std::make_shared<PackingWorkspace>();
  expect_exact_product(Transpose::No, 37, 29, 45, {{"IN_PLACE", 1}, {"ROWS_B", 16}, {"DEPTH", 8}}, Precision::TF32, 0.0,
                       &memo);
  EXPECT_EQ(memo.workspace->bytes, 32 * 48 * sizeof(float)) << "op(B)^T alone: 29 rows padded to 32, K to 48";
}

// The packed rows themselves: op(B)^T of a transposed B (rows along N, K contiguous), each element
// split as 3xTF32 into big = tf32(x) and small = tf32(x - big) in the segments [big | small | big]
// (A's are [small | big | big]), zeros past the operand, and big + small within 2^-21 of x.
TEST_F(PackedOperands, ThreeTermsSplitEachElementIntoSegmentsAndPadWithZeros) {
  const int rows = 5, depth = 7, packed_rows = 8, segment = 16, packed_depth = 3 * segment;
  const cl::Context context(device.device);
  const cl::CommandQueue queue(context, device.device);
  ProgramCache programs;
  const cl::Program program = programs.get(context, device.device, packed().source(),
                                           packed().build_options({}, Precision::Single3xTF32, false, true,
                                                                  {rows, rows, depth}));
  // op(B)^T (n, k) of a transposed B is B[n * ld + k]: K-contiguous, ld 9 with two unused columns.
  const int ld = 9;
  std::vector<float> source(static_cast<std::size_t>(rows) * ld);
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = std::ldexp(1.0f + 0.123456789f * static_cast<float>(i), static_cast<int>(i % 5) - 2);
  cl::Buffer input(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(float) * source.size(), source.data());
  std::vector<float> out(static_cast<std::size_t>(packed_rows) * packed_depth + 3, -1.0f);
  cl::Buffer output(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(float) * out.size(), out.data());
  for (const int operand : {0, 1}) {
    cl::Kernel pack(program, "pack_operand");
    pack.setArg(0, rows);
    pack.setArg(1, depth);
    pack.setArg(2, 1);  // K-contiguous
    pack.setArg(3, operand);
    pack.setArg(4, input);
    pack.setArg(5, cl_ulong{0});
    pack.setArg(6, ld);
    pack.setArg(7, output);
    pack.setArg(8, cl_ulong{3});  // the packed offset
    pack.setArg(9, packed_rows);
    pack.setArg(10, segment);
    pack.setArg(11, packed_depth);
    pack.setArg(12, 0);  // rows, not tile images
    pack.setArg(13, 0);
    queue.enqueueNDRangeKernel(pack, cl::NullRange, cl::NDRange(32, 8), cl::NDRange(32, 8));
    queue.enqueueReadBuffer(output, CL_TRUE, 0, sizeof(float) * out.size(), out.data());
    for (int i = 0; i < 3; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)], -1.0f) << "before the offset";
    for (int r = 0; r < packed_rows; ++r)
      for (int k = 0; k < segment; ++k) {
        const float x = r < rows && k < depth ? source[static_cast<std::size_t>(r) * ld + k] : 0.0f;
        const float big = round_to_tf32(x), small = round_to_tf32(x - big);
        const auto at = [&](int part) { return out[3 + static_cast<std::size_t>(r) * packed_depth + part * segment + k]; };
        EXPECT_EQ(at(0), operand == 0 ? small : big) << "operand " << operand << " (" << r << ", " << k << ")";
        EXPECT_EQ(at(1), operand == 0 ? big : small) << "operand " << operand << " (" << r << ", " << k << ")";
        EXPECT_EQ(at(2), big) << "operand " << operand << " (" << r << ", " << k << ")";
        EXPECT_LE(std::fabs(static_cast<double>(big) + small - x), std::ldexp(std::fabs(x), -21));
        if (x != big) {
          EXPECT_NE(small, 0.0f) << "the residual of " << x;
        }
      }
  }
}

// Tile images: each tile of tile_rows x tile_depth lies whole, tiles in row-major order, and within
// one the element (row, column) at the byte the 128-byte swizzle puts it (PTX ISA: the 16-byte chunk
// XOR the row within its group of 8), blocks of 128-byte rows of K one after the other: of 2-byte
// (fp16) and 4-byte (fp32) elements, an untransposed and a transposed operand.
TEST_F(PackedOperands, TileImagesAreTheSwizzledLocalLayoutTileByTile) {
  const cl::Context context(device.device);
  const cl::CommandQueue queue(context, device.device);
  ProgramCache programs;
  for (const auto& [precision, bytes] : {std::pair{Precision::Half, 2}, std::pair{Precision::Single, 4}})
    for (const bool k_contiguous : {true, false}) {
      const int rows = 100, depth = 150, tile_rows = 64, tile_depth = 256 / bytes;  // two 128-byte rows of K
      const int packed_rows = 128, packed_depth = 2 * tile_depth, ld = k_contiguous ? depth + 3 : rows + 5;
      const cl::Program program = programs.get(context, device.device, packed().source(),
                                               packed().build_options({}, precision, !k_contiguous, false, {rows, 1, depth}));
      // Element (r, k) holds a distinct value: r * 1000 + k as float, or its 16-bit pattern.
      std::vector<std::uint32_t> source(static_cast<std::size_t>(k_contiguous ? rows : depth) * ld);
      for (int r = 0; r < rows; ++r)
        for (int k = 0; k < depth; ++k)
          source[k_contiguous ? static_cast<std::size_t>(r) * ld + k : static_cast<std::size_t>(k) * ld + r] =
              static_cast<std::uint32_t>(r * 1000 + k + 1);
      std::vector<std::uint8_t> input(source.size() * bytes);
      for (std::size_t i = 0; i < source.size(); ++i)
        if (bytes == 2) {
          const auto value = static_cast<std::uint16_t>(source[i]);
          std::memcpy(&input[i * 2], &value, 2);
        } else {
          const float value = static_cast<float>(source[i]);
          std::memcpy(&input[i * 4], &value, 4);
        }
      cl::Buffer in(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, input.size(), input.data());
      std::vector<std::uint8_t> out(static_cast<std::size_t>(packed_rows) * packed_depth * bytes, 0xff);
      cl::Buffer output(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, out.size(), out.data());
      cl::Kernel pack(program, "pack_operand");
      const cl_int arguments[] = {rows, depth, k_contiguous, 0};
      for (cl_uint i = 0; i < 4; ++i) pack.setArg(i, arguments[i]);
      pack.setArg(4, in);
      pack.setArg(5, cl_ulong{0});
      pack.setArg(6, ld);
      pack.setArg(7, output);
      pack.setArg(8, cl_ulong{0});
      pack.setArg(9, packed_rows);
      pack.setArg(10, packed_depth);
      pack.setArg(11, packed_depth);
      pack.setArg(12, tile_rows);
      pack.setArg(13, tile_depth);
      queue.enqueueNDRangeKernel(pack, cl::NullRange, cl::NDRange(packed_depth, packed_rows / 4), cl::NDRange(32, 8));
      queue.enqueueReadBuffer(output, CL_TRUE, 0, out.size(), out.data());
      for (int r = 0; r < packed_rows; ++r)
        for (int k = 0; k < packed_depth; ++k) {
          const std::size_t tile = static_cast<std::size_t>(r / tile_rows) * (packed_depth / tile_depth) + k / tile_depth;
          const int row = r % tile_rows, column = k % tile_depth;
          const std::uint32_t canonical = static_cast<std::uint32_t>(column * bytes / 128 * tile_rows * 128 + row * 128 +
                                                                     column * bytes % 128);
          const std::size_t at = tile * tile_rows * tile_depth * bytes + (canonical ^ (((canonical >> 7) & 7u) << 4));
          std::uint32_t value = 0;
          if (bytes == 2) {
            std::uint16_t half = 0;
            std::memcpy(&half, &out[at], 2);
            value = half;
          } else {
            float single = 0;
            std::memcpy(&single, &out[at], 4);
            value = static_cast<std::uint32_t>(single);
          }
          const std::uint32_t expected = r < rows && k < depth ? static_cast<std::uint32_t>(r * 1000 + k + 1) : 0;
          ASSERT_EQ(value, bytes == 2 ? static_cast<std::uint16_t>(expected) : expected)
              << bytes << "-byte elements, " << (k_contiguous ? "K" : "M") << "-contiguous, element (" << r << ", " << k << ")";
        }
    }
}

// A packed family's packed shape: padded to its multiples, the depth times the precision's terms,
// none where K is 0 or the precision is not packed, and a clear error where the rows would not hold.
TEST(PackedShape, FollowsTheDescriptionAndThePrecisionTable) {
  const auto shape =
      packed().packing({{"ROWS_A", 16}, {"ROWS_B", 64}, {"DEPTH", 32}}, Precision::Single3xTF32, {37, 29, 45}, false, false);
  ASSERT_TRUE(shape);
  EXPECT_EQ(shape->entry, "pack_operand");
  EXPECT_EQ(shape->rows_a, 48);
  EXPECT_EQ(shape->rows_b, 64);
  EXPECT_EQ(shape->segment_depth, 64);
  EXPECT_EQ(shape->depth, 192);
  EXPECT_TRUE(shape->pack_a && shape->pack_b);
  EXPECT_EQ(packed().packing({}, Precision::TF32, {37, 29, 45}, false, true)->depth, 45);
  EXPECT_FALSE(packed().packing({}, Precision::TF32, {37, 29, 0}, false, false));
  EXPECT_NE(packed().build_options({}, Precision::TF32, false, false, {1, 1, 1}).find("-DPACKED=1"), std::string::npos);
  EXPECT_THROW(packed().packing({{"DEPTH", -1}}, Precision::TF32, {37, 29, 45}, false, false), ConfigError);
}

// xgemm_wgmma reads packed tiles without a bounds check: its packed rows are whole tiles of BM
// (64 MT WARPGROUPS) and BN, and the depth whole tiles of BK, for every tile shape and odd sizes.
TEST(PackedShape, TheWarpgroupFamilysPackingHoldsWholeTiles) {
  const KernelFamily& wgmma = kernel_family("xgemm_wgmma");
  for (const std::int64_t warpgroups : {1, 2, 3})
    for (const std::int64_t mt : {1, 2})
      for (const std::int64_t bn : {64, 128, 256})
        for (const std::int64_t bk : {32, 64, 128}) {
          const KernelConfig config{{"WARPGROUPS", warpgroups}, {"MT", mt}, {"BN", bn}, {"BK", bk}};
          for (const ProblemSize size : {ProblemSize{1, 1, 1}, ProblemSize{1000, 777, 333}, ProblemSize{4096, 4096, 4096}}) {
            const auto shape = wgmma.packing(config, Precision::Single3xTF32, size, false, false);
            ASSERT_TRUE(shape);
            EXPECT_EQ(shape->rows_a % (64 * mt * warpgroups), 0) << config_key(config);
            EXPECT_EQ(shape->rows_b % bn, 0) << config_key(config);
            EXPECT_EQ(shape->segment_depth % bk, 0) << config_key(config);
            EXPECT_EQ(shape->depth, 3 * shape->segment_depth);
            EXPECT_GE(shape->rows_a, size.m);
          }
        }
  EXPECT_FALSE(wgmma.packing({}, Precision::Half, {64, 64, 64}, false, false)) << "16-bit operands are read as they are";
  // Bulk copies (COPY 1) read every precision's operands as tile images of the work-group's tile.
  const auto images =
      wgmma.packing({{"COPY", 1}, {"WARPGROUPS", 2}, {"BN", 256}}, Precision::Half, {1000, 777, 333}, false, false);
  ASSERT_TRUE(images);
  EXPECT_EQ(images->tile_rows_a, 128);
  EXPECT_EQ(images->tile_rows_b, 256);
  EXPECT_EQ(images->tile_depth, 64);
  EXPECT_EQ(images->rows_a, 1024);
  EXPECT_EQ(images->depth, 384);
  EXPECT_NE(wgmma.build_options({{"COPY", 1}}, Precision::BFloat16, false, true, {1, 1, 1}).find("-DPACKED=1"),
            std::string::npos);
}

// A description whose "pack" names a precision the family does not serve, or lacks a shape, is refused.
TEST(PackedShape, AMalformedPackIsRefusedWithItsOrigin) {
  const auto refused = [](const std::string& from, const std::string& to) {
    std::string description = packed().description();
    description.replace(description.find(from), from.size(), to);
    try {
      KernelFamily::from_json(description, packed().source(), "packed.json");
    } catch (const ConfigError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refused(R"("precisions": ["fp16", "bf16", "tf32", "fp32", "3xtf32"],
    "rows_a")", R"("precisions": ["fp64"],
    "rows_a")").find("packed.json: pack: \"fp64\" is not a precision of the family"), std::string::npos);
  EXPECT_NE(refused(R"("depth": ")", R"("deep": ")").find("packed.json: pack: unknown key \"deep\""), std::string::npos);
}

}  // namespace
}  // namespace gemmtune
