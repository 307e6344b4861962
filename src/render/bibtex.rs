//! The "Cite this paper" BibTeX entry of a record, in the form arXiv exports (`@misc` with
//! `eprint` and `archivePrefix` when the paper is on arXiv).

use std::fmt::Write;

use crate::model::PaperEntry;

/// The BibTeX entry of a paper, in the record's own language (citations are not translated).
pub fn entry(paper: &PaperEntry) -> String {
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
    let width = fields.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let mut out = format!("@misc{{{},\n", key(paper));
    for (name, value) in fields {
        let _ = writeln!(out, "  {name:width$} = {{{value}}},");
    }
    out.push_str("}\n");
    out
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
