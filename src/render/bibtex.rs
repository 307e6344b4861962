//! The "Cite this paper" BibTeX entry of a record, in the form arXiv exports (`@misc` with
//! `eprint` and `archivePrefix` when the paper is on arXiv), as text and highlighted.

use std::fmt::Write;

use crate::model::PaperEntry;

/// The BibTeX entry of a paper, as text and as highlighted HTML, in the record's own language
/// (citations are not translated).
pub fn entry_and_html(paper: &PaperEntry) -> (String, String) {
    let (key, fields) = (key(paper), fields(paper));
    let text = text(&key, &fields);
    let html = match plain_html(&key, &fields) {
        Some(html) => html,
        None => crate::markdown::highlight("bibtex", &text),
    };
    (text, html)
}

fn fields(paper: &PaperEntry) -> Vec<(&'static str, String)> {
    let record = &paper.record;
    // Double braces keep the title's capitals as written.
    let mut fields: Vec<(&str, String)> = vec![("title", format!("{{{}}}", escape(&record.title)))];
    if !record.authors.is_empty() {
        let authors: Vec<String> = record
            .authors
            .iter()
            .map(|name| escape(&surname_first(name)))
            .collect();
        fields.push(("author", authors.join(" and ")));
    }
    fields.push(("year", record.year.to_string()));
    let link = |kind: &str| record.links.iter().find(|l| l.kind == kind);
    if let Some(arxiv) = link("arxiv") {
        // Old identifiers keep their archive: `hep-th/9901001`.
        let id = ["https://arxiv.org/abs/", "http://arxiv.org/abs/"]
            .iter()
            .find_map(|prefix| arxiv.url.strip_prefix(prefix))
            .unwrap_or(&record.id);
        fields.push(("eprint", verbatim(id)));
        fields.push(("archivePrefix", "arXiv".to_string()));
    }
    if let Some(doi) = link("doi") {
        let doi = doi
            .url
            .trim_start_matches("https://doi.org/")
            .trim_start_matches("http://dx.doi.org/");
        fields.push(("doi", verbatim(doi)));
    }
    if let Some(url) = link("arxiv").or(link("publisher")).or(record.links.first()) {
        fields.push(("url", verbatim(&url.url)));
    }
    fields
}

fn width(fields: &[(&str, String)]) -> usize {
    fields.iter().map(|(name, _)| name.len()).max().unwrap_or(0)
}

fn text(key: &str, fields: &[(&str, String)]) -> String {
    let width = width(fields);
    let mut out = format!("@misc{{{key},\n");
    for (name, value) in fields {
        let _ = writeln!(out, "  {name:width$} = {{{value}}},");
    }
    out.push_str("}\n");
    out
}

/// The HTML that syntect's BibTeX grammar makes of the entry (`markdown::highlight`), written
/// directly when the key and every value hold only letters, digits and punctuation that the
/// grammar and HTML take as plain text; `None` for any other entry, which syntect highlights.
/// Highlighting took 2–3 % of a build's instructions, for an entry whose shape is known here.
fn plain_html(key: &str, fields: &[(&str, String)]) -> Option<String> {
    const PUNCTUATION: &str = " ,.:;/-()?!+";
    let plain = |text: &str| {
        text.chars()
            .all(|c| c.is_alphanumeric() || PUNCTUATION.contains(c))
    };
    let key_is_plain = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric());
    if !key_is_plain
        || !fields
            .iter()
            .all(|(_, value)| plain(braced(value).unwrap_or(value)))
    {
        return None;
    }
    const B: &str = " hl-bibtex\">";
    let width = width(fields);
    let mut out = String::with_capacity(2_048);
    let _ = writeln!(
        out,
        "<pre class=\"code hl-code\"><code class=\"language-bibtex\"><span class=\"hl-text{B}\
         <span class=\"hl-meta hl-entry hl-braces{B}<span class=\"hl-keyword hl-other hl-entry-type{B}\
         <span class=\"hl-punctuation hl-definition hl-keyword{B}@</span>misc</span>\
         <span class=\"hl-punctuation hl-section hl-entry hl-begin{B}{{</span>\
         <span class=\"hl-entity hl-name hl-type hl-entry-key{B}{key}</span>,"
    );
    let (open, close) = (
        format!("<span class=\"hl-punctuation hl-definition hl-string hl-begin{B}{{</span>"),
        format!("<span class=\"hl-punctuation hl-definition hl-string hl-end{B}}}</span>"),
    );
    for (name, value) in fields {
        let value = match braced(value) {
            Some(inner) => format!(
                "<span class=\"hl-punctuation hl-definition hl-group hl-begin{B}{{</span>{inner}\
                 <span class=\"hl-punctuation hl-definition hl-group hl-end{B}}}</span>"
            ),
            _ => value.clone(),
        };
        let padding = " ".repeat(width - name.len());
        let _ = writeln!(
            out,
            "  <span class=\"hl-meta hl-key-assignment{B}<span class=\"hl-string hl-unquoted hl-key{B}{name}</span>\
             {padding} <span class=\"hl-punctuation hl-separator hl-key-value{B}=</span> \
             <span class=\"hl-string hl-quoted hl-other hl-braces{B}{open}{value}{close}</span></span>,"
        );
    }
    let _ = writeln!(
        out,
        "<span class=\"hl-punctuation hl-section hl-entry hl-end{B}}}</span></span>\n</span></code></pre>"
    );
    Some(out)
}

/// The inside of a value in braces of its own (the title's, which keep its capitals).
fn braced(value: &str) -> Option<&str> {
    value.strip_prefix('{')?.strip_suffix('}')
}

/// `luccioni2022bugs`: the first author's surname, the year and the title's first long word,
/// in ASCII letters and digits.
fn key(paper: &PaperEntry) -> String {
    let record = &paper.record;
    let ascii = |text: &str| -> String {
        text.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase()
    };
    let surname = record
        .authors
        .first()
        .and_then(|name| match name.split_once(',') {
            Some((surname, _)) => Some(surname),
            None => name.split_whitespace().last(),
        })
        .map(ascii)
        .unwrap_or_default();
    let word = record
        .title
        .split(|c: char| !c.is_alphanumeric())
        .map(ascii)
        .find(|w| w.len() > 3)
        .unwrap_or_default();
    let key = format!("{surname}{}{word}", record.year);
    if surname.is_empty() && word.is_empty() {
        format!("{}{key}", ascii(&record.id))
    } else {
        key
    }
}

/// `Alexandra Sasha Luccioni` → `Luccioni, Alexandra Sasha`.
fn surname_first(name: &str) -> String {
    let name = name.trim();
    match name.rsplit_once(' ') {
        Some((given, surname)) if !name.contains(',') => format!("{surname}, {given}"),
        _ => name.to_string(),
    }
}

/// Identifiers and addresses are read verbatim (a `_` in a URL stays one); only the braces that
/// would end the field are dropped.
fn verbatim(text: &str) -> String {
    text.replace(['{', '}'], "")
}

/// Escapes the characters BibTeX and LaTeX take as markup.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '&' | '%' | '$' | '#' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Fields as `fields` makes them, from generated text.
    fn some_fields(
        title: &str,
        authors: &[String],
        year: i32,
        links: &[String],
    ) -> Vec<(&'static str, String)> {
        let mut fields = vec![("title", format!("{{{}}}", escape(title)))];
        if !authors.is_empty() {
            let names: Vec<String> = authors.iter().map(|a| escape(&surname_first(a))).collect();
            fields.push(("author", names.join(" and ")));
        }
        fields.push(("year", year.to_string()));
        for (name, link) in ["eprint", "archivePrefix", "doi", "url"]
            .into_iter()
            .zip(links)
        {
            fields.push((name, verbatim(link)));
        }
        fields
    }

    proptest! {
        #[test]
        fn plain_entries_are_highlighted_as_syntect_does(
            key in "[a-z0-9]{1,24}|[a-z]{0,3}[-_.:]?[a-z0-9]{0,3}",
            title in prop_oneof![
                "[A-Za-z0-9 ,.:;/()?!+éßñ中文の-]*",
                "([A-Za-z0-9 ,.:;/()?!+-]|[éßñ中文の]|[&%$#_{}~^@=\\\"'<>])*",
            ],
            authors in prop::collection::vec("[A-Z][a-z]{1,8}( [A-Z][a-zé]{1,9}){0,2}|[A-Za-z&'<]{1,6}", 0..5),
            year in 1900i32..2030,
            links in prop::collection::vec("(https://arxiv\\.org/abs/)?[0-9]{4}\\.[0-9]{5}|10\\.[0-9]{4}/[a-z0-9._;()/:-]{1,12}|[a-zA-Z0-9{}%=&?/:.]{1,20}", 0..4),
        ) {
            let fields = some_fields(&title, &authors, year, &links);
            if let Some(html) = plain_html(&key, &fields) {
                prop_assert_eq!(html, crate::markdown::highlight("bibtex", &text(&key, &fields)));
            }
        }
    }

    #[test]
    fn entries_of_letters_digits_and_plain_punctuation_take_the_direct_path() {
        let authors = [
            "Alexandra Sasha Luccioni".to_string(),
            "Wei Chén".to_string(),
            "Plato".to_string(),
        ];
        let links = [
            "2211.02001".to_string(),
            "arXiv".to_string(),
            "10.1000/abc-1.2".to_string(),
            "https://arxiv.org/abs/2211.02001".to_string(),
        ];
        for title in [
            "Estimating the Carbon Footprint of BLOOM, a 176B Parameter Language Model",
            "大型语言模型的碳足迹 (2022): why?",
            "",
        ] {
            let fields = some_fields(title, &authors, 2022, &links);
            let html = plain_html("luccioni2022estimating", &fields).expect("a plain entry");
            assert_eq!(
                html,
                crate::markdown::highlight("bibtex", &text("luccioni2022estimating", &fields))
            );
        }
        assert!(plain_html("key", &some_fields("50% & more", &[], 2022, &[])).is_none());
    }

    #[test]
    fn names_read_surname_first() {
        assert_eq!(
            surname_first("Alexandra Sasha Luccioni"),
            "Luccioni, Alexandra Sasha"
        );
        assert_eq!(surname_first("Plato"), "Plato");
        assert_eq!(surname_first("Rolnick, David"), "Rolnick, David");
    }

    #[test]
    fn markup_is_escaped() {
        assert_eq!(escape("50% of {A} & B_c"), "50\\% of \\{A\\} \\& B\\_c");
    }
}
