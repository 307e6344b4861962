//! The client-side search index: Pagefind's bundle (`pagefind/` of the site: its index files,
//! its WebAssembly search, its default interface), made with the `pagefind` crate from the
//! model rather than from the written HTML. Each paper and long-form page is one record per
//! locale, in that locale's index (Pagefind keeps one per language and segments Chinese).
//!
//! A map with more than `search_part_size` pages in a language is indexed in parts of at most
//! that many: `pagefind/` holds the first part and the interface, `pagefind/part-2/` and on the
//! others' index files, which the search page merges (Pagefind's `mergeIndex`). Pagefind's
//! indexer holds about 45 KB a page until it writes its index, and compares each page's address
//! with every one before it, so parts keep a big map's index within bounded memory and linear
//! time.
//!
//! Pagefind reads its records one at a time, so each (part, language) is a job of its own,
//! indexed by its own `PagefindIndex`, as many side by side as there are cores; the jobs of a
//! part are the same bundle but for their entry file (`pagefind-entry.json`, which lists the
//! languages), whose language lists are put together. The records come from the model (`serve`,
//! `check`) or, in a build, from a [`Spill`] made beside the pages, so that the model can be
//! freed before the indexer starts.

use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::ops::Range;

use rayon::prelude::*;

use pagefind::api::{CustomRecord, PagefindIndex};
use pagefind::options::PagefindServiceConfig;

use crate::config::Config;
use crate::model::SiteModel;
use crate::render::urls::{paper_path, Urls};
use crate::render::views::{abstract_as, title_in};

mod spill;
mod workers;

pub use spill::Spill;

/// The folder of the bundle in the site.
pub const BUNDLE_DIR: &str = "pagefind";

/// One searchable page in one locale.
#[derive(Debug, PartialEq)]
struct Record {
    /// The page's path from the site's root (`/fr/paper/2208.11695/`): the search page adds the
    /// site's base path.
    url: String,
    title: String,
    /// What is searched: the title, the authors, the text.
    content: String,
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

/// Makes the search index of `model` and hands its files, as (place in the site, contents), to
/// `write`, a few at a time and from any thread, so that no more than the parts being indexed are
/// held. It runs on rayon's threads, so that `serve` can give it a pool of one.
pub fn bundle(
    config: &Config,
    model: &SiteModel,
    write: impl Fn(BundleFiles) -> Result<(), String> + Sync,
) -> Result<(), String> {
    let source = FromModel { config, model };
    let pages = searchable_pages(model);
    index_parts(config, pages, &source, Workers::Rayon, &|| {}, write)
}

/// [`bundle`], from the records of a [`Spill`] rather than from the model, which may be gone,
/// on threads of its own, one for each core. `indexed` is called after each page.
pub fn bundle_spilled(
    config: &Config,
    spill: &Spill,
    indexed: &(dyn Fn() + Sync),
    write: impl Fn(BundleFiles) -> Result<(), String> + Sync,
) -> Result<(), String> {
    index_parts(config, spill.pages(), spill, Workers::Own, indexed, write)
}

/// The places in the site of the bundle's files whose names do not depend on the records: the
/// first part's program (scripts, styles, WebAssembly) and every part's entry file. The others
/// (metadata, word index, fragments) are named by a hash of their contents, so no page can link
/// to one for longer than one build. `papermap check` needs no more than these, and learns them
/// from a bundle of one page: the whole bundle cost a 100 000-paper check 11 s and 190 MiB.
pub fn lasting_files(config: &Config, model: &SiteModel) -> Result<Vec<String>, String> {
    let source = FromModel { config, model };
    let one_page = searchable_pages(model).min(1);
    let program = std::sync::Mutex::new(Vec::new());
    index_parts(config, one_page, &source, Workers::Rayon, &|| {}, |files| {
        let lasting = files
            .into_iter()
            .map(|(place, _)| place)
            .filter(|place| !is_named_by_contents(place));
        program
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(lasting);
        Ok(())
    })?;
    let mut places = program.into_inner().unwrap_or_else(|e| e.into_inner());
    let parts = part_count(model, config.search_part_size);
    places.extend((1..parts).map(|part| format!("{}{ENTRY_FILE}", part_dir(part))));
    Ok(places)
}

/// Whether the file at `place` in the site is one of the bundle's that Pagefind names by a hash
/// of its contents (`pagefind/part-2/pagefind.en_364284ce36.pf_meta`, `pagefind/fragment/…`).
pub fn is_named_by_contents(place: &str) -> bool {
    let Some(in_bundle) = place.strip_prefix(&part_dir(0)) else {
        return false;
    };
    let in_part = match in_bundle.strip_prefix("part-") {
        Some(rest) => rest.split_once('/').map_or(rest, |(_, file)| file),
        None => in_bundle,
    };
    in_part != ENTRY_FILE && is_index_file(in_part)
}

/// Which threads index.
#[derive(Clone, Copy)]
enum Workers {
    /// rayon's, beside whatever else they run: a thread that waits inside a job (Pagefind waits
    /// on rayon) may take up another job meanwhile, and hold its pages too.
    Rayon,
    /// Threads of their own, one job to a thread at a time and one thread for each core, no two
    /// of one language at once (`workers`): at most that many jobs' pages are held (a
    /// 10 000-paper build peaked at 901 MiB, against 1 138 MiB on rayon's threads).
    Own,
}

/// Where one language's records of a range of [`searchable_pages`] come from.
trait Records: Sync {
    fn records(&self, locale: &str, range: Range<usize>) -> Result<Vec<Record>, String>;
}

struct FromModel<'a> {
    config: &'a Config,
    model: &'a SiteModel,
}

impl Records for FromModel<'_> {
    fn records(&self, locale: &str, range: Range<usize>) -> Result<Vec<Record>, String> {
        let urls = Urls::new(self.config);
        Ok(range
            .map(|page| record(&urls, self.model, locale, page))
            .collect())
    }
}

/// Indexes every (part, language) as a job of its own, as many at once as there are threads:
/// each job's index files are handed to `write` as soon as it is done, and what a part's
/// languages share (the entry file, and the first part's program) is put together at the end.
fn index_parts(
    config: &Config,
    pages: usize,
    source: &dyn Records,
    workers: Workers,
    indexed: &(dyn Fn() + Sync),
    write: impl Fn(BundleFiles) -> Result<(), String> + Sync,
) -> Result<(), String> {
    let ranges = part_ranges(pages, config.search_part_size);
    let languages = &config.languages;
    // Part by part, so that each language's jobs are spread over the whole run and a thread
    // nearly always finds one whose language no other thread is indexing (`workers`).
    let jobs: Vec<(usize, usize)> = (0..ranges.len())
        .flat_map(|part| (0..languages.len()).map(move |language| (part, language)))
        .collect();
    let job = |&(part, language): &(usize, usize)| -> Result<BundleFiles, String> {
        let code = &languages[language].code;
        let records = source.records(code, ranges[part].clone())?;
        let (index_files, shared): (BundleFiles, BundleFiles) =
            index_language(code, records, indexed)?
                .into_iter()
                .partition(|(place, _)| place != ENTRY_FILE && is_index_file(place));
        write(in_dir(&part_dir(part), index_files))?;
        // The other parts are searched with the first part's program and interface.
        Ok(shared
            .into_iter()
            .filter(|(place, _)| part == 0 || place == ENTRY_FILE)
            .collect())
    };
    let shared = match workers {
        Workers::Rayon => jobs
            .par_iter()
            .with_max_len(1)
            .map(job)
            .collect::<Result<Vec<_>, String>>()?,
        Workers::Own => workers::on_own_threads(&jobs, |&(_, language)| language, job)?,
    };
    for (part, per_language) in shared.chunks(languages.len().max(1)).enumerate() {
        let merged = merge_languages(per_language.iter().cloned())?;
        write(in_dir(&part_dir(part), merged))?;
    }
    Ok(())
}

fn in_dir(dir: &str, files: BundleFiles) -> BundleFiles {
    files
        .into_iter()
        .map(|(place, bytes)| (format!("{dir}{place}"), bytes))
        .collect()
}

/// Whether a file of Pagefind's bundle belongs to the index (its entry file, metadata, word
/// index, fragments and filters) rather than to the program that searches it.
fn is_index_file(place: &str) -> bool {
    place == ENTRY_FILE || place.ends_with(".pf_meta") || place.contains('/')
}

/// One language's index of `records`, as Pagefind's bundle files.
fn index_language(
    locale: &str,
    records: Vec<Record>,
    indexed: &(dyn Fn() + Sync),
) -> Result<BundleFiles, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the search indexer: {e}"))?;
    runtime
        .block_on(index(locale, records, indexed))
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

/// How many records' fragments (what a result shows: its title, its excerpt) share one file.
/// Pagefind otherwise writes a gzipped file a record, and starting each gzip stream at its best
/// level zeroes a quarter of a megabyte: grouping them in tens takes 5 % of a build's
/// instructions (callgrind, 1 000 papers) and nine files in ten of the bundle, for about ten
/// times the bytes fetched per result shown (a few kilobytes).
const FRAGMENTS_PER_FILE: usize = 10;

/// The most fragment files Pagefind may write for `records` records (it groups them evenly).
fn fragment_files(records: usize) -> u32 {
    u32::try_from(records.div_ceil(FRAGMENTS_PER_FILE).max(1)).unwrap_or(u32::MAX)
}

async fn index(
    locale: &str,
    records: Vec<Record>,
    indexed: &(dyn Fn() + Sync),
) -> Result<BundleFiles, String> {
    let options = PagefindServiceConfig::builder()
        .max_fragments(fragment_files(records.len()))
        .build();
    let mut index = PagefindIndex::new(Some(options)).map_err(|e| e.to_string())?;
    let records = records
        .into_iter()
        .map(|record| CustomRecord {
            url: record.url,
            content: record.content,
            language: locale.to_string(),
            meta: BTreeMap::from([("title".to_string(), record.title)]),
            ..CustomRecord::default()
        })
        .collect();
    // Side by side on rayon's threads (the patched Pagefind's `add_custom_records`): a core
    // that has no job of its own left helps with the records of those still running.
    index
        .add_custom_records(records, indexed)
        .await
        .map_err(|e| e.to_string())?;
    let files = index.get_files().await.map_err(|e| e.to_string())?;
    Ok(files
        .into_iter()
        .map(|file| {
            let place = file.filename.to_string_lossy().replace('\\', "/");
            (place, file.contents)
        })
        .collect())
}

/// The record of page `page` of [`searchable_pages`] in `locale`: the papers, then the
/// long-form pages.
fn record(urls: &Urls, model: &SiteModel, locale: &str, page: usize) -> Record {
    record_sharing(urls, model, locale, page, &OnceCell::new())
}

/// [`record`], with the plain text of the paper's original abstract kept in `original` for the
/// records of the same page in the other languages that show it.
fn record_sharing(
    urls: &Urls,
    model: &SiteModel,
    locale: &str,
    page: usize,
    original: &OnceCell<String>,
) -> Record {
    let Some(page) = page.checked_sub(model.papers.len()) else {
        let paper = &model.papers[page];
        let (title, _) = title_in(paper, locale);
        let plain = abstract_as(model, page, locale, original, crate::markdown::plain_text);
        let content = [
            title,
            paper.record.authors.join(", ").as_str(),
            plain.as_ref(),
        ]
        .join(". ");
        return Record {
            url: format!("/{}", urls.site_path(locale, &paper_path(&paper.record.id))),
            title: title.to_string(),
            content,
        };
    };
    let version = model.pages[page].in_locale(locale);
    Record {
        url: format!(
            "/{}",
            urls.site_path(locale, model.pages[page].address(locale))
        ),
        title: version.title.clone(),
        content: format!("{}. {}", version.title, version.body_text),
    }
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

    #[test]
    fn the_index_files_but_the_entry_file_are_named_by_their_contents_in_every_part() {
        assert!(is_named_by_contents(
            "pagefind/pagefind.en_364284ce36.pf_meta"
        ));
        assert!(is_named_by_contents(
            "pagefind/fragment/en_group_2a7aa2a.pf_fragment"
        ));
        assert!(is_named_by_contents(
            "pagefind/part-2/index/zh_1f2e3d.pf_index"
        ));
        assert!(!is_named_by_contents("pagefind/pagefind-entry.json"));
        assert!(!is_named_by_contents(
            "pagefind/part-12/pagefind-entry.json"
        ));
        assert!(!is_named_by_contents("pagefind/pagefind.js"));
        assert!(!is_named_by_contents("fragment/en_2a7aa2a.pf_fragment"));
    }
}
