//! Characters that no page can carry (see [`crate::characters`]) in a Fluent file: raw in a
//! message, where most editors show nothing, or written as an escape in a string literal
//! (`{ "\u0007" }`), which Fluent turns into the character. Records refuse them when read; a
//! translation that held one had it dropped from the page without a word.

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

use super::walk;
use crate::characters::{is_unshowable, message, INVISIBLE_HELP};
use crate::diagnostics::{Diagnostic, SourceText};

/// An error for each message or term of the file `source` (parsed as `resource`, whose entries
/// start at the offsets of `ids`) that holds a character no page can carry, at the first one.
pub fn unshowable(
    source: &SourceText,
    resource: &FluentResource,
    ids: &[(String, usize)],
) -> Vec<Diagnostic> {
    let text = resource.source();
    let mut found: Vec<(usize, usize, char)> = raw_outside_comments(text);
    for entry in walk::entries(resource) {
        for (_, pattern) in entry.patterns() {
            walk::expressions(pattern, &mut |inline| {
                if let ast::InlineExpression::StringLiteral { value } = inline {
                    let start = walk::offset_in(text, value);
                    found.extend(escaped(value).map(|(at, len, c)| (start + at, len, c)));
                }
            });
        }
    }
    found.sort_unstable();
    let mut errors = Vec::new();
    let mut reported: Option<&str> = None;
    for (at, len, c) in found {
        let holder = ids.iter().rev().find(|&&(_, start)| start <= at);
        let id = holder.map(|(id, _)| id.as_str());
        if id.is_some() && id == reported {
            continue;
        }
        reported = id;
        let holder = match id {
            Some(id) if id.starts_with('-') => format!("the term `{id}`"),
            Some(id) => format!("the message `{id}`"),
            None => "this Fluent file".to_string(),
        };
        let written = &text[at..at + len];
        let help = if written.starts_with('\\') {
            format!("delete `{written}`")
        } else {
            INVISIBLE_HELP.to_string()
        };
        errors.push(Diagnostic::at(source, at, len, message(&holder, c)).with_help(help));
    }
    errors
}

/// Each character of `text` that no page can carry, with its offset and length, but on the
/// lines of comments (which start with `#`), which no page shows.
fn raw_outside_comments(text: &str) -> Vec<(usize, usize, char)> {
    let mut found = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        if !line.starts_with('#') {
            found.extend(
                line.char_indices()
                    .filter(|&(_, c)| is_unshowable(c))
                    .map(|(at, c)| (line_start + at, c.len_utf8(), c)),
            );
        }
        line_start += line.len();
    }
    found
}

/// Each escape of a string literal as written (`\u0007`, `\U00FFFE`) that stands for a
/// character no page can carry, with its offset and length in `literal`.
fn escaped(literal: &str) -> impl Iterator<Item = (usize, usize, char)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        while let Some(next) = literal[at..].find('\\') {
            let start = at + next;
            let digits = match literal.as_bytes().get(start + 1) {
                Some(b'u') => 4,
                Some(b'U') => 6,
                // `\\` or `\"`: the escaped character is not an escape itself.
                _ => {
                    at = start + 2;
                    continue;
                }
            };
            let len = 2 + digits;
            at = start + 2;
            let Some(hex) = literal.get(start + 2..start + len) else {
                continue;
            };
            let decoded = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32);
            if let Some(c) = decoded.filter(|&c| is_unshowable(c)) {
                at = start + len;
                return Some((start, len, c));
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_that_stand_for_unshowable_characters_are_found_and_others_are_not() {
        let found: Vec<_> = escaped(r#"a\u0007b\\u0007\"\U00FFFE\u00e9\u12"#).collect();
        assert_eq!(found, [(1, 6, '\u{7}'), (17, 8, '\u{fffe}')]);
    }

    #[test]
    fn raw_characters_on_comment_lines_are_left_alone() {
        let found = raw_outside_comments("# a\u{7}\nb = c\u{7}\n## \u{1}\n");
        assert_eq!(found, [(10, 1, '\u{7}')]);
    }
}
