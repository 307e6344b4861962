//! Characters that no page can carry (see [`crate::characters`]) in a front matter: written as a
//! YAML escape (`"\x01"`), which the YAML reader turns into the character, or raw, which it
//! accepts for some (U+0085, U+FDD0) and refuses for the others with a place counted in
//! characters from the front matter's start.

use super::FrontMatter;
use crate::characters::{first_unshowable, is_unshowable, message, INVISIBLE_HELP};
use crate::diagnostics::{Diagnostic, SourceText};

impl FrontMatter {
    /// An error for each top-level field whose key or value holds a character that no page can
    /// carry, at the first such character (or its escape) in the field's lines.
    pub fn unshowable(&self, source: &SourceText) -> Vec<Diagnostic> {
        let yaml = self.yaml(source);
        if !may_hold_unshowable(yaml) {
            return Vec::new();
        }
        // Read a second time, for the text as YAML decodes it: only for the rare front matter
        // that may hold such a character.
        let Ok(serde_yaml::Value::Mapping(fields)) = serde_yaml::from_str(yaml) else {
            return Vec::new();
        };
        let mut errors = Vec::new();
        for (key, value) in &fields {
            let Some(c) = first_in(key).or_else(|| first_in(value)) else {
                continue;
            };
            let name = key.as_str();
            let holder = name.map_or_else(|| "the front matter".to_string(), |n| format!("`{n}`"));
            let message = message(&holder, c);
            let written =
                name.and_then(|name| self.lines_of(source, name))
                    .and_then(|(start, end)| {
                        let (at, len) = written_at(&source.text[start..end])?;
                        Some((start + at, len))
                    });
            errors.push(match written {
                Some((at, len)) => {
                    let text = &source.text[at..at + len];
                    let help = if text.starts_with('\\') {
                        format!("delete `{text}`")
                    } else {
                        INVISIBLE_HELP.to_string()
                    };
                    Diagnostic::at(source, at, len, message).with_help(help)
                }
                None => {
                    let (line, column) = self.locate(source, &[name.unwrap_or_default()]);
                    Diagnostic::at_line_col(source, line, column, message)
                }
            });
        }
        errors
    }

    /// The error for the raw character that the YAML reader refused, where it stands; `None`
    /// when the front matter holds none (the reader refused something else).
    pub(super) fn refused_character(&self, source: &SourceText) -> Option<Diagnostic> {
        let (at, c) = first_unshowable(self.yaml(source))?;
        let at = self.yaml_start + at;
        Some(
            Diagnostic::at(source, at, c.len_utf8(), message("the front matter", c))
                .with_help(INVISIBLE_HELP),
        )
    }

    /// The byte range in the file of the lines of the top-level key `name`.
    fn lines_of(&self, source: &SourceText, name: &str) -> Option<(usize, usize)> {
        let key = self.key(name)?;
        let start = source.offset(key.line, 1);
        Some((start, self.block_end(source, key).max(start)))
    }
}

/// False when the YAML surely holds no character that no page can carry: it has no escape that
/// could write one, and no such character raw (the reader refuses raw ASCII controls itself).
fn may_hold_unshowable(yaml: &str) -> bool {
    let escapes = yaml.match_indices('\\').any(|(at, _)| {
        matches!(
            yaml.as_bytes().get(at + 1),
            Some(b'x' | b'u' | b'U' | b'0' | b'a' | b'b' | b'e' | b'v' | b'f' | b'N')
        )
    });
    escapes || (!yaml.is_ascii() && first_unshowable(yaml).is_some())
}

fn first_in(value: &serde_yaml::Value) -> Option<char> {
    use serde_yaml::Value;
    match value {
        Value::String(text) => first_unshowable(text).map(|(_, c)| c),
        Value::Sequence(items) => items.iter().find_map(first_in),
        Value::Mapping(fields) => fields
            .iter()
            .find_map(|(key, value)| first_in(key).or_else(|| first_in(value))),
        Value::Tagged(tagged) => first_in(&tagged.value),
        Value::Null | Value::Bool(_) | Value::Number(_) => None,
    }
}

/// The byte offset and length of the first character in `text` that no page can carry, raw or
/// written as a YAML escape.
fn written_at(text: &str) -> Option<(usize, usize)> {
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        if is_unshowable(c) {
            return Some((at, c.len_utf8()));
        }
        if c != '\\' {
            at += c.len_utf8();
            continue;
        }
        let (decoded, len) = escape(&text[at + 1..]);
        if decoded.is_some_and(is_unshowable) {
            return Some((at, 1 + len));
        }
        at += 1 + len;
    }
    None
}

/// The character that the YAML escape after a backslash stands for, if it can stand for one
/// that no page can carry, and the escape's length after the backslash.
fn escape(after: &str) -> (Option<char>, usize) {
    let hex = |digits: usize| {
        after
            .get(1..=digits)
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32)
            .map_or((None, 1), |c| (Some(c), 1 + digits))
    };
    let named = |c: char| (Some(c), 1);
    match after.chars().next() {
        Some('x') => hex(2),
        Some('u') => hex(4),
        Some('U') => hex(8),
        Some('0') => named('\0'),
        Some('a') => named('\u{7}'),
        Some('b') => named('\u{8}'),
        Some('e') => named('\u{1b}'),
        Some('v') => named('\u{b}'),
        Some('f') => named('\u{c}'),
        Some('N') => named('\u{85}'),
        Some(other) => (None, other.len_utf8()),
        None => (None, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_escapes_and_raw_characters_but_not_escaped_backslashes() {
        assert_eq!(written_at(r#"title: "a\x01""#), Some((9, 4)));
        assert_eq!(written_at(r#"title: "\\x01 \U0000FFFF""#), Some((14, 10)));
        assert_eq!(written_at("title: \"é\u{85}\""), Some((10, 2)));
        assert_eq!(written_at(r#"title: "\\\\\t\xZZ \u00e9""#), None);
        assert_eq!(written_at("title: \"\\"), None);
    }

    #[test]
    fn skips_front_matter_without_escapes_or_such_characters() {
        assert!(!may_hold_unshowable(
            "title: \"C:\\\\ and \\t\"\nauthors: [Zoë]\n"
        ));
        assert!(may_hold_unshowable("title: \"\\x01\"\n"));
        assert!(may_hold_unshowable("title: \"\u{fdd0}\"\n"));
    }
}
