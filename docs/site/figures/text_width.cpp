#include "text_width.hpp"

namespace memlab::site::figures {

namespace {

// Advance widths of ' ' to '~' in thousandths of an em, read from DejaVuSans.ttf and
// DejaVuSans-Bold.ttf (their hmtx tables, 2048 units per em).
constexpr unsigned short kSans[95] = {318,  401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
                                      636,  636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
                                      1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
                                      603,  787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
                                      500,  613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
                                      635,  635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838};
constexpr unsigned short kSansBold[95] = {
    348, 456,  521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415,  380, 365, 696, 696,  696,
    696, 696,  696, 696, 696, 696,  696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830,  683,
    683, 821,  837, 372, 372, 775,  637, 995, 837, 850, 733, 850, 770, 720,  682, 812, 774, 1103, 771,
    724, 725,  457, 365, 457, 838,  500, 500, 675, 716, 593, 716, 678, 435,  716, 712, 343, 343,  665,
    343, 1042, 712, 687, 716, 716,  493, 595, 478, 712, 652, 924, 645, 652,  582, 712, 365, 712,  838};
constexpr double kMonoEm = 0.602;  // DejaVu Sans Mono: every ASCII character

double ascii_em(unsigned char c, FontStyle style) {
  if (c < ' ' || c > '~') return 0;  // control characters take no room
  if (style == FontStyle::mono) return kMonoEm;
  return (style == FontStyle::sans_bold ? kSansBold : kSans)[c - ' '] / 1000.0;
}

}  // namespace

double text_width(std::string_view utf8, double font_size, FontStyle style) {
  double em = 0;
  for (const char ch : utf8) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte < 0x80) {
      em += ascii_em(byte, style);
    } else if ((byte & 0xC0) != 0x80) {
      em += 1;  // the first byte of a non-ASCII character; its continuation bytes add nothing
    }
  }
  return em * font_size;
}

}  // namespace memlab::site::figures
