//! `papermap import openalex`: OpenAlex API responses into paper records.
//!
//! Every input file is read and every work checked before anything is written; then each work
//! gets its record id (its arXiv id when it has one, else its OpenAlex id, or the id of the
//! record that already holds it), references are mapped to record ids, and the records are
//! compared with the files already there. Nothing is written when any input is wrong, nor when a
//! file would change without `--force`; files whose bytes would not change are not touched.

mod openalex;
mod record;
mod text;

use std::collections::{HashMap, HashSet};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};
use crate::discover::is_ignored;
use crate::frontmatter::FrontMatter;
use crate::parse::{deinvert, is_valid_id};
use crate::records::Date;

use openalex::Located;
pub use record::Record;

/// What `papermap import openalex` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The OpenAlex responses, as given (relative to the current folder).
    pub files: Vec<PathBuf>,
    /// The site's folder.
    pub root: PathBuf,
    /// Where the records go, relative to `root`.
    pub into: PathBuf,
    /// Replace records whose content would change.
    pub force: bool,
    /// Stop on works that cannot become a record, instead of leaving them out with a warning.
    pub strict: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            files: Vec::new(),
            root: PathBuf::from("."),
            into: PathBuf::from("content/papers"),
            force: false,
            strict: false,
        }
    }
}

/// What an import did.
#[derive(Debug, Default)]
pub struct Report {
    /// Distinct works imported.
    pub works: usize,
    pub new: usize,
    pub updated: usize,
    pub unchanged: usize,
    /// The records' folder as shown to the user.
    pub into: PathBuf,
}

/// An import's outcome and the warnings given on the way (works left out, unless `--strict`).
#[derive(Debug)]
pub struct Outcome {
    pub result: Result<Report, Diagnostics>,
    pub warnings: Vec<Diagnostic>,
}

/// A work checked and reduced to what its record needs; references are still OpenAlex ids.
#[derive(Debug)]
struct Prepared {
    openalex: String,
    arxiv: Option<String>,
    doi: Option<String>,
    title: String,
    authors: Vec<String>,
    year: i32,
    first_posted: Option<String>,
    citation_count: Option<u64>,
    references: Vec<String>,
    reference_count: Option<u32>,
    subfields: Vec<String>,
    abstract_markdown: Option<String>,
    /// OpenAlex's `updated_date`, which says which of two copies of the work is the newer.
    updated: Option<String>,
}

/// A record already in the target folder.
#[derive(Debug)]
struct Existing {
    path: PathBuf,
    id: String,
    openalex: Option<String>,
}

/// Imports OpenAlex responses into records.
pub fn openalex(options: &Options) -> Outcome {
    let mut warnings = Vec::new();
    let result = run(options, &mut warnings);
    Outcome { result, warnings }
}

fn run(options: &Options, warnings: &mut Vec<Diagnostic>) -> Result<Report, Diagnostics> {
    // Records are written into a site: never into a folder made for them where there is none.
    crate::config::Config::check_root(&options.root)?;
    let mut errors = Diagnostics::new();
    let mut works: Vec<Prepared> = Vec::new();
    // OpenAlex id → index in `works`.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for file in &options.files {
        let located = match openalex::read(file) {
            Ok(located) => located,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        for work in located {
            match prepare(&work) {
                // A crawl meets a work more than once, fetched at different times: it is
                // imported once, as OpenAlex last updated it (as first read when that is equal).
                Ok(prepared) => match seen.get(&prepared.openalex) {
                    Some(&at) => {
                        if prepared.updated > works[at].updated {
                            works[at] = prepared;
                        }
                    }
                    None => {
                        seen.insert(prepared.openalex.clone(), works.len());
                        works.push(prepared);
                    }
                },
                Err(problems) if !options.strict => {
                    warnings.extend(problems.into_iter().map(|mut d| {
                        d.message.push_str("; the work is left out");
                        d
                    }));
                }
                Err(problems) => {
                    let help = "without --strict, such works are left out with a warning";
                    errors.extend(problems.into_iter().map(|d| d.with_help(help)));
                }
            }
        }
    }
    let folder = options.root.join(&options.into);
    let shown_folder = shown(&options.root, &options.into);
    if let Some(file) = file_in_the_way(&options.root, &options.into) {
        let message = if file == options.into {
            "the records' folder is a file".to_string()
        } else {
            format!(
                "this is a file, where the records' folder {} needs a folder",
                shown_folder.display()
            )
        };
        errors.push(
            Diagnostic::new(shown(&options.root, &file), message)
                .with_help("name another folder with --into, or move the file away"),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let existing = existing_records(&folder);
    let records = assign(works, &existing, &folder);

    // Everything is compared before anything is written.
    let mut report = Report {
        works: records.len(),
        into: options.into.clone(),
        ..Report::default()
    };
    let mut to_write = Vec::new();
    for (path, record) in &records {
        let shown_path = shown_folder.join(path.strip_prefix(&folder).unwrap_or(path));
        let bytes = record.to_file();
        match std::fs::read(path) {
            Ok(old) if old == bytes.as_bytes() => report.unchanged += 1,
            Ok(_) if options.force => {
                report.updated += 1;
                to_write.push((path, shown_path, bytes));
            }
            Ok(_) => errors.push(
                Diagnostic::new(
                    &shown_path,
                    format!(
                        "the record of {} already exists with other content; it was not replaced",
                        record
                            .links
                            .iter()
                            .find(|(kind, _)| *kind == "openalex")
                            .map_or(record.id.as_str(), |(_, url)| url.as_str())
                    ),
                )
                .with_help("compare it with the new data, then run the import again with --force to replace it"),
            ),
            Err(e) if e.kind() == ErrorKind::NotFound => {
                report.new += 1;
                to_write.push((path, shown_path, bytes));
            }
            Err(e) => errors.push(Diagnostic::new(
                &shown_path,
                format!("cannot read the file: {e}"),
            )),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (path, shown_path, bytes) in to_write {
        if let Err(e) = write(path, &bytes) {
            errors.push(Diagnostic::new(
                shown_path,
                format!("cannot write the file: {e}"),
            ));
        }
    }
    if errors.is_empty() {
        Ok(report)
    } else {
        Err(errors)
    }
}

/// The path (relative to `root`) of the file that stands where the folder `into` or one of its
/// parents should be, if one does.
fn file_in_the_way(root: &Path, into: &Path) -> Option<PathBuf> {
    let mut path = PathBuf::new();
    for part in into.components() {
        path.push(part);
        let metadata = std::fs::metadata(root.join(&path)).ok()?;
        if !metadata.is_dir() {
            return Some(path);
        }
    }
    None
}

/// A path under the root as shown to the user (as `Config::display_path` does for builds).
fn shown(root: &Path, relative: &Path) -> PathBuf {
    if root == Path::new(".") {
        relative.to_path_buf()
    } else {
        root.join(relative)
    }
}

/// Writes beside the file, then renames: a reader never sees half a record. The `.tmp` name is
/// one that builds ignore.
fn write(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Checks one work and reduces it to what its record needs; every problem of the work is
/// reported.
fn prepare(located: &Located) -> Result<Prepared, Vec<Diagnostic>> {
    let work = &located.work;
    let mut problems = Vec::new();
    let openalex = match work.id.as_deref() {
        None => {
            problems.push(located.error("id", "the work has no OpenAlex id"));
            None
        }
        Some(id) => {
            let w = openalex::work_id(id);
            if w.is_none() {
                problems.push(located.error(
                    "id",
                    format!("`{id}` is not an OpenAlex work id such as https://openalex.org/W2741809807"),
                ));
            }
            w
        }
    };
    let title = [work.title.as_deref(), work.display_name.as_deref()]
        .into_iter()
        .flatten()
        .map(text::plain)
        .find(|t| !t.is_empty());
    if title.is_none() {
        problems.push(located.error(
            "title",
            "the work has no title (its `title` and `display_name` are empty)",
        ));
    }
    match work.publication_year {
        None => problems.push(located.error(
            "publication_year",
            "the work has no publication year, which a paper record needs",
        )),
        Some(year) if !crate::parse::YEARS.contains(&year) => problems.push(located.error(
            "publication_year",
            format!("`{year}` is not a year of four digits, which a paper record needs"),
        )),
        Some(_) => {}
    }
    let first_posted = work.publication_date.as_deref().and_then(|raw| {
        let date = Date::parse(raw).map(|d| d.to_string());
        if date.is_none() {
            problems.push(located.error(
                "publication_date",
                format!("`{raw}` is not a date of the form YYYY-MM-DD"),
            ));
        }
        date
    });
    let mut references = Vec::new();
    for (i, raw) in work.referenced_works.iter().flatten().enumerate() {
        match openalex::work_id(raw) {
            Some(w) if !references.contains(&w) => references.push(w),
            Some(_) => {}
            None => problems.push(located.error(
                &format!("referenced_works[{i}]"),
                format!("`{raw}` is not an OpenAlex work id"),
            )),
        }
    }
    let authors = work
        .authorships
        .iter()
        .flatten()
        .filter_map(|a| a.author.as_ref()?.display_name.as_deref())
        .map(text::plain)
        .filter(|name| !name.is_empty())
        .collect();
    let mut subfields: Vec<String> = Vec::new();
    for topic in work.topics.iter().flatten() {
        if let Some(name) = topic
            .subfield
            .as_ref()
            .and_then(|s| s.display_name.as_deref())
        {
            let name = text::plain(name);
            if !name.is_empty() && !subfields.contains(&name) {
                subfields.push(name);
            }
        }
    }
    let abstract_markdown = work
        .abstract_inverted_index
        .as_ref()
        .and_then(|index| text::abstract_markdown(&deinvert(index)));
    match (openalex, title, work.publication_year) {
        (Some(openalex), Some(title), Some(year)) if problems.is_empty() => Ok(Prepared {
            openalex,
            arxiv: openalex::arxiv_id(work),
            doi: work.doi.as_deref().and_then(openalex::bare_doi),
            title,
            authors,
            year,
            first_posted,
            citation_count: work.cited_by_count,
            references,
            reference_count: work.referenced_works_count,
            subfields,
            abstract_markdown,
            updated: work.updated_date.clone(),
        }),
        _ => Err(problems),
    }
}

/// The paper records under `folder` (at any depth), with their ids and OpenAlex ids. Files that
/// cannot be read as records are passed over: the build reports them.
fn existing_records(folder: &Path) -> Vec<Existing> {
    let walker = walkdir::WalkDir::new(folder)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !is_ignored(&e.file_name().to_string_lossy()));
    let mut found = Vec::new();
    for entry in walker.flatten() {
        let path = entry.path();
        if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let source = SourceText::new(path, text);
        let Ok(fm) = FrontMatter::split(&source) else {
            continue;
        };
        let Ok(yaml) = serde_yaml::from_str::<serde_yaml::Value>(fm.yaml(&source)) else {
            continue;
        };
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let id = yaml
            .get("id")
            .and_then(|v| v.as_str())
            .map_or(stem, str::to_string);
        let openalex = yaml
            .get("links")
            .and_then(|l| l.get("openalex"))
            .and_then(|v| v.as_str())
            .and_then(openalex::work_id);
        found.push(Existing {
            path: path.to_path_buf(),
            id,
            openalex,
        });
    }
    found
}

/// Gives each work its record id and file, maps references to record ids, and makes the
/// records. A work already in the folder (recognised by its `links.openalex`) keeps that
/// record's id and file. Any other work takes its arXiv id, unless an earlier work of the import
/// or a record of another work holds it, else its OpenAlex id; its file is the record that
/// already has that id, else `<folder>/<id>.md`.
fn assign(works: Vec<Prepared>, existing: &[Existing], folder: &Path) -> Vec<(PathBuf, Record)> {
    let mut by_openalex: HashMap<&str, &Existing> = HashMap::new();
    let mut by_id: HashMap<&str, &Existing> = HashMap::new();
    for e in existing {
        if let Some(w) = &e.openalex {
            by_openalex.entry(w.as_str()).or_insert(e);
        }
        by_id.entry(e.id.as_str()).or_insert(e);
    }
    let mut ids: HashMap<String, (String, PathBuf)> = HashMap::new();
    let mut taken: HashSet<String> = HashSet::new();
    for work in &works {
        if let Some(e) = by_openalex.get(work.openalex.as_str()) {
            taken.insert(e.id.clone());
            ids.insert(work.openalex.clone(), (e.id.clone(), e.path.clone()));
        }
    }
    let mut paths: HashSet<PathBuf> = ids.values().map(|(_, p)| p.clone()).collect();
    for work in &works {
        if ids.contains_key(&work.openalex) {
            continue;
        }
        let arxiv = work.arxiv.as_deref().filter(|a| is_valid_id(a));
        let free = |id: &str| {
            !taken.contains(id)
                && by_id
                    .get(id)
                    .is_none_or(|e| e.openalex.is_none() && !paths.contains(&e.path))
        };
        let id = arxiv
            .filter(|a| free(a))
            .unwrap_or(work.openalex.as_str())
            .to_string();
        let path = by_id
            .get(id.as_str())
            .filter(|e| e.openalex.is_none())
            .map_or_else(|| folder.join(format!("{id}.md")), |e| e.path.clone());
        taken.insert(id.clone());
        paths.insert(path.clone());
        ids.insert(work.openalex.clone(), (id, path));
    }
    let record_id = |w: &str| -> String {
        ids.get(w)
            .map(|(id, _)| id.clone())
            .or_else(|| by_openalex.get(w).map(|e| e.id.clone()))
            .unwrap_or_else(|| w.to_string())
    };
    let mut records: Vec<(PathBuf, Record)> = works
        .into_iter()
        .map(|work| {
            let (id, path) = ids[&work.openalex].clone();
            let mut links = Vec::new();
            if let Some(arxiv) = &work.arxiv {
                links.push(("arxiv", format!("https://arxiv.org/abs/{arxiv}")));
            }
            if let Some(doi) = &work.doi {
                links.push(("doi", format!("https://doi.org/{}", encode_doi(doi))));
            }
            links.push((
                "openalex",
                format!("https://openalex.org/{}", work.openalex),
            ));
            let record = Record {
                id,
                title: work.title,
                authors: work.authors,
                year: work.year,
                first_posted: work.first_posted,
                links,
                citation_count: work.citation_count,
                subfields: work.subfields,
                references: work.references.iter().map(|w| record_id(w)).collect(),
                reference_count: work.reference_count,
                abstract_markdown: work.abstract_markdown,
            };
            (path, record)
        })
        .collect();
    records.sort_by(|a, b| a.0.cmp(&b.0));
    records
}

/// A DOI as a URL path: the characters that cannot stand in a URL are percent-encoded.
fn encode_doi(doi: &str) -> String {
    let mut out = String::with_capacity(doi.len());
    for c in doi.chars() {
        if c.is_ascii_alphanumeric() || "-._~/:;()[]@!$&'*+,=%".contains(c) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dois_become_urls() {
        assert_eq!(encode_doi("10.1/a(b)c;d"), "10.1/a(b)c;d");
        assert_eq!(
            encode_doi("10.1002/(SICI)1<693::AID>3.0.CO;2-O"),
            "10.1002/(SICI)1%3C693::AID%3E3.0.CO;2-O"
        );
        assert_eq!(encode_doi("10.1/é #"), "10.1/%C3%A9%20%23");
    }
}
