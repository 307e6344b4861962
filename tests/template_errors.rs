//! Template mistakes that Tera reports without a place, or with words of its own: each is an
//! error at the line that makes it, said plainly, and nothing is written.

mod common;

use common::{place_of, Run, Site};

const TEMPLATES: &str = "themes/default/templates";

/// Puts `hidden` in the page template behind `{% if false %}`, before its heading: template
/// text that no page renders.
fn hide_in_page(site: &Site, hidden: &str) {
    site.edit(
        PageTemplate::FILE,
        "<h1>",
        &format!("{{% if false %}}{hidden}{{% endif %}}<h1>"),
    );
}

/// Builds `site`, then builds it again with `hidden` in its page template where no page
/// renders it ([`hide_in_page`]), which must fail: that run, and the template to place its
/// errors in.
fn build_with_hidden(site: &Site, hidden: &str) -> (Run, PageTemplate) {
    let run = site.build_broken_by(|site| hide_in_page(site, hidden));
    (run, PageTemplate::read(site))
}

/// The default theme's page template as a site has it, to place errors in.
struct PageTemplate {
    text: String,
}

impl PageTemplate {
    const FILE: &str = "themes/default/templates/page.html";

    fn read(site: &Site) -> PageTemplate {
        PageTemplate {
            text: site.read(Self::FILE),
        }
    }

    /// `file:line:column` of the first `needle`.
    fn at(&self, needle: &str) -> String {
        self.within(needle, needle)
    }

    /// `file:line:column` of the first `part` from the first `holder` on.
    fn within(&self, holder: &str, part: &str) -> String {
        let (line, column) = place_of(&self.text, holder, holder);
        let line_text = self.text.lines().nth(line - 1).unwrap();
        let start = line_text.find(holder).unwrap();
        let offset = line_text[start..]
            .find(part)
            .unwrap_or_else(|| panic!("`{part}` is not in `{holder}` or after it"));
        let column = column + line_text[start..start + offset].chars().count();
        format!("{}:{line}:{column}", Self::FILE)
    }
}

#[test]
fn an_include_of_a_template_that_does_not_exist_is_an_error_at_the_include() {
    let site = Site::fixture("minimal");
    let page = PageTemplate::FILE;
    site.edit(page, "<h1>", "{% include \"parts/nope.html\" %}<h1>");
    let run = site.build();
    let (line, column) = place_of(&site.read(page), "parts/nope.html", "\"parts/nope.html\"");
    run.assert_error(&format!(
        "{page}:{line}:{column}: the included template `parts/nope.html` does not exist"
    ));
    assert!(!run.stderr.contains("'["), "{}", run.stderr);
    assert!(!site.path("public").exists());
}

#[test]
fn templates_that_extend_one_another_in_a_circle_are_an_error_not_a_crash() {
    // paper.html → base.html → page.html → base.html never came back to paper.html, and
    // Tera followed the circle until the stack overflowed (exit 134).
    let site = Site::fixture("minimal");
    let base = format!("{TEMPLATES}/base.html");
    site.write(
        &base,
        format!("{{% extends \"page.html\" %}}\n{}", site.read(&base)),
    );
    let run = site.build();
    let (line, column) = place_of(&site.read(&base), "extends", "extends");
    run.assert_error(&format!("{base}:{line}:{column}: templates extend one another in a circle: `base.html` → `page.html` → `base.html`"));
    run.assert_error("the last template of a chain of `extends` extends none");
}

#[test]
fn a_template_that_extends_itself_says_so() {
    let site = Site::fixture("minimal");
    let page = PageTemplate::FILE;
    site.edit(
        page,
        "{% extends \"base.html\" %}",
        "{% extends \"page.html\" %}",
    );
    let run = site.build();
    run.assert_error(&format!(
        "{page}:1:4: the template `page.html` extends itself"
    ));
}

#[test]
fn a_misspelt_field_is_an_error_that_names_the_field_meant() {
    let site = Site::fixture("minimal");
    let paper = format!("{TEMPLATES}/paper.html");
    site.edit(&paper, "{{ paper.title }}</h1>", "{{ paper.titel }}</h1>");
    let run = site.build();
    let (line, column) = place_of(&site.read(&paper), "paper.titel", "paper.titel");
    run.assert_error(&format!(
        "{paper}:{line}:{column}: Variable `paper.titel` not found in context"
    ));
    run.assert_error("help: did you mean `paper.title`?");

    // A misspelt name of the context itself, the rest of the path kept.
    site.edit(&paper, "{{ paper.titel }}</h1>", "{{ papr.title }}</h1>");
    site.build()
        .assert_error("help: did you mean `paper.title`?");
    site.edit(&paper, "{{ papr.title }}</h1>", "{{ paper.titel }}</h1>");

    // A name far from every field gets no guess.
    site.edit(&paper, "{{ paper.titel }}</h1>", "{{ paper.zzzzzz }}</h1>");
    let run = site.build();
    run.assert_error("Variable `paper.zzzzzz` not found in context");
    assert!(!run.stderr.contains("did you mean"), "{}", run.stderr);
}

#[test]
fn a_for_loop_over_what_is_no_list_is_an_error_at_the_loop() {
    // The error was placed at the first `paper.year` of the template, in another tag.
    let site = Site::fixture("minimal");
    let paper = format!("{TEMPLATES}/paper.html");
    assert!(site.read(&paper).contains("paper.year"));
    site.edit(
        &paper,
        "{% for link in paper.links %}",
        "{% for link in paper.year %}",
    );
    let run = site.build();
    let (line, column) = place_of(&site.read(&paper), "in paper.year", "paper.year %}");
    run.assert_error(&format!(
        "{paper}:{line}:{column}: a for loop cannot go through `paper.year`: it is neither a list, a map nor a text"
    ));
    assert!(!run.stderr.contains("unsupported type"), "{}", run.stderr);
}

#[test]
fn a_mistake_that_fails_on_each_value_is_one_error_with_the_other_values_as_help() {
    // A filter given each paper's year failed once per distinct year: four errors at one place.
    let site = Site::fixture("minimal");
    let paper = format!("{TEMPLATES}/paper.html");
    site.edit(
        &paper,
        "{{ paper.title }}</h1>",
        "{{ paper.year | date }}</h1>",
    );
    let run = site.build();
    let (line, column) = place_of(&site.read(&paper), "paper.year | date", "date }}");
    run.assert_error(&format!(
        "{paper}:{line}:{column}: `date` needs a YYYY-MM-DD date, not 2014"
    ));
    run.assert_error("help: the same with 2019, 2022 and 2023");
    run.assert_error("papermap: 1 error; nothing was written");
}

#[test]
fn a_render_error_is_placed_at_the_expression_that_failed_not_at_the_first_use_of_its_name() {
    // The same filter on the same field stands earlier in a branch that never runs: the error
    // was placed there, at the first `date` of the template.
    let site = Site::fixture("minimal");
    let paper = format!("{TEMPLATES}/paper.html");
    site.edit(
        &paper,
        "{{ paper.title }}</h1>",
        "{% if false %}{{ paper.year | date }}{% endif %}{{ paper.title }}</h1>",
    );
    site.edit(
        &paper,
        "<h2 id=\"key-facts-heading\">",
        "{{ paper.year | date }}<h2 id=\"key-facts-heading\">",
    );
    let run = site.build();
    let (line, column) = place_of(&site.read(&paper), "date }}<h2", "date }}");
    run.assert_error(&format!(
        "{paper}:{line}:{column}: `date` needs a YYYY-MM-DD date, not 2014"
    ));
}

#[test]
fn a_render_error_that_quotes_no_name_is_placed_at_its_expression() {
    // Tera's "Comparison to NaN" names nothing to look for: it was placed at 1:1.
    let site = Site::fixture("minimal");
    let paper = format!("{TEMPLATES}/paper.html");
    site.edit(
        &paper,
        "{% if paper.links %}",
        "{% if paper.year / 0 > 3 %}{% endif %}{% if paper.links %}",
    );
    let run = site.build();
    let (line, column) = place_of(&site.read(&paper), "paper.year / 0", "paper.year / 0");
    run.assert_error(&format!("{paper}:{line}:{column}: Comparison to NaN"));
}

#[test]
fn a_render_error_in_an_imported_macro_is_placed_in_the_macro_file() {
    // `date` also stands in paper.html (`date=site.data_through`), where the error was placed.
    let site = Site::fixture("minimal");
    let macros = format!("{TEMPLATES}/macros.html");
    site.edit(
        &macros,
        ">{{ item.title }}</a>",
        ">{{ item.title | date }}</a>",
    );
    let run = site.build();
    let (line, column) = place_of(&site.read(&macros), "macro paper_link", "date }}");
    run.assert_error(&format!(
        "{macros}:{line}:{column}: `date` needs a YYYY-MM-DD date"
    ));
}

#[test]
fn a_name_that_stands_for_nothing_is_an_error_when_the_templates_load_even_where_no_page_goes() {
    // Tera finds an unknown filter, test, function, macro or include only when a page reaches
    // it: behind `{% if false %}` the build passed, and would fail the day a record took the
    // branch.
    let site = Site::fixture("minimal");
    let (run, page) = build_with_hidden(&site, "{{ page.title | uper }}{% if page.date is nosuchtest %}{% endif %}\
         {{ tt(key=\"x\") }}{{ macros::paper_lnk(item=page) }}{{ macro::paper_link(item=page) }}\
         {% filter uppr %}x{% endfilter %}{% include \"missng.html\" %}\
         {% include \"optional.html\" ignore missing %}{{ page.title | default(value=\"\") | safe }}\
         {% filter safe %}x{% endfilter %}{{ 1 | num }}{{ t(key=\"site-title\") }}\
         {%- filter  default -%}x{% endfilter %}");
    for (needle, error, help) in [
        ("uper", "there is no filter `uper`", "did you mean `upper`?"),
        (
            "nosuchtest",
            "there is no test `nosuchtest`",
            "the tests there are: ",
        ),
        ("tt(", "there is no function `tt`", "did you mean `t`?"),
        (
            "paper_lnk",
            "`macros.html` has no macro `paper_lnk`",
            "did you mean `paper_link`?",
        ),
        (
            "macro::",
            "no macros are imported as `macro` here",
            "did you mean `macros::paper_link`?",
        ),
        ("uppr", "there is no filter `uppr`", "did you mean `upper`?"),
        (
            "\"missng.html\"",
            "the included template `missng.html` does not exist",
            "help:",
        ),
        // Tera's renderer applies `default` to expressions itself; a section asks the filters
        // registered, where it is not.
        (
            "default -%}",
            "there is no filter `default`",
            "in an expression only",
        ),
    ] {
        run.assert_error(&format!("{}: {error}", page.at(needle)));
        let report = &run.stderr[run.stderr.find(error).unwrap()..];
        let help_line = report.lines().find(|l| l.contains("help:")).unwrap();
        assert!(help_line.contains(help), "{error}: {help_line}");
    }
    run.assert_error("papermap: 8 errors; nothing was written");
    assert!(!run.stderr.contains("while rendering"), "{}", run.stderr);
    assert!(!run.stderr.contains("`optional.html`"), "{}", run.stderr);
}

#[test]
fn the_check_of_names_resolves_macros_as_tera_does() {
    // A child template calls the macros its parent imports; a macro file calls its own macros
    // through `self`: neither is a name that stands for nothing.
    let site = Site::fixture("minimal");
    let page = PageTemplate::FILE;
    let macros = format!("{TEMPLATES}/macros.html");
    assert!(site
        .read(&format!("{TEMPLATES}/base.html"))
        .contains("import \"macros.html\" as macros"));
    site.edit(page, "{% import \"macros.html\" as macros %}", "");
    assert!(site.read(page).contains("macros::paper_link"));
    site.edit(
        &macros,
        "{% macro groups_heading(groups) %}",
        "{% macro groups_heading(groups) %}{% if false %}{{ self::paper_link(item=groups) }}{% endif %}",
    );
    site.build().assert_ok();

    site.edit(&macros, "self::paper_link", "self::paper_lnk");
    let (line, column) = place_of(&site.read(&macros), "self::paper_lnk", "paper_lnk");
    site.build().assert_error(&format!(
        "{macros}:{line}:{column}: `macros.html` has no macro `paper_lnk`"
    ));
}

#[test]
fn a_message_a_template_asks_for_by_name_and_no_language_gives_is_an_error_before_any_page() {
    // `t(key="site-titel")` behind `{% if false %}` built: the misspelt message would have
    // failed the day a page took the branch.
    let site = Site::fixture("minimal");
    site.append(
        "i18n/fr/main.ftl",
        "only-in-french = Seulement en français\n",
    );
    let (run, page) = build_with_hidden(
        &site,
        "{{ t(key=\"site-titel\") }}{{ t(key=\"site-title.nope\") }}\
         {{ t(key=\"only-in-french\") }}{{ t(key=\"only-in-french\", in_locale=\"fr\") }}\
         {{ t(key=\"language-es\") }}{{ t(key=\"language-name\", in_locale=\"zh\") }}\
         {{ t(key=\"footer-\" ~ \"nte\") }}",
    );
    run.assert_error_with_help(
        &page.at("site-titel"),
        "no message `site-titel` in the files of any language of the site",
        "did you mean `site-title`?",
    );
    run.assert_error(&format!(
        "{}: the message `site-title` has no attribute `nope` in i18n/en/",
        page.at("site-title.nope")
    ));
    run.assert_error(&format!(
        "{}: no message `only-in-french` in i18n/en/ nor in the languages it falls back to",
        page.at("only-in-french")
    ));
    // Literals joined by `~`, which the parser makes one: the whole call.
    run.assert_error(&format!(
        "{}: no message `footer-nte` in the files of any language of the site",
        page.at("t(key=\"footer-\" ~")
    ));
    // One error a mistake, not one a language; the message asked of French alone, a
    // language's name CLDR gives and a message every language has are no mistakes.
    run.assert_error("papermap: 4 errors; nothing was written");
}

#[test]
fn an_unknown_filter_and_an_unknown_message_are_told_in_one_build() {
    let site = Site::fixture("minimal");
    hide_in_page(&site, "{{ t(key=\"site-titel\") }}{{ page.title | uper }}");
    let run = site.build();
    run.assert_error("there is no filter `uper`");
    run.assert_error("no message `site-titel`");
    run.assert_error("papermap: 2 errors; nothing was written");
}

#[test]
fn a_variable_a_message_uses_and_its_call_does_not_give_is_an_error_at_the_call() {
    // Behind `{% if false %}` these built: the sentence would have failed the day a page
    // took the branch.
    let site = Site::fixture("minimal");
    site.append(
        "i18n/en/main.ftl",
        "with-title = Shown\n    .title = Named { $name }\n",
    );
    let (run, page) = build_with_hidden(
        &site,
        "{{ t(key=\"paper-byline\", autors=\"A\", year=\"2020\") }}\
         {{ t(key=\"builds-on-heading\", shown=1) }}{{ t(key=\"with-title.title\") }}\
         {{ t(key=\"builds-on-heading\", shown=1, total=2, in_locale=\"fr\") }}\
         {{ t(key=\"with-title\") }}",
    );
    let messages = site.read("i18n/en/main.ftl");
    let in_messages = |id: &str, variable: &str| {
        let (line, column) = place_of(&messages, &format!("{id} ="), variable);
        format!("i18n/en/main.ftl:{line}:{column}")
    };
    run.assert_error(&format!(
        "{}: the message `paper-byline` of i18n/en/ uses the variable `$authors` ({}), which \
         this call does not give; it gives `$autors`, `$year`",
        page.at("autors"),
        in_messages("paper-byline", "$authors")
    ));
    run.assert_error("help: did you mean `authors`?");
    run.assert_error(&format!(
        "{}: the message `builds-on-heading` of i18n/en/ uses the variable `$total` ({}), which \
         this call does not give; it gives `$shown`",
        page.at("builds-on-heading\", shown=1)"),
        in_messages("builds-on-heading", "$total")
    ));
    run.assert_error("help: give it: `total=…`");
    // An attribute's variables are its own: the message's value uses none.
    let (line, column) = place_of(&messages, ".title = Named", "$name");
    run.assert_error(&format!(
        "{}: the message `with-title.title` of i18n/en/ uses the variable `$name` \
         (i18n/en/main.ftl:{line}:{column}), which this call does not give; it gives none",
        page.at("with-title.title")
    ));
    run.assert_error("papermap: 3 errors; nothing was written");
}

#[test]
fn a_variable_only_a_translation_uses_is_an_error_in_the_translation_once() {
    let site = Site::fixture("minimal");
    let run = site.build_broken_by(|site| {
        site.edit("i18n/fr/main.ftl", "Par { $authors }", "Par { $autors }");
        // A second call of the same message: still one mistake, in the translation.
        hide_in_page(
            site,
            "{{ t(key=\"paper-byline\", authors=\"A\", year=\"2020\") }}",
        );
    });
    let messages = site.read("i18n/fr/main.ftl");
    let (line, column) = place_of(&messages, "paper-byline =", "$autors");
    // The call named is the first in the order of the templates' names.
    let call = PageTemplate::read(&site).within("t(key=\"paper-byline\"", "paper-byline");
    run.assert_error(&format!(
        "i18n/fr/main.ftl:{line}:{column}: the message `paper-byline` uses the variable \
         `$autors`, which its call ({call}) does not give; it gives \
         `$authors`, `$year`"
    ));
    run.assert_error("help: did you mean `$authors`, which the call gives?");
    run.assert_error("papermap: 1 error; nothing was written");
}

#[test]
fn a_macro_called_with_an_argument_it_does_not_take_or_without_one_it_needs_is_an_error_at_load() {
    // Tera leaves an argument the macro does not take unread (a macro with a default for it
    // would show the default), and finds a missing one only when a page renders the call.
    let site = Site::fixture("minimal");
    let macros = format!("{TEMPLATES}/macros.html");
    site.edit(
        &macros,
        "{% macro groups_heading(groups) %}",
        "{% macro note(text, level=1) %}{{ text }}{% endmacro note %}\
         {% macro groups_heading(groups) %}",
    );
    let (run, page) = build_with_hidden(
        &site,
        "{{ macros::note(text=\"a\", levle=2) }}{{ macros::note(level=2) }}\
         {{ macros::note(txt=\"b\") }}{{ macros::note(text=\"c\", level=3) }}",
    );
    run.assert_error_with_help(
        &page.within("macros::note(text=\"a\"", "levle"),
        "the macro `macros::note` takes no argument `levle`",
        "did you mean `level`?",
    );
    run.assert_error_with_help(
        &page.within("macros::note(level=2)", "macros::note"),
        "the macro `macros::note` needs the argument `text`",
        "give it: `text=…`",
    );
    // A misspelt argument is one mistake, not also a missing one.
    run.assert_error_with_help(
        &page.within("macros::note(txt", "txt"),
        "the macro `macros::note` takes no argument `txt`",
        "did you mean `text`?",
    );
    run.assert_error("papermap: 3 errors; nothing was written");
}

#[test]
fn a_language_a_call_names_that_the_site_does_not_have_is_an_error_at_load() {
    let site = Site::fixture("minimal");
    let (run, page) = build_with_hidden(
        &site,
        "{{ t(key=\"site-title\", in_locale=\"fre\") }}\
         {{ t(key=\"site-title\", in_locale=\"xx\") }}",
    );
    run.assert_error_with_help(
        &page.at("fre\""),
        "t(): `fre` is not a language of the site",
        "did you mean `fr`?",
    );
    run.assert_error_with_help(
        &page.at("xx\""),
        "t(): `xx` is not a language of the site",
        "the languages of the site are `en`, `fr`, `zh`",
    );
    run.assert_error("papermap: 2 errors; nothing was written");
}

#[test]
fn a_filter_or_function_called_with_an_argument_it_does_not_take_or_without_one_it_needs_is_an_error_at_load(
) {
    // Filters and functions read their arguments by name: a misspelt one was left unread (the
    // default shown, without a word), and a missing one failed only on a page that reached it.
    let site = Site::fixture("minimal");
    let (run, page) = build_with_hidden(
        &site,
        "{{ 3.14159 | num(digts=2) }}{{ \"abc\" | truncate(lenght=2) }}\
         {{ \"a-b\" | replace(from=\"-\") }}{{ page.title | upper(x=1) }}\
         {% for i in range(ends=3) %}{% endfor %}{% raw %}{% filter  replace(frm = 1) %}{% endraw %}\
         {% filter replace(frm=\"a\", to=\"b\") %}a{% endfilter %}\
         {{ page.title | join(glue=\", \") }}{{ 2.5 | num(digits=1) }}",
    );
    // `range(ends=3)` is one mistake, not also a missing `end`: the misspelt name stands for
    // it; `{% filter replace(frm=…) %}` is placed in its own tag, not in a `{% raw %}` block's
    // text that looks like it.
    for ((holder, part), error, help) in [
        (
            ("num(digts", "digts"),
            "the filter `num` takes no argument `digts`",
            "did you mean `digits`?",
        ),
        (
            ("truncate(", "lenght"),
            "the filter `truncate` takes no argument `lenght`",
            "did you mean `length`?",
        ),
        (
            ("\"a-b\"", "replace"),
            "the filter `replace` needs the argument `to`",
            "give it: `to=…`",
        ),
        (
            ("upper(x", "x"),
            "the filter `upper` takes no argument `x`",
            "it takes no arguments",
        ),
        (
            ("range(ends", "ends"),
            "the function `range` takes no argument `ends`",
            "did you mean `end`?",
        ),
        (
            ("{% filter replace(frm", "frm"),
            "the filter `replace` takes no argument `frm`",
            "did you mean `from`?",
        ),
        (
            ("join(glue", "glue"),
            "the filter `join` takes no argument `glue`",
            "it takes `sep`",
        ),
    ] {
        run.assert_error_with_help(&page.within(holder, part), error, help);
    }
    run.assert_error("papermap: 7 errors; nothing was written");
}

#[test]
fn a_message_call_without_a_key_is_an_error_at_load() {
    let site = Site::fixture("minimal");
    let (run, page) = build_with_hidden(&site, "{{ t(kee=\"site-title\") }}{{ t(count=3) }}");
    run.assert_error_with_help(
        &page.at("kee="),
        "t() needs a `key`, the id of a message; it was given `kee`",
        "did you mean `key`?",
    );
    run.assert_error_with_help(
        &page.at("t(count"),
        "t() needs a `key`, the id of a message; it was given `count`",
        "give it: `key=\"…\"`",
    );
    run.assert_error("papermap: 2 errors; nothing was written");
}

#[test]
fn a_test_given_the_wrong_number_of_arguments_is_an_error_at_load() {
    let site = Site::fixture("minimal");
    let (run, page) = build_with_hidden(
        &site,
        "{% if page.title is divisibleby %}{% endif %}{% if page.title is odd(2) %}{% endif %}\
         {% if page.title is containing(\"a\", \"b\") %}{% endif %}\
         {% if page.title is divisibleby(2) and page.title is string %}{% endif %}",
    );
    for (needle, error, help) in [
        (
            "divisibleby %}",
            "the test `divisibleby` needs an argument",
            "give it one: `is divisibleby(…)`",
        ),
        (
            "odd(2)",
            "the test `odd` takes no arguments",
            "write it without them: `is odd`",
        ),
        (
            "containing(",
            "the test `containing` takes one argument, not 2",
            "give it one: `is containing(…)`",
        ),
    ] {
        run.assert_error_with_help(&page.at(needle), error, help);
    }
    run.assert_error("papermap: 3 errors; nothing was written");
}

#[test]
fn a_literal_value_teras_own_filters_functions_and_tests_would_refuse_is_an_error_at_load() {
    // Tera converts an argument's value only when a page renders the call, so
    // `round(method="up")` in a branch no page of today's records takes shipped, and failed the
    // build on the day a record took it.
    let site = Site::fixture("minimal");
    let (run, page) = build_with_hidden(
        &site,
        "{{ 2.5 | round(method=\"up\") }}{{ \"abc\" | truncate(length=\"2\") }}\
         {% for i in range(end=3, step_by=0) %}{% endfor %}\
         {% if page.title is matching(\"(ab\") %}{% endif %}\
         {% if page.title is starting_with(3) %}{% endif %}\
         {% filter indent(first=\"yes\") %}a{% endfilter %}\
         {{ \"ff\" | int(base=16) }}{{ 2.5 | round(method=\"floor\", precision=1) }}\
         {% if page.title is matching(\"^[A-Z]\") and page.title is divisibleby(2) %}{% endif %}",
    );
    for (place, error) in [
        (
            page.within("round(method=\"up", "method"),
            "`round`'s `method` is one of \"common\", \"ceil\", \"floor\", not \"up\"",
        ),
        (
            page.within("truncate(length", "length"),
            "`truncate`'s `length` is a whole number, 0 or more, not \"2\"",
        ),
        (
            page.within("step_by=0", "step_by"),
            "`range`'s `step_by` is a whole number, 1 or more, not 0",
        ),
        (
            page.at("\"(ab\""),
            "the test `matching`'s pattern is not a regular expression: unclosed group",
        ),
        (
            page.at("3) %}"),
            "the test `starting_with` takes a string in quotes, not 3",
        ),
        (
            page.within("indent(first", "first"),
            "`indent`'s `first` is `true` or `false`, not \"yes\"",
        ),
    ] {
        run.assert_error(&format!("{place}: {error}"));
    }
    run.assert_error("papermap: 6 errors; nothing was written");
}

#[test]
fn a_literal_a_filter_would_refuse_is_an_error_at_load() {
    let site = Site::fixture("minimal");
    let (run, page) = build_with_hidden(
        &site,
        "{{ 1.5 | num(digits=200) }}{{ page.title | subfield_name(form=3) }}\
         {{ 1.5 | num(digits=2) }}{{ page.title | subfield_name(form=\"in-text\") }}",
    );
    run.assert_error(&format!(
        "{}: `num`'s `digits` is a whole number from 0 to 100, not 200",
        page.within("num(digits=200", "digits")
    ));
    run.assert_error(&format!(
        "{}: `subfield_name`'s `form` is the name of an attribute of the subfield's message, \
         such as \"in-text\", not 3",
        page.within("subfield_name(form=3", "form")
    ));
    run.assert_error("papermap: 2 errors; nothing was written");
}
