//! Link integrity of a rendered site: every internal link (`href`, `src`) of every HTML page
//! leads to a file of the site, and every `#fragment` to an element of that page with that id.
//! The site's own absolute addresses (canonical links, alternates) count as internal; other
//! hosts and schemes are not followed.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, RandomState};

use lol_html::html_content::Element;
use lol_html::{element, HtmlRewriter, Settings};
use percent_encoding::percent_decode_str;

/// A link that leads nowhere.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct BrokenLink {
    /// The page that holds it, as a path in the site (`fr/paper/2208.11695/index.html`).
    pub page: String,
    /// The link as written.
    pub link: String,
    pub reason: String,
    /// The path in the site it leads to when no file is there (`pagefind/gone.js`).
    pub missing: Option<String>,
}

impl BrokenLink {
    fn new(page: &str, link: String, reason: String) -> BrokenLink {
        BrokenLink {
            page: page.to_string(),
            link,
            reason,
            missing: None,
        }
    }
}

/// What the links of one page lead to and the ids it holds.
struct Scanned {
    links: Vec<String>,
    ids: HashSet<String>,
}

/// Checks a site's pages one at a time, as they are made, so that no more than one page needs
/// to be held at once (`papermap check` of a 100 000-paper map held 9.5 to 18.5 GB of pages).
/// Where a link leads is known from the site's files; two kinds of link wait for
/// [`Checker::finish`]: one to an element of another page, which needs that page's ids, and one
/// to a file not known yet (the search bundle's, made meanwhile).
pub struct Checker<'s> {
    base_url: &'s str,
    base_path: String,
    files: &'s HashSet<&'s str>,
    ids: RandomState,
}

/// What checking a page leaves for [`Checker::finish`].
pub struct CheckedPage {
    path: String,
    /// The links found broken on the page itself.
    broken: Vec<BrokenLink>,
    /// Its ids, hashed and sorted: a few bytes each to keep for every page until the end.
    ids: Vec<u64>,
    /// Its links that wait: (link as written, where it leads).
    waiting: Vec<(String, Leads)>,
}

/// Where a link leads.
enum Leads {
    /// Outside the site, or to a file as a whole: nothing more to check.
    Nowhere,
    /// To the element of a file with an id: (file, id).
    Element(String, String),
    /// To a path that is not among the files known yet: (path, id if any).
    Unknown(String, Option<String>),
}

impl<'s> Checker<'s> {
    /// A checker of the pages of a site whose files, those known before its pages are checked,
    /// are `files`; the site is served from `base_url`.
    pub fn new(base_url: &'s str, files: &'s HashSet<&'s str>) -> Checker<'s> {
        Checker {
            base_url,
            base_path: base_path_of(base_url),
            files,
            ids: RandomState::new(),
        }
    }

    /// The links of the HTML page at `path` (in the site), checked as far as the page alone
    /// tells.
    pub fn page(&self, path: &str, html: &[u8]) -> CheckedPage {
        let scanned = scan(html);
        let mut broken = Vec::new();
        let mut waiting = Vec::new();
        for link in scanned.links {
            let leads = match self.resolve(path, &link) {
                Ok(leads) => leads,
                Err(reason) => {
                    broken.push(BrokenLink::new(path, link, reason));
                    continue;
                }
            };
            match leads {
                Leads::Nowhere => {}
                Leads::Element(file, id) if file == path => {
                    if !scanned.ids.contains(&id) {
                        broken.push(BrokenLink::new(path, link, no_such_id(&file, &id)));
                    }
                }
                leads => waiting.push((link, leads)),
            }
        }
        let mut ids: Vec<u64> = scanned.ids.iter().map(|id| self.ids.hash_one(id)).collect();
        ids.sort_unstable();
        CheckedPage {
            path: path.to_string(),
            broken,
            ids,
            waiting,
        }
    }

    /// Every broken link of the checked pages, sorted, each once, in the site whose files are
    /// those given to [`Checker::new`] and `later`.
    pub fn finish(&self, pages: Vec<CheckedPage>, later: &HashSet<&str>) -> Vec<BrokenLink> {
        let ids: HashMap<&str, &[u64]> = pages
            .iter()
            .map(|page| (page.path.as_str(), page.ids.as_slice()))
            .collect();
        let mut broken: Vec<BrokenLink> = Vec::new();
        for page in &pages {
            broken.extend(page.broken.iter().cloned());
            for (link, leads) in &page.waiting {
                let (file, id) = match leads {
                    Leads::Nowhere => continue,
                    Leads::Element(file, id) => (file.clone(), Some(id)),
                    Leads::Unknown(target, id) => match file_at(later, target) {
                        Some(file) => (file, id.as_ref()),
                        None => {
                            broken.push(BrokenLink {
                                missing: Some(target.trim_start_matches('/').to_string()),
                                ..BrokenLink::new(&page.path, link.clone(), no_such_file(target))
                            });
                            continue;
                        }
                    },
                };
                let Some(id) = id else { continue };
                let hash = self.ids.hash_one(id);
                let found = ids
                    .get(file.as_str())
                    .is_some_and(|ids| ids.binary_search(&hash).is_ok());
                if !found {
                    broken.push(BrokenLink::new(
                        &page.path,
                        link.clone(),
                        no_such_id(&file, id),
                    ));
                }
            }
        }
        broken.sort();
        broken.dedup();
        broken
    }

    /// Where `link`, found on `page`, leads; why not if it is outside the site's base path.
    fn resolve(&self, page: &str, link: &str) -> Result<Leads, String> {
        let link = link.trim();
        let (address, fragment) = match link.split_once('#') {
            Some((address, fragment)) => (address, Some(fragment)),
            None => (link, None),
        };
        let address = address.split('?').next().unwrap_or_default();
        let target = if address.is_empty() {
            page.to_string()
        } else {
            let from_host_root = if let Some(path) = self.own_address(address) {
                path
            } else if address.starts_with("//") || has_scheme(address) {
                return Ok(Leads::Nowhere);
            } else if address.starts_with('/') {
                address.to_string()
            } else {
                relative(&format!("{}/{page}", self.base_path), address)
            };
            self.in_site(&from_host_root).ok_or_else(|| {
                format!(
                    "{address} is outside the site, whose pages are under {}/",
                    self.base_path
                )
            })?
        };
        let target = percent_decode_str(&target).decode_utf8_lossy().into_owned();
        let id = fragment
            .filter(|fragment| !fragment.is_empty())
            .map(|fragment| {
                percent_decode_str(fragment)
                    .decode_utf8_lossy()
                    .into_owned()
            });
        Ok(match (file_at(self.files, &target), id) {
            (None, id) => Leads::Unknown(target, id),
            (Some(file), Some(id)) => Leads::Element(file, id),
            (Some(_), None) => Leads::Nowhere,
        })
    }

    /// The path from the host's root of an address that names the site itself, with its
    /// scheme (`https://example.org/map/about/`) or without (`//example.org/map/about/`);
    /// `None` for any other address.
    fn own_address(&self, address: &str) -> Option<String> {
        let absolute = match address.strip_prefix("//") {
            Some(rest) => {
                let scheme = self.base_url.split_once("://")?.0;
                format!("{scheme}://{rest}")
            }
            None => address.to_string(),
        };
        let rest = absolute.strip_prefix(self.base_url)?;
        (rest.is_empty() || rest.starts_with('/')).then(|| format!("{}/{rest}", self.base_path))
    }

    /// The path in the site of a path from the host's root, once its `.` and `..` are resolved;
    /// `None` when that is outside the site's base path.
    fn in_site(&self, from_host_root: &str) -> Option<String> {
        let path = without_dot_segments(from_host_root);
        let rest = path.strip_prefix(self.base_path.as_str())?;
        (rest.is_empty() || rest.starts_with('/')).then(|| rest.trim_start_matches('/').to_string())
    }
}

/// The file of `files` a path in the site is served from: itself, or the `index.html` of its
/// folder.
fn file_at(files: &HashSet<&str>, target: &str) -> Option<String> {
    let target = target.trim_start_matches('/');
    if !target.is_empty() && !target.ends_with('/') && files.contains(target) {
        return Some(target.to_string());
    }
    let folder = target.trim_end_matches('/');
    let index = if folder.is_empty() {
        "index.html".to_string()
    } else {
        format!("{folder}/index.html")
    };
    files.contains(index.as_str()).then_some(index)
}

fn no_such_file(target: &str) -> String {
    format!(
        "there is no page or file at /{}",
        target.trim_start_matches('/')
    )
}

fn no_such_id(file: &str, fragment: &str) -> String {
    format!("/{file} has no element with the id `{fragment}`")
}

fn scan(html: &[u8]) -> Scanned {
    let links = RefCell::new(Vec::new());
    let ids = RefCell::new(HashSet::new());
    let ids_of = |el: &mut Element, attribute: &str| {
        ids.borrow_mut().extend(el.get_attribute(attribute));
        Ok(())
    };
    let links_of = |el: &mut Element, attribute: &str| {
        links.borrow_mut().extend(el.get_attribute(attribute));
        Ok(())
    };
    {
        // A selector an attribute, so that an element without any of them (most of a page's)
        // calls no handler at all.
        let mut rewriter = HtmlRewriter::new(
            Settings::new()
                .append_element_content_handler(element!("[id]", |el| ids_of(el, "id")))
                .append_element_content_handler(element!("a[name]", |el| ids_of(el, "name")))
                .append_element_content_handler(element!("[href]", |el| links_of(el, "href")))
                .append_element_content_handler(element!("[src]", |el| links_of(el, "src"))),
            |_: &[u8]| {},
        );
        // The pages are the renderer's own, well-formed HTML: a parse error only loses links.
        let _ = rewriter.write(html);
        let _ = rewriter.end();
    }
    Scanned {
        links: links.into_inner(),
        ids: ids.into_inner(),
    }
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

/// A relative address resolved against the folder of `page` (both from the host's root).
fn relative(page: &str, address: &str) -> String {
    let folder = page.rsplit_once('/').map_or("", |(folder, _)| folder);
    without_dot_segments(&format!("{folder}/{address}"))
}

/// A path from the host's root with its `.` and `..` segments resolved as a browser resolves
/// them (a `..` at the root stays there), and without empty segments.
fn without_dot_segments(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    let mut resolved = format!("/{}", parts.join("/"));
    let names_a_folder = path.ends_with('/') || path.ends_with("/.") || path.ends_with("/..");
    if names_a_folder && !resolved.ends_with('/') {
        resolved.push('/');
    }
    resolved
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The broken links of a site whose files are `files` and whose HTML pages are `pages`
    /// (path, contents), served from `base_url`.
    fn check(base_url: &str, pages: &[(&str, &str)], files: &HashSet<&str>) -> Vec<BrokenLink> {
        let checker = Checker::new(base_url, files);
        let checked = pages
            .iter()
            .map(|&(path, html)| checker.page(path, html.as_bytes()))
            .collect();
        checker.finish(checked, &HashSet::new())
    }

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
    fn links_to_files_made_later_wait_for_them() {
        let pages = [(
            "search/index.html",
            r#"<script src="/map/pagefind/pagefind.js"></script>
            <a href="/map/pagefind/gone.js">gone</a> <a href="/map/pagefind/pagefind.js#x">no id</a>"#,
        )];
        let files: HashSet<&str> = pages.iter().map(|(p, _)| *p).collect();
        let checker = Checker::new("https://example.org/map", &files);
        let checked = pages
            .iter()
            .map(|&(p, html)| checker.page(p, html.as_bytes()))
            .collect();
        let later = HashSet::from(["pagefind/pagefind.js"]);
        let found: Vec<(String, String)> = checker
            .finish(checked, &later)
            .into_iter()
            .map(|b| (b.link, b.reason))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "/map/pagefind/gone.js".to_string(),
                    "there is no page or file at /pagefind/gone.js".to_string()
                ),
                (
                    "/map/pagefind/pagefind.js#x".to_string(),
                    "/pagefind/pagefind.js has no element with the id `x`".to_string()
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
    fn dot_segments_and_addresses_without_a_scheme_resolve_as_a_browser_resolves_them() {
        // `/map/fr/../about/` is the about page, as a browser reads it; `//example.org/map/…`
        // (no scheme) is the site's own, and was never followed.
        let pages = [
            ("about/index.html", "<p id=\"x\"></p>"),
            (
                "fr/index.html",
                r#"<a href="/map/fr/../about/">up</a> <a href="/map/./about/#x">dot</a>
                <a href="https://example.org/map/fr/../about/">absolute</a>
                <a href="//example.org/map/about/#x">no scheme</a>
                <a href="//example.org/map/gone/">no scheme, gone</a>
                <a href="//other.org/map/gone/">another host</a>
                <a href="../../../up/">above the site</a>
                <a href="/map/../elsewhere/">above the base path</a>"#,
            ),
        ];
        let files: HashSet<&str> = pages.iter().map(|(p, _)| *p).collect();
        let found: Vec<(String, String)> = check("https://example.org/map", &pages, &files)
            .into_iter()
            .map(|b| (b.link, b.reason))
            .collect();
        let outside =
            |address: &str| format!("{address} is outside the site, whose pages are under /map/");
        assert_eq!(
            found,
            [
                ("../../../up/".to_string(), outside("../../../up/")),
                ("//example.org/map/gone/".to_string(), no_such_file("gone/")),
                (
                    "/map/../elsewhere/".to_string(),
                    outside("/map/../elsewhere/")
                ),
            ]
        );
        // At the host's root, a browser stops at the root.
        let root = [
            ("fr/index.html", r#"<a href="../../">root</a>"#),
            ("index.html", ""),
        ];
        let files: HashSet<&str> = root.iter().map(|(p, _)| *p).collect();
        assert!(check("https://example.org", &root, &files).is_empty());
    }

    #[test]
    fn resolves_relative_and_encoded_addresses() {
        assert_eq!(relative("/a/b/index.html", "../c/"), "/a/c/");
        assert_eq!(relative("/index.html", "paper/1/"), "/paper/1/");
        assert_eq!(relative("/a/index.html", "."), "/a/");
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
