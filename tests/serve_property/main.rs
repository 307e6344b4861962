//! `serve` keeps the site a fresh build would write. Random sequences of edits, creations and
//! deletions are made to the files of a small generated site; after each one, `LiveSite::apply`
//! gets the changes that `plan::classify` gives for the touched paths (as the watcher does), and
//! the served files must equal `full_build` byte for byte. A step that breaks the site must be
//! reported, and leave the served files as they were.
//!
//! The site has every kind of page: 12 papers (one a draft, one in French) citing each other,
//! translations, two long-form pages (one with a translation, one in Chinese only), subfields
//! (two of them with the same slug), years, a classification scheme with classified papers, and
//! a `page_size` and `list_limit` small enough that lists have several pages and truncate.

#[path = "../common/mod.rs"]
mod common;

mod ops;
mod runner;
mod site;

use proptest::prelude::*;
use proptest::test_runner::Config;

use ops::{op, Op};
use runner::{cases, run};

proptest! {
    #![proptest_config(Config {
        cases: cases(),
        // Failing sequences are printed (shrunk) rather than written next to the tests.
        failure_persistence: None,
        max_shrink_iters: 200,
        max_shrink_time: 180_000,
        ..Config::default()
    })]

    #[test]
    fn the_served_site_is_always_a_fresh_full_build(
        drafts in any::<bool>(),
        ops in prop::collection::vec(op(), 1..=8),
    ) {
        run(drafts, &ops)?;
    }
}

/// The sequences that found bugs, kept as they were shrunk (see each fix in src/serve/).
#[test]
fn regressions() {
    let cases: &[(&str, Vec<Op>)] = &[
        // A list page whose papers stay states the list's new length (plan: the totals).
        ("a list shrinks at its end", vec![Op::Delete(22)]),
        // `Vision & Language` takes the slug of `Vision, Language`, which moves to `-2`.
        ("a subfield's slug moves", vec![Op::Subfields(0, 8)]),
        // Every page names French in French in its language switcher.
        ("language-name in fr", vec![Op::Message(1, 0)]),
        // Edits made while the site is broken are applied when it is fixed.
        ("css while broken", vec![Op::Break(0, 0), Op::Css, Op::Fix]),
        (
            "template while broken",
            vec![Op::Break(2, 0), Op::Template(2), Op::Fix],
        ),
        (
            "messages while a template fails",
            vec![Op::Break(1, 0), Op::Message(2, 1), Op::Fix],
        ),
        // A paper's page re-rendered without its Markdown twin, then the paper goes: the twin
        // goes too.
        (
            "paper.html, then a draft",
            vec![Op::Template(0), Op::Draft(0)],
        ),
        // static/404.html is shadowed by the 404 page, however the static files change.
        (
            "a static file at a page's place",
            vec![Op::Static(1), Op::Css],
        ),
        ("it comes and goes", vec![Op::Static(1), Op::Static(1)]),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(name, ops)| run(false, ops).err().map(|e| format!("{name}: {e}")))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
