//! The site model: every record keyed by id, with the relations between them computed in one
//! pass after parsing (Zola's `Library`): which references are papers of the map, who builds on
//! whom, the translations of each record and the pages that name each paper. Nothing here knows
//! about templates or locales' wording; counts and orders are computed, never read from records.

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

mod addresses;
pub mod lists;
mod relink;
pub mod versions;

pub use crate::parse::classified::{Classification, ScoreRow};
pub use lists::{slugify, CategoryRanking, Group, HeadRanking, Lists};

use crate::config::Config;
use crate::diagnostics::Diagnostic;
use crate::parse::{Page, Paper, Parsed, Reference, Translation};

/// A paper with everything the map says about it.
#[derive(Debug)]
pub struct PaperEntry {
    /// Shared with the parse cache of `serve`, which hands unchanged records on as they are.
    pub record: Arc<Paper>,
    /// Translations by locale.
    pub translations: BTreeMap<String, Arc<Translation>>,
    /// Its references that are papers of the map, most cited first. This and the other lists
    /// linking makes are shared: `relink` hands them on to the next model as they are.
    pub builds_on: Arc<[usize]>,
    /// The papers of the map that list it among their references, most cited first.
    pub built_on_by: Arc<[usize]>,
    /// How many references it has in all: `reference_count` when given, else the list's length.
    pub reference_total: usize,
    /// Long-form pages that name it.
    pub pages: Vec<usize>,
}

/// A long-form page and its versions in other languages.
#[derive(Debug)]
pub struct PageEntry {
    pub original: Page,
    /// Versions in other locales, by locale.
    pub translations: BTreeMap<String, Page>,
}

impl PageEntry {
    pub fn path(&self) -> &str {
        &self.original.path
    }

    /// The version to show in a locale: its own, else the original.
    pub fn in_locale(&self, locale: &str) -> &Page {
        self.translations.get(locale).unwrap_or(&self.original)
    }

    /// The original, then the translations by locale.
    pub fn versions(&self) -> impl Iterator<Item = &Page> {
        std::iter::once(&self.original).chain(self.translations.values())
    }
}

#[derive(Debug)]
pub struct SiteModel {
    /// All papers, by year, by subfield. Shared with the models `relink` makes from this one.
    pub lists: Arc<Lists>,
    /// Sorted by id.
    pub papers: Vec<PaperEntry>,
    /// Sorted by path.
    pub pages: Vec<PageEntry>,
    /// Ids are short and the map looks up every reference of every record: FxHash, not SipHash
    /// (whose resistance to chosen keys a static site's own records do not need).
    index: Arc<FxHashMap<String, usize>>,
    /// The linking this model's relations and lists come from: a model that `relink` made from
    /// another shares it, and with it every paper's place.
    links: Arc<()>,
}

impl SiteModel {
    /// Whether the two models come from the same linking: the same papers in the same order,
    /// with the same relations, lists and counts (only the records' texts and the long-form
    /// pages may differ).
    pub fn same_links(&self, other: &SiteModel) -> bool {
        Arc::ptr_eq(&self.links, &other.links)
    }

    pub fn paper(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    /// Builds the model from the parsed records, dropping drafts unless the site includes them.
    pub fn link(config: &Config, parsed: Parsed) -> Result<SiteModel, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let keep = |draft: bool| config.include_drafts || !draft;

        let (mut records, drafts): (Vec<Arc<Paper>>, Vec<Arc<Paper>>) =
            parsed.papers.into_iter().partition(|p| keep(p.draft));
        // Papers that exist but are not published (drafts) or could not be read: their
        // translations and the pages naming them are not errors of their own.
        let mut absent = parsed.failed_papers;
        absent.extend(drafts.iter().flat_map(|p| [p.id.clone(), p.stem.clone()]));
        records.sort_by(|a, b| {
            a.id.cmp(&b.id)
                .then_with(|| a.source.path.cmp(&b.source.path))
        });
        let mut papers: Vec<PaperEntry> = Vec::with_capacity(records.len());
        let mut index: FxHashMap<String, usize> =
            FxHashMap::with_capacity_and_hasher(records.len(), Default::default());
        for record in records {
            if let Some(&first) = index.get(&record.id) {
                let first: &Paper = &papers[first].record;
                errors.push(
                    record
                        .source
                        .diagnostic_at_line_col(
                            record.id_pos.line,
                            record.id_pos.column,
                            format!("the id `{}` is already used by another record", record.id),
                        )
                        .with_help(format!(
                            "{}:{}:{} has the same id; give each paper its own id",
                            first.source.path.display(),
                            first.id_pos.line,
                            first.id_pos.column
                        )),
                );
                continue;
            }
            index.insert(record.id.clone(), papers.len());
            papers.push(PaperEntry {
                reference_total: 0,
                record,
                translations: BTreeMap::new(),
                builds_on: Default::default(),
                built_on_by: Default::default(),
                pages: Vec::new(),
            });
        }

        // Keyed by the folder's bytes (a `Path` hashes component by component), borrowed from
        // the records: the translations are attached once the keys are no longer needed.
        let by_stem: FxHashMap<(&str, &[u8]), usize> = papers
            .iter()
            .enumerate()
            .map(|(i, p)| ((p.record.stem.as_str(), folder_of(&p.record.source)), i))
            .collect();
        let mut attached = Vec::new();
        for translation in parsed.translations.into_iter().filter(|t| keep(t.draft)) {
            let key = (translation.stem.as_str(), folder_of(&translation.source));
            match by_stem.get(&key) {
                Some(&i) => attached.push((i, translation)),
                None if absent.contains(&translation.stem) => {}
                None => errors.push(
                    translation.source.diagnostic_at_line_col(1, 1, format!(
                        "this translation has no original: there is no paper record `{}.md` beside it",
                        translation.stem
                    ))
                    .with_help("name the translation after its paper's file, as `<id>.<locale>.md`"),
                ),
            }
        }
        drop(by_stem);
        for (i, translation) in attached {
            papers[i]
                .translations
                .insert(translation.locale.clone(), translation);
        }

        let rank = link_references(&mut papers, &index);
        let lists = Lists::compute(&papers, &config.classification, |list| {
            most_cited_first(&rank, list)
        });

        let pages = group_pages(
            config,
            parsed.pages.into_iter().filter(|p| keep(p.draft)).collect(),
        );
        addresses::address_clashes(config, &pages, &mut errors);
        link_pages(&pages, &mut papers, &index, &absent, &mut errors);

        if errors.is_empty() {
            Ok(SiteModel {
                lists: Arc::new(lists),
                papers,
                pages,
                index: Arc::new(index),
                links: Arc::new(()),
            })
        } else {
            Err(errors)
        }
    }
}

/// The folder of a source file, as bytes.
pub(super) fn folder_of(source: &crate::diagnostics::SourceFile) -> &[u8] {
    source
        .path
        .parent()
        .map_or(&[], |p| p.as_os_str().as_encoded_bytes())
}

/// Tells each paper which long-form pages name it; a named paper that is not in the map (nor a
/// draft or a record that failed, in `absent`) is an error of the page.
fn link_pages(
    pages: &[PageEntry],
    papers: &mut [PaperEntry],
    index: &FxHashMap<String, usize>,
    absent: &std::collections::HashSet<String>,
    errors: &mut Vec<Diagnostic>,
) {
    for (page_index, entry) in pages.iter().enumerate() {
        for version in entry.versions() {
            for (id, pos) in &version.papers {
                match index.get(id) {
                    Some(&i) => {
                        if !papers[i].pages.contains(&page_index) {
                            papers[i].pages.push(page_index);
                        }
                    }
                    None if absent.contains(id) => {}
                    None => errors.push(
                        version
                            .source
                            .diagnostic_at_line_col(
                                pos.line,
                                pos.column,
                                format!(
                                    "this page names the paper `{id}`, which is not in the map"
                                ),
                            )
                            .with_help(format!("add content/papers/{id}.md, or correct the id")),
                    ),
                }
            }
        }
    }
}

/// Builds on / built on by, in time linear in records + references, each list most cited first;
/// returns each paper's rank.
fn link_references(papers: &mut [PaperEntry], index: &FxHashMap<String, usize>) -> Vec<Rank> {
    // Resolving the references is the lookups, in parallel; the backlinks are then pushes.
    let builds_on: Vec<Vec<usize>> = papers
        .par_iter()
        .map(|paper| {
            let mut builds_on: Vec<usize> = paper
                .record
                .references
                .iter()
                .filter_map(|r| match r {
                    Reference::Id(id) => index.get(id.as_str()).copied(),
                    Reference::Work(_) => None,
                })
                .collect();
            builds_on.sort_unstable();
            builds_on.dedup();
            builds_on
        })
        .collect();
    let mut built_on_by: Vec<Vec<usize>> = vec![Vec::new(); papers.len()];
    for (i, cited) in builds_on.iter().enumerate() {
        for &cited in cited {
            built_on_by[cited].push(i);
        }
    }
    let rank: Vec<Rank> = papers
        .iter()
        .zip(&built_on_by)
        .map(|(p, by)| {
            (
                std::cmp::Reverse(p.record.citation_count.unwrap_or(0)),
                std::cmp::Reverse(by.len()),
            )
        })
        .collect();
    papers
        .par_iter_mut()
        .zip(builds_on.into_par_iter().zip(built_on_by.into_par_iter()))
        .for_each(|(paper, (mut builds_on, mut built_on_by))| {
            most_cited_first(&rank, &mut builds_on);
            most_cited_first(&rank, &mut built_on_by);
            let listed = paper.record.references.len();
            paper.reference_total = paper
                .record
                .reference_count
                .map_or(listed, |n| (n as usize).max(listed));
            paper.builds_on = builds_on.into();
            paper.built_on_by = built_on_by.into();
        });
    rank
}

/// Sorts papers most cited first. Papers are sorted by id, so ties on both counts fall back to
/// the id through the index.
fn most_cited_first(rank: &[Rank], list: &mut [usize]) {
    list.sort_by_key(|&j| (rank[j], j));
}

/// How papers compare for "most cited first": the source corpus's count, then citations inside
/// the map, both descending.
type Rank = (std::cmp::Reverse<u64>, std::cmp::Reverse<usize>);

/// Groups the versions of each page: the file without a locale is the original; when every file
/// has one, the original is the version in the first of the site's languages that has one.
fn group_pages(config: &Config, pages: Vec<Page>) -> Vec<PageEntry> {
    let mut groups: BTreeMap<String, Vec<Page>> = BTreeMap::new();
    for page in pages {
        groups.entry(page.path.clone()).or_default().push(page);
    }
    groups
        .into_values()
        .map(|mut versions| {
            let language_rank = |p: &Page| match &p.file_locale {
                None => 0,
                Some(l) => {
                    1 + config
                        .languages
                        .iter()
                        .position(|x| &x.code == l)
                        .unwrap_or(usize::MAX - 1)
                }
            };
            versions.sort_by_key(language_rank);
            let original = versions.remove(0);
            let translations = versions
                .into_iter()
                .filter_map(|p| p.file_locale.clone().map(|l| (l, p)))
                .collect();
            PageEntry {
                original,
                translations,
            }
        })
        .collect()
}
