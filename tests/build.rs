//! `papermap build` on fixture sites: which pages exist, what they say, in which language.

mod common;

use common::Site;

const LOCALE_PREFIXES: [&str; 3] = ["", "fr/", "zh/"];

#[test]
fn every_paper_renders_in_every_locale_with_a_home_page_each() {
    let site = Site::fixture("minimal");
    let run = site.build();
    run.assert_ok();
    for prefix in LOCALE_PREFIXES {
        assert!(
            site.path(&format!("public/{prefix}index.html")).is_file(),
            "home {prefix}"
        );
        for id in ["1000.00001", "1000.00002", "1000.00003", "1000.00004"] {
            let page = format!("public/{prefix}paper/{id}/index.html");
            assert!(site.path(&page).is_file(), "{page}");
        }
        assert!(site
            .path(&format!("public/{prefix}press/story/index.html"))
            .is_file());
    }
    assert!(
        site.path("public/style.css").is_file(),
        "theme static files are copied"
    );
    // Drafts stay out unless asked for.
    assert!(!site.path("public/paper/1000.00005").exists());
    assert!(
        run.stdout.contains("en 16, fr 16, zh 16"),
        "summary per locale: {}",
        run.stdout
    );
}

#[test]
fn pages_carry_their_language_and_alternates() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let fr = site.read("public/fr/paper/1000.00001/index.html");
    assert!(fr.contains("<html lang=\"fr\">"));
    assert!(fr.contains(r#"<link rel="alternate" hreflang="zh" href="https://example.org/map/zh/paper/1000.00001/">"#), "{fr}");
    assert!(fr.contains(r#"hreflang="x-default" href="https://example.org/map/paper/1000.00001/""#));
    // The language switcher leads to the same paper in the other languages, under the base path.
    assert!(
        fr.contains(r#"<a href="/map/paper/1000.00001/" hreflang="en" lang="en">English</a>"#),
        "{fr}"
    );
    let zh = site.read("public/zh/index.html");
    assert!(zh.contains("<html lang=\"zh\">"));
    assert!(zh.contains("论文地图"));
}

#[test]
fn translated_fields_replace_the_original_and_the_rest_is_marked_with_its_language() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let fr = site.read("public/fr/paper/1000.00001/index.html");
    assert!(fr.contains("<h1>Les erreurs d&#39;étiquetage</h1>"), "{fr}");
    assert!(fr.contains("Nous étudions les erreurs"));
    let zh = site.read("public/zh/paper/1000.00001/index.html");
    assert!(
        zh.contains("<h1 lang=\"en\">Label &lt;b&gt;errors&lt;/b&gt; &amp; how to find them</h1>"),
        "{zh}"
    );
    assert!(
        zh.contains("<div class=\"abstract-text\" lang=\"en\">"),
        "{zh}"
    );
    // The Chinese press page is shown to English readers in Chinese, marked and announced.
    let press = site.read("public/press/story/index.html");
    assert!(press.contains("<div lang=\"zh\">"), "{press}");
    assert!(press.contains("This article is available in Chinese only."));
}

#[test]
fn key_facts_are_computed_from_the_map_and_formatted_for_the_locale() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let en = site.read("public/paper/1000.00001/index.html");
    // 1000.00004 cites it twice and the draft 1000.00005 is left out: one paper.
    assert!(
        en.contains("Cited by one paper in the map (data through 14 Oct 2026)."),
        "{en}"
    );
    // Two of its references are records (9999.99999 is not); six references in all.
    assert!(
        en.contains("Builds on 2 of its 6 references that are in the map."),
        "{en}"
    );
    assert!(en.contains("First posted on arXiv 24 Aug 2022."));
    assert!(
        en.contains("10,348 citations recorded by the source corpus."),
        "{en}"
    );
    let fr = site.read("public/fr/paper/1000.00001/index.html");
    assert!(fr.contains("10\u{202f}348 citations recensées"), "{fr}");
    assert!(fr.contains("Déposé sur arXiv le 24 août 2022."));
    // Plurals by CLDR rules: singular in French for 1, no plural forms in Chinese.
    assert!(
        fr.contains("Cité par 1 article de la carte (données arrêtées au 14 oct. 2026)."),
        "{fr}"
    );

    assert!(
        fr.contains("les index inversés représentent 8,6 Go des 9,3 Go"),
        "{fr}"
    );
    let zh = site.read("public/zh/paper/1000.00001/index.html");
    assert!(zh.contains("首次发布于 arXiv：2022年8月24日。"), "{zh}");
    assert!(
        zh.contains("被地图中的 1 篇论文引用（数据截至 2026年10月14日）。"),
        "{zh}"
    );
}

#[test]
fn builds_on_is_ordered_most_cited_first_and_links_within_the_locale() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let page = site.read("public/fr/paper/1000.00001/index.html");
    // The page's body, after the JSON-LD of the head that lists references in record order.
    let fr = &page[page.find("<main").expect("a main element")..];
    let most = fr
        .find("/map/fr/paper/1000.00002/")
        .expect("most cited reference listed");
    let less = fr
        .find("/map/fr/paper/1000.00003/")
        .expect("less cited reference listed");
    assert!(most < less, "most cited first");
    // A citation from a paper of the map links to it; one from outside is plain text.
    assert!(
        fr.contains(
            r#"<a href="/map/fr/paper/1000.00004/" lang="en">A paper that builds on the first</a>"#
        ),
        "{fr}"
    );
    assert!(fr.contains("8888.88888"));
    assert!(!fr.contains("paper/8888.88888"));
    // The cited paper lists who builds on it, and the press page that names it.
    let cited = site.read("public/paper/1000.00001/index.html");
    assert!(
        cited.contains("Built on by (most cited first, 1 of 1)"),
        "{cited}"
    );
    assert!(
        cited.contains(r#"<a href="/map/press/story/" lang="zh">测试集里的标签错误</a>"#),
        "{cited}"
    );
}

#[test]
fn record_text_is_escaped_everywhere_and_raw_html_never_passes() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    for prefix in LOCALE_PREFIXES {
        let page = site.read(&format!("public/{prefix}paper/1000.00001/index.html"));
        assert!(!page.contains("<script>"), "{prefix}: {page}");
        assert!(!page.contains("<b>errors</b>"), "{prefix}");
        assert!(page.contains("&lt;their&gt;"), "quotes are escaped too");
    }
    let en = site.read("public/paper/1000.00001/index.html");
    assert!(
        en.contains("&lt;script&gt;alert"),
        "raw HTML in the body shows as text: {en}"
    );
    assert!(
        en.contains("hl-"),
        "fenced code is highlighted with classes"
    );
}

/// A message without arguments is made once a locale and written as text (Tera's
/// `fold_constant_calls` and its literal path, `vendor/tera/PATCHES.md`): escaped in an HTML
/// page, as it is in a Markdown twin.
#[test]
fn a_message_shown_as_it_is_is_escaped_in_html_and_left_alone_in_markdown() {
    let site = Site::fixture("minimal");
    site.edit(
        "i18n/en/main.ftl",
        "key-facts-heading = Key facts",
        r#"key-facts-heading = Facts <b>& "quotes"</b>"#,
    );
    site.build().assert_ok();
    let page = site.read("public/paper/1000.00001/index.html");
    assert!(
        page.contains(r#">Facts &lt;b&gt;&amp; &quot;quotes&quot;&lt;/b&gt;</h2>"#),
        "{page}"
    );
    assert!(!page.contains("<b>&"), "{page}");
    let twin = site.read("public/paper/1000.00001/index.md");
    assert!(twin.contains(r#"## Facts <b>& "quotes"</b>"#), "{twin}");
}

#[test]
fn an_abstract_is_rebuilt_from_the_inverted_index_when_the_body_is_empty() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let page = site.read("public/paper/1000.00003/index.html");
    assert!(page.contains("<p>Hello world again</p>"), "{page}");
    assert!(page.contains("Retrieved live from OpenAlex and de-inverted."));
}

#[test]
fn output_is_deterministic() {
    let site = Site::fixture("minimal");
    site.run(&["build", "--output", "one"]).assert_ok();
    site.run(&["build", "--output", "two"]).assert_ok();
    let one = site.tree("one");
    assert!(one.len() > 10);
    assert_eq!(one, site.tree("two"));
}

#[test]
fn a_build_removes_the_staging_folders_of_builds_that_were_stopped() {
    let site = Site::fixture("minimal");
    // Left by a build stopped with Ctrl-C: its process (a number no process can have) is gone.
    site.write(
        ".papermap-build-2147483647-AbCdEf/paper/x/index.html",
        "half a page",
    );
    // Of a build still running beside this one (this test's own process), and of unknown origin.
    let running = format!(".papermap-build-{}-GhIjKl/index.html", std::process::id());
    site.write(&running, "being written");
    site.write(".papermap-build-MnOpQr/index.html", "whose?");
    site.build().assert_ok();
    assert!(!site.path(".papermap-build-2147483647-AbCdEf").exists());
    assert!(site.path(&running).is_file());
    assert!(site.path(".papermap-build-MnOpQr/index.html").is_file());
    assert!(site.path("public/index.html").is_file());
}

#[test]
fn a_build_replaces_the_whole_output_folder() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    site.remove("content/papers/1000.00003.md");
    site.build().assert_ok();
    assert!(!site.path("public/paper/1000.00003").exists());
    assert!(site.path("public/index.html").is_file());
    let leftovers: Vec<_> = std::fs::read_dir(site.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // Staging folders (`.papermap-build-…`), not the cache folder `.papermap`.
        .filter(|n| n.starts_with(".papermap-"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary folders left: {leftovers:?}"
    );
}

#[test]
fn drafts_and_base_url_options() {
    let site = Site::fixture("minimal");
    site.run(&[
        "build",
        "--drafts",
        "--base-url",
        "https://preview.example.net/",
    ])
    .assert_ok();
    assert!(site.path("public/paper/1000.00005/index.html").is_file());
    let page = site.read("public/paper/1000.00001/index.html");
    assert!(
        page.contains(
            r#"<link rel="canonical" href="https://preview.example.net/paper/1000.00001/">"#
        ),
        "{page}"
    );
    assert!(page.contains(r#"href="/paper/1000.00002/""#));
    // With the draft, two papers build on it: plural in English and French.
    assert!(page.contains("Cited by 2 papers in the map"), "{page}");
    let fr = site.read("public/fr/paper/1000.00001/index.html");
    assert!(fr.contains("Cité par 2 articles de la carte"), "{fr}");
}

#[test]
fn a_site_template_overrides_the_themes() {
    let site = Site::fixture("minimal");
    site.override_page_content("<p class=\"custom\">{{ page.title }}</p>");
    site.build().assert_ok();
    let press = site.read("public/press/story/index.html");
    assert!(
        press.contains("<p class=\"custom\">测试集里的标签错误</p>"),
        "{press}"
    );
}

#[test]
fn a_template_looks_up_a_key_that_is_not_ascii() {
    let site = Site::fixture("minimal");
    site.edit(
        "site.toml",
        "free_disk_gb = 13",
        "free_disk_gb = 13\n\"café\" = 7",
    );
    site.override_page_content(
        "{% set name = \"café\" %}<p class=\"fact\">{{ site.facts[name] }} {{ site.facts[\"café\"] }}</p>",
    );
    site.build().assert_ok();
    let press = site.read("public/press/story/index.html");
    assert!(press.contains("<p class=\"fact\">7 7</p>"), "{press}");
}

#[test]
fn check_validates_without_writing() {
    let site = Site::fixture("minimal");
    let run = site.run(&["check"]);
    run.assert_ok();
    assert!(run.stdout.contains("checked"), "{}", run.stdout);
    assert!(!site.path("public").exists());
}

#[test]
fn usage_errors_exit_with_2_and_help_exits_with_0() {
    let site = Site::fixture("minimal");
    let run = site.run(&["build", "--no-such-flag"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = site.run(&["--help"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("build") && run.stdout.contains("check"));
    let run = site.run(&["build", "--help"]);
    assert!(run.stdout.contains("--base-url") && run.stdout.contains("--drafts"));
}

#[test]
fn root_option_builds_a_site_from_elsewhere() {
    let site = Site::fixture("minimal");
    let elsewhere = tempfile::tempdir().unwrap();
    let run: common::Run = std::process::Command::new(env!("CARGO_BIN_EXE_papermap"))
        .args(["build", "--root"])
        .arg(site.root())
        .current_dir(elsewhere.path())
        .output()
        .unwrap()
        .into();
    run.assert_ok();
    assert!(
        site.path("public/paper/1000.00001/index.html").is_file(),
        "output is relative to the root"
    );
}

#[test]
fn translations_and_pages_of_a_draft_are_left_out_quietly() {
    let site = Site::fixture("minimal");
    site.write(
        "content/papers/1000.00005.fr.md",
        "---\ntitle: \"Un brouillon\"\n---\n",
    );
    site.edit(
        "content/press/story.zh.md",
        "[\"1000.00001\"]",
        "[\"1000.00001\", \"1000.00005\"]",
    );
    site.build().assert_ok();
    assert!(!site.path("public/fr/paper/1000.00005").exists());
    let press = site.read("public/press/story/index.html");
    assert!(!press.contains("1000.00005"), "{press}");
}

#[test]
fn front_matter_may_be_one_flow_mapping() {
    let site = Site::fixture("minimal");
    site.write("content/papers/1000.00002.md", "---\n{ id: \"1000.00002\", title: \"Flow style\", year: 2014, citation_count: 45000 }\n---\n");
    site.build().assert_ok();
    assert!(site
        .read("public/paper/1000.00002/index.html")
        .contains("<h1>Flow style</h1>"));
}

#[test]
fn a_new_locale_falls_back_to_its_parent_then_to_the_default() {
    let site = Site::fixture("minimal");
    site.add_language("zh-Hant");
    site.write(
        "i18n/zh-Hant/main.ftl",
        "site-title = 論文地圖\nlanguage-name = 繁體中文\n",
    );
    site.write(
        "i18n/zh/main.ftl",
        site.read("i18n/zh/main.ftl")
            .replace("footer-note = ", "# removed: footer-note = "),
    );
    site.build().assert_ok();
    let page = site.read("public/zh-Hant/index.html");
    assert!(page.contains("<html lang=\"zh-Hant\">"));
    assert!(page.contains("論文地圖"), "its own message");
    assert!(page.contains("跳到正文"), "the parent language's message");
    assert!(
        page.contains("Built with papermap"),
        "the default language's message, missing in both"
    );
    let en = site.read("public/index.html");
    assert!(
        en.contains(r#"<a href="/map/zh-Hant/" hreflang="zh-Hant" lang="zh-Hant">繁體中文</a>"#),
        "{en}"
    );
}

#[test]
fn a_base_url_that_is_not_a_url_is_a_usage_error() {
    let site = Site::fixture("minimal");
    let run = site.run(&["build", "--base-url", "example.org"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("must start with https://"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_sitemap_lists_every_page_in_every_language_with_its_alternates() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let sitemap = site.read("public/sitemap.xml");
    assert!(sitemap.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    let pages = walkdir::WalkDir::new(site.path("public"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() == "index.html")
        .filter(|e| !e.path().parent().unwrap().ends_with("search"))
        .count();
    assert_eq!(
        sitemap.matches("<url>").count(),
        pages,
        "one entry per HTML page but the search pages"
    );
    let entry = "  <url>\n    <loc>https://example.org/map/fr/paper/1000.00001/</loc>\n    \
        <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/map/paper/1000.00001/\"/>\n    \
        <xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.org/map/fr/paper/1000.00001/\"/>\n    \
        <xhtml:link rel=\"alternate\" hreflang=\"zh\" href=\"https://example.org/map/zh/paper/1000.00001/\"/>\n    \
        <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.org/map/paper/1000.00001/\"/>\n  </url>\n";
    assert!(sitemap.contains(entry), "{sitemap}");
}

#[test]
fn every_language_switcher_link_leads_to_a_page_that_exists() {
    let site = Site::example();
    site.build().assert_ok();
    let public = site.path("public");
    let mut checked = 0;
    for entry in walkdir::WalkDir::new(&public)
        .into_iter()
        .filter_map(Result::ok)
    {
        if entry.file_name() != "index.html" {
            continue;
        }
        let html = std::fs::read_to_string(entry.path()).unwrap();
        let nav = &html[html.find("<nav class=\"languages\"").unwrap()..];
        let nav = &nav[..nav.find("</nav>").unwrap()];
        for (i, _) in nav.match_indices("<a href=\"") {
            let href = &nav[i + 9..];
            let href = &href[..href.find('"').unwrap()];
            let target = public.join(href.trim_start_matches('/')).join("index.html");
            assert!(
                target.is_file(),
                "{}: switcher link {href} leads nowhere",
                entry.path().display()
            );
            checked += 1;
        }
        let lang = &html[html.find("<html lang=\"").unwrap() + 12..];
        let lang = &lang[..lang.find('"').unwrap()];
        let relative = entry
            .path()
            .strip_prefix(&public)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let expected = ["fr", "zh"]
            .into_iter()
            .find(|l| relative.starts_with(&format!("{l}/")))
            .unwrap_or("en");
        assert_eq!(lang, expected, "{relative}");
    }
    assert!(checked > 400, "only {checked} links checked");
}

#[test]
fn a_closed_standard_output_is_not_a_crash() {
    // `papermap check | head -1`: the reader goes away before papermap has said everything.
    let site = Site::fixture("minimal");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_papermap"))
        .arg("check")
        .current_dir(site.root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}
