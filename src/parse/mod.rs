//! Reads every content file (in parallel) and turns it into a checked record: a paper, a
//! translation of a paper, or a long-form page. Each file is judged on its own here; what needs
//! the whole map (duplicate ids, translations without an original, unknown papers) is `model`'s.

mod cache;
mod classification;
pub mod classified;
mod page;
pub mod version;

use std::collections::BTreeMap;
use std::sync::Arc;

use compact_str::CompactString;
use unic_langid::LanguageIdentifier;

use crate::config::Config;
use crate::diagnostics::{suggest, without_byte_order_mark, Diagnostic, SourceFile, SourceText};
use crate::discover::{ContentFile, Discovered, Kind};
use crate::frontmatter::FrontMatter;
use crate::markdown;
use crate::records::{
    Date, Id, RawPaper, RawReference, RawTranslation, RawWork, CITATION_INTENTS, LINK_KINDS,
    PAPER_FIELDS, TRANSLATION_FIELDS,
};
use classified::Classification;

pub use cache::{parse_all_cached, ParseCache};

/// Where an abstract may come from.
pub const ABSTRACT_SOURCES: &[&str] = &["arxiv", "openalex", "publisher", "author"];

/// The years a paper's `year` may give: four digits, as in its dates. A year out of them is a
/// slip of the keyboard (`-2021`, `20221`) that would make a list page of its own.
pub const YEARS: std::ops::RangeInclusive<i32> = 1000..=9999;

/// A position in a file, one-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct Link {
    pub kind: String,
    pub url: String,
}

/// A reference of a record. A map of 100 000 papers holds 3 million of them, most of them ids,
/// so an id is kept inline (up to 24 bytes, where OpenAlex and arXiv ids fit) rather than in an
/// allocation of its own, and a work outside the map is boxed to keep each reference that size.
#[derive(Debug, Clone, PartialEq)]
pub enum Reference {
    Id(CompactString),
    Work(Box<RawWork>),
}

#[derive(Debug, Clone)]
pub struct Citation {
    pub from: String,
    pub year: Option<i32>,
    pub intent: String,
    pub quote: Option<String>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct Ranking {
    pub subfield: String,
    pub researchers: Vec<String>,
}

/// Markdown text of a record. Its HTML is made when its page is rendered, not kept: for a map
/// of 100 000 papers that is 400 MB less held through the build.
#[derive(Debug, Clone, Default)]
pub struct Text {
    pub markdown: String,
}

/// A paper record, checked.
#[derive(Debug, Clone)]
pub struct Paper {
    pub source: SourceFile,
    pub id: String,
    pub id_pos: Pos,
    /// The file name's stem, which translations attach to.
    pub stem: String,
    pub lang: String,
    pub title: String,
    pub authors: Vec<String>,
    pub year: i32,
    pub first_posted: Option<Date>,
    pub links: Vec<Link>,
    pub citation_count: Option<u64>,
    pub subfields: Vec<String>,
    pub references: Box<[Reference]>,
    pub reference_count: Option<u32>,
    pub abstract_source: Option<String>,
    pub abstract_text: Text,
    pub citations: Vec<Citation>,
    pub rankings: Vec<Ranking>,
    /// Its machine classification as the site's scheme reads it.
    pub classification: Option<Box<Classification>>,
    pub draft: bool,
}

/// `<id>.<locale>.md`: the fields of a paper in another language.
#[derive(Debug, Clone)]
pub struct Translation {
    pub source: SourceFile,
    pub stem: String,
    pub locale: String,
    pub title: Option<String>,
    pub abstract_text: Option<Text>,
    /// The digest of the original it was made from, as the translation states it.
    pub translated_from: Option<String>,
    pub draft: bool,
}

/// A long-form page, in one language.
#[derive(Debug, Clone)]
pub struct Page {
    pub source: SourceFile,
    /// Which page it is a version of: its file's place in `content/` without the locale and
    /// `.md`, e.g. `press/story`.
    pub path: String,
    /// Where this version is read, without the locale: `path`, or `path`'s folder and the
    /// version's `slug` (`press/a-propos`).
    pub address: String,
    /// Where the `slug` field's value is written, when the version has one.
    pub slug_pos: Option<Pos>,
    /// Earlier addresses of this version, from the site's root without `/` at either end
    /// (`fr/about`), each where it is written: each redirects to the version's page.
    pub aliases: Vec<(String, Pos)>,
    /// The locale of the file name, if any.
    pub file_locale: Option<String>,
    /// The language its text is written in.
    pub lang: String,
    pub title: String,
    pub date: Option<Date>,
    pub publication: Option<String>,
    pub authors: Vec<String>,
    pub papers: Vec<(String, Pos)>,
    pub body_html: String,
    /// The body's words without markup, for the page's description.
    pub body_text: String,
    /// The digest of its title and body, which a translation made from it states.
    pub version: String,
    /// In a translation, the digest of the original it was made from, as it states it.
    pub translated_from: Option<String>,
    pub draft: bool,
}

/// Papers and translations are shared, so that `serve` hands the records of unchanged files to
/// the next model without copying them.
#[derive(Debug, Default)]
pub struct Parsed {
    pub papers: Vec<Arc<Paper>>,
    pub translations: Vec<Arc<Translation>>,
    pub pages: Vec<Page>,
    /// File stems of paper records that had errors: the model must not report them missing too.
    pub failed_papers: std::collections::HashSet<String>,
}

#[derive(Clone)]
enum Item {
    Paper(Arc<Paper>),
    Translation(Arc<Translation>),
    Page(Arc<Page>),
}

/// Parses every file; what parsed is returned beside the errors, so that the map's own checks
/// can still run on it.
pub fn parse_all(config: &Config, discovered: &Discovered) -> (Parsed, Vec<Diagnostic>) {
    parse_all_cached(config, discovered, &mut ParseCache::disabled(), None)
}

/// Reads a file as UTF-8, pointing at the first byte that is not.
pub fn read_source(config: &Config, relative: &std::path::Path) -> Result<SourceText, Diagnostic> {
    let bytes = std::fs::read(config.path(relative)).map_err(|e| {
        Diagnostic::new(
            config.display_path(relative),
            format!("cannot read the file: {e}"),
        )
    })?;
    source_of(config, relative, bytes)
}

/// A file's bytes as UTF-8 text, pointing at the first byte that is not.
fn source_of(
    config: &Config,
    relative: &std::path::Path,
    bytes: Vec<u8>,
) -> Result<SourceText, Diagnostic> {
    let shown = config.display_path(relative);
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceText::new(shown, without_byte_order_mark(text))),
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            let source = SourceText::new(shown, lossy);
            // In the lossy text every byte before `valid` is unchanged, so the offset still holds.
            Err(
                Diagnostic::at(&source, valid, 1, "the file is not valid UTF-8")
                    .with_help("save the file with the UTF-8 encoding"),
            )
        }
    }
}

fn parse_bytes(
    config: &Config,
    file: &ContentFile,
    bytes: Vec<u8>,
) -> Result<Item, Vec<Diagnostic>> {
    let source = source_of(config, &file.relative, bytes).map_err(|d| vec![d])?;
    let fm = FrontMatter::split(&source).map_err(|d| vec![d])?;
    let mut checker = Checker {
        source: &source,
        fm: &fm,
        errors: Vec::new(),
    };
    let item = match (&file.kind, &file.locale) {
        (Kind::Paper, None) => checker
            .paper(config, file)
            .map(|p| Item::Paper(Arc::new(p))),
        (Kind::Paper, Some(locale)) => checker
            .translation(file, locale)
            .map(|t| Item::Translation(Arc::new(t))),
        (Kind::Page { path }, locale) => checker
            .page(config, path, locale.clone())
            .map(|p| Item::Page(Arc::new(p))),
    };
    match item {
        Some(item) if checker.errors.is_empty() => Ok(item),
        _ => Err(checker.errors),
    }
}

/// Checks one file, collecting every error it finds in it.
struct Checker<'a> {
    source: &'a SourceText,
    fm: &'a FrontMatter,
    errors: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn error_at(&mut self, path: &[&str], message: impl Into<String>) -> &mut Diagnostic {
        let (line, column) = self.fm.locate(self.source, path);
        self.errors
            .push(Diagnostic::at_line_col(self.source, line, column, message));
        self.errors.last_mut().expect("just pushed")
    }

    fn help(&mut self, help: impl Into<String>) {
        if let Some(last) = self.errors.pop() {
            self.errors.push(last.with_help(help));
        }
    }

    /// The typed front matter, with every error of the file collected.
    fn front_matter<T: serde::de::DeserializeOwned>(
        &mut self,
        fields: &[&str],
        kind: &str,
    ) -> Option<T> {
        let (value, errors) = self.fm.deserialize_all(self.source, fields, kind);
        self.errors.extend(errors);
        self.errors.extend(self.fm.unshowable(self.source));
        value
    }

    fn required<T>(&mut self, value: Option<T>, field: &str, example: &str) -> Option<T> {
        if value.is_some() {
            return value;
        }
        if self.fm.key(field).is_some() {
            // `title:` with nothing after it: YAML's null, which serde reads as no field.
            self.error_at(&[field], format!("`{field}` has no value"));
            self.help(format!("write it: `{field}: {example}`"));
        } else {
            self.errors.push(
                Diagnostic::at(
                    self.source,
                    0,
                    3,
                    format!("the required field `{field}` is missing"),
                )
                .with_help(format!("add `{field}: {example}` to the front matter")),
            );
        }
        value
    }

    /// An error at a text field that holds nothing but spaces, which a page would show as
    /// nothing (an empty heading, a window title of its separator alone).
    fn not_blank(&mut self, value: Option<&str>, field: &str, help: &str) {
        if value.is_some_and(|v| v.trim().is_empty()) {
            self.error_at(&[field], format!("`{field}` is empty"));
            self.help(help);
        }
    }

    /// An error at each name of the list `field` that holds nothing but spaces (`what`: "an
    /// author's name").
    fn no_blank_names(&mut self, names: &[String], field: &str, what: &str) {
        for name in names.iter().filter(|n| n.trim().is_empty()) {
            let (line, column) = self
                .fm
                .find_in(self.source, field, &format!("\"{name}\""))
                .unwrap_or_else(|| self.fm.locate(self.source, &[field]));
            self.errors.push(
                Diagnostic::at_line_col(self.source, line, column, format!("{what} is empty"))
                    .with_help(format!("write it, or remove it from `{field}`")),
            );
        }
    }

    fn date(&mut self, field: &str, raw: Option<&crate::records::RawDate>) -> Option<Date> {
        let raw = raw?;
        let date = Date::parse(&raw.0);
        if date.is_none() {
            self.error_at(&[field], format!("`{}` is not a valid date", raw.0));
            self.help("write dates as YYYY-MM-DD, e.g. 2022-08-24, and check that the day exists");
        }
        date
    }

    fn lang(&mut self, config: &Config, raw: Option<String>) -> String {
        match raw {
            None => config.default_language().code.clone(),
            Some(code) => {
                match code.parse::<LanguageIdentifier>() {
                    Err(_) => {
                        self.error_at(&["lang"], format!("`{code}` is not a language code"));
                        self.help("use a BCP 47 code such as `en`, `fr` or `zh`");
                    }
                    // `EN` would not be the site's `en`, nor `zh_CN` a code a page can name.
                    Ok(id) if id.to_string() != code => {
                        self.error_at(
                            &["lang"],
                            format!("the language code `{code}` is written `{id}`"),
                        );
                        self.help(format!("write `lang: {id}`"));
                    }
                    Ok(_) => {}
                }
                code
            }
        }
    }

    /// The body's Markdown, its refused links reported.
    fn body(&mut self) -> Text {
        self.report(markdown::problems(self.fm.body(self.source)));
        self.body_text()
    }

    /// The body's Markdown and HTML, its refused links reported: for the pages, few and short,
    /// whose HTML is kept.
    fn rendered_body(&mut self) -> (Text, String) {
        let rendered = markdown::render(self.fm.body(self.source));
        self.report(rendered.problems);
        (self.body_text(), rendered.html)
    }

    fn body_text(&self) -> Text {
        Text {
            markdown: self.fm.body(self.source).trim().to_string(),
        }
    }

    fn report(&mut self, problems: Vec<markdown::Problem>) {
        for problem in problems {
            let offset = self.fm.body_start + problem.range.start;
            self.errors.push(
                Diagnostic::at(self.source, offset, problem.range.len(), problem.message)
                    .with_help(problem.help),
            );
        }
    }

    fn paper(&mut self, config: &Config, file: &ContentFile) -> Option<Paper> {
        let raw: RawPaper = self.front_matter(PAPER_FIELDS, "a paper record")?;
        let id = raw.id.map_or_else(|| file.stem.clone(), |Id(id)| id);
        if !is_valid_id(&id) {
            self.error_at(&["id"], format!("the id `{id}` cannot be used in a URL"));
            self.help("ids (and file names, which give the id when `id` is left out) may hold letters, digits, `.`, `_` and `-`");
        }
        let (line, column) = self.fm.locate(self.source, &["id"]);
        let title = self.required(raw.title, "title", "\"The paper's title\"");
        self.not_blank(title.as_deref(), "title", "write the paper's title");
        self.no_blank_names(&raw.authors, "authors", "an author's name");
        self.no_blank_names(&raw.subfields, "subfields", "a subfield's name");
        let year = self.required(raw.year, "year", "2022");
        if let Some(year) = year.filter(|year| !YEARS.contains(year)) {
            self.error_at(&["year"], format!("`{year}` is not a year of four digits"));
            self.help("write the year the paper was published, e.g. 2022");
        }
        let first_posted = self.date("first_posted", raw.first_posted.as_ref());
        let links = self.links(raw.links);
        let abstract_source = raw.abstract_source.inspect(|s| {
            if !ABSTRACT_SOURCES.contains(&s.as_str()) {
                let hint = suggest(s, ABSTRACT_SOURCES.iter().copied());
                self.error_at(
                    &["abstract_source"],
                    format!("unknown abstract source `{s}`"),
                );
                self.help(match hint {
                    Some(h) => format!("did you mean `{h}`?"),
                    None => format!("use one of: {}", ABSTRACT_SOURCES.join(", ")),
                });
            }
        });
        let citations = raw
            .citations
            .into_iter()
            .map(|c| {
                let intent = c.intent.unwrap_or_else(|| "unknown".into());
                if !CITATION_INTENTS.contains(&intent.as_str()) {
                    let (line, column) =
                        [format!("intent: {intent}"), format!("intent: \"{intent}\"")]
                            .iter()
                            .find_map(|needle| self.fm.find_in(self.source, "citations", needle))
                            .map_or_else(
                                || self.fm.locate(self.source, &["citations"]),
                                |(l, c)| (l, c + "intent: ".len()),
                            );
                    self.errors.push(Diagnostic::at_line_col(
                        self.source,
                        line,
                        column,
                        format!("unknown citation intent `{intent}`"),
                    ));
                    self.help(format!("use one of: {}", CITATION_INTENTS.join(", ")));
                }
                Citation {
                    from: c.from.0,
                    year: c.year,
                    intent,
                    quote: c.quote,
                }
            })
            .collect();
        let lang = self.lang(config, raw.lang);
        let mut abstract_text = self.body();
        if abstract_text.markdown.is_empty() {
            if let Some(index) = &raw.abstract_inverted_index {
                let markdown = markdown::escape_text(&deinvert(index));
                abstract_text = Text { markdown };
            }
        }
        Some(Paper {
            source: SourceFile::of(self.source),
            id,
            id_pos: Pos { line, column },
            stem: file.stem.clone(),
            lang,
            title: title?,
            authors: exact(raw.authors),
            year: year?,
            first_posted,
            links: exact(links),
            citation_count: raw.citation_count,
            subfields: exact(raw.subfields),
            references: raw
                .references
                .into_iter()
                .map(|r| match r {
                    RawReference::Id(Id(id)) => Reference::Id(CompactString::from(id)),
                    RawReference::Work(w) => Reference::Work(Box::new(w)),
                })
                // Collected in place, the vector would keep the room of the larger raw references.
                .collect::<Vec<_>>()
                .into_boxed_slice(),
            reference_count: raw.reference_count,
            abstract_source,
            abstract_text,
            citations: exact(citations),
            rankings: exact(
                raw.rankings
                    .into_iter()
                    .map(|r| Ranking {
                        subfield: r.subfield,
                        researchers: exact(r.researchers),
                    })
                    .collect(),
            ),
            classification: raw
                .classification
                .filter(|c| self.classification(config, c))
                .map(|c| Box::new(Classification::compute(&c, &config.classification))),
            draft: raw.draft,
        })
    }

    fn links(&mut self, raw: BTreeMap<String, String>) -> Vec<Link> {
        let mut links = Vec::new();
        for (kind, url) in raw {
            if !LINK_KINDS.contains(&kind.as_str()) {
                self.error_at(&["links", &kind], format!("unknown kind of link `{kind}`"));
                self.help(match suggest(&kind, LINK_KINDS.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!("use one of: {}", LINK_KINDS.join(", ")),
                });
                continue;
            }
            if !markdown::is_link_url(&url) {
                self.error_at(
                    &["links", &kind],
                    format!(
                        "the {kind} link `{url}` is neither an http(s) URL nor a relative path"
                    ),
                );
                self.help("write a full address such as https://arxiv.org/abs/2208.11695");
                continue;
            }
            links.push(Link { kind, url });
        }
        // The order readers see: the documented order of link kinds.
        links.sort_by_key(|l| LINK_KINDS.iter().position(|k| *k == l.kind));
        links
    }

    fn translation(&mut self, file: &ContentFile, locale: &str) -> Option<Translation> {
        let raw: RawTranslation = self.front_matter(TRANSLATION_FIELDS, "a translation")?;
        self.not_blank(
            raw.title.as_deref(),
            "title",
            "write the translated title, or leave `title` out to show the original's",
        );
        let body = self.body();
        Some(Translation {
            source: SourceFile::of(self.source),
            stem: file.stem.clone(),
            locale: locale.to_string(),
            title: raw.title,
            abstract_text: (!body.markdown.is_empty()).then_some(body),
            translated_from: raw.translated_from,
            draft: raw.draft,
        })
    }
}

/// `list` without the room it grew into: a record's lists are read from YAML one item at a
/// time, so their vectors double as they go (five authors take the room of eight), and the
/// model keeps them for the whole build (at 100 000 papers, some 20 MiB).
fn exact<T>(mut list: Vec<T>) -> Vec<T> {
    list.shrink_to_fit();
    list
}

/// Ids become URL path segments.
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// OpenAlex stores abstracts as word → positions; the text is the words in position order.
pub fn deinvert(index: &BTreeMap<String, Vec<u32>>) -> String {
    let mut words: Vec<(u32, &str)> = index
        .iter()
        .flat_map(|(word, positions)| positions.iter().map(move |&p| (p, word.as_str())))
        .collect();
    words.sort_unstable();
    words.iter().map(|(_, w)| *w).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deinverts_in_position_order() {
        let mut index = BTreeMap::new();
        index.insert("world".to_string(), vec![1]);
        index.insert("hello".to_string(), vec![0, 2]);
        assert_eq!(deinvert(&index), "hello world hello");
    }

    #[test]
    fn ids_are_url_safe() {
        assert!(is_valid_id("2208.11695"));
        assert!(is_valid_id("W2741809807"));
        assert!(!is_valid_id("hep-th/9901001"));
        assert!(!is_valid_id("../x"));
    }
}
