//! Splits a content file into its YAML front matter and Markdown body, deserializes the front
//! matter, and turns every YAML or serde error into a diagnostic whose line and column are counted
//! in the file. It also finds where each top-level key stands, so later checks can point at the
//! field they reject and unknown fields can be reported all at once with a suggestion.

mod characters;
mod keys;

use serde::de::DeserializeOwned;

use crate::diagnostics::{find_whole_name, suggest, Diagnostic, SourceFile, SourceText};

/// An error at the value of `field` in a file read earlier, found again in it; at the file
/// alone if it no longer holds what was read.
pub fn field_diagnostic(file: &SourceFile, field: &[&str], message: String) -> Diagnostic {
    let Some(source) = file.reread() else {
        return Diagnostic::new(&file.path, message);
    };
    match FrontMatter::split(&source) {
        Ok(fm) => {
            let (line, column) = fm.locate(&source, field);
            Diagnostic::at_line_col(&source, line, column, message)
        }
        Err(_) => Diagnostic::new(&file.path, message),
    }
}

/// A content file cut in two.
#[derive(Debug)]
pub struct FrontMatter {
    /// Byte range of the YAML text in the file.
    yaml_start: usize,
    yaml_end: usize,
    /// One-based line of the file where the YAML starts.
    yaml_first_line: usize,
    /// Byte offset of the body in the file.
    pub body_start: usize,
    keys: Vec<Key>,
}

/// A top-level key of the front matter and where it stands.
#[derive(Debug, Clone)]
pub struct Key {
    pub name: String,
    pub line: usize,
    pub column: usize,
}

const OPEN: &str = "---";

impl FrontMatter {
    /// Finds the front matter between a first line `---` and the next line `---`.
    pub fn split(source: &SourceText) -> Result<FrontMatter, Diagnostic> {
        let text = &source.text;
        let first_line = source.line(1);
        if first_line.trim_end() != OPEN {
            return Err(Diagnostic::at(source, 0, first_line.len(), "the file has no front matter")
                .with_help("start the file with a line `---`, then the record's fields, then another line `---`"));
        }
        let yaml_start = text.find('\n').map_or(text.len(), |i| i + 1);
        let mut offset = yaml_start;
        for line in text[yaml_start..].split_inclusive('\n') {
            let trimmed = line.trim_end();
            if trimmed == OPEN || trimmed == "..." {
                let fm = FrontMatter {
                    yaml_start,
                    yaml_end: offset,
                    yaml_first_line: 2,
                    body_start: offset + line.len(),
                    keys: Vec::new(),
                };
                let keys = fm.scan_keys(source);
                return Ok(FrontMatter { keys, ..fm });
            }
            offset += line.len();
        }
        Err(
            Diagnostic::at(source, 0, OPEN.len(), "the front matter is never closed")
                .with_help("end the front matter with a line `---` before the body"),
        )
    }

    pub fn yaml<'a>(&self, source: &'a SourceText) -> &'a str {
        &source.text[self.yaml_start..self.yaml_end]
    }

    pub fn body<'a>(&self, source: &'a SourceText) -> &'a str {
        &source.text[self.body_start.min(source.text.len())..]
    }

    /// Top-level keys: lines of block-style YAML that start at column one with `name:`.
    fn scan_keys(&self, source: &SourceText) -> Vec<Key> {
        let mut keys = Vec::new();
        for (i, line) in self.yaml(source).lines().enumerate() {
            // A key in quotes is a key too (`"refrences": […]`), and may be misspelt as well.
            let quoted = ['"', '\''].into_iter().find_map(|quote| {
                let rest = line.strip_prefix(quote)?;
                let (name, after) = rest.split_once(quote)?;
                after.trim_start().starts_with(':').then_some(name)
            });
            if let Some(name) = quoted {
                keys.push(Key {
                    name: name.to_string(),
                    line: self.yaml_first_line + i,
                    column: 1,
                });
                continue;
            }
            let Some((name, _)) = line.split_once(':') else {
                continue;
            };
            let is_key = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                && !name.starts_with('-');
            if is_key {
                keys.push(Key {
                    name: name.to_string(),
                    line: self.yaml_first_line + i,
                    column: 1,
                });
            }
        }
        keys
    }

    pub fn key(&self, name: &str) -> Option<&Key> {
        self.keys.iter().find(|k| k.name == name)
    }

    /// Every top-level key that is not a field of this kind of file, with a suggestion.
    pub fn unknown_keys(
        &self,
        source: &SourceText,
        fields: &[&str],
        kind: &str,
    ) -> Vec<Diagnostic> {
        self.keys
            .iter()
            .filter(|k| !fields.contains(&k.name.as_str()))
            .map(|k| {
                let d = Diagnostic::at_line_col(
                    source,
                    k.line,
                    k.column,
                    format!("unknown field `{}` in {kind}", k.name),
                )
                .with_label("not a field of the record format");
                match suggest(&k.name, fields.iter().copied()) {
                    Some(s) => d.with_help(format!("did you mean `{s}`?")),
                    None => d.with_help(format!("the fields are: {}", fields.join(", "))),
                }
            })
            .collect()
    }

    /// The position of a field's value, for errors about it: the top-level key, or, for a nested
    /// field such as `links.arxiv`, the first `arxiv:` inside the `links` block.
    pub fn locate(&self, source: &SourceText, path: &[&str]) -> (usize, usize) {
        let Some(top) = path.first().and_then(|name| self.key(name)) else {
            return (self.yaml_first_line.saturating_sub(1).max(1), 1);
        };
        let value_column = |line: usize, after: &str| {
            let text = source.line(line);
            let start = text.find(after).map_or(0, |i| i + after.len());
            let skipped = text[start..].len() - text[start..].trim_start().len();
            if start + skipped >= text.len() {
                (line, 1 + text[..start].chars().count())
            } else {
                (line, 1 + text[..start + skipped].chars().count())
            }
        };
        let Some(inner) = path.get(1) else {
            return value_column(top.line, ":");
        };
        let end = self.block_end(source, top);
        let needle = format!("{inner}:");
        let mut line = top.line;
        while source.offset(line, 1) < end {
            if source.line(line).contains(&needle) {
                return value_column(line, &needle);
            }
            line += 1;
        }
        value_column(top.line, ":")
    }

    /// The position of `needle` inside the block of the top-level key `top` (e.g. one id of a
    /// list), as a whole name: not inside a longer one.
    pub fn find_in(&self, source: &SourceText, top: &str, needle: &str) -> Option<(usize, usize)> {
        self.find_path_in(source, top, &[needle])
    }

    /// The position of the last of `needles` inside the block of the top-level key `top`, each
    /// found after the one before: `["heads:", "gemma:", "bibliometrics:"]` is the score of
    /// `bibliometrics` under `gemma`, not under the head above it. Whole names only.
    pub fn find_path_in(
        &self,
        source: &SourceText,
        top: &str,
        needles: &[&str],
    ) -> Option<(usize, usize)> {
        let key = self.key(top)?;
        let block_start = source.offset(key.line, key.column);
        let block_end = self.block_end(source, key).max(block_start);
        let block = &source.text[block_start..block_end];
        // The key's own name is not a value of its block.
        let mut at = block.find(':').map_or(0, |i| i + 1);
        let mut found = None;
        for needle in needles {
            let i = find_whole_name(&block[at..], needle, is_yaml_name)? + at;
            found = Some(i);
            at = i + needle.len();
        }
        Some(source.line_col(block_start + found?))
    }

    /// The byte offset in the file where the block of the top-level `key` ends: the start of
    /// the next top-level key's line, or the end of the front matter.
    fn block_end(&self, source: &SourceText, key: &Key) -> usize {
        self.keys
            .iter()
            .find(|k| k.line > key.line)
            .map_or(self.yaml_end, |next| source.offset(next.line, 1))
    }

    /// Deserializes the YAML into `T`, with the error's position mapped into the file.
    pub fn deserialize<T: DeserializeOwned>(&self, source: &SourceText) -> Result<T, Diagnostic> {
        let yaml = self.yaml(source);
        let yaml = if yaml.trim().is_empty() { "{}" } else { yaml };
        serde_yaml::from_str(yaml).map_err(|e| self.yaml_error(source, &e))
    }

    /// Deserializes the front matter into `T` and reports every field that does not fit, not
    /// only the first: unknown keys, then each known key checked on its own. `T`'s fields must
    /// all be optional, so that one key alone is a valid `T`. The value comes back whenever the
    /// known fields fit, so that later checks of the same file can still run.
    pub fn deserialize_all<T: DeserializeOwned>(
        &self,
        source: &SourceText,
        fields: &[&str],
        kind: &str,
    ) -> (Option<T>, Vec<Diagnostic>) {
        let mut errors = self.unknown_keys(source, fields, kind);
        // The common case, a record without mistakes, is read straight into `T`, without the
        // tree of YAML values the checks below start from. Whatever this accepts, they accept
        // too, as the same `T` (when no key is unknown, the masked text they end with is this
        // text), so it only skips them.
        if errors.is_empty() {
            if let Ok(typed) = self.deserialize::<T>(source) {
                return (Some(typed), errors);
            }
        }
        let value = match serde_yaml::from_str::<serde_yaml::Value>(self.yaml(source)) {
            Ok(value) => value,
            Err(e) => return (None, vec![self.yaml_error(source, &e)]),
        };
        // The text is parsed again (for positions) only when something does not fit.
        if errors.is_empty() {
            let value = if value.is_null() {
                serde_yaml::Value::Mapping(Default::default())
            } else {
                value
            };
            if let Ok(typed) = serde_yaml::from_value::<T>(value) {
                return (Some(typed), errors);
            }
        }
        let known = |k: &Key| fields.contains(&k.name.as_str());
        match self.parse_masked::<T>(source, known) {
            Ok(value) => (Some(value), errors),
            Err(first) => {
                let before = errors.len();
                for key in self.keys.iter().filter(|k| known(k)) {
                    if let Err(e) = self.parse_masked::<T>(source, |k| k.line == key.line) {
                        errors.push(e);
                    }
                }
                if errors.len() == before {
                    errors.push(first);
                }
                (None, errors)
            }
        }
    }

    /// Parses the front matter with the blocks of the keys that `keep` refuses blanked out, so
    /// that line numbers stay those of the file.
    fn parse_masked<T: DeserializeOwned>(
        &self,
        source: &SourceText,
        keep: impl Fn(&Key) -> bool,
    ) -> Result<T, Diagnostic> {
        if self.keys.is_empty() {
            // Front matter written as one `{ … }` mapping has no key lines to mask.
            return self.deserialize(source);
        }
        let mut masked = String::with_capacity(self.yaml_end - self.yaml_start);
        let mut current: Option<&Key> = None;
        for (i, line) in self.yaml(source).lines().enumerate() {
            let number = self.yaml_first_line + i;
            if let Some(key) = self.keys.iter().find(|k| k.line == number) {
                current = Some(key);
            }
            // Lines before the first key are blank or comments, or something that is no key
            // of the record: kept, so that the parser says what is wrong with them.
            if current.is_none_or(&keep) {
                masked.push_str(line);
            }
            masked.push('\n');
        }
        let yaml = if masked.trim().is_empty() {
            "{}"
        } else {
            masked.as_str()
        };
        serde_yaml::from_str(yaml).map_err(|e| self.yaml_error(source, &e))
    }

    fn yaml_error(&self, source: &SourceText, error: &serde_yaml::Error) -> Diagnostic {
        let message = strip_location(&error.to_string());
        if message.contains("control characters are not allowed") {
            if let Some(d) = self.refused_character(source) {
                return d;
            }
        }
        let message = number_too_large(&message).unwrap_or_else(|| plain_types(&message));
        let (line, column) = match error.location() {
            Some(l) => (self.yaml_first_line + l.line() - 1, l.column()),
            None => (self.yaml_first_line, 1),
        };
        if let Some(d) = self.key_given_twice(source, (line, column), &message) {
            return d;
        }
        let d = Diagnostic::at_line_col(source, line, column, message.clone());
        if message.contains("unexpected end of stream") {
            d.with_help("a quote or a bracket opened above is never closed")
        } else if message.contains("did not find expected")
            || message.contains("mapping values are not allowed")
        {
            d.with_help("check the indentation and quote values that contain `: ` or start with a special character")
        } else if message.contains("invalid type") {
            d.with_help("see the record format in docs/records.md for the type of each field")
        } else {
            d
        }
    }

    /// A key given twice in a mapping, which serde_yaml reports at the mapping's start, as an
    /// error at the second, naming the line of the first.
    fn key_given_twice(
        &self,
        source: &SourceText,
        (line, column): (usize, usize),
        message: &str,
    ) -> Option<Diagnostic> {
        let (path, key) = duplicate_key(message)?;
        let start = source.offset(line, column);
        let text = &source.text[..self.yaml_end];
        let offsets = keys::key_offsets(text, start, key);
        let (&first, &second) = (offsets.first()?, offsets.get(1)?);
        let (first_line, first_column) = source.line_col(first);
        let (line, column) = source.line_col(second);
        let first_at = if first_line == line {
            format!("line {first_line}, column {first_column}")
        } else {
            format!("line {first_line}")
        };
        Some(
            Diagnostic::at_line_col(
                source,
                line,
                column,
                format!("{path}`{key}` is given twice"),
            )
            .with_label("given again here")
            .with_help(format!(
                "it is first given at {first_at}; keep one of the two"
            )),
        )
    }
}

/// The key of serde_yaml's message about a key given twice (`duplicate entry with key "year"`
/// when it reads the YAML's values, `duplicate field `year`` from a record's own fields), with
/// the path to its mapping that the message starts with (`classification: `).
fn duplicate_key(message: &str) -> Option<(&str, &str)> {
    for (opening, quote) in [
        ("duplicate entry with key \"", '"'),
        ("duplicate field `", '`'),
    ] {
        if let Some(at) = message.find(opening) {
            let rest = &message[at + opening.len()..];
            let key = &rest[..rest.find(quote)?];
            return Some((&message[..at], key));
        }
    }
    None
}

/// The characters of a YAML name, as far as finding one in a front matter goes.
fn is_yaml_name(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// serde_yaml's message for a whole number beyond what a YAML value holds
/// (`invalid type: integer `99999999999999999999999` as u128, expected any YAML value`), said
/// plainly; `None` for any other message.
fn number_too_large(message: &str) -> Option<String> {
    let at = message.find("invalid type: integer `")?;
    let rest = &message[at + "invalid type: integer `".len()..];
    let end = rest.find('`')?;
    rest[end..].contains("expected any YAML value").then(|| {
        format!(
            "{}the number `{}` is too large",
            &message[..at],
            &rest[..end]
        )
    })
}

/// serde_yaml appends ` at line L column C` to its messages; the diagnostic carries the position.
/// serde names Rust types; a record's author thinks in YAML's.
fn plain_types(message: &str) -> String {
    let mut out = message.to_string();
    // `expected struct RawPaper`: the whole front matter, or one of its mappings.
    if let Some(at) = out.find("expected struct ") {
        let name_end = out[at + "expected struct ".len()..]
            .find(|c: char| !c.is_alphanumeric())
            .map_or(out.len(), |i| at + "expected struct ".len() + i);
        out.replace_range(at..name_end, "expected fields (`name: value`)");
    }
    for (rust, plain) in [
        ("expected i32", "expected a whole number"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected f64", "expected a number"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected fields (`name: value`)"),
    ] {
        out = out.replace(rust, plain);
    }
    out
}

/// libyaml's own messages also quote positions counted in the front matter: all are dropped.
fn strip_location(message: &str) -> String {
    let mut out = message.to_string();
    while let Some(i) = out.find(" at line ") {
        let rest = &out[i + " at line ".len()..];
        let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let line_len = digits(rest);
        let Some(after) = rest[line_len..].strip_prefix(" column ") else {
            break;
        };
        let end = i + " at line ".len() + line_len + " column ".len() + digits(after);
        out.replace_range(i..end, "");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn source(text: &str) -> SourceText {
        SourceText::new("x.md", text)
    }

    #[test]
    fn splits_front_matter_and_body() {
        let s = source("---\ntitle: A\n---\nBody\n");
        let fm = FrontMatter::split(&s).unwrap();
        assert_eq!(fm.yaml(&s), "title: A\n");
        assert_eq!(fm.body(&s), "Body\n");
        assert_eq!(fm.key("title").unwrap().line, 2);
    }

    #[test]
    fn yaml_errors_are_counted_in_the_file() {
        let s = source("---\ntitle: A\nyear: [1\n---\n");
        let fm = FrontMatter::split(&s).unwrap();
        let err = fm
            .deserialize::<BTreeMap<String, serde_yaml::Value>>(&s)
            .unwrap_err();
        let (line, _) = err.line_col().unwrap();
        assert!(line >= 3, "{err}");
        assert!(!err.message.contains("at line"), "{err}");
    }

    #[test]
    fn locates_nested_fields() {
        let s = source("---\ntitle: A\nlinks:\n  arxiv: javascript:x\n---\n");
        let fm = FrontMatter::split(&s).unwrap();
        assert_eq!(fm.locate(&s, &["links", "arxiv"]), (4, 10));
        assert_eq!(fm.locate(&s, &["title"]), (2, 8));
    }

    #[test]
    fn missing_front_matter_is_an_error_at_the_first_line() {
        let s = source("title: A\n");
        let err = FrontMatter::split(&s).unwrap_err();
        assert_eq!(err.line_col(), Some((1, 1)));
    }
}
