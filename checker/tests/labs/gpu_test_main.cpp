// main() of the course's GPU tests of the labs' own code (labNN.course.*, label course_gpu):
// without a usable GPU the test skips as a whole, with the reason, and exits 77, which CTest
// reports as skipped (SKIP_RETURN_CODE), as the labs' GPU suites do. doctest's implementation
// comes with memlab::checker (its harness), which these tests link for the course's buffers,
// launches and checks.
#include <doctest/doctest.h>
#include <memlab/bilingual.h>
#include <memlab/gpu.h>

#include <iostream>

int main(int argc, char** argv) {
  const memlab::GpuLookup gpu = memlab::find_gpu();  // selects the device (MEMLAB_DEVICE) when there is one
  if (!gpu.device) {
    std::cout << "SKIPPED: this test needs a CUDA GPU: " << memlab::english_part(gpu.reason) << "\n";
    return 77;
  }
  std::cout << "GPU: " << gpu.device->name << "\n";
  doctest::Context context(argc, argv);
  return context.run();
}
