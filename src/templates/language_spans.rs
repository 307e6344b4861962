//! Texts in another language than their page's: a message that fell back (an English sentence
//! on a French page whose files lack it), or a subfield's name that the page's language does not
//! give, is said in its own language by screen readers and hyphenated by its own rules only if
//! an element around it carries its `lang`. `t()` and `subfield_name` cannot know where their
//! text will stand (an element's text, an attribute, `<title>`, a feed), so they wrap such a
//! text in marks, and each rendered page turns them into `<span lang="…">` where an element may
//! stand and drops them everywhere else.
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

/// Where text stands that may hold no element: the inside of these elements (by their tags as
/// the templates write them, in lowercase) and of comments, each from its start to its end.
const TEXT_ONLY: &[(&[u8], &[u8])] = &[
    (b"<title", b"</title"),
    (b"<script", b"</script"),
    (b"<style", b"</style"),
    (b"<textarea", b"</textarea"),
    (b"<option", b"</option"),
    (b"<!--", b"-->"),
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
///
/// A page is searched, not parsed: its marks are found first (most pages have none), and only
/// the places around them are read, since a page of an unfinished translation has dozens.
pub fn resolve(page: Vec<u8>, html: bool) -> Vec<u8> {
    let marks: Vec<(usize, u8)> = memmem::find_iter(&page, &MARK_LEAD)
        .filter_map(|at| match page.get(at + 2) {
            Some(&last @ (OPEN_LAST | CODE_END_LAST | CLOSE_LAST)) => Some((at, last)),
            _ => None,
        })
        .collect();
    if marks.is_empty() {
        return page;
    }
    let last_open = marks.iter().rev().find(|&&(_, l)| l == OPEN_LAST);
    let places = html.then(|| Places::of(&page, last_open.map_or(0, |&(at, _)| at)));
    let mut out = Vec::with_capacity(page.len() + 32 * marks.len());
    let mut copied = 0;
    // For each sentence open at this point: the language its span gave, if it has one.
    let mut open: Vec<Option<&[u8]>> = Vec::new();
    let mut next = 0;
    while next < marks.len() {
        let (at, last) = marks[next];
        next += 1;
        out.extend_from_slice(&page[copied..at]);
        copied = at + 3;
        match last {
            OPEN_LAST => {
                // The code runs to the very next mark, which ends it; an opening mark without
                // one is not `t()`'s (a noncharacter in a record's text) and is only dropped.
                let code_end = marks
                    .get(next)
                    .filter(|&&(end, l)| l == CODE_END_LAST && is_code(&page[copied..end]));
                let Some(&(code_end, _)) = code_end else {
                    open.push(None);
                    continue;
                };
                next += 1;
                let code = &page[copied..code_end];
                copied = code_end + 3;
                let enclosing = open.iter().rev().find_map(|o| *o);
                let span = places
                    .as_ref()
                    .is_some_and(|p| p.may_hold_an_element(&page, at))
                    && enclosing != Some(code)
                    && closes_before_a_tag(&page, &marks[next..], copied);
                if span {
                    out.extend_from_slice(b"<span lang=\"");
                    out.extend_from_slice(code);
                    out.extend_from_slice(b"\">");
                }
                open.push(span.then_some(code));
            }
            CLOSE_LAST => {
                if let Some(Some(_)) = open.pop() {
                    out.extend_from_slice(b"</span>");
                }
            }
            _ => {}
        }
    }
    out.extend_from_slice(&page[copied..]);
    out
}

/// A language code as a site's languages have them: letters, digits and `-`, at most the 35
/// characters RFC 5646 asks every reader of language tags to take.
fn is_code(code: &[u8]) -> bool {
    (1..=35).contains(&code.len()) && code.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-')
}

/// Whether the sentence that starts at `from`, whose later marks are `marks`, ends before any
/// tag: a span around it then stays within one element. (A sentence's text is escaped, so a
/// `<` in it is a tag.)
fn closes_before_a_tag(page: &[u8], marks: &[(usize, u8)], from: usize) -> bool {
    let mut depth = 0usize;
    for &(at, last) in marks {
        match last {
            OPEN_LAST => depth += 1,
            CLOSE_LAST if depth == 0 => return memchr::memchr(b'<', &page[from..at]).is_none(),
            CLOSE_LAST => depth -= 1,
            _ => {}
        }
    }
    false
}

/// The parts of an HTML page where no element may stand, besides the inside of its tags.
struct Places {
    /// Where `<body` starts: before it, text is the title's or a script's.
    body: usize,
    /// The spans of [`TEXT_ONLY`] elements and comments in the body, from start to end.
    text_only: Vec<(usize, usize)>,
}

impl Places {
    /// The places of `page` up to `last`, the last place asked about.
    fn of(page: &[u8], last: usize) -> Places {
        let body = memmem::find(page, b"<body").unwrap_or(0);
        let mut text_only = Vec::new();
        if body < last {
            // A search for each kind of element reads the page more times, but far faster than
            // one pass that stops at every tag.
            for (start_tag, end_tag) in TEXT_ONLY {
                for start in memmem::find_iter(&page[body..last], start_tag).map(|at| body + at) {
                    let end =
                        memmem::find(&page[start..], end_tag).map_or(page.len(), |at| start + at);
                    text_only.push((start, end));
                }
            }
        }
        Places { body, text_only }
    }

    /// Whether an element may stand at `at`: in the body, in an element's text rather than in
    /// a tag (the nearest `<` or `>` before it is a `>`: an attribute's value has its `>`
    /// escaped), and in no element whose text is text only.
    fn may_hold_an_element(&self, page: &[u8], at: usize) -> bool {
        at >= self.body
            && memchr::memrchr2(b'<', b'>', &page[..at]).is_none_or(|i| page[i] == b'>')
            && !self
                .text_only
                .iter()
                .any(|&(start, end)| start < at && at < end)
    }
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
    fn a_lone_noncharacter_in_a_records_text_loses_nothing_but_itself() {
        let page = "<p>a\u{FDD0}b</p><p>c\u{FDD2}d</p>";
        assert_eq!(resolved(page, true), "<p>ab</p><p>cd</p>");
    }

    #[test]
    fn a_mark_left_open_or_alone_leaves_no_span_and_no_mark() {
        let page = "<p>\u{FDD0}en\u{FDD1}cut</p><p>\u{FDD2}\u{FDD1}</p>";
        assert_eq!(resolved(page, true), "<p>cut</p><p></p>");
    }
}
