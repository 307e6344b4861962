//! The client-side search index: Pagefind's bundle (`pagefind/` of the site: its index files,
//! its WebAssembly search, its default interface), made with the `pagefind` crate from the
//! model rather than from the written HTML. Each paper and long-form page is one record per
//! locale, in that locale's index (Pagefind keeps one per language and segments Chinese).
//!
//! Pagefind reads its records one at a time, so each locale is indexed by its own `PagefindIndex`
//! on a thread of its own; the bundles are the same but for their entry file
//! (`pagefind-entry.json`, which lists the languages), whose language lists are put together.
//!
//! A map with more than `search_part_size` pages in a language is indexed in parts of at most
//! that many, one after the other: `pagefind/` holds the first part and the interface,
//! `pagefind/part-2/` and on the others' index files, which the search page merges (Pagefind's
//! `mergeIndex`). Pagefind's indexer holds about 45 KB a page until it writes its index, and
//! compares each page's address with every one before it, so parts keep a big map's index within
//! bounded memory and linear time.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;

use crate::config::Config;
use crate::model::SiteModel;
use crate::render::urls::{paper_path, Urls};
use crate::render::views::{abstract_in, title_in};

/// The folder of the bundle in the site.
pub const BUNDLE_DIR: &str = "pagefind";

/// One searchable page in one locale.
struct Record {
    /// The page's path from the site's root (`/fr/paper/2208.11695/`): the search page adds the
    /// site's base path.
    url: String,
    title: String,
    /// What is searched: the title, the authors, the text.
    content: String,
    locale: String,
}

/// The files of a bundle: (place in the site, contents).
pub type BundleFiles = Vec<(String, Vec<u8>)>;

/// Pagefind's list of the bundle's languages.
const ENTRY_FILE: &str = "pagefind-entry.json";

/// The folders of the search index's parts from the site's root, each ending in `/`: the first
/// is the bundle's own (`pagefind/`), the others are merged into it by the search page.
pub fn part_dirs(config: &Config, model: &SiteModel) -> Vec<String> {
    (0..part_count(model, config.search_part_size))
        .map(part_dir)
        .collect()
}

/// How many parts the search index of `model` comes in.
pub fn part_count(model: &SiteModel, part_size: usize) -> usize {
    parts_of(searchable_pages(model), part_size)
}

/// How many parts `pages` pages take: at least one, so that the search page always has a
/// bundle to load.
fn parts_of(pages: usize, part_size: usize) -> usize {
    pages.div_ceil(part_size.max(1)).max(1)
}

fn part_dir(part: usize) -> String {
    match part {
        0 => format!("{BUNDLE_DIR}/"),
        // Not `pagefind-2`: Pagefind takes the site's root from the last `pagefind` in the path.
        n => format!("{BUNDLE_DIR}/part-{}/", n + 1),
    }
}

/// How many pages each language's index holds: every paper and long-form page.
fn searchable_pages(model: &SiteModel) -> usize {
    model.papers.len() + model.pages.len()
}

/// The pages of each part, as ranges of [`searchable_pages`], as even as can be.
fn part_ranges(pages: usize, part_size: usize) -> Vec<Range<usize>> {
    let parts = parts_of(pages, part_size);
    (0..parts)
        .map(|part| part * pages / parts..(part + 1) * pages / parts)
        .collect()
}

/// Makes the search index part by part and hands each part's files, as (place in the site,
/// contents) in a stable order, to `write`, so that no more than one part is held at once.
/// Setting `stop` abandons it within a page's indexing, with an error.
///
/// A part's languages are indexed side by side, and the parts one after the other; `build` renders
/// the pages meanwhile, which keeps the cores busy that a part's last language leaves idle.
/// Indexing every (part, language) as a job of its own would do that too, but takes 40 % more
/// memory, which a big map cannot spare.
pub fn bundle(
    config: &Config,
    model: &SiteModel,
    stop: &AtomicBool,
    mut write: impl FnMut(BundleFiles) -> Result<(), String>,
) -> Result<(), String> {
    let ranges = part_ranges(searchable_pages(model), config.search_part_size);
    for (part, range) in ranges.into_iter().enumerate() {
        let per_locale = config
            .languages
            .par_iter()
            .map(|language| index_language(config, model, &language.code, range.clone(), stop))
            .collect::<Result<Vec<_>, String>>()?;
        let dir = part_dir(part);
        let files = merge_languages(per_locale.into_iter())?
            .into_iter()
            // The other parts are searched with the first part's program and interface.
            .filter(|(place, _)| part == 0 || is_index_file(place))
            .map(|(place, bytes)| (format!("{dir}{place}"), bytes))
            .collect();
        write(files)?;
    }
    Ok(())
}

/// Whether a file of Pagefind's bundle belongs to the index (its entry file, metadata, word
/// index, fragments and filters) rather than to the program that searches it.
fn is_index_file(place: &str) -> bool {
    place == ENTRY_FILE || place.ends_with(".pf_meta") || place.contains('/')
}

/// One language's index of the pages in `range`, as Pagefind's bundle files.
fn index_language(
    config: &Config,
    model: &SiteModel,
    locale: &str,
    range: Range<usize>,
    stop: &AtomicBool,
) -> Result<BundleFiles, String> {
    let records = records(config, model, locale, range);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the search indexer: {e}"))?;
    runtime
        .block_on(index(records, stop))
        .map_err(|e| format!("cannot build the search index: {e}"))
}

/// One bundle of the languages' bundles: the same files but for the entry file, whose language
/// lists are put together.
fn merge_languages(per_locale: impl Iterator<Item = BundleFiles>) -> Result<BundleFiles, String> {
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut entry: Option<serde_json::Value> = None;
    for bundle in per_locale {
        for (place, bytes) in bundle {
            if place == ENTRY_FILE {
                let this: serde_json::Value = serde_json::from_slice(&bytes)
                    .map_err(|e| format!("cannot read Pagefind's {ENTRY_FILE}: {e}"))?;
                entry = Some(match entry.take() {
                    None => this,
                    Some(mut all) => {
                        if let (Some(all), Some(these)) = (
                            all["languages"].as_object_mut(),
                            this["languages"].as_object(),
                        ) {
                            all.extend(these.clone());
                        }
                        all
                    }
                });
            } else {
                files.insert(place, bytes);
            }
        }
    }
    if let Some(entry) = entry {
        files.insert(
            ENTRY_FILE.to_string(),
            serde_json::to_vec(&entry).map_err(|e| e.to_string())?,
        );
    }
    Ok(files.into_iter().collect())
}

/// What [`bundle`] fails with once it is told to stop.
const STOPPED: &str = "the search index was abandoned";

async fn index(records: Vec<Record>, stop: &AtomicBool) -> Result<BundleFiles, String> {
    let options = PagefindServiceConfig::builder().build();
    let mut index = PagefindIndex::new(Some(options)).map_err(|e| e.to_string())?;
    for record in records {
        if stop.load(Ordering::Relaxed) {
            return Err(STOPPED.to_string());
        }
        let meta = BTreeMap::from([("title".to_string(), record.title)]);
        index
            .add_custom_record(
                record.url,
                record.content,
                record.locale,
                Some(meta),
                None,
                None,
            )
            .await
            .map_err(|e| e.to_string())?;
    }
    let files = index.get_files().await.map_err(|e| e.to_string())?;
    Ok(files
        .into_iter()
        .map(|file| {
            let place = file.filename.to_string_lossy().replace('\\', "/");
            (place, file.contents)
        })
        .collect())
}

/// The records of one locale's index for the pages in `range` of [`searchable_pages`]: the
/// papers, then the long-form pages.
fn records(config: &Config, model: &SiteModel, locale: &str, range: Range<usize>) -> Vec<Record> {
    let urls = Urls::new(config);
    let papers = model.papers.len();
    let paper_records = model.papers[range.start.min(papers)..range.end.min(papers)]
        .iter()
        .map(|paper| {
            let record = &paper.record;
            let (title, _) = title_in(paper, locale);
            let (text, _) = abstract_in(paper, locale);
            let content = [
                title.to_string(),
                record.authors.join(", "),
                crate::markdown::plain_text(&text.markdown),
            ]
            .join(". ");
            Record {
                url: format!("/{}", urls.site_path(locale, &paper_path(&record.id))),
                title: title.to_string(),
                content,
                locale: locale.to_string(),
            }
        });
    let page_records = model.pages
        [range.start.saturating_sub(papers)..range.end.saturating_sub(papers)]
        .iter()
        .map(|page| {
            let version = page.in_locale(locale);
            Record {
                url: format!("/{}", urls.site_path(locale, page.path())),
                title: version.title.clone(),
                content: format!("{}. {}", version.title, version.body_text),
                locale: locale.to_string(),
            }
        });
    paper_records.chain(page_records).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_as_even_as_can_be_and_cover_every_page_once() {
        // One part, even of nothing: the search page always has a bundle to load.
        assert_eq!(part_ranges(0, 5_000), vec![Range { start: 0, end: 0 }]);
        assert_eq!(
            part_ranges(5_000, 5_000),
            vec![Range {
                start: 0,
                end: 5_000
            }]
        );
        assert_eq!(part_ranges(5_001, 5_000), [0..2_500, 2_500..5_001]);
        assert_eq!(part_ranges(10_000, 5_000), [0..5_000, 5_000..10_000]);
        assert_eq!(part_ranges(5, 2), [0..1, 1..3, 3..5]);
        for (pages, size) in [(103_864, 5_000), (7, 1), (7, 100), (99_999, 3)] {
            let ranges = part_ranges(pages, size);
            assert_eq!(ranges.len(), pages.div_ceil(size));
            assert!(ranges.iter().all(|r| r.len() <= size && !r.is_empty()));
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            assert_eq!((ranges[0].start, ranges[ranges.len() - 1].end), (0, pages));
        }
    }

    #[test]
    fn the_parts_after_the_first_are_named_part_n_and_keep_only_index_files() {
        assert_eq!(part_dir(0), "pagefind/");
        assert_eq!(part_dir(1), "pagefind/part-2/");
        assert!(is_index_file("pagefind-entry.json"));
        assert!(is_index_file("pagefind.en_364284ce36.pf_meta"));
        assert!(is_index_file("fragment/en_2a7aa2a.pf_fragment"));
        assert!(!is_index_file("pagefind.js"));
        assert!(!is_index_file("wasm.en.pagefind"));
        assert!(!is_index_file("pagefind-ui.css"));
    }
}
