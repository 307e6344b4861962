//! A map with more pages than `search_part_size` gets its search index in parts: the first in
//! `pagefind/` with Pagefind's program and interface, the others' index files in
//! `pagefind/part-<n>/`, which every search page names for Pagefind to merge.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{fragment_urls, Site};

/// The minimal fixture with `search_part_size = size` in its `[map]`.
fn fixture_with_part_size(size: usize) -> Site {
    let site = Site::fixture("minimal");
    site.edit(
        "site.toml",
        "[map]",
        &format!("[map]\nsearch_part_size = {size}"),
    );
    site
}

fn page_counts(site: &Site, part: &str) -> BTreeMap<String, u64> {
    let entry: serde_json::Value =
        serde_json::from_str(&site.read(&format!("{part}/pagefind-entry.json"))).unwrap();
    entry["languages"]
        .as_object()
        .expect("languages")
        .iter()
        .map(|(code, language)| (code.clone(), language["page_count"].as_u64().unwrap()))
        .collect()
}

#[test]
fn a_map_above_the_part_size_is_indexed_in_parts_that_hold_every_page_once() {
    let whole = Site::fixture("minimal");
    whole.build().assert_ok();
    let all = fragment_urls(&whole, "public/pagefind");
    assert!(!whole.path("public/pagefind/part-2").exists());

    // Four papers and a long-form page in each language: parts of 1, 2 and 2 pages.
    let split = fixture_with_part_size(2);
    split.build().assert_ok();
    let parts = [
        "public/pagefind",
        "public/pagefind/part-2",
        "public/pagefind/part-3",
    ];
    assert!(!split.path("public/pagefind/part-4").exists());

    let mut union: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (part, sizes) in parts.iter().zip([1, 2, 2]) {
        let counts = page_counts(&split, part);
        let expected: BTreeMap<String, u64> = ["en", "fr", "zh"]
            .iter()
            .map(|code| (code.to_string(), sizes))
            .collect();
        assert_eq!(counts, expected, "{part}");
        for (language, urls) in fragment_urls(&split, part) {
            union.entry(language).or_default().extend(urls);
        }
    }
    let sorted = |mut urls: BTreeMap<String, Vec<String>>| {
        urls.values_mut().for_each(|u| u.sort());
        urls
    };
    assert_eq!(
        sorted(union),
        sorted(all),
        "the parts hold the whole index's pages, each once"
    );
}

#[test]
fn the_other_parts_hold_only_index_files_and_every_search_page_merges_them() {
    let site = fixture_with_part_size(2);
    site.build().assert_ok();
    for part in ["public/pagefind/part-2", "public/pagefind/part-3"] {
        let names: BTreeSet<String> = site
            .tree(part)
            .keys()
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .collect();
        assert!(names.contains("pagefind-entry.json"), "{part}: {names:?}");
        for name in &names {
            let top = name.split('/').next().unwrap();
            assert!(
                name == "pagefind-entry.json"
                    || name.ends_with(".pf_meta")
                    || ["fragment", "index", "filter"].contains(&top),
                "{part} holds {name}, which only the first part needs"
            );
        }
    }
    // The first part keeps the program and the interface.
    for file in ["pagefind.js", "pagefind-ui.js", "wasm.en.pagefind"] {
        assert!(
            site.path(&format!("public/pagefind/{file}")).is_file(),
            "{file}"
        );
    }
    for prefix in ["", "fr/", "zh/"] {
        let page = site.read(&format!("public/{prefix}search/index.html"));
        assert!(
            page.contains(r#"data-bundle="/map/pagefind/" data-merge="/map/pagefind/part-2/ /map/pagefind/part-3/""#),
            "{prefix}search/ names the parts after the first"
        );
    }
}

#[test]
fn a_map_within_the_part_size_has_one_index_and_nothing_to_merge() {
    let site = fixture_with_part_size(5);
    site.build().assert_ok();
    assert!(!site.path("public/pagefind/part-2").exists());
    let page = site.read("public/search/index.html");
    assert!(page.contains(r#"data-bundle="/map/pagefind/""#));
    assert!(!page.contains("data-merge"), "{page}");
}

#[test]
fn a_part_size_below_one_is_an_error_at_its_place() {
    let site = fixture_with_part_size(0);
    site.build()
        .assert_error("site.toml:15:20: search_part_size must be a whole number of at least 1");
    assert!(!site.path("public").exists(), "nothing is written");
}

#[test]
fn a_page_that_fails_reports_its_own_error_makes_no_index_and_keeps_the_last_output() {
    // The index is made after the pages; a failed page ends the build before it, and only the
    // page's error is the build's.
    let site = fixture_with_part_size(1);
    site.build().assert_ok();
    let before = site.tree("public");
    site.edit(
        "themes/default/templates/base.html",
        "key=\"skip-to-content\"",
        "key=\"skip-to-contnet\"",
    );
    let run = site.build();
    assert_eq!(run.code, 1, "{}", run.stderr);
    run.assert_error("no message `skip-to-contnet`");
    assert!(!run.stderr.contains("search index"), "{}", run.stderr);
    assert_eq!(site.tree("public"), before, "the last good output stays");
}

#[test]
fn a_build_that_cannot_keep_its_search_records_aside_says_where_and_keeps_the_last_output() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let before = site.tree("public");
    // A change, so that the build is not skipped as one with nothing new.
    site.edit("site.toml", "[map]", "[map]\nsearch_part_size = 2");
    let missing = site.path("no-such-folder");
    let run: common::Run = std::process::Command::new(env!("CARGO_BIN_EXE_papermap"))
        .arg("build")
        .current_dir(site.root())
        .env("TMPDIR", &missing)
        .output()
        .expect("run papermap")
        .into();
    run.assert_error(&format!(
        "cannot keep the search records in a temporary file in {}",
        missing.display()
    ));
    run.assert_error("set TMPDIR to a folder with room");
    assert!(
        site.tree("public") == before,
        "the last output is as it was"
    );
    assert!(!site.path("public/pagefind/part-2").exists());
}

#[test]
fn fragments_are_grouped_about_ten_to_a_file_and_each_page_has_one() {
    let site = Site::example();
    site.build().assert_ok();
    let counts = page_counts(&site, "public/pagefind");
    let urls = fragment_urls(&site, "public/pagefind");
    assert_eq!(
        urls.keys().collect::<Vec<_>>(),
        counts.keys().collect::<Vec<_>>()
    );
    let fragment_files = site.tree("public/pagefind/fragment");
    for (language, pages) in counts {
        let files = fragment_files
            .keys()
            .filter(|p| p.to_string_lossy().starts_with(&format!("{language}_")))
            .count();
        assert!(pages > 10, "{language}: the example has more than a group");
        assert_eq!(
            files as u64,
            pages.div_ceil(10),
            "{language}: fragment files"
        );
        let distinct: BTreeSet<&String> = urls[&language].iter().collect();
        assert_eq!(
            distinct.len() as u64,
            pages,
            "{language}: one fragment a page"
        );
        assert_eq!(urls[&language].len() as u64, pages);
    }
}
