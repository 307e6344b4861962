//! The client-side search: the Pagefind bundle and a search page per locale, the search form
//! on every page, and the bundle's bytes the same on every build.

use std::collections::BTreeMap;

use crate::common::Site;
use crate::readers::{between, html_files, locale_of, message, meta, prefix_of, tags};

#[test]
fn the_search_bundle_and_a_search_page_per_locale_are_built() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    for file in [
        "pagefind.js",
        "pagefind-ui.js",
        "pagefind-ui.css",
        "pagefind-entry.json",
    ] {
        assert!(
            site.path(&format!("public/pagefind/{file}")).is_file(),
            "{file}"
        );
    }
    let entry: serde_json::Value =
        serde_json::from_str(&site.read("public/pagefind/pagefind-entry.json")).unwrap();
    let languages = entry["languages"].as_object().expect("languages");
    let codes: Vec<&str> = languages.keys().map(String::as_str).collect();
    assert_eq!(codes, ["en", "fr", "zh"]);
    for (code, language) in languages {
        // Four published papers and one long-form page, in each language.
        assert_eq!(language["page_count"], 5, "{code}: {language}");
    }
    for locale in ["en", "fr", "zh"] {
        let file = format!("public/{}search/index.html", prefix_of(locale));
        let page = site.read(&file);
        assert_eq!(meta(&page, "robots"), ["noindex"], "{file}");
        assert!(
            page.contains(&format!("<html lang=\"{locale}\">")),
            "{file}"
        );
        assert!(
            page.contains(&format!(
                "<h1 id=\"search-heading\">{}</h1>",
                message(&site, locale, "search-heading")
            )),
            "{file}"
        );
        assert!(
            page.contains(r#"src="/map/pagefind/pagefind-ui.js""#),
            "{file}"
        );
    }
}

#[test]
fn every_page_has_a_search_form_leading_to_its_locale_search_page() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let files = html_files(&site);
    assert!(files.len() > 40, "{} pages", files.len());
    for (path, html) in files {
        let locale = locale_of(&path);
        let header = between(&html, r#"<header class="site-header">"#, "</header>")
            .unwrap_or_else(|| panic!("{path} has a site header"));
        let forms = tags(header, "form");
        let action = format!("/map/{}search/", prefix_of(locale));
        assert!(
            forms
                .iter()
                .any(|f| f.get("role").map(String::as_str) == Some("search")
                    && f.get("action") == Some(&action)),
            "{path}: a search form leading to {action}: {forms:?}"
        );
    }
}

#[test]
fn the_search_bundle_is_the_same_bytes_on_every_build() {
    let first = Site::fixture("minimal");
    first.build().assert_ok();
    let bundle = first.tree("public/pagefind");
    assert!(bundle.len() > 10, "{:?}", bundle.keys());

    first.build().assert_ok();
    assert!(
        first.tree("public/pagefind") == bundle,
        "a second build of the same folder gives the same bundle"
    );

    let second = Site::fixture("minimal");
    second.build().assert_ok();
    let other = second.tree("public/pagefind");
    let names = |t: &BTreeMap<std::path::PathBuf, Vec<u8>>| t.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&other), names(&bundle), "the same file names");
    for (path, bytes) in &bundle {
        assert!(other[path] == *bytes, "{} differs", path.display());
    }
}
