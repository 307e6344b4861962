//! OpenAlex API responses as papermap reads them: a page `{"meta": …, "results": [work, …]}` or
//! one work object. Only the fields an import uses are typed; a field of the wrong type is an
//! error naming the file, the line and column, and the JSON path (`results[2].publication_year`).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;

use crate::diagnostics::{Diagnostic, SourceText};

/// One work of an OpenAlex response, with the fields an import reads. Other fields are not
/// read, so their types do not matter.
#[derive(Debug, Default, Deserialize)]
pub struct Work {
    pub id: Option<String>,
    pub doi: Option<String>,
    pub title: Option<String>,
    pub display_name: Option<String>,
    pub publication_year: Option<i32>,
    pub publication_date: Option<String>,
    pub ids: Option<Ids>,
    pub authorships: Option<Vec<Authorship>>,
    pub primary_location: Option<Location>,
    pub locations: Option<Vec<Location>>,
    pub best_oa_location: Option<Location>,
    pub cited_by_count: Option<u64>,
    pub referenced_works_count: Option<u32>,
    pub referenced_works: Option<Vec<String>>,
    pub topics: Option<Vec<Topic>>,
    pub abstract_inverted_index: Option<BTreeMap<String, Vec<u32>>>,
    /// When OpenAlex last changed the work (`2025-06-01T11:32:56.709091`).
    pub updated_date: Option<String>,
}

/// A work that must be a JSON object. serde's derive also accepts a list for a struct, which
/// would turn `[[]]` into a puzzling "invalid length 0" error.
#[derive(Debug)]
struct WorkObject(Work);

impl<'de> Deserialize<'de> for WorkObject {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct WorkVisitor;
        impl<'de> Visitor<'de> for WorkVisitor {
            type Value = WorkObject;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an OpenAlex work (a JSON object)")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<WorkObject, A::Error> {
                Work::deserialize(de::value::MapAccessDeserializer::new(map)).map(WorkObject)
            }
        }
        deserializer.deserialize_map(WorkVisitor)
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct Ids {
    pub doi: Option<String>,
    pub arxiv: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Authorship {
    pub author: Option<Named>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Named {
    pub display_name: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Location {
    pub landing_page_url: Option<String>,
    pub pdf_url: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Topic {
    pub subfield: Option<Named>,
}

/// A page of results; `meta` and the rest are not read.
#[derive(Debug, Deserialize)]
struct Page {
    results: Vec<WorkObject>,
}

/// Whether the top-level object has a `results` key and an `id` key, whatever their values.
#[derive(Debug, Default, Deserialize)]
struct Probe {
    #[serde(default)]
    results: Present,
    #[serde(default)]
    id: Present,
}

#[derive(Debug, Default)]
struct Present(bool);

impl<'de> Deserialize<'de> for Present {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        IgnoredAny::deserialize(deserializer).map(|_| Present(true))
    }
}

/// A work and where it stands: the file as shown to the user and its JSON path (`results[3]`,
/// or empty for a file that is one work).
#[derive(Debug)]
pub struct Located {
    pub file: std::path::PathBuf,
    pub json_path: String,
    pub work: Work,
}

impl Located {
    /// The JSON path of one of the work's fields: `results[3].title`, or `title`.
    pub fn path_of(&self, field: &str) -> String {
        if self.json_path.is_empty() {
            field.to_string()
        } else {
            format!("{}.{field}", self.json_path)
        }
    }

    /// An error about one of the work's fields.
    pub fn error(&self, field: &str, message: impl fmt::Display) -> Diagnostic {
        Diagnostic::new(&self.file, format!("{}: {message}", self.path_of(field)))
    }
}

/// Reads one OpenAlex response: the works it holds, in order.
pub fn read(path: &Path) -> Result<Vec<Located>, Diagnostic> {
    let bytes = std::fs::read(path)
        .map_err(|e| Diagnostic::new(path, format!("cannot read the file: {e}")))?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let source = SourceText::new(path, String::from_utf8_lossy(e.as_bytes()).into_owned());
            return Err(at(&source, valid, "the file is not valid UTF-8".into()));
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let source = SourceText::new(path, text);
    if text.trim().is_empty() {
        return Err(Diagnostic::new(
            path,
            "the file is empty; expected an OpenAlex work or a page of results",
        ));
    }
    // Syntax first, so that a file that is not JSON gets the JSON parser's own message.
    serde_json::from_str::<IgnoredAny>(text).map_err(|e| json_error(&source, "", &e))?;
    if !text.trim_start().starts_with('{') {
        let found = match text.trim_start().chars().next() {
            Some('[') => "a list",
            Some('"') => "a string",
            Some('n') => "null",
            Some('t' | 'f') => "a boolean",
            _ => "a number",
        };
        return Err(Diagnostic::new(
            path,
            format!("expected an OpenAlex work or a page {{\"results\": […]}} (a JSON object), found {found}"),
        ));
    }
    let probe: Probe = serde_json::from_str(text).map_err(|e| json_error(&source, "", &e))?;
    // An object with neither is no response of OpenAlex's (every work has its id), most likely
    // another file given by mistake: an error, not a work left out with a warning.
    if !probe.results.0 && !probe.id.0 {
        return Err(Diagnostic::new(
            path,
            "expected an OpenAlex work or a page {\"results\": […]}, found an object with neither `id` nor `results`",
        ));
    }
    let file = path.to_path_buf();
    if probe.results.0 {
        let page: Page = typed(&source, text)?;
        Ok(page
            .results
            .into_iter()
            .enumerate()
            .map(|(i, WorkObject(work))| Located {
                file: file.clone(),
                json_path: format!("results[{i}]"),
                work,
            })
            .collect())
    } else {
        let WorkObject(work) = typed(&source, text)?;
        Ok(vec![Located {
            file,
            json_path: String::new(),
            work,
        }])
    }
}

/// Deserializes the whole file, keeping the JSON path of the first error.
fn typed<T: de::DeserializeOwned>(source: &SourceText, text: &str) -> Result<T, Diagnostic> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let path = e.path().to_string();
        json_error(source, &path, e.inner())
    })?;
    deserializer.end().map_err(|e| json_error(source, "", &e))?;
    Ok(value)
}

/// A serde_json error as a diagnostic: `file:line:column: path: message`.
fn json_error(source: &SourceText, path: &str, error: &serde_json::Error) -> Diagnostic {
    let full = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full);
    let message = match error.classify() {
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
            format!("the file is not valid JSON: {message}")
        }
        _ => message.to_string(),
    };
    let message = if path.is_empty() || path == "." {
        message
    } else {
        format!("{path}: {message}")
    };
    if error.line() == 0 {
        return Diagnostic::new(&source.path, message);
    }
    // serde_json counts the column in bytes, up to and including the byte it stopped at.
    let line_start = source.offset(error.line(), 1);
    let offset = line_start + error.column().saturating_sub(1);
    at(source, offset, message)
}

/// Lines longer than this (a minified API response is one line) are not shown under the error.
const LONGEST_LINE_SHOWN: usize = 300;

/// An error at a byte offset: with the source line when it is short enough to show, otherwise
/// with the position in the location alone.
fn at(source: &SourceText, offset: usize, message: String) -> Diagnostic {
    let offset = offset.min(source.text.len());
    let (line, column) = source.line_col(offset);
    if source.line(line).len() <= LONGEST_LINE_SHOWN {
        Diagnostic::at(source, offset, 1, message)
    } else {
        Diagnostic::new(
            format!("{}:{line}:{column}", source.path.display()),
            message,
        )
    }
}

/// The OpenAlex work id (`W2741809807`) of an OpenAlex id or URL
/// (`https://openalex.org/W2741809807`), if it is one.
pub fn work_id(id: &str) -> Option<String> {
    let last = id.trim().trim_end_matches('/').rsplit('/').next()?;
    let digits = last.strip_prefix(['W', 'w'])?;
    (!digits.is_empty() && digits.len() <= 19 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| format!("W{digits}"))
}

/// A DOI without its resolver prefix (`10.7717/peerj.4375`), if it is one.
pub fn bare_doi(doi: &str) -> Option<String> {
    let doi = doi.trim();
    let mut rest = doi;
    for prefix in [
        "https://doi.org/",
        "http://doi.org/",
        "https://dx.doi.org/",
        "http://dx.doi.org/",
        "doi:",
    ] {
        if let Some(r) = strip_prefix_ci(doi, prefix) {
            rest = r.trim_start();
            break;
        }
    }
    (rest.starts_with("10.") && rest.len() > 3 && !rest.contains(char::is_whitespace))
        .then(|| rest.to_string())
}

/// The arXiv id of a work: from an arXiv DOI (`10.48550/arXiv.<id>`), from `ids`, or from a
/// location on arxiv.org (`/abs/<id>`, `/pdf/<id>`), without a version suffix.
pub fn arxiv_id(work: &Work) -> Option<String> {
    let ids = work.ids.as_ref();
    let from_doi = [work.doi.as_deref(), ids.and_then(|i| i.doi.as_deref())]
        .into_iter()
        .flatten()
        .find_map(arxiv_from_doi);
    let from_ids = || {
        let raw = ids?.arxiv.as_deref()?;
        arxiv_from_url(raw).or_else(|| {
            let raw = raw.trim();
            normalize_arxiv(strip_prefix_ci(raw, "arxiv:").unwrap_or(raw))
        })
    };
    let from_locations = || {
        let locations = work
            .primary_location
            .iter()
            .chain(work.locations.iter().flatten())
            .chain(work.best_oa_location.iter());
        locations
            .flat_map(|l| [l.landing_page_url.as_deref(), l.pdf_url.as_deref()])
            .flatten()
            .find_map(arxiv_from_url)
    };
    from_doi.or_else(from_ids).or_else(from_locations)
}

fn arxiv_from_doi(doi: &str) -> Option<String> {
    let doi = bare_doi(doi)?;
    normalize_arxiv(strip_prefix_ci(&doi, "10.48550/arxiv.")?)
}

fn arxiv_from_url(url: &str) -> Option<String> {
    let url = url.trim();
    let rest = strip_prefix_ci(url, "https://").or_else(|| strip_prefix_ci(url, "http://"))?;
    let (host, path) = rest.split_once('/')?;
    let host = host.to_ascii_lowercase();
    if !matches!(
        host.as_str(),
        "arxiv.org" | "www.arxiv.org" | "export.arxiv.org"
    ) {
        return None;
    }
    let path = path.split(['?', '#']).next()?;
    let id = path
        .strip_prefix("abs/")
        .or_else(|| path.strip_prefix("pdf/"))?;
    normalize_arxiv(id)
}

/// An arXiv id without version (`1609.08144`, `hep-th/9901001`), if `id` is one.
fn normalize_arxiv(id: &str) -> Option<String> {
    let id = id.trim().trim_end_matches('/');
    let id = strip_suffix_ci(id, ".pdf").unwrap_or(id);
    let id = match id.rfind(['v', 'V']) {
        Some(i) if i > 0 && id.len() > i + 1 && id[i + 1..].bytes().all(|b| b.is_ascii_digit()) => {
            &id[..i]
        }
        _ => id,
    };
    (is_new_arxiv(id) || is_old_arxiv(id)).then(|| id.to_string())
}

/// `YYMM.NNNN` or `YYMM.NNNNN`.
fn is_new_arxiv(id: &str) -> bool {
    let Some((yymm, number)) = id.split_once('.') else {
        return false;
    };
    yymm.len() == 4
        && (4..=5).contains(&number.len())
        && yymm
            .bytes()
            .chain(number.bytes())
            .all(|b| b.is_ascii_digit())
}

/// `archive[.subject]/YYMMNNN`, e.g. `hep-th/9901001`, `math.GT/0309136`.
fn is_old_arxiv(id: &str) -> bool {
    let Some((archive, number)) = id.split_once('/') else {
        return false;
    };
    let (name, subject) = archive.split_once('.').unwrap_or((archive, "A"));
    number.len() == 7
        && number.bytes().all(|b| b.is_ascii_digit())
        && !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
        && !subject.is_empty()
        && subject
            .bytes()
            .all(|b| b.is_ascii_alphabetic() || b == b'-')
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

fn strip_suffix_ci<'a>(text: &'a str, suffix: &str) -> Option<&'a str> {
    let start = text.len().checked_sub(suffix.len())?;
    let tail = text.get(start..)?;
    tail.eq_ignore_ascii_case(suffix).then(|| &text[..start])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_ids() {
        assert_eq!(
            work_id("https://openalex.org/W2741809807").as_deref(),
            Some("W2741809807")
        );
        assert_eq!(work_id("w12").as_deref(), Some("W12"));
        assert_eq!(work_id("https://openalex.org/A5023888391"), None);
        assert_eq!(work_id("W"), None);
        assert_eq!(work_id("../W1x"), None);
    }

    #[test]
    fn dois() {
        assert_eq!(
            bare_doi("https://doi.org/10.7717/peerj.4375").as_deref(),
            Some("10.7717/peerj.4375")
        );
        assert_eq!(bare_doi("DOI:10.1/x").as_deref(), Some("10.1/x"));
        assert_eq!(bare_doi("https://example.org/10.1/x"), None);
        assert_eq!(bare_doi(""), None);
    }

    #[test]
    fn arxiv_ids_from_dois_ids_and_locations() {
        let work = |doi: Option<&str>, url: Option<&str>| Work {
            doi: doi.map(str::to_string),
            locations: Some(vec![Location {
                landing_page_url: url.map(str::to_string),
                pdf_url: None,
            }]),
            ..Work::default()
        };
        let id = |doi, url| arxiv_id(&work(doi, url));
        assert_eq!(
            id(Some("https://doi.org/10.48550/ARXIV.1609.08144"), None).as_deref(),
            Some("1609.08144")
        );
        assert_eq!(
            id(None, Some("https://arxiv.org/pdf/1806.03537v2.pdf")).as_deref(),
            Some("1806.03537")
        );
        assert_eq!(
            id(None, Some("http://arxiv.org/abs/hep-th/9901001v1")).as_deref(),
            Some("hep-th/9901001")
        );
        assert_eq!(
            id(
                Some("https://doi.org/10.1/x"),
                Some("https://example.org/abs/1.2")
            ),
            None
        );
        assert_eq!(id(None, Some("https://arxiv.org/abs/12345")), None);
        let with_ids = Work {
            ids: Some(Ids {
                doi: None,
                arxiv: Some("arXiv:2208.11695v3".into()),
            }),
            ..Work::default()
        };
        assert_eq!(arxiv_id(&with_ids).as_deref(), Some("2208.11695"));
    }
}
