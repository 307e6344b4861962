//! Text of imported works made fit for a record: titles and names as plain text, abstracts as
//! Markdown that holds only the inline tags of scholarly text and reads as itself.

use std::collections::{HashMap, HashSet};

use crate::markdown::INLINE_TAGS;

/// A title or a name as plain text: markup removed (its text kept, `<script>` and `<style>`
/// dropped with their content), entities decoded, control characters removed, whitespace runs
/// collapsed to one space, trimmed.
pub fn plain(html: &str) -> String {
    let sanitized = sanitizer(HashSet::new()).clean(html).to_string();
    collapse_whitespace(&decode_serialized(&sanitized))
}

/// An abstract as Markdown: the HTML reduced to the bare inline tags `i em b strong sub sup`
/// (no attributes; every other tag removed with its text kept, `<script>`/`<style>` dropped with
/// their content, comments dropped), whitespace collapsed, and every character that Markdown
/// would read as syntax escaped. `None` when no text is left.
pub fn abstract_markdown(html: &str) -> Option<String> {
    let tags: HashSet<&str> = INLINE_TAGS.iter().copied().collect();
    let sanitized = sanitizer(tags).clean(html).to_string();
    let collapsed = collapse_whitespace(&sanitized);
    let has_text = !plain(&collapsed).is_empty();
    has_text.then(|| escape_markdown(&collapsed))
}

fn sanitizer(tags: HashSet<&str>) -> ammonia::Builder<'_> {
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(tags)
        .generic_attributes(HashSet::new())
        .tag_attributes(HashMap::new())
        .clean_content_tags(["script", "style"].into_iter().collect())
        .strip_comments(true)
        .link_rel(None);
    builder
}

/// Undoes the escaping of html5ever's serializer, which is all that ammonia's text output holds:
/// `&amp;`, `&lt;`, `&gt;`, `&nbsp;` and `&quot;`.
fn decode_serialized(text: &str) -> String {
    const ENTITIES: [(&str, char); 5] = [
        ("&amp;", '&'),
        ("&lt;", '<'),
        ("&gt;", '>'),
        ("&nbsp;", '\u{a0}'),
        ("&quot;", '"'),
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        match ENTITIES.iter().find(|(name, _)| rest.starts_with(name)) {
            Some((name, c)) => {
                out.push(*c);
                rest = &rest[name.len()..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whitespace runs (including line breaks and no-break spaces) become one space; the byte-order
/// mark and the characters no page can carry are removed; the ends are trimmed.
fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            pending_space = !out.is_empty();
        } else if c == '\u{feff}' || crate::characters::is_unshowable(c) {
            continue;
        } else {
            if pending_space {
                out.push(' ');
                pending_space = false;
            }
            out.push(c);
        }
    }
    out
}

/// Escapes what Markdown would interpret in the text of sanitized HTML, leaving its tags (which
/// are only the bare inline tags) and its entities as they are. The text is one line.
fn escape_markdown(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let mut at_line_start = true;
    let mut chars = html.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '<' | '&' => {
                // A tag or an entity of the serializer: copied whole.
                let end = if c == '<' { '>' } else { ';' };
                let stop = html[i..].find(end).map_or(html.len(), |j| i + j + 1);
                out.push_str(&html[i..stop]);
                while chars.peek().is_some_and(|(j, _)| *j < stop) {
                    chars.next();
                }
                if c == '&' {
                    at_line_start = false;
                }
                continue;
            }
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '~' => out.push('\\'),
            '>' | '-' | '+' if at_line_start => out.push('\\'),
            '0'..='9' if at_line_start => {
                // An ordered list marker: digits, then `.` or `)`.
                let digits: String = html[i..].chars().take_while(char::is_ascii_digit).collect();
                let after = html[i + digits.len()..].chars().next();
                out.push_str(&digits);
                for _ in 1..digits.len() {
                    chars.next();
                }
                if let Some(marker @ ('.' | ')')) = after {
                    out.push('\\');
                    out.push(marker);
                    chars.next();
                }
                at_line_start = false;
                continue;
            }
            _ => {}
        }
        out.push(c);
        if !c.is_whitespace() {
            at_line_start = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_become_plain_text() {
        assert_eq!(
            plain("  Bugs &amp; <i>E.  coli</i>\n in\tthe <b>data</b>&nbsp;"),
            "Bugs & E. coli in the data"
        );
        assert_eq!(plain("a <script>x()</script>b &lt;c&gt;"), "a b <c>");
        assert_eq!(plain("p < 0.05 & q"), "p < 0.05 & q");
        assert_eq!(plain("<p></p>"), "");
    }

    #[test]
    fn abstracts_keep_bare_inline_tags_only() {
        let md = abstract_markdown(
            "<script>alert(1)</script> <i>E. coli</i> in H<sub>2</sub>O <img src=x onerror=y> \
             <i class=\"x\" onclick=\"y\">z</i> <a href=\"javascript:x\">link</a> <style>p{}</style>",
        )
        .unwrap();
        assert_eq!(md, "<i>E. coli</i> in H<sub>2</sub>O <i>z</i> link");
        assert_eq!(abstract_markdown("<script>alert(1)</script>  "), None);
    }

    #[test]
    fn abstracts_read_as_themselves_in_markdown() {
        assert_eq!(
            abstract_markdown("1. a *b* _c_ [d](e) #f g|h `i` \\ ~~j~~ x < y & z").unwrap(),
            "1\\. a \\*b\\* \\_c\\_ \\[d\\](e) \\#f g\\|h \\`i\\` \\\\ \\~\\~j\\~\\~ x &lt; y &amp; z"
        );
        assert_eq!(abstract_markdown("- item").unwrap(), "\\- item");
        assert_eq!(abstract_markdown("+ item").unwrap(), "\\+ item");
        assert_eq!(abstract_markdown("> quote").unwrap(), "&gt; quote");
        assert_eq!(abstract_markdown("2) b").unwrap(), "2\\) b");
        assert_eq!(
            abstract_markdown("2020 was - hard").unwrap(),
            "2020 was - hard"
        );
        let rendered = crate::markdown::render(&abstract_markdown("1. *a* <i>b</i> & c").unwrap());
        assert_eq!(rendered.html, "<p>1. *a* <i>b</i> &amp; c</p>\n");
    }
}
