//! The repository's example site reproduces the seed pages (`shared/seeds/`): the same facts,
//! the same lists in the same order, the same French wording and number formatting.

mod common;

use common::Site;

/// Seed 001: "Builds on (most cited first, 20 of 20)".
const BUILDS_ON: [&str; 20] = [
    "1405.0312",
    "1409.0575",
    "1902.10811",
    "1807.04975",
    "2103.14749",
    "2006.07159",
    "2006.16923",
    "1912.07726",
    "1711.08536",
    "1906.02659",
    "2112.01716",
    "2005.11295",
    "1709.01450",
    "2108.04308",
    "2103.06191",
    "2105.03494",
    "1902.00423",
    "2104.10097",
    "2007.07399",
    "1904.05986",
];

/// Seed 001: "Built on by (most cited first, 24 of 24)".
const BUILT_ON_BY: [&str; 24] = [
    "2212.08420",
    "2211.00768",
    "2304.05538",
    "2403.17381",
    "2406.17720",
    "2212.05129",
    "2401.01764",
    "2412.00076",
    "2211.10370",
    "2307.06860",
    "2405.13985",
    "2406.12452",
    "2504.18026",
    "2405.18740",
    "2407.18941",
    "2410.05057",
    "2503.01691",
    "2307.08774",
    "2401.17736",
    "2603.06578",
    "2412.18409",
    "2302.11007",
    "2307.10577",
    "2505.14707",
];

/// The order in which links to `ids` appear in a section of `html` that starts at `heading`.
fn order_in_section(html: &str, heading: &str, end: &str, prefix: &str) -> Vec<String> {
    let start = html
        .find(heading)
        .unwrap_or_else(|| panic!("no `{heading}`"));
    let section = &html[start..];
    let section = &section[..section.find(end).unwrap_or(section.len())];
    section
        .match_indices(&format!("href=\"{prefix}paper/"))
        .map(|(i, m)| {
            let rest = &section[i + m.len()..];
            rest[..rest.find('/').unwrap()].to_string()
        })
        .collect()
}

fn built() -> Site {
    let site = Site::example();
    let run = site.build();
    run.assert_ok();
    site
}

#[test]
fn every_seed_page_exists_in_every_language() {
    let site = built();
    for prefix in ["", "fr/", "zh/"] {
        for id in ["2208.11695", "2005.11295", "2103.14749"] {
            assert!(
                site.path(&format!("public/{prefix}paper/{id}/index.html"))
                    .is_file(),
                "{prefix}{id}"
            );
        }
        assert!(site
            .path(&format!(
                "public/{prefix}press/imagenet-test-set-label-errors/index.html"
            ))
            .is_file());
        assert!(site.path(&format!("public/{prefix}index.html")).is_file());
    }
}

#[test]
fn seed_001_key_facts_and_lists() {
    let site = built();
    let en = site.read("public/paper/2208.11695/index.html");
    assert!(
        en.contains("Cited by 24 papers in the map (data through 14 Oct 2026)."),
        "{en}"
    );
    assert!(en.contains("Builds on 20 of its 34 references that are in the map."));
    assert!(en.contains("First posted on arXiv 24 Aug 2022."));
    assert!(en.contains("Builds on (most cited first, 20 of 20)"));
    assert!(en.contains("Built on by (most cited first, 24 of 24)"));
    assert!(en.contains(r#"<a href="https://arxiv.org/abs/2208.11695">arXiv</a>"#));
    assert_eq!(
        order_in_section(&en, "id=\"builds-on-heading\"", "</section>", "/"),
        BUILDS_ON
    );
    assert_eq!(
        order_in_section(&en, "id=\"built-on-by-heading\"", "</section>", "/"),
        BUILT_ON_BY
    );
    // In another language the lists link to the pages of that language.
    let zh = site.read("public/zh/paper/2208.11695/index.html");
    assert_eq!(
        order_in_section(&zh, "id=\"builds-on-heading\"", "</section>", "/zh/"),
        BUILDS_ON
    );
}

#[test]
fn seed_000_french_wording_and_numbers() {
    let site = built();
    let fr = site.read("public/fr/paper/2208.11695/index.html");
    for text in [
        "<html lang=\"fr\">",
        "Notice bibliographique",
        "Résumé",
        "Récupéré en direct depuis OpenAlex et désinversé.",
        "Les résumés ne sont pas conservés dans cette base de données : les index inversés représentent 8,6 Go des 9,3 Go de texte de la base, et le serveur dispose de 13 Go libres.",
        "Cité par 24 articles de la carte",
        "ImageNet-1k is a dataset often used for benchmarking",
    ] {
        assert!(fr.contains(text), "missing `{text}`");
    }
    // The abstract is English on the French page, and says so.
    assert!(fr.contains("<div class=\"abstract-text\" lang=\"en\">"));
}

#[test]
fn seed_002_citations_in_the_corpus() {
    let site = built();
    let en = site.read("public/paper/2005.11295/index.html");
    for text in [
        "From ImageNet to Image Classification: Contextualizing Progress on Benchmarks",
        "By Dimitris Tsipras, Shibani Santurkar, Logan Engstrom, Andrew Ilyas, Aleksander Madry. 2020",
        "151 citations recorded by the source corpus.",
        "How researchers see this paper",
        "In Radiology, Nuclear Medicine and Imaging",
        "Citations in the corpus",
        "(2020, methodology)",
        "(2022, unknown)",
        "does not reﬂect the intention",
    ] {
        assert!(en.contains(text), "missing `{text}`");
    }
    let citing = order_in_section(&en, "id=\"citations-heading\"", "</section>", "/");
    assert_eq!(
        citing,
        [
            "2006.07159",
            "2012.05345",
            "2206.14754",
            "2101.05022",
            "2208.11695",
            "2112.01716",
            "2106.05498"
        ]
    );
}

#[test]
fn seed_004_press_page_in_chinese() {
    let site = built();
    let zh = site.read("public/zh/press/imagenet-test-set-label-errors/index.html");
    assert!(zh.contains("<html lang=\"zh\">"));
    assert!(zh.contains("ImageNet验证集6%的标签都是错的"));
    assert!(zh.contains("把老虎标成猴子"));
    assert!(zh.contains("2021年3月31日"));
    assert!(
        zh.contains("href=\"/zh/paper/2103.14749/\""),
        "links the paper it covers"
    );
    // The paper it covers links back to it.
    let paper = site.read("public/fr/paper/2103.14749/index.html");
    assert!(paper.contains("href=\"/fr/press/imagenet-test-set-label-errors/\""));
    // Shown to French readers in Chinese, marked as such.
    let fr = site.read("public/fr/press/imagenet-test-set-label-errors/index.html");
    assert!(fr.contains("<div lang=\"zh\">"));
    assert!(fr.contains("Cet article est disponible en chinois uniquement."));
}
