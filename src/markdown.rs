//! The one Markdown function: record bodies to HTML. The pulldown-cmark options are set here and
//! nowhere else. Raw HTML in a record is shown as text, never passed through, except the bare
//! inline tags of scholarly text (`<i>`, `<sub>`, … without attributes, as OpenAlex abstracts
//! carry them), and a link whose
//! scheme could run code (`javascript:`, `data:`, …) is reported, so a record cannot inject
//! anything into a page. Fenced code is highlighted by syntect with CSS classes.

use std::ops::Range;
use std::sync::LazyLock;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};
use syntect::html::{ClassStyle, ClassedHTMLGenerator};
use syntect::parsing::SyntaxSet;
use syntect::util::LinesWithEndings;

/// Loaded once per process: building the syntax set is the slow part of syntect.
static SYNTAXES: LazyLock<SyntaxSet> = LazyLock::new(SyntaxSet::load_defaults_newlines);

/// The CSS class prefix of highlighted code, shared with the theme's stylesheet.
pub const CODE_CLASS_STYLE: ClassStyle = ClassStyle::SpacedPrefixed { prefix: "hl-" };

/// The HTML of a Markdown text, and what was wrong in it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Rendered {
    pub html: String,
    pub problems: Vec<Problem>,
}

/// Something in a Markdown text that no page may show as it is written: a link that was refused,
/// or a character no page can carry.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// Byte range in the Markdown text.
    pub range: Range<usize>,
    pub message: String,
    pub help: String,
}

/// Inline tags that records may use, bare (no attributes): italics for species names, sub- and
/// superscripts for formulas.
pub const INLINE_TAGS: &[&str] = &["i", "em", "b", "strong", "sub", "sup"];

fn is_inline_markup(html: &str) -> bool {
    let Some(inner) = html.strip_prefix('<').and_then(|h| h.strip_suffix('>')) else {
        return false;
    };
    INLINE_TAGS.contains(&inner.strip_prefix('/').unwrap_or(inner))
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_SMART_PUNCTUATION
}

/// True for an http(s) URL, a `mailto:` address, or a link without a scheme (relative, `/…`, `#…`).
pub fn is_safe_url(url: &str) -> bool {
    match scheme(url) {
        None => true,
        Some(s) => matches!(s.to_ascii_lowercase().as_str(), "http" | "https" | "mailto"),
    }
}

/// True for an http(s) URL or a relative path: what a record's `links` may hold.
pub fn is_link_url(url: &str) -> bool {
    match scheme(url) {
        None => !url.trim().is_empty(),
        Some(s) => matches!(s.to_ascii_lowercase().as_str(), "http" | "https"),
    }
}

fn scheme(url: &str) -> Option<&str> {
    let url = url.trim_start();
    let end = url.find(':')?;
    let candidate = &url[..end];
    let is_scheme = candidate.starts_with(|c: char| c.is_ascii_alphabetic())
        && candidate
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    is_scheme.then_some(candidate)
}

/// The `id` of a footnote labelled `label` (`[^label]`): the label is the writer's, so it
/// must neither take an id of the page (`[^main]`) nor hold what an id cannot (`[^a b]`).
/// Letters, digits and `-` stay; any other character is `_` and its code point in hex, then `_`,
/// so that two labels never share an id.
fn footnote_id(label: &str) -> String {
    let mut id = String::from("fn-");
    for c in label.chars() {
        if c.is_ascii_alphanumeric() || c == '-' {
            id.push(c);
        } else {
            id.push_str(&format!("_{:x}_", u32::from(c)));
        }
    }
    id
}

pub fn render(markdown: &str) -> Rendered {
    let mut problems = raw_unshowable(markdown);
    let mut events = Vec::new();
    let mut code: Option<(String, String)> = None;
    // Inline tags opened and not yet closed: closed at the end of their block, so that an
    // unbalanced `<i>` cannot slant the rest of the page.
    let mut open_tags: Vec<String> = Vec::new();
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        referenced_unshowable(markdown, &event, &range, &mut problems);
        if let Some((lang, text)) = &mut code {
            match event {
                Event::Text(t) => text.push_str(&t),
                Event::End(TagEnd::CodeBlock) => {
                    events.push(Event::Html(highlight(lang, text).into()));
                    code = None;
                }
                _ => {}
            }
            continue;
        }
        let event = match event {
            Event::InlineHtml(html) if is_inline_markup(&html) => {
                let name = html.trim_matches(['<', '>', '/']).to_string();
                if !html.starts_with("</") {
                    open_tags.push(name);
                    Event::InlineHtml(html)
                } else if open_tags.last() == Some(&name) {
                    open_tags.pop();
                    Event::InlineHtml(html)
                } else {
                    Event::Text(html)
                }
            }
            Event::End(
                end @ (TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::TableCell
                | TagEnd::BlockQuote(_)
                | TagEnd::FootnoteDefinition),
            ) => {
                for name in open_tags.drain(..).rev() {
                    events.push(Event::InlineHtml(format!("</{name}>").into()));
                }
                Event::End(end)
            }
            Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
            Event::Start(Tag::CodeBlock(kind)) => {
                let lang = match kind {
                    CodeBlockKind::Fenced(info) => {
                        info.split_whitespace().next().unwrap_or("").to_string()
                    }
                    CodeBlockKind::Indented => String::new(),
                };
                code = Some((lang, String::new()));
                continue;
            }
            Event::FootnoteReference(label) => Event::FootnoteReference(footnote_id(&label).into()),
            Event::Start(Tag::FootnoteDefinition(label)) => {
                Event::Start(Tag::FootnoteDefinition(footnote_id(&label).into()))
            }
            Event::Start(mut tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
                if let Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } = &mut tag {
                    let url = std::mem::replace(dest_url, CowStr::Borrowed(""));
                    *dest_url = checked(url, &range, &mut problems);
                }
                Event::Start(tag)
            }
            other => other,
        };
        events.push(event);
    }
    for name in open_tags.drain(..).rev() {
        events.push(Event::InlineHtml(format!("</{name}>").into()));
    }
    let mut html = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    Rendered { html, problems }
}

/// What [`render`] would report in `markdown`, without rendering it: what a record's text is
/// checked for when it is read, long before its page is made.
pub fn problems(markdown: &str) -> Vec<Problem> {
    let mut problems = raw_unshowable(markdown);
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        referenced_unshowable(markdown, &event, &range, &mut problems);
        if let Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) = event {
            checked(dest_url, &range, &mut problems);
        }
    }
    problems
}

/// The first character of each line of `markdown` that no page can carry.
fn raw_unshowable(markdown: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut rest = markdown;
    while let Some((at, c)) = crate::characters::first_unshowable(rest) {
        let start = markdown.len() - rest.len() + at;
        problems.push(Problem {
            range: start..start + c.len_utf8(),
            message: crate::characters::message("the text", c),
            help: crate::characters::INVISIBLE_HELP.to_string(),
        });
        rest = rest[at..].split_once('\n').map_or("", |(_, next)| next);
    }
    problems
}

/// A character reference (`&#1;`) that stands for a character no page can carry; raw characters
/// are [`raw_unshowable`]'s.
fn referenced_unshowable(
    markdown: &str,
    event: &Event,
    range: &Range<usize>,
    problems: &mut Vec<Problem>,
) {
    let (Event::Text(text) | Event::Code(text)) = event else {
        return;
    };
    let written = &markdown[range.clone()];
    let Some((_, c)) = crate::characters::first_unshowable(text) else {
        return;
    };
    if written.contains(c) {
        return;
    }
    problems.push(Problem {
        range: range.clone(),
        message: crate::characters::message("the text", c),
        help: format!("delete `{written}`"),
    });
}

/// Plain text as Markdown that reads as itself: every character Markdown would take as markup
/// is escaped. For text that is not Markdown (de-inverted abstracts, titles in the twins).
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    // The markup characters are ASCII, so the text between two of them is copied whole, and
    // found with one table lookup a byte: the twins escape every title they list (character by
    // character this was 1.3 % of a build, a chain of comparisons a byte 1.1 %).
    let mut kept = 0;
    let mut at = 0;
    while let Some(offset) = text.as_bytes()[at..]
        .iter()
        .position(|&byte| MARKDOWN_MARKUP[usize::from(byte)])
    {
        at += offset;
        out.push_str(&text[kept..at]);
        out.push('\\');
        kept = at;
        at += 1;
    }
    out.push_str(&text[kept..]);
    out
}

/// The bytes [`escape_text`] escapes.
static MARKDOWN_MARKUP: [bool; 256] = {
    let mut markup = [false; 256];
    let bytes = b"\\`*_[]<>#!|~";
    let mut i = 0;
    while i < bytes.len() {
        markup[bytes[i] as usize] = true;
        i += 1;
    }
    markup
};

/// The words of Markdown without its markup, code blocks or raw HTML, whitespace collapsed: for
/// descriptions and feed summaries.
pub fn plain_text(markdown: &str) -> String {
    let mut out = Collapsed::with_capacity(markdown.len());
    let mut in_code_block = false;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Text(text) | Event::Code(text) if !in_code_block => out.push(&text),
            Event::SoftBreak
            | Event::HardBreak
            | Event::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::TableCell
                | TagEnd::BlockQuote(_),
            ) => out.push_space(),
            _ => {}
        }
    }
    out.text
}

/// Text written in pieces with one space between its words, as `split_whitespace` joined by
/// spaces gives of the pieces put end to end. Written as it comes, a byte at a time where it is
/// ASCII: first put together and then split, it cost about twice Markdown's own parsing.
struct Collapsed {
    text: String,
    /// Whether whitespace came after the last word written.
    space: bool,
}

impl Collapsed {
    fn with_capacity(capacity: usize) -> Collapsed {
        Collapsed {
            text: String::with_capacity(capacity),
            space: false,
        }
    }

    fn push_space(&mut self) {
        self.space = true;
    }

    fn push(&mut self, piece: &str) {
        let bytes = piece.as_bytes();
        let mut word = 0;
        let mut at = 0;
        while at < bytes.len() {
            let width = if bytes[at].is_ascii() {
                // `char::is_whitespace` of ASCII: U+0009 to U+000D and the space.
                if !matches!(bytes[at], b'\t'..=b'\r' | b' ') {
                    at += 1;
                    continue;
                }
                1
            } else {
                // `at` is at the start of a character: every byte before it was ASCII or stepped
                // over as part of the character it starts.
                let c = piece[at..].chars().next().unwrap_or_default();
                if !c.is_whitespace() {
                    at += c.len_utf8();
                    continue;
                }
                c.len_utf8()
            };
            self.push_word(&piece[word..at]);
            self.space = true;
            at += width;
            word = at;
        }
        self.push_word(&piece[word..]);
    }

    fn push_word(&mut self, word: &str) {
        if word.is_empty() {
            return;
        }
        if self.space && !self.text.is_empty() {
            self.text.push(' ');
        }
        self.space = false;
        self.text.push_str(word);
    }
}

fn checked<'a>(url: CowStr<'a>, range: &Range<usize>, problems: &mut Vec<Problem>) -> CowStr<'a> {
    if is_safe_url(&url) {
        url
    } else {
        problems.push(Problem {
            range: range.clone(),
            message: format!("the link `{url}` uses a scheme that is not allowed"),
            help: "links may use http, https or mailto, or be relative paths".to_string(),
        });
        CowStr::Borrowed("#")
    }
}

/// Code as HTML with syntect's classes (`hl-…`), in a `pre` of classes `code hl-code`; plain when the
/// language is unknown.
pub fn highlight(lang: &str, code: &str) -> String {
    let syntax = SYNTAXES
        .find_syntax_by_token(lang)
        .unwrap_or_else(|| SYNTAXES.find_syntax_plain_text());
    let mut generator =
        ClassedHTMLGenerator::new_with_class_style(syntax, &SYNTAXES, CODE_CLASS_STYLE);
    for line in LinesWithEndings::from(code) {
        if generator
            .parse_html_for_line_which_includes_newline(line)
            .is_err()
        {
            return format!("<pre><code>{}</code></pre>\n", escape(code));
        }
    }
    let class = if lang.is_empty() {
        String::new()
    } else {
        format!(" class=\"language-{}\"", escape(lang))
    };
    format!(
        "<pre class=\"code hl-code\"><code{class}>{}</code></pre>\n",
        generator.finalize()
    )
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    pulldown_cmark_escape::escape_html(&mut out, text).ok();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn escapes_text_as_char_by_char(text in "(\\PC|[\\\\`*_\\[\\]<>#!|~ \t\n])*") {
            let mut expected = String::new();
            for c in text.chars() {
                if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '!' | '|' | '~') {
                    expected.push('\\');
                }
                expected.push(c);
            }
            prop_assert_eq!(escape_text(&text), expected);
        }

        #[test]
        fn collapses_whitespace_as_split_and_join(
            pieces in proptest::collection::vec("(\\PC|[ \t\n\u{b}\u{c}\r\u{85}\u{a0}\u{3000}])*", 0..5),
            spaces in proptest::collection::vec(any::<bool>(), 5),
        ) {
            // A space pushed between pieces stands for a line break or a paragraph's end.
            let mut joined = String::new();
            let mut collapsed = Collapsed::with_capacity(0);
            for (piece, space) in pieces.iter().zip(&spaces) {
                joined.push_str(piece);
                collapsed.push(piece);
                if *space {
                    joined.push(' ');
                    collapsed.push_space();
                }
            }
            let expected = joined.split_whitespace().collect::<Vec<_>>().join(" ");
            prop_assert_eq!(collapsed.text, expected);
        }
    }

    #[test]
    fn problems_are_what_rendering_refuses() {
        let text = "See [a](javascript:x) and ![b](data:image/png,x).\n\n```bibtex\n@misc{k}\n```\n\n[ok](https://example.org) [c](vbscript:y)\n";
        let found = problems(text);
        assert_eq!(found.len(), 3, "{found:?}");
        assert_eq!(found, render(text).problems);
        assert!(problems("Only [fine](https://example.org) links.").is_empty());
    }

    #[test]
    fn footnotes_take_ids_of_their_own_that_no_two_labels_share() {
        let html = render("See[^main], [^a b\"c] and [^a_20_b\"c].\n\n[^main]: One.\n\n[^a b\"c]: Two.\n\n[^a_20_b\"c]: Three.\n").html;
        assert!(html.contains("href=\"#fn-main\""), "{html}");
        assert!(html.contains("id=\"fn-main\""), "{html}");
        assert!(html.contains("id=\"fn-a_20_b_22_c\""), "{html}");
        assert!(html.contains("id=\"fn-a_5f_20_5f_b_22_c\""), "{html}");
        assert!(!html.contains("id=\"main\""), "{html}");
    }

    #[test]
    fn renders_paragraphs_and_escapes_raw_html() {
        let r = render("Hello *world*\n\n<script>alert(1)</script>\n");
        assert!(r.html.contains("<em>world</em>"));
        assert!(r.html.contains("&lt;script&gt;"), "{}", r.html);
        assert!(!r.html.contains("<script>"));
    }

    #[test]
    fn lets_bare_inline_tags_through_and_nothing_else() {
        let r = render("<i>E. coli</i> in H<sub>2</sub>O, <i onclick=\"x\">no</i> <img src=x>");
        assert!(
            r.html.contains("<i>E. coli</i> in H<sub>2</sub>O"),
            "{}",
            r.html
        );
        assert!(r.html.contains("&lt;i onclick="), "{}", r.html);
        assert!(r.html.contains("&lt;img"), "{}", r.html);
        let r = render("<i>never closed\n\nnext</sub>");
        assert_eq!(
            r.html,
            "<p><i>never closed</i></p>\n<p>next&lt;/sub&gt;</p>\n"
        );
        let r = render("<i>a *b* c</i>");
        assert_eq!(r.html, "<p><i>a <em>b</em> c</i></p>\n");
    }

    #[test]
    fn escaped_text_reads_as_itself() {
        let text = "a *b* [c](d) <i>e</i> # ~f~ | g_h \\";
        let html = render(&escape_text(text)).html;
        assert_eq!(
            html,
            "<p>a *b* [c](d) &lt;i&gt;e&lt;/i&gt; # ~f~ | g_h \\</p>\n"
        );
    }

    #[test]
    fn refuses_script_links() {
        let r = render("[x](javascript:alert(1)) and [y](https://example.org)");
        assert_eq!(r.problems.len(), 1);
        assert!(!r.html.contains("javascript:"));
        assert!(r.html.contains("https://example.org"));
    }

    #[test]
    fn highlights_fenced_code_with_classes() {
        let r = render("```rust\nfn main() {}\n```\n");
        assert!(r.html.contains("hl-"), "{}", r.html);
        assert!(r.html.contains("language-rust"));
    }

    #[test]
    fn plain_text_drops_markup_and_code() {
        let text = plain_text(
            "A *bo*ld\nclaim with `x`.\n\n```rust\nfn main() {}\n```\n\nEnd <i>here</i>.",
        );
        assert_eq!(text, "A bold claim with x. End here.");
    }

    #[test]
    fn highlights_bibtex() {
        let html = highlight("bibtex", "@article{key,\n  title = {A},\n}\n");
        assert!(html.contains("class=\"language-bibtex\""), "{html}");
        assert!(html.contains("hl-"), "{html}");
        assert!(
            !html.contains("hl-text hl-plain"),
            "bibtex fell back to plain text: {html}"
        );
    }

    #[test]
    fn link_urls() {
        assert!(is_link_url("https://arxiv.org/abs/1"));
        assert!(is_link_url("/files/paper.pdf"));
        assert!(!is_link_url("javascript:alert(1)"));
        assert!(!is_link_url("data:text/html,x"));
        assert!(!is_link_url(" JavaScript:x"));
    }
}
