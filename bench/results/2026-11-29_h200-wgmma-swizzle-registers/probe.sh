source bench/results/unpack_gpu_bundle.sh
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-probe
g=COPY=2,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,VWA=8,VWB=8,REGISTER_GROUPS=2
check() { echo "$*: $(timeout 60 $G run --family xgemm_wgmma --check --repeat 5 "$@" 2>&1 | tail -1 | cut -c1-260)"; }
check --precision fp16 --config $g,WARPGROUPS=2,BN=128,BK=64,STAGES=3,PRODUCER_REGISTERS=40 --size 2048x1536x320 --trans NN
check --precision bf16 --config $g,WARPGROUPS=1,BN=256,BK=64,STAGES=3,PRODUCER_REGISTERS=40 --size 1000x777x333 --trans TT --beta 0.5
check --precision fp16 --config BK=64,BN=256,COPY=2,EPILOGUE=1,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2,PRODUCER_REGISTERS=40 --size 4096x4096x4096 --trans NN
for c in "WARPGROUPS=2,BN=128,STAGES=3" "WARPGROUPS=1,BN=256,STAGES=3" "WARPGROUPS=2,BN=64,STAGES=4"; do
  for s in 1024 2048; do
    echo "bf16 $s $c: $($G run --family xgemm_wgmma --precision bf16 --config $g,BK=64,PRODUCER_REGISTERS=40,$c --size $s --repeat 20 --json 2>&1 | tail -1 | grep -o '"gflops":[0-9.]*')"
  done
done
