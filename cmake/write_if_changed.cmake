# write_if_changed(FILE TEXT): writes TEXT to FILE unless FILE holds it already, so that a
# generated source whose input did not change keeps its time stamp and rebuilds nothing.
function(write_if_changed file text)
  if(EXISTS "${file}")
    file(READ "${file}" old)
    if(old STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE "${file}" "${text}")
endfunction()
