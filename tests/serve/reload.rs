//! Edits while serving: each reloads exactly the files a build changes (feeds, category and search
//! pages among them), the open page's own first; a source folder made while serving is watched.

use crate::common::Site;
use crate::server::Events;
use crate::session::{assert_serves, build, differing, reload_paths, save, Session};

#[test]
fn an_edit_reloads_exactly_the_files_it_changes() {
    let site = Site::fixture("minimal");
    let mut session = Session::start(&site);
    // The first build is the site a build writes.
    assert_serves(&session.server, &session.built);
    let before = session.built.clone();

    // A title: its pages, the pages that list it, nothing else.
    let text = site.read("content/papers/1000.00002.md").replace(
        "The most cited reference",
        "The most cited reference, revised",
    );
    save(&site, "content/papers/1000.00002.md", &text);
    let changed = session.expect_update("reload");
    for path in [
        "paper/1000.00002/index.html",
        "fr/paper/1000.00002/index.html",
        "paper/1000.00002/index.md",
        "paper/1000.00001/index.html",
    ] {
        assert!(changed.iter().any(|c| c == path), "{path} in {changed:?}");
    }
    // A page that does not show the paper is not reloaded, and is served as it was.
    let unchanged = "paper/1000.00003/index.html";
    assert!(!changed.iter().any(|c| c == unchanged), "{changed:?}");
    assert!(session.server.page("/paper/1000.00003/") == before[unchanged]);
    assert!(
        String::from_utf8_lossy(&session.server.page("/paper/1000.00002/"))
            .contains("The most cited reference, revised")
    );

    // A new record citing another.
    save(
        &site,
        "content/papers/1000.00006.md",
        "---\nid: \"1000.00006\"\ntitle: \"A new paper\"\nyear: 2024\nreferences: [\"1000.00002\"]\n---\nNew.\n",
    );
    let changed = session.expect_update("reload");
    assert!(changed.iter().any(|c| c == "paper/1000.00006/index.html"));
    assert!(changed
        .iter()
        .any(|c| c == "zh/paper/1000.00006/index.html"));
    assert!(
        String::from_utf8_lossy(&session.server.page("/paper/1000.00006/")).contains("A new paper")
    );

    // A deleted record: its pages are gone (the site's 404 page), the pages citing it change.
    site.remove("content/papers/1000.00003.md");
    let changed = session.expect_update("reload");
    assert!(changed.iter().any(|c| c == "paper/1000.00003/index.html"));
    let gone = session.server.get("/paper/1000.00003/");
    assert_eq!(gone.status, 404);
    assert!(gone.built_bytes() == session.built["404.html"]);

    // A stylesheet: swapped in place, no reload.
    let css = site.read("themes/default/static/style.css") + "\n/* edited */\n";
    save(&site, "themes/default/static/style.css", &css);
    let changed = session.expect_update("css");
    assert_eq!(changed, ["style.css"]);
    assert_eq!(session.server.get("/style.css").text(), css);

    // The next edit's event is the next one: no reload came for the stylesheet.
    let text = site.read("content/papers/1000.00004.md").replace(
        "A paper that builds on the first",
        "A paper that builds on the first, renamed",
    );
    save(&site, "content/papers/1000.00004.md", &text);
    session.expect_update("reload");

    assert_serves(&session.server, &session.built);
    assert!(
        !site.path("public").exists(),
        "serve never writes the output folder"
    );
}

/// A title edit leaves the map's shape as it was (`relink`): the lists are compared by place,
/// and only the feeds of the paper's own subfields are looked at. The pages reloaded are still
/// exactly those a build changes, the subfield feeds and category pages showing it among them.
#[test]
fn a_title_edit_reloads_the_feeds_and_category_pages_that_show_the_paper() {
    let site = Site::example();
    let mut session = Session::start(&site);
    let record = "content/papers/2208.11695.md";
    let text = site.read(record).replace(
        "Bugs in the Data: How ImageNet Misrepresents Biodiversity",
        "Bugs in the Data: How ImageNet Misrepresents Biodiversity, revised",
    );
    save(&site, record, &text);
    let changed = session.expect_update("reload");
    for path in [
        "subfield/artificial-intelligence/atom.xml",
        "fr/subfield/computer-vision-and-pattern-recognition/atom.xml",
        "subfield/artificial-intelligence/index.html",
        "category/bibliometrics/index.html",
        "atom.xml",
    ] {
        assert!(changed.iter().any(|c| c == path), "{path} in {changed:?}");
    }
    assert!(
        !changed
            .iter()
            .any(|c| c == "subfield/radiology-nuclear-medicine-and-imaging/atom.xml"),
        "{changed:?}"
    );
}

#[test]
fn the_page_open_in_a_browser_is_served_before_the_pages_that_list_it() {
    let site = Site::fixture("minimal");
    let session = Session::start(&site);
    let server = &session.server;
    let open = Events::open_as(server.port, Some("paper/1000.00002/index.html"));
    open.expect(server, "build-ok");
    let text = site.read("content/papers/1000.00002.md").replace(
        "The most cited reference",
        "The most cited reference, revised",
    );
    save(&site, "content/papers/1000.00002.md", &text);
    let after = build(&site, &session.url);
    let expected = differing(&session.built, &after);

    // First the open paper's own pages, in every language; then the rest, without them.
    let first = reload_paths(&open.expect(server, "reload"));
    open.expect(server, "build-ok");
    let rest = reload_paths(&open.expect(server, "reload"));
    open.expect(server, "build-ok");
    assert!(
        first.iter().any(|p| p == "paper/1000.00002/index.html"),
        "{first:?}"
    );
    assert!(
        first.iter().any(|p| p == "zh/paper/1000.00002/index.html"),
        "{first:?}"
    );
    assert!(
        first.iter().all(|p| p.contains("paper/1000.00002/")),
        "only the open paper's pages come first: {first:?}"
    );
    assert!(
        rest.iter().any(|p| p == "paper/1000.00001/index.html"),
        "{rest:?}"
    );
    assert!(
        !rest.iter().any(|p| first.contains(p)),
        "{first:?} {rest:?}"
    );
    let mut both: Vec<String> = first.into_iter().chain(rest).collect();
    both.sort();
    assert_eq!(both, expected, "together, the files the edit changes");

    // Every open page hears both: each reloads when its own path comes.
    let other = &session.events;
    let mut heard = reload_paths(&other.expect(server, "reload"));
    other.expect(server, "build-ok");
    heard.extend(reload_paths(&other.expect(server, "reload")));
    heard.sort();
    assert_eq!(heard, expected);
    assert_serves(server, &after);
}

#[test]
fn a_paper_that_makes_the_index_a_part_longer_reloads_the_search_pages_and_serves_the_part() {
    let site = Site::fixture("minimal");
    // Four papers and a long-form page: one part of at most five pages, until a sixth comes.
    site.edit("site.toml", "[map]", "[map]\nsearch_part_size = 5");
    let mut session = Session::start(&site);
    assert!(!session
        .built
        .contains_key("pagefind/part-2/pagefind-entry.json"));
    save(
        &site,
        "content/papers/1000.00006.md",
        "---\nid: \"1000.00006\"\ntitle: \"A sixth paper\"\nyear: 2024\n---\nNew.\n",
    );
    let changed = session.expect_update("reload");
    for page in [
        "search/index.html",
        "fr/search/index.html",
        "zh/search/index.html",
    ] {
        assert!(changed.iter().any(|c| c == page), "{page} in {changed:?}");
        assert!(
            String::from_utf8_lossy(&session.built[page]).contains("data-merge="),
            "{page} merges the second part"
        );
    }
    // The index comes after the reload: every file of both parts, as the build writes them.
    assert!(session
        .built
        .contains_key("pagefind/part-2/pagefind-entry.json"));
    assert_serves(&session.server, &session.built);
}

#[test]
fn a_source_folder_made_while_serving_is_watched() {
    let site = Site::fixture("minimal");
    assert!(!site.path("static").exists(), "the fixture has no static/");
    let mut session = Session::start(&site);
    // The folder appears with a file in it: what it already holds is found.
    save(&site, "static/notes/hello.txt", "hello");
    assert_eq!(session.expect_update("reload"), ["notes/hello.txt"]);
    // Its later edits reach the page: only a watch of the new folder sees them.
    save(&site, "static/notes/hello.txt", "hello again");
    assert_eq!(session.expect_update("reload"), ["notes/hello.txt"]);
    assert_eq!(session.server.get("/notes/hello.txt").text(), "hello again");
    // A folder made inside a watched one: the page written into it at once (before the folder's
    // own watch began, whose events then never come) is found.
    save(
        &site,
        "content/notes/hello.md",
        "---\ntitle: \"Hello\"\n---\nHi.\n",
    );
    let changed = session.expect_update("reload");
    assert!(
        changed.contains(&"notes/hello/index.html".to_string()),
        "{changed:?}"
    );
}

#[test]
fn a_templates_folder_made_while_serving_overrides_the_themes_templates_at_once() {
    let site = Site::fixture("minimal");
    assert!(
        !site.path("templates").exists(),
        "the fixture has no templates/"
    );
    let mut session = Session::start(&site);
    // As a user overrides a template: the folder, then the theme's file copied into it at once,
    // before the folder's own watch began.
    let theirs = site.read("themes/default/templates/index.html").replacen(
        "{% block content %}",
        "{% block content %}<p>Ours</p>",
        1,
    );
    save(&site, "templates/index.html", &theirs);
    let changed = session.expect_update("reload");
    assert!(changed.iter().any(|c| c == "index.html"), "{changed:?}");
    assert!(session.server.get("/").text().contains("<p>Ours</p>"));
}

#[test]
fn a_static_file_where_the_pages_need_a_folder_is_an_error_while_serving_too() {
    let site = Site::fixture("minimal");
    let mut session = Session::start(&site);
    let page = session.server.page("/paper/1000.00001/");
    // As a build refuses it (a static file added, then a page below a static file's place).
    save(&site, "static/paper", "a file");
    let report = session.expect_error("static/paper");
    assert!(
        report.contains(
            "static/paper: this static file stands where the site needs the folder paper/, for paper/1000.00001/index.html"
        ),
        "{report}"
    );
    assert!(session.server.page("/paper/1000.00001/") == page);
    std::fs::remove_file(site.path("static/paper")).unwrap();
    session.expect_update("reload");
    assert_serves(&session.server, &session.built);

    save(&site, "static/about/index.html/x.txt", "x");
    session.expect_update("reload");
    save(&site, "content/about.md", "---\ntitle: \"About\"\n---\nx\n");
    let report = session.expect_error("static/about/index.html/x.txt");
    assert!(
        report.contains("this static file needs the folder about/index.html/, where the site writes the file about/index.html"),
        "{report}"
    );
}

#[test]
fn a_sites_own_robots_txt_is_served_in_place_of_papermaps_and_goes_with_it() {
    let site = Site::fixture("minimal");
    let mut session = Session::start(&site);
    let generated = session.server.get("/robots.txt").text();
    save(
        &site,
        "static/robots.txt",
        "User-agent: *\nDisallow: /drafts/\n",
    );
    assert_eq!(session.expect_update("reload"), ["robots.txt"]);
    assert_eq!(
        session.server.get("/robots.txt").text(),
        "User-agent: *\nDisallow: /drafts/\n"
    );
    std::fs::remove_file(site.path("static/robots.txt")).unwrap();
    assert_eq!(session.expect_update("reload"), ["robots.txt"]);
    assert_eq!(session.server.get("/robots.txt").text(), generated);
    assert_serves(&session.server, &session.built);
}

#[test]
fn a_new_slug_moves_the_page_and_its_old_address_is_gone() {
    let site = Site::fixture("minimal");
    site.write("content/about.md", "---\ntitle: \"About\"\n---\nx\n");
    site.write(
        "content/about.fr.md",
        "---\ntitle: \"À propos\"\nslug: a-propos\n---\nx\n",
    );
    let mut session = Session::start(&site);
    assert_serves(&session.server, &session.built);
    let text = site
        .read("content/about.fr.md")
        .replace("slug: a-propos", "slug: la-carte");
    save(&site, "content/about.fr.md", &text);
    // The files a build changes: `expect_update` also finds the old address gone (404).
    let changed = session.expect_update("reload");
    for path in [
        "fr/a-propos/index.html",
        "fr/la-carte/index.html",
        "about/index.html",
        "fr/index.html",
        "sitemap.xml",
    ] {
        assert!(changed.iter().any(|c| c == path), "{path} in {changed:?}");
    }
    assert_eq!(session.server.get("/fr/a-propos/").status, 404);
    assert_serves(&session.server, &session.built);
}

#[test]
fn an_alias_over_a_static_file_while_serving_is_an_error_and_the_file_stays_served() {
    let site = Site::fixture("minimal");
    site.write(
        "content/about.fr.md",
        "---\ntitle: \"À propos\"\nslug: a-propos\n---\nx\n",
    );
    let mut session = Session::start(&site);
    let stylesheet = session.server.get("/style.css").text();
    save(
        &site,
        "content/about.fr.md",
        "---\ntitle: \"À propos\"\nslug: a-propos\naliases: [\"/style.css/\"]\n---\nx\n",
    );
    let report = session.expect_error("content/about.fr.md");
    assert!(
        report.contains(
            "content/about.fr.md:4:11: the alias /style.css/ would stand where the site copies the static file themes/default/static/style.css"
        ),
        "{report}"
    );
    assert_eq!(session.server.get("/style.css").text(), stylesheet);
    assert_serves(&session.server, &session.built);
}

#[test]
fn an_alias_added_or_dropped_while_serving_is_served_as_a_build_writes_it() {
    let site = Site::fixture("minimal");
    site.write(
        "content/about.fr.md",
        "---\ntitle: \"À propos\"\nslug: a-propos\n---\nx\n",
    );
    let mut session = Session::start(&site);
    let with_alias = |aliases: &str| {
        format!("---\ntitle: \"À propos\"\nslug: a-propos\naliases: [{aliases}]\n---\nx\n")
    };
    save(&site, "content/about.fr.md", &with_alias("\"/fr/about/\""));
    let changed = session.expect_update("reload");
    assert!(
        changed.iter().any(|c| c == "fr/about/index.html"),
        "{changed:?}"
    );
    // The page moves: the redirect follows it.
    let moved = with_alias("\"/fr/about/\"").replace("slug: a-propos", "slug: la-carte");
    save(&site, "content/about.fr.md", &moved);
    let changed = session.expect_update("reload");
    assert!(
        changed.iter().any(|c| c == "fr/about/index.html"),
        "{changed:?}"
    );
    assert!(session
        .server
        .get("/fr/about/")
        .text()
        .contains("/fr/la-carte/"));
    // Dropped: its address is gone (`expect_update` finds it 404).
    save(
        &site,
        "content/about.fr.md",
        &moved.replace("\"/fr/about/\"", ""),
    );
    let changed = session.expect_update("reload");
    assert!(
        changed.iter().any(|c| c == "fr/about/index.html"),
        "{changed:?}"
    );
    assert_serves(&session.server, &session.built);
}

const FRENCH: &str = "i18n/fr/main.ftl";

/// The fixture's French messages, and the same without its `skip-to-content` message.
fn french_and_french_without_skip(site: &Site) -> (String, String) {
    let french = site.read(FRENCH);
    let line = french
        .lines()
        .find(|l| l.starts_with("skip-to-content = "))
        .unwrap();
    let without = french.replace(&format!("{line}\n"), "");
    (french, without)
}

#[test]
fn a_message_a_translation_loses_while_serving_is_marked_english_and_unmarked_when_it_is_back() {
    let site = Site::fixture("minimal");
    let (french, without_skip) = french_and_french_without_skip(&site);
    let mut session = Session::start(&site);
    let english_skip = "<span lang=\"en\">Skip to content</span>";
    assert!(!session.server.get("/fr/").text().contains(english_skip));
    save(&site, FRENCH, &without_skip);
    // Served as a build writes it (`expect_update` compares them), with the English sentence
    // marked English.
    session.expect_update("reload");
    assert!(
        session.server.get("/fr/").text().contains(english_skip),
        "{}",
        session.server.get("/fr/").text()
    );
    save(&site, FRENCH, &french);
    session.expect_update("reload");
    assert!(!session.server.get("/fr/").text().contains(english_skip));
    assert_serves(&session.server, &session.built);
}

/// The server's log once `holds` is true of it (panics after 30 s without).
fn log_once(server: &crate::server::Server, what: &str, holds: impl Fn(&str) -> bool) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let log = server.log();
        if holds(&log) {
            return log;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{what} in the log:\n{log}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn serve_prints_the_warnings_a_build_prints_each_once_while_it_holds() {
    let site = Site::fixture("minimal");
    let (french, without_skip) = french_and_french_without_skip(&site);
    let mut session = Session::start(&site);
    assert!(
        !session.server.log().contains("warning:"),
        "{}",
        session.server.log()
    );
    let says =
        |needle: &'static str, times: usize| move |log: &str| log.matches(needle).count() == times;

    // A folder of messages for a language the site does not list changes no page.
    save(
        &site,
        "i18n/de/main.ftl",
        "site-title = Karte der Artikel\n",
    );
    let undeclared =
        "warning: i18n/de/: `de` is not a language of the site, so its messages are not used";
    log_once(&session.server, undeclared, says(undeclared, 1));

    // A static file that a page stands in place of.
    save(
        &site,
        "static/paper/1000.00001/index.html",
        "<p>by hand</p>\n",
    );
    let shadowed = "warning: static/paper/1000.00001/index.html: not copied: the site writes its own paper/1000.00001/index.html, which stands there instead";
    log_once(&session.server, shadowed, says(shadowed, 1));

    // A robots.txt of the site's own that names no sitemap: the line to add names the address
    // the site is published at, not the one it is served at.
    save(&site, "static/robots.txt", "User-agent: *\n");
    session.expect_update("reload");
    let robots = "warning: static/robots.txt: names no sitemap, so a crawler that reads it is not told where the site's pages are listed; add the line `Sitemap: https://example.org/map/sitemap.xml`";
    log_once(&session.server, robots, says(robots, 1));

    // A message the translation loses.
    save(&site, FRENCH, &without_skip);
    session.expect_update("reload");
    let missing = "warning: i18n/fr/: 1 of";
    log_once(&session.server, missing, says(missing, 1));

    // Settled, it is not said again; back, it is; the others, still holding, are not repeated.
    save(&site, FRENCH, &french);
    session.expect_update("reload");
    save(&site, FRENCH, &without_skip);
    session.expect_update("reload");
    let log = log_once(&session.server, missing, says(missing, 2));
    assert_eq!(log.matches(undeclared).count(), 1, "{log}");
    assert_eq!(log.matches(shadowed).count(), 1, "{log}");
    assert_eq!(log.matches(robots).count(), 1, "{log}");
}
