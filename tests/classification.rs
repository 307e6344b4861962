//! The machine classification: a summary near the top, the collapsible provenance at the end
//! with its score table, numbers and plurals for the locale, and the checks of its records.

mod common;

use common::Site;

const SCHEME: &str = r#"
[classification]
categories = ["meta_research", "bibliometrics"]
heads = ["codex", "gemma"]
statuses = ["machine_predicted_unvalidated", "human_validated"]
validated = ["human_validated"]
"#;

/// The minimal fixture with a classification scheme and a classified paper.
fn classified(classification: &str) -> Site {
    let site = Site::fixture("minimal");
    site.append("site.toml", SCHEME);
    site.edit(
        "content/papers/1000.00002.md",
        "citation_count: 45000\n",
        &format!("citation_count: 45000\nclassification:\n{classification}"),
    );
    site
}

const SCORES: &str = "  heads:\n    codex: { meta_research: 0.012, bibliometrics: 0.5 }\n    gemma: { meta_research: 0.06, bibliometrics: 0.25 }\n";

#[test]
fn seed_000_french_classification_block() {
    let site = Site::example();
    site.build().assert_ok();
    let fr = site.read("public/fr/paper/2208.11695/index.html");
    for text in [
        "<p class=\"badge machine\">machine, non validée</p>",
        "Prédiction automatique; un appel candidat d’une seule source (Gemma direct ou Codex distillé), pas un consensus.",
        "<a href=\"#classification\">Le détail, modèle par modèle et score par score, se trouve en fin de page sous « Comment cette classification a été obtenue ».</a>",
        "<details id=\"classification\" class=\"classification\">",
        "<summary><h2>Comment cette classification a été obtenue</h2></summary>",
        "Le volet Codex est un classifieur appris des 10\u{202f}348 étiquettes directes de Codex",
        "<caption>Scores du classifieur distillé par catégorie (deux têtes)</caption>",
        "<tr><th scope=\"col\">Catégorie</th><th scope=\"col\">Codex</th><th scope=\"col\">Gemma</th></tr>",
        "<tr><th scope=\"row\"><a href=\"/fr/category/meta-research/\">Métarecherche</a></th><td>0,012</td><td>0,060</td></tr>",
        "<tr><th scope=\"row\"><a href=\"/fr/category/meta-epidemiology-strict/\">Méta-épidémiologie (sens strict)</a></th><td>0,001</td><td>0,000</td></tr>",
        "<tr><th scope=\"row\"><a href=\"/fr/category/insufficient-payload/\">Charge utile insuffisante (le modèle a refusé de juger)</a></th><td>0,001</td><td>0,001</td></tr>",
        "(critères de maturité non atteints, 7 itérations)",
        "<code>score_only:v0-immature-baseline</code> · tel quel depuis la passe de notation",
        "<code>machine_predicted_unvalidated</code>",
    ] {
        assert!(fr.contains(text), "missing `{text}`");
    }
    // The summary comes before the key facts; the detail is the last thing of the article.
    assert!(fr.find("classification-summary").unwrap() < fr.find("key-facts").unwrap());
    assert!(fr.find("<details").unwrap() > fr.find("built-on-by").unwrap());
    let en = site.read("public/paper/2208.11695/index.html");
    assert!(
        en.contains("<tr><th scope=\"row\"><a href=\"/category/meta-research/\">Meta-research</a></th><td>0.012</td><td>0.060</td></tr>")
    );
    assert!(en.contains("learned from the 10,348 direct labels"));
    assert!(en.contains("(maturity criteria not met, 7 iterations)"));
    assert!(en.contains("machine, not validated"));
    let zh = site.read("public/zh/paper/2208.11695/index.html");
    assert!(
        zh.contains("<tr><th scope=\"row\"><a href=\"/zh/category/meta-research/\">元研究</a></th><td>0.012</td><td>0.060</td></tr>"),
        "{zh}"
    );
}

#[test]
fn one_iteration_is_singular_in_every_language() {
    let site = classified(&format!(
        "  status: machine_predicted_unvalidated\n  iterations: 1\n  mature: false\n{SCORES}"
    ));
    site.build().assert_ok();
    assert!(site
        .read("public/paper/1000.00002/index.html")
        .contains("maturity criteria not met, one iteration)"));
    assert!(site
        .read("public/fr/paper/1000.00002/index.html")
        .contains("critères de maturité non atteints, 1 itération)"));
}

#[test]
fn the_reading_follows_the_computed_calls() {
    let consensus = classified(&format!(
        "  status: machine_predicted_unvalidated\n{SCORES}  calls: {{ codex: [bibliometrics, meta_research], gemma: [bibliometrics] }}\n"
    ));
    consensus.build().assert_ok();
    let page = consensus.read("public/paper/1000.00002/index.html");
    assert!(
        page.contains("a consensus call: both heads call Bibliometrics."),
        "{page}"
    );

    let single = classified(&format!(
        "  status: machine_predicted_unvalidated\n{SCORES}  calls: {{ codex: [], gemma: [meta_research] }}\n"
    ));
    single.build().assert_ok();
    let page = single.read("public/fr/paper/1000.00002/index.html");
    assert!(
        page.contains("un appel candidat d’une seule source (Gemma direct), pas un consensus."),
        "{page}"
    );

    let validated = classified(&format!("  status: human_validated\n{SCORES}"));
    validated.build().assert_ok();
    let page = validated.read("public/paper/1000.00002/index.html");
    assert!(page.contains("validated by a human</p>"), "{page}");
    assert!(!page.contains("badge machine"));
}

#[test]
fn classification_records_are_checked_against_the_scheme() {
    let site = classified(
        "  status: machine_predicted_unvalidatd\n  heads:\n    codex: { meta_research: 1.5, bibliometrics: 0.1 }\n    gemma: { meta_research: 0.1 }\n    llama: { meta_research: 0.1, bibliometrics: 0.1 }\n  calls: { codex: [bibliometric] }\n",
    );
    let run = site.build();
    run.assert_error("content/papers/1000.00002.md:7:11: unknown classification status `machine_predicted_unvalidatd`");
    run.assert_error("did you mean `machine_predicted_unvalidated`?");
    run.assert_error("content/papers/1000.00002.md:9:14: the score of `meta_research` for `codex` is 1.5, outside 0 to 1");
    run.assert_error("content/papers/1000.00002.md:10:5: the head `gemma` has no score for the category `bibliometrics`");
    run.assert_error("content/papers/1000.00002.md:11:5: unknown head `llama`");
    run.assert_error("content/papers/1000.00002.md:12:20: unknown category `bibliometric` in the calls of `codex`");
    run.assert_error("papermap: 5 errors");
}

#[test]
fn an_error_in_a_later_head_is_at_that_head_not_at_the_first() {
    // Every head scores the same categories: the first `meta_research:` of the block is the
    // first head's, and the calls may come before the heads.
    let site = classified(
        "  status: machine_predicted_unvalidated\n  calls: { gemma: [bibliometrics], codex: [meta_research, bibliometric] }\n  heads:\n    codex: { meta_research: 0.5, bibliometrics: 0.1 }\n    gemma: { meta_research: 1.5, bibliometrics: 0.1 }\n",
    );
    let run = site.build();
    run.assert_error("content/papers/1000.00002.md:11:14: the score of `meta_research` for `gemma` is 1.5, outside 0 to 1");
    run.assert_error("content/papers/1000.00002.md:8:59: unknown category `bibliometric` in the calls of `codex`");
    run.assert_error("papermap: 2 errors");
}

#[test]
fn the_scheme_names_each_id_once_and_as_an_id() {
    // A category listed twice made its page and its table row twice; one that is not an id
    // could name neither a page nor a Fluent message.
    let site = Site::fixture("minimal");
    site.append(
        "site.toml",
        &SCHEME
            .replace(
                "categories = [\"meta_research\", \"bibliometrics\"]",
                "categories = [\"meta_research\", \"bibliometrics\", \"meta_research\", \"meta/research\"]",
            )
            .replace("validated = [\"human_validated\"]", "validated = [\"human_validated\", \"validated\", \"\", \"validated\"]"),
    );
    let run = site.build();
    let text = site.read("site.toml");
    let line = text
        .lines()
        .position(|l| l.starts_with("categories"))
        .unwrap()
        + 1;
    run.assert_error(&format!(
        "site.toml:{line}:49: the category `meta_research` is listed twice"
    ));
    run.assert_error(&format!(
        "site.toml:{line}:66: the category `meta/research` is not an id"
    ));
    let line = text
        .lines()
        .position(|l| l.starts_with("validated"))
        .unwrap()
        + 1;
    run.assert_error(&format!(
        "site.toml:{line}:33: the validated status `validated` is not among the statuses"
    ));
    run.assert_error(&format!(
        "site.toml:{line}:46: the validated status `` is not an id"
    ));
    run.assert_error(&format!(
        "site.toml:{line}:50: the validated status `validated` is listed twice"
    ));
    // Listed twice and not among the statuses: said once of each.
    assert_eq!(
        run.stderr.matches("is not among the statuses").count(),
        2,
        "{}",
        run.stderr
    );
    run.assert_error("papermap: 5 errors");
}

#[test]
fn a_classification_needs_a_scheme_in_site_toml() {
    let site = Site::fixture("minimal");
    site.edit(
        "content/papers/1000.00002.md",
        "citation_count: 45000\n",
        &format!("citation_count: 45000\nclassification:\n  status: machine_predicted_unvalidated\n{SCORES}"),
    );
    site.build()
        .assert_error("this record has a classification, but site.toml declares none");
}

#[test]
fn a_paper_without_classification_says_so_and_has_no_detail() {
    let site = Site::example();
    site.build().assert_ok();
    let page = site.read("public/fr/paper/1405.0312/index.html");
    assert!(!page.contains("<details"));
    assert!(page.contains("Pas encore de classification automatique."));
    // A site without a classification scheme says nothing about classifications.
    let plain = Site::fixture("minimal");
    plain.build().assert_ok();
    assert!(!plain
        .read("public/paper/1000.00001/index.html")
        .contains("classification"));
}

#[test]
fn category_pages_order_papers_by_each_heads_score() {
    let site = classified(&format!(
        "  status: machine_predicted_unvalidated\n{SCORES}"
    ));
    site.edit(
        "content/papers/1000.00003.md",
        "citation_count: 12\n",
        "citation_count: 12\nclassification:\n  status: machine_predicted_unvalidated\n  heads:\n    codex: { meta_research: 0.9, bibliometrics: 0.5 }\n    gemma: { meta_research: 0.01, bibliometrics: 0.125 }\n",
    );
    site.build().assert_ok();
    let page = site.read("public/fr/category/meta-research/index.html");
    assert!(page.contains("<h1>Métarecherche</h1>"), "{page}");
    assert!(page.contains("n’affirment jamais"), "the caveat: {page}");
    let codex =
        &page[page.find("id=\"head-codex\"").unwrap()..page.find("id=\"head-gemma\"").unwrap()];
    let gemma = &page[page.find("id=\"head-gemma\"").unwrap()..];
    let order = |section: &str| -> Vec<usize> {
        ["1000.00002", "1000.00003"]
            .iter()
            .map(|id| section.find(id).unwrap())
            .collect()
    };
    let (a, b) = (order(codex), order(gemma));
    assert!(a[1] < a[0], "by Codex: 0.9 before 0.012");
    assert!(b[0] < b[1], "by Gemma: 0.06 before 0.01");
    assert!(
        codex.contains("<span class=\"score\">0,900</span>"),
        "{codex}"
    );
    // Equal scores keep the most cited paper first.
    let bibliometrics = site.read("public/category/bibliometrics/index.html");
    let codex = &bibliometrics[bibliometrics.find("id=\"head-codex\"").unwrap()..];
    assert!(codex.find("1000.00002").unwrap() < codex.find("1000.00003").unwrap());
    // The table's category names link to these pages.
    let paper = site.read("public/fr/paper/1000.00002/index.html");
    assert!(
        paper.contains("<th scope=\"row\"><a href=\"/map/fr/category/meta-research/\">"),
        "{paper}"
    );
}

#[test]
fn a_score_that_is_not_a_number_is_an_error_at_its_line() {
    let site = classified("  status: machine_predicted_unvalidated\n  heads:\n    codex: { meta_research: high, bibliometrics: 0.5 }\n");
    site.build().assert_error("content/papers/1000.00002.md:9:");
}

#[test]
fn an_unknown_category_among_the_scores_is_an_error() {
    let site = classified(
        "  status: machine_predicted_unvalidated\n  heads:\n    codex: { meta_research: 0.1, bibliometrics: 0.1, scientometrics: 0.2 }\n    gemma: { meta_research: 0.1, bibliometrics: 0.1 }\n",
    );
    let run = site.build();
    run.assert_error("content/papers/1000.00002.md:9:54: unknown category `scientometrics` in the scores of `codex`");
    run.assert_error("use one of: meta_research, bibliometrics");
}
