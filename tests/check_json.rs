//! `papermap check --json`: the translations' report as one JSON document on standard output,
//! with every item of every list (the text report names the first five), for scripts and
//! translation tools; the summary line goes to standard error, and `--strict` still fails.

mod common;

use common::Site;
use serde_json::Value;

/// The minimal fixture with eight more papers, none translated, French lacking a message, and
/// its one translation made from an earlier abstract.
fn site() -> Site {
    let site = Site::fixture("minimal");
    for n in 10..18 {
        site.write(
            &format!("content/papers/2000.000{n}.md"),
            format!("---\nid: \"2000.000{n}\"\ntitle: \"Paper {n}\"\nyear: 2020\ncitation_count: {n}\n---\nAbstract {n}.\n"),
        );
    }
    let fr = site.read("i18n/fr/main.ftl");
    let kept: Vec<&str> = fr
        .lines()
        .filter(|l| !l.starts_with("skip-to-content ="))
        .collect();
    site.write("i18n/fr/main.ftl", kept.join("\n") + "\n");
    site.edit(
        "content/papers/1000.00001.md",
        "We study label errors.",
        "We study label errors again.",
    );
    site
}

fn parse(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}"))
}

fn french(report: &Value) -> &Value {
    report["locales"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["code"] == "fr")
        .unwrap_or_else(|| panic!("no fr: {report:#}"))
}

#[test]
fn the_json_report_lists_every_item_and_the_summary_goes_to_standard_error() {
    let site = site();
    let run = site.run(&["check", "--json"]);
    run.assert_ok();
    assert!(
        run.stderr.starts_with("papermap: checked "),
        "{}",
        run.stderr
    );
    let report = parse(&run.stdout);
    assert_eq!(report["default"], "en");
    let fr = french(&report);

    // All eleven untranslated papers, though the text report names five.
    let untranslated: Vec<&str> = fr["papers"]["untranslated"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(untranslated.len(), 11, "{untranslated:?}");
    assert!(untranslated.contains(&"2000.00010") && untranslated.contains(&"1000.00004"));
    assert_eq!(fr["papers"]["total"], 12);

    // The missing message, where English defines it.
    let missing = fr["missing"].as_array().unwrap();
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert_eq!(missing[0]["id"], "skip-to-content");
    assert_eq!(missing[0]["kind"], "message");
    let english = site.read("i18n/en/main.ftl");
    let line = english
        .lines()
        .position(|l| l.starts_with("skip-to-content ="))
        .unwrap()
        + 1;
    assert_eq!(missing[0]["defined_in"], format!("i18n/en/main.ftl:{line}"));

    // The outdated translation, with the value the text report gives for it.
    let outdated = fr["papers"]["outdated"].as_array().unwrap();
    assert_eq!(outdated.len(), 1, "{outdated:?}");
    assert_eq!(outdated[0]["id"], "1000.00001");
    let digest = outdated[0]["translated_from"].as_str().unwrap();
    let text = site.run(&["check"]);
    assert!(
        text.stdout
            .contains(&format!("1000.00001 (translated_from: \"{digest}\")")),
        "{}",
        text.stdout
    );
    assert_eq!(fr["pages"]["untranslated"][0], "press/story");
}

#[test]
fn a_strict_json_check_still_fails_on_a_missing_message() {
    let site = site();
    let run = site.run(&["check", "--json", "--strict"]);
    run.assert_error("error: i18n/fr/: missing message `skip-to-content`");
    let report = parse(&run.stdout);
    assert_eq!(french(&report)["missing"][0]["id"], "skip-to-content");
}
