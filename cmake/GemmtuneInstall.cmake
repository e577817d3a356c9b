# Installs headers, the library and the CMake package (find_package(gemmtune CONFIG)).
