// Packs one GEMM operand for a family that reads its operands K-contiguous and padded ("pack").
//
// A family that declares "includes": ["precision_storage", "operand_pack"] and a "pack" entry of
// pack_operand in its description gets this text; the host runs it once for op(A) and once for
// op(B)^T before the family's own kernel (core/kernel_family.hpp, KernelFamily::Packing). Packing
// lets the main kernel read both operands one way whatever the transposition (Hopper's TF32
// matrix units read K-major operands only) and without bounds checks (the padding is zeros).
//
// The operand is `rows` x `depth` with element (r, k) at X[r * ld + k] where k_contiguous, else at
// X[k * ld + r]. It becomes packed[r * packed_depth + k], packed_rows x packed_depth, from
// packed_offset; packed_depth is segment_depth times the precision's product terms. Operands are
// rounded to what the products see (TF32 for tf32). 3xTF32 packs each element x as
// big = tf32(x) and small = tf32(x - big) into three segments of segment_depth along K, A as
// [small | big | big] and B as [big | small | big]: one product of depth 3 segment_depth
// is small_a big_b + big_a small_b + big_a big_b, the small terms first, and what is lost is
// small_a small_b and small's rounding, about 2^-21 |x| |y| per product (CUTLASS's 3xTF32).
//
// With tile_rows > 0 the packed operand is laid out as tile images instead, each ready to be copied
// whole into local memory: tile (i, j) of tile_rows x tile_depth elements (rows i tile_rows on, K
// j tile_depth on) lies at ((i * packed_depth / tile_depth) + j) * tile_rows * tile_depth, as
// blocks of 128-byte rows of K, each block's rows permuted in 16-byte chunks by the 128-byte
// swizzle (chunk c of row r at c XOR r % 8): the K-major layout of Hopper's matrix descriptors
// (a family's SWIZZLE may name another of their modes: SWIZZLED_TILE_OFFSET).
// Where ROW_PAIRS is 1 (xgemm_mma64), A's tile images (operand 0) pair rows instead
// (ROW_PAIRED_TILE_OFFSET, below); where it is 2, each operand is laid out as the pairs it gives as
// it lies (X_IMAGE_OFFSET and Y_IMAGE_OFFSET, below).
//
// Work-groups of 32 x 8 work-items each move a 32 x 32 block through local memory, so that reads
// and writes are both along a contiguous dimension whether or not the operand is transposed (with
// ROW_PAIRS 2, an operand that lies as its image does is copied directly).

#define PACK_BLOCK 32
#if defined(SWIZZLE) && SWIZZLE != 128
// A family's SWIZZLE names another of the descriptors' modes: rows of 64 or 32 bytes, or of 16
// without a swizzle (SWIZZLE 0, whose 8-row blocks are the descriptors' core matrices).
#define SWIZZLE_ROW_BYTES (SWIZZLE == 0 ? 16 : SWIZZLE)
#else
#define SWIZZLE_ROW_BYTES 128
#endif
#define SWIZZLE_ROW_ELEMENTS (SWIZZLE_ROW_BYTES / (int)sizeof(storage_t))
#define SWIZZLE_CHUNK_ELEMENTS (16 / (int)sizeof(storage_t))

// Where element (row, column) of a tile of `rows` rows lies in its image: blocks of
// SWIZZLE_ROW_ELEMENTS columns, each `rows` rows of SWIZZLE_ROW_BYTES, chunks swizzled as that mode
// of Hopper's matrix descriptors reads them (the image starts at a multiple of 1024 bytes). The
// matrix-unit kernels keep their local tiles so too. The other modes permute a row's chunks by the
// row's bits above the swizzle's span (address bits 7 on, XOR into bits 4 on): rows of 64 bytes by
// row / 2 % 4, of 32 by row / 4 % 2, of 16 not at all. The general form gives the 128-byte one
// too; that one is kept as written before the other modes, so that the programs of the shipped
// configurations stay what they measured (configs/tuned/rekey.py compares their text).
#if SWIZZLE_ROW_BYTES == 128
#define SWIZZLED_TILE_OFFSET(row, column, rows)                                                                 \
  ((column) / SWIZZLE_ROW_ELEMENTS * ((rows) * SWIZZLE_ROW_ELEMENTS) + (row) * SWIZZLE_ROW_ELEMENTS +            \
   ((((column) % SWIZZLE_ROW_ELEMENTS) / SWIZZLE_CHUNK_ELEMENTS) ^ ((row) % 8)) * SWIZZLE_CHUNK_ELEMENTS + \
   (column) % SWIZZLE_CHUNK_ELEMENTS)
#else
#define SWIZZLED_TILE_OFFSET(row, column, rows)                                                                 \
  ((column) / SWIZZLE_ROW_ELEMENTS * ((rows) * SWIZZLE_ROW_ELEMENTS) + (row) * SWIZZLE_ROW_ELEMENTS +            \
   ((((column) % SWIZZLE_ROW_ELEMENTS) / SWIZZLE_CHUNK_ELEMENTS) ^                                               \
    ((row) * SWIZZLE_ROW_BYTES / 128 % (SWIZZLE_ROW_BYTES / 16))) * SWIZZLE_CHUNK_ELEMENTS +                     \
   (column) % SWIZZLE_CHUNK_ELEMENTS)
#endif

// Where element (row, column) of an FP64 tile `depth` columns deep lies when rows r and r + 8 of each
// 16 share 16-byte chunks (xgemm_mma64's ROW_PAIRS, for A): pair row v = row / 16 * 8 + row % 8
// holds chunk (v, column) = (element (row, column), element (row + 8, column)), so that one 16-byte
// load gives the two registers of an m16n8k* .f64 fragment that the instruction takes side by side
// (its A registers alternate rows g and g + 8). Pairs of K would land two registers apart, and the
// compiler rearranges every fragment with register moves, 7 an instruction on the H200
// (bench/results/2026-11-28_h200-fp64-profile/). Chunks are permuted within each 8 of a pair row
// (XOR 2 by the 8's parity, XOR 1 by the row's), which puts the chunks that the eight lanes of a
// quarter-warp load into distinct bank groups.
#define ROW_PAIRED_TILE_OFFSET(row, column, depth)                                                        \
  (2 * (((row) / 16 * 8 + (row) % 8) * (depth) + (column) / 8 * 8 +                                          \
        (((column) % 8) ^ ((column) / 8 % 2 * 2) ^ ((row) % 2))) +                                            \
   (row) / 8 % 2)

// xgemm_mma64's images of ROW_PAIRS 2, whose instruction pairs rows of X (op(A) where TRANSA, else
// op(B)^T) and depths of Y (the other): X's tile as `depth` rows of K, each its `rows` elements,
// and Y's as `rows` rows of its `depth` elements, so that each pair is two neighbours along the
// dimension that the operand lies along in NN and TT. The 16-byte chunks of a row are swizzled
// (XOR) within each 8 by the row, which spreads the 16-byte fragment loads of a quarter-warp over
// the 8 bank groups: X's by the row's pair among 8 (its loads read rows 2 t of K), Y's by the row's
// half of 8 (its two columns of a quarter-warp lie 4 rows apart).
#define X_IMAGE_OFFSET(x, k, rows) \
  ((k) * (rows) + ((((x) / 2) ^ ((k) % 8 / 2 * 2)) * 2) + (x) % 2)
#define Y_IMAGE_OFFSET(y, k, depth) \
  ((y) * (depth) + ((((k) / 2) ^ ((y) / 4 % 2 * 4)) * 2) + (k) % 2)

// Where element (r, k) of the packed operand goes (k along the packed depth).
inline size_t packed_index(const int r, const int k, const int packed_depth, const int tile_rows,
                           const int tile_depth) {
  if (tile_rows == 0) return (size_t)r * packed_depth + k;
  const size_t tile = (size_t)(r / tile_rows) * (packed_depth / tile_depth) + k / tile_depth;
  return tile * tile_rows * tile_depth + SWIZZLED_TILE_OFFSET(r % tile_rows, k % tile_depth, tile_rows);
}

#if ROW_PAIRS
#if PRECISION != 64
#error "ROW_PAIRS pairs 8-byte elements in 16-byte chunks"
#endif
// A's tile images (operand 0) with rows paired, B's as above.
inline size_t paired_index(const int r, const int k, const int packed_depth, const int tile_rows, const int tile_depth) {
  const size_t tile = (size_t)(r / tile_rows) * (packed_depth / tile_depth) + k / tile_depth;
  return tile * tile_rows * tile_depth + ROW_PAIRED_TILE_OFFSET(r % tile_rows, k % tile_depth, tile_depth);
}
#endif

#if ROW_PAIRS == 2
// Where element (r, k) of operand `operand` goes in the images of ROW_PAIRS 2.
inline size_t image_index(const int r, const int k, const int packed_depth, const int tile_rows, const int tile_depth,
                          const bool is_x) {
  const size_t tile = (size_t)(r / tile_rows) * (packed_depth / tile_depth) + k / tile_depth;
  return tile * tile_rows * tile_depth + (is_x ? X_IMAGE_OFFSET(r % tile_rows, k % tile_depth, tile_rows)
                                              : Y_IMAGE_OFFSET(r % tile_rows, k % tile_depth, tile_depth));
}

// An operand that lies along its image's rows (X with its rows contiguous, Y with K contiguous: both
// operands in NN and TT, one in NT and TN) is copied in 16-byte pairs of neighbours, without local
// memory (tile shapes, packed rows and packed depth are even, so a pair never straddles them): each
// work-group's 32 x 32 block as 16 pairs a line, 2 lines a warp. The other one goes through local
// memory, read along the operand's contiguous dimension and written along the image's.
__kernel __attribute__((reqd_work_group_size(PACK_BLOCK, 8, 1)))
void pack_operand(const int rows, const int depth, const int k_contiguous, const int operand,
                  __global const storage_t* X, const ulong offset, const int ld, __global storage_t* packed,
                  const ulong packed_offset, const int packed_rows, const int segment_depth,
                  const int packed_depth, const int tile_rows, const int tile_depth) {
  __local storage_t block[PACK_BLOCK][PACK_BLOCK + 1];
  const int x = get_local_id(0), y = get_local_id(1);
  const int k0 = get_group_id(0) * PACK_BLOCK, r0 = get_group_id(1) * PACK_BLOCK;
  const bool is_x = operand == (TRANSA ? 0 : 1);
  X += offset;
  packed += packed_offset;
  if (is_x != (bool)k_contiguous) {
    const bool aligned = offset % 2 == 0 && ld % 2 == 0;
    for (int line = 2 * y + x / 16; line < PACK_BLOCK; line += 16) {
      const int along = 2 * (x % 16);  // the first of the pair along the contiguous dimension
      const int r = is_x ? r0 + along : r0 + line, k = is_x ? k0 + line : k0 + along;
      if (r >= packed_rows || k >= segment_depth) continue;
      const size_t at = is_x ? (size_t)k * ld + r : (size_t)r * ld + k;
      const bool first = r < rows && k < depth, second = is_x ? r + 1 < rows && k < depth : r < rows && k + 1 < depth;
      double2 pair;
      if (aligned && second)
        pair = *(__global const double2*)(X + at);
      else
        pair = (double2)(first ? X[at] : 0.0, second ? X[at + 1] : 0.0);
      *(__global double2*)(packed + image_index(r, k, packed_depth, tile_rows, tile_depth, is_x)) = pair;
    }
    return;
  }
  for (int i = y; i < PACK_BLOCK; i += 8) {
    const int r = k_contiguous ? r0 + i : r0 + x, k = k_contiguous ? k0 + x : k0 + i;
    block[r - r0][k - k0] = r < rows && k < depth ? X[k_contiguous ? (size_t)r * ld + k : (size_t)k * ld + r] : 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = y; i < PACK_BLOCK; i += 8) {
    const int r = is_x ? r0 + x : r0 + i, k = is_x ? k0 + i : k0 + x;
    if (r < packed_rows && k < segment_depth)
      packed[image_index(r, k, packed_depth, tile_rows, tile_depth, is_x)] = block[r - r0][k - k0];
  }
}
#else
__kernel __attribute__((reqd_work_group_size(PACK_BLOCK, 8, 1)))
void pack_operand(const int rows, const int depth, const int k_contiguous, const int operand,
                  __global const storage_t* X, const ulong offset, const int ld, __global storage_t* packed,
                  const ulong packed_offset, const int packed_rows, const int segment_depth,
                  const int packed_depth, const int tile_rows, const int tile_depth) {
  __local storage_t block[PACK_BLOCK][PACK_BLOCK + 1];
  const int x = get_local_id(0), y = get_local_id(1);
  const int k0 = get_group_id(0) * PACK_BLOCK, r0 = get_group_id(1) * PACK_BLOCK;
  X += offset;
  packed += packed_offset;
  for (int i = y; i < PACK_BLOCK; i += 8) {
    // Read along the contiguous dimension: k where k_contiguous, r otherwise.
    const int r = k_contiguous ? r0 + i : r0 + x, k = k_contiguous ? k0 + x : k0 + i;
    const storage_t value = r < rows && k < depth ? X[k_contiguous ? (size_t)r * ld + k : (size_t)k * ld + r] : 0;
    if (k_contiguous)
      block[i][x] = value;
    else
      block[x][i] = value;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = y; i < PACK_BLOCK; i += 8) {
    const int r = r0 + i, k = k0 + x;
    if (r >= packed_rows || k >= segment_depth) continue;
#if ROW_PAIRS
#define AT(column)                                                                     \
  packed[operand == 0 && tile_rows > 0 ? paired_index(r, column, packed_depth, tile_rows, tile_depth) \
                                       : packed_index(r, column, packed_depth, tile_rows, tile_depth)]
#else
#define AT(column) packed[packed_index(r, column, packed_depth, tile_rows, tile_depth)]
#endif
#if PRECISION == 19
    AT(k) = round_to_tf32(block[i][x]);
#elif PRECISION == 332
    const float big = round_to_tf32(block[i][x]), small = round_to_tf32(block[i][x] - big);
    AT(k) = operand == 0 ? small : big;
    AT(segment_depth + k) = operand == 0 ? big : small;
    AT(2 * segment_depth + k) = big;
#else
    AT(k) = block[i][x];
#endif
#undef AT
  }
}
#endif
