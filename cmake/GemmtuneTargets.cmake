# The project's own targets, for settings applied to all of them once every target exists.

# Sets `result` to the targets defined under `directory`, its subdirectories included.
function(gemmtune_targets_under directory result)
  get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirectories DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
  foreach(subdirectory IN LISTS subdirectories)
    gemmtune_targets_under(${subdirectory} below)
    list(APPEND targets ${below})
  endforeach()
  set(${result} ${targets} PARENT_SCOPE)
endfunction()
