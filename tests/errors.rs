//! Bad input: each case names `file:line:column`, exits with 1, and leaves the last good output
//! byte for byte as it was.

mod common;

use common::{place_of, Run, Site};

/// The one-based line and column (in characters) of the first `needle` in `text`.
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    place_of(text, needle, needle)
}

/// Builds the fixture once, breaks it with `break_it`, builds again and checks the report and
/// that the output of the first build survived untouched.
fn broken_build(break_it: impl FnOnce(&Site)) -> (Site, Run) {
    let site = Site::fixture("minimal");
    let run = site.build_broken_by(break_it);
    assert!(run.stderr.contains("nothing was written"), "{}", run.stderr);
    (site, run)
}

#[test]
fn malformed_yaml() {
    let (_, run) =
        broken_build(|s| s.edit("content/papers/1000.00002.md", "year: 2014", "year: [2014"));
    run.assert_error("content/papers/1000.00002.md:5:");
    run.assert_error("did not find expected ',' or ']'");
}

#[test]
fn unclosed_quote() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00002.md",
            "\"The most cited reference\"",
            "\"The most cited reference",
        )
    });
    run.assert_error("content/papers/1000.00002.md:6:1: found unexpected end of stream");
    run.assert_error("a quote or a bracket opened above is never closed");
}

#[test]
fn missing_required_field() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00002.md",
            "title: \"The most cited reference\"\n",
            "",
        )
    });
    run.assert_error("content/papers/1000.00002.md:1:1: the required field `title` is missing");
    run.assert_error("add `title: ");
}

#[test]
fn blank_text_that_a_page_would_show_as_nothing() {
    // Each made an empty heading, a window title of its separator alone, or "By , B.".
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00001.md",
            "title: \"Label <b>errors</b> & how to find them\"",
            "title: \"  \"",
        );
        s.edit(
            "content/papers/1000.00001.md",
            "authors: [\"Ada Lovelace\", \"Alan Turing\"]",
            "authors: [\"Ada Lovelace\", \"\"]",
        );
        s.edit(
            "content/papers/1000.00001.md",
            "subfields: [\"Computer Vision and Pattern Recognition\"]",
            "subfields: [\" \", \"Computer Vision and Pattern Recognition\"]",
        );
        s.edit(
            "content/papers/1000.00001.fr.md",
            "title: \"Les erreurs d'étiquetage\"",
            "title: \"\"",
        );
        s.edit(
            "content/press/story.zh.md",
            "title: \"测试集里的标签错误\"",
            "title:",
        );
    });
    run.assert_error("content/papers/1000.00001.md:3:8: `title` is empty");
    run.assert_error("write the paper's title");
    run.assert_error("content/papers/1000.00001.md:4:27: an author's name is empty");
    run.assert_error("write it, or remove it from `authors`");
    run.assert_error("content/papers/1000.00001.md:9:13: a subfield's name is empty");
    run.assert_error("content/papers/1000.00001.fr.md:3:8: `title` is empty");
    run.assert_error("leave `title` out to show the original's");
    run.assert_error("content/press/story.zh.md:2:7: `title` has no value");
    run.assert_error("papermap: 5 errors");
}

#[test]
fn unknown_field_names_the_field_and_suggests_the_right_one() {
    let (_, run) =
        broken_build(|s| s.edit("content/papers/1000.00004.md", "references:", "refrences:"));
    run.assert_error("content/papers/1000.00004.md:5:1: unknown field `refrences`");
    run.assert_error("did you mean `references`?");
}

#[test]
fn an_unknown_field_in_quotes_or_before_every_field_is_reported_too() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00004.md",
            "id: \"1000.00004\"",
            "\"refrences\": [\"1000.00001\"]\nid: \"1000.00004\"",
        );
        s.edit(
            "content/papers/1000.00002.md",
            "year: 2014",
            "year: 2014\n'sorce': x",
        );
        // The first line of the front matter, which is no key at all.
        s.edit("content/papers/1000.00003.md", "---\n", "---\n~: x\n");
    });
    run.assert_error("content/papers/1000.00004.md:2:1: unknown field `refrences`");
    run.assert_error("did you mean `references`?");
    run.assert_error("content/papers/1000.00002.md:5:1: unknown field `sorce`");
    run.assert_error("content/papers/1000.00003.md:2:");
}

#[test]
fn a_base_url_that_links_cannot_start_with_is_an_error_at_it() {
    for (url, problem) in [
        (
            "https://example.org/?q=1",
            "has a query (`?q=1`), which every link would carry in its middle",
        ),
        ("https://example.org/map#top", "has a fragment (`#top`)"),
        (
            "https://example.org/a b",
            "has ' ' in it, which a link cannot hold as it is",
        ),
        ("https://user:pw@example.org", "has a user name in it"),
        ("https://example.org:99999", "has `99999` for a port"),
        ("https:///map", "has no host"),
    ] {
        let (_, run) = broken_build(|s| {
            s.edit("site.toml", "https://example.org/map", url);
        });
        run.assert_error(&format!("site.toml:1:12: base_url `{url}` {problem}"));
    }
    let site = Site::fixture("minimal");
    site.edit(
        "site.toml",
        "https://example.org/map",
        "http://[::1]:8080/map",
    );
    site.build().assert_ok();
    assert!(site
        .read("public/sitemap.xml")
        .contains("http://[::1]:8080/map/paper/1000.00001/"));
}

#[test]
fn wrong_type() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00002.md",
            "year: 2014",
            "year: \"twenty\"",
        )
    });
    run.assert_error("content/papers/1000.00002.md:4:7: year: invalid type: string \"twenty\", expected a whole number");
}

#[test]
fn front_matter_that_is_a_list_or_a_text_asks_for_fields() {
    // serde named the type it fills: "expected struct RawPaper".
    let (_, run) = broken_build(|s| {
        s.write("content/papers/1000.00009.md", "---\n- a\n- b\n---\nBody\n");
        s.write("content/press/note.md", "---\njust text\n---\nBody\n");
    });
    run.assert_error(
        "content/papers/1000.00009.md:2:1: invalid type: sequence, expected fields (`name: value`)",
    );
    run.assert_error("content/press/note.md:2:1: invalid type: string \"just text\", expected fields (`name: value`)");
    assert!(!run.stderr.contains("struct"), "{}", run.stderr);
}

#[test]
fn unquoted_id_would_lose_digits() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00004.md",
            "[\"1000.00001\", \"1000.00001\"]",
            "[1000.00010]",
        )
    });
    run.assert_error("content/papers/1000.00004.md:5:");
    run.assert_error("put ids in quotes");
}

#[test]
fn invalid_date() {
    let (_, run) =
        broken_build(|s| s.edit("content/papers/1000.00001.md", "2022-08-24", "2022-02-30"));
    run.assert_error("content/papers/1000.00001.md:6:15: `2022-02-30` is not a valid date");
    run.assert_error("YYYY-MM-DD");
}

#[test]
fn duplicate_id() {
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/copy.md",
            "---\nid: \"1000.00002\"\ntitle: \"Copy\"\nyear: 2014\n---\n",
        )
    });
    run.assert_error(
        "content/papers/copy.md:2:5: the id `1000.00002` is already used by another record",
    );
    run.assert_error("content/papers/1000.00002.md:2:5 has the same id");
}

#[test]
fn missing_template() {
    let (_, run) = broken_build(|s| s.remove("themes/default/templates/paper.html"));
    run.assert_error("site.toml:2:9: the theme `default` has no template `paper.html`");
    run.assert_error("themes/default/templates/paper.html");
}

#[test]
fn a_fact_that_is_not_a_finite_number_is_an_error_at_it() {
    // TOML's `inf` and `nan` are numbers to it, and a page showed them as nothing: "learned
    // from the  direct labels".
    let (_, run) = broken_build(|s| {
        s.edit(
            "site.toml",
            "teacher_labels = 10348",
            "teacher_labels = inf",
        );
        s.edit(
            "site.toml",
            "inverted_index_gb = 8.6",
            "inverted_index_gb = nan",
        );
    });
    run.assert_error("site.toml:18:18: fact `teacher_labels` must be a finite number, not inf");
    run.assert_error("site.toml:19:21: fact `inverted_index_gb` must be a finite number, not NaN");
    run.assert_error("papermap: 2 errors");
}

#[test]
fn missing_theme() {
    let (_, run) = broken_build(|s| s.edit("site.toml", "theme = \"default\"", "theme = \"nope\""));
    run.assert_error("site.toml:2:9: there is no theme `nope`");
}

#[test]
fn template_that_does_not_parse() {
    let mut line = 0;
    let (_, run) = broken_build(|s| {
        let template = s.read("themes/default/templates/index.html");
        line = 1 + template
            .lines()
            .position(|l| l.contains("{% endfor %}"))
            .unwrap();
        s.edit(
            "themes/default/templates/index.html",
            "{% endfor %}",
            "{% endfo %}",
        );
    });
    run.assert_error(&format!(
        "themes/default/templates/index.html:{line}:3: Failed to parse 'index.html'"
    ));
}

#[test]
fn template_asking_for_a_missing_key_that_is_not_ascii() {
    let (_, run) = broken_build(|s| {
        s.override_page_content("{% set name = \"中文\" %}{{ site.facts[name] }}")
    });
    run.assert_error("templates/page.html:1:");
    run.assert_error("the evaluated version was `site.facts.\"中文\"`");
}

#[test]
fn template_calls_that_the_published_tera_could_not_survive() {
    // The values come from variables: written as literals, they are refused when the templates
    // load (tests/template_errors.rs), and these are the calls that get as far as a page.
    for (call, report) in [
        (
            "{% set step = 0 %}{% for i in range(end=5, step_by=step) %}{{ i }}{% endfor %}",
            "Function `range` was called with `step_by=0`: the step must be at least 1",
        ),
        (
            "{% set base = 1 %}{{ page.title | int(base=base) }}",
            "Filter `int` received base=1, but a base must be from 2 to 36",
        ),
    ] {
        let (_, run) = broken_build(|s| s.override_page_content(call));
        run.assert_error("templates/page.html:1:");
        run.assert_error(report);
    }
}

/// About 510 `{% if %}` tags inside one another overflowed the stack of the thread that made
/// the template's syntax tree, which aborted papermap (`serve` too); the vendored Tera's parser
/// stops at 200 levels of its grammar (`vendor/tera/PATCHES.md`).
#[test]
fn tags_nested_without_end_are_an_error_at_the_template_not_a_crash() {
    let deep = "{% if true %}".repeat(600) + "x" + &"{% endif %}".repeat(600);
    let (_, run) = broken_build(|s| s.write("templates/404.html", &deep));
    run.assert_error("templates/404.html:1:");
    run.assert_error("tags and brackets nest too deep here");
    run.assert_error("papermap: 1 error");
}

/// Templates that include themselves, macros that call themselves and templates that import
/// themselves, alone or round a circle of two, overflowed the stack of the thread that rendered
/// or loaded them, which aborted papermap (`serve` too): each is an error at the template, naming
/// the circle. The vendored Tera stops macro calls and includes 64 deep
/// (`vendor/tera/PATCHES.md`).
#[test]
fn templates_and_macros_that_call_themselves_without_end() {
    let page = |content: &str| {
        format!(
            "{{% extends \"base.html\" %}}{{% block content %}}{content}{{% endblock content %}}"
        )
    };
    let boom = "{% extends \"base.html\" %}\n\
                {% macro boom(n) %}{{ self::boom(n=n+1) }}{% endmacro boom %}\n\
                {% block content %}{{ self::boom(n=0) }}{% endblock content %}";
    let macros = std::fs::read_to_string(
        std::path::Path::new(common::REPO).join("themes/default/templates/macros.html"),
    )
    .unwrap();
    let cases = [
        (
            vec![
                ("templates/page.html", page("{% include \"loop.html\" %}")),
                ("templates/loop.html", "x{% include \"loop.html\" %}".to_string()),
            ],
            ("templates/page.html", "loop.html"),
            "templates include one another without end: `loop.html` → `loop.html` (stopped at 64 includes deep)",
        ),
        (
            vec![
                ("templates/page.html", page("{% include \"a.html\" %}")),
                ("templates/a.html", "{% include \"b.html\" %}".to_string()),
                ("templates/b.html", "{% include \"a.html\" %}".to_string()),
            ],
            ("templates/page.html", "a.html"),
            "templates include one another without end: `a.html` → `b.html` → `a.html`",
        ),
        (
            vec![("templates/page.html", boom.to_string())],
            // At the call that goes round, inside the macro.
            ("templates/page.html", "boom(n=n+1)"),
            "the macro `boom` calls itself more than 64 times deep",
        ),
        (
            vec![(
                "templates/macros.html",
                format!("{{% import \"macros.html\" as m2 %}}\n{macros}"),
            )],
            ("templates/macros.html", "{% import"),
            "Template `macros.html` imports itself, as `m2`: templates that import one another would load without end (macros.html → macros.html)",
        ),
        (
            vec![
                ("templates/a.html", "{% import \"b.html\" as b %}".to_string()),
                ("templates/b.html", "{% import \"a.html\" as a %}".to_string()),
            ],
            ("templates/a.html", "b.html"),
            "Template `a.html` imports `b.html`, which leads back to it",
        ),
    ];
    for (files, (file, needle), report) in cases {
        let (site, run) = broken_build(|s| {
            for (path, text) in &files {
                s.write(path, text);
            }
        });
        let (line, column) = position_of(&site.read(file), needle);
        run.assert_error(&format!("{file}:{line}:{column}: "));
        run.assert_error(report);
        assert!(!run.stderr.contains("overflowed"), "{}", run.stderr);
    }
}

/// Calls that end still nest: a macro that calls itself 20 deep, a template that includes
/// itself 20 deep.
#[test]
fn templates_and_macros_that_call_themselves_20_deep() {
    let site = Site::fixture("minimal");
    site.write(
        "templates/page.html",
        "{% extends \"base.html\" %}\n\
         {% macro down(n) %}{{ n }}{% if n > 1 %},{{ self::down(n=n - 1) }}{% endif %}{% endmacro down %}\n\
         {% block content %}<p>{{ self::down(n=20) }}</p>\
         {% set n = 20 %}<p>{% include \"down.html\" %}</p>{% endblock content %}",
    );
    site.write(
        "templates/down.html",
        "{{ n }}{% set n = n - 1 %}{% if n > 0 %};{% include \"down.html\" %}{% endif %}",
    );
    site.build().assert_ok();
    let down: Vec<String> = (1..=20).rev().map(|n| n.to_string()).collect();
    let pages: Vec<String> = site
        .tree("public")
        .into_values()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .collect();
    for list in [down.join(","), down.join(";")] {
        let shown = format!("<p>{list}</p>");
        assert!(
            pages.iter().any(|page| page.contains(&shown)),
            "no page shows {shown}"
        );
    }
}

#[test]
fn num_filter_with_more_digits_than_a_number_is_shown_with() {
    // Given as the page renders: a literal is refused when the templates load (template_errors).
    for (digits, shown) in [("99999", "99999"), ("-1", "-1"), ("\"2\"", "\"2\"")] {
        let (_, run) = broken_build(|s| {
            s.override_page_content(&format!(
                "{{% set d = {digits} %}}{{{{ 1.5 | num(digits=d) }}}}"
            ))
        });
        run.assert_error("templates/page.html:1:");
        run.assert_error(&format!(
            "`num`'s `digits` is a whole number from 0 to 100, not {shown}"
        ));
    }
}

#[test]
fn a_render_error_in_a_parent_template_points_into_the_parent() {
    // A message whose key is made as the page renders, which no check at load can know, asked
    // for in base.html: the pages that extend it fail there, not in their own templates.
    let base = "themes/default/templates/base.html";
    let (site, run) = broken_build(|s| {
        s.edit(
            base,
            "{{ t(key=\"site-title\") }}</a>",
            "{% set title = \"site-titel\" %}{{ t(key=title) }}</a>",
        )
    });
    let (line, column) = position_of(&site.read(base), "t(key=title)");
    let place = format!("{base}:{line}:{column}: ");
    let index_error = error_block(&run.stderr, &place);
    assert!(
        index_error.contains("no message `site-titel` in the files of any language of the site"),
        "{index_error}"
    );
    assert!(
        index_error.contains("while rendering index.html, fr/index.html, zh/index.html and "),
        "{index_error}"
    );
}

/// The report of the error at `place`, from its first line to the next error's.
fn error_block<'a>(stderr: &'a str, place: &str) -> &'a str {
    let start = stderr
        .find(&format!("error: {place}"))
        .unwrap_or_else(|| panic!("no error at {place}:\n{stderr}"));
    let end = stderr[start + 1..]
        .find("\nerror: ")
        .map_or(stderr.len(), |e| start + 1 + e);
    &stderr[start..end]
}

#[test]
fn a_default_language_without_messages_is_one_error_not_one_a_page() {
    let (_, run) = broken_build(|s| std::fs::remove_dir_all(s.path("i18n/en")).unwrap());
    run.assert_error(
        "error: i18n/en/: the default language `en` has no messages: every sentence of the site comes from its .ftl files",
    );
    run.assert_error("copy the .ftl files of the i18n/en/ folder of papermap's example site");
    assert!(run.stderr.contains("papermap: 1 error;"), "{}", run.stderr);
}

#[test]
fn a_syntax_error_in_the_default_language_is_not_taken_for_no_messages() {
    let site = Site::fixture("minimal");
    site.edit(
        "i18n/en/main.ftl",
        "home-heading = The paper map",
        "home-heading = The { paper map",
    );
    // From elsewhere, so that the paths shown start with the site's folder.
    let run = Run::from(
        std::process::Command::new(env!("CARGO_BIN_EXE_papermap"))
            .args(["build", "--root"])
            .arg(site.root())
            .output()
            .unwrap(),
    );
    run.assert_error("i18n/en/main.ftl:16:");
    assert!(!run.stderr.contains("has no messages"), "{}", run.stderr);
}

#[test]
fn template_asking_for_a_missing_message() {
    let mut position = String::new();
    let (_, run) = broken_build(|s| {
        let (line, column) = position_of(
            &s.read("themes/default/templates/base.html"),
            "skip-to-content",
        );
        position = format!("{line}:{column}");
        s.edit(
            "themes/default/templates/base.html",
            "key=\"skip-to-content\"",
            "key=\"skip-to-contnet\"",
        )
    });
    run.assert_error(&format!("themes/default/templates/base.html:{position}:"));
    run.assert_error("no message `skip-to-contnet`");
}

#[test]
fn translate_call_without_a_key_is_an_error_at_the_call() {
    // Placed at what it was given instead: before, at the first `key` of the template.
    let (site, run) = broken_build(|s| {
        s.edit(
            "themes/default/templates/base.html",
            "t(key=\"skip-to-content\")",
            "t(kee=\"skip-to-content\")",
        )
    });
    let (line, column) = position_of(&site.read("themes/default/templates/base.html"), "kee=");
    run.assert_error(&format!(
        "themes/default/templates/base.html:{line}:{column}: t() needs a `key`, the id of a message; it was given `kee`"
    ));
}

#[test]
fn translate_call_in_a_language_the_site_does_not_have() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "themes/default/templates/base.html",
            "t(key=\"footer-note\")",
            "t(key=\"footer-note\", in_locale=\"de\")",
        )
    });
    run.assert_error("t(): `de` is not a language of the site");
}

#[test]
fn fluent_file_that_does_not_parse() {
    let (_, run) = broken_build(|s| {
        s.write(
            "i18n/fr/extra.ftl",
            "fine = Très bien\nbroken = { $x\nlater = Plus tard\n",
        )
    });
    // The `}` was missing at the end of line 2, where `broken` goes on; Fluent finds it where
    // line 3 starts.
    run.assert_error("i18n/fr/extra.ftl:2:14: this Fluent file does not parse");
    // A line that starts with what no entry starts with is its own mistake, not the line's
    // before.
    let (_, run) = broken_build(|s| s.write("i18n/fr/extra.ftl", "extra-one = ok\n= bad\n"));
    run.assert_error("i18n/fr/extra.ftl:2:1: this Fluent file does not parse");
}

/// Fluent's parser calls itself for each placeable inside another: about 3 000 overflowed the
/// stack and aborted papermap, over a message no page used.
#[test]
fn fluent_placeables_nested_without_end_are_an_error_not_a_crash() {
    let deep = format!(
        "ok = fine\ndeep = {}\"x\"{}\n",
        "{ ".repeat(3000),
        " }".repeat(3000)
    );
    let (_, run) = broken_build(|s| s.write("i18n/fr/extra.ftl", &deep));
    run.assert_error(
        "i18n/fr/extra.ftl:2:208: placeables nest more than 100 deep here, deeper than papermap reads",
    );
    run.assert_error("papermap: 1 error");
}

#[test]
fn fluent_message_defined_twice() {
    let (_, run) = broken_build(|s| s.write("i18n/fr/extra.ftl", "\nsite-title = Encore\n"));
    // Files load in name order: extra.ftl defines it first, main.ftl again.
    run.assert_error("i18n/fr/main.ftl:3:1: the message `site-title` is defined twice in this language (first in i18n/fr/extra.ftl:2)");
}

#[test]
fn fluent_message_defined_twice_in_one_file_is_an_error_at_the_second() {
    let (site, run) = broken_build(|s| {
        s.append(
            "i18n/fr/main.ftl",
            "\n-marque = Une\nsite-title = Encore\n-marque = Deux\nsite-title = Et encore\n",
        )
    });
    let text = site.read("i18n/fr/main.ftl");
    let at = |line_text: &str, needle: &str| {
        let (line, column) = place_of(&text, line_text, needle);
        format!("i18n/fr/main.ftl:{line}:{column}: ")
    };
    let (first, _) = position_of(&text, "site-title = ");
    run.assert_error(&format!(
        "{}the message `site-title` is defined twice in this language (first at line {first})",
        at("site-title = Encore", "site-title")
    ));
    run.assert_error(&format!(
        "{}the message `site-title` is defined twice in this language (first at line {first})",
        at("site-title = Et encore", "site-title")
    ));
    let (first_term, _) = position_of(&text, "-marque = Une");
    run.assert_error(&format!(
        "{}the term `-marque` is defined twice in this language (first at line {first_term})",
        at("-marque = Deux", "marque")
    ));
    let errors = run.stderr.lines().filter(|l| l.starts_with("error: "));
    assert_eq!(errors.count(), 3, "{}", run.stderr);
}

#[test]
fn key_given_twice_is_an_error_at_the_second() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00002.md",
            "year: 2014",
            "year: 2014\nyear: 2015",
        )
    });
    run.assert_error("content/papers/1000.00002.md:5:1: `year` is given twice");
    run.assert_error("it is first given at line 4; keep one of the two");
}

#[test]
fn key_given_twice_in_a_map_is_an_error_not_a_lost_value() {
    // A map keeps the last value of a key given twice; the record's link, head or score would
    // be lost without a word.
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00002.md",
            "year: 2014",
            "year: 2014\nlinks: { doi: \"https://doi.org/10.1/a\", arxiv: \"https://arxiv.org/abs/1\", doi: \"https://doi.org/10.1/b\" }",
        );
        s.edit(
            "content/papers/1000.00004.md",
            "year: 2023",
            "year: 2023\nlinks:\n  arxiv: \"https://arxiv.org/abs/1\"\n  # arxiv: \"https://arxiv.org/abs/0\"\n  arxiv: \"https://arxiv.org/abs/2\"",
        );
    });
    run.assert_error("content/papers/1000.00002.md:5:75: links: `doi` is given twice");
    run.assert_error("it is first given at line 5, column 10; keep one of the two");
    run.assert_error("content/papers/1000.00004.md:8:3: links: `arxiv` is given twice");
    run.assert_error("it is first given at line 6; keep one of the two");
}

#[test]
fn classification_head_or_score_given_twice_is_an_error() {
    let site = Site::example();
    site.build().assert_ok();
    let record = "content/papers/2208.11695.md";
    let text = site.read(record);
    let codex = text
        .lines()
        .find(|l| l.trim_start().starts_with("codex: {"))
        .unwrap();
    let gemma = text
        .lines()
        .find(|l| l.trim_start().starts_with("gemma: {"))
        .unwrap();
    let run = site.build_broken_by(|s| {
        s.edit(record, codex, &codex.replace("codex:", "gemma:"));
        s.edit(
            "content/papers/2006.07159.md",
            "citation_count: 480",
            "citation_count: 99999999999999999999999",
        );
    });
    let (line, _) = position_of(&text, gemma);
    run.assert_error(&format!(
        "{record}:{line}:5: classification.heads: `gemma` is given twice"
    ));
    run.assert_error("citation_count: the number `99999999999999999999999` is too large");
    site.write(record, &text);
    site.edit(
        "content/papers/2006.07159.md",
        "citation_count: 99999999999999999999999",
        "citation_count: 480",
    );
    let run = site.build_broken_by(|s| {
        s.edit(
            record,
            codex,
            &codex.replace("{ meta_research:", "{ open_science: 0.5, meta_research:"),
        );
    });
    run.assert_error("classification.heads.codex: `open_science` is given twice");
}

#[test]
fn year_out_of_four_digits() {
    for year in ["-5", "0", "20221"] {
        let (_, run) = broken_build(|s| {
            s.edit(
                "content/papers/1000.00002.md",
                "year: 2014",
                &format!("year: {year}"),
            )
        });
        run.assert_error(&format!(
            "content/papers/1000.00002.md:4:7: `{year}` is not a year of four digits"
        ));
    }
}

#[test]
fn file_that_is_not_utf8() {
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/1000.00002.md",
            b"---\nid: \"1000.00002\"\ntitle: \"caf\xe9\"\nyear: 2014\n---\n",
        )
    });
    run.assert_error("content/papers/1000.00002.md:3:12: the file is not valid UTF-8");
}

#[test]
fn script_link_in_a_record_field() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00001.md",
            "\"https://arxiv.org/abs/1000.00001\"",
            "\"javascript:alert(1)\"",
        )
    });
    run.assert_error("content/papers/1000.00001.md:7:17: the arxiv link `javascript:alert(1)` is neither an http(s) URL nor a relative path");
}

#[test]
fn data_link_in_a_record_body() {
    let (_, run) = broken_build(|s| {
        s.write("content/papers/1000.00002.md", "---\nid: \"1000.00002\"\ntitle: \"T\"\nyear: 2014\n---\nSee [this](data:text/html,x).\n")
    });
    run.assert_error("content/papers/1000.00002.md:6:5: the link `data:text/html,x` uses a scheme that is not allowed");
}

#[test]
fn translation_in_a_language_the_site_does_not_have() {
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/1000.00002.de.md",
            "---\ntitle: \"Titel\"\n---\n",
        )
    });
    run.assert_error("content/papers/1000.00002.de.md: the locale `de` of this translation is not a language of the site");
}

#[test]
fn translation_without_original() {
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/4242.00001.fr.md",
            "---\ntitle: \"Titre\"\n---\n",
        )
    });
    run.assert_error("content/papers/4242.00001.fr.md:1:1: this translation has no original");
}

#[test]
fn press_page_naming_an_unknown_paper() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/press/story.zh.md",
            "[\"1000.00001\"]",
            "[\"1000.00001\", \"4242.00001\"]",
        )
    });
    run.assert_error("content/press/story.zh.md:6:24: this page names the paper `4242.00001`, which is not in the map");
}

#[test]
fn broken_site_toml() {
    let (_, run) = broken_build(|s| s.edit("site.toml", "base_url = ", "base_ur = "));
    run.assert_error("site.toml:1:1: unknown field `base_ur`");
    run.assert_error("did you mean `base_url`?");
}

#[test]
fn every_error_of_a_build_is_reported_at_once() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00002.md",
            "year: 2014",
            "year: \"twenty\"",
        );
        s.edit("content/papers/1000.00004.md", "references:", "refrences:");
        s.edit("content/papers/1000.00001.md", "2022-08-24", "2022-13-01");
        s.write("i18n/zh/extra.ftl", "broken = {\n");
    });
    run.assert_error("content/papers/1000.00002.md:4:7");
    run.assert_error("content/papers/1000.00004.md:5:1");
    run.assert_error("content/papers/1000.00001.md:6:15");
    run.assert_error("i18n/zh/extra.ftl:");
    run.assert_error("papermap: 4 errors");
}

#[test]
fn several_errors_in_one_record_are_all_reported() {
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/1000.00002.md",
            "---\nid: \"1000.00002\"\ntitel: \"T\"\nyear: \"twenty\"\ncitation_count: -3\n---\n",
        )
    });
    run.assert_error("content/papers/1000.00002.md:3:1: unknown field `titel`");
    run.assert_error("content/papers/1000.00002.md:4:7: year: invalid type");
    run.assert_error("content/papers/1000.00002.md:5:17: citation_count: invalid type: integer `-3`, expected a whole number, 0 or more");
}

#[test]
fn the_error_report_shows_the_source_line_and_the_fix() {
    let (_, run) =
        broken_build(|s| s.edit("content/papers/1000.00004.md", "references:", "refrences:"));
    insta::assert_snapshot!(run.stderr);
}

/// Whatever a user writes, papermap answers with errors, never with a panic.
#[test]
fn hostile_input_never_panics() {
    let inputs: Vec<&[u8]> = vec![
        b"",
        b"---",
        b"---\n",
        b"---\n---\n",
        b"\xff\xfe\x00garbage",
        b"---\n- a\n- b\n---\n",
        b"---\n\"just a string\"\n---\n",
        b"---\nid: \"../../etc\"\ntitle: x\nyear: 1\n---\n",
        b"---\nid: \"\"\ntitle: x\nyear: 1\n---\n",
        b"---\ntitle: x\nyear: 99999999999999999999\n---\n",
        b"---\ntitle: x\nyear: 2020\nreferences: [{}]\n---\n",
        b"---\ntitle: x\nyear: 2020\nlinks: { arxiv: 3 }\n---\n",
        b"---\ntitle: x\nyear: 2020\nclassification: { status: 1, heads: { a: { b: nope } } }\n---\n",
        b"---\ntitle: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n---\n",
        b"---\n&a [*a]\n---\n",
        b"---\ntitle: x\nyear: 2020\nfirst_posted: 2020-1-1\n---\n\xe9",
        b"---\r\ntitle: x\r\nyear: 2020\r\n---\r\n",
    ];
    for (i, input) in inputs.iter().enumerate() {
        let site = Site::fixture("minimal");
        site.write("content/papers/hostile.md", input);
        let run = site.build();
        assert!(
            !run.stderr.contains("panicked"),
            "input {i} made papermap panic:\n{}",
            run.stderr
        );
        assert!(
            run.code == 0 || run.code == 1,
            "input {i}: exit code {}:\n{}",
            run.code,
            run.stderr
        );
        if run.code == 1 {
            assert!(
                run.stderr.contains("content/papers/hostile.md"),
                "input {i}:\n{}",
                run.stderr
            );
        }
    }
}

#[test]
fn unknown_citation_intent_points_at_the_citation() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00001.md",
            "intent: background",
            "intent: inspiration",
        )
    });
    run.assert_error("content/papers/1000.00001.md:19:47: unknown citation intent `inspiration`");
    run.assert_error("use one of: methodology, background, result, unknown");
}

#[test]
fn each_unknown_paper_of_a_page_is_reported_where_it_stands() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/press/story.zh.md",
            "[\"1000.00001\"]",
            "[\"1000.00001\", \"4242.00001\", \"4242.00002\"]",
        )
    });
    run.assert_error("content/press/story.zh.md:6:24: this page names the paper `4242.00001`");
    run.assert_error("content/press/story.zh.md:6:38: this page names the paper `4242.00002`");
}

#[test]
fn a_misnamed_file_does_not_hide_the_errors_of_the_others() {
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/1000.00002.de.md",
            "---\ntitle: \"Titel\"\n---\n",
        );
        s.edit(
            "content/papers/1000.00002.md",
            "year: 2014",
            "year: \"twenty\"",
        );
    });
    run.assert_error("content/papers/1000.00002.de.md: the locale `de`");
    run.assert_error("content/papers/1000.00002.md:4:7");
}

#[test]
fn a_markdown_file_with_a_capital_extension_is_an_error_not_an_asset() {
    // `X.MD` was copied into the site as an asset: its front matter published, no page made.
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/1000.00009.MD",
            "---\nid: \"1000.00009\"\ntitle: \"T\"\nyear: 2020\n---\n",
        );
        s.write("content/press/Story.Md", "---\ntitle: \"Story\"\n---\n");
    });
    run.assert_error(
        "content/papers/1000.00009.MD: the extension `.MD` is not `.md`: records and pages are read only from `.md` files, in lower case",
    );
    run.assert_error("help: rename the file to 1000.00009.md");
    run.assert_error("content/press/Story.Md: the extension `.Md` is not `.md`");
    run.assert_error("help: rename the file to Story.md");
}

#[test]
fn a_content_folder_may_not_take_the_address_of_generated_pages() {
    let (_, run) =
        broken_build(|s| s.write("content/fr/about.md", "---\ntitle: \"À propos\"\n---\n"));
    run.assert_error(
        "content/fr/about.md: the folder content/fr/ would give pages the same addresses",
    );
}

#[test]
fn an_id_from_the_file_name_must_be_usable_in_a_url() {
    let (_, run) = broken_build(|s| {
        s.write(
            "content/papers/two words.md",
            "---\ntitle: \"T\"\nyear: 2020\n---\n",
        )
    });
    run.assert_error("content/papers/two words.md:1:1: the id `two words` cannot be used in a URL");
}

#[test]
fn an_output_folder_that_would_replace_the_sources_is_refused() {
    for output in [".", "content", "content/papers/out", "..", "i18n"] {
        let site = Site::fixture("minimal");
        let before = site.tree("content");
        let run = site.run(&["build", "--output", output]);
        run.assert_error("this output folder would replace the site's own files");
        assert_eq!(site.tree("content"), before, "--output {output}");
        assert!(site.path("site.toml").is_file());
    }
    // Named through a symbolic link, the folder is the one the link leads to: the built site
    // was written into `content/`, or spread over the site's own folder.
    for (link, target, output) in [
        ("out", "content", "out"),
        ("here", ".", "here"),
        ("deeper", "content", "deeper/papers/new"),
    ] {
        let site = Site::fixture("minimal");
        std::os::unix::fs::symlink(target, site.path(link)).unwrap();
        let before = site.tree("content");
        let run = site.run(&["build", "--output", output]);
        run.assert_error("this output folder would replace the site's own files");
        assert_eq!(site.tree("content"), before, "--output {output}");
        assert!(!site.path("index.html").exists(), "--output {output}");
    }
}

#[test]
fn a_top_level_page_may_not_take_the_address_of_generated_pages() {
    let (_, run) = broken_build(|s| s.write("content/years.md", "---\ntitle: \"Years\"\n---\n"));
    run.assert_error("content/years.md: this page would take the address /years/");
    // The search page and the search index's folder are the site's own too: a page there
    // replaced the search page without a word.
    for name in ["search", "pagefind"] {
        let (_, run) = broken_build(|s| {
            s.write(
                &format!("content/{name}.md"),
                "---\ntitle: \"Search help\"\n---\n",
            )
        });
        run.assert_error(&format!(
            "content/{name}.md: this page would take the address /{name}/"
        ));
    }
    // Nor where the site writes a file of its own (by a slug, or a folder of pages), in `check`
    // as in `build`: the build failed with 'Not a directory' at the output, naming no content
    // file. (A file `atom.xml.md` is a translation into `xml`, an error of its own.)
    for name in [
        "atom.xml",
        "sitemap.xml",
        "robots.txt",
        "index.html",
        "404.html",
    ] {
        let (site, run) = broken_build(|s| {
            s.write(
                "content/notes.md",
                format!("---\ntitle: \"B\"\nslug: \"{name}\"\n---\n"),
            );
            s.write(&format!("content/{name}/c.md"), "---\ntitle: \"C\"\n---\n");
        });
        let said = [
            format!("content/notes.md:3:7: this page would take the address /{name}/, where the site writes its file {name}"),
            format!("content/{name}/c.md: the folder content/{name}/ would stand where the site writes its file {name}"),
        ];
        for error in &said {
            run.assert_error(error);
        }
        let check = site.run(&["check"]);
        for error in &said {
            check.assert_error(error);
        }
    }
}

/// A render error says which pages it stopped, each error once for all the pages it stopped:
/// the paper's page in each language here, and every page of the site for `base.html`.
#[test]
fn a_render_error_names_the_pages_it_failed() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "themes/default/templates/paper.html",
            "{{ paper.title }}",
            "{{ paper.title | date }}",
        )
    });
    // One place of the template, one error, whatever title each page gave the filter.
    run.assert_error("`date` needs a YYYY-MM-DD date, not \"A less cited reference\"");
    run.assert_error("help: the same with \"A paper that builds on the first\"");
    run.assert_error(
        "while rendering paper/1000.00001/index.html, fr/paper/1000.00001/index.html, zh/paper/1000.00001/index.html and 9 more pages",
    );
    run.assert_error("papermap: 1 error; nothing was written");
    let (_, run) = broken_build(|s| {
        s.edit(
            "themes/default/templates/base.html",
            "{{ t(key=\"skip-to-content\") }}",
            // A key given as the page renders: a literal one that no language gives is an
            // error when the templates load, before any page renders.
            "{% set skip = \"skip-to-contnet\" %}{{ t(key=skip) }}",
        )
    });
    // One error for every page of every language and every template that extends base.html.
    let errors = run.stderr.lines().filter(|l| l.starts_with("error:"));
    assert_eq!(errors.count(), 1, "{}", run.stderr);
    run.assert_error("no message `skip-to-contnet` in the files of any language of the site");
    run.assert_error("while rendering index.html, fr/index.html, zh/index.html and 45 more pages");
    assert!(
        !run.stderr.contains("Function call 't' failed"),
        "t() says what failed in its own words: {}",
        run.stderr
    );
}

#[test]
fn serve_and_import_need_a_site_and_make_none() {
    let folder = Site::empty();
    folder.write("work.json", "{\"results\": []}");
    let run = folder.run(&["import", "openalex", "work.json", "--root", "missing"]);
    run.assert_error("error: missing/site.toml: cannot read the site configuration");
    run.assert_error("papermap: 1 error; nothing was written");
    assert!(!folder.path("missing").exists());
    // Not a server that serves nothing and says the last good site is still served.
    let run = folder.run(&["serve", "--port", "0", "--root", "missing"]);
    run.assert_error("error: missing/site.toml: cannot read the site configuration");
    run.assert_error("help: run papermap in the site's folder or pass --root DIR");
    run.assert_error("papermap: 1 error; nothing is served");
}

#[test]
fn a_records_language_code_is_written_as_the_site_writes_codes() {
    let (_, run) = broken_build(|s| {
        s.edit(
            "content/papers/1000.00002.md",
            "year: 2014",
            "year: 2014\nlang: EN",
        );
        s.edit(
            "content/papers/1000.00003.md",
            "title:",
            "lang: zh_CN\ntitle:",
        );
    });
    run.assert_error("content/papers/1000.00002.md:5:7: the language code `EN` is written `en`");
    run.assert_error("help: write `lang: en`");
    run.assert_error(
        "content/papers/1000.00003.md:3:7: the language code `zh_CN` is written `zh-CN`",
    );
}
