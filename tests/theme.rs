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
    let light = legible(with_bibtex_colours(themes.themes["InspiredGitHub"].clone()));
    let dark = legible(with_bibtex_colours(
        themes.themes["base16-ocean.dark"].clone(),
    ));
    let light = css_for_theme_with_class_style(&light, style).unwrap();
    let dark = css_for_theme_with_class_style(&dark, style).unwrap();
    let indented: String = dark.lines().map(|l| format!("  {l}\n")).collect();
    format!(
        "/* Generated from syntect's InspiredGitHub (light) and base16-ocean.dark (dark) themes, every\n   \
         colour darkened or lightened to a contrast of at least 4.5:1 (WCAG AA) on its background, by\n   \
         tests/theme.rs; run `PAPERMAP_BLESS=1 cargo test --test theme` to write it again. */\n\
         {light}\n@media (prefers-color-scheme: dark) {{\n{indented}}}\n"
    )
}

/// The themes colour code, and leave the parts of a BibTeX entry that are not code (its key,
/// its field names) in plain text: give them the colours each theme gives a function's name and
/// a parameter.
fn with_bibtex_colours(mut theme: syntect::highlighting::Theme) -> syntect::highlighting::Theme {
    use std::str::FromStr;
    use syntect::highlighting::{Highlighter, ScopeSelectors, StyleModifier, ThemeItem};
    use syntect::parsing::Scope;
    let colour_of = |scope: &str| {
        Highlighter::new(&theme)
            .style_for_stack(&[Scope::new(scope).unwrap()])
            .foreground
    };
    let additions = [
        (
            "entity.name.type.entry-key",
            colour_of("entity.name.function"),
        ),
        ("string.unquoted.key", colour_of("variable.parameter")),
    ];
    for (scope, colour) in additions {
        theme.scopes.push(ThemeItem {
            scope: ScopeSelectors::from_str(scope).unwrap(),
            style: StyleModifier {
                foreground: Some(colour),
                background: None,
                font_style: None,
            },
        });
    }
    theme
}

/// WCAG's relative luminance of a colour.
fn luminance(c: syntect::highlighting::Color) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.03928 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
}

fn contrast(a: syntect::highlighting::Color, b: syntect::highlighting::Color) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// A theme whose colours all read at AA contrast on its background: each one too faint is
/// moved towards black (on a light background) or white (on a dark one) until it does.
fn legible(mut theme: syntect::highlighting::Theme) -> syntect::highlighting::Theme {
    use syntect::highlighting::Color;
    let background = theme.settings.background.unwrap_or(Color::WHITE);
    let target = if luminance(background) > 0.5 {
        Color::BLACK
    } else {
        Color::WHITE
    };
    let fix = |colour: &mut Color| {
        let original = *colour;
        let mut step = 0u8;
        while contrast(*colour, background) < 4.5 && step < 20 {
            step += 1;
            let mix = |from: u8, to: u8| {
                let t = f64::from(step) / 20.0;
                (f64::from(from) * (1.0 - t) + f64::from(to) * t).round() as u8
            };
            *colour = Color {
                r: mix(original.r, target.r),
                g: mix(original.g, target.g),
                b: mix(original.b, target.b),
                a: 0xff,
            };
        }
    };
    if let Some(foreground) = theme.settings.foreground.as_mut() {
        fix(foreground);
    }
    for item in &mut theme.scopes {
        if let Some(foreground) = item.style.foreground.as_mut() {
            fix(foreground);
        }
    }
    theme
}

#[test]
fn highlight_colours_reach_aa_contrast() {
    use syntect::highlighting::ThemeSet;
    let themes = ThemeSet::load_defaults();
    for name in ["InspiredGitHub", "base16-ocean.dark"] {
        let theme = legible(themes.themes[name].clone());
        let background = theme.settings.background.unwrap();
        for item in &theme.scopes {
            if let Some(foreground) = item.style.foreground {
                assert!(
                    contrast(foreground, background) >= 4.5,
                    "{name}: {foreground:?}"
                );
            }
        }
    }
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
