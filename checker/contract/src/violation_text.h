#pragma once
// A violation's sentence in English and in Chinese, as one string (memlab/bilingual.h): the report
// shows the reader's language. The English is the sentence result.json has always held, "<file>
// <verb> <name> (<class>)"; the Chinese says the same in Chinese order, "<file> 引用了
// <name>（<class>）". Names (files, headers, symbols, sections) stay as the compiler spells them.
#include <string>
#include <string_view>

namespace contract {

// The sentence `en` / `zh` (up to its class) followed by its class `why`, itself in both
// languages: "transpose.cu references exit (ends the process)", "transpose.cu 引用了 exit（结束进程）".
std::string with_class(std::string_view en, std::string_view zh, std::string_view why);

}  // namespace contract
