#include "link_refs.hpp"

#include "markdown.hpp"
#include "text.hpp"

#include <cmark-gfm.h>

#include <optional>
#include <regex>

namespace memlab::site {

namespace {

struct HtmlUrl {
  size_t offset;  // of the value inside the HTML text
  size_t length;
  std::string value;
  bool image;
};

std::vector<HtmlUrl> urls_in_html(const std::string& html) {
  static const std::regex attribute(R"re(\b(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'))re", std::regex::icase);
  std::vector<HtmlUrl> urls;
  for (std::sregex_iterator it(html.begin(), html.end(), attribute), end; it != end; ++it) {
    const int group = (*it)[2].matched ? 2 : 3;
    const bool is_src = (*it)[1].length() == 3;
    urls.push_back(
        {static_cast<size_t>(it->position(group)), static_cast<size_t>(it->length(group)), it->str(group), is_src});
  }
  return urls;
}

bool is_raw_html(cmark_node* node) {
  const int type = cmark_node_get_type(node);
  return type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE;
}

bool is_link_or_image(cmark_node* node) {
  const int type = cmark_node_get_type(node);
  return type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE;
}

// Calls visit for every URL in document order; where it returns a string, the URL becomes it.
void walk_refs(cmark_node* root, const std::function<std::optional<std::string>(const LinkRef&)>& visit) {
  for_each_node(root, [&](cmark_node* node) {
    if (is_link_or_image(node)) {
      const auto replacement = visit(
          {cmark_node_get_url(node), cmark_node_get_start_line(node), cmark_node_get_type(node) == CMARK_NODE_IMAGE});
      if (replacement) cmark_node_set_url(node, replacement->c_str());
    } else if (is_raw_html(node)) {
      std::string html = cmark_node_get_literal(node);
      const auto urls = urls_in_html(html);
      std::vector<std::optional<std::string>> replacements;
      for (const auto& url : urls) {
        const int line = line_of_offset(html, url.offset, cmark_node_get_start_line(node));
        replacements.push_back(visit({url.value, line, url.image}));
      }
      // Back to front, so earlier offsets stay valid while later values change length.
      bool changed = false;
      for (size_t i = urls.size(); i-- > 0;) {
        if (!replacements[i]) continue;
        html.replace(urls[i].offset, urls[i].length, *replacements[i]);
        changed = true;
      }
      if (changed) cmark_node_set_literal(node, html.c_str());
    }
  });
}

}  // namespace

std::vector<LinkRef> link_refs(cmark_node* root) {
  std::vector<LinkRef> refs;
  walk_refs(root, [&](const LinkRef& ref) -> std::optional<std::string> {
    refs.push_back(ref);
    return std::nullopt;
  });
  return refs;
}

void rewrite_link_urls(cmark_node* root, const UrlRewrite& rewrite) {
  walk_refs(root, [&](const LinkRef& ref) -> std::optional<std::string> { return rewrite(ref); });
}

}  // namespace memlab::site
