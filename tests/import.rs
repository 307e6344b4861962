//! `papermap import openalex` through the real binary: real OpenAlex responses (a citation crawl
//! and the canonical example work) become records that build, whose in-map counts match what the
//! JSON says; importing is idempotent; hostile text is sanitized; bad input is reported.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use common::Site;
use serde_json::Value;

const SNOWBALL: [&str; 3] = [
    "snowball/keypaper_json__results_page_1.json",
    "snowball/citing_json__results_page_1.json",
    "snowball/cited_json__results_page_1.json",
];
const KEYPAPERS: &str = "fixtures/keypaper_json__results_page_1.json";
const HOSTILE: &str = "handmade/hostile.json";
const DATA_THROUGH: &str = "data through 14 Oct 2026";

fn site() -> Site {
    Site::fixture("openalex")
}

fn import(site: &Site, files: &[&str], flags: &[&str]) -> common::Run {
    let mut args = vec!["import", "openalex"];
    args.extend_from_slice(files);
    args.extend_from_slice(flags);
    site.run(&args)
}

/// The works of OpenAlex responses, read straight from the JSON.
fn works(site: &Site, files: &[&str]) -> Vec<Value> {
    files
        .iter()
        .flat_map(|f| {
            let page: Value = serde_json::from_str(&site.read(f)).unwrap();
            page["results"].as_array().unwrap().clone()
        })
        .collect()
}

fn has_title(work: &Value) -> bool {
    [&work["title"], &work["display_name"]]
        .iter()
        .any(|t| t.as_str().is_some_and(|t| !t.trim().is_empty()))
}

/// OpenAlex id (`W…`) → record id, read from the `links.openalex` of the written records.
fn record_ids(site: &Site) -> BTreeMap<String, String> {
    let mut ids = BTreeMap::new();
    for (path, bytes) in site.tree("content/papers") {
        let text = String::from_utf8(bytes).unwrap();
        let id = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            text.starts_with(&format!("---\nid: \"{id}\"\n")),
            "{path:?}:\n{text}"
        );
        let openalex = text
            .lines()
            .find_map(|l| l.strip_prefix("  openalex: \"https://openalex.org/"))
            .unwrap_or_else(|| panic!("no openalex link in {path:?}"))
            .trim_end_matches('"')
            .to_string();
        ids.insert(openalex, id);
    }
    ids
}

fn short_id(url: &Value) -> String {
    url.as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .to_string()
}

/// The text of a page's abstract, tags removed.
fn abstract_text(page: &str) -> Option<String> {
    let start = page.find("<div class=\"abstract-text\"")?;
    let start = start + page[start..].find('>')? + 1;
    let end = start + page[start..].find("</div>")?;
    let mut text = String::new();
    let mut in_tag = false;
    for c in page[start..end].chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    Some(text)
}

#[test]
fn a_citation_crawl_builds_with_the_in_map_counts_of_its_json() {
    let site = site();
    // One work of the crawl (W2963341956) has neither `title` nor `display_name`.
    import(&site, &SNOWBALL, &["--strict"]).assert_error(
        "snowball/cited_json__results_page_1.json: results[1].title: the work has no title",
    );
    assert!(!site.path("content/papers").exists(), "nothing is written");

    let run = import(&site, &SNOWBALL, &[]);
    run.assert_ok();
    assert!(
        run.stderr.contains("warning: snowball/cited_json__results_page_1.json: results[1].title: the work has no title"),
        "{}",
        run.stderr
    );
    let all = works(&site, &SNOWBALL);
    let set: Vec<&Value> = all.iter().filter(|w| has_title(w)).collect();
    assert_eq!((all.len(), set.len()), (46, 45));
    assert!(
        run.stdout.contains(
            "papermap: imported 45 works (45 new, 0 updated, 0 unchanged) into content/papers"
        ),
        "{}",
        run.stdout
    );

    let ids = record_ids(&site);
    assert_eq!(ids.len(), 45);
    // arXiv ids from an arXiv DOI, from an /abs/ landing page, from a /pdf/ landing page.
    assert_eq!(ids["W2525778437"], "1609.08144");
    assert_eq!(ids["W3045921891"], "2007.14454");
    assert_eq!(ids["W3101913037"], "1109.2128");
    assert_eq!(ids["W2807650837"], "1806.03537");
    assert_eq!(ids["W2153579005"], "W2153579005");
    let arxiv = site.read("content/papers/1609.08144.md");
    assert!(arxiv.contains("  arxiv: \"https://arxiv.org/abs/1609.08144\"\n"));
    assert!(arxiv.contains("  doi: \"https://doi.org/10.48550/arxiv.1609.08144\"\n"));

    site.build().assert_ok();

    let in_set: BTreeSet<String> = set.iter().map(|w| short_id(&w["id"])).collect();
    for work in &set {
        let w = short_id(&work["id"]);
        let cited_by = set
            .iter()
            .filter(|v| {
                v["referenced_works"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|r| short_id(r) == w)
            })
            .count();
        let builds_on: BTreeSet<String> = work["referenced_works"]
            .as_array()
            .unwrap()
            .iter()
            .map(short_id)
            .filter(|r| in_set.contains(r))
            .collect();
        let total = work["referenced_works_count"].as_u64().unwrap();
        let page = site.read(&format!("public/paper/{}/index.html", ids[&w]));
        let cited_sentence = match cited_by {
            0 => format!("Not yet cited by papers in the map ({DATA_THROUGH})."),
            1 => format!("Cited by one paper in the map ({DATA_THROUGH})."),
            n => format!("Cited by {n} papers in the map ({DATA_THROUGH})."),
        };
        assert!(page.contains(&cited_sentence), "{w}: `{cited_sentence}`");
        let builds_sentence = match total {
            0 => "Lists no references.".to_string(),
            y => format!(
                "Builds on {} of its {y} references that are in the map.",
                builds_on.len()
            ),
        };
        assert!(page.contains(&builds_sentence), "{w}: `{builds_sentence}`");
    }
}

#[test]
fn abstracts_read_as_the_original_text_and_a_null_abstract_gives_none() {
    let site = site();
    import(&site, &[KEYPAPERS], &[]).assert_ok();
    site.build().assert_ok();
    let works = works(&site, &[KEYPAPERS]);
    let ids = record_ids(&site);

    let with = works
        .iter()
        .find(|w| w["abstract_inverted_index"].is_object())
        .unwrap();
    let mut words: Vec<(u64, &str)> = Vec::new();
    for (word, positions) in with["abstract_inverted_index"].as_object().unwrap() {
        for p in positions.as_array().unwrap() {
            words.push((p.as_u64().unwrap(), word));
        }
    }
    words.sort();
    let first_sentence: Vec<&str> = words
        .iter()
        .map(|(_, w)| *w)
        .take_while(|w| !w.ends_with('.'))
        .collect();
    assert!(first_sentence.len() > 10, "{first_sentence:?}");
    let id = &ids[&short_id(&with["id"])];
    let page = site.read(&format!("public/paper/{id}/index.html"));
    let text = abstract_text(&page).expect("an abstract");
    let mut rest = text.as_str();
    for word in &first_sentence {
        let at = rest
            .find(word)
            .unwrap_or_else(|| panic!("`{word}` is missing, or out of order, in:\n{text}"));
        rest = &rest[at + word.len()..];
    }
    assert!(page.contains("Retrieved live from OpenAlex and de-inverted."));
    assert!(site
        .read(&format!("content/papers/{id}.md"))
        .contains("\nabstract_source: openalex\n---\nDespite growing interest"));

    let without = works
        .iter()
        .find(|w| w["abstract_inverted_index"].is_null())
        .unwrap();
    let id = &ids[&short_id(&without["id"])];
    let record = site.read(&format!("content/papers/{id}.md"));
    assert!(record.ends_with("reference_count: 70\n---\n"), "{record}");
    assert!(!record.contains("abstract_source"));
    let page = site.read(&format!("public/paper/{id}/index.html"));
    assert!(abstract_text(&page).is_none(), "no abstract section");
    assert!(!page.contains("Retrieved live from OpenAlex"));
}

fn mtime(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

#[test]
fn importing_twice_changes_nothing_and_changed_records_need_force() {
    let site = site();
    let files = [SNOWBALL[0], SNOWBALL[1], KEYPAPERS];
    import(&site, &files, &[]).assert_ok();
    let first = site.tree("content/papers");
    assert_eq!(first.len(), 7);
    // Unchanged files are not even rewritten.
    let old = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    for path in first.keys() {
        let file = std::fs::File::options()
            .append(true)
            .open(site.path("content/papers").join(path))
            .unwrap();
        file.set_modified(old).unwrap();
    }
    let run = import(&site, &files, &[]);
    run.assert_ok();
    assert!(
        run.stdout
            .contains("imported 7 works (0 new, 0 updated, 7 unchanged) into content/papers"),
        "{}",
        run.stdout
    );
    assert_eq!(site.tree("content/papers"), first, "identical bytes");
    for path in first.keys() {
        assert_eq!(mtime(&site.path("content/papers").join(path)), old);
    }

    // A record changed by hand is not replaced without --force, and then nothing is written.
    let changed = "content/papers/2007.14454.md";
    site.edit(changed, "title: \"Measuring", "title: \"Gauging");
    site.remove("content/papers/W2741809807.md");
    let run = import(&site, &files, &[]);
    run.assert_error("content/papers/2007.14454.md: the record of https://openalex.org/W3045921891 already exists with other content; it was not replaced");
    assert!(run.stderr.contains("--force"), "{}", run.stderr);
    assert!(run
        .stderr
        .contains("papermap: 1 error; nothing was written"));
    assert!(site.read(changed).contains("title: \"Gauging"));
    assert!(!site.path("content/papers/W2741809807.md").exists());

    let run = import(&site, &files, &["--force"]);
    run.assert_ok();
    assert!(
        run.stdout.contains("(1 new, 1 updated, 5 unchanged)"),
        "{}",
        run.stdout
    );
    assert_eq!(site.tree("content/papers"), first);
    site.build().assert_ok();
}

#[test]
fn works_already_in_the_folder_are_recognised_by_their_openalex_link() {
    let site = site();
    // A record written by hand for the key paper W3046863325, under an id of its own.
    let own = "---\nid: \"trends-oa\"\ntitle: \"Trends\"\nyear: 2020\nlinks:\n  openalex: \"https://openalex.org/W3046863325\"\n---\n";
    site.write("content/papers/trends-oa.md", own);
    import(&site, &[SNOWBALL[1]], &[]).assert_ok();
    let citing = site.read("content/papers/2304.13012.md");
    assert!(citing.contains("\n  - \"trends-oa\"\n"), "{citing}");
    assert!(!citing.contains("W3046863325"), "{citing}");
    site.build().assert_ok();
    let page = site.read("public/paper/trends-oa/index.html");
    assert!(
        page.contains(&format!("Cited by 3 papers in the map ({DATA_THROUGH}).")),
        "{page}"
    );

    // Importing the key paper itself updates that record (with --force), id and file kept.
    import(&site, &[SNOWBALL[0]], &[]).assert_error("content/papers/trends-oa.md");
    import(&site, &[SNOWBALL[0]], &["--force"]).assert_ok();
    assert!(!site.path("content/papers/W3046863325.md").exists());
    let record = site.read("content/papers/trends-oa.md");
    assert!(record.starts_with("---\nid: \"trends-oa\"\ntitle: \"Trends of Publications"));
    site.build().assert_ok();
}

#[test]
fn hostile_markup_is_sanitized_and_titles_are_clean() {
    let site = site();
    let run = import(&site, &[HOSTILE], &[]);
    run.assert_ok();
    assert!(run
        .stdout
        .contains("imported 1 work (1 new, 0 updated, 0 unchanged)"));
    let record = site.read("content/papers/W9000000001.md");
    assert!(
        record.contains("\ntitle: \"Bugs & features in E. coli\"\n"),
        "{record}"
    );
    assert!(
        record.contains("\nauthors:\n  - \"Ada Lovelace\"\nyear: 2021\n"),
        "{record}"
    );
    assert!(
        record.contains("\nsubfields:\n  - \"Microbiology\"\nreferences:\n"),
        "{record}"
    );
    assert!(record.contains("<i>E. coli</i>"), "{record}");
    for bad in ["<script", "alert(1)", "<img", "onerror", "src=x"] {
        assert!(!record.contains(bad), "`{bad}` in:\n{record}");
    }
    assert!(
        record.ends_with("---\n<i>E. coli</i> grows in 2\\*3\\*4 \\[plates\\](javascript:alert(2)) <sub>and</sub> \\#tubes\n"),
        "{record}"
    );

    site.build().assert_ok();
    let page = site.read("public/paper/W9000000001/index.html");
    assert!(
        page.contains("<h1>Bugs &amp; features in E. coli</h1>"),
        "{page}"
    );
    let start = page.find("<div class=\"abstract-text\"").unwrap();
    let div = &page[start..start + page[start..].find("</div>").unwrap()];
    assert!(
        div.contains(
            "<i>E. coli</i> grows in 2*3*4 [plates](javascript:alert(2)) <sub>and</sub> #tubes"
        ),
        "{div}"
    );
    assert!(!div.contains("<a") && !div.contains("<img") && !div.contains("<script"));
}

#[test]
fn malformed_files_name_the_file_position_and_json_path() {
    let site = site();
    let data = r#"{"results":[{"id":"https://openalex.org/W1","title":"A","publication_year":2020},{"id":"https://openalex.org/W2","title":"B","publication_year":2021},{"id":"https://openalex.org/W3","title":"C","publication_year":"x"}]}"#;
    site.write("data.json", data);
    let column = data.find(r#""x""#).unwrap() + 3;
    import(&site, &["data.json"], &[]).assert_error(&format!(
        "error: data.json:1:{column}: results[2].publication_year: invalid type: string \"x\", expected i32"
    ));

    // A long line (a minified response) is not shown under the error; a short one is.
    let line = r#"    {"id": "https://openalex.org/W1", "cited_by_count": -3}"#;
    site.write(
        "pretty.json",
        format!("{{\n  \"results\": [\n{line}\n  ]\n}}\n"),
    );
    let column = line.find("-3").unwrap() + 2;
    let run = import(&site, &["pretty.json"], &[]);
    run.assert_error(&format!("error: pretty.json:3:{column}: results[0].cited_by_count: invalid value: integer `-3`, expected u64"));
    assert!(run.stderr.contains(line), "{}", run.stderr);
    let minified = format!(
        r#"{{"meta":{{"note":"{}"}},"results":[{{"id":"W1","title":"A","publication_year":"x"}}]}}"#,
        "a".repeat(400)
    );
    site.write("minified.json", &minified);
    let column = minified.find(r#""x""#).unwrap() + 3;
    let run = import(&site, &["minified.json"], &[]);
    run.assert_error(&format!(
        "error: minified.json:1:{column}: results[0].publication_year"
    ));
    assert!(!run.stderr.contains("aaaa"), "{}", run.stderr);
    site.write("not-json.json", "title: not JSON\n");
    import(&site, &["not-json.json"], &[])
        .assert_error("error: not-json.json:1:2: the file is not valid JSON: expected ident");
    site.write("truncated.json", &data[..100]);
    import(&site, &["truncated.json"], &[]).assert_error(
        "error: truncated.json:1:100: the file is not valid JSON: EOF while parsing a string",
    );
    site.write("latin1.json", b"{\"title\": \"caf\xe9\"}");
    import(&site, &["latin1.json"], &[])
        .assert_error("latin1.json:1:15: the file is not valid UTF-8");
    import(&site, &["missing.json"], &[]).assert_error("missing.json: cannot read the file");

    // Every error of every file is reported; nothing is written.
    let run = import(&site, &["data.json", "not-json.json", HOSTILE], &[]);
    run.assert_error("papermap: 2 errors; nothing was written");
    assert!(!site.path("content/papers").exists());

    for (name, text, needle) in [
        ("list.json", "[]", "list.json: expected an OpenAlex work or a page {\"results\": […]} (a JSON object), found a list"),
        ("null.json", "null", "found null"),
        ("empty.json", "", "empty.json: the file is empty"),
        ("blank.json", " \n\t", "blank.json: the file is empty"),
        ("object.json", "{}", "object.json: expected an OpenAlex work or a page {\"results\": […]}, found an object with neither `id` nor `results`"),
        ("no-id.json", r#"{"id": null, "title": "T", "publication_year": 2020}"#, "no-id.json: id: the work has no OpenAlex id"),
        ("results.json", r#"{"results": 3}"#, "results.json:1:13: results: invalid type: integer `3`, expected a sequence"),
        ("nested.json", r#"{"results": [[]]}"#, "results[0]: invalid type: sequence, expected an OpenAlex work (a JSON object)"),
        ("null-results.json", r#"{"results": null}"#, "results: invalid type: null, expected a sequence"),
        ("bad-id.json", r#"{"id": "https://openalex.org/A123", "title": "T", "publication_year": 1}"#, "bad-id.json: id: `https://openalex.org/A123` is not an OpenAlex work id"),
        ("no-year.json", r#"{"id": "W1", "title": "T", "publication_date": "2020-02-30"}"#, "no-year.json: publication_year: the work has no publication year"),
        ("bad-date.json", r#"{"id": "W1", "title": "T", "publication_year": 2020, "publication_date": "2020-02-30"}"#, "bad-date.json: publication_date: `2020-02-30` is not a date"),
        ("bad-year.json", r#"{"id": "W1", "title": "T", "publication_year": 20201}"#, "bad-year.json: publication_year: `20201` is not a year of four digits"),
        ("bad-ref.json", r#"{"id": "W1", "title": "T", "publication_year": 2020, "referenced_works": ["W2", "x"]}"#, "bad-ref.json: referenced_works[1]: `x` is not an OpenAlex work id"),
        ("bad-index.json", r#"{"id": "W1", "title": "T", "publication_year": 2020, "abstract_inverted_index": {"a": [-1]}}"#, "abstract_inverted_index.a[0]: invalid value: integer `-1`, expected u32"),
        ("trailing.json", "{} {}", "trailing.json:1:4: the file is not valid JSON: trailing characters"),
    ] {
        site.write(name, text);
        import(&site, &[name], &["--strict"]).assert_error(needle);
    }
    // Without --strict, a work that cannot become a record is left out with a warning.
    let run = import(&site, &["bad-date.json"], &[]);
    run.assert_ok();
    assert!(
        run.stderr
            .contains("warning: bad-date.json: publication_date: `2020-02-30` is not a date"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("the work is left out"));
    // A JSON object that is no OpenAlex response (neither a work's `id` nor a page's
    // `results`) is an error with or without --strict: most likely the wrong file.
    site.write("config.json", r#"{"name": "my-site", "version": 2}"#);
    let run = import(&site, &["config.json"], &[]);
    run.assert_error("error: config.json: expected an OpenAlex work or a page {\"results\": […]}, found an object with neither `id` nor `results`");
    assert!(!run.stderr.contains("left out"), "{}", run.stderr);
    assert!(!site.path("content/papers").exists());
    // An empty page imports nothing, successfully.
    site.write("no-results.json", r#"{"meta": {}, "results": []}"#);
    let run = import(&site, &["no-results.json"], &[]);
    run.assert_ok();
    assert!(run
        .stdout
        .contains("imported 0 works (0 new, 0 updated, 0 unchanged)"));

    // Usage errors: exit code 2.
    assert_eq!(site.run(&["import", "openalex"]).code, 2);
    assert_eq!(site.run(&["import"]).code, 2);
    assert_eq!(site.run(&["import", "crossref", "x.json"]).code, 2);
}

#[test]
fn a_work_in_two_responses_is_imported_as_last_updated_whatever_the_order() {
    // W2741809807 was fetched twice: 957 citations (updated 2025-05-12) among the key papers,
    // 960 (updated 2025-06-01) among the works the crawl's key paper cites.
    let (keypapers, cited) = (KEYPAPERS, SNOWBALL[2]);
    for files in [[keypapers, cited], [cited, keypapers]] {
        let site = site();
        import(&site, &files, &[]).assert_ok();
        let record = site.read("content/papers/W2741809807.md");
        assert!(
            record.contains("citation_count: 960\n"),
            "{files:?}:\n{record}"
        );
    }
}

#[test]
fn an_import_folder_that_is_a_file_is_an_error_that_says_so() {
    let site = site();
    site.write("content/papers.md", "not a folder");
    let run = import(&site, &[SNOWBALL[0]], &["--into", "content/papers.md"]);
    run.assert_error("content/papers.md: the records' folder is a file");
    assert!(!run.stderr.contains("os error"), "{}", run.stderr);
    assert_eq!(site.read("content/papers.md"), "not a folder");
}
