# lanes_add_program(<name> <source> [ARGS <args...>] [FLAGS <flags...>]
#                   [LABELS <labels...>] [NO_TEST])
#
# Builds one SYCL program twice, the way a user would: bin/<name> with
# lanes++ (compiled kernels) and bin/<name>-lib with g++ (library-only, no
# plugin), both with the extra compiler FLAGS (e.g. -DNAME=value).
# Registers the ctests <name>-lanes and <name>-lib, which run the program
# with ARGS and pass when it exits 0 (the programs verify their own
# results against a serial reference). All programs build as part of `all`.
function(lanes_add_program name source)
  cmake_parse_arguments(P "NO_TEST" "" "ARGS;FLAGS;LABELS" ${ARGN})
  get_filename_component(src ${source} ABSOLUTE)
  set(out_lanes ${CMAKE_BINARY_DIR}/bin/${name})
  set(out_lib ${CMAKE_BINARY_DIR}/bin/${name}-lib)
  file(GLOB_RECURSE api_headers CONFIGURE_DEPENDS ${LANES_INCLUDE_DIR}/*.h
       ${LANES_INCLUDE_DIR}/*.hpp)
  add_custom_command(OUTPUT ${out_lanes}
    COMMAND ${CMAKE_BINARY_DIR}/bin/lanes++ -O2 ${P_FLAGS} ${src}
            -o ${out_lanes}
    DEPENDS ${src} ${api_headers} lanes++ LanesPlugin LanesFrontend lanes_rt
    COMMENT "lanes++ ${name}" VERBATIM)
  add_custom_command(OUTPUT ${out_lib}
    COMMAND ${LANES_GXX} -std=c++17 -O2 -I${LANES_INCLUDE_DIR} ${P_FLAGS}
            ${src} -o ${out_lib} -L${CMAKE_BINARY_DIR}/lib -llanes_rt
            -Wl,-rpath,${CMAKE_BINARY_DIR}/lib
    DEPENDS ${src} ${api_headers} lanes_rt
    COMMENT "g++ ${name} (library-only)" VERBATIM)
  add_custom_target(${name} ALL DEPENDS ${out_lanes} ${out_lib})
  if(NOT P_NO_TEST)
    add_test(NAME ${name}-lanes COMMAND ${out_lanes} ${P_ARGS})
    add_test(NAME ${name}-lib COMMAND ${out_lib} ${P_ARGS})
    set_tests_properties(${name}-lanes ${name}-lib PROPERTIES
      TIMEOUT 300 LABELS "program;${P_LABELS}")
  endif()
endfunction()
