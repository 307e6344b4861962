//! `sitemap.xml`: every HTML page of the site in every language, each with its alternates in
//! the other languages (`xhtml:link rel="alternate" hreflang`) and an `x-default`, as search
//! engines read them.

use std::fmt::Write;

use crate::config::Config;

use super::Urls;
use crate::templates::escape_html as escape;

/// The sitemap of the pages at `paths` (paths inside the site, without locale).
pub fn sitemap(config: &Config, urls: &Urls, paths: &[String]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    let default = &config.default_language().code;
    for path in paths {
        for language in &config.languages {
            let _ = writeln!(
                out,
                "  <url>\n    <loc>{}</loc>",
                escape(&urls.absolute(&language.code, path))
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
                escape(&urls.absolute(default, path))
            );
        }
    }
    out.push_str("</urlset>\n");
    out
}
