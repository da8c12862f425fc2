# memlab-course grade-class and grade on a class of lab 04 with one submission of each kind
# (make_class.sh). Its grading tree (fixture instructor_grading_tree) is the one
# instructor.slurm_batch grades with, so the checker is compiled once for both.
set(MEMLAB_INSTRUCTOR_WORK "${CMAKE_CURRENT_BINARY_DIR}/work")
add_test(NAME instructor.grade_class
         COMMAND "${CMAKE_CURRENT_SOURCE_DIR}/run_grade_class.sh" "${PROJECT_SOURCE_DIR}" $<TARGET_FILE:memlab-course>
                 "${MEMLAB_INSTRUCTOR_WORK}/grade_class" "${MEMLAB_INSTRUCTOR_TREE}")
set_tests_properties(instructor.grade_class PROPERTIES COST 310 LABELS cpu TIMEOUT 2400
                     FIXTURES_REQUIRED memlab_build FIXTURES_SETUP instructor_grading_tree
                     RESOURCE_LOCK instructor_grading_tree)
