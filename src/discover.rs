//! Finds the content files of a site: paper records under `content/papers/`, long-form pages in
//! every other folder of `content/`, and the other files there (images, PDFs) that are copied as
//! they are. It reads no file; it only names them, in a stable order.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::config::Config;
use crate::diagnostics::Diagnostic;

pub const CONTENT_DIR: &str = "content";
pub const PAPERS_SECTION: &str = "papers";
/// The URL segments of generated pages (`/paper/<id>/`, `/year/2022/`, …, the search page) and
/// of the search index's folder, which no content folder or top-level page may take.
pub const RESERVED_SEGMENTS: &[&str] = &[
    "paper",
    "papers",
    "year",
    "years",
    "subfield",
    "subfields",
    "category",
    "search",
    "pagefind",
];

/// Whether the site writes a file of this name at its top (and at the top of each language's
/// pages): a page or folder of `content/` by that name would need a folder there.
pub fn is_site_file(name: &str) -> bool {
    matches!(name, "index.html" | "404.html" | "atom.xml" | "robots.txt")
        || (name.starts_with("sitemap") && name.ends_with(".xml"))
}

/// Why a page at the top of `content/` may not be read at `/{name}/` (its file's name or its
/// `slug`): a file the site writes there, or the site's own pages.
pub fn taken_address(config: &Config, name: &str) -> Option<String> {
    if is_site_file(name) {
        Some(format!(
            "this page would take the address /{name}/, where the site writes its file {name}"
        ))
    } else if RESERVED_SEGMENTS.contains(&name) || config.language(name).is_some() {
        Some(format!(
            "this page would take the address /{name}/, which the site's own pages use"
        ))
    } else {
        None
    }
}

/// What a content file holds, judged by where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    Paper,
    /// A long-form page; `path` is its place in the site without the locale, e.g. `press/slug`.
    Page {
        path: String,
    },
}

/// A Markdown file of the content folder.
#[derive(Debug, Clone)]
pub struct ContentFile {
    /// Relative to the site root, e.g. `content/papers/2208.11695.fr.md`.
    pub relative: PathBuf,
    /// The file name without its locale and extension: a paper's id or a page's slug.
    pub stem: String,
    /// The locale of a translation (`fr` in `<id>.fr.md`).
    pub locale: Option<String>,
    pub kind: Kind,
}

/// Every file of the content folder, sorted by path.
#[derive(Debug, Default)]
pub struct Discovered {
    pub files: Vec<ContentFile>,
    /// Files that are not Markdown, relative to `content/`.
    pub assets: Vec<PathBuf>,
}

/// A file whose extension is `md` in any case: a record or page, or (`X.MD`) one misnamed. Such a
/// file is never copied as an asset, where its front matter would be published as it is.
pub fn is_markdown_name(name: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && ext.eq_ignore_ascii_case("md"))
}

/// Editor temporaries and hidden files are never content.
pub fn is_ignored(name: &str) -> bool {
    name.starts_with('.') || is_editor_file(name)
}

/// What a static folder holds but does not publish: editor temporaries, version control
/// (`.git/`, `.gitignore`, `.gitkeep`) and macOS's `.DS_Store`. Other hidden files are the
/// site's (`.well-known/`, `.htaccess`, `.nojekyll`).
pub fn is_ignored_static(name: &str) -> bool {
    is_editor_file(name) || name.starts_with(".git") || name == ".DS_Store"
}

fn is_editor_file(name: &str) -> bool {
    name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".tmp")
        || name.starts_with(".#")
}

/// Names every content file; files that cannot be named are reported and left out, so the
/// others are still checked.
pub fn discover(config: &Config) -> (Discovered, Vec<Diagnostic>) {
    let content = config.path(CONTENT_DIR);
    let mut found = Discovered::default();
    let mut errors = Vec::new();
    if !content.is_dir() {
        return (found, errors);
    }
    let walker = WalkDir::new(&content)
        .follow_links(false)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !is_ignored(&e.file_name().to_string_lossy()));
    let mut within_content: Vec<(Vec<u8>, PathBuf)> = Vec::new();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().map_or(content.clone(), Path::to_path_buf);
                errors.push(Diagnostic::new(path, format!("cannot read: {e}")));
                continue;
            }
        };
        if !entry.file_type().is_file() {
            continue;
        }
        let within = entry
            .path()
            .strip_prefix(&content)
            .unwrap_or(entry.path())
            .to_path_buf();
        within_content.push((sort_key(&within), within));
    }
    // Sorted as a walk of sorted folders would list them. walkdir's own sorting asks each entry
    // its file name at every comparison, which costs more than the walk in a folder of 10 000.
    within_content.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    for (_, within) in &within_content {
        let within = within.as_path();
        let file_name = within.file_name().unwrap_or_default().to_string_lossy();
        if is_markdown_name(&file_name) {
            match classify(config, within) {
                Ok(file) => found.files.push(file),
                Err(message) => errors.push(
                    Diagnostic::new(
                        config.display_path(Path::new(CONTENT_DIR).join(within)),
                        message.0,
                    )
                    .with_help(message.1),
                ),
            }
        } else {
            found.assets.push(within.to_path_buf());
        }
    }
    (found, errors)
}

/// A path's bytes with each separator as the lowest byte: comparing them compares the paths
/// folder by folder (`a/b` before `a-b`, as a walk of sorted folders meets them).
fn sort_key(path: &Path) -> Vec<u8> {
    let mut key = Vec::new();
    for (i, part) in path.components().enumerate() {
        if i > 0 {
            key.push(0);
        }
        key.extend_from_slice(part.as_os_str().as_encoded_bytes());
    }
    key
}

/// Names a Markdown file from its path inside `content/`, or says why it cannot be one, with
/// the help.
pub fn classify(config: &Config, within: &Path) -> Result<ContentFile, (String, String)> {
    let file_name = within.file_name().unwrap_or_default().to_string_lossy();
    let Some(name) = file_name.strip_suffix(".md") else {
        let (stem, extension) = file_name.split_at(file_name.len() - ".md".len());
        return Err((
            format!("the extension `{extension}` is not `.md`: records and pages are read only from `.md` files, in lower case"),
            format!("rename the file to {stem}.md"),
        ));
    };
    let (stem, locale) = match name.rsplit_once('.') {
        Some((stem, suffix)) if config.language(suffix).is_some() => {
            (stem, Some(suffix.to_string()))
        }
        Some((_, suffix)) if looks_like_locale(suffix) => {
            let known = config.codes();
            return Err((
                format!("the locale `{suffix}` of this translation is not a language of the site"),
                format!(
                    "add `[[languages]] code = \"{suffix}\"` to site.toml, or use one of: {}",
                    known.join(", ")
                ),
            ));
        }
        _ => (name, None),
    };
    let first = within
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    let nested = within.components().count() > 1;
    if let Some(first) = first.as_deref().filter(|_| nested) {
        if is_site_file(first) {
            return Err((
                format!("the folder content/{first}/ would stand where the site writes its file {first}"),
                "rename the folder".to_string(),
            ));
        }
        if (first != PAPERS_SECTION && RESERVED_SEGMENTS.contains(&first))
            || config.language(first).is_some()
        {
            return Err((
                format!("the folder content/{first}/ would give pages the same addresses as the site's own /{first}/ pages"),
                "rename the folder".to_string(),
            ));
        }
    }
    if let Some(taken) = taken_address(config, stem).filter(|_| !nested) {
        return Err((taken, "rename the file".to_string()));
    }
    let kind = match first {
        Some(first) if first == PAPERS_SECTION && nested => Kind::Paper,
        _ => {
            let parent = within.parent().unwrap_or(Path::new(""));
            let path = parent.join(stem).to_string_lossy().replace('\\', "/");
            Kind::Page { path }
        }
    };
    Ok(ContentFile {
        relative: Path::new(CONTENT_DIR).join(within),
        stem: stem.to_string(),
        locale,
        kind,
    })
}

/// `de`, `pt-BR`, `zh-Hant`: a suffix that is meant as a locale, not part of an id.
fn looks_like_locale(suffix: &str) -> bool {
    let mut parts = suffix.split('-');
    let language = parts.next().unwrap_or_default();
    (2..=3).contains(&language.len())
        && language.chars().all(|c| c.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_suffixes() {
        assert!(looks_like_locale("de"));
        assert!(looks_like_locale("zh-Hant"));
        assert!(!looks_like_locale("11695"));
        assert!(!looks_like_locale("Bugs"));
    }

    #[test]
    fn markdown_names_in_any_case() {
        assert!(is_markdown_name("2208.11695.md"));
        assert!(is_markdown_name("About.MD"));
        assert!(is_markdown_name("about.Md"));
        assert!(!is_markdown_name(".md"));
        assert!(!is_markdown_name("figure.png"));
        assert!(!is_markdown_name("notes.mdx"));
        assert!(!is_markdown_name("README"));
    }

    #[test]
    fn editor_files_are_ignored() {
        assert!(is_ignored(".#2208.11695.md"));
        assert!(is_ignored("2208.11695.md~"));
        assert!(!is_ignored("2208.11695.md"));
    }
}
