//! The client-side search index: Pagefind's bundle (`pagefind/` of the site: its index files,
//! its WebAssembly search, its default interface), made with the `pagefind` crate from the
//! model rather than from the written HTML. Each paper and long-form page is one record per
//! locale, in that locale's index (Pagefind keeps one per language and segments Chinese).
//!
//! Pagefind reads its records one at a time, so each locale is indexed by its own `PagefindIndex`
//! on its own thread; the bundles are the same but for their entry file (`pagefind-entry.json`,
//! which lists the languages), whose language lists are put together.

use std::collections::BTreeMap;

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

/// The files of the bundle, as (place in the site, contents), in a stable order.
pub fn bundle(config: &Config, model: &SiteModel) -> Result<BundleFiles, String> {
    let per_locale: Vec<Result<BundleFiles, String>> = config
        .languages
        .par_iter()
        .map(|language| {
            let records = records(config, model, &language.code);
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| format!("cannot start the search indexer: {e}"))?;
            runtime
                .block_on(index(records))
                .map_err(|e| format!("cannot build the search index: {e}"))
        })
        .collect();
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let mut entry: Option<serde_json::Value> = None;
    for bundle in per_locale {
        for (place, bytes) in bundle? {
            if place.ends_with(ENTRY_FILE) {
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
            format!("{BUNDLE_DIR}/{ENTRY_FILE}"),
            serde_json::to_vec(&entry).map_err(|e| e.to_string())?,
        );
    }
    Ok(files.into_iter().collect())
}

async fn index(records: Vec<Record>) -> Result<BundleFiles, String> {
    let options = PagefindServiceConfig::builder().build();
    let mut index = PagefindIndex::new(Some(options)).map_err(|e| e.to_string())?;
    for record in records {
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
            let place = format!(
                "{BUNDLE_DIR}/{}",
                file.filename.to_string_lossy().replace('\\', "/")
            );
            (place, file.contents)
        })
        .collect())
}

/// The records of one locale's index.
fn records(config: &Config, model: &SiteModel, locale: &str) -> Vec<Record> {
    let urls = Urls::new(config);
    let mut records = Vec::new();
    {
        for paper in &model.papers {
            let record = &paper.record;
            let (title, _) = title_in(paper, locale);
            let (text, _) = abstract_in(paper, locale);
            let content = [
                title.to_string(),
                record.authors.join(", "),
                crate::markdown::plain_text(&text.markdown),
            ]
            .join(". ");
            records.push(Record {
                url: format!("/{}", urls.site_path(locale, &paper_path(&record.id))),
                title: title.to_string(),
                content,
                locale: locale.to_string(),
            });
        }
        for page in &model.pages {
            let version = page.in_locale(locale);
            records.push(Record {
                url: format!("/{}", urls.site_path(locale, page.path())),
                title: version.title.clone(),
                content: format!("{}. {}", version.title, version.body_text),
                locale: locale.to_string(),
            });
        }
    }
    records
}
