//! `site.toml`: the raw file as serde reads it (unknown keys are errors) and the resolved
//! [`Config`] that the rest of the pipeline uses.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;
use unic_langid::LanguageIdentifier;

use crate::diagnostics::{suggest, Diagnostic, SourceText};
use crate::records::Date;

pub const CONFIG_FILE: &str = "site.toml";
pub const DEFAULT_LIST_LIMIT: usize = 50;
pub const DEFAULT_PAGE_SIZE: usize = 100;
/// Pagefind's indexer holds about 45 KB a page in each language until it writes its index, and
/// compares every page's address with all before it. Parts of 5 000 pages keep the indexer within
/// about 700 MB (three languages, two at a time) and a search to a few merged indexes.
pub const DEFAULT_SEARCH_PART_SIZE: usize = 5_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    base_url: Spanned<String>,
    #[serde(default = "default_theme")]
    theme: Spanned<String>,
    languages: Spanned<Vec<RawLanguage>>,
    #[serde(default)]
    map: RawMap,
    #[serde(default)]
    facts: BTreeMap<String, Spanned<toml::Value>>,
    #[serde(default)]
    classification: RawScheme,
}

/// `[classification]` as written, each name with its place for errors.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScheme {
    #[serde(default)]
    categories: Vec<Spanned<String>>,
    #[serde(default)]
    heads: Vec<Spanned<String>>,
    #[serde(default)]
    statuses: Vec<Spanned<String>>,
    #[serde(default)]
    validated: Vec<Spanned<String>>,
}

fn default_theme() -> Spanned<String> {
    Spanned::new(0..0, "default".to_string())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLanguage {
    code: Spanned<String>,
    /// The ICU locale for numbers and dates, when it differs from the code (e.g. `en-GB`).
    formats: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    data_through: Option<Spanned<toml::value::Datetime>>,
    list_limit: Option<Spanned<i64>>,
    page_size: Option<Spanned<i64>>,
    search_part_size: Option<Spanned<i64>>,
}

/// The machine classification's vocabulary: what records may name. Every name is an id whose
/// words live in Fluent (`category-<id>`, `head-<id>`, `status-<id>`).
#[derive(Debug, Clone, Default)]
pub struct Scheme {
    /// The categories, in the order tables list them.
    pub categories: Vec<Arc<str>>,
    /// The heads (models) that score each category, in column order.
    pub heads: Vec<Arc<str>>,
    /// The status codes a record may carry.
    pub statuses: Vec<Arc<str>>,
    /// The statuses that mean a human validated the classification.
    pub validated: Vec<Arc<str>>,
}

/// A language of the site.
#[derive(Debug, Clone)]
pub struct Language {
    /// The code used in URLs, file names and `i18n/` (e.g. `fr`).
    pub code: String,
    pub langid: LanguageIdentifier,
    /// The locale that numbers and dates are formatted for.
    pub formats: LanguageIdentifier,
    /// Which way the language runs: `ltr` or `rtl` ([`crate::bidi::direction`]).
    pub direction: &'static str,
}

/// A site-wide figure from `[facts]`, available to templates and Fluent messages.
#[derive(Debug, Clone, PartialEq)]
pub enum Fact {
    Number(f64),
    Text(String),
    Date(Date),
}

/// The resolved configuration of a site.
#[derive(Debug, Clone)]
pub struct Config {
    pub root: PathBuf,
    pub source: SourceText,
    /// Absolute URL of the site, without a trailing slash.
    pub base_url: String,
    /// `base_url` as `site.toml` gives it, without a trailing slash, where the site will be
    /// published: `serve` builds with its own address in `base_url`.
    pub published_url: String,
    /// The path part of `base_url` (`""` or `/sub`), prefixed to every internal link.
    pub base_path: String,
    pub theme: String,
    pub theme_span: Range<usize>,
    /// The site's languages; the first is the default, served without a prefix.
    pub languages: Vec<Language>,
    pub data_through: Option<Date>,
    /// How many items a paper page shows of its "Builds on" and "Built on by" lists.
    pub list_limit: usize,
    /// How many papers a list page (all papers, a year, a subfield) shows before the next page.
    pub page_size: usize,
    /// The most pages one search index holds in a language; a bigger map gets several, which
    /// the search page merges.
    pub search_part_size: usize,
    pub facts: BTreeMap<String, Fact>,
    pub classification: Scheme,
    pub include_drafts: bool,
}

impl Config {
    pub fn default_language(&self) -> &Language {
        &self.languages[0]
    }

    /// The codes of the site's languages, in the order of `site.toml`.
    pub fn codes(&self) -> Vec<&str> {
        self.languages.iter().map(|l| l.code.as_str()).collect()
    }

    pub fn language(&self, code: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.code == code)
    }

    pub fn path(&self, relative: impl AsRef<Path>) -> PathBuf {
        self.root.join(relative)
    }

    /// The path shown to users for a file of the site: relative to where they run papermap.
    pub fn display_path(&self, relative: impl AsRef<Path>) -> PathBuf {
        if self.root == Path::new(".") {
            relative.as_ref().to_path_buf()
        } else {
            self.root.join(relative)
        }
    }

    /// An error when `root` holds no `site.toml`: for the commands that work on a site without
    /// loading it first (`serve`, which keeps serving a site whose configuration breaks;
    /// `import`, which writes into one).
    pub fn check_root(root: &Path) -> Result<(), Diagnostic> {
        match std::fs::metadata(root.join(CONFIG_FILE)) {
            Ok(meta) if meta.is_file() => Ok(()),
            Ok(_) => Err(Self::unreadable(
                root,
                &std::io::Error::other("it is a folder"),
            )),
            Err(e) => Err(Self::unreadable(root, &e)),
        }
    }

    /// The error of a `site.toml` that cannot be read, shown as the user would write its path.
    fn unreadable(root: &Path, error: &std::io::Error) -> Diagnostic {
        let shown = if root == Path::new(".") {
            PathBuf::from(CONFIG_FILE)
        } else {
            root.join(CONFIG_FILE)
        };
        Diagnostic::new(&shown, format!("cannot read the site configuration: {error}")).with_help(
            format!(
                "run papermap in the site's folder or pass --root DIR; the folder must hold {CONFIG_FILE}"
            ),
        )
    }

    /// Reads and resolves `site.toml` under `root`.
    pub fn load(root: &Path, base_url_override: Option<&str>) -> Result<Config, Vec<Diagnostic>> {
        let shown = if root == Path::new(".") {
            PathBuf::from(CONFIG_FILE)
        } else {
            root.join(CONFIG_FILE)
        };
        let bytes =
            std::fs::read(root.join(CONFIG_FILE)).map_err(|e| vec![Self::unreadable(root, &e)])?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let source = SourceText::new(&shown, String::from_utf8_lossy(e.as_bytes()).to_string());
            vec![Diagnostic::at(
                &source,
                e.utf8_error().valid_up_to(),
                1,
                "the file is not valid UTF-8",
            )
            .with_help("save the file as UTF-8")]
        })?;
        let source = SourceText::new(&shown, text);
        let raw: RawConfig = toml::from_str(&source.text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let message = e.message().to_string();
            let mut d = Diagnostic::at(&source, span.start, span.len(), message.clone());
            if let Some(help) = unknown_key_help(&message) {
                d = d.with_help(help);
            }
            vec![d]
        })?;
        resolve(root, source, raw, base_url_override)
    }
}

const CONFIG_KEYS: &[&str] = &[
    "base_url",
    "theme",
    "languages",
    "map",
    "facts",
    "code",
    "formats",
    "data_through",
    "list_limit",
    "page_size",
    "search_part_size",
    "classification",
    "categories",
    "heads",
    "statuses",
    "validated",
];

fn unknown_key_help(message: &str) -> Option<String> {
    let name = message.strip_prefix("unknown field `")?.split('`').next()?;
    suggest(name, CONFIG_KEYS.iter().copied()).map(|s| format!("did you mean `{s}`?"))
}

/// What keeps `rest`, a base URL after its `scheme://`, from being a host (and port) and a path
/// that every link of the site can start with.
fn address_problem(rest: &str) -> Option<String> {
    let (host, _path) = rest.split_once('/').unwrap_or((rest, ""));
    let odd = |c: char| c.is_whitespace() || c.is_control() || "<>\"{}|\\^`".contains(c);
    if let Some(c) = rest.chars().find(|&c| odd(c)) {
        return Some(format!(
            "has {c:?} in it, which a link cannot hold as it is"
        ));
    }
    if let Some(i) = rest.find(['?', '#']) {
        let what = if rest[i..].starts_with('?') {
            "a query"
        } else {
            "a fragment"
        };
        return Some(format!(
            "has {what} (`{}`), which every link would carry in its middle",
            &rest[i..]
        ));
    }
    if host.contains('@') {
        return Some("has a user name in it, which every link would publish".to_string());
    }
    let (name, port) = match host.strip_prefix('[') {
        // An IPv6 address: `[::1]:8080`.
        Some(v6) => match v6.split_once(']') {
            Some((address, after)) => (address, after.strip_prefix(':')),
            None => return Some("has a `[` without its `]`".to_string()),
        },
        None => match host.rsplit_once(':') {
            Some((name, port)) => (name, Some(port)),
            None => (host, None),
        },
    };
    if name.is_empty() {
        return Some("has no host".to_string());
    }
    if let Some(port) = port {
        if port.parse::<u16>().is_err() {
            return Some(format!(
                "has `{port}` for a port, which is no number from 0 to 65535"
            ));
        }
    }
    None
}

fn resolve(
    root: &Path,
    source: SourceText,
    raw: RawConfig,
    base_url_override: Option<&str>,
) -> Result<Config, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let at = |span: Range<usize>, message: String| {
        Diagnostic::at(&source, span.start, span.len(), message)
    };

    let base_url = base_url_override
        .unwrap_or(raw.base_url.get_ref())
        .trim_end_matches('/')
        .to_string();
    let base_path = match base_url.split_once("://") {
        Some((scheme, rest)) if scheme == "http" || scheme == "https" => {
            if let Some(problem) = address_problem(rest) {
                errors.push(
                    at(raw.base_url.span(), format!("base_url `{base_url}` {problem}"))
                        .with_help("a site's address is a scheme, a host and maybe a path: `https://example.org` or `https://example.org/sub`"),
                );
            }
            rest.find('/')
                .map_or(String::new(), |i| rest[i..].to_string())
        }
        _ => {
            let message = format!("base_url `{base_url}` is not an http(s) URL");
            errors.push(
                at(raw.base_url.span(), message)
                    .with_help("write it as `https://example.org` or `https://example.org/sub`"),
            );
            String::new()
        }
    };

    let mut languages: Vec<Language> = Vec::new();
    for lang in raw.languages.get_ref() {
        let code = lang.code.get_ref();
        let langid = match code.parse::<LanguageIdentifier>() {
            Ok(id) if id.to_string() == *code => id,
            _ => {
                errors.push(
                    at(lang.code.span(), format!("`{code}` is not a language code"))
                        .with_help("use a BCP 47 code such as `en`, `fr`, `zh` or `zh-Hant`"),
                );
                continue;
            }
        };
        if languages.iter().any(|l| l.code == *code) {
            errors.push(at(
                lang.code.span(),
                format!("language `{code}` is listed twice"),
            ));
            continue;
        }
        let formats = match &lang.formats {
            None => langid.clone(),
            Some(f) => match f.get_ref().parse::<LanguageIdentifier>() {
                Ok(id) => id,
                Err(_) => {
                    errors.push(at(f.span(), format!("`{}` is not a locale", f.get_ref())));
                    langid.clone()
                }
            },
        };
        languages.push(Language {
            direction: crate::bidi::direction(code),
            code: code.clone(),
            langid,
            formats,
        });
    }
    if raw.languages.get_ref().is_empty() {
        errors.push(
            at(
                raw.languages.span(),
                "the site needs at least one language".into(),
            )
            .with_help("add `[[languages]]` with `code = \"en\"`"),
        );
    }

    let data_through = raw.map.data_through.and_then(|d| {
        let span = d.span();
        match toml_date(d.get_ref()) {
            Some(date) => Some(date),
            None => {
                errors.push(at(
                    span,
                    "data_through must be a date such as 2026-10-14".into(),
                ));
                None
            }
        }
    });

    let mut positive = |value: Option<Spanned<i64>>, name: &str, default: usize| match value {
        None => default,
        Some(v) if *v.get_ref() >= 1 => *v.get_ref() as usize,
        Some(v) => {
            errors.push(at(
                v.span(),
                format!("{name} must be a whole number of at least 1"),
            ));
            default
        }
    };
    let list_limit = positive(raw.map.list_limit, "list_limit", DEFAULT_LIST_LIMIT);
    let page_size = positive(raw.map.page_size, "page_size", DEFAULT_PAGE_SIZE);
    let search_part_size = positive(
        raw.map.search_part_size,
        "search_part_size",
        DEFAULT_SEARCH_PART_SIZE,
    );

    let mut facts = BTreeMap::new();
    for (name, value) in raw.facts {
        let span = value.span();
        let fact = match value.into_inner() {
            toml::Value::Integer(i) => Fact::Number(i as f64),
            // TOML's `inf` and `nan` are floats, which a page shows as nothing.
            toml::Value::Float(f) if !f.is_finite() => {
                errors.push(at(
                    span,
                    format!("fact `{name}` must be a finite number, not {f}"),
                ));
                continue;
            }
            toml::Value::Float(f) => Fact::Number(f),
            toml::Value::String(s) => Fact::Text(s),
            toml::Value::Datetime(d) => match toml_date(&d) {
                Some(date) => Fact::Date(date),
                None => {
                    errors.push(at(span, format!("fact `{name}` must be a plain date")));
                    continue;
                }
            },
            _ => {
                errors.push(at(
                    span,
                    format!("fact `{name}` must be a number, a string or a date"),
                ));
                continue;
            }
        };
        facts.insert(name, fact);
    }

    let classification = scheme(&raw.classification, &mut |span, message, help| {
        errors.push(at(span, message).with_help(help));
    });

    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Config {
        root: root.to_path_buf(),
        theme: raw.theme.get_ref().clone(),
        theme_span: raw.theme.span(),
        source,
        published_url: raw.base_url.get_ref().trim_end_matches('/').to_string(),
        base_url,
        base_path,
        languages,
        data_through,
        list_limit,
        page_size,
        search_part_size,
        facts,
        classification,
        include_drafts: false,
    })
}

/// The classification's vocabulary, each name checked: an id that addresses and Fluent's
/// message ids can hold (`category-<id>`, `/category/<id>/`), given once in its list; each
/// validated status among the statuses. `error(span, message, help)` takes each mistake.
fn scheme(raw: &RawScheme, error: &mut impl FnMut(Range<usize>, String, &str)) -> Scheme {
    let mut names = |list: &[Spanned<String>], kind: &str| -> Vec<Arc<str>> {
        let mut kept: Vec<Arc<str>> = Vec::with_capacity(list.len());
        for name in list {
            let text = name.get_ref();
            let is_id = !text.is_empty()
                && text
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
            if !is_id {
                error(
                    name.span(),
                    format!("the {kind} `{text}` is not an id"),
                    "an id of the classification holds ASCII letters, digits, `_` and `-`: it names a page and Fluent messages",
                );
            } else if kept.iter().any(|k| **k == **text) {
                error(
                    name.span(),
                    format!("the {kind} `{text}` is listed twice"),
                    "keep one",
                );
            } else {
                kept.push(text.as_str().into());
            }
        }
        kept
    };
    let scheme = Scheme {
        categories: names(&raw.categories, "category"),
        heads: names(&raw.heads, "head"),
        statuses: names(&raw.statuses, "status"),
        validated: names(&raw.validated, "validated status"),
    };
    // The names kept, each once: one listed twice or not an id is reported above.
    for name in scheme
        .validated
        .iter()
        .filter(|v| !scheme.statuses.contains(v))
    {
        if let Some(code) = raw.validated.iter().find(|c| **c.get_ref() == **name) {
            error(
                code.span(),
                format!("the validated status `{name}` is not among the statuses"),
                "add it to `statuses` in [classification]",
            );
        }
    }
    scheme
}

fn toml_date(d: &toml::value::Datetime) -> Option<Date> {
    match (d.date, d.time, d.offset) {
        (Some(date), None, None) => Date::new(i32::from(date.year), date.month, date.day),
        _ => None,
    }
}
