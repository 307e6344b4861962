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

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> Config {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("site.toml"),
            "base_url = \"https://example.org/map\"\n\n[[languages]]\ncode = \"en\"\n\n[[languages]]\ncode = \"fr\"\n",
        )
        .unwrap();
        Config::load(dir.path(), None).unwrap()
    }

    #[test]
    fn one_file_up_to_the_limit() {
        let config = config();
        let paths = vec![String::new(), "paper/1".to_string()];
        let files = sitemaps(&config, &Urls::new(&config), &paths, 4);
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].0, "sitemap.xml");
        assert_eq!(files[0].1.matches("<url>").count(), 4);
    }

    #[test]
    fn an_index_of_parts_above_the_limit() {
        let config = config();
        let paths: Vec<String> = (0..5).map(|i| format!("paper/{i}")).collect();
        let files = sitemaps(&config, &Urls::new(&config), &paths, 4);
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "sitemap.xml",
                "sitemap-1.xml",
                "sitemap-2.xml",
                "sitemap-3.xml"
            ]
        );
        let index = &files[0].1;
        assert!(index.contains("<sitemapindex"), "{index}");
        assert!(index.contains("<loc>https://example.org/map/sitemap-3.xml</loc>"));
        let counts: Vec<usize> = files[1..]
            .iter()
            .map(|(_, x)| x.matches("<url>").count())
            .collect();
        assert_eq!(counts, [4, 4, 2], "10 addresses, 4 a file");
        // Every address keeps its alternates, in whichever part it falls.
        assert!(files[3].1.contains("hreflang=\"x-default\""));
    }
}
