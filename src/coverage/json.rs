//! The translations' report as JSON (`papermap check --json`), for scripts and translation
//! tools: every item of every list, not the first few, each place as `file:line` or
//! `file:line:column`, and each translation to stamp with the `translated_from` it takes.

use serde::Serialize;

use super::{Coverage, Difference, LocaleCoverage, Missing, RecordCoverage};
use crate::localize::Definition;

#[derive(Serialize)]
struct Report<'a> {
    /// The default language, which the others are compared with.
    default: &'a str,
    /// How many messages and terms it defines.
    messages: usize,
    locales: Vec<Locale<'a>>,
}

#[derive(Serialize)]
struct Locale<'a> {
    code: &'a str,
    folder: String,
    /// How many of the default language's messages its own files define.
    translated: usize,
    missing: Vec<MissingItem<'a>>,
    /// The languages' names its files lack that pages show in CLDR's words instead.
    named_by_cldr: Vec<Named<'a>>,
    obsolete: Vec<Defined<'a>>,
    missing_attributes: Vec<MissingItem<'a>>,
    obsolete_attributes: Vec<Defined<'a>>,
    variables: Vec<Variable<'a>>,
    papers: Records<'a>,
    pages: Records<'a>,
    subfields: Subfields<'a>,
}

#[derive(Serialize)]
struct MissingItem<'a> {
    id: &'a str,
    /// `message`, `term` or `attribute`.
    kind: &'static str,
    /// Where the default language defines it.
    defined_in: String,
    /// The parent language pages show it from instead of the default language, if any.
    falls_back_to: Option<&'a str>,
}

#[derive(Serialize)]
struct Named<'a> {
    id: &'a str,
    name: &'a str,
}

#[derive(Serialize)]
struct Defined<'a> {
    id: &'a str,
    defined_in: String,
}

#[derive(Serialize)]
struct Variable<'a> {
    id: &'a str,
    variable: &'a str,
    /// `dropped`: the default language's message shows it and the translation does not;
    /// `unknown`: the translation uses it and the default language's message does not.
    difference: &'static str,
    /// The translation's message (`dropped`) or where it uses the variable (`unknown`).
    at: String,
    /// Where the default language's message shows it (`dropped` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    shown_at: Option<String>,
}

#[derive(Serialize)]
struct Records<'a> {
    total: usize,
    /// Papers by id, most cited first; pages by path.
    untranslated: &'a [String],
    /// Papers only: translations with a title and no abstract, though the original has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    without_abstract: Option<&'a [String]>,
    outdated: Vec<Stamp<'a>>,
    without_translated_from: Vec<Stamp<'a>>,
}

/// A translation and the `translated_from` the original's title and text give now.
#[derive(Serialize)]
struct Stamp<'a> {
    id: &'a str,
    translated_from: &'a str,
}

#[derive(Serialize)]
struct Subfields<'a> {
    total: usize,
    untranslated: Vec<Subfield<'a>>,
}

#[derive(Serialize)]
struct Subfield<'a> {
    name: &'a str,
    /// The id of the message that names it.
    message: &'a str,
}

impl Coverage {
    /// The report as a JSON document, with a newline at its end.
    pub fn json(&self) -> String {
        let report = Report {
            default: &self.default,
            messages: self.messages,
            locales: self.locales.iter().map(locale).collect(),
        };
        // Plain data of strings and numbers: serializing it cannot fail.
        let mut text = serde_json::to_string_pretty(&report).unwrap_or_default();
        text.push('\n');
        text
    }
}

fn locale(l: &LocaleCoverage) -> Locale<'_> {
    let r: &RecordCoverage = &l.records;
    Locale {
        code: &l.code,
        folder: l.folder.display().to_string(),
        translated: l.translated,
        missing: l.missing.iter().map(missing).collect(),
        named_by_cldr: l
            .named_by_cldr
            .iter()
            .map(|(id, name)| Named { id, name })
            .collect(),
        obsolete: l.obsolete.iter().map(defined).collect(),
        missing_attributes: l.missing_attributes.iter().map(missing).collect(),
        obsolete_attributes: l.obsolete_attributes.iter().map(defined).collect(),
        variables: l
            .variables
            .iter()
            .map(|v| {
                let (difference, at, shown_at) = match &v.kind {
                    Difference::Dropped {
                        shown_at,
                        translation,
                    } => (
                        "dropped",
                        translation.to_string(),
                        Some(shown_at.to_string()),
                    ),
                    Difference::Unknown { used_at } => ("unknown", used_at.to_string(), None),
                };
                Variable {
                    id: &v.id,
                    variable: &v.variable,
                    difference,
                    at,
                    shown_at,
                }
            })
            .collect(),
        papers: Records {
            total: r.papers,
            untranslated: &r.untranslated_papers,
            without_abstract: Some(&r.untranslated_abstracts),
            outdated: stamps(&r.outdated_papers),
            without_translated_from: stamps(&r.unstated_papers),
        },
        pages: Records {
            total: r.pages,
            untranslated: &r.untranslated_pages,
            without_abstract: None,
            outdated: stamps(&r.outdated_pages),
            without_translated_from: stamps(&r.unstated_pages),
        },
        subfields: Subfields {
            total: r.subfields,
            untranslated: r
                .untranslated_subfields
                .iter()
                .map(|s| Subfield {
                    name: &s.name,
                    message: &s.message,
                })
                .collect(),
        },
    }
}

fn missing(m: &Missing) -> MissingItem<'_> {
    MissingItem {
        id: &m.id,
        kind: m.kind(),
        defined_in: m.defined_in.to_string(),
        falls_back_to: m.falls_back_to.as_deref(),
    }
}

fn defined((id, at): &(String, Definition)) -> Defined<'_> {
    Defined {
        id,
        defined_in: at.to_string(),
    }
}

fn stamps(items: &[(String, String)]) -> Vec<Stamp<'_>> {
    items
        .iter()
        .map(|(id, digest)| Stamp {
            id,
            translated_from: digest,
        })
        .collect()
}
