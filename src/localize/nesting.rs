//! How deep a Fluent file's placeables nest (`{ { "x" } }`), checked on its text before
//! Fluent's parser reads it: the parser, the walks over its syntax tree and the formatting of
//! a message each call themselves for every level, and about 3 000 levels overflowed the
//! stack, which aborted papermap (`serve` with it) over a file no page needed.

/// The deepest placeables may nest: far deeper than any translation goes (a select inside a
/// placeable inside a variant is three), far shallower than what overflows.
pub const MAX_PLACEABLE_DEPTH: usize = 100;

/// The byte offset of the first `{` of `text` that opens a placeable deeper than
/// [`MAX_PLACEABLE_DEPTH`], if one does.
///
/// A scan of the braces, not a parse: a brace inside a string literal (`{ "{" }`) or on a
/// comment line does not count, and each entry (a line that starts at its first column with
/// neither a space nor a brace) starts again at depth 0, so a mistake that leaves a brace
/// open cannot carry on into the next message. Whatever this scan miscounts, Fluent's own
/// parser then reports as a syntax error.
pub fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let starts_entry = line
            .chars()
            .next()
            .is_some_and(|c| !c.is_whitespace() && c != '{' && c != '}');
        if starts_entry {
            depth = 0;
        }
        if line.starts_with('#') {
            offset += line.len();
            continue;
        }
        let mut in_string = false;
        let mut escaped = false;
        for (at, byte) in line.bytes().enumerate() {
            if in_string {
                match byte {
                    _ if escaped => escaped = false,
                    b'\\' => escaped = true,
                    b'"' => in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'{' => {
                    depth += 1;
                    if depth > MAX_PLACEABLE_DEPTH {
                        return Some(offset + at);
                    }
                }
                b'}' => depth = depth.saturating_sub(1),
                // A string literal stands only inside a placeable, and ends on its line.
                b'"' if depth > 0 => in_string = true,
                _ => {}
            }
        }
        offset += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(levels: usize) -> String {
        format!(
            "deep = {}\"x\"{}\n",
            "{ ".repeat(levels),
            " }".repeat(levels)
        )
    }

    #[test]
    fn placeables_nested_past_the_limit_are_found_at_the_first_brace_too_deep() {
        assert_eq!(too_deep(&nested(MAX_PLACEABLE_DEPTH)), None);
        let text = format!("ok = fine\n{}", nested(MAX_PLACEABLE_DEPTH + 1));
        let at = too_deep(&text).unwrap();
        assert_eq!(at, "ok = fine\ndeep = ".len() + 2 * MAX_PLACEABLE_DEPTH);
        assert_eq!(&text[at..at + 1], "{");
    }

    #[test]
    fn braces_in_string_literals_comments_and_unclosed_messages_do_not_add_up() {
        let many = |line: &str| line.repeat(MAX_PLACEABLE_DEPTH + 1);
        assert_eq!(too_deep(&many("brace = { \"{\" }\n")), None);
        assert_eq!(too_deep(&many("# {\n")), None);
        assert_eq!(too_deep(&many("open = {\n")), None);
        // Text in a variant may hold a quote without opening a string literal for long.
        let variant = "n = { $n ->\n   *[other] 5\" {$n} x\n}\n";
        assert_eq!(too_deep(&many(variant)), None);
    }
}
