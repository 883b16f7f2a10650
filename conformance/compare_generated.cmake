# ctest's vectors_current and bindings_current_*: runs GENERATOR with ARGUMENT (the reference sample, or a
# binding's language) and requires its output to equal the committed file EXPECTED byte for byte
# (scripts/generate_vectors.sh and scripts/generate_bindings.sh write them again after an intended change).
execute_process(COMMAND ${GENERATOR} ${ARGUMENT} OUTPUT_FILE ${ACTUAL} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GENERATOR} failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${EXPECTED} ${ACTUAL} RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  message(FATAL_ERROR "${EXPECTED} differs from what ${GENERATOR} writes now (${ACTUAL}): for the vectors, an "
                      "output bit changed (a new major version) or the generator did; for a binding, the parameter "
                      "table did. Write the file again (scripts/generate_vectors.sh, scripts/generate_bindings.sh).")
endif()
