//! Broken sites: an edit that breaks the site keeps the last good one served until it is fixed,
//! and a site that does not build when `serve` starts shows its errors and recovers.

use crate::common::Site;
use crate::server::{Server, SCRIPT_TAG};
use crate::session::{assert_serves, save, Session};

/// `file:line:column` of the first place the report names in `file`.
fn position_in(report: &str, file: &str) -> Option<(u32, u32)> {
    let rest = &report[report.find(&format!("{file}:"))? + file.len() + 1..];
    let mut numbers = rest.splitn(3, ':');
    let line = numbers.next()?.parse().ok()?;
    let column = numbers.next()?.parse().ok()?;
    Some((line, column))
}

#[test]
fn a_broken_edit_keeps_the_last_good_site_until_it_is_fixed() {
    let site = Site::fixture("minimal");
    let mut session = Session::start(&site);
    let paper = "content/papers/1000.00002.md";
    let good = site.read(paper);
    let page = session.server.page("/paper/1000.00002/");

    // Bad YAML: the report names the file, line and column; the old page is still served.
    save(
        &site,
        paper,
        &good.replace("year: 2014", "year: [2014\ncitation_count: {"),
    );
    let report = session.expect_error(paper);
    let (line, column) = position_in(&report, paper).expect("file:line:column in the report");
    assert!(line >= 1 && column >= 1, "{report}");
    assert!(
        report.contains("the last good site is still served"),
        "{report}"
    );
    assert!(session.server.page("/paper/1000.00002/") == page);
    assert_eq!(session.server.get("/").status, 200);
    // A page opened now shows the error at once.
    let late = session.server.events();
    assert_eq!(late.next(&session.server).name, "build-error");

    // The fix: a reload of what changed since the last good site, and build-ok.
    save(
        &site,
        paper,
        &good.replace("The most cited reference", "A fixed reference"),
    );
    session.expect_update("reload");
    assert!(
        String::from_utf8_lossy(&session.server.page("/paper/1000.00002/"))
            .contains("A fixed reference")
    );
    assert_eq!(late.next(&session.server).name, "reload");
    assert_eq!(late.next(&session.server).name, "build-ok");

    // A template that does not parse.
    let template = "themes/default/templates/paper.html";
    let original = site.read(template);
    save(&site, template, &format!("{original}{{% if %}}"));
    session.expect_error(template);
    assert_eq!(session.server.get("/paper/1000.00001/").status, 200);
    save(&site, template, &original);
    session.expect_update("reload");

    // A Fluent file that does not parse.
    let messages = "i18n/fr/main.ftl";
    let original = site.read(messages);
    save(&site, messages, &format!("{original}broken = {{\n"));
    let report = session.expect_error(messages);
    assert!(position_in(&report, messages).is_some(), "{report}");
    assert_eq!(session.server.get("/fr/").status, 200);
    save(&site, messages, &original);
    session.expect_update("reload");

    // Still serving, and still following edits.
    save(
        &site,
        paper,
        &good.replace("The most cited reference", "Edited after the errors"),
    );
    session.expect_update("reload");
    assert_serves(&session.server, &session.built);
    assert!(!site.path("public").exists());
}

#[test]
fn a_site_that_does_not_build_yet_shows_its_errors_and_recovers() {
    let site = Site::fixture("minimal");
    site.edit("content/papers/1000.00002.md", "year: 2014", "year: [2014");
    let server = Server::start(&site);
    // Every address answers with an empty page that carries the script, which shows the errors.
    let waiting = server.get("/paper/1000.00001/");
    assert_eq!(waiting.status, 503);
    assert!(waiting.text().contains(SCRIPT_TAG), "{}", waiting.text());
    let events = server.events();
    let first = events.expect(&server, "build-error");
    assert!(
        first.data.contains("content/papers/1000.00002.md:"),
        "{}",
        first.data
    );
    let fixed = site
        .read("content/papers/1000.00002.md")
        .replace("year: [2014", "year: 2014");
    save(&site, "content/papers/1000.00002.md", &fixed);
    events.expect(&server, "reload");
    events.expect(&server, "build-ok");
    assert_eq!(server.get("/paper/1000.00001/").status, 200);
}
