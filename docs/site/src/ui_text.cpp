#include "ui_text.hpp"

namespace memlab::site {

namespace {

const UiText kEnglish = {
    "Skip to content",
    "Course contents",
    "Previous",
    "Next",
    "Previous and next page",
    "Rendered from",
    "Course",
    "Labs",
    "Slides",
    "All decks",
    "Slides",
    "Previous slide",
    "Next slide",
    "Slide navigation",
    " (English)",
    "中文",
    "Home",
};

const UiText kChinese = {
    "跳到正文",   "课程目录", "上一页", "下一页", "上一页和下一页", "生成自",   "课程",    "实验", "幻灯片",
    "全部幻灯片", "幻灯片",   "上一张", "下一张", "幻灯片导航",     "（英文）", "English", "首页",
};

}  // namespace

const UiText& ui_text(Language language) { return language == Language::zh ? kChinese : kEnglish; }

std::string slide_label(Language language, size_t number, size_t count) {
  if (language == Language::zh) return "第 " + std::to_string(number) + " 张，共 " + std::to_string(count) + " 张";
  return "Slide " + std::to_string(number) + " of " + std::to_string(count);
}

std::string deck_index_intro(Language language) {
  if (language == Language::zh) {
    return "<p>每讲一套幻灯片。在幻灯片中，<kbd>&rarr;</kbd>、<kbd>Space</kbd> 或 <kbd>Page Down</kbd> "
           "前进，<kbd>&larr;</kbd> 或 <kbd>Page Up</kbd> 后退；打印时每页一张幻灯片。</p>\n";
  }
  return "<p>One deck per lecture. In a deck, <kbd>&rarr;</kbd>, <kbd>Space</kbd> "
         "or <kbd>Page Down</kbd> goes forward, <kbd>&larr;</kbd> or <kbd>Page Up</kbd> back; "
         "printing a deck gives one slide per page.</p>\n";
}

std::string slide_count_text(Language language, size_t count) {
  if (language == Language::zh) return std::to_string(count) + " 张";
  return std::to_string(count) + " slides";
}

}  // namespace memlab::site
