// FP16, BF16, TF32 and FP32-accurate 3xTF32 GEMM on Hopper's warpgroup matrix units (wgmma.mma_async
// through the PTX pass).
//
// Row-major canonical form as in every family (kernels/README.md): C is M x N, op(A) M x K,
// op(B) K x N. A work-group of WARPGROUPS warpgroups (128 work-items each) computes a BM x BN tile
// of C, BM = 64 * MT * WARPGROUPS: each warpgroup MT tiles of 64 x BN, one wgmma.mma_async
// m64nBNk16 (k8 for TF32) per tile and step of 32 bytes along K, its FP32 accumulators in
// registers (BN / 2 per work-item and tile).
//
// Tiles of A and B reach local memory by cp.async, STAGES tiles of depth BK in local memory: the
// copies of STAGES - 2 tiles in flight while the matrix units read one (and may still finish the
// one before). The matrix units read local memory through descriptors, not registers: each
// operand's tile is kept as it lies in global memory, in blocks of 128 bytes (64 16-bit or 32
// 32-bit elements) by the tile's rows, each block's rows permuted in 16-byte chunks by the
// 128-byte swizzle (chunk c of row r at c XOR r % 8), which the descriptor names (SWIZZLE 64 and 32
// keep blocks of 64 or 32 bytes, permuted as those modes read them; SWIZZLE 0 blocks of 16 bytes
// as they lie, the descriptors' core matrices). A K-contiguous
// operand is "K-major" to the instruction, an M- or N-contiguous one "MN-major", which the
// instruction's transpose bit takes for 16-bit types: every transposition takes the same path.
// TF32 has no transpose bit: both operands must be K-major. TF32 and 3xTF32 therefore run on
// operands packed by kernels/operand_pack.cl (PACKED, the description's "pack"): op(A) and op(B)^T
// K-contiguous, rounded to TF32, padded with zeros to whole tiles (so no copy is checked), and for
// 3xTF32 split into big and small parts side by side along K, which makes 3xTF32 a plain TF32
// product three times as deep. With IN_PLACE 1 a TF32 operand that is K-contiguous already (op(A)
// not transposed, op(B) transposed) is read where it lies, the matrix units truncating it to TF32,
// and only the other is packed (PACKED_A, PACKED_B): an NN product packs B alone, NT nothing.
//
// COPY 1 packs every precision's operands as tile images, each K tile of A or B already in its local
// layout, so that one bulk copy (cp.async.bulk) per operand and stage, issued by one work-item and
// counted by the stage's mbarrier, replaces every work-item's 16-byte copies.
//
// COPY 2 has the tensor memory accelerator copy each tile as it lies (cp.async.bulk.tensor): one
// work-item issues a copy per operand and block of rows, which lands in the same swizzled layout
// (the tensor map's swizzle is the descriptors', its box's rows SWIZZLE_ROW_BYTES) with zeros
// beyond the matrix, and
// is counted by the stage's mbarrier. The host makes the two tensor maps (the description's
// "tensor_maps", dispatch/tensor_map.hpp) and passes them by value: the copies name the arguments
// themselves (param space), which the PTX pass writes in for KERNEL_ARGUMENT_14 and _15. On the
// H200 the 16-byte copies of COPY 0 took more issue slots than the products (fp16 4096^3: 174
// instructions a warp and K tile, a third of its stall samples waiting to dispatch a cp.async).
//
// PRODUCER 1 gives the copies a warpgroup of their own: it fills stages as they come free, and the
// WARPGROUPS consumer warpgroups run the products, each on its own time. Two mbarriers per stage
// replace the work-group's barrier at every K tile: "full" completes when the stage's copies have
// landed (each copier's cp.async are counted by cp.async.mbarrier.arrive, a bulk copy by its bytes),
// "empty" when every consumer has finished the products that read it. With PRODUCER 0 every
// work-item copies and computes, and a barrier per K tile keeps them in step.
//
// The wgmma instructions exist for sm_90a only, which NVIDIA's OpenCL compiler does not target:
// they are written as PTX comments ("// SM90A: ", operands substituted all the same) in a program
// built for sm_90, whose PTX the host uncomments, retargets to sm_90a and builds again (the
// family's "ptx_target", dispatch/ptx_retarget.hpp).
//
// Tuning parameters (defaults, candidates and rules in kernels/xgemm_wgmma.json):
//   WARPGROUPS   warpgroups of a work-group, stacked along M
//   MT           tiles of 64 rows of C per warpgroup
//   BN           columns of C per work-group: the instruction's N (64, 128, 192 or 256)
//   BK           depth of one tile in local memory (whole 128-byte rows)
//   STAGES       tiles in local memory at once, 3 to 8
//   VWA, VWB     elements per copy (8: 16 bytes of 16-bit elements by cp.async; a TF32 operand
//                read in place takes 4 at most, A_VW and B_VW); the host lowers it where a leading
//                dimension or offset is not aligned to it; packed operands are copied 16 bytes at
//                a time
//   GROUP_M      tile rows of C that consecutive work-groups sweep before moving along N
//   COPY         0: cp.async by every work-item; 1: bulk copies of packed tile images; 2: tensor
//                copies of the tiles as they lie
//   PRODUCER     0: every warpgroup copies and computes; 1: one more warpgroup copies, the others
//                compute
//   EPILOGUE     0: C written from the accumulators; 1: through local memory, in whole sectors
//   IN_PLACE     1: TF32 reads its K-contiguous operands where they lie and packs only the others
//   SWIZZLE      the descriptors' swizzle mode in bytes (128, 64, 32) or 0 for none: the local
//                tiles' layout, and the tensor maps' with COPY 2
//   PRODUCER_REGISTERS  with PRODUCER 1, the producer's registers a work-item after setmaxnreg, the
//                consumers taking the rest (below); 0: every warpgroup keeps the launch's
//   REGISTER_GROUPS  work-groups a multiprocessor whose registers a work-group launches with (0:
//                what the compiler gives it)
//   KSPLIT       work-groups sharing the K range of one tile of C, each adding its part with an
//                atomic FP32 add after xgemm_wgmma_scale has applied beta (FP32 C only); 1: no split
// Problem properties: PRECISION (16 fp16, 116 bf16, 19 tf32, 332 3xtf32), TRANSA, TRANSB, PACKED
// (and PACKED_A, PACKED_B where IN_PLACE is 1).
// storage_t, load_element and store_element come from kernels/precision_storage.cl, the copies and
// the mbarriers from kernels/async_copy.cl, pack_operand and the tiles' layout (SWIZZLED_TILE_OFFSET) from
// kernels/operand_pack.cl.

#define CONSUMERS (128 * WARPGROUPS)  // work-items that compute
#define THREADS (CONSUMERS + 128 * PRODUCER)
#if PRODUCER
#define COPIERS 128
#else
#define COPIERS THREADS
#endif
#define BM (64 * MT * WARPGROUPS)
#define ACCUMULATORS (BN / 2)  // per work-item and 64 x BN tile
// Registers (the description's "defines"): with REGISTER_GROUPS > 0 a work-item launches with
// LAUNCH_REGISTERS, what that many work-groups a multiprocessor leave it (a .maxnreg directive
// that the PTX pass writes before the kernel's body), so that they fit beside each other; ptxas
// holds all of the kernel's code to that count. With budgets per role (PRODUCER_REGISTERS,
// setmaxnreg, which needs that launch count) the producer then gives up all but
// PRODUCER_REGISTERS and the consumers take CONSUMER_REGISTERS, the most that the work-group's
// registers hold beside the producer's (an increase beyond what is free would wait forever). On
// the H200 (driver 580) ptxas compiled the consumers' code within the launch count all the same,
// so budgets move registers at run time only.
#if PRODUCER_REGISTERS && !(PRODUCER && REGISTER_GROUPS)
#error "register budgets are per role and of a known launch count: PRODUCER 1 and REGISTER_GROUPS > 0"
#endif

// A row of C staged in local memory by EPILOGUE 1, in floats: 4 more than BN, so that the 8 rows a
// warp's fragment stores reach fall in distinct banks.
#define STAGED_ROW (BN + 4)

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

// K of one instruction (32 bytes).
#define INSTRUCTION_K (32 / (int)sizeof(storage_t))

// Which operands are packed: both or neither (PACKED), unless the host names them (IN_PLACE 1
// reads an operand that is K-contiguous already where it lies).
#ifndef PACKED_A
#define PACKED_A PACKED
#define PACKED_B PACKED
#endif

// The operands' layouts as the main kernel reads them: packed operands are op(A) and op(B)^T.
#if PACKED_A
#define A_TRANSPOSED 0
#else
#define A_TRANSPOSED TRANSA
#endif
#if PACKED_B
#define B_TRANSPOSED 1
#else
#define B_TRANSPOSED TRANSB
#endif


// The local layout: a tile of `rows` rows of a contiguous length of whole 128-byte rows lies as its
// image would (SWIZZLED_TILE_OFFSET, kernels/operand_pack.cl): blocks of SWIZZLE_ROW_ELEMENTS columns,
// each `rows` rows of SWIZZLE_ROW_BYTES, chunks swizzled as the SWIZZLE mode of the descriptors reads them.
#define BLOCKED(row, column, rows) SWIZZLED_TILE_OFFSET(row, column, rows)

#define A_STAGE (BM * BK)
#define B_STAGE (BK * BN)
#if A_TRANSPOSED
#define A_LOCAL(m, k) BLOCKED(k, m, BK)
#else
#define A_LOCAL(m, k) BLOCKED(m, k, BM)
#endif
#if B_TRANSPOSED
#define B_LOCAL(k, n) BLOCKED(n, k, BN)
#else
#define B_LOCAL(k, n) BLOCKED(k, n, BK)
#endif

// The descriptors' swizzle mode (bits 62-63): 1 for 128 bytes, 2 for 64, 3 for 32, 0 for none.
#if SWIZZLE == 128
#define SWIZZLE_MODE 1
#elif SWIZZLE == 64
#define SWIZZLE_MODE 2
#elif SWIZZLE == 32
#define SWIZZLE_MODE 3
#elif SWIZZLE == 0
#define SWIZZLE_MODE 0
#else
#error "SWIZZLE is 0, 32, 64 or 128"
#endif

// A matrix descriptor (PTX ISA, "Matrix Descriptor Format"): bits 0-13 the start address, 16-29
// the leading dimension byte offset, 32-45 the stride dimension byte offset, each in units of 16
// bytes, and 62-63 the swizzle mode. With a swizzle, for a K-major operand the stride is from one
// group of 8 rows to the next (the leading offset is unused: one instruction's K lies in a row);
// for an MN-major one the leading offset is from one block of SWIZZLE_ROW_BYTES of columns to the
// next, the stride from one group of 8 rows of K to the next. Without one (SWIZZLE 0), each offset
// names a step between the 8 x 16-byte core matrices (below).
inline ulong matrix_descriptor(const uint address, const uint leading_bytes, const uint stride_bytes) {
  return (ulong)((address & 0x3ffffu) >> 4) | (ulong)((leading_bytes >> 4) & 0x3fffu) << 16 |
         (ulong)((stride_bytes >> 4) & 0x3fffu) << 32 | (ulong)SWIZZLE_MODE << 62;
}

// A descriptor's address field is the local address in units of 16 bytes, below bit 14 (local
// addresses stay below 2^18): the descriptor of an address `elements` further on is this much more.
// Each slice's offset from its tile's start (A_LOCAL(m, k) with m a multiple of 64 and k of
// INSTRUCTION_K, B_LOCAL(k, 0)) is the sum of its row's and its column's, the swizzle leaving both
// at chunk 0 of a group of 8 rows, so the offsets are constants but for the stage.
#define DESCRIPTOR_STEP(elements) ((ulong)((uint)((elements) * (int)sizeof(storage_t)) >> 4))

// The leading and stride byte offsets of each operand's descriptors (the start of a 64 x
// INSTRUCTION_K slice of A at (m, k) is A_LOCAL(m, k), of an INSTRUCTION_K x BN slice of B
// B_LOCAL(k, 0): m a multiple of 64, k of INSTRUCTION_K). Groups of 8 rows are 8 rows of
// SWIZZLE_ROW_BYTES apart in every tile; an MN-major tile's blocks of SWIZZLE_ROW_ELEMENTS columns
// are BK rows apart. Without a swizzle the offsets name the core matrices' steps (PTX ISA's
// canonical layouts): for a K-major operand the leading one along K (the next block, `rows` x 16
// bytes on), the stride one along M or N (128 bytes); for an MN-major one the leading one along K
// (128 bytes), the stride one along M or N (the next block, BK x 16 bytes on).
#if SWIZZLE == 0
#if A_TRANSPOSED
#define A_LEADING_BYTES 128
#define A_STRIDE_BYTES (BK * 16)
#else
#define A_LEADING_BYTES (BM * 16)
#define A_STRIDE_BYTES 128
#endif
#if B_TRANSPOSED
#define B_LEADING_BYTES (BN * 16)
#define B_STRIDE_BYTES 128
#else
#define B_LEADING_BYTES 128
#define B_STRIDE_BYTES (BK * 16)
#endif
#else
#if A_TRANSPOSED
#define A_LEADING_BYTES (BK * SWIZZLE_ROW_BYTES)
#else
#define A_LEADING_BYTES 16
#endif
#if B_TRANSPOSED
#define B_LEADING_BYTES 16
#else
#define B_LEADING_BYTES (BK * SWIZZLE_ROW_BYTES)
#endif
#if SWIZZLE == 128  // 8 x 128, as written before the other modes (the shipped programs' text)
#define A_STRIDE_BYTES 1024
#else
#define A_STRIDE_BYTES (8 * SWIZZLE_ROW_BYTES)
#endif
#define B_STRIDE_BYTES A_STRIDE_BYTES
#endif

// The instruction's transpose bits: 1 where the operand is MN-major.
#define TRANSPOSE_A A_TRANSPOSED
#if B_TRANSPOSED
#define TRANSPOSE_B 0
#else
#define TRANSPOSE_B 1
#endif

#ifndef LAYOUT_TEST

// Groups of copies that may still be in flight when the oldest tile must have landed.
#if STAGES == 3
#define COPIES_PENDING 0
#elif STAGES == 4
#define COPIES_PENDING 1
#elif STAGES == 5
#define COPIES_PENDING 2
#elif STAGES == 6
#define COPIES_PENDING 3
#elif STAGES == 7
#define COPIES_PENDING 4
#elif STAGES == 8
#define COPIES_PENDING 5
#endif

// The accumulator operands of the wgmma statements for the instruction's N.
#if BN == 64
#define ACCUMULATOR_LIST "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}"
#define DESCRIPTOR_A "%32"
#define DESCRIPTOR_B "%33"
#define SCALE_D "%34"
#define ACCUMULATOR_OPERANDS(d) "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
#elif BN == 128
#define ACCUMULATOR_LIST "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}"
#define DESCRIPTOR_A "%64"
#define DESCRIPTOR_B "%65"
#define SCALE_D "%66"
#define ACCUMULATOR_OPERANDS(d) "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
#elif BN == 192
#define ACCUMULATOR_LIST "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95}"
#define DESCRIPTOR_A "%96"
#define DESCRIPTOR_B "%97"
#define SCALE_D "%98"
#define ACCUMULATOR_OPERANDS(d) "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95])
#elif BN == 256
#define ACCUMULATOR_LIST "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}"
#define DESCRIPTOR_A "%128"
#define DESCRIPTOR_B "%129"
#define SCALE_D "%130"
#define ACCUMULATOR_OPERANDS(d) "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
#endif

// The instruction's shape and types, and the transpose bits where the type has them.
#if PRECISION == 16
#define WGMMA_SHAPE_TYPES "k16.f32.f16.f16"
#elif PRECISION == 116
#define WGMMA_SHAPE_TYPES "k16.f32.bf16.bf16"
#else
#define WGMMA_SHAPE_TYPES "k8.f32.tf32.tf32"
#endif
#if PRECISION == 16 || PRECISION == 116
#define WGMMA_TRANSPOSES ", " STRINGIFY(TRANSPOSE_A) ", " STRINGIFY(TRANSPOSE_B)
#else
#define WGMMA_TRANSPOSES ""
#endif

// d += the 64 x BN product of the slices the descriptors name (asynchronously: the registers of d
// may be read only after wgmma_wait).
inline void wgmma(float* d, const ulong a, const ulong b) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, " SCALE_D ", 0;\n// SM90A: wgmma.mma_async.sync.aligned.m64n" STRINGIFY(BN)
               WGMMA_SHAPE_TYPES " " ACCUMULATOR_LIST ", " DESCRIPTOR_A ", " DESCRIPTOR_B ", p, 1, 1"
               WGMMA_TRANSPOSES ";\n}\n"
               : ACCUMULATOR_OPERANDS(d)
               : "l"(a), "l"(b), "r"(1)
               : "memory");
}

// Orders earlier register and local-memory accesses before the wgmma instructions that follow.
inline void wgmma_fence(float* d) {
  asm volatile("\n// SM90A: wgmma.fence.sync.aligned;\n" : ACCUMULATOR_OPERANDS(d)::"memory");
}
inline void wgmma_commit(void) { asm volatile("\n// SM90A: wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
// Waits until at most `pending` (an immediate) groups of this warpgroup's wgmma are in flight.
#define WGMMA_WAIT(d, pending) \
  asm volatile("\n// SM90A: wgmma.wait_group.sync.aligned " #pending ";\n" : ACCUMULATOR_OPERANDS(d)::"memory")

// Local-memory writes of the generic proxy (cp.async, plain stores) made visible to the matrix
// units, which read through the async proxy.
inline void fence_proxy_async(void) { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

// Issues the copies of one operand's tile: `rows` x `columns` of a row-major matrix (leading
// dimension ld) from (row0, column0), of which rows_valid x columns_valid lie inside it, into a
// blocked local tile. Called with constants, so each call unrolls to its own loops; a tile wholly
// inside the matrix takes a path without checks.
inline void load_block(__local storage_t* tile, const __global storage_t* matrix, const int ld, const int row0,
                       const int column0, const int rows_valid, const int columns_valid, const int rows,
                       const int columns, const int vw, const int copier) {
  const int copies = rows * columns / vw, per_row = columns / vw;
  const __global storage_t* origin = matrix + (size_t)row0 * ld + column0;
  const bool inside = rows_valid >= rows && columns_valid >= columns;
  // A tile wholly inside whose rows the copiers share evenly: a copier's copies keep one column and
  // lie `apart` rows from each other, so the global address grows by a constant from one copy to the
  // next, and so does the local one from a copy to the one `period` copies on (whose row has the same
  // position among the swizzle's 8). A few instructions a copy, where the loop below computes the
  // swizzle and the checks of every one (about 23: a producer warpgroup issuing 24 copies a K tile
  // spent more time on them than the matrix units on the tile; fp16 at 4096^3 on the H200 ran at
  // 494 TFLOP/s with this path, 387 without). Packed operands, whose tiles need no checks, keep the
  // loop: tf32 at 4096^3 ran at 262 TFLOP/s with this path and 288 without.
  if (!PACKED && inside && COPIERS % per_row == 0 && copies % COPIERS == 0) {
    const int apart = COPIERS / per_row, row = copier / per_row, column = copier % per_row * vw;
    const int period = 8 / (apart % 8 == 0 ? 8 : apart % 4 == 0 ? 4 : apart % 2 == 0 ? 2 : 1);
    __local storage_t* first[8];  // the local place of each of the first `period` copies
#pragma unroll
    for (int i = 0; i < period; ++i) first[i] = tile + BLOCKED(row + i * apart, column, rows);
    const __global storage_t* from = origin + (size_t)row * ld + column;
#pragma unroll
    for (int i = 0; i < copies / COPIERS; ++i)
      copy_async(first[i % period] + i / period * period * apart * SWIZZLE_ROW_ELEMENTS, from + (size_t)i * apart * ld,
                 vw, vw);
    return;
  }
#pragma unroll
  for (int i = 0; i < (copies + COPIERS - 1) / COPIERS; ++i) {
    const int chunk = copier + i * COPIERS;
    if (copies % COPIERS == 0 || chunk < copies) {
      const int row = chunk / per_row, column = chunk % per_row * vw;
      const int elements = inside ? vw : row < rows_valid ? min(vw, columns_valid - column) : 0;
      copy_async(tile + BLOCKED(row, column, rows), elements > 0 ? origin + (size_t)row * ld + column : matrix, vw,
                 elements);
    }
  }
}

#if COPY == 1 && !(PACKED_A && PACKED_B)
#error "bulk copies read tile images, which only packed operands are"
#endif

#if COPY == 2
// One tensor copy per block of SWIZZLE_ROW_ELEMENTS columns of an operand's tile of `rows` x
// `columns` (its contiguous dimension) from (row0, column0), into the local tile at `tile`, counted
// by the mbarrier at `barrier_address`. `argument` is the kernel argument holding the operand's
// tensor map (by value: param space), named as the PTX pass names it.
#define TENSOR_COPIES(name, argument)                                                                                   \
  inline void name(const uint tile, const int row0, const int column0, const int rows, const int columns,            \
                   const uint barrier_address) {                                                                     \
    for (int block = 0; block < columns / SWIZZLE_ROW_ELEMENTS; ++block)                                             \
      asm volatile("{\n.reg .b64 map;\n// SM90A: mov.b64 map, " argument ";\n// SM90A: cvta.param.u64 map, map;\n"   \
                   "// SM90A: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], " \
                   "[map, {%1, %2}], [%3];\n}" ::"r"(tile + (uint)(block * rows * SWIZZLE_ROW_BYTES)),                 \
                   "r"(column0 + block * SWIZZLE_ROW_ELEMENTS), "r"(row0), "r"(barrier_address)                      \
                   : "memory");                                                                                      \
  }
TENSOR_COPIES(copy_a_tensor, "KERNEL_ARGUMENT_14")
TENSOR_COPIES(copy_b_tensor, "KERNEL_ARGUMENT_15")

// The tensor copies of K tile `tile` into stage `stage` (local windows a_window and b_window),
// counted by that stage's mbarrier (8 bytes each from `barriers`), which expects their bytes: whole
// boxes, zeros beyond the matrix included.
inline void copy_stage_tensors(const uint a_window, const uint b_window, const uint barriers, const int stage,
                               const int tile, const int m0, const int n0) {
  const uint barrier_address = barriers + 8u * (uint)stage, k0 = tile * BK;
  expect_bytes(barrier_address, (uint)((A_STAGE + B_STAGE) * (int)sizeof(storage_t)));
  const uint a_stage = a_window + (uint)(stage * A_STAGE * (int)sizeof(storage_t));
  const uint b_stage = b_window + (uint)(stage * B_STAGE * (int)sizeof(storage_t));
#if A_TRANSPOSED  // K x M, M contiguous
  copy_a_tensor(a_stage, k0, m0, BK, BM, barrier_address);
#else
  copy_a_tensor(a_stage, m0, k0, BM, BK, barrier_address);
#endif
#if B_TRANSPOSED  // N x K, K contiguous
  copy_b_tensor(b_stage, n0, k0, BN, BK, barrier_address);
#else
  copy_b_tensor(b_stage, k0, n0, BK, BN, barrier_address);
#endif
}
#endif

// Elements per copy of an operand read where it lies. cp.async copies 16 bytes at most and a copy
// must stay within one 16-byte chunk of the swizzle: VWA and VWB count 16-bit elements (8 is 16
// bytes), so an operand of TF32's 4-byte elements read in place (IN_PLACE, which only packing
// precisions have: PACKED) takes 4. Only COPY 0 copies through load_tile.
#if PACKED && COPY == 0 && VWA > 4
#define A_VW 4
#else
#define A_VW VWA
#endif
#if PACKED && COPY == 0 && VWB > 4
#define B_VW 4
#else
#define B_VW VWB
#endif

// Issues the copies of K tile `tile` of A and B into local stage buffers.
inline void load_tile(__local storage_t* a_stage, __local storage_t* b_stage, const __global storage_t* A,
                      const int lda, const __global storage_t* B, const int ldb, const int M, const int N,
                      const int K, const int m0, const int n0, const int tile, const int copier) {
  const int k0 = tile * BK;
  // A packed operand is whole tiles of K-contiguous rows: 16-byte copies, none checked.
#if PACKED_A
  load_block(a_stage, A, lda, m0, k0, BM, BK, BM, BK, SWIZZLE_CHUNK_ELEMENTS, copier);
#endif
#if PACKED_B
  load_block(b_stage, B, ldb, n0, k0, BN, BK, BN, BK, SWIZZLE_CHUNK_ELEMENTS, copier);
#endif
#if PACKED_A == 0 && TRANSA
  load_block(a_stage, A, lda, k0, m0, K - k0, M - m0, BK, BM, A_VW, copier);
#elif PACKED_A == 0
  load_block(a_stage, A, lda, m0, k0, M - m0, K - k0, BM, BK, A_VW, copier);
#endif
#if PACKED_B == 0 && TRANSB
  load_block(b_stage, B, ldb, n0, k0, N - n0, K - k0, BN, BK, B_VW, copier);
#elif PACKED_B == 0
  load_block(b_stage, B, ldb, k0, n0, K - k0, N - n0, BK, BN, B_VW, copier);
#endif
}

// The arguments after C's offset: with COPY 2 the tensor maps of A and B follow ldc.
#if COPY == 2
#define LAST_ARGUMENTS const int ldc, const ulong16 a_map, const ulong16 b_map
#else
#define LAST_ARGUMENTS const int ldc
#endif

__kernel __attribute__((reqd_work_group_size(THREADS, 1, 1)))
void xgemm_wgmma(const int M, const int N, const int K, const float alpha, const float beta,
                 __global const storage_t* restrict A, const ulong a_offset, const int lda,
                 __global const storage_t* restrict B, const ulong b_offset, const int ldb,
                 __global storage_t* C, const ulong c_offset, LAST_ARGUMENTS) {
  // The swizzles are of address bits: every tile starts at a multiple of 1024 bytes (stages are
  // multiples of 8 KiB).
#if EPILOGUE  // one array, whose start the epilogue reuses once every stage has been read
  __local storage_t stage_tiles[STAGES * (A_STAGE + B_STAGE)] __attribute__((aligned(1024)));
  __local storage_t* const a_tiles = stage_tiles;
  __local storage_t* const b_tiles = stage_tiles + STAGES * A_STAGE;
#else
  __local storage_t a_tiles[STAGES * A_STAGE] __attribute__((aligned(1024)));
  __local storage_t b_tiles[STAGES * B_STAGE] __attribute__((aligned(1024)));
#endif
  A += a_offset;
  B += b_offset;
  C += c_offset;

  // Which tile of C: consecutive work-groups sweep GROUP_M tile rows before moving along N.
  const int tiles_m = (M + BM - 1) / BM, tiles_n = (N + BN - 1) / BN;
  const int id = get_group_id(0), per_group = GROUP_M * tiles_n;
  const int first_m = id / per_group * GROUP_M, rows_here = min(tiles_m - first_m, GROUP_M);
  const int m0 = (first_m + id % per_group % rows_here) * BM, n0 = id % per_group / rows_here * BN;

#if KSPLIT > 1
  // This work-group's share of the K tiles; K_TILE is a step's tile in the whole K range.
  const int k_tiles = (K + BK - 1) / BK, share = (k_tiles + KSPLIT - 1) / KSPLIT;
  const int first_tile = get_group_id(2) * share, tiles = min(k_tiles - first_tile, share);
  if (tiles <= 0) return;  // nothing to add (the whole work-group returns)
#define K_TILE(step) (first_tile + (step))
#else
  const int tiles = (K + BK - 1) / BK;
#define K_TILE(step) step
#endif
  const int thread = get_local_id(0), warpgroup = thread / 128;
#if REGISTER_GROUPS
  asm volatile("// SM90A ENTRY: .maxnreg " STRINGIFY(LAUNCH_REGISTERS) "\n");
#endif
  const uint a_window = (uint)(size_t)a_tiles, b_window = (uint)(size_t)b_tiles;
#if COPY == 1
  // The work-group's row of tile images of A and of B (K / BK tiles each: packed K is whole tiles).
  const __global storage_t* a_images = A + (size_t)(m0 / BM) * (K / BK) * A_STAGE;
  const __global storage_t* b_images = B + (size_t)(n0 / BN) * (K / BK) * B_STAGE;
#endif

  // The descriptors of stage 0 at depth 0 (this warpgroup's rows of A); the others add their offsets.
  const ulong a_descriptor = matrix_descriptor(
      a_window + (uint)(A_LOCAL(warpgroup * MT * 64, 0) * sizeof(storage_t)), A_LEADING_BYTES, A_STRIDE_BYTES);
  const ulong b_descriptor = matrix_descriptor(b_window, B_LEADING_BYTES, B_STRIDE_BYTES);

  float d[MT][ACCUMULATORS];
#pragma unroll
  for (int t = 0; t < MT; ++t)
#pragma unroll
    for (int i = 0; i < ACCUMULATORS; ++i) d[t][i] = 0.0f;

#if PRODUCER
  // full: the stage's copies have landed (one arrival per copier, or the bulk copies' bytes);
  // empty: every consumer has finished the products that read the stage.
  __local ulong full_barriers[STAGES] __attribute__((aligned(8)));
  __local ulong empty_barriers[STAGES] __attribute__((aligned(8)));
  const uint full = (uint)(size_t)full_barriers, empty = (uint)(size_t)empty_barriers;
  if (thread == 0) {
    for (int stage = 0; stage < STAGES; ++stage) {
      init_barrier(full + 8u * (uint)stage, COPY ? 1u : (uint)COPIERS);
      init_barrier(empty + 8u * (uint)stage, (uint)CONSUMERS);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  if (warpgroup == WARPGROUPS) {
    // The producer: tile `tile` goes into stage tile % STAGES once the consumers have released the
    // tile STAGES before it (use tile / STAGES - 1 of the stage's empty barrier).
#if PRODUCER_REGISTERS
    asm volatile("\n// SM90A: setmaxnreg.dec.sync.aligned.u32 " STRINGIFY(PRODUCER_REGISTERS) ";\n" ::: "memory");
#endif
    const int copier = thread - CONSUMERS;
    for (int tile = 0; tile < tiles; ++tile) {
      const int stage = tile % STAGES;
      if (tile >= STAGES) wait_phase(empty + 8u * (uint)stage, (uint)(tile / STAGES - 1) & 1u);
#if COPY == 1
      if (copier == 0) copy_tile_images(a_window, b_window, full, a_images, b_images, stage, K_TILE(tile), A_STAGE, B_STAGE);
#elif COPY == 2
      if (copier == 0) copy_stage_tensors(a_window, b_window, full, stage, K_TILE(tile), m0, n0);
#else
      load_tile(a_tiles + stage * A_STAGE, b_tiles + stage * B_STAGE, A, lda, B, ldb, M, N, K, m0, n0, K_TILE(tile), copier);
      // The stage's full barrier receives this copier's arrival once its copies so far have landed.
      asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(full + 8u * (uint)stage) : "memory");
#endif
    }
#if !COPY
    asm volatile("cp.async.wait_all;" ::: "memory");
#endif
    return;
  }
#if PRODUCER_REGISTERS
  asm volatile("\n// SM90A: setmaxnreg.inc.sync.aligned.u32 " STRINGIFY(CONSUMER_REGISTERS) ";\n" ::: "memory");
#endif

  for (int step = 0; step < tiles; ++step) {
    const int stage = step % STAGES;
    wait_phase(full + 8u * (uint)stage, (uint)(step / STAGES) & 1u);
#if !COPY
    // The copiers' cp.async wrote through the generic proxy; the matrix units read through the async one.
    fence_proxy_async();
#endif
#else
#if COPY
  __local ulong stage_barriers[STAGES] __attribute__((aligned(8)));
  const uint barriers = (uint)(size_t)stage_barriers;
  if (thread == 0) {
    for (int stage = 0; stage < STAGES; ++stage) init_barrier(barriers + 8u * (uint)stage, 1u);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    for (int stage = 0; stage < STAGES - 2 && stage < tiles; ++stage)
#if COPY == 2
      copy_stage_tensors(a_window, b_window, barriers, stage, K_TILE(stage), m0, n0);
#else
      copy_tile_images(a_window, b_window, barriers, a_images, b_images, stage, K_TILE(stage), A_STAGE, B_STAGE);
#endif
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#else
#pragma unroll
  for (int stage = 0; stage < STAGES - 2; ++stage) {
    if (stage < tiles)
      load_tile(a_tiles + stage * A_STAGE, b_tiles + stage * B_STAGE, A, lda, B, ldb, M, N, K, m0, n0, K_TILE(stage), thread);
    copy_async_commit();
  }
#endif

  for (int step = 0; step < tiles; ++step) {
    const int stage = step % STAGES, ahead = step + STAGES - 2;
#if COPY
    // Use step / STAGES of the stage's mbarrier completes when its bytes have landed.
    wait_phase(barriers + 8u * (uint)stage, (uint)(step / STAGES) & 1u);
    // Every warpgroup has finished the products of two steps ago (its wait below), whose stage the
    // next copies overwrite.
    barrier(CLK_LOCAL_MEM_FENCE);
    if (thread == 0 && ahead < tiles)
#if COPY == 2
      copy_stage_tensors(a_window, b_window, barriers, ahead % STAGES, K_TILE(ahead), m0, n0);
#else
      copy_tile_images(a_window, b_window, barriers, a_images, b_images, ahead % STAGES, K_TILE(ahead), A_STAGE, B_STAGE);
#endif
#else
    asm volatile("cp.async.wait_group " STRINGIFY(COPIES_PENDING) ";" ::: "memory");
    fence_proxy_async();
    // Every work-item's copies of this tile have landed, and every warpgroup has finished the
    // products of two steps ago (its wait below), whose stage the next copies overwrite.
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ahead < tiles)
      load_tile(a_tiles + ahead % STAGES * A_STAGE, b_tiles + ahead % STAGES * B_STAGE, A, lda, B, ldb, M, N, K,
                m0, n0, K_TILE(ahead), thread);
    copy_async_commit();
#endif
#endif

    const ulong a_stage = a_descriptor + DESCRIPTOR_STEP(stage * A_STAGE);
    const ulong b_stage = b_descriptor + DESCRIPTOR_STEP(stage * B_STAGE);
#pragma unroll
    for (int t = 0; t < MT; ++t) wgmma_fence(d[t]);
#pragma unroll
    for (int k = 0; k < BK; k += INSTRUCTION_K) {
      const ulong b = b_stage + DESCRIPTOR_STEP(B_LOCAL(k, 0));
#pragma unroll
      for (int t = 0; t < MT; ++t) wgmma(d[t], a_stage + DESCRIPTOR_STEP(A_LOCAL(t * 64, k)), b);
    }
    wgmma_commit();
#pragma unroll
    for (int t = 0; t < MT; ++t) WGMMA_WAIT(d[t], 1);
#if PRODUCER
    // At most this step's products are in flight: the previous step's stage may be refilled.
    if (step > 0) arrive(empty + 8u * (uint)((step - 1) % STAGES));
#endif
  }
#pragma unroll
  for (int t = 0; t < MT; ++t) WGMMA_WAIT(d[t], 0);

  // The accumulators of a 64 x BN tile: warp w of the warpgroup holds rows 16 w on, and register
  // i of lane (g = lane / 4, q = lane % 4) row g + 8 (i % 4 / 2), column 8 (i / 4) + 2 q + i % 2.
  const int lane = thread % 32, w = thread / 32 % 4, g = lane / 4, q = lane % 4;
#if KSPLIT > 1
  // C holds beta C already (xgemm_wgmma_scale): each share of K adds its part, by the L2's reduction.
#pragma unroll
  for (int t = 0; t < MT; ++t)
#pragma unroll
    for (int i = 0; i < ACCUMULATORS; ++i) {
      const int m = m0 + (warpgroup * MT + t) * 64 + 16 * w + g + 8 * (i % 4 / 2);
      const int n = n0 + 8 * (i / 4) + 2 * q + i % 2;
      if (m < M && n < N)
        asm volatile("red.global.add.f32 [%0], %1;" ::"l"((ulong)(size_t)(C + (size_t)m * ldc + n)), "f"(alpha * d[t][i])
                     : "memory");
    }
  return;
#endif
#if EPILOGUE
  // Through local memory: each warpgroup puts its accumulators there as they lie in C, then writes
  // its rows with consecutive work-items on consecutive elements, so that a warp's store fills
  // whole 32-byte sectors, where from the registers each covers a quarter or a half of 8 sectors
  // (on the H200, fp16 at 4096^3: 497 TFLOP/s from the registers, 559 through local memory).
  // Every consumer has finished its products (the producer's copies all landed before they were
  // read), so no stage is read any more: a barrier of the consumers alone, the producer has returned.
  asm volatile("bar.sync 1, %0;" ::"r"(CONSUMERS) : "memory");
  __local float* const staged = (__local float*)stage_tiles + warpgroup * MT * 64 * STAGED_ROW;
#pragma unroll
  for (int t = 0; t < MT; ++t)
#pragma unroll
    for (int i = 0; i < ACCUMULATORS; i += 2)
      *(__local float2*)(staged + (t * 64 + 16 * w + g + 8 * (i % 4 / 2)) * STAGED_ROW + 8 * (i / 4) + 2 * q) =
          (float2)(d[t][i], d[t][i + 1]);
  // This warpgroup's rows are staged: a barrier of its own 128 work-items.
  asm volatile("bar.sync %0, 128;" ::"r"(2 + warpgroup) : "memory");
  const int first_row = m0 + warpgroup * MT * 64, member = thread % 128;
#pragma unroll 8
  for (int e = member; e < MT * 64 * BN; e += 128) {
    const int row = e / BN, column = e % BN, m = first_row + row, n = n0 + column;
    if (m < M && n < N) {
      __global storage_t* p = C + (size_t)m * ldc + n;
      const float value = alpha * staged[row * STAGED_ROW + column];
      store_element(p, beta == 0.0f ? value : value + beta * load_element(p));
    }
  }
  return;
#else
  if (beta == 0.0f && m0 + BM <= M && n0 + BN <= N) {
    // A tile wholly inside, C not read: no check per element, and each of a work-item's rows is a
    // pointer from which its registers lie at constant offsets.
#pragma unroll
    for (int t = 0; t < MT; ++t)
#pragma unroll
      for (int upper = 0; upper < 2; ++upper) {
        const int m = m0 + (warpgroup * MT + t) * 64 + 16 * w + g + 8 * upper;
        __global storage_t* row = C + (size_t)m * ldc + n0 + 2 * q;
#pragma unroll
        for (int j = 0; j < ACCUMULATORS / 2; ++j) {  // the registers of this row: i % 4 / 2 == upper
          const int i = j / 2 * 4 + 2 * upper + j % 2;
          store_element(row + 8 * (i / 4) + i % 2, alpha * d[t][i]);
        }
      }
    return;
  }
#pragma unroll
  for (int t = 0; t < MT; ++t)
#pragma unroll
    for (int i = 0; i < ACCUMULATORS; ++i) {
      const int m = m0 + (warpgroup * MT + t) * 64 + 16 * w + g + 8 * (i % 4 / 2);
      const int n = n0 + 8 * (i / 4) + 2 * q + i % 2;
      if (m < M && n < N) {
        __global storage_t* p = C + (size_t)m * ldc + n;
        store_element(p, beta == 0.0f ? alpha * d[t][i] : alpha * d[t][i] + beta * load_element(p));
      }
    }
#endif
}

#if KSPLIT > 1
// C = beta C before the shares of K add into it (the description's "scale_entry"), over (N, M).
__kernel void xgemm_wgmma_scale(const int M, const int N, const float beta, __global float* C, const ulong c_offset,
                                const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  __global float* p = C + c_offset + (size_t)m * ldc + n;
  *p = beta == 0.0f ? 0.0f : beta * *p;
}
#endif

#if COPY == 2
// The device address of a buffer, which the host writes into the tensor maps (the description's
// "tensor_maps.entry").
__kernel void xgemm_wgmma_buffer_address(__global ulong* address, __global const uchar* buffer) {
  *address = (ulong)(size_t)buffer;
}
#endif

#else  // LAYOUT_TEST: the layout and descriptors as the kernel computes them, for a check on any device.

// For every element (row, column) of a tile of `rows` rows of `length` elements: its local offset.
__kernel void xgemm_wgmma_layout(__global int* out, const int rows, const int length) {
  const int column = get_global_id(0), row = get_global_id(1);
  if (row < rows && column < length) out[row * length + column] = BLOCKED(row, column, rows);
}

// The descriptor of each (address, leading bytes, stride bytes) triple.
__kernel void xgemm_wgmma_descriptors(__global ulong* out, __global const uint* triples) {
  const int i = get_global_id(0);
  out[i] = matrix_descriptor(triples[3 * i], triples[3 * i + 1], triples[3 * i + 2]);
}

// The descriptors of a stage's tiles at address 0: A's, then B's.
__kernel void xgemm_wgmma_stage_descriptors(__global ulong* out) {
  out[0] = matrix_descriptor(0, A_LEADING_BYTES, A_STRIDE_BYTES);
  out[1] = matrix_descriptor(0, B_LEADING_BYTES, B_STRIDE_BYTES);
}

#endif
