//! The client-side search index: Pagefind's bundle (`pagefind/` of the site: its index files,
//! its WebAssembly search, its default interface), made with the `pagefind` crate from the
//! model rather than from the written HTML. Each paper and long-form page is one record per
//! locale, in that locale's index (Pagefind keeps one per language and segments Chinese).

use std::collections::BTreeMap;

use pagefind::api::PagefindIndex;
use pagefind::options::PagefindServiceConfig;

use crate::config::Config;
use crate::model::SiteModel;
use crate::render::urls::{paper_path, Urls};
use crate::render::views::title_in;

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

/// The files of the bundle, as (place in the site, contents), in a stable order.
pub fn bundle(config: &Config, model: &SiteModel) -> Result<Vec<(String, Vec<u8>)>, String> {
    let records = records(config, model);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the search indexer: {e}"))?;
    let mut files = runtime
        .block_on(index(records))
        .map_err(|e| format!("cannot build the search index: {e}"))?;
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(files)
}

async fn index(records: Vec<Record>) -> Result<Vec<(String, Vec<u8>)>, String> {
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

fn records(config: &Config, model: &SiteModel) -> Vec<Record> {
    let urls = Urls::new(config);
    let mut records = Vec::new();
    for language in &config.languages {
        let locale = language.code.as_str();
        for paper in &model.papers {
            let record = &paper.record;
            let (title, _) = title_in(paper, locale);
            let text = paper
                .translations
                .get(locale)
                .and_then(|t| t.abstract_text.as_ref())
                .unwrap_or(&record.abstract_text);
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
