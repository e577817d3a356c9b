// Copies from global to local memory without registers: cp.async (NVIDIA compute capability 8.0+),
// and bulk copies of whole tile images counted by mbarriers (9.0+).
//
// A family that declares "includes": ["precision_storage", "async_copy"] gets this text after
// precision_storage's (it copies storage_t elements). The waits take an immediate count of
// groups, so a family names its own (`cp.async.wait_group N`). Addresses of local memory are the
// shared-window addresses the instructions take: a __local pointer cast to an integer.

// Copies `elements` (at most vw; fewer at a matrix's edge, 0 beyond it: the rest is written as
// zeros) from global to local memory. The local address is the shared-window address the
// instruction takes; the global one is the pointer itself, valid even when nothing is read.
inline void copy_async(__local storage_t* destination, const __global storage_t* source, const int vw,
                       const int elements) {
  const uint bytes = (uint)(max(elements, 0) * (int)sizeof(storage_t));
  const int width = vw * (int)sizeof(storage_t);
  if (width == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"((uint)(size_t)destination),
                 "l"((ulong)(size_t)source), "r"(bytes)
                 : "memory");
  else if (width == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"((uint)(size_t)destination),
                 "l"((ulong)(size_t)source), "r"(bytes)
                 : "memory");
  else if (width == 4)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"((uint)(size_t)destination),
                 "l"((ulong)(size_t)source), "r"(bytes)
                 : "memory");
  else  // one 16-bit element: below cp.async's smallest copy
    *destination = elements > 0 ? *source : (storage_t)0;
}

// Closes the group of copies issued since the last one.
inline void copy_async_commit(void) { asm volatile("cp.async.commit_group;" ::: "memory"); }

// An mbarrier's phases: a phase completes when its expected arrivals (and, for bulk copies, its
// expected bytes) have come; waiters name the phase by its parity.
inline void init_barrier(const uint barrier_address, const uint arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(barrier_address), "r"(arrivals) : "memory");
}
inline void arrive(const uint barrier_address) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(barrier_address) : "memory");
}
// Whether the mbarrier has completed the phase of this parity.
inline bool phase_done(const uint barrier_address, const uint parity) {
  uint done;
  asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}"
               : "=r"(done)
               : "r"(barrier_address), "r"(parity)
               : "memory");
  return done != 0;
}
inline void wait_phase(const uint barrier_address, const uint parity) {
  while (!phase_done(barrier_address, parity)) {
  }
}

// One arrival that also expects `bytes` of bulk copies before the phase completes.
inline void expect_bytes(const uint barrier_address, const uint bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barrier_address), "r"(bytes) : "memory");
}
inline void bulk_copy(const uint destination, const __global storage_t* source, const uint bytes,
                      const uint barrier_address) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   destination),
               "l"((ulong)(size_t)source), "r"(bytes), "r"(barrier_address)
               : "memory");
}
// Issues the bulk copies of K tile `tile` of a work-group's rows of tile images of A and of B
// (kernels/operand_pack.cl; a_elements and b_elements each) into stage `stage` of the local tiles
// at a_window and b_window, counted by that stage's mbarrier (8 bytes each from `barriers`).
inline void copy_tile_images(const uint a_window, const uint b_window, const uint barriers,
                             const __global storage_t* a_images, const __global storage_t* b_images, const int stage,
                             const int tile, const int a_elements, const int b_elements) {
  const uint barrier_address = barriers + 8u * (uint)stage;
  const uint a_bytes = (uint)(a_elements * (int)sizeof(storage_t)), b_bytes = (uint)(b_elements * (int)sizeof(storage_t));
  expect_bytes(barrier_address, a_bytes + b_bytes);
  bulk_copy(a_window + (uint)stage * a_bytes, a_images + (size_t)tile * a_elements, a_bytes, barrier_address);
  bulk_copy(b_window + (uint)stage * b_bytes, b_images + (size_t)tile * b_elements, b_bytes, barrier_address);
}
