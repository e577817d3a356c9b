// Copies from global to local memory without registers (cp.async, NVIDIA compute capability 8.0+).
//
// A family that declares "includes": ["precision_storage", "async_copy"] gets this text after
// precision_storage's (it copies storage_t elements). The waits take an immediate count of
// groups, so a family names its own (`cp.async.wait_group N`).

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
