//! `papermap translate`: starts translations of paper records and long-form pages into one of
//! the site's languages. Each is a draft file beside its original, holding the original's title
//! and text to translate in place and the `translated_from` digest of the version it copies, so
//! that `check` tells the translator when the original changes later. Nothing is replaced, and
//! nothing is written unless every translation can be.

use std::path::{Path, PathBuf};

use serde_yaml::{Mapping, Value};

use crate::build::{self, Site};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceFile};
use crate::frontmatter::FrontMatter;
use crate::model::versions::paper_digest;

/// What to translate, and into which language.
pub struct Options {
    /// The site's folder, holding `site.toml`.
    pub root: PathBuf,
    /// The language to translate into: a `code` of `site.toml`.
    pub locale: String,
    /// Papers by id (`2103.14749`), pages by path (`press/story`), or either by its file.
    pub originals: Vec<String>,
}

/// The translations written, each as a path from where papermap runs.
#[derive(Debug)]
pub struct Report {
    pub written: Vec<PathBuf>,
}

/// A record or page of the site to translate.
enum Target<'a> {
    Paper(&'a crate::model::PaperEntry),
    Page(&'a crate::model::PageEntry),
}

/// Fields of a long-form page that belong to its version alone: a translation starts without
/// them (a `slug` or `aliases` copied would claim the original's addresses).
const PAGE_FIELDS_NOT_COPIED: &[&str] = &["slug", "aliases", "lang", "translated_from", "draft"];

/// Writes a draft translation into `options.locale` of each of `options.originals`.
pub fn translate(options: &Options) -> Result<Report, Diagnostics> {
    let site = build::load(&build::Options {
        root: options.root.clone(),
        drafts: true,
        ..build::Options::default()
    })?;
    let locale = options.locale.as_str();
    let mut errors = Diagnostics::new();
    if site.config.language(locale).is_none() {
        let codes = site.config.codes();
        let mut error = Diagnostic::new(
            site.config.display_path("site.toml"),
            format!(
                "`{locale}` is not a language of the site (its languages: {})",
                codes.join(", ")
            ),
        );
        error = match crate::diagnostics::suggest(locale, codes.iter().copied()) {
            Some(code) => error.with_help(format!("did you mean `{code}`?")),
            None => error.with_help(format!(
                "declare it first: add `[[languages]]` with `code = \"{locale}\"` to site.toml"
            )),
        };
        errors.push(error);
        return Err(errors);
    }
    let mut drafts: Vec<(PathBuf, String)> = Vec::new();
    for name in &options.originals {
        let draft = find(&site, name).and_then(|original| match original {
            Target::Paper(paper) => paper_draft(paper, locale),
            Target::Page(page) => {
                stays_original(&site, page, locale).and_then(|()| page_draft(page, locale))
            }
        });
        match draft {
            // The same original named twice (by its id and by its file) is translated once.
            Ok(draft) if drafts.iter().any(|(path, _)| *path == draft.0) => {}
            Ok(draft) => drafts.push(draft),
            Err(error) => errors.push(error),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    crate::new_files::write_texts(&drafts)?;
    Ok(Report {
        written: drafts.into_iter().map(|(path, _)| path).collect(),
    })
}

/// The paper or page `name` stands for: a paper's id, a page's path, or the file of either.
fn find<'a>(site: &'a Site, name: &str) -> Result<Target<'a>, Diagnostic> {
    let model = &site.model;
    let as_file = Path::new(name);
    if as_file.is_file() {
        let same = |source: &SourceFile| same_file(&source.path, as_file);
        if let Some(paper) = model.papers.iter().find(|p| same(&p.record.source)) {
            return Ok(Target::Paper(paper));
        }
        if let Some(page) = model.pages.iter().find(|p| same(&p.original.source)) {
            return Ok(Target::Page(page));
        }
        for paper in &model.papers {
            if let Some(t) = paper.translations.values().find(|t| same(&t.source)) {
                return Err(Diagnostic::new(
                    as_file,
                    format!("this is the {} translation of a paper", t.locale),
                )
                .with_help(format!(
                    "give its original: {}",
                    paper.record.source.path.display()
                )));
            }
        }
        for page in &model.pages {
            if page.translations.values().any(|v| same(&v.source)) {
                return Err(
                    Diagnostic::new(as_file, "this is a translation of a long-form page")
                        .with_help(format!(
                            "give its original: {}",
                            page.original.source.path.display()
                        )),
                );
            }
        }
        return Err(Diagnostic::new(
            as_file,
            "this is not a paper record or a long-form page of the site",
        )
        .with_help(format!(
            "records and pages are the .md files in {}",
            site_content(site).display()
        )));
    }
    if let Some(index) = model.paper(name) {
        return Ok(Target::Paper(&model.papers[index]));
    }
    let path = name.trim_matches('/');
    if let Ok(index) = model.pages.binary_search_by(|p| p.path().cmp(path)) {
        return Ok(Target::Page(&model.pages[index]));
    }
    let mut error = Diagnostic::new(
        site_content(site),
        format!("there is no paper or page `{name}`"),
    );
    let ids = model.papers.iter().map(|p| p.record.id.as_str());
    let paths = model.pages.iter().map(|p| p.path());
    error = match crate::diagnostics::suggest(name, ids.chain(paths)) {
        Some(near) => error.with_help(format!("did you mean `{near}`?")),
        None => error.with_help(
            "give a paper's id (2103.14749), a page's path in content/ without .md (press/story), or the file of either",
        ),
    };
    Err(error)
}

fn site_content(site: &Site) -> PathBuf {
    site.config.display_path(crate::discover::CONTENT_DIR)
}

/// Whether two paths name the same file; compared by name first, so that only a likely match
/// is asked of the file system.
fn same_file(a: &Path, b: &Path) -> bool {
    a.file_name() == b.file_name()
        && matches!(
            (a.canonicalize(), b.canonicalize()),
            (Ok(a), Ok(b)) if a == b
        )
}

/// The translation of `paper`: its title and abstract, to be translated in place.
fn paper_draft(
    paper: &crate::model::PaperEntry,
    locale: &str,
) -> Result<(PathBuf, String), Diagnostic> {
    let record = &paper.record;
    let original = Original {
        file: &record.source.path,
        stem: &record.stem,
        lang: &record.lang,
        translated: paper.translations.contains_key(locale),
    };
    let abstract_text = record.abstract_text.markdown.trim();
    let what = if abstract_text.is_empty() {
        "the title"
    } else {
        "the title and the abstract below"
    };
    let mut fields = Mapping::new();
    fields.insert("title".into(), record.title.clone().into());
    let digest = paper_digest(record);
    draft(&original, locale, what, &fields, &digest, abstract_text)
}

/// The translation of `page`: a copy of its original, without the fields that are the
/// original's own, to be translated in place.
fn page_draft(
    page: &crate::model::PageEntry,
    locale: &str,
) -> Result<(PathBuf, String), Diagnostic> {
    let version = &page.original;
    let original = Original {
        file: &version.source.path,
        stem: page_stem(page),
        lang: &version.lang,
        translated: page.translations.contains_key(locale),
    };
    let source = version.source.reread().ok_or_else(|| {
        Diagnostic::new(
            original.file,
            "cannot read the page again: it changed or went while papermap read it",
        )
    })?;
    let front_matter = FrontMatter::split(&source)?;
    let mut fields: Mapping = serde_yaml::from_str(front_matter.yaml(&source)).map_err(|e| {
        Diagnostic::new(original.file, format!("cannot read its front matter: {e}"))
    })?;
    for field in PAGE_FIELDS_NOT_COPIED {
        fields.remove(*field);
    }
    let what = "the title and the text below";
    let body = front_matter.body(&source).trim();
    draft(&original, locale, what, &fields, &version.version, body)
}

/// The last segment of a page's path, which its files are named by (`story` of `press/story`).
fn page_stem(page: &crate::model::PageEntry) -> &str {
    page.path().rsplit('/').next().unwrap_or(page.path())
}

/// An error when a version in `locale` would take the place of `page`'s original: when every
/// version's file names its locale, the first of the site's languages is the original.
fn stays_original(
    site: &Site,
    page: &crate::model::PageEntry,
    locale: &str,
) -> Result<(), Diagnostic> {
    let Some(original_locale) = &page.original.file_locale else {
        return Ok(());
    };
    let place = |code: &str| site.config.codes().iter().position(|c| *c == code);
    if place(locale) < place(original_locale) {
        let stem = page_stem(page);
        return Err(Diagnostic::new(
            &page.original.source.path,
            format!(
                "a {locale} version would become this page's original: its name has a locale, and of versions that all do, the one in the first language of site.toml is the original"
            ),
        )
        .with_help(format!(
            "rename it {stem}.md and give it `lang: {original_locale}` first, then translate it"
        )));
    }
    Ok(())
}

/// The file a draft translates, as its draft needs it.
struct Original<'a> {
    file: &'a Path,
    /// Its name without the locale and `.md`, which its translations take.
    stem: &'a str,
    /// The language it is written in.
    lang: &'a str,
    /// Whether it has a translation into the draft's locale already.
    translated: bool,
}

/// The draft of `original`'s translation into `locale`, at `<stem>.<locale>.md` beside it: a
/// comment that says what to translate (`what`), the front matter's `fields`, the digest of the
/// original, and `body`. An error when it would replace a file, or is not needed.
fn draft(
    original: &Original,
    locale: &str,
    what: &str,
    fields: &Mapping,
    digest: &str,
    body: &str,
) -> Result<(PathBuf, String), Diagnostic> {
    let path = original
        .file
        .with_file_name(format!("{}.{locale}.md", original.stem));
    if original.lang == locale {
        return Err(Diagnostic::new(
            original.file,
            format!("this is written in {locale} already (its language), so it needs no {locale} translation"),
        ));
    }
    if original.translated || path.exists() {
        return Err(Diagnostic::new(&path, format!("the {locale} translation is here already"))
            .with_help("`papermap check` says whether it is outdated, with the translated_from to give it once it is brought up to date"));
    }
    let yaml = serde_yaml::to_string(&Value::Mapping(fields.clone())).map_err(|e| {
        Diagnostic::new(original.file, format!("cannot write its translation: {e}"))
    })?;
    // The digest is hex digits, which YAML could read as a number unquoted (`123e4567890a`).
    let mut text = format!(
        "---\n# {locale} translation of {} ({}): translate {what},\n\
         # then delete `draft: true` to publish it.\n{yaml}translated_from: \"{digest}\"\n\
         draft: true\n---\n",
        original.file.display(),
        original.lang,
    );
    if !body.is_empty() {
        text.push_str(body);
        text.push('\n');
    }
    Ok((path, text))
}
