//! Where a YAML mapping gives one of its keys. serde_yaml reports a key given twice at the start
//! of the mapping that holds it; the author needs the line of the second, and of the first.

/// The byte offsets in `text` at which the mapping that starts at `start` gives `key` as a key
/// of its own (not of a mapping inside it), in order. `text` ends where the YAML ends; the
/// mapping is a block (`key: value` lines) or a flow (`{ key: value, … }`) mapping.
pub fn key_offsets(text: &str, start: usize, key: &str) -> Vec<usize> {
    match text.get(start..) {
        Some(rest) if rest.starts_with('{') => flow_keys(text, start, key),
        Some(_) => block_keys(text, start, key),
        None => Vec::new(),
    }
}

/// A block mapping's keys stand at its first key's column; lines indented further belong to its
/// values, and the first line indented less ends it.
fn block_keys(text: &str, start: usize, key: &str) -> Vec<usize> {
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    // Only spaces and a list item's `- ` can stand before a mapping's first key: bytes are
    // columns here.
    let column = start - line_start;
    let mut found = Vec::new();
    let mut offset = line_start;
    for (n, line) in text[line_start..].split_inclusive('\n').enumerate() {
        let here = offset;
        offset += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        if n > 0 {
            let rest = body.trim_start_matches(' ');
            if rest.is_empty() || rest.starts_with('#') {
                continue;
            }
            let indent = body.len() - rest.len();
            if indent < column {
                break;
            }
            if indent > column {
                continue;
            }
        }
        if body.get(column..).and_then(block_key) == Some(key) {
            found.push(here + column);
        }
    }
    found
}

/// The key a `key: value` line starts with, without its quotes.
fn block_key(line: &str) -> Option<&str> {
    if let Some(quote) = line.chars().next().filter(|c| *c == '"' || *c == '\'') {
        let end = line[1..].find(quote)? + 1;
        return line[end + 1..]
            .trim_start()
            .starts_with(':')
            .then(|| &line[1..end]);
    }
    let colon = line
        .match_indices(':')
        .map(|(i, _)| i)
        .find(|&i| line[i + 1..].is_empty() || line[i + 1..].starts_with([' ', '\t']))?;
    Some(line[..colon].trim_end())
}

/// A flow mapping's keys follow its `{` and each comma at its own depth.
fn flow_keys(text: &str, start: usize, key: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut expecting_key = false;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            quote @ (b'"' | b'\'') => {
                let end = quoted_end(bytes, i, quote);
                if depth == 1 && expecting_key {
                    expecting_key = false;
                    if text.get(i + 1..end) == Some(key) {
                        found.push(i);
                    }
                }
                i = end;
            }
            b'{' | b'[' => {
                depth += 1;
                expecting_key = depth == 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            b',' if depth == 1 => expecting_key = true,
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ if depth == 1 && expecting_key => {
                expecting_key = false;
                let end = text[i..]
                    .find([':', ',', '}'])
                    .map_or(text.len(), |n| i + n);
                if text[i..end].trim_end() == key {
                    found.push(i);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The offset of the quote that closes the quoted scalar opened at `open`.
fn quoted_end(bytes: &[u8], open: usize, quote: u8) -> usize {
    let mut j = open + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' if quote == b'"' => j += 2,
            b'\'' if quote == b'\'' && bytes.get(j + 1) == Some(&b'\'') => j += 2,
            b if b == quote => return j,
            _ => j += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(text: &str, offsets: &[usize]) -> Vec<usize> {
        offsets
            .iter()
            .map(|&o| text[..o].matches('\n').count() + 1)
            .collect()
    }

    #[test]
    fn finds_a_top_level_key_given_twice_but_not_a_nested_one() {
        let text = "id: \"1\"\nyear: 2021\nreferences:\n  - { title: A, year: 1999 }\n  - year: 3\nyear: 2022\n";
        assert_eq!(lines_of(text, &key_offsets(text, 0, "year")), vec![2, 6]);
    }

    #[test]
    fn finds_keys_of_a_nested_block_mapping_only_within_it() {
        let text = "classification:\n  status: a\n  # status: b\n  heads:\n    status: 1\n  status: c\nstatus: d\n";
        let start = text.find("status").unwrap();
        assert_eq!(
            lines_of(text, &key_offsets(text, start, "status")),
            vec![2, 6]
        );
    }

    #[test]
    fn finds_keys_of_a_mapping_in_a_list_item() {
        let text = "refs:\n  - title: A\n    title: B\n  - title: C\n";
        let start = text.find("title").unwrap();
        assert_eq!(
            lines_of(text, &key_offsets(text, start, "title")),
            vec![2, 3]
        );
    }

    #[test]
    fn finds_keys_of_a_flow_mapping_at_its_own_depth() {
        let text = "gemma: { a: 0.5, \"b,}\": { a: 1 }, 'it''s': [a, b], a: 0.1 }\n";
        let start = text.find('{').unwrap();
        let found = key_offsets(text, start, "a");
        assert_eq!(found.len(), 2);
        assert_eq!(&text[found[1]..found[1] + 6], "a: 0.1");
        assert_eq!(key_offsets(text, start, "b,}").len(), 1);
    }

    #[test]
    fn quoted_block_keys_are_read_without_their_quotes() {
        let text = "\"year\": 1\n'year' : 2\nyear:\n  3\n";
        assert_eq!(lines_of(text, &key_offsets(text, 0, "year")), vec![1, 2, 3]);
    }

    #[test]
    fn a_start_beyond_the_text_finds_nothing() {
        assert!(key_offsets("a: 1\n", 10, "a").is_empty());
    }
}
