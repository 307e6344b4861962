//! Sentences in another language than their page's: a message that fell back (an English
//! sentence on a French page whose files lack it) is said in its own language by screen
//! readers and hyphenated by its own rules only if an element around it carries its `lang`.
//! `t()` cannot know where its text will stand (an element's text, an attribute, `<title>`, a
//! feed), so it wraps such a sentence in marks, and each rendered page turns them into
//! `<span lang="…">` where an element may stand and drops them everywhere else.
//!
//! The marks are Unicode noncharacters, which no page may contain: U+FDD0, the language's code,
//! U+FDD1, the sentence, U+FDD2.

use memchr::memmem;

const OPEN: &str = "\u{FDD0}";
const CODE_END: &str = "\u{FDD1}";
const CLOSE: &str = "\u{FDD2}";

/// The three marks' UTF-8 share their first two bytes: `EF B7` then `90`, `91` or `92`.
const MARK_LEAD: [u8; 2] = [0xEF, 0xB7];
const OPEN_LAST: u8 = 0x90;
const CODE_END_LAST: u8 = 0x91;
const CLOSE_LAST: u8 = 0x92;

/// Elements whose text may hold no element: a sentence there keeps its marks' text only.
const TEXT_ONLY: &[&[u8]] = &[
    b"title",
    b"script",
    b"style",
    b"textarea",
    b"option",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
];

/// `text`, said to be in the language `code`.
pub fn mark(code: &str, text: &str) -> String {
    let mut marked = String::with_capacity(text.len() + code.len() + 9);
    marked.push_str(OPEN);
    marked.push_str(code);
    marked.push_str(CODE_END);
    marked.push_str(text);
    marked.push_str(CLOSE);
    marked
}

/// The page with its marks resolved: in an HTML page (`html`) each marked sentence that stands
/// in an element's text becomes a `<span lang>`; elsewhere, and in any other kind of file (a
/// feed, a Markdown twin), the marks are dropped and the sentence stays.
pub fn resolve(page: Vec<u8>, html: bool) -> Vec<u8> {
    if memmem::find(&page, OPEN.as_bytes()).is_none() {
        return page;
    }
    let mut out = Vec::with_capacity(page.len() + 64);
    let mut reader = Reader {
        page: &page,
        at: 0,
        state: if html { State::Text } else { State::NoElements },
    };
    // For each sentence open at this point: the language its span gave, if it has one.
    let mut open: Vec<Option<&[u8]>> = Vec::new();
    while reader.at < page.len() {
        let at = reader.at;
        match mark_at(&page, at) {
            Some(OPEN_LAST) => {
                let code_start = at + 3;
                let code_end = find_mark(&page, code_start, CODE_END_LAST).unwrap_or(page.len());
                let code = &page[code_start..code_end];
                let text_start = (code_end + 3).min(page.len());
                let enclosing = open.iter().rev().find_map(|o| *o);
                let span = reader.state == State::Text
                    && is_code(code)
                    && enclosing != Some(code)
                    && closes_before_a_tag(&page, text_start);
                if span {
                    out.extend_from_slice(b"<span lang=\"");
                    out.extend_from_slice(code);
                    out.extend_from_slice(b"\">");
                }
                open.push(span.then_some(code));
                reader.at = text_start;
            }
            Some(CLOSE_LAST) => {
                if let Some(Some(_)) = open.pop() {
                    out.extend_from_slice(b"</span>");
                }
                reader.at = at + 3;
            }
            Some(_) => reader.at = at + 3,
            None => {
                let end = reader.step();
                out.extend_from_slice(&page[at..end]);
            }
        }
    }
    out
}

/// The last byte of the mark at `at`, if one starts there.
fn mark_at(page: &[u8], at: usize) -> Option<u8> {
    match page.get(at..at + 3) {
        Some([a, b, last]) if [*a, *b] == MARK_LEAD => {
            matches!(*last, OPEN_LAST | CODE_END_LAST | CLOSE_LAST).then_some(*last)
        }
        _ => None,
    }
}

/// Where the next mark ending in `last` starts, from `from`.
fn find_mark(page: &[u8], from: usize, last: u8) -> Option<usize> {
    let needle = [MARK_LEAD[0], MARK_LEAD[1], last];
    memmem::find(page.get(from..)?, &needle).map(|i| from + i)
}

/// A language code as a site's languages have them: letters, digits and `-`.
fn is_code(code: &[u8]) -> bool {
    !code.is_empty() && code.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-')
}

/// Whether the sentence that starts at `from` ends before any tag: a span around it then
/// stays within one element. (A sentence's text is escaped, so a `<` is a tag.)
fn closes_before_a_tag(page: &[u8], from: usize) -> bool {
    let mut depth = 0usize;
    let mut at = from;
    while at < page.len() {
        if page[at] == b'<' {
            return false;
        }
        match mark_at(page, at) {
            Some(OPEN_LAST) => depth += 1,
            Some(CLOSE_LAST) if depth == 0 => return true,
            Some(CLOSE_LAST) => depth -= 1,
            _ => {}
        }
        at += 1;
    }
    false
}

/// Where in a page the reader is, as far as a span may stand there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// An element's text, where a span may stand.
    Text,
    /// Inside a tag; `quote` is the quote of the attribute's value the reader is in, and
    /// `text_only` the element it opens when its text may hold no element.
    Tag {
        quote: Option<u8>,
        text_only: Option<&'static [u8]>,
    },
    /// Inside `<!-- … -->`.
    Comment,
    /// The text of an element that may hold no element, up to its end tag.
    TextOnly(&'static [u8]),
    /// A file that is not HTML.
    NoElements,
}

struct Reader<'p> {
    page: &'p [u8],
    at: usize,
    state: State,
}

impl Reader<'_> {
    /// Moves past the byte at `at`, or the run of bytes that starts there and cannot change
    /// the state or hold a mark, and says where it stopped.
    fn step(&mut self) -> usize {
        let page = self.page;
        let at = self.at;
        let byte = page[at];
        let rest = &page[at..];
        self.state = match self.state {
            State::Text if rest.starts_with(b"<!--") => {
                self.state = State::Comment;
                self.at = at + 4;
                return self.at;
            }
            State::Text if byte == b'<' => {
                let name = tag_name(&rest[1..]);
                if name.is_empty() && rest.get(1) != Some(&b'/') {
                    State::Text
                } else {
                    State::Tag {
                        quote: None,
                        // An end tag opens nothing.
                        text_only: TEXT_ONLY
                            .iter()
                            .find(|t| rest.get(1) != Some(&b'/') && name.eq_ignore_ascii_case(t))
                            .copied(),
                    }
                }
            }
            State::Tag {
                quote: None,
                text_only,
            } => match byte {
                b'>' => text_only.map_or(State::Text, State::TextOnly),
                b'"' | b'\'' => State::Tag {
                    quote: Some(byte),
                    text_only,
                },
                _ => State::Tag {
                    quote: None,
                    text_only,
                },
            },
            State::Tag {
                quote: Some(q),
                text_only,
            } if byte == q => State::Tag {
                quote: None,
                text_only,
            },
            State::Comment if rest.starts_with(b"-->") => {
                self.state = State::Text;
                self.at = at + 3;
                return self.at;
            }
            State::TextOnly(name) if byte == b'<' && is_end_tag(&rest[1..], name) => State::Tag {
                quote: None,
                text_only: None,
            },
            state => state,
        };
        self.at = at + 1;
        // Nothing but `<`, `>`, quotes and marks can change anything: skip the bytes between.
        let next = page[self.at..]
            .iter()
            .position(|&b| matches!(b, b'<' | b'>' | b'"' | b'\'' | b'-' | 0xEF))
            .map_or(page.len(), |i| self.at + i);
        self.at = next;
        next
    }
}

/// The name of the tag whose `<` was just passed (`p`, `title`); empty when none follows.
fn tag_name(after: &[u8]) -> &[u8] {
    let after = after.strip_prefix(b"/").unwrap_or(after);
    let end = after
        .iter()
        .position(|b| !b.is_ascii_alphanumeric())
        .unwrap_or(after.len());
    if after.first().is_some_and(u8::is_ascii_alphabetic) {
        &after[..end]
    } else {
        &[]
    }
}

/// Whether `after` (what follows a `<`) is the end tag of `name`.
fn is_end_tag(after: &[u8], name: &[u8]) -> bool {
    after
        .strip_prefix(b"/")
        .is_some_and(|rest| tag_name(rest).eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolved(page: &str, html: bool) -> String {
        String::from_utf8(resolve(page.as_bytes().to_vec(), html)).unwrap()
    }

    #[test]
    fn a_sentence_in_an_elements_text_gets_a_span() {
        let page = format!("<p>{}</p>", mark("en", "Key facts"));
        assert_eq!(
            resolved(&page, true),
            r#"<p><span lang="en">Key facts</span></p>"#
        );
    }

    #[test]
    fn in_an_attribute_the_title_or_a_script_only_the_sentence_stays() {
        let m = mark("en", "Copied");
        let page = format!(
            "<html><head><title>{m} · x</title><script>var a = \"{m}\";</script></head>\
             <body><button data-label=\"{m}\" title='{m}'>{m}</button></body></html>"
        );
        assert_eq!(
            resolved(&page, true),
            "<html><head><title>Copied · x</title><script>var a = \"Copied\";</script></head>\
             <body><button data-label=\"Copied\" title='Copied'><span lang=\"en\">Copied</span></button></body></html>"
        );
    }

    #[test]
    fn a_file_that_is_not_html_keeps_the_sentence_alone() {
        let page = format!(
            "<title>{}</title><p>{}</p>",
            mark("en", "A"),
            mark("en", "B")
        );
        assert_eq!(resolved(&page, false), "<title>A</title><p>B</p>");
    }

    #[test]
    fn a_sentence_inside_another_gets_its_own_span_unless_its_language_is_the_same() {
        let inner = mark("de", "Deutsch");
        let same = mark("en", "English");
        let page = format!(
            "<p>{}</p>",
            mark("en", &format!("Only in {inner} and {same}."))
        );
        assert_eq!(
            resolved(&page, true),
            r#"<p><span lang="en">Only in <span lang="de">Deutsch</span> and English.</span></p>"#
        );
    }

    #[test]
    fn a_sentence_across_a_tag_loses_its_marks_and_keeps_its_markup() {
        let page = format!("<p>{}</p>", mark("en", "see <a href=\"/x\">this</a>"));
        assert_eq!(resolved(&page, true), r#"<p>see <a href="/x">this</a></p>"#);
    }

    #[test]
    fn comments_and_text_after_a_title_are_read_as_html_again() {
        let m = mark("en", "x");
        let page = format!("<!-- {m} --><title>{m}</title><p>{m}</p>");
        assert_eq!(
            resolved(&page, true),
            r#"<!-- x --><title>x</title><p><span lang="en">x</span></p>"#
        );
    }

    #[test]
    fn a_page_without_marks_is_returned_as_it_is() {
        let page = "<p>数据，“引用”</p>".to_string();
        assert_eq!(resolved(&page, true), page);
    }

    #[test]
    fn a_mark_left_open_or_alone_leaves_no_span_and_no_mark() {
        let page = "<p>\u{FDD0}en\u{FDD1}cut</p><p>\u{FDD2}\u{FDD1}</p>";
        assert_eq!(resolved(page, true), "<p>cut</p><p></p>");
    }
}
