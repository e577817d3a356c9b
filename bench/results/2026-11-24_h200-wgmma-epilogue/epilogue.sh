#!/bin/bash
# H200: xgemm_wgmma's C written from the accumulators (EPILOGUE=0) or through local memory
# (EPILOGUE=1), each shipped winner timed both ways in turn (gemmtune run, median of 20), with the
# card's power and HBM activity sampled during a few seconds of the fp16 4096^3 program; then
# EPILOGUE=1 checked against OpenBLAS at odd sizes, every precision, transposition and layout.
cd "$(dirname "$0")/.."
gunzip -f .gpu/lib/libopenblas.so.0.gz 2>/dev/null
G="bash .gpu/on-device.sh gemmtune"
export GEMMTUNE_CACHE_DIR=/tmp/cache-epi GEMMTUNE_DB=/tmp/none.db
W16=BK=64,BN=256,COPY=0,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
W32=BK=32,BN=256,COPY=0,GROUP_M=8,MT=1,PRODUCER=1,STAGES=4,VWA=8,VWB=8,WARPGROUPS=2
time1() { $G run --family xgemm_wgmma --config $1 --precision $2 --size $3 --repeat 20 2>&1 | grep -E "^time|rror" | tr '\n' ' '; }
for s in 2048 4096 8192; do for e in 0 1 0 1; do echo "fp16 $s EPILOGUE=$e $(time1 $W16,EPILOGUE=$e fp16 $s)"; done; done
for p in bf16; do for e in 0 1; do echo "$p 4096 EPILOGUE=$e $(time1 $W16,EPILOGUE=$e $p 4096)"; done; done
for p in tf32 3xtf32; do for e in 0 1; do echo "$p 4096 EPILOGUE=$e $(time1 $W32,EPILOGUE=$e $p 4096)"; done; done
for e in 0 1; do
  echo "== power, fp16 4096^3 EPILOGUE=$e"
  $G run --family xgemm_wgmma --config $W16,EPILOGUE=$e --precision fp16 --size 4096 --repeat 12000 > /dev/null 2>&1 &
  sleep 3; nvidia-smi dmon -s puc -d 1 -c 2 | tail -2; wait
done
echo "== checks"
fails=0
for p in fp16 bf16 tf32 3xtf32; do
  c=$W16; [ $p = tf32 -o $p = 3xtf32 ] && c=$W32
  for t in NN NT TN TT; do for l in row col; do for size in 1000x777x333 333x555x777 200x136x264; do
    out=$($G run --family xgemm_wgmma --config $c,EPILOGUE=1 --precision $p --size $size --trans $t --layout $l --alpha 1.5 --beta 0.5 --check --repeat 1 2>&1)
    [ $? -ne 0 ] && { fails=$((fails+1)); echo "FAIL $p $t $l $size: $(echo "$out" | tail -2 | tr '\n' ' ')"; }
  done; done; done
  echo "$p checked"
done
out=$($G run --family xgemm_wgmma --config $W16,EPILOGUE=1 --precision fp16 --size 4096 --trans NT --check --repeat 1 2>&1) || { fails=$((fails+1)); echo "FAIL 4096 NT"; }
echo "check failures: $fails"
