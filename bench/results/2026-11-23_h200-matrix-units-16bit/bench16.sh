#!/bin/bash
G="bash .gpu/on-device.sh gemmtune"
DB=$OUT/h200.db
mkdir -p $OUT/r
$G db import configs/tuned/nvidia-h200.json --db $DB 2>&1 | tail -1
for p in fp16 bf16 tf32 3xtf32; do
  timeout 80 $G bench --device nvidia:0 --db $DB --precision $p --sizes 1024,2048,3072,4096,8192 --peers cublas,clblast --repeat 10 --json $OUT/r/bench-$p.json > $OUT/r/bench-$p.txt 2>&1
  echo "$p rc=$?"; tail -9 $OUT/r/bench-$p.txt
done
timeout 100 $G bench --device nvidia:0 --db $DB --precision fp16 --random 30 --largest 4096 --peers cublas --repeat 5 --json $OUT/r/bench-fp16-random30.json > $OUT/r/bench-fp16-random30.txt 2>&1
echo "random rc=$?"; tail -6 $OUT/r/bench-fp16-random30.txt
cd $OUT && tar czf r.tgz r && rm -rf r h200.db*
