# ctest runs in the course's root folder, where it grades the lab configured last.
message(FATAL_ERROR "Run ctest in the course's root folder:\n  cd ../.. && ctest")
