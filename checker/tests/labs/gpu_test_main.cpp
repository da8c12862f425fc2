// main() of the course's GPU tests of the labs' own code (labNN.course.*, label course_gpu):
// without a usable GPU the test skips as a whole, with the reason, and exits 77, which CTest
// reports as skipped (SKIP_RETURN_CODE), as the labs' GPU suites do. doctest's implementation
// comes with memlab::checker (its harness), which these tests link for the course's buffers,
// launches and checks. --sanitizer-run (verify-labs.sh under compute-sanitizer) turns off the
// timing layers of the stream check, as it does for a check program (memlab/launch.h): on the
// H100, racecheck's delays made them see a stray stream in lab 03's mixed-kernel test.
#include <doctest/doctest.h>
#include <memlab/bilingual.h>
#include <memlab/gpu.h>
#include <memlab/launch.h>

#include <cstring>
#include <iostream>

int main(int argc, char** argv) {
  // Our one option is taken out before doctest reads the rest.
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--sanitizer-run") == 0)
      memlab::set_stream_timing_layers(false);
    else
      argv[kept++] = argv[i];
  }
  argc = kept;
  const memlab::GpuLookup gpu = memlab::find_gpu();  // selects the device (MEMLAB_DEVICE) when there is one
  if (!gpu.device) {
    std::cout << "SKIPPED: this test needs a CUDA GPU: " << memlab::english_part(gpu.reason) << "\n";
    return 77;
  }
  std::cout << "GPU: " << gpu.device->name << "\n";
  doctest::Context context(argc, argv);
  return context.run();
}
