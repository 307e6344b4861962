//! Template mistakes that Tera reports without a place, or with words of its own: each is an
//! error at the line that makes it, said plainly, and nothing is written.

mod common;

use common::{place_of, Site};

const TEMPLATES: &str = "themes/default/templates";

#[test]
fn an_include_of_a_template_that_does_not_exist_is_an_error_at_the_include() {
    let site = Site::fixture("minimal");
    let page = format!("{TEMPLATES}/page.html");
    site.edit(&page, "<h1>", "{% include \"parts/nope.html\" %}<h1>");
    let run = site.build();
    let (line, column) = place_of(&site.read(&page), "parts/nope.html", "\"parts/nope.html\"");
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
    let page = format!("{TEMPLATES}/page.html");
    site.edit(
        &page,
        "{% extends \"base.html\" %}",
        "{% extends \"page.html\" %}",
    );
    let run = site.build();
    run.assert_error(&format!(
        "{page}:1:4: the template `page.html` extends itself"
    ));
}
