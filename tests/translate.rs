//! `papermap translate`: a translation starts as a draft beside its original, holding the text
//! to translate and the digest of the version it copies; nothing is replaced, and every mistake
//! of a command is told at once with nothing written.

mod common;

use common::{block, Site};

#[test]
fn a_paper_and_a_page_start_as_drafts_that_check_finds_current_once_published() {
    let site = Site::fixture("minimal");
    // The page's original in Chinese, named so (a file with a locale would not stay the
    // original beside a French version: see the next test).
    let story = site.read("content/press/story.zh.md");
    site.remove("content/press/story.zh.md");
    site.write(
        "content/press/story.md",
        story.replacen("---\n", "---\nlang: zh\n", 1),
    );
    let run = site.run(&["translate", "fr", "1000.00003", "content/press/story.md"]);
    run.assert_ok();
    assert!(
        run.stdout.contains(
            "content/papers/1000.00003.fr.md\ncontent/press/story.fr.md\npapermap: started 2 translations, as drafts"
        ),
        "{}",
        run.stdout
    );

    // The paper's: its title, and its abstract (here de-inverted from OpenAlex's index) as the
    // body to translate.
    let paper = site.read("content/papers/1000.00003.fr.md");
    assert!(paper.starts_with("---\n# fr translation of content/papers/1000.00003.md (en): translate the title and the abstract below,\n"), "{paper}");
    assert!(
        paper.contains("\ndraft: true\n---\nHello world again\n"),
        "{paper}"
    );
    assert!(paper.contains("\ntranslated_from: \""), "{paper}");

    // The page's: a copy of the original's front matter and body, but not its language.
    let page = site.read("content/press/story.fr.md");
    assert!(page.contains("title: 测试集里的标签错误\n"), "{page}");
    assert!(
        page.contains("- '1000.00001'") || page.contains("- \"1000.00001\""),
        "{page}"
    );
    assert!(page.ends_with("---\n把老虎标成猴子，把青蛙标成猫。\n\n## 参考\n\n[论文](https://arxiv.org/abs/1000.00001)\n"), "{page}");

    // A draft is not published: the French reader still has the original.
    let check = site.run(&["check"]);
    check.assert_ok();
    let fr = block(&check, "fr").join("\n");
    assert!(
        fr.contains("pages without a translation (1): press/story"),
        "{fr}"
    );

    // Translated and published, both are current: their translated_from is the originals'.
    site.edit("content/papers/1000.00003.fr.md", "\ndraft: true\n", "\n");
    site.edit(
        "content/papers/1000.00003.fr.md",
        "Hello world again",
        "Bonjour encore",
    );
    site.edit("content/press/story.fr.md", "\ndraft: true\n", "\n");
    let check = site.run(&["check"]);
    check.assert_ok();
    let fr = block(&check, "fr").join("\n");
    assert!(!fr.contains("outdated"), "{fr}");
    assert!(!fr.contains("without translated_from"), "{fr}");
    assert!(!fr.contains("pages without a translation"), "{fr}");
    site.build().assert_ok();
    assert!(site
        .read("public/fr/paper/1000.00003/index.html")
        .contains("Bonjour encore"));

    // The original changes: the translation is outdated.
    site.edit("content/press/story.md", "把老虎标成猴子", "把老虎标成狮子");
    let check = site.run(&["check"]);
    let fr = block(&check, "fr").join("\n");
    assert!(fr.contains("outdated page translations (1; "), "{fr}");
    assert!(fr.contains("press/story (translated_from: "), "{fr}");
}

#[test]
fn every_mistake_is_told_at_once_and_nothing_is_written() {
    let site = Site::fixture("minimal");
    let before = site.tree("content");
    let run = site.run(&[
        "translate",
        "fr",
        "1000.00001",
        "content/papers/1000.00001.fr.md",
        "1000.0002",
        "press/nope",
        "1000.00002",
    ]);
    run.assert_error("error: content/papers/1000.00001.fr.md: the fr translation is here already");
    run.assert_error(
        "error: content/papers/1000.00001.fr.md: this is the fr translation of a paper\n  help: give its original: content/papers/1000.00001.md",
    );
    run.assert_error(
        "error: content: there is no paper or page `1000.0002`\n  help: did you mean `1000.00002`?",
    );
    run.assert_error("error: content: there is no paper or page `press/nope`");
    run.assert_error("papermap: 4 errors; nothing was written");
    assert_eq!(site.tree("content"), before);

    site.run(&["translate", "zh", "press/story"])
        .assert_error("content/press/story.zh.md: this is written in zh already");
    site.run(&["translate", "fr", "press/story"]).assert_error(
        "error: content/press/story.zh.md: a fr version would become this page's original: its name has a locale, and of versions that all do, the one in the first language of site.toml is the original\n  help: rename it story.md and give it `lang: zh` first, then translate it",
    );
    site.run(&["translate", "de", "1000.00002"]).assert_error(
        "error: site.toml: `de` is not a language of the site (its languages: en, fr, zh)",
    );
    assert_eq!(site.tree("content"), before);
}
