//! `papermap new`: starts long-form pages. Each is a draft in `content/`, made from the site's
//! archetype for its folder (`archetypes/<folder>.md`, else `archetypes/default.md`, else a
//! title, today's date and `draft: true`), a Tera template given the page's `title` (from its
//! file's name), `date` and `path`. Nothing is replaced, and nothing is written unless every page
//! can be.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use crate::config::Config;
use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};
use crate::discover::{is_ignored, CONTENT_DIR, PAPERS_SECTION};
use crate::records::Date;

/// The pages to start.
pub struct Options {
    /// The site's folder, holding `site.toml`.
    pub root: PathBuf,
    /// Each page's path in `content/` (`press/launch`), with or without `.md`, or its file.
    pub pages: Vec<String>,
    /// The date the pages are given (`Date::today`).
    pub today: Date,
}

/// The pages written, each as a path from where papermap runs.
#[derive(Debug)]
pub struct Report {
    pub written: Vec<PathBuf>,
}

/// The folder of the site's archetypes.
const ARCHETYPES_DIR: &str = "archetypes";

/// The archetype of a site that has none.
const BUILT_IN: &str =
    "---\ntitle: {{ title | json_encode() }}\ndate: {{ date }}\ndraft: true\n---\n";

/// Writes a draft page for each of `options.pages`.
pub fn new_pages(options: &Options) -> Result<Report, Diagnostics> {
    let config = Config::load(&options.root, None).map_err(Diagnostics::from)?;
    let mut errors = Diagnostics::new();
    let mut pages: Vec<(PathBuf, String)> = Vec::new();
    for name in &options.pages {
        let page = page_path(&config, name)
            .and_then(|path| {
                not_there(&config, &path)?;
                Ok(path)
            })
            .and_then(|path| {
                let text = from_archetype(&config, &path, options.today)?;
                // Shown as from here, which is also where papermap runs.
                Ok((
                    config.display_path(Path::new(CONTENT_DIR).join(with_md(&path))),
                    text,
                ))
            });
        match page {
            Ok(page) if pages.iter().any(|(file, _)| *file == page.0) => {}
            Ok(page) => pages.push(page),
            Err(error) => errors.push(error),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    crate::new_files::write_texts(&pages)?;
    Ok(Report {
        written: pages.into_iter().map(|(path, _)| path).collect(),
    })
}

/// The page's path in `content/`, without `.md` (`press/launch`), checked to be a new page's.
fn page_path(config: &Config, name: &str) -> Result<PathBuf, Diagnostic> {
    let content = config.display_path(CONTENT_DIR);
    let refuse = |what: String| Diagnostic::new(&content, what);
    let given = Path::new(name);
    // The page's file as a path from here (`content/press/launch.md`), or its path in content/.
    let within = plain(given)
        .strip_prefix(plain(&content))
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| given.to_path_buf());
    let within = match within.to_str() {
        Some(text) => PathBuf::from(text.strip_suffix(".md").unwrap_or(text)),
        None => return Err(refuse(format!("`{name}` is not UTF-8"))),
    };
    let mut segments = Vec::new();
    for component in within.components() {
        match component {
            Component::Normal(segment) => segments.push(segment.to_string_lossy().into_owned()),
            Component::CurDir => {}
            _ => {
                return Err(refuse(format!(
                    "`{name}` leads out of {}: a page's path is a path in it",
                    content.display()
                ))
                .with_help("give it as its address reads: press/launch"))
            }
        }
    }
    let Some(last) = segments.last() else {
        return Err(refuse("a page needs a name: press/launch".to_string()));
    };
    if segments
        .first()
        .is_some_and(|first| first == PAPERS_SECTION)
    {
        return Err(refuse(format!(
            "`{name}` would be a paper record: {}/papers/ holds the papers",
            content.display()
        ))
        .with_help(
            "papers come from `papermap import openalex`, or are written as docs/records.md describes",
        ));
    }
    if let Some(hidden) = segments.iter().find(|s| is_ignored(s)) {
        return Err(refuse(format!(
            "`{hidden}` is a name papermap leaves out of the site (hidden, or an editor's temporary file)"
        )));
    }
    if last.contains('.') {
        return Err(refuse(format!(
            "`{last}` holds a dot, which papermap reads as a language (`story.fr.md` is the French version of `story`)"
        ))
        .with_help("to start a page's version in another language, run `papermap translate CODE PAGE`"));
    }
    if segments
        .iter()
        .flat_map(|s| s.chars())
        .any(|c| c.is_control() || c == '\\')
    {
        return Err(refuse(format!(
            "`{}` holds a backslash or a control character, which an address cannot hold",
            name.escape_debug()
        )));
    }
    let path: PathBuf = segments.iter().collect();
    // What a build would refuse the page for: an address the site's own pages use.
    if let Err((why, _)) = crate::discover::classify(config, &with_md(&path)) {
        let file = config.display_path(Path::new(CONTENT_DIR).join(with_md(&path)));
        return Err(Diagnostic::new(file, why).with_help("choose another name for the page"));
    }
    Ok(path)
}

/// `path` without its `.` components, to compare with another.
fn plain(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

fn with_md(path: &Path) -> PathBuf {
    let mut file = path.as_os_str().to_owned();
    file.push(".md");
    PathBuf::from(file)
}

/// An error if a version of the page is there already (`launch.md`, `launch.fr.md`).
fn not_there(config: &Config, path: &Path) -> Result<(), Diagnostic> {
    let file = config.path(CONTENT_DIR).join(with_md(path));
    let folder = file.parent().unwrap_or(&file);
    let stem = path.file_name().unwrap_or_default().to_string_lossy();
    let mut versions: Vec<String> = match std::fs::read_dir(folder) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| {
                n.strip_prefix(&*stem)
                    .and_then(|rest| rest.strip_suffix(".md"))
                    .is_some_and(|locale| locale.is_empty() || locale.starts_with('.'))
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    if file.exists() && !versions.iter().any(|v| *v == format!("{stem}.md")) {
        versions.push(format!("{stem}.md"));
    }
    versions.sort();
    match versions.first() {
        None => Ok(()),
        Some(version) => {
            let shown =
                config.display_path(Path::new(CONTENT_DIR).join(path.with_file_name(version)));
            Err(Diagnostic::new(
                &shown,
                format!("the page `{}` is already there", path.display()),
            )
            .with_help("choose another name; papermap replaces no file"))
        }
    }
}

/// The page's text: its archetype rendered with its title, date and path.
fn from_archetype(config: &Config, path: &Path, today: Date) -> Result<String, Diagnostic> {
    let folder = path
        .components()
        .next()
        .filter(|_| path.components().count() > 1)
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    let candidates = folder
        .iter()
        .map(|f| format!("{f}.md"))
        .chain(std::iter::once("default.md".to_string()));
    let mut archetype = None;
    for candidate in candidates {
        let relative = Path::new(ARCHETYPES_DIR).join(&candidate);
        if config.path(&relative).is_file() {
            archetype = Some(crate::parse::read_source(config, &relative)?);
            break;
        }
    }
    let source = archetype.unwrap_or_else(|| SourceText::new("the built-in archetype", BUILT_IN));
    let mut tera = tera::Tera::default();
    let name = "archetype";
    let sources = HashMap::from([(name.to_string(), source)]);
    tera.add_raw_template(name, &sources[name].text)
        .map_err(|e| crate::templates::template_error(&sources, &e))?;
    let mut context = tera::Context::new();
    context.insert("title", &title_of(path));
    context.insert("date", &today.to_string());
    context.insert("path", &path.to_string_lossy().replace('\\', "/"));
    tera.render(name, &context)
        .map_err(|e| crate::templates::template_error_in(&sources, name, &[], &e))
}

/// A title from the page's file name: `launch-day` → `Launch day`.
fn title_of(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let words = name.replace(['-', '_'], " ");
    let mut chars = words.trim().chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_comes_from_the_file_name() {
        assert_eq!(title_of(Path::new("press/launch-day")), "Launch day");
        assert_eq!(title_of(Path::new("über_uns")), "Über uns");
    }
}
