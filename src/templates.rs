//! Tera templates: the theme's `themes/<theme>/templates/`, with any file of the site's own
//! `templates/` taking the place of the theme's file of the same name. Templates are compiled
//! once; each locale then gets its own copy with the functions that speak its language: `t()`
//! for Fluent messages, the `num` and `date` filters for ICU4X formatting, and `subfield_name`
//! for a subfield's name in the language (its `subfield-<slug>` message, when there is one).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fluent_bundle::{FluentArgs, FluentValue};
use tera::{Tera, Value};
use walkdir::WalkDir;

use crate::config::Config;
use crate::diagnostics::{Diagnostic, SourceText};
use crate::format::{NumberOptions, MAX_FRACTION_DIGITS};
use crate::localize::{Localizer, SubfieldNames};
use crate::records::Date;

pub const SITE_TEMPLATES_DIR: &str = "templates";
/// The templates the renderer asks for by name.
pub const REQUIRED: &[&str] = &[
    "index.html",
    "paper.html",
    "paper.md",
    "page.html",
    "list.html",
    "groups.html",
    "category.html",
    "404.html",
    "search.html",
    "atom.xml",
];

/// The compiled templates, with where each came from.
pub struct Templates {
    tera: Tera,
    sources: HashMap<String, SourceText>,
}

impl Templates {
    pub fn theme_dir(config: &Config) -> PathBuf {
        Path::new("themes").join(&config.theme)
    }

    pub fn load(config: &Config) -> Result<Templates, Vec<Diagnostic>> {
        let theme_dir = Self::theme_dir(config);
        if !config.path(&theme_dir).is_dir() {
            let span = config.theme_span.clone();
            return Err(vec![Diagnostic::at(
                &config.source,
                span.start,
                span.len(),
                format!(
                    "there is no theme `{}`: the folder {} does not exist",
                    config.theme,
                    theme_dir.display()
                ),
            )
            .with_help(
                "set `theme` to a folder of themes/, or leave it out to use `default`",
            )]);
        }
        let mut files: BTreeMap<String, PathBuf> = BTreeMap::new();
        for dir in [
            theme_dir.join("templates"),
            PathBuf::from(SITE_TEMPLATES_DIR),
        ] {
            for (name, relative) in template_files(config, &dir) {
                files.insert(name, relative);
            }
        }
        let mut errors = Vec::new();
        let mut sources = HashMap::new();
        for (name, relative) in &files {
            match crate::parse::read_source(config, relative) {
                Ok(source) => {
                    sources.insert(name.clone(), source);
                }
                Err(e) => errors.push(e),
            }
        }
        for name in REQUIRED {
            if !files.contains_key(*name) {
                let span = config.theme_span.clone();
                errors.push(
                    Diagnostic::at(
                        &config.source,
                        span.start,
                        span.len(),
                        format!("the theme `{}` has no template `{name}`", config.theme),
                    )
                    .with_help(format!(
                        "add {} or {}",
                        theme_dir.join("templates").join(name).display(),
                        Path::new(SITE_TEMPLATES_DIR).join(name).display()
                    )),
                );
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut tera = Tera::default();
        tera.set_borrowing_escape_fn(escape_html);
        tera.register_filter("md", |value: &Value, _: &HashMap<String, Value>| {
            Ok(Value::String(crate::markdown::escape_text(
                value.as_str().unwrap_or_default(),
            )))
        });
        let raw: Vec<(&str, &str)> = sources
            .iter()
            .map(|(n, s)| (n.as_str(), &*s.text))
            .collect();
        if let Err(e) = tera.add_raw_templates(raw) {
            return Err(vec![template_error(&sources, &e)]);
        }
        Ok(Templates { tera, sources })
    }

    /// A copy of the templates that renders in one locale; `subfield_names` are the locale's
    /// [`Localizer::subfield_names`].
    pub fn for_locale(
        &self,
        localizer: &Arc<Localizer>,
        locale: usize,
        subfield_names: SubfieldNames,
    ) -> LocaleTemplates {
        let mut tera = self.tera.clone();
        tera.register_filter(
            "subfield_name",
            move |value: &Value, args: &HashMap<String, Value>| {
                let name = value.as_str().ok_or_else(|| {
                    tera::Error::msg(format!(
                        "`subfield_name` needs a subfield's name, not {value}"
                    ))
                })?;
                let form = match args.get("form") {
                    None => None,
                    Some(Value::String(form)) => Some(form.as_str()),
                    Some(other) => {
                        return Err(tera::Error::msg(format!(
                            "`subfield_name`'s `form` is the name of an attribute of the subfield's message, such as \"in-text\", not {other}"
                        )))
                    }
                };
                match subfield_names.get(name).map(|n| n.form(form)) {
                    Some(Ok(text)) => Ok(Value::String(text.clone())),
                    Some(Err(why)) => Err(tera::Error::msg(why.clone())),
                    None => Ok(value.clone()),
                }
            },
        );
        tera.register_function(
            "t",
            Translate {
                localizer: localizer.clone(),
                locale,
            },
        );
        // A message depends on its locale and arguments alone: `t(key="site-title")` is made
        // once for the locale instead of at each of the some thirty places a paper page has one.
        tera.fold_constant_calls("t");
        let numbers = localizer.clone();
        tera.register_filter(
            "num",
            move |value: &Value, args: &HashMap<String, Value>| {
                let n = value.as_f64().ok_or_else(|| {
                    tera::Error::msg(format!("`num` needs a number, not {value}"))
                })?;
                let digits = args
                    .get("digits")
                    .map(|d| {
                        d.as_u64()
                            .map(|d| d as usize)
                            .filter(|&d| d <= MAX_FRACTION_DIGITS)
                            .ok_or_else(|| {
                                tera::Error::msg(format!(
                                    "`num`'s `digits` is a whole number from 0 to {MAX_FRACTION_DIGITS}, not {d}"
                                ))
                            })
                    })
                    .transpose()?;
                let formats = numbers.formats(locale);
                Ok(Value::String(match (value.as_i64(), digits) {
                    (Some(i), None) => formats.integer(i),
                    _ => formats.number(
                        n,
                        NumberOptions {
                            min_fraction: digits,
                            max_fraction: digits,
                            ..Default::default()
                        },
                    ),
                }))
            },
        );
        let dates = localizer.clone();
        tera.register_filter("date", move |value: &Value, _: &HashMap<String, Value>| {
            let text = value.as_str().unwrap_or_default();
            let date = Date::parse(text).ok_or_else(|| {
                tera::Error::msg(format!("`date` needs a YYYY-MM-DD date, not {value}"))
            })?;
            Ok(Value::String(dates.formats(locale).date(date)))
        });
        LocaleTemplates { tera }
    }

    /// A render error as a diagnostic pointing into the template that failed.
    pub fn render_error(&self, template: &str, error: &tera::Error) -> Diagnostic {
        template_error_in(&self.sources, template, &self.family(template), error)
    }

    /// The templates whose text `template` renders besides its own, nearest first: its parents
    /// (from the one it extends up), then the macro files it and they import.
    fn family(&self, template: &str) -> Vec<String> {
        let Ok(own) = self.tera.get_template(template) else {
            return Vec::new();
        };
        let mut family = own.parents.clone();
        for name in std::iter::once(template).chain(own.parents.iter().map(String::as_str)) {
            if let Ok(member) = self.tera.get_template(name) {
                for (file, _) in &member.imported_macro_files {
                    if file != template && !family.contains(file) {
                        family.push(file.clone());
                    }
                }
            }
        }
        family
    }
}

/// What a page's buffer starts with: a paper page is 20–30 KB, and a buffer that grows is copied.
const PAGE_CAPACITY: usize = 32 * 1024;

/// The templates of one locale.
pub struct LocaleTemplates {
    tera: Tera,
}

impl LocaleTemplates {
    /// The page's bytes: rendered into a buffer, which `Tera::render` would check to be UTF-8
    /// before making it a `String`; what papermap does with a page needs its bytes.
    pub fn render(&self, template: &str, context: &tera::Context) -> tera::Result<Vec<u8>> {
        let mut page = Vec::with_capacity(PAGE_CAPACITY);
        self.tera.render_to(template, context, &mut page)?;
        Ok(page)
    }
}

/// `t(key="…", count=3, …)`: a Fluent message of the page's locale with its arguments;
/// `in_locale="fr"` resolves it in another language of the site.
struct Translate {
    localizer: Arc<Localizer>,
    locale: usize,
}

impl tera::Function for Translate {
    fn call(&self, args: &HashMap<String, Value>) -> tera::Result<Value> {
        // One pass over the arguments: each lookup by name would hash it again (SipHash).
        let (mut key, mut in_locale) = (None, None);
        let mut named: Vec<(&String, &Value)> = Vec::new();
        for (name, value) in args {
            match name.as_str() {
                "key" => key = Some(value),
                "in_locale" => in_locale = Some(value),
                _ => named.push((name, value)),
            }
        }
        let key = key
            .and_then(Value::as_str)
            .ok_or_else(|| tera::Error::msg("t() needs a `key`, e.g. t(key=\"site-title\")"))?;
        // `in_locale` asks another language, e.g. for each language's own name in the switcher.
        let locale = match in_locale.and_then(Value::as_str) {
            Some(code) => self.localizer.index_of(code).ok_or_else(|| {
                tera::Error::msg(format!("t(): `{code}` is not a language of the site"))
            })?,
            None => self.locale,
        };
        let mut fluent_args = FluentArgs::new();
        named.sort_by_key(|&(name, _)| name);
        // Names and strings are lent to Fluent, not copied: a page makes some twenty such calls.
        for (name, value) in named {
            let value = match value {
                Value::Number(n) => FluentValue::from(n.as_f64().unwrap_or_default()),
                Value::String(s) => FluentValue::from(s.as_str()),
                Value::Bool(b) => FluentValue::from(b.to_string()),
                Value::Null => FluentValue::None,
                other => FluentValue::from(other.to_string()),
            };
            fluent_args.set(name.as_str(), value);
        }
        let args = fluent_args.iter().next().is_some().then_some(&fluent_args);
        self.localizer
            .message(locale, key, args)
            .map(Value::String)
            .map_err(tera::Error::msg)
    }

    fn is_safe(&self) -> bool {
        false
    }
}

/// Escapes what HTML and XML need escaped, and not `/` as Tera's default does, so URLs stay
/// readable. Every value a template shows goes through it, so it skips the runs of bytes it
/// keeps with one table lookup a byte and copies them whole (a chain of comparisons a byte, its
/// share of a build's instructions was twice as large). It lends `input` back when nothing in it
/// needs escaping: most of what a page shows (titles, addresses, names) is written as it is,
/// without a copy made only to be written out and dropped.
pub fn escape_html(input: &str) -> Cow<'_, str> {
    let bytes = input.as_bytes();
    let needs_escaping = |byte: &u8| ESCAPE_CLASS[usize::from(*byte)] != KEEP;
    let Some(first) = bytes.iter().position(needs_escaping) else {
        return Cow::Borrowed(input);
    };
    let mut out = String::with_capacity(input.len());
    let mut copied = 0;
    let mut at = first;
    loop {
        let replaced = match ESCAPE_CLASS[usize::from(bytes[at])] {
            AMPERSAND => Some(("&amp;", 1)),
            LESS_THAN => Some(("&lt;", 1)),
            GREATER_THAN => Some(("&gt;", 1)),
            DOUBLE_QUOTE => Some(("&quot;", 1)),
            SINGLE_QUOTE => Some(("&#39;", 1)),
            CONTROL => Some(("", 1)),
            // 0xC2 leads U+0080 to U+00FF; only U+0080 to U+009F (C1) are control characters.
            C1_LEAD if matches!(bytes.get(at + 1), Some(0x80..=0x9F)) => Some(("", 2)),
            // The lead byte of a character that is kept.
            _ => None,
        };
        match replaced {
            Some((replacement, width)) => {
                // `at` is at an ASCII byte or a lead byte, so both slices end on a char's
                // boundary.
                out.push_str(&input[copied..at]);
                out.push_str(replacement);
                at += width;
                copied = at;
            }
            None => at += 1,
        }
        match bytes[at..].iter().position(needs_escaping) {
            Some(offset) => at += offset,
            None => break,
        }
    }
    // Only lead bytes of kept characters (U+00A0 to U+00BF) were met: nothing was escaped.
    if copied == 0 {
        return Cow::Borrowed(input);
    }
    out.push_str(&input[copied..]);
    Cow::Owned(out)
}

const KEEP: u8 = 0;
const AMPERSAND: u8 = 1;
const LESS_THAN: u8 = 2;
const GREATER_THAN: u8 = 3;
const DOUBLE_QUOTE: u8 = 4;
const SINGLE_QUOTE: u8 = 5;
const CONTROL: u8 = 6;
const C1_LEAD: u8 = 7;

/// What [`escape_html`] does with each byte. Control characters are not allowed in XML (the
/// feeds) nor in HTML text: C0 but tab, line feed and carriage return, DEL, and C1 (U+0080 to
/// U+009F, 0xC2 0x80 to 0xC2 0x9F in UTF-8) are dropped.
static ESCAPE_CLASS: [u8; 256] = {
    let mut class = [KEEP; 256];
    let mut byte = 0;
    while byte < 0x20 {
        class[byte] = CONTROL;
        byte += 1;
    }
    class[b'\t' as usize] = KEEP;
    class[b'\n' as usize] = KEEP;
    class[b'\r' as usize] = KEEP;
    class[0x7F] = CONTROL;
    class[0xC2] = C1_LEAD;
    class[b'&' as usize] = AMPERSAND;
    class[b'<' as usize] = LESS_THAN;
    class[b'>' as usize] = GREATER_THAN;
    class[b'"' as usize] = DOUBLE_QUOTE;
    class[b'\'' as usize] = SINGLE_QUOTE;
    class
};

fn template_files(config: &Config, dir: &Path) -> Vec<(String, PathBuf)> {
    let root = config.path(dir);
    if !root.is_dir() {
        return Vec::new();
    }
    WalkDir::new(&root)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_type().is_file()
                && !crate::discover::is_ignored(&e.file_name().to_string_lossy())
        })
        .filter_map(|e| {
            let within = e.path().strip_prefix(&root).ok()?;
            let name = within.to_string_lossy().replace('\\', "/");
            Some((name, dir.join(within)))
        })
        .collect()
}

/// The whole chain of a Tera error, which keeps the useful part in its sources.
fn chain(error: &tera::Error) -> String {
    let mut text = error.to_string();
    let mut last = text.clone();
    let mut source = std::error::Error::source(error);
    while let Some(s) = source {
        // Tera wraps a failed function's error in the same words twice.
        let cause = s.to_string();
        if cause != last {
            text.push_str(": ");
            text.push_str(&cause);
            last = cause;
        }
        source = s.source();
    }
    text
}

fn template_error(sources: &HashMap<String, SourceText>, error: &tera::Error) -> Diagnostic {
    let text = chain(error);
    let name = quoted_after(&text, "Failed to parse ")
        .or_else(|| quoted_after(&text, "Template "))
        .unwrap_or_default();
    template_error_in(sources, &name, &[], error)
}

/// `error` of template `name`, placed in it or, for a render error, in the first of `family`
/// (see [`Templates::family`]) and then of the other templates that holds what it names.
fn template_error_in(
    sources: &HashMap<String, SourceText>,
    name: &str,
    family: &[String],
    error: &tera::Error,
) -> Diagnostic {
    let text = chain(error);
    let Some(source) = sources.get(name) else {
        return Diagnostic::new(format!("template {name}"), text);
    };
    // Parse errors carry `--> line:column`; render errors name the missing piece in quotes.
    if let Some((line, column)) = arrow_position(&text) {
        let message = text
            .lines()
            .last()
            .unwrap_or(&text)
            .trim_start_matches(['=', ' '])
            .to_string();
        let first = text.lines().next().unwrap_or_default();
        let first = first
            .split("  --> ")
            .next()
            .unwrap_or(first)
            .trim_end_matches([':', ' ']);
        return Diagnostic::at_line_col(source, line, column, format!("{first}: {message}"));
    }
    // The error is reported once for all the pages it stopped, whatever template they render.
    let message = without_template_name(&text, name).replace('\n', " ");
    // The piece may stand in a parent template or a macro: look in the named one first, then in
    // its family, then in the others (an included template, say).
    let mut candidates: Vec<&SourceText> = vec![source];
    candidates.extend(family.iter().filter_map(|n| sources.get(n)));
    let mut others: Vec<(&String, &SourceText)> = sources
        .iter()
        .filter(|(n, _)| *n != name && !family.contains(n))
        .collect();
    others.sort_by_key(|(n, _)| *n);
    candidates.extend(others.into_iter().map(|(_, s)| s));
    // The innermost cause comes last and names the most precise piece.
    // One-letter names (the function `t`) would match anywhere.
    for needle in quoted_names(&text)
        .into_iter()
        .rev()
        .filter(|n| n != name && n.len() > 2)
    {
        for candidate in &candidates {
            if let Some(offset) = find_token(&candidate.text, &needle) {
                return Diagnostic::at(candidate, offset, needle.len(), message);
            }
        }
    }
    Diagnostic::at(source, 0, 1, message)
}

/// A render error's text without Tera's "Failed to render 'paper.html' (error happened in a
/// parent template): ", which the error's place and the pages it stopped say better.
fn without_template_name<'t>(text: &'t str, name: &str) -> &'t str {
    let Some(rest) = text.strip_prefix(&format!("Failed to render '{name}'")) else {
        return text;
    };
    let rest = rest
        .strip_prefix(" (error happened in a parent template)")
        .unwrap_or(rest);
    rest.strip_prefix(": ").unwrap_or(text)
}

/// The first place `needle` stands as a whole name, not as the start of a longer one.
fn find_token(text: &str, needle: &str) -> Option<usize> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    text.match_indices(needle).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        !before.is_some_and(is_name) && !after.is_some_and(is_name)
    })
}

fn arrow_position(text: &str) -> Option<(usize, usize)> {
    let rest = &text[text.find("--> ")? + 4..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit() && c != ':')
        .unwrap_or(rest.len());
    let (line, column) = rest[..end].split_once(':')?;
    Some((line.parse().ok()?, column.parse().ok()?))
}

fn quoted_after(text: &str, prefix: &str) -> Option<String> {
    let rest = &text[text.find(prefix)? + prefix.len()..];
    quoted_names(rest).into_iter().next()
}

/// Names in `backticks`, 'single' or "double" quotes, in order.
fn quoted_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if matches!(q, '`' | '\'' | '"') {
            if let Some(len) = chars[i + 1..].iter().position(|&c| c == q) {
                let name: String = chars[i + 1..i + 1 + len].iter().collect();
                if !name.is_empty() && !name.contains(' ') {
                    names.push(name);
                }
                i += len + 2;
                continue;
            }
        }
        i += 1;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What [`escape_html`] does, char by char.
    fn escape_char_by_char(input: &str) -> String {
        let mut out = String::new();
        for c in input.chars() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' => out.push_str("&quot;"),
                '\'' => out.push_str("&#39;"),
                c if c.is_control() && !matches!(c, '\n' | '\t' | '\r') => {}
                c => out.push(c),
            }
        }
        out
    }

    proptest! {
        #[test]
        fn escapes_as_char_by_char(input in "(\\PC|[\\x00-\\x1f\\x7f\\u{80}-\\u{a0}&<>\"'é中])*") {
            let escaped = escape_char_by_char(&input);
            prop_assert_eq!(escape_html(&input), escaped.clone());
            // The text is lent back exactly when escaping leaves it as it is.
            let borrowed = escape_html(&input);
            prop_assert_eq!(matches!(borrowed, Cow::Borrowed(_)), escaped == input);
            prop_assert_eq!(borrowed, escaped);
        }
    }

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(
            escape_html("a<b> & \"c\" 'd'\u{1}\u{85}\u{a0}é\n/"),
            "a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;\u{a0}é\n/"
        );
    }

    #[test]
    fn finds_positions_and_names_in_tera_messages() {
        assert_eq!(
            arrow_position("Failed to parse 'x.html': --> 3:7\n  |"),
            Some((3, 7))
        );
        assert_eq!(
            quoted_names("Variable `paper.titl` not found in context while rendering 'paper.html'"),
            vec!["paper.titl".to_string(), "paper.html".to_string()]
        );
    }
}
