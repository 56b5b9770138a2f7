# cmake -DNM=<nm> -DLIB=<liblanes_rt.so> -P CheckExports.cmake
#
# Fails unless every symbol liblanes_rt.so defines in its dynamic symbol
# table is part of the documented interface: the __lanes_* builtins, the
# lanes::rt functions of lanes/runtime.h, and the inline parts of
# sycl/exception.hpp (which must be shared with the program).
execute_process(COMMAND ${NM} -D -C --defined-only ${LIB}
  OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIB}")
endif()
string(REPLACE "\n" ";" lines "${symbols}")
set(required __lanes_barrier __lanes_local_id __lanes_loop_state
    __lanes_divergent_barrier __lanes_group_reduce_i32
    __lanes_sub_group_shuffle_f64 "lanes::rt::launch" "lanes::rt::deviceInfo"
    "lanes::rt::demangle" "lanes::rt::streamText" "lanes::rt::streamFinish")
foreach(line IN LISTS lines)
  # "<address> <type> <name>"
  string(REGEX REPLACE "^[0-9a-fA-F]* *[A-Za-z] " "" name "${line}")
  if(name STREQUAL "")
    continue()
  endif()
  if(name MATCHES "^__lanes_" OR name MATCHES "^lanes::rt::"
     OR name MATCHES "sycl::")
    continue()
  endif()
  message(SEND_ERROR "liblanes_rt.so exports an internal symbol: ${name}")
endforeach()
foreach(name IN LISTS required)
  string(FIND "${symbols}" "${name}" at)
  if(at EQUAL -1)
    message(SEND_ERROR "liblanes_rt.so does not export ${name}")
  endif()
endforeach()
