# memlab-course export-student, as an instructor runs it, and the copy it writes, as a student
# and GitHub Classroom use it (run_export_student.sh says what it checks). Two cold builds of lab 04
# in the copy (its lab04 preset and the Classroom workflow's build/classroom): with
# course.student_loop, the longest CPU tests.
if(NOT MEMLAB_WITH_SITE)
  return()  # it renders the copy's lab tables with memlab-site (the top CMakeLists.txt)
endif()
add_test(NAME instructor.export_student
         COMMAND "${CMAKE_CURRENT_SOURCE_DIR}/run_export_student.sh" $<TARGET_FILE:memlab-course> "${PROJECT_SOURCE_DIR}"
                 "${CMAKE_CURRENT_BINARY_DIR}/export_student" $<TARGET_FILE:memlab-site> "${CMAKE_BINARY_DIR}/figures")
set_tests_properties(instructor.export_student PROPERTIES LABELS cpu TIMEOUT 3000 FIXTURES_REQUIRED memlab_build
                     COST 880)  # seconds in a clean CI run (see course.sanitizers)
