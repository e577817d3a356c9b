// Adding parts of a sum into C from many work-groups: C = beta * C first, then atomic additions.
//
// A family that declares "includes": ["precision_storage", "split_sum"] gets this text before its
// own, and names split_sum_scale as its "scale_entry" (the host launches it over a 2-D range
// covering (N, M) before the main entry). Single precision on any device; double on NVIDIA's
// devices only, whose L2 cache adds FP64 atomically: a family's rules keep double elsewhere out.
// xgemm.cl and xgemm_skinny.cl keep their own copies of the addition: the shipped tuning's rows are
// keyed by their program texts, which including this would change, so they move here when those
// families are tuned again.

#if PRECISION != 32 && PRECISION != 64
#error "split_sum adds float or double sums"
#endif

// *p += value. OpenCL 1.2 has no atomic floating-point add: NVIDIA devices (recognised by their
// extension macro) get the hardware's reduction through inline PTX, the others a compare-and-swap
// loop on the bits of a float.
inline void split_sum_add(__global storage_t* p, const accumulator_t value) {
#if defined(cl_nv_pragma_unroll) && PRECISION == 64
  __asm__ volatile("red.global.add.f64 [%0], %1;" : : "l"(p), "d"(value) : "memory");
#elif defined(cl_nv_pragma_unroll)
  __asm__ volatile("red.global.add.f32 [%0], %1;" : : "l"(p), "f"(value) : "memory");
#elif PRECISION == 32
  volatile __global uint* bits = (volatile __global uint*)p;
  uint expected = *bits;
  for (;;) {
    const uint seen = atomic_cmpxchg(bits, expected, as_uint(as_float(expected) + value));
    if (seen == expected) break;
    expected = seen;
  }
#else
#error "atomic double addition needs NVIDIA's devices"
#endif
}

// C = beta * C, and 0 where beta is 0 without reading C (NaN in it cannot leak into the sums).
__kernel void split_sum_scale(const int M, const int N, const accumulator_t beta, __global storage_t* C,
                              const ulong c_offset, const int ldc) {
  const int n = get_global_id(0), m = get_global_id(1);
  if (m >= M || n >= N) return;
  __global storage_t* p = C + c_offset + (size_t)m * ldc + n;
  *p = beta == (accumulator_t)0 ? (accumulator_t)0 : beta * *p;
}
