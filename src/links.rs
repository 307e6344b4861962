//! Link integrity of a rendered site: every internal link (`href`, `src`) of every HTML page
//! leads to a file of the site, and every `#fragment` to an element of that page with that id.
//! The site's own absolute addresses (canonical links, alternates) count as internal; other
//! hosts and schemes are not followed.

use std::collections::{HashMap, HashSet};

use lol_html::{element, HtmlRewriter, Settings};
use percent_encoding::percent_decode_str;
use rayon::prelude::*;

/// A link that leads nowhere.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct BrokenLink {
    /// The page that holds it, as a path in the site (`fr/paper/2208.11695/index.html`).
    pub page: String,
    /// The link as written.
    pub link: String,
    pub reason: String,
}

/// What the links of one page lead to and the ids it holds.
struct Scanned {
    links: Vec<String>,
    ids: HashSet<String>,
}

/// The broken links of a site whose files are `files` (paths in the site) and whose HTML pages
/// are `pages` (path, contents), served from `base_url` (`https://example.org/map`), sorted.
pub fn check<'a>(
    base_url: &str,
    pages: &[(&'a str, &'a str)],
    files: &HashSet<&str>,
) -> Vec<BrokenLink> {
    let scanned: HashMap<&str, Scanned> = pages
        .par_iter()
        .map(|&(path, html)| (path, scan(html)))
        .collect();
    let base_path = base_path_of(base_url);
    let mut broken: Vec<BrokenLink> = pages
        .par_iter()
        .flat_map_iter(|&(page, _)| {
            let site = Site {
                base_url,
                base_path: &base_path,
                files,
                scanned: &scanned,
            };
            scanned[page]
                .links
                .iter()
                .filter_map(move |link| {
                    site.resolve(page, link).err().map(|reason| BrokenLink {
                        page: page.to_string(),
                        link: link.clone(),
                        reason,
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect();
    broken.sort();
    broken.dedup();
    broken
}

struct Site<'s> {
    base_url: &'s str,
    base_path: &'s str,
    files: &'s HashSet<&'s str>,
    scanned: &'s HashMap<&'s str, Scanned>,
}

impl Site<'_> {
    /// Whether `link`, found on `page`, leads somewhere; why not if it does not.
    fn resolve(&self, page: &str, link: &str) -> Result<(), String> {
        let link = link.trim();
        let (address, fragment) = match link.split_once('#') {
            Some((address, fragment)) => (address, Some(fragment)),
            None => (link, None),
        };
        let address = address.split('?').next().unwrap_or_default();
        let target = if address.is_empty() {
            page.to_string()
        } else if let Some(within) = self.within_site(address) {
            within?
        } else if address.starts_with("//") || has_scheme(address) {
            return Ok(());
        } else {
            relative(page, address)
        };
        let target = percent_decode_str(&target).decode_utf8_lossy().into_owned();
        let file = self.file_at(&target).ok_or_else(|| {
            format!(
                "there is no page or file at /{}",
                target.trim_start_matches('/')
            )
        })?;
        match fragment {
            Some(fragment) if !fragment.is_empty() => {
                let fragment = percent_decode_str(fragment).decode_utf8_lossy();
                let found = self
                    .scanned
                    .get(file.as_str())
                    .is_some_and(|page| page.ids.contains(fragment.as_ref()));
                if found {
                    Ok(())
                } else {
                    Err(format!("/{file} has no element with the id `{fragment}`"))
                }
            }
            _ => Ok(()),
        }
    }

    /// The path in the site of an address that names the site itself (absolutely or from the
    /// host's root); an error when it is on the site's host but outside its base path; `None`
    /// when it is not the site's.
    fn within_site(&self, address: &str) -> Option<Result<String, String>> {
        if let Some(rest) = address.strip_prefix(self.base_url) {
            if rest.is_empty() || rest.starts_with('/') {
                return Some(Ok(rest.trim_start_matches('/').to_string()));
            }
            return None;
        }
        if !address.starts_with('/') || address.starts_with("//") {
            return None;
        }
        Some(match address.strip_prefix(self.base_path) {
            Some(rest) if rest.starts_with('/') || rest.is_empty() => {
                Ok(rest.trim_start_matches('/').to_string())
            }
            _ => Err(format!(
                "{address} is outside the site, whose pages are under {}/",
                self.base_path
            )),
        })
    }

    /// The file a path in the site is served from: itself, or the `index.html` of its folder.
    fn file_at(&self, target: &str) -> Option<String> {
        let target = target.trim_start_matches('/');
        if !target.is_empty() && !target.ends_with('/') && self.files.contains(target) {
            return Some(target.to_string());
        }
        let folder = target.trim_end_matches('/');
        let index = if folder.is_empty() {
            "index.html".to_string()
        } else {
            format!("{folder}/index.html")
        };
        self.files.contains(index.as_str()).then_some(index)
    }
}

fn scan(html: &str) -> Scanned {
    let mut links = Vec::new();
    let mut ids = HashSet::new();
    {
        let mut rewriter = HtmlRewriter::new(
            Settings::new().append_element_content_handler(element!("*", |el| {
                if let Some(id) = el.get_attribute("id") {
                    ids.insert(id);
                }
                if el.tag_name() == "a" {
                    if let Some(name) = el.get_attribute("name") {
                        ids.insert(name);
                    }
                }
                for attribute in ["href", "src"] {
                    if let Some(link) = el.get_attribute(attribute) {
                        links.push(link);
                    }
                }
                Ok(())
            })),
            |_: &[u8]| {},
        );
        // The pages are the renderer's own, well-formed HTML: a parse error only loses links.
        let _ = rewriter.write(html.as_bytes());
        let _ = rewriter.end();
    }
    Scanned { links, ids }
}

/// `/map` of `https://example.org/map`; empty for a site at the host's root.
fn base_path_of(base_url: &str) -> String {
    let after_scheme = base_url
        .split_once("://")
        .map_or(base_url, |(_, rest)| rest);
    match after_scheme.find('/') {
        Some(slash) => after_scheme[slash..].trim_end_matches('/').to_string(),
        None => String::new(),
    }
}

fn has_scheme(address: &str) -> bool {
    match address.split_once(':') {
        Some((scheme, _)) => {
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        None => false,
    }
}

/// A relative address resolved against the folder of `page`.
fn relative(page: &str, address: &str) -> String {
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    for part in address.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    let mut path = parts.join("/");
    if address.ends_with('/') {
        path.push('/');
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(pages: &[(&str, &str)], extra: &[&str]) -> Vec<(String, String)> {
        let mut files: HashSet<&str> = pages.iter().map(|(p, _)| *p).collect();
        files.extend(extra);
        check("https://example.org/map", pages, &files)
            .into_iter()
            .map(|b| (b.page, b.link))
            .collect()
    }

    #[test]
    fn finds_missing_pages_and_fragments() {
        let pages = [
            (
                "index.html",
                r##"<a href="/map/paper/1/">ok</a> <a href="/map/paper/2/">gone</a>
                <a href="/map/paper/1/#abstract">ok</a> <a href="/map/paper/1/#nowhere">no id</a>
                <a href="#top">self</a> <p id="top"></p>
                <a href="https://other.org/x">external</a> <a href="mailto:a@b.c">mail</a>
                <link rel="canonical" href="https://example.org/map/">
                <a href="https://example.org/map/missing/">own host</a>
                <script src="/map/app.js"></script> <img src="/map/missing.png" alt="">"##,
            ),
            (
                "paper/1/index.html",
                r#"<h2 id="abstract">A</h2><a href="../../">up</a>"#,
            ),
        ];
        assert_eq!(
            broken(&pages, &["app.js"]),
            [
                ("index.html".into(), "/map/missing.png".into()),
                ("index.html".into(), "/map/paper/1/#nowhere".into()),
                ("index.html".into(), "/map/paper/2/".into()),
                (
                    "index.html".into(),
                    "https://example.org/map/missing/".into()
                ),
            ]
        );
    }

    #[test]
    fn links_outside_the_base_path_are_broken() {
        let pages = [("index.html", r#"<a href="/paper/1/">no base</a>"#)];
        let found = check(
            "https://example.org/map",
            &pages,
            &pages.iter().map(|(p, _)| *p).collect(),
        );
        assert_eq!(found.len(), 1);
        assert!(found[0].reason.contains("outside the site"), "{found:?}");
    }

    #[test]
    fn resolves_relative_and_encoded_addresses() {
        assert_eq!(relative("a/b/index.html", "../c/"), "a/c/");
        assert_eq!(relative("index.html", "paper/1/"), "paper/1/");
        let pages = [
            ("subfield/计算机/index.html", "<p id=\"x\"></p>"),
            (
                "index.html",
                r#"<a href="/map/subfield/%E8%AE%A1%E7%AE%97%E6%9C%BA/#x">cjk</a>"#,
            ),
        ];
        assert!(broken(&pages, &[]).is_empty());
    }
}
