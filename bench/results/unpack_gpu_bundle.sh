#!/bin/bash
# Sourced by the run scripts of these folders, on the GPU machine, from the project root: unpacks
# the bundle that bundle.sh made and that was compressed to be carried (.gz programs and libraries,
# OpenBLAS as .xz), and registers NVIDIA's OpenCL driver.
gunzip -f .gpu/lib/*.gz .gpu/bin/*.gz 2>/dev/null
for f in .gpu/lib/*.xz; do
  [ -e "$f" ] && python3 -c "import lzma,sys; open(sys.argv[1][:-3],'wb').write(lzma.open(sys.argv[1]).read())" "$f" && rm "$f"
done
chmod +x .gpu/bin/*
echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
