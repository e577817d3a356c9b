// Reads a 128 x 64 tile of 16-bit elements from (x0, y0) of a row-major matrix by one tensor copy
// (cp.async.bulk.tensor, 128-byte swizzle) whose tensor map arrives as the kernel's by-value
// argument `map`, and writes local memory as the copy left it. The tensor map's address is the
// argument's own (param space): written TENSOR_MAP_0 in a hidden line, which the host replaces
// by the argument's PTX name.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void tma_probe(const ulong16 map, __global ushort* out, const int x0, const int y0) {
  __local ushort tile[64 * 128] __attribute__((aligned(1024)));
  __local ulong bar __attribute__((aligned(8)));
  const uint t = (uint)(size_t)tile, b = (uint)(size_t)&bar;
  if (get_local_id(0) == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(64 * 128 * 2) : "memory");
    asm volatile("{\n.reg .b64 m;\n// SM90A: mov.b64 m, TENSOR_MAP_0;\n// SM90A: cvta.param.u64 m, m;\n"
                 "// SM90A: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [m, {%1, %2}], [%3];\n}"
                 ::"r"(t), "r"(x0), "r"(y0), "r"(b) : "memory");
  }
  uint done = 0;
  while (!done)
    asm volatile("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\nselp.u32 %0, 1, 0, p;\n}"
                 : "=r"(done) : "r"(b) : "memory");
  for (int i = get_local_id(0); i < 64 * 128; i += 128) out[i] = tile[i];
}

__kernel void address_of(__global ulong* out, __global const ushort* p) { out[0] = (ulong)(size_t)p; }
