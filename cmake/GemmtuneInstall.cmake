# Installs headers, the library, the CMake package (find_package(gemmtune CONFIG)) and gemmtune.pc.
# Everything here is in the "development" component, so it can be installed without the tools:
#   cmake --install build --component development --prefix /opt/gemmtune
include(CMakePackageConfigHelpers)

set(GEMMTUNE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/gemmtune)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/gemmtune
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT development
        FILES_MATCHING PATTERN "*.hpp")
# gemmtune is static, so its private dependencies gemmtune_db and gemmtune_core travel with it (linked, not included).
install(TARGETS gemmtune gemmtune_db gemmtune_core EXPORT gemmtuneTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# A sanitized library needs the sanitizers' runtime wherever it is linked.
if(GEMMTUNE_SANITIZE OR GEMMTUNE_FUZZ)
  target_link_options(gemmtune INTERFACE ${gemmtune_sanitizers})
endif()
install(EXPORT gemmtuneTargets NAMESPACE gemmtune:: DESTINATION ${GEMMTUNE_INSTALL_CMAKEDIR}
        COMPONENT development)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/gemmtuneConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/gemmtuneConfig.cmake
                              INSTALL_DESTINATION ${GEMMTUNE_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gemmtuneConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gemmtuneConfig.cmake ${PROJECT_BINARY_DIR}/gemmtuneConfigVersion.cmake
        DESTINATION ${GEMMTUNE_INSTALL_CMAKEDIR} COMPONENT development)
# A sanitized library needs the sanitizers' runtime wherever it is linked, with pkg-config too.
set(GEMMTUNE_PC_LINK_OPTIONS "")
if(GEMMTUNE_SANITIZE OR GEMMTUNE_FUZZ)
  string(JOIN " " GEMMTUNE_PC_LINK_OPTIONS ${gemmtune_sanitizers})
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/gemmtune.pc.in ${PROJECT_BINARY_DIR}/gemmtune.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/gemmtune.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT development)
