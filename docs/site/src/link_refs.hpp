// Every place the course text points at another file: Markdown links and images, and the
// href/src attributes of raw HTML (figures are sometimes embedded as <img> for sizing).
#pragma once

#include <functional>
#include <string>
#include <vector>

struct cmark_node;

namespace memlab::site {

struct LinkRef {
  std::string url;
  int line = 0;
  bool image = false;  // an image (or src=) is embedded, a link is followed
};

std::vector<LinkRef> link_refs(cmark_node* root);

using UrlRewrite = std::function<std::string(const LinkRef& ref)>;

// Replaces each URL that link_refs finds with rewrite(ref).
void rewrite_link_urls(cmark_node* root, const UrlRewrite& rewrite);

}  // namespace memlab::site
