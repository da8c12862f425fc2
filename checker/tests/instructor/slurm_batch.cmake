# memlab-course grade-class --slurm against a real single-node Slurm cluster (munge, slurmctld,
# slurmd started by the test). It grades in instructor.grade_class's grading tree.
add_test(NAME instructor.slurm_batch
         COMMAND "${CMAKE_CURRENT_SOURCE_DIR}/run_slurm_batch.sh" "${PROJECT_SOURCE_DIR}" $<TARGET_FILE:memlab-course>
                 "${CMAKE_CURRENT_BINARY_DIR}/work/slurm_batch" "${MEMLAB_INSTRUCTOR_TREE}")
set_tests_properties(instructor.slurm_batch PROPERTIES LABELS cpu TIMEOUT 1800 SKIP_RETURN_CODE 77
                     FIXTURES_REQUIRED "memlab_build;instructor_grading_tree" RESOURCE_LOCK instructor_grading_tree)
