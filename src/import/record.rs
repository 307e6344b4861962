//! An imported record and its file: YAML front matter written field by field, in the order of
//! the record format, so that the same work always gives the same bytes.

use std::fmt::Write as _;

/// A paper record made from an imported work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub id: String,
    pub title: String,
    pub authors: Vec<String>,
    pub year: i32,
    /// `YYYY-MM-DD`, already checked.
    pub first_posted: Option<String>,
    /// (kind, URL), in the order of the record format's link kinds.
    pub links: Vec<(&'static str, String)>,
    pub citation_count: Option<u64>,
    pub subfields: Vec<String>,
    pub references: Vec<String>,
    pub reference_count: Option<u32>,
    /// The abstract as Markdown; it comes with `abstract_source: openalex`.
    pub abstract_markdown: Option<String>,
}

impl Record {
    /// The file: front matter, then the abstract, ending with a newline.
    pub fn to_file(&self) -> String {
        let mut out = String::from("---\n");
        line(&mut out, "id", &quote(&self.id));
        line(&mut out, "title", &quote(&self.title));
        list(&mut out, "authors", &self.authors);
        line(&mut out, "year", &self.year.to_string());
        if let Some(date) = &self.first_posted {
            line(&mut out, "first_posted", date);
        }
        if !self.links.is_empty() {
            out.push_str("links:\n");
            for (kind, url) in &self.links {
                let _ = writeln!(out, "  {kind}: {}", quote(url));
            }
        }
        if let Some(count) = self.citation_count {
            line(&mut out, "citation_count", &count.to_string());
        }
        list(&mut out, "subfields", &self.subfields);
        list(&mut out, "references", &self.references);
        if let Some(count) = self.reference_count {
            line(&mut out, "reference_count", &count.to_string());
        }
        if self.abstract_markdown.is_some() {
            line(&mut out, "abstract_source", "openalex");
        }
        out.push_str("---\n");
        if let Some(text) = &self.abstract_markdown {
            out.push_str(text);
            out.push('\n');
        }
        out
    }
}

fn line(out: &mut String, key: &str, value: &str) {
    let _ = writeln!(out, "{key}: {value}");
}

/// A block list, one quoted item a line; nothing for an empty list.
fn list(out: &mut String, key: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "{key}:");
    for item in items {
        let _ = writeln!(out, "  - {}", quote(item));
    }
}

/// A YAML double-quoted scalar. Everything that is not printable for YAML (control characters,
/// the line separators U+0085, U+2028 and U+2029, the byte-order mark, U+FFFE/U+FFFF) is
/// escaped, so the value reads back as it was.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || ('\u{7f}'..='\u{9f}').contains(&c) => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_strings_read_back_as_they_were() {
        for text in [
            "plain",
            "a \"quoted\" \\ back: slash # not a comment",
            "tab\tnew\nline\u{85}nel\u{2028}ls\u{1}ctl\u{7f}del\u{feff}",
            "2103.14740",
            "",
            "- [x] {y} & *z* !t %u @v `w` |a >b 'c'",
        ] {
            let yaml = format!("v: {}\n", quote(text));
            let value: std::collections::BTreeMap<String, String> =
                serde_yaml::from_str(&yaml).unwrap_or_else(|e| panic!("{yaml}: {e}"));
            assert_eq!(value["v"], text, "{yaml}");
        }
    }

    #[test]
    fn the_file_has_the_fields_in_order() {
        let record = Record {
            id: "1609.08144".into(),
            title: "A \"title\"".into(),
            authors: vec!["Ada".into(), "Alan".into()],
            year: 2016,
            first_posted: Some("2016-09-26".into()),
            links: vec![
                ("arxiv", "https://arxiv.org/abs/1609.08144".into()),
                ("openalex", "https://openalex.org/W1".into()),
            ],
            citation_count: Some(3),
            subfields: vec![],
            references: vec!["W2".into()],
            reference_count: Some(4),
            abstract_markdown: Some("Text \\*".into()),
        };
        assert_eq!(
            record.to_file(),
            "---\nid: \"1609.08144\"\ntitle: \"A \\\"title\\\"\"\nauthors:\n  - \"Ada\"\n  - \"Alan\"\n\
             year: 2016\nfirst_posted: 2016-09-26\nlinks:\n  arxiv: \"https://arxiv.org/abs/1609.08144\"\n\
             \x20 openalex: \"https://openalex.org/W1\"\ncitation_count: 3\nreferences:\n  - \"W2\"\n\
             reference_count: 4\nabstract_source: openalex\n---\nText \\*\n"
        );
    }
}
