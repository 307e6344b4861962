//! List pages (all papers, by year, by subfield), long lists cut at `list_limit`, and the
//! Markdown twin of every paper page.

mod common;

use common::Site;

/// The paper ids a page links to, in order.
fn linked_papers(html: &str) -> Vec<String> {
    html.match_indices("/paper/")
        .map(|(i, m)| {
            let rest = &html[i + m.len()..];
            rest[..rest.find('/').unwrap()].to_string()
        })
        .collect()
}

fn main_part(html: &str) -> &str {
    let start = html.find("<main").unwrap();
    &html[start..html.find("</main>").unwrap()]
}

#[test]
fn year_subfield_and_all_papers_pages_exist_in_every_locale() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    for prefix in ["", "fr/", "zh/"] {
        for page in [
            "papers",
            "years",
            "subfields",
            "year/2014",
            "year/2022",
            "subfield/computer-vision-and-pattern-recognition",
        ] {
            assert!(
                site.path(&format!("public/{prefix}{page}/index.html"))
                    .is_file(),
                "{prefix}{page}"
            );
        }
    }
    let home = site.read("public/fr/index.html");
    for link in ["/map/fr/papers/", "/map/fr/years/", "/map/fr/subfields/"] {
        assert!(
            home.contains(&format!("href=\"{link}\"")),
            "home links {link}"
        );
    }
    let all = site.read("public/papers/index.html");
    assert_eq!(
        linked_papers(main_part(&all)),
        ["1000.00002", "1000.00001", "1000.00003", "1000.00004"],
        "all papers, most cited first"
    );
    assert!(all.contains("4 papers, most cited first."));
    let years = site.read("public/fr/years/index.html");
    assert!(
        years.contains(
            r#"<a href="/map/fr/year/2022/">2022</a> <span class="count">1 article</span>"#
        ),
        "{years}"
    );
    let subfield =
        site.read("public/zh/subfield/computer-vision-and-pattern-recognition/index.html");
    assert_eq!(linked_papers(main_part(&subfield)), ["1000.00001"]);
    // The paper page links its subfield's page, under the subfield's name in the language
    // (i18n/zh/subfields.ftl), or in the records where the language has none.
    let paper = site.read("public/zh/paper/1000.00001/index.html");
    assert!(paper.contains(r#"<a href="/map/zh/subfield/computer-vision-and-pattern-recognition/">计算机视觉与模式识别</a>"#));
    let paper = site.read("public/paper/1000.00001/index.html");
    assert!(paper.contains(r#"<a href="/map/subfield/computer-vision-and-pattern-recognition/">Computer Vision and Pattern Recognition</a>"#));
}

#[test]
fn lists_are_paginated_at_page_size() {
    let site = Site::fixture("minimal");
    site.edit("site.toml", "[map]", "[map]\npage_size = 3");
    site.build().assert_ok();
    let first = site.read("public/papers/index.html");
    let second = site.read("public/papers/page/2/index.html");
    assert_eq!(
        linked_papers(main_part(&first)),
        ["1000.00002", "1000.00001", "1000.00003"]
    );
    assert_eq!(linked_papers(main_part(&second)), ["1000.00004"]);
    assert!(
        first.contains(r#"<a rel="next" href="/map/papers/page/2/">Next page</a>"#),
        "{first}"
    );
    assert!(second.contains(r#"<a rel="prev" href="/map/papers/">Previous page</a>"#));
    assert!(second.contains("Page 2 of 2"));
    assert!(second.contains(r#"<ol class="paper-list" start="4">"#));
    assert!(!site.path("public/papers/page/3").exists());
    assert!(
        !site.path("public/papers/page/1").exists(),
        "the first page is the list's own address"
    );
}

#[test]
fn long_lists_on_a_paper_page_show_the_first_n_of_m() {
    let site = Site::fixture("minimal");
    site.edit("site.toml", "[map]", "[map]\nlist_limit = 1");
    site.build().assert_ok();
    let whole = site.read("public/paper/1000.00001/index.html");
    // The page's body: the JSON-LD of the head cites every reference.
    let page = &whole[whole.find("<main").expect("a main element")..];
    assert!(
        page.contains("Builds on (most cited first, 1 of 2)"),
        "{page}"
    );
    assert!(
        page.contains("/map/paper/1000.00002/"),
        "the most cited one is kept"
    );
    assert!(!page.contains("/map/paper/1000.00003/"));
}

#[test]
fn list_settings_must_be_positive() {
    let site = Site::fixture("minimal");
    site.edit("site.toml", "[map]", "[map]\npage_size = 0");
    site.build()
        .assert_error("site.toml:15:13: page_size must be a whole number of at least 1");
}

#[test]
fn every_paper_page_has_a_markdown_twin_in_its_language() {
    let site = Site::fixture("minimal");
    site.build().assert_ok();
    let en = site.read("public/paper/1000.00001/index.md");
    let expected_start = "# Label <b>errors</b> & how to find them\n\n\
        arXiv: https://arxiv.org/abs/1000.00001 · DOI: https://doi.org/10.1/x · HTML: https://example.org/map/paper/1000.00001/\n\n\
        ## Key facts\n\n\
        - Cited by one paper in the map (data through 14 Oct 2026).\n\
        - Builds on 2 of its 6 references that are in the map.\n\
        - First posted on arXiv 24 Aug 2022.\n\n\
        ## Builds on (most cited first, 2 of 2)\n\n\
        - [The most cited reference](https://example.org/map/paper/1000.00002/) (2014)\n\
        - [A less cited reference](https://example.org/map/paper/1000.00003/) (2019)\n";
    let expected_start = expected_start.replace("<b>errors</b>", "\\<b\\>errors\\</b\\>");
    assert!(en.starts_with(&expected_start), "{en}");
    assert!(
        en.contains("## Abstract (OpenAlex)\n\nWe study label errors."),
        "{en}"
    );
    let fr = site.read("public/fr/paper/1000.00001/index.md");
    assert!(
        fr.starts_with("# Les erreurs d’étiquetage")
            || fr.starts_with("# Les erreurs d'étiquetage"),
        "{fr}"
    );
    assert!(
        fr.contains("Nous étudions les erreurs d'étiquetage."),
        "{fr}"
    );
    assert!(fr.contains("https://example.org/map/fr/paper/1000.00002/"));
}

#[test]
fn the_example_sites_lists_link_every_paper_they_count() {
    let site = Site::example();
    site.build().assert_ok();
    for prefix in ["", "fr/", "zh/"] {
        for (index, base) in [("subfields", "subfield"), ("years", "year")] {
            let groups = site.read(&format!("public/{prefix}{index}/index.html"));
            let mut total = 0;
            for (i, _) in groups.match_indices(&format!("/{prefix}{base}/")) {
                let rest = &groups[i + prefix.len() + base.len() + 2..];
                let slug = &rest[..rest.find('/').unwrap()];
                let page = site.read(&format!("public/{prefix}{base}/{slug}/index.html"));
                let linked = linked_papers(main_part(&page));
                assert!(!linked.is_empty(), "{prefix}{base}/{slug}");
                for id in &linked {
                    let paper = site.read(&format!("public/{prefix}paper/{id}/index.html"));
                    if base == "subfield" {
                        assert!(
                            paper.contains(&format!("/{prefix}subfield/{slug}/")),
                            "{id} is in {slug}"
                        );
                    }
                }
                total += linked.len();
            }
            if base == "year" {
                let all = site.read(&format!("public/{prefix}papers/index.html"));
                assert_eq!(
                    total,
                    linked_papers(main_part(&all)).len(),
                    "every paper in exactly one year"
                );
            }
        }
    }
}

#[test]
fn self_citations_and_cycles_are_fine() {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00002.md",
        "citation_count: 45000",
        "citation_count: 45000\nreferences: [\"1000.00002\", \"1000.00004\"]",
    );
    site.build().assert_ok();
    // 1000.00002 → 1000.00004 → 1000.00001 → 1000.00002 is a cycle; 1000.00002 also cites itself.
    let page = site.read("public/paper/1000.00002/index.html");
    assert!(
        page.contains("Builds on 2 of its 2 references that are in the map."),
        "{page}"
    );
    assert!(page.contains("Cited by 2 papers in the map"), "{page}");
}
