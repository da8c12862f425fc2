#include "link_refs.hpp"

#include "markdown.hpp"

#include <cmark-gfm.h>

#include <algorithm>
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
    static const std::regex attribute(R"re(\b(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'))re",
                                      std::regex::icase);
    std::vector<HtmlUrl> urls;
    for (std::sregex_iterator it(html.begin(), html.end(), attribute), end; it != end; ++it) {
        const int group = (*it)[2].matched ? 2 : 3;
        const bool is_src = (*it)[1].length() == 3;
        urls.push_back({static_cast<size_t>(it->position(group)),
                        static_cast<size_t>(it->length(group)), it->str(group), is_src});
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

}  // namespace

std::vector<LinkRef> link_refs(cmark_node* root) {
    std::vector<LinkRef> refs;
    for_each_node(root, [&](cmark_node* node) {
        if (is_link_or_image(node)) {
            refs.push_back({cmark_node_get_url(node), cmark_node_get_start_line(node),
                            cmark_node_get_type(node) == CMARK_NODE_IMAGE});
        } else if (is_raw_html(node)) {
            const std::string html = cmark_node_get_literal(node);
            for (const auto& url : urls_in_html(html)) {
                const auto newlines = std::count(html.begin(), html.begin() + url.offset, '\n');
                refs.push_back({url.value, cmark_node_get_start_line(node) + static_cast<int>(newlines),
                                url.image});
            }
        }
    });
    return refs;
}

void rewrite_link_urls(cmark_node* root, const UrlRewrite& rewrite) {
    for_each_node(root, [&](cmark_node* node) {
        if (is_link_or_image(node)) {
            const std::string url = cmark_node_get_url(node);
            cmark_node_set_url(node, rewrite(url, cmark_node_get_type(node) == CMARK_NODE_IMAGE).c_str());
        } else if (is_raw_html(node)) {
            std::string html = cmark_node_get_literal(node);
            auto urls = urls_in_html(html);
            // Back to front, so earlier offsets stay valid while later values change length.
            for (auto it = urls.rbegin(); it != urls.rend(); ++it) {
                html.replace(it->offset, it->length, rewrite(it->value, it->image));
            }
            cmark_node_set_literal(node, html.c_str());
        }
    });
}

}  // namespace memlab::site
