// Kernel family xgemm_skinny: GEMM for small, skinny (min(M, N) up to ~128, GEMV-like M or N of 1)
// and very deep (K up to ~500,000) problems, C = alpha * op(A) * op(B) + beta * C.
//
// Same row-major canonical form and arguments as kernels/xgemm.cl (the host launches both alike):
// row-major C of M x N, op(A) of M x K (A stored K x M row-major when TRANSA is 1), op(B) of K x N
// (B stored N x K when TRANSB is 1), leading dimensions and element offsets.
//
// Why a second kernel: xgemm stages 64 x 128 or 128 x 256 tiles of C through local memory, so a
// problem with a narrow C runs on a handful of work-groups that walk all of K one after another.
// Here a work-group covers a small TM x TN block of C and splits K among its work-items instead:
//   - work-item (lk, ln, lm) of an LK x LN x LM work-group holds a WPTM x WPTN block of C in
//     registers and accumulates the products of its chunks of K: KWI consecutive k per step, the
//     LK work-items' chunks side by side (with ORDER 0 lk varies fastest among the work-items, so
//     on a GPU a warp reads LK * KWI consecutive elements of an operand that is contiguous along K;
//     ORDER 1 and 2 put lm or ln fastest, for an operand contiguous along M or N);
//   - operands are read straight from global memory, with no local-memory staging: in a skinny
//     product one operand is small and stays in the caches, the other is streamed once;
//   - the LK partial blocks are added in local memory by a tree of log2(LK) rounds shared by all
//     work-items of the group, the last round writing C (no atomics, C written once, so beta == 0
//     never reads C and one kernel does it all);
//   - rows and columns past the edge of C are clamped to the last row (column), so the K loop has
//     no bounds checks except in its last, partial step; their sums are discarded.
// Where M x N is too small to fill a GPU with work-groups however small the blocks (M or N of 1 to
// 16 with K in the hundreds of thousands), KSPLIT > 1 also splits K among work-groups: each adds
// its share into C atomically after xgemm_scale has applied beta, as xgemm's KSPLIT does (single
// precision, and double on NVIDIA's devices, whose atomic FP64 addition the L2 cache carries out).
// KSPLIT == 1 is the plain, atomic-free kernel.
// Local memory: TM * TN * (LK + 1) elements when LK > 1 (partial sums stored [row, col][lk], one
// element of padding per output so that the last rounds' reads fall into different banks), none
// when LK == 1 (elements of the sums: FP32 for 16-bit storage). So
// `LK == 1 || TM * TN * (LK + 1) * max(element_bytes, 4) <= local_mem_size`.
//
// Tuning parameters (all passed by the host as -D defines; there are no defaults here):
//   WPTM, WPTN  rows and columns of C per work-item (any positive integers)
//   LM, LN      work-items along M and N; the work-group's block of C is TM = LM * WPTM rows by
//               TN = LN * WPTN columns
//   LK          work-items along K, a power of two (the reduction is a binary tree)
//   KWI         consecutive k per work-item per step (the unrolled inner loop); a step of the
//               work-group covers LK * KWI values of k
//   VWA, VWB    vector width (1, 2, 4, 8 or 16) of global loads of A and B along their contiguous
//               dimension: K for A when TRANSA is 0, M when 1; N for B when TRANSB is 0, K when 1.
//               The host lowers it to what the leading dimension and offset allow (as xgemm's);
//               the kernel uses the largest power of two not above it that divides the run of
//               contiguous elements a work-item reads (KWI along K, WPTM along M, WPTN along N),
//               so every power of two is valid
//   ORDER       which of the work-items' indices a warp's lanes run along: 0 lk (then ln, lm), 1 lm
//               (then ln, lk), 2 ln (then lm, lk). The lanes' loads are consecutive where their index
//               runs along the operand's contiguous dimension (0 for A when TRANSA is 0, 1 when it is
//               1; 2 for B when TRANSB is 0), and the same address, one load for all, along the other
//   KSPLIT      work-groups sharing the K dimension of one block of C, each taking a run of whole
//               steps and adding into C atomically after xgemm_scale (single precision, double on
//               NVIDIA's devices); 1: none
// Problem properties, set by the host for each problem:
//   PRECISION   32 (float), 64 (double; needs cl_khr_fp64), 16 (fp16) or 116 (bf16): 16-bit
//               elements summed in FP32 (kernels/precision_storage.cl), KSPLIT 1
//   TRANSA, TRANSB  1 when op(A) = A^T (op(B) = B^T)
// Rules: LK, VWA and VWB powers of two; LK <= max_work_item_size_0, LN <= max_work_item_size_1,
// LM <= max_work_item_size_2, LK * LN * LM <= max_work_group_size; the local-memory rule above;
// KSPLIT == 1 || element_bytes == 4 || (element_bytes == 8 && nv_compiler_options == 1).
// Ranges: local (LK, LN, LM); global (LK * KSPLIT, ceil(N / TN) * LN, ceil(M / TM) * LM). With
// KSPLIT > 1, xgemm_scale(M, N, beta, C, c_offset, ldc) runs first over a 2-D range covering (N, M).

#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define REAL double
#else
#define REAL float
#endif

// Elements in memory: REAL itself in single and double precision; in fp16 and bf16 the 16-bit
// storage_t of kernels/precision_storage.cl, converted exactly to REAL (float) as they are read and
// rounded to nearest even as C is written, so that the sums are FP32 whatever the storage. (The
// single and double precision macros expand to the very text these precisions had before fp16 and
// bf16 came, so that their tuned programs stay the same.)
#if PRECISION == 32 || PRECISION == 64
#define STORED REAL
#define ELEMENT(p, i) p[i]
#define LOAD(p) *p
#define STORE(p, value) *p = value
#else
#define STORED storage_t
#define ELEMENT(p, i) load_element(p + (i))
#define LOAD(p) load_element(p)
#define STORE(p, value) store_element(p, value)
#endif

// fma where the device says it is fast: a CPU compiler then emits fused vector instructions,
// which it does not do for mad (a multiply and a separate add).
#if (PRECISION == 64 && defined(FP_FAST_FMA)) || (PRECISION != 64 && defined(FP_FAST_FMAF))
#define MULTIPLY_ADD(a, b, c) fma(a, b, c)
#else
#define MULTIPLY_ADD(a, b, c) mad(a, b, c)
#endif

#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)

#define TM (LM * WPTM)         // rows of C per work-group
#define TN (LN * WPTN)         // columns of C per work-group
#define KSTEP (LK * KWI)       // values of k per step of the work-group
#define THREADS (LK * LN * LM)

#if (LK & (LK - 1)) != 0
#error "LK must be a power of two"
#endif
#if (VWA & (VWA - 1)) != 0 || (VWB & (VWB - 1)) != 0
#error "VWA and VWB must be powers of two"
#endif
#if KSPLIT > 1 && PRECISION == 64 && !defined(cl_nv_pragma_unroll)
#error "KSPLIT > 1 in double precision needs NVIDIA's atomic FP64 addition"
#endif
#if KSPLIT > 1 && PRECISION != 32 && PRECISION != 64
#error "KSPLIT > 1 adds shares into C, each of which fp16 and bf16 storage would round"
#endif

// The run of contiguous elements of A (B) that a work-item reads at a time.
#if TRANSA == 0
#define RUN_A KWI
#else
#define RUN_A WPTM
#endif
#if TRANSB == 0
#define RUN_B WPTN
#else
#define RUN_B KWI
#endif

// Vector widths in use: the largest power of two up to VWA (VWB) that divides the run, so that
// every vector starts at a multiple of its width (the host makes leading dimensions and offsets
// multiples of VWA and VWB).
#if RUN_A % VWA == 0
#define VA VWA
#elif VWA > 8 && RUN_A % 8 == 0
#define VA 8
#elif VWA > 4 && RUN_A % 4 == 0
#define VA 4
#elif VWA > 2 && RUN_A % 2 == 0
#define VA 2
#else
#define VA 1
#endif
#if RUN_B % VWB == 0
#define VB VWB
#elif VWB > 8 && RUN_B % 8 == 0
#define VB 8
#elif VWB > 4 && RUN_B % 4 == 0
#define VB 4
#elif VWB > 2 && RUN_B % 2 == 0
#define VB 2
#else
#define VB 1
#endif
#if VA == 1
#define REALVA REAL
#else
#define REALVA CONCAT(REAL, VA)
#endif
#if VB == 1
#define REALVB REAL
#else
#define REALVB CONCAT(REAL, VB)
#endif

// Reads `width` elements at p (aligned to width elements) into dst[0], dst[stride], ...: a vector
// of `type` in single and double precision, a vector of 16-bit elements each converted in fp16 and
// bf16.
#if PRECISION == 32 || PRECISION == 64
#define VECTOR_LOAD(type, width, p, dst, stride)                  \
  do {                                                           \
    const type vector_ = *(__global const type*)(p);             \
    const REAL* scalars_ = (const REAL*)&vector_;                \
    _Pragma("unroll") for (int e_ = 0; e_ < (width); ++e_)       \
      (dst)[e_ * (stride)] = scalars_[e_];                       \
  } while (0)
#else
#define VECTOR_LOAD(type, width, p, dst, stride) LOAD_ELEMENTS(width, p, dst, stride)
#endif

// op(A)(m0 + i, k + kk) into a[i][kk] for the work-item's WPTM rows and KWI values of k. Rows past
// M read row M - 1 (their sums are discarded); in the last step (`tail`) k + kk >= k_end reads 0.
// `inside`: all WPTM rows lie inside M, so loads along M may be vectors.
inline __attribute__((always_inline)) void load_a(__global const STORED* restrict A, const int lda,
                                                  const int M, const int k_end, const int m0,
                                                  const int k, const bool inside, const bool tail,
                                                  REAL a[WPTM][KWI]) {
#if TRANSA == 0
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
    __global const STORED* row = A + (size_t)min(m0 + i, M - 1) * lda + k;
    if (!tail) {
#pragma unroll
      for (int v = 0; v < KWI / VA; ++v) VECTOR_LOAD(REALVA, VA, row + v * VA, &a[i][v * VA], 1);
    } else {
#pragma unroll
      for (int kk = 0; kk < KWI; ++kk) a[i][kk] = k + kk < k_end ? ELEMENT(row, kk) : (REAL)0;
    }
  }
#else
#pragma unroll
  for (int kk = 0; kk < KWI; ++kk) {
    const bool valid = !tail || k + kk < k_end;
    __global const STORED* row = A + (size_t)(k + kk) * lda;  // row k + kk of A, which is K x M
    if (inside && valid) {
#pragma unroll
      for (int v = 0; v < WPTM / VA; ++v) VECTOR_LOAD(REALVA, VA, row + m0 + v * VA, &a[v * VA][kk], KWI);
    } else {
#pragma unroll
      for (int i = 0; i < WPTM; ++i) a[i][kk] = valid ? ELEMENT(row, min(m0 + i, M - 1)) : (REAL)0;
    }
  }
#endif
}

// op(B)(k + kk, n0 + j) into b[kk][j], as load_a.
inline __attribute__((always_inline)) void load_b(__global const STORED* restrict B, const int ldb,
                                                  const int N, const int k_end, const int n0,
                                                  const int k, const bool inside, const bool tail,
                                                  REAL b[KWI][WPTN]) {
#if TRANSB == 1
#pragma unroll
  for (int j = 0; j < WPTN; ++j) {
    __global const STORED* row = B + (size_t)min(n0 + j, N - 1) * ldb + k;  // row n0 + j of B, N x K
    if (!tail) {
#pragma unroll
      for (int v = 0; v < KWI / VB; ++v) VECTOR_LOAD(REALVB, VB, row + v * VB, &b[v * VB][j], WPTN);
    } else {
#pragma unroll
      for (int kk = 0; kk < KWI; ++kk) b[kk][j] = k + kk < k_end ? ELEMENT(row, kk) : (REAL)0;
    }
  }
#else
#pragma unroll
  for (int kk = 0; kk < KWI; ++kk) {
    const bool valid = !tail || k + kk < k_end;
    __global const STORED* row = B + (size_t)(k + kk) * ldb;  // row k + kk of B, K x N
    if (inside && valid) {
#pragma unroll
      for (int v = 0; v < WPTN / VB; ++v) VECTOR_LOAD(REALVB, VB, row + n0 + v * VB, &b[kk][v * VB], 1);
    } else {
#pragma unroll
      for (int j = 0; j < WPTN; ++j) b[kk][j] = valid ? ELEMENT(row, min(n0 + j, N - 1)) : (REAL)0;
    }
  }
#endif
}

// One step: the outer products of a's columns and b's rows added to acc.
inline __attribute__((always_inline)) void multiply(REAL a[WPTM][KWI], REAL b[KWI][WPTN],
                                                    REAL acc[WPTM][WPTN]) {
#pragma unroll
  for (int kk = 0; kk < KWI; ++kk) {
#pragma unroll
    for (int i = 0; i < WPTM; ++i) {
#pragma unroll
      for (int j = 0; j < WPTN; ++j) acc[i][j] = MULTIPLY_ADD(a[i][kk], b[kk][j], acc[i][j]);
    }
  }
}

// This work-item's partial sums over its chunks of [k_begin, k_end): k = k_begin + (s * LK + lk) * KWI
// + kk for every step s. `inside` is a constant after inlining, so the caller's two calls give two
// loops without a branch.
inline __attribute__((always_inline)) void accumulate(
    __global const STORED* restrict A, const int lda, __global const STORED* restrict B, const int ldb,
    const int M, const int N, const int k_begin, const int k_end, const int m0, const int n0,
    const int lk, const bool inside, REAL acc[WPTM][WPTN]) {
  int k = k_begin + lk * KWI;
  for (int steps = (k_end - k_begin) / KSTEP; steps > 0; --steps, k += KSTEP) {
    REAL a[WPTM][KWI], b[KWI][WPTN];
    load_a(A, lda, M, k_end, m0, k, inside, false, a);
    load_b(B, ldb, N, k_end, n0, k, inside, false, b);
    multiply(a, b, acc);
  }
  if (k < k_end) {
    REAL a[WPTM][KWI], b[KWI][WPTN];
    load_a(A, lda, M, k_end, m0, k, inside, true, a);
    load_b(B, ldb, N, k_end, n0, k, inside, true, b);
    multiply(a, b, acc);
  }
}

#if KSPLIT > 1
// *p += value. OpenCL 1.2 has no atomic floating-point add: NVIDIA devices (recognised by their
// extension macro) get the hardware's reduction through inline PTX, in single and double precision;
// the others a compare-and-swap loop on the bits, in single precision only (the rules keep KSPLIT
// at 1 in double precision there: a 64-bit compare-and-swap is an extension few of them have).
inline void atomic_add_real(__global REAL* p, const REAL value) {
#if defined(cl_nv_pragma_unroll) && PRECISION == 64
  __asm__ volatile("red.global.add.f64 [%0], %1;" : : "l"(p), "d"(value) : "memory");
#elif defined(cl_nv_pragma_unroll)
  __asm__ volatile("red.global.add.f32 [%0], %1;" : : "l"(p), "f"(value) : "memory");
#else
  volatile __global uint* bits = (volatile __global uint*)p;
  uint expected = *bits;
  for (;;) {
    const uint seen = atomic_cmpxchg(bits, expected, as_uint(as_float(expected) + value));
    if (seen == expected) break;
    expected = seen;
  }
#endif
}
#endif

// C(m, n) = alpha * sum + beta * C(m, n); with beta == 0, C is never read (NaN in it cannot leak).
// With KSPLIT > 1, C already holds beta * C (xgemm_scale) and each work-group adds its share.
inline void store_c(__global STORED* C, const int ldc, const int m, const int n, const REAL alpha,
                    const REAL beta, const REAL sum) {
  __global STORED* p = C + (size_t)m * ldc + n;
#if KSPLIT > 1
  atomic_add_real(p, alpha * sum);
#else
  STORE(p, beta == (REAL)0 ? alpha * sum : mad(alpha, sum, beta * LOAD(p)));
#endif
}

// C = beta * C (0 when beta is 0, without reading C): the first step of a product with KSPLIT > 1,
// launched like xgemm's kernel of the same name.
__kernel void xgemm_scale(const int M, const int N, const REAL beta, __global STORED* C,
                          const ulong c_offset, const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  __global STORED* p = C + c_offset + (size_t)m * ldc + n;
  STORE(p, beta == (REAL)0 ? (REAL)0 : beta * LOAD(p));
}

__kernel __attribute__((reqd_work_group_size(LK, LN, LM)))
void xgemm_skinny(const int M, const int N, const int K, const REAL alpha, const REAL beta,
                  __global const STORED* restrict A, const ulong a_offset, const int lda,
                  __global const STORED* restrict B, const ulong b_offset, const int ldb,
                  __global STORED* C, const ulong c_offset, const int ldc) {
#if ORDER == 0
  const int lk = get_local_id(0), ln = get_local_id(1), lm = get_local_id(2);
#else
  // The work-group's work-items in the order a warp takes them, so that its lanes run along the
  // operand's contiguous dimension: M (ORDER 1) under TRANSA, N (ORDER 2) when B is N-contiguous.
  const int flat = (get_local_id(2) * LN + get_local_id(1)) * LK + get_local_id(0);
#if ORDER == 1
  const int lm = flat % LM, ln = flat / LM % LN, lk = flat / (LM * LN);
#else
  const int ln = flat % LN, lm = flat / LN % LM, lk = flat / (LN * LM);
#endif
#endif
  const int block_m = get_group_id(2) * TM, block_n = get_group_id(1) * TN;
  const int m0 = block_m + lm * WPTM, n0 = block_n + ln * WPTN;  // this work-item's first row, column
  A += a_offset;
  B += b_offset;
  C += c_offset;

  REAL acc[WPTM][WPTN];
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
#pragma unroll
    for (int j = 0; j < WPTN; ++j) acc[i][j] = (REAL)0;
  }
#if KSPLIT > 1
  // This work-group's share of K, in whole steps: [k_begin, k_end). A work-group whose share is
  // empty still runs to the end and adds 0: returning before the barriers below gave wrong sums
  // under PoCL 3.1 even though the return is the same for the whole work-group.
  const int per_split = (K + KSPLIT * KSTEP - 1) / (KSPLIT * KSTEP) * KSTEP;
  const int k_begin = min(K, (int)get_group_id(0) * per_split), k_end = min(K, k_begin + per_split);
#else
  const int k_begin = 0, k_end = K;
#endif
  if (m0 + WPTM <= M && n0 + WPTN <= N)
    accumulate(A, lda, B, ldb, M, N, k_begin, k_end, m0, n0, lk, true, acc);
  else
    accumulate(A, lda, B, ldb, M, N, k_begin, k_end, m0, n0, lk, false, acc);

#if LK == 1
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
#pragma unroll
    for (int j = 0; j < WPTN; ++j) {
      if (m0 + i < M && n0 + j < N) store_c(C, ldc, m0 + i, n0 + j, alpha, beta, acc[i][j]);
    }
  }
#else
  // partial[o * (LK + 1) + l]: work-item l's sum for output o = row * TN + column of the block.
  __local REAL partial[TM * TN * (LK + 1)];
  const int tid = (lm * LN + ln) * LK + lk;
#pragma unroll
  for (int i = 0; i < WPTM; ++i) {
#pragma unroll
    for (int j = 0; j < WPTN; ++j)
      partial[((lm * WPTM + i) * TN + ln * WPTN + j) * (LK + 1) + lk] = acc[i][j];
  }
  // Round with `stride`: sum l of output o adds sum l + stride, for every o and l < stride.
#pragma unroll
  for (int stride = LK / 2; stride > 1; stride /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int x = tid; x < TM * TN * stride; x += THREADS) {
      const int o = x / stride, l = x % stride;
      partial[o * (LK + 1) + l] += partial[o * (LK + 1) + l + stride];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int o = tid; o < TM * TN; o += THREADS) {
    const int m = block_m + o / TN, n = block_n + o % TN;
    if (m < M && n < N) store_c(C, ldc, m, n, alpha, beta, partial[o * (LK + 1)] + partial[o * (LK + 1) + 1]);
  }
#endif
}
