# The FP64 matrix units' rate by instruction shape on this card: register-only loops of
# mma.sync m16n8k4, m16n8k8 and m16n8k16 .f64 (and m8n8k4), each warp keeping 8 independent
# accumulator tiles, launched through CUDA (cupy's NVRTC), timed with events (median of 9).
import cupy as cp

SHAPES = {  # name: (M, K, A registers, B registers)
    "m8n8k4": (8, 4, 1, 1),
    "m16n8k4": (16, 4, 2, 1),
    "m16n8k8": (16, 8, 4, 2),
    "m16n8k16": (16, 16, 8, 4),
}

def source(name, m, k, a_regs, b_regs):
    c_regs = m // 4
    d = ", ".join(f"%{i}" for i in range(c_regs))
    a = ", ".join(f"%{c_regs + i}" for i in range(a_regs))
    b = ", ".join(f"%{c_regs + a_regs + i}" for i in range(b_regs))
    outs = ", ".join(f'"+d"(acc[t][{i}])' for i in range(c_regs))
    ins = ", ".join([f'"d"(a[{i}])' for i in range(a_regs)] + [f'"d"(b[{i}])' for i in range(b_regs)])
    return r'''
extern "C" __global__ void loop(double* out, int iterations) {
  double a[%(A)d], b[%(B)d], acc[8][%(C)d];
  for (int i = 0; i < %(A)d; ++i) a[i] = 1e-9 * (threadIdx.x + i);
  for (int i = 0; i < %(B)d; ++i) b[i] = 1e-9 * (threadIdx.x - i);
  for (int t = 0; t < 8; ++t) for (int i = 0; i < %(C)d; ++i) acc[t][i] = 0;
  for (int it = 0; it < iterations; ++it) {
#pragma unroll
    for (int t = 0; t < 8; ++t)
      asm volatile("mma.sync.aligned.%(NAME)s.row.col.f64.f64.f64.f64 {%(D)s}, {%(AL)s}, {%(BL)s}, {%(D)s};"
                   : %(OUTS)s : %(INS)s);
  }
  double s = 0;
  for (int t = 0; t < 8; ++t) for (int i = 0; i < %(C)d; ++i) s += acc[t][i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
''' % dict(A=a_regs, B=b_regs, C=c_regs, NAME=name, D=d, AL=a, BL=b, OUTS=outs, INS=ins)

sms = cp.cuda.Device().attributes["MultiProcessorCount"]
for name, (m, k, a_regs, b_regs) in SHAPES.items():
    kernel = cp.RawKernel(source(name, m, k, a_regs, b_regs), "loop", options=("-arch=sm_90",))
    for warps in (4, 8, 16):
        blocks, threads, iterations = sms * 2, 32 * warps, 4096
        out = cp.zeros(blocks * threads)
        try:
            kernel((blocks,), (threads,), (out, cp.int32(iterations)))
        except cp.cuda.driver.CUDADriverError as error:  # more registers than a block of this size may have
            print(f"{name:9s} {warps:2d} warps a block: {error}")
            continue
        times = []
        for _ in range(9):
            start, stop = cp.cuda.Event(), cp.cuda.Event()
            start.record(); kernel((blocks,), (threads,), (out, cp.int32(iterations))); stop.record(); stop.synchronize()
            times.append(cp.cuda.get_elapsed_time(start, stop) / 1e3)
        seconds = sorted(times)[4]
        flops = 2.0 * m * 8 * k * 8 * iterations * (blocks * warps)
        print(f"{name:9s} {warps:2d} warps a block, 2 blocks an SM: {flops / seconds / 1e12:6.1f} TFLOP/s")
