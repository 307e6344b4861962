//! The theme holds no sentence of its own: every word a reader sees comes from `i18n/`; its
//! highlighting stylesheet is the one syntect generates for papermap's code classes.

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

/// The light and dark colours of highlighted code, from two of syntect's bundled themes, for
/// the class names papermap's Markdown renderer writes.
fn generated_highlight_css() -> String {
    use syntect::highlighting::ThemeSet;
    use syntect::html::css_for_theme_with_class_style;
    let themes = ThemeSet::load_defaults();
    let style = papermap::markdown::CODE_CLASS_STYLE;
    let light = css_for_theme_with_class_style(&themes.themes["InspiredGitHub"], style).unwrap();
    let dark = css_for_theme_with_class_style(&themes.themes["base16-ocean.dark"], style).unwrap();
    let indented: String = dark.lines().map(|l| format!("  {l}\n")).collect();
    format!(
        "/* Generated from syntect's InspiredGitHub (light) and base16-ocean.dark (dark) themes by\n   \
         tests/theme.rs; run `PAPERMAP_BLESS=1 cargo test --test theme` to write it again. */\n\
         {light}\n@media (prefers-color-scheme: dark) {{\n{indented}}}\n"
    )
}

#[test]
fn highlight_stylesheet_is_generated_from_syntect_themes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes/default/static/highlight.css");
    let expected = generated_highlight_css();
    if std::env::var_os("PAPERMAP_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "{} is not the stylesheet syntect generates; run `PAPERMAP_BLESS=1 cargo test --test theme`",
        path.display()
    );
    assert!(
        expected.contains(".hl-"),
        "no class of papermap's style in:\n{expected}"
    );
}
