//! A translator's workflow: `papermap check` reports, per language, the messages still missing
//! or obsolete, those whose variables differ from the default language's, and the records
//! without a translation; `--strict` makes missing messages errors;
//! a new language builds in full, falling back to the default language for what it lacks.

mod common;

use std::collections::BTreeMap;

use common::{block, place_of, Run, Site};

/// The ids (messages and `-terms`) that a Fluent text defines, each with its one-based line,
/// found independently of papermap: an entry starts a line with its id and `=`.
fn ids_of(text: &str) -> Vec<(String, usize)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| {
            let (id, _) = line.split_once('=')?;
            let id = id.trim_end();
            let name = id.strip_prefix('-').unwrap_or(id);
            let well_formed = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            well_formed.then(|| (id.to_string(), i + 1))
        })
        .collect()
}

/// Every id of the interface that the site's `i18n/<locale>/*.ftl` define, with where:
/// `i18n/en/main.ftl:54`. Read from the test's own copy, so that the expectations follow the
/// files as they are. The names of the map's subfields (`subfield-<slug>`) are not the
/// interface's: the report counts them apart (tests/subfield_names.rs).
fn definitions(site: &Site, locale: &str) -> BTreeMap<String, String> {
    let folder = format!("i18n/{locale}");
    let mut files: Vec<String> = std::fs::read_dir(site.path(&folder))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ftl"))
        .collect();
    files.sort();
    let mut ids = BTreeMap::new();
    for file in files {
        let path = format!("{folder}/{file}");
        for (id, line) in ids_of(&site.read(&path)) {
            if id.starts_with("subfield-") {
                continue;
            }
            ids.entry(id).or_insert(format!("{path}:{line}"));
        }
    }
    ids
}

/// What the report must say of a locale's messages, computed from the files: the start of its
/// header line, and its `missing:` and `obsolete:` lines.
fn expected_messages(site: &Site, locale: &str) -> (String, Vec<String>) {
    let default = definitions(site, "en");
    let own = definitions(site, locale);
    let translated = default.keys().filter(|id| own.contains_key(*id)).count();
    let mut lines: Vec<String> = default
        .iter()
        .filter(|(id, _)| !own.contains_key(*id))
        .map(|(id, at)| format!("  missing: {id} ({at})"))
        .collect();
    let missing = lines.len();
    lines.extend(
        own.iter()
            .filter(|(id, _)| !default.contains_key(*id))
            .map(|(id, at)| format!("  obsolete: {id} ({at})")),
    );
    let obsolete = lines.len() - missing;
    let header = format!(
        "{locale}: {translated} of {} messages ({}), {missing} missing, {obsolete} obsolete; ",
        default.len(),
        percent(translated, default.len())
    );
    (header, lines)
}

/// `i18n/en/main.ftl:<line>` where `id` is defined.
fn english_definition(site: &Site, id: &str) -> String {
    definitions(site, "en")
        .remove(id)
        .unwrap_or_else(|| panic!("no `{id}` in i18n/en/"))
}

/// Removes the one-line message `id` from a Fluent file of the site.
fn remove_message(site: &Site, file: &str, id: &str) {
    let text = site.read(file);
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(&format!("{id} =")))
        .collect();
    assert_eq!(kept.len() + 1, text.lines().count(), "`{id}` in {file}");
    site.write(file, kept.join("\n") + "\n");
}

/// The percentage as papermap prints it: one decimal, rounded down.
fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "100.0%".to_string();
    }
    let permille = part * 1000 / whole;
    format!("{}.{}%", permille / 10, permille % 10)
}

fn assert_no_panic(run: &Run) {
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

/// How many messages of the default language a locale's own files lack.
fn missing_count(site: &Site, locale: &str) -> usize {
    let own = definitions(site, locale);
    definitions(site, "en")
        .keys()
        .filter(|id| !own.contains_key(*id))
        .count()
}

/// The count line of `n` errors.
fn errors(n: usize) -> String {
    format!("papermap: {n} {};", if n == 1 { "error" } else { "errors" })
}

#[test]
fn a_missing_message_is_reported_and_fails_only_a_strict_check() {
    let site = Site::fixture("minimal");
    remove_message(&site, "i18n/fr/main.ftl", "key-facts-published");
    let where_ = english_definition(&site, "key-facts-published");
    let (header, lines) = expected_messages(&site, "fr");

    let run = site.run(&["check"]);
    run.assert_ok();
    assert_no_panic(&run);
    assert!(
        run.stdout.starts_with("papermap: checked "),
        "the usual line comes first: {}",
        run.stdout
    );
    let fr = block(&run, "fr");
    assert!(fr[0].starts_with(&header), "{header}\n{fr:?}");
    let line = format!("  missing: key-facts-published ({where_})");
    assert!(fr.contains(&line.as_str()), "{fr:?}");
    assert_eq!(&fr[1..=lines.len()], lines, "{fr:?}");
    assert!(!run.stderr.contains("error"), "{}", run.stderr);

    let strict = site.run(&["check", "--strict"]);
    strict.assert_error(&format!(
        "error: i18n/fr/: missing message `key-facts-published` (defined in {where_})"
    ));
    let all_missing = missing_count(&site, "fr") + missing_count(&site, "zh");
    assert!(
        strict.stderr.contains(&errors(all_missing)),
        "the count line counts them: {}",
        strict.stderr
    );
    // The report is still printed.
    assert!(strict.stdout.contains(&line), "{}", strict.stdout);

    // A build is not held up by it, keeps stdout to its summary line, and warns once for fr.
    let build = site.build();
    build.assert_ok();
    assert_eq!(build.stdout.lines().count(), 1, "{}", build.stdout);
    let fr_missing = missing_count(&site, "fr");
    let warning = format!(
        "warning: i18n/fr/: {fr_missing} of {} messages {} missing",
        definitions(&site, "en").len(),
        if fr_missing == 1 { "is" } else { "are" }
    );
    assert!(build.stderr.contains(&warning), "{}", build.stderr);
    assert_eq!(
        build.stderr.matches("warning: i18n/fr/").count(),
        1,
        "{}",
        build.stderr
    );
    let page = site.read("public/fr/index.html");
    assert!(page.contains("<html lang=\"fr\">"));
}

#[test]
fn an_obsolete_message_is_reported_but_is_never_an_error() {
    let site = Site::fixture("minimal");
    let fr = site.read("i18n/fr/main.ftl");
    let line = fr.lines().count() + 1;
    site.write(
        "i18n/fr/main.ftl",
        fr + "old-message = Un message que l'anglais n'a plus\n",
    );
    let (header, lines) = expected_messages(&site, "fr");
    let run = site.run(&["check", "--strict"]);
    let block = block(&run, "fr");
    assert!(block[0].starts_with(&header), "{header}\n{block:?}");
    assert_eq!(&block[1..=lines.len()], lines, "{block:?}");
    assert!(
        block.contains(&format!("  obsolete: old-message (i18n/fr/main.ftl:{line})").as_str()),
        "{block:?}"
    );
    assert!(
        !run.stderr.contains("old-message"),
        "not an error: {}",
        run.stderr
    );
    // Unless a message is missing too (the repository's translations are behind), the strict
    // check passes and a build does not warn.
    if missing_count(&site, "fr") + missing_count(&site, "zh") == 0 {
        run.assert_ok();
        let build = site.build();
        build.assert_ok();
        assert!(!build.stderr.contains("warning"), "{}", build.stderr);
    }
}

#[test]
fn a_new_language_builds_in_full_and_falls_back_to_the_default_for_the_rest() {
    let site = Site::fixture("minimal");
    site.add_language("de");
    site.write(
        "i18n/de/main.ftl",
        "site-title = Papierkarte\n\
         language-name = Deutsch\n\
         key-facts-heading = Eckdaten\n\
         home-paper-count = { $count ->\n    [one] Eine Arbeit in der Karte.\n   *[other] { $count } Arbeiten in der Karte.\n}\n",
    );
    let build = site.build();
    build.assert_ok();
    assert!(build.stdout.contains("de 16"), "{}", build.stdout);
    assert!(
        build.stderr.contains("warning: i18n/de/: "),
        "{}",
        build.stderr
    );
    for id in ["1000.00001", "1000.00002", "1000.00003", "1000.00004"] {
        let page = site.read(&format!("public/de/paper/{id}/index.html"));
        assert!(page.contains("<html lang=\"de\">"), "{id}: {page}");
        assert!(page.contains("Papierkarte"), "{id}: the German title");
        assert!(
            page.contains("<h2 id=\"key-facts-heading\">Eckdaten</h2>"),
            "{id}: a German message: {page}"
        );
        assert!(
            page.contains("Built with papermap"),
            "{id}: an English fallback: {page}"
        );
    }
    // An English sentence on a German page keeps English plural rules and English numbers
    // (Fluent's formatter knows only the sentence's language); the dates a template formats
    // are the page's.
    let first = site.read("public/de/paper/1000.00001/index.html");
    assert!(
        first.contains("10,348 citations recorded by the source corpus."),
        "{first}"
    );
    assert!(
        first.contains("Cited by one paper in the map (data through 14.10.2026)."),
        "{first}"
    );
    let home = site.read("public/de/index.html");
    assert!(home.contains("4 Arbeiten in der Karte."), "{home}");
    // The switcher of the other languages names it in German.
    let en = site.read("public/index.html");
    assert!(
        en.contains(r#"hreflang="de" lang="de">Deutsch</a>"#),
        "{en}"
    );

    let run = site.run(&["check"]);
    run.assert_ok();
    let total = definitions(&site, "en").len();
    let de = block(&run, "de");
    assert!(
        de[0].starts_with(&format!(
            "de: 4 of {total} messages ({}), {} missing, 0 obsolete; 4 of 4 papers and 1 of 1 page untranslated",
            percent(4, total),
            total - 4 - 3
        )),
        "{de:?}"
    );
    // The three languages' names English gives are CLDR's in German: not missing.
    assert!(
        de.contains(&"  named by CLDR: language-fr (Französisch)"),
        "{de:?}"
    );
    assert!(
        de.contains(
            &"  papers without a translation (4, most cited first): 1000.00002, 1000.00001, 1000.00003, 1000.00004"
        ),
        "{de:?}"
    );
    assert!(
        de.contains(&"  pages without a translation (1): press/story"),
        "{de:?}"
    );
    let skip = english_definition(&site, "skip-to-content");
    assert!(
        de.contains(&format!("  missing: skip-to-content ({skip})").as_str()),
        "{de:?}"
    );
    // The languages follow site.toml's order.
    let order: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with("papermap:"))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(order, ["fr", "zh", "de"], "{}", run.stdout);
}

#[test]
fn a_language_without_any_messages_is_told_to_start_from_the_defaults_files() {
    let site = Site::fixture("minimal");
    site.add_language("de");
    site.build().assert_ok();
    let run = site.run(&["check"]);
    run.assert_ok();
    let total = definitions(&site, "en").len();
    let de = block(&run, "de");
    assert!(
        de[0].starts_with(&format!(
            "de: 0 of {total} messages (0.0%), {} missing",
            total - 3
        )),
        "{de:?}"
    );
    assert!(
        de.contains(
            &format!("  missing: all {} but 3 languages' names, which CLDR gives (i18n/de/ has none yet: copy the files of i18n/en/ into it and translate them)", total - 3)
                .as_str()
        ),
        "{de:?}"
    );
    let strict = site.run(&["check", "--strict"]);
    strict.assert_error("error: i18n/de/: missing message `site-title`");
    assert!(
        strict
            .stderr
            .contains(&format!("papermap: {} errors;", total - 3)),
        "{}",
        strict.stderr
    );
}

#[test]
fn coverage_numbers_count_the_default_languages_messages() {
    let site = Site::fixture("minimal");
    let total = definitions(&site, "en").len();
    assert!(total > 50, "{total}");
    let run = site.run(&["check"]);
    run.assert_ok();
    let (header, mut expected) = expected_messages(&site, "fr");
    expected.insert(
        0,
        format!("{header}3 of 4 papers and 1 of 1 page untranslated"),
    );
    expected.push(
        "  papers without a translation (3, most cited first): 1000.00002, 1000.00003, 1000.00004"
            .into(),
    );
    expected.push("  pages without a translation (1): press/story".into());
    assert_eq!(block(&run, "fr"), expected);
    // The Chinese article is in the page's own language: no page lacks a Chinese version.
    let (header, _) = expected_messages(&site, "zh");
    assert_eq!(
        block(&run, "zh")[0],
        format!("{header}4 of 4 papers and 0 of 1 page untranslated")
    );
    assert!(
        !run.stdout.contains("\nen: "),
        "the default language has no block"
    );

    // Two messages less, a term that the default language gains, and titles of two more
    // papers: only the one with an abstract lacks the translation of its abstract.
    let before = missing_count(&site, "fr");
    remove_message(&site, "i18n/fr/main.ftl", "skip-to-content");
    remove_message(&site, "i18n/fr/main.ftl", "link-doi");
    let en = site.read("i18n/en/main.ftl");
    let brand_line = en.lines().count() + 1;
    site.write("i18n/en/main.ftl", en + "-brand = papermap\n");
    site.write(
        "content/papers/1000.00002.fr.md",
        "---\ntitle: \"Deuxième\"\n---\n",
    );
    site.write(
        "content/papers/1000.00003.fr.md",
        "---\ntitle: \"Troisième\"\n---\n",
    );
    assert_eq!(missing_count(&site, "fr"), before + 3);
    let run = site.run(&["check"]);
    run.assert_ok();
    let (header, mut expected) = expected_messages(&site, "fr");
    assert!(
        header.contains(&format!(" of {} messages (", total + 1)),
        "{header}"
    );
    for line in [
        format!("  missing: -brand (i18n/en/main.ftl:{brand_line})"),
        format!(
            "  missing: link-doi ({})",
            english_definition(&site, "link-doi")
        ),
        format!(
            "  missing: skip-to-content ({})",
            english_definition(&site, "skip-to-content")
        ),
    ] {
        assert!(expected.contains(&line), "{line}");
    }
    expected.insert(
        0,
        format!("{header}1 of 4 papers and 1 of 1 page untranslated"),
    );
    expected.extend(
        [
            "  papers without a translation (1, most cited first): 1000.00004",
            "  translations without an abstract (1, most cited first): 1000.00003",
            "  pages without a translation (1): press/story",
        ]
        .map(String::from),
    );
    // The new translations do not say what they were made from (tests/outdated_translations.rs).
    let (unstated, block): (Vec<&str>, Vec<&str>) = block(&run, "fr")
        .into_iter()
        .partition(|l| l.starts_with("  translations without translated_from (2,"));
    assert_eq!(block, expected);
    assert!(
        unstated.len() == 1
            && unstated[0].contains("1000.00002 (")
            && unstated[0].contains("1000.00003 ("),
        "{unstated:?}"
    );
    let strict = site.run(&["check", "--strict"]);
    strict.assert_error("error: i18n/fr/: missing term `-brand`");
    strict.assert_error("error: i18n/zh/: missing term `-brand`");
    let all_missing = missing_count(&site, "fr") + missing_count(&site, "zh");
    assert!(
        strict.stderr.contains(&errors(all_missing)),
        "{}",
        strict.stderr
    );
}

#[test]
fn a_message_that_the_parent_language_has_falls_back_to_it() {
    let site = Site::fixture("minimal");
    site.add_language("zh-Hant");
    site.write(
        "i18n/zh-Hant/main.ftl",
        "site-title = 論文地圖\nlanguage-name = 繁體中文\n",
    );
    remove_message(&site, "i18n/zh/main.ftl", "footer-note");
    let run = site.run(&["check"]);
    run.assert_ok();
    let hant = block(&run, "zh-Hant");
    let skip = english_definition(&site, "skip-to-content");
    assert!(
        hant.contains(&format!("  missing: skip-to-content ({skip}; falls back to zh)").as_str()),
        "{hant:?}"
    );
    // Missing in the parent too: it falls back to the default language, which goes unsaid.
    let footer = english_definition(&site, "footer-note");
    assert!(
        hant.contains(&format!("  missing: footer-note ({footer})").as_str()),
        "{hant:?}"
    );
    assert!(
        block(&run, "zh").contains(&format!("  missing: footer-note ({footer})").as_str()),
        "{}",
        run.stdout
    );
    let strict = site.run(&["check", "--strict"]);
    strict.assert_error(&format!(
        "error: i18n/zh-Hant/: missing message `skip-to-content` (defined in {skip})"
    ));
    assert!(
        strict.stderr.contains("until then pages show the zh text"),
        "{}",
        strict.stderr
    );
}

#[test]
fn the_report_is_the_same_on_every_run() {
    let site = Site::fixture("minimal");
    site.add_language("de");
    site.write("i18n/de/main.ftl", "site-title = Papierkarte\n");
    let report = |run: Run| -> String { run.stdout.lines().skip(1).collect::<Vec<_>>().join("\n") };
    let first = report(site.run(&["check"]));
    assert!(first.contains("de: 1 of "), "{first}");
    for _ in 0..2 {
        assert_eq!(report(site.run(&["check"])), first);
    }
}

#[test]
fn check_with_root_names_the_folders_from_where_it_runs() {
    let site = Site::fixture("minimal");
    remove_message(&site, "i18n/fr/main.ftl", "key-facts-published");
    let elsewhere = tempfile::tempdir().unwrap();
    let run: Run = std::process::Command::new(env!("CARGO_BIN_EXE_papermap"))
        .args(["check", "--strict", "--root"])
        .arg(site.root())
        .current_dir(elsewhere.path())
        .output()
        .unwrap()
        .into();
    let folder = site.root().join("i18n/fr/");
    run.assert_error(&format!("error: {}: missing message", folder.display()));
    assert!(
        run.stdout
            .contains(&site.root().join("i18n/en/main.ftl").display().to_string()),
        "{}",
        run.stdout
    );
}

/// `file:line:column` of the first `needle` in the definition line of `id` in `file`.
fn place_in_message(site: &Site, file: &str, id: &str, needle: &str) -> String {
    let (line, column) = place_of(&site.read(file), &format!("{id} ="), needle);
    format!("{file}:{line}:{column}")
}

#[test]
fn a_translation_whose_variables_differ_from_the_default_is_reported_but_is_no_error() {
    let site = Site::fixture("minimal");
    site.append(
        "i18n/en/main.ftl",
        "probe-count = { $count } papers in { $field }\n\
         probe-total = Total: { probe-part }\n\
         probe-part = { $n } items\n\
         probe-same = { $n ->\n    [one] One item\n   *[other] { $n } items\n}\n",
    );
    site.append(
        "i18n/fr/main.ftl",
        "probe-count = Des articles en { $domaine }\n\
         probe-total = Total : { $n } éléments\n\
         probe-part = { $n } éléments\n\
         probe-same = { $n ->\n    [one] Un élément\n   *[other] Des éléments\n}\n",
    );
    let fr_count = definitions(&site, "fr")["probe-count"].clone();
    let en = "i18n/en/main.ftl";
    let expected = [
        format!(
            "  drops a variable: probe-count ({fr_count}) does not show $count, which the en message shows ({})",
            place_in_message(&site, en, "probe-count", "$count")
        ),
        format!(
            "  drops a variable: probe-count ({fr_count}) does not show $field, which the en message shows ({})",
            place_in_message(&site, en, "probe-count", "$field")
        ),
        format!(
            "  unknown variable: probe-count uses $domaine ({}), which the en message does not: a page that shows it fails unless its template gives $domaine",
            place_in_message(&site, "i18n/fr/main.ftl", "probe-count", "$domaine")
        ),
    ];

    let run = site.run(&["check", "--strict"]);
    assert_no_panic(&run);
    let fr = block(&run, "fr");
    let reported: Vec<&str> = fr
        .iter()
        .copied()
        .filter(|l| l.contains("variable"))
        .collect();
    // probe-total shows $n through probe-part in English and by itself in French: the same
    // variables. probe-same uses $n only to choose a variant in French: it still uses it.
    assert_eq!(reported, expected, "{fr:?}");
    assert!(
        !block(&run, "zh").iter().any(|l| l.contains("variable")),
        "zh has none of the probes: they are missing, not different: {}",
        run.stdout
    );
    // The probes are missing in zh, which fails a strict check: those four are its only errors.
    assert!(
        run.stderr
            .contains("error: i18n/zh/: missing message `probe-count`"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&errors(4)) && !run.stderr.contains("variable"),
        "the differences are not errors: {}",
        run.stderr
    );
    site.run(&["check"]).assert_ok();
    let build = site.build();
    build.assert_ok();
    assert!(!build.stderr.contains("variable"), "{}", build.stderr);
}
