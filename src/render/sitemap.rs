//! What crawlers read: `sitemap.xml`, every HTML page of the site in every language, each with
//! its alternates in the other languages (`xhtml:link rel="alternate" hreflang`) and an
//! `x-default`; above the protocol's 50 000 addresses per file, `sitemap.xml` is an index of
//! `sitemap-1.xml`, `sitemap-2.xml`, …; and `robots.txt`, which names it.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::ops::Range;

use crate::config::Config;

use super::Urls;
use crate::templates::escape_html as escape;

/// The most addresses one sitemap file may list (sitemaps.org).
pub const URLS_PER_SITEMAP: usize = 50_000;

pub const ROBOTS: &str = "robots.txt";

const SITEMAP_FILE: &str = "sitemap.xml";

/// The paths of the pages a sitemap lists, in one string. A build takes them before it frees the
/// map's model and makes the sitemaps after, so they are held beside the whole model, where a
/// `String` each (311 592 of them at 100 000 papers) would take about twice the memory.
#[derive(Default)]
pub struct SitemapPaths {
    text: String,
    ends: Vec<usize>,
    /// The few pages read at another address in each language (long-form pages whose versions
    /// have slugs), by their place among the others: their path in each of the site's languages.
    per_language: BTreeMap<usize, Vec<String>>,
}

impl SitemapPaths {
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// The path of page `at` in the site's `language`-th language.
    fn get(&self, at: usize, language: usize) -> &str {
        if let Some(paths) = self.per_language.get(&at) {
            return &paths[language];
        }
        let start = at.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.text[start..self.ends[at]]
    }

    /// A page at the same path in every language.
    pub fn push(&mut self, path: &str) {
        self.text.push_str(path);
        self.ends.push(self.text.len());
    }

    /// A page at `paths`, one for each of the site's languages in their order.
    pub fn push_per_language(&mut self, paths: Vec<String>) {
        self.per_language.insert(self.ends.len(), paths);
        self.ends.push(self.text.len());
    }
}

/// Each path is copied in and dropped at once, so that the paths are never held one by one.
impl<S: AsRef<str>> FromIterator<S> for SitemapPaths {
    fn from_iter<I: IntoIterator<Item = S>>(paths: I) -> Self {
        let mut all = SitemapPaths::default();
        for path in paths {
            all.push(path.as_ref());
        }
        all
    }
}

/// The sitemap files, as (file name, contents), of the pages at `paths` (paths inside the site,
/// without locale), at most `per_file` addresses in a file. Each part is made when it is asked
/// for, so that a big map's sitemap (300 000 addresses of ~500 bytes at 100 000 papers) is never
/// held whole.
pub fn sitemaps<'a>(
    config: &'a Config,
    urls: Urls,
    paths: SitemapPaths,
    per_file: usize,
) -> impl Iterator<Item = (String, String)> + 'a {
    let addresses = paths.len() * config.languages.len();
    let per_file = per_file.max(1);
    let parts = if addresses <= per_file {
        0
    } else {
        addresses.div_ceil(per_file)
    };
    let first = if parts == 0 {
        urlset(config, &urls, &paths, 0..addresses)
    } else {
        sitemap_index(&urls, parts)
    };
    std::iter::once((SITEMAP_FILE.to_string(), first)).chain((0..parts).map(move |n| {
        let range = n * per_file..((n + 1) * per_file).min(addresses);
        (part_file(n + 1), urlset(config, &urls, &paths, range))
    }))
}

/// The name of the `n`-th sitemap file (from 1) when the addresses take more than one.
fn part_file(n: usize) -> String {
    format!("sitemap-{n}.xml")
}

/// `sitemap.xml` when the addresses take `parts` files: the list of them.
fn sitemap_index(urls: &Urls, parts: usize) -> String {
    let mut index = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for n in 1..=parts {
        let _ = writeln!(
            index,
            "  <sitemap>\n    <loc>{}</loc>\n  </sitemap>",
            escape(&format!("{}{}", urls.absolute_root(), part_file(n)))
        );
    }
    index.push_str("</sitemapindex>\n");
    index
}

/// Whether the rules of a `robots.txt` name a sitemap: a `Sitemap:` line, the field's name in
/// any case (RFC 9309).
pub fn names_a_sitemap(robots: &str) -> bool {
    robots.lines().any(|line| {
        let line = line.trim_start();
        line.get(..7)
            .is_some_and(|field| field.eq_ignore_ascii_case("sitemap"))
            && line[7..].trim_start().starts_with(':')
    })
}

/// The address of the sitemap of the site at `root` (its address, ending in `/`).
pub fn sitemap_address(root: &str) -> String {
    format!("{root}{SITEMAP_FILE}")
}

/// `robots.txt`: everything may be crawled; the sitemap says what there is.
pub fn robots(urls: &Urls) -> String {
    format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}\n",
        sitemap_address(&urls.absolute_root())
    )
}

/// The `<urlset>` of the addresses in `range`, address `a` being the page at
/// `paths[a / languages]` in the `a % languages`-th language.
fn urlset(config: &Config, urls: &Urls, paths: &SitemapPaths, range: Range<usize>) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    let languages = config.languages.len();
    for address in range {
        url_entry(
            &mut out,
            config,
            urls,
            (paths, address / languages),
            address % languages,
        );
    }
    out.push_str("</urlset>\n");
    out
}

/// The `<url>` of page `at` of `paths` in the `language`-th language, with its alternates.
fn url_entry(
    out: &mut String,
    config: &Config,
    urls: &Urls,
    (paths, at): (&SitemapPaths, usize),
    language: usize,
) {
    let address = |l: usize| urls.absolute(&config.languages[l].code, paths.get(at, l));
    let _ = write!(
        out,
        "  <url>\n    <loc>{}</loc>\n",
        escape(&address(language))
    );
    for (l, alternate) in config.languages.iter().enumerate() {
        let _ = writeln!(
            out,
            "    <xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>",
            escape(&alternate.code),
            escape(&address(l))
        );
    }
    let _ = writeln!(
        out,
        "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\"/>\n  </url>",
        escape(&address(0))
    );
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
        let paths = ["", "paper/1"].into_iter().collect();
        let files: Vec<_> = sitemaps(&config, Urls::new(&config), paths, 4).collect();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].0, "sitemap.xml");
        assert_eq!(files[0].1.matches("<url>").count(), 4);
    }

    #[test]
    fn an_index_of_parts_above_the_limit() {
        let config = config();
        let paths = (0..5).map(|i| format!("paper/{i}")).collect();
        let files: Vec<_> = sitemaps(&config, Urls::new(&config), paths, 4).collect();
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

    #[test]
    fn a_page_at_another_path_in_each_language_is_listed_at_each_with_those_alternates() {
        let config = config();
        let mut paths = SitemapPaths::default();
        paths.push("papers");
        paths.push_per_language(vec!["about".into(), "a-propos".into()]);
        let files: Vec<_> = sitemaps(&config, Urls::new(&config), paths, 10).collect();
        let xml = &files[0].1;
        let locs: Vec<&str> = xml
            .lines()
            .filter_map(|l| l.trim().strip_prefix("<loc>"))
            .collect();
        assert_eq!(
            locs,
            [
                "https://example.org/map/papers/</loc>",
                "https://example.org/map/fr/papers/</loc>",
                "https://example.org/map/about/</loc>",
                "https://example.org/map/fr/a-propos/</loc>",
            ]
        );
        let french = r#"hreflang="fr" href="https://example.org/map/fr/a-propos/""#;
        let default = r#"hreflang="x-default" href="https://example.org/map/about/""#;
        assert_eq!(xml.matches(french).count(), 2, "{xml}");
        assert_eq!(xml.matches(default).count(), 2, "{xml}");
    }
}
