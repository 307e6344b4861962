//! The theme holds no sentence of its own: every word a reader sees comes from `i18n/`.

use std::path::Path;

/// What is left of a template once its tags, Tera blocks and comments are taken out.
fn visible_text(template: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find(['<', '{']) {
        out.push_str(&rest[..start]);
        let closing = match &rest[start..start + 2.min(rest.len() - start)] {
            "{{" => "}}",
            "{%" => "%}",
            "{#" => "#}",
            s if s.starts_with('<') => ">",
            _ => {
                out.push('{');
                rest = &rest[start + 1..];
                continue;
            }
        };
        match rest[start..].find(closing) {
            Some(end) => rest = &rest[start + end + closing.len()..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn templates_hold_no_words() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/default/templates");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let template = std::fs::read_to_string(&path).unwrap();
        let text = visible_text(&template);
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .collect();
        assert!(
            words.is_empty(),
            "{} shows words that are not from i18n/: {words:?}",
            path.display()
        );
        checked += 1;
    }
    assert!(checked >= 4, "the theme's templates were not found");
}

#[test]
fn the_check_itself_finds_words() {
    assert_eq!(visible_text("<p>{{ t(key=\"x\") }}</p>").trim(), "");
    assert!(visible_text("<p>Hello {{ name }}</p>").contains("Hello"));
}
