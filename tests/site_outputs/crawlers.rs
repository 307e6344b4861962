//! The files for crawlers: `robots.txt`, which names the sitemap, and the sitemap, which lists
//! every indexable page with its absolute address.

use std::collections::BTreeSet;

use crate::common::Site;
use crate::readers::{assert_well_formed, html_files, tags, unescape};
use crate::BASE;

#[test]
fn robots_txt_names_the_absolute_sitemap() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let robots = site.read("public/robots.txt");
    assert!(
        robots
            .lines()
            .any(|l| l == "Sitemap: https://example.org/map/sitemap.xml"),
        "{robots}"
    );
    assert!(site.path("public/sitemap.xml").is_file());

    site.run(&["build", "--base-url", "https://preview.example.net/pr-7"])
        .assert_ok();
    let robots = site.read("public/robots.txt");
    assert!(
        robots
            .lines()
            .any(|l| l == "Sitemap: https://preview.example.net/pr-7/sitemap.xml"),
        "--base-url moves the sitemap: {robots}"
    );
}

#[test]
fn the_sitemap_lists_every_indexable_page_and_nothing_else_with_absolute_addresses() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let sitemap = site.read("public/sitemap.xml");
    assert_well_formed(&sitemap, "sitemap.xml");
    assert!(sitemap.contains(r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9""#));
    let locs: Vec<String> = sitemap
        .split("<loc>")
        .skip(1)
        .map(|s| unescape(&s[..s.find("</loc>").unwrap()]))
        .collect();
    let unique: BTreeSet<String> = locs.iter().cloned().collect();
    assert_eq!(unique.len(), locs.len(), "no address twice");
    for loc in &locs {
        assert!(loc.starts_with(BASE), "absolute: {loc}");
        assert!(
            !loc.contains("/search/")
                && !loc.contains("404")
                && !loc.ends_with(".xml")
                && !loc.ends_with(".md"),
            "the sitemap lists {loc}"
        );
    }
    for link in tags(&sitemap, "xhtml:link") {
        assert!(link["href"].starts_with(BASE), "absolute: {link:?}");
    }
    // Every page a reader can land on, in every language, and nothing more.
    let pages: BTreeSet<String> = html_files(&site)
        .into_iter()
        .filter_map(|(path, _)| path.strip_suffix("index.html").map(str::to_string))
        .filter(|folder| !folder.ends_with("search/"))
        .map(|folder| format!("{BASE}{folder}"))
        .collect();
    assert_eq!(unique, pages);
    assert!(unique.contains(&format!("{BASE}fr/paper/1000.00001/")));
    assert!(!sitemap.contains("1000.00005"), "no draft");
}
