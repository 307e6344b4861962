//! What crawlers read: `sitemap.xml`, every HTML page of the site in every language, each with
//! its alternates in the other languages (`xhtml:link rel="alternate" hreflang`) and an
//! `x-default`; above the protocol's 50 000 addresses per file, `sitemap.xml` is an index of
//! `sitemap-1.xml`, `sitemap-2.xml`, …; and `robots.txt`, which names it.

use std::fmt::Write;

use crate::config::Config;

use super::Urls;
use crate::templates::escape_html as escape;

/// The most addresses one sitemap file may list (sitemaps.org).
pub const URLS_PER_SITEMAP: usize = 50_000;

pub const ROBOTS: &str = "robots.txt";

const SITEMAP_FILE: &str = "sitemap.xml";

/// The sitemap files, as (file name, contents), of the pages at `paths` (paths inside the site,
/// without locale), at most `per_file` addresses in a file.
pub fn sitemaps(
    config: &Config,
    urls: &Urls,
    paths: &[String],
    per_file: usize,
) -> Vec<(String, String)> {
    let entries: Vec<String> = paths
        .iter()
        .flat_map(|path| {
            config
                .languages
                .iter()
                .map(move |language| url_entry(config, urls, &language.code, path))
        })
        .collect();
    let per_file = per_file.max(1);
    if entries.len() <= per_file {
        return vec![(SITEMAP_FILE.to_string(), urlset(&entries))];
    }
    let parts: Vec<(String, String)> = entries
        .chunks(per_file)
        .enumerate()
        .map(|(n, chunk)| (format!("sitemap-{}.xml", n + 1), urlset(chunk)))
        .collect();
    let mut index = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (file, _) in &parts {
        let _ = writeln!(
            index,
            "  <sitemap>\n    <loc>{}</loc>\n  </sitemap>",
            escape(&format!("{}{file}", urls.absolute_root()))
        );
    }
    index.push_str("</sitemapindex>\n");
    let mut files = vec![(SITEMAP_FILE.to_string(), index)];
    files.extend(parts);
    files
}

/// `robots.txt`: everything may be crawled; the sitemap says what there is.
pub fn robots(urls: &Urls) -> String {
    format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}{SITEMAP_FILE}\n",
        urls.absolute_root()
    )
}

fn urlset(entries: &[String]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for entry in entries {
        out.push_str(entry);
    }
    out.push_str("</urlset>\n");
    out
}

fn url_entry(config: &Config, urls: &Urls, locale: &str, path: &str) -> String {
    let mut out = format!(
        "  <url>\n    <loc>{}</loc>\n",
        escape(&urls.absolute(locale, path))
    );
    for alternate in &config.languages {
        let _ = writeln!(
            out,
            "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>",
            escape(&alternate.code),
            escape(&urls.absolute(&alternate.code, path))
        );
    }
    let _ = writeln!(
        out,
        "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>\n  </url>",
        escape(&urls.absolute(&config.default_language().code, path))
    );
    out
}
