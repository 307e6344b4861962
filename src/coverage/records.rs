//! What a language lacks of the map's data, as opposed to its interface: the papers and
//! long-form pages without a version in it, the translations without an abstract, those made
//! from an earlier version of their original or not saying what they were made from, and the
//! subfields it gives no name.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::localize::{subfield_message, Definition, SUBFIELD_PREFIX};
use crate::model::versions::{self, TranslationState};
use crate::model::SiteModel;

/// How many untranslated papers or pages the report names before it only counts them.
pub const FIRST_FEW: usize = 5;

/// A subfield without a name in a language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UntranslatedSubfield {
    /// Its name in the records.
    pub name: String,
    /// The id of the message that would name it.
    pub message: String,
    /// Whether the id is `subfield-` and the slug of its address, as written there; not when
    /// the slug is not ASCII (`subfield-ecologie` for `/subfield/écologie/`).
    pub id_spells_slug: bool,
}

/// What one locale lacks of the map's records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordCoverage {
    /// How many papers the map has.
    pub papers: usize,
    /// The ids of the papers with neither a translation into this locale nor this locale as
    /// their own language, most cited first.
    pub untranslated_papers: Vec<String>,
    /// The ids of the papers whose translation into this locale has a title but no abstract,
    /// though the original has one; most cited first.
    pub untranslated_abstracts: Vec<String>,
    /// The papers whose translation into this locale was made from an earlier title or abstract, each with the
    /// digest of the original now (what `translated_from` says once it is brought up to date);
    /// most cited first.
    pub outdated_papers: Vec<(String, String)>,
    /// The papers whose translation does not say what it was made from, each with the digest of
    /// the original now; most cited first.
    pub unstated_papers: Vec<(String, String)>,
    /// How many long-form pages the site has.
    pub pages: usize,
    /// The pages (`press/slug`) with no version in this locale, sorted.
    pub untranslated_pages: Vec<String>,
    /// The pages whose version in this locale was made from an earlier title or body of the
    /// original, each with the original's digest now; sorted.
    pub outdated_pages: Vec<(String, String)>,
    /// The pages whose version in this locale does not say what it was made from, each with
    /// the original's digest now; sorted.
    pub unstated_pages: Vec<(String, String)>,
    /// How many subfields the map has.
    pub subfields: usize,
    /// The subfields that its own files give no `subfield-<slug>` message, in the map's order
    /// of subfields.
    pub untranslated_subfields: Vec<UntranslatedSubfield>,
}

impl RecordCoverage {
    /// What locale `code`, whose own files define `own`, lacks of `model`'s records.
    pub fn of(model: &SiteModel, code: &str, own: &BTreeMap<String, Definition>) -> RecordCoverage {
        let papers = || model.lists.all.iter().map(|&i| &model.papers[i]);
        let untranslated_papers = papers()
            .filter(|p| p.record.lang != code && !p.translations.contains_key(code))
            .map(|p| p.record.id.clone())
            .collect();
        let untranslated_abstracts = papers()
            .filter(|p| {
                p.translations.get(code).is_some_and(|t| {
                    t.abstract_text.is_none() && !p.record.abstract_text.markdown.is_empty()
                })
            })
            .map(|p| p.record.id.clone())
            .collect();
        let papers_in_state = |wanted: TranslationState| -> Vec<(String, String)> {
            papers()
                .filter(|p| {
                    p.translations
                        .get(code)
                        .is_some_and(|t| versions::paper_state(&p.record, t) == wanted)
                })
                .map(|p| (p.record.id.clone(), versions::paper_digest(&p.record)))
                .collect()
        };
        let pages_in_state = |wanted: TranslationState| -> Vec<(String, String)> {
            model
                .pages
                .iter()
                .filter(|p| versions::page_state(p, code) == Some(wanted))
                .map(|p| (p.path().to_string(), p.original.version.clone()))
                .collect()
        };
        let untranslated_pages = model
            .pages
            .iter()
            .filter(|p| p.in_locale(code).lang != code)
            .map(|p| p.path().to_string())
            .collect();
        let untranslated_subfields = model
            .lists
            .subfields
            .iter()
            .filter_map(|group| {
                let message = subfield_message(&group.slug);
                (!own.contains_key(&message)).then(|| UntranslatedSubfield {
                    name: group.name.clone(),
                    id_spells_slug: message.strip_prefix(SUBFIELD_PREFIX)
                        == Some(group.slug.as_str()),
                    message,
                })
            })
            .collect();
        RecordCoverage {
            papers: model.papers.len(),
            untranslated_papers,
            untranslated_abstracts,
            outdated_papers: papers_in_state(TranslationState::Outdated),
            unstated_papers: papers_in_state(TranslationState::Unstated),
            pages: model.pages.len(),
            untranslated_pages,
            outdated_pages: pages_in_state(TranslationState::Outdated),
            unstated_pages: pages_in_state(TranslationState::Unstated),
            subfields: model.lists.subfields.len(),
            untranslated_subfields,
        }
    }

    /// The report's lines about the records, each indented and ending with a newline.
    pub fn write_report(&self, out: &mut String) {
        let mut line = |what: &str, items: &[String]| {
            if !items.is_empty() {
                let _ = writeln!(out, "  {what}: {}", first_few(items));
            }
        };
        line(
            &format!(
                "papers without a translation ({}, most cited first)",
                self.untranslated_papers.len()
            ),
            &self.untranslated_papers,
        );
        line(
            &format!(
                "translations without an abstract ({}, most cited first)",
                self.untranslated_abstracts.len()
            ),
            &self.untranslated_abstracts,
        );
        line(
            &format!(
                "outdated translations ({}, most cited first; the original's title or abstract \
                 has changed since: bring each up to date, then set its translated_from to the \
                 value shown)",
                self.outdated_papers.len()
            ),
            &with_digests(&self.outdated_papers),
        );
        line(
            &format!(
                "translations without translated_from ({}, most cited first; add it to be told \
                 when the original changes)",
                self.unstated_papers.len()
            ),
            &with_digests(&self.unstated_papers),
        );
        line(
            &format!(
                "subfields without a translation ({} of {})",
                self.untranslated_subfields.len(),
                self.subfields
            ),
            &self
                .untranslated_subfields
                .iter()
                .map(|s| {
                    // The message's id, where the address's slug does not spell it.
                    if s.id_spells_slug {
                        s.name.clone()
                    } else {
                        format!("{} ({})", s.name, s.message)
                    }
                })
                .collect::<Vec<_>>(),
        );
        line(
            &format!(
                "pages without a translation ({})",
                self.untranslated_pages.len()
            ),
            &self.untranslated_pages,
        );
        line(
            &format!(
                "outdated page translations ({}; the original's title or body has changed \
                 since)",
                self.outdated_pages.len()
            ),
            &with_digests(&self.outdated_pages),
        );
        line(
            &format!(
                "page translations without translated_from ({})",
                self.unstated_pages.len()
            ),
            &with_digests(&self.unstated_pages),
        );
    }
}

/// Each paper or page with the line its translation's front matter takes: `2208.11695
/// (translated_from: "3f2a9c1b0d4e")`.
fn with_digests(papers: &[(String, String)]) -> Vec<String> {
    papers
        .iter()
        .take(FIRST_FEW + 1)
        .map(|(id, digest)| format!("{id} (translated_from: \"{digest}\")"))
        .collect()
}

/// The first few items, then `…` when there are more.
pub fn first_few(items: &[String]) -> String {
    let mut shown: Vec<&str> = items.iter().take(FIRST_FEW).map(String::as_str).collect();
    if items.len() > FIRST_FEW {
        shown.push("…");
    }
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_few_items_are_named() {
        let items: Vec<String> = (1..=7).map(|i| i.to_string()).collect();
        assert_eq!(first_few(&items), "1, 2, 3, 4, 5, …");
        assert_eq!(first_few(&items[..2]), "1, 2");
    }
}
