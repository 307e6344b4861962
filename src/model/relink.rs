//! Linking again after an edit that left the map's shape as it was: the same papers, each with
//! the same references, counts, year, dates, subfields and classification, and the same
//! translations. Then every relation and list of the previous model still holds, and only the
//! records change hands; `serve` uses it so that fixing a typo in an abstract does not link
//! 100 000 references again. Anything else (a new paper, a changed reference, a broken record)
//! returns `None`, and the caller links from scratch.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use crate::config::Config;
use crate::parse::{Paper, Parsed};

use super::{folder_of, group_pages, link_pages, PaperEntry, SiteModel};

impl SiteModel {
    /// The model of `parsed`, read against the same configuration as `self`, if the edits
    /// since `self` left every paper's place in the map unchanged.
    pub fn relink(&self, config: &Config, parsed: &Parsed) -> Option<SiteModel> {
        if !parsed.failed_papers.is_empty() {
            return None;
        }
        let keep = |draft: bool| config.include_drafts || !draft;
        let mut records: Vec<Option<Arc<Paper>>> = vec![None; self.papers.len()];
        let mut kept = 0;
        let mut absent = HashSet::new();
        for record in &parsed.papers {
            if !keep(record.draft) {
                absent.extend([record.id.clone(), record.stem.clone()]);
                continue;
            }
            let i = self.paper(&record.id)?;
            let slot = &mut records[i];
            let old = &self.papers[i].record;
            if slot.is_some() || !(Arc::ptr_eq(record, old) || same_place(record, old)) {
                return None;
            }
            *slot = Some(record.clone());
            kept += 1;
        }
        if kept != self.papers.len() {
            return None;
        }

        let mut translations: Vec<BTreeMap<String, Arc<_>>> =
            vec![BTreeMap::new(); self.papers.len()];
        let mut attached = 0;
        for translation in parsed.translations.iter().filter(|t| keep(t.draft)) {
            // `link` attaches a translation to the record of the same file stem in its folder;
            // a record whose id is not its stem sends the edit back to `link`.
            let i = self.paper(&translation.stem)?;
            let paper = &self.papers[i];
            let same_folder = folder_of(&paper.record.source) == folder_of(&translation.source);
            if paper.record.stem != translation.stem
                || !same_folder
                || !paper.translations.contains_key(&translation.locale)
            {
                return None;
            }
            translations[i].insert(translation.locale.clone(), translation.clone());
            attached += 1;
        }
        let before: usize = self.papers.iter().map(|p| p.translations.len()).sum();
        if attached != before {
            return None;
        }

        let mut papers: Vec<PaperEntry> = self
            .papers
            .iter()
            .zip(records)
            .zip(translations)
            .map(|((old, record), translations)| PaperEntry {
                record: record.expect("every slot was filled: kept == papers.len()"),
                translations,
                builds_on: old.builds_on.clone(),
                built_on_by: old.built_on_by.clone(),
                reference_total: old.reference_total,
                pages: Vec::new(),
            })
            .collect();
        let pages = group_pages(
            config,
            parsed
                .pages
                .iter()
                .filter(|p| keep(p.draft))
                .cloned()
                .collect(),
        );
        let mut errors = Vec::new();
        super::addresses::address_clashes(config, &pages, &mut errors);
        link_pages(&pages, &mut papers, &self.index, &absent, &mut errors);
        if !errors.is_empty() {
            return None;
        }
        Some(SiteModel {
            lists: self.lists.clone(),
            papers,
            pages,
            index: self.index.clone(),
            links: self.links.clone(),
        })
    }
}

/// Whether two versions of a record stand in the same place in the map: all that linking reads
/// of a record is the same.
fn same_place(a: &Paper, b: &Paper) -> bool {
    a.id == b.id
        && a.stem == b.stem
        && a.source.path == b.source.path
        && a.draft == b.draft
        && a.year == b.year
        && a.first_posted == b.first_posted
        && a.citation_count == b.citation_count
        && a.subfields == b.subfields
        && a.references == b.references
        && a.reference_count == b.reference_count
        && a.classification == b.classification
}
