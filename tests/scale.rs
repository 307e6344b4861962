//! A synthetic map of 2 000 papers (the benchmark's generator, `examples/synthetic/`): every
//! page is built, and the parts that `build --shard i/n` write add up to the whole build byte
//! for byte; on a smaller map, so do those of `build --locale L`. Correctness only: the timings
//! are the benchmark's.

#[allow(dead_code)]
#[path = "../examples/synthetic/main.rs"]
mod synthetic;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const PAPERS: usize = 2000;

fn papermap(root: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_papermap"))
        .args(args)
        .current_dir(root)
        .output()
        .expect("run papermap");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "papermap {args:?} failed\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let place = e.path().strip_prefix(dir).unwrap();
            (
                place.to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

fn assert_same(part: &str, parts: &BTreeMap<String, Vec<u8>>, whole: &BTreeMap<String, Vec<u8>>) {
    let missing: Vec<&String> = whole.keys().filter(|k| !parts.contains_key(*k)).collect();
    let extra: Vec<&String> = parts.keys().filter(|k| !whole.contains_key(*k)).collect();
    let differ: Vec<&String> = whole
        .iter()
        .filter(|(k, v)| parts.get(*k).is_some_and(|p| p != *v))
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty() && differ.is_empty(),
        "{part}: missing {:?}, extra {:?}, different {:?}",
        &missing[..missing.len().min(5)],
        &extra[..extra.len().min(5)],
        &differ[..differ.len().min(5)]
    );
}

#[test]
fn a_synthetic_map_builds_every_page_and_its_shards_add_up_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("site");
    let (papers, translated) = synthetic::generate(PAPERS, &root).unwrap();
    assert_eq!(papers, PAPERS);
    assert!(
        translated > PAPERS / 5,
        "about 30 % translated: {translated}"
    );

    let summary = papermap(&root, &["build", "--output", "whole"]);
    let whole = tree(&root.join("whole"));
    for prefix in ["", "fr/", "zh/"] {
        let paper_pages = whole
            .keys()
            .filter(|k| k.starts_with(&format!("{prefix}paper/")) && k.ends_with("/index.html"))
            .filter(|k| k.matches('/').count() == prefix.matches('/').count() + 2)
            .count();
        assert_eq!(paper_pages, PAPERS, "paper pages in /{prefix}");
    }
    // The summary counts every HTML page of each locale.
    for locale in ["en", "fr", "zh"] {
        let prefix = if locale == "en" {
            String::new()
        } else {
            format!("{locale}/")
        };
        let pages = whole
            .keys()
            .filter(|k| k.ends_with(".html"))
            .filter(|k| {
                if locale == "en" {
                    !k.starts_with("fr/") && !k.starts_with("zh/")
                } else {
                    k.starts_with(&prefix)
                }
            })
            .count();
        assert!(
            summary.contains(&format!("{locale} {pages}")),
            "{locale}: {pages} pages written, summary: {summary}"
        );
    }

    for i in 1..=3 {
        let shard = format!("{i}/3");
        papermap(&root, &["build", "--shard", &shard, "--output", "shards"]);
    }
    assert_same("--shard i/3", &tree(&root.join("shards")), &whole);
}

#[test]
fn the_locale_parts_of_a_map_add_up_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("site");
    synthetic::generate(60, &root).unwrap();
    papermap(&root, &["build", "--output", "whole"]);
    for locale in ["zh", "fr", "en"] {
        papermap(&root, &["build", "--locale", locale, "--output", "locales"]);
    }
    assert_same(
        "--locale",
        &tree(&root.join("locales")),
        &tree(&root.join("whole")),
    );
    // A locale and a shard combine.
    for locale in ["en", "fr", "zh"] {
        for shard in ["1/2", "2/2"] {
            papermap(
                &root,
                &[
                    "build", "--locale", locale, "--shard", shard, "--output", "both",
                ],
            );
        }
    }
    assert_same(
        "--locale and --shard",
        &tree(&root.join("both")),
        &tree(&root.join("whole")),
    );
}

#[test]
fn a_part_names_a_language_of_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("site");
    synthetic::generate(3, &root).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_papermap"))
        .args(["build", "--locale", "de"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the site has no language `de`; its languages are en, fr, zh"),
        "{stderr}"
    );
    let output = Command::new(env!("CARGO_BIN_EXE_papermap"))
        .args(["build", "--shard", "4/3"])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "a shard that does not exist is a usage error"
    );
}
