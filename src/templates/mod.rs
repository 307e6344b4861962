//! Tera templates: the theme's `themes/<theme>/templates/`, with any file of the site's own
//! `templates/` taking the place of the theme's file of the same name. Templates are compiled
//! once; each locale then gets its own copy with the functions that speak its language
//! ([`locale`]).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tera::{Tera, Value};
use walkdir::WalkDir;

use crate::config::Config;
use crate::diagnostics::{Diagnostic, SourceText};
use crate::localize::{Localizer, SubfieldNames};
use arguments::Takes;

mod arguments;
mod errors;
mod escape;
mod language_spans;
mod locale;
mod macro_calls;
mod message_calls;
mod names;

use errors::missing_variable_help;
pub(crate) use errors::{template_error, template_error_in};
pub use escape::escape_html;

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

/// The filter every copy of the templates has for text in Markdown (`md`: escaped for it),
/// with the arguments it reads.
const MD_FILTER: (&str, Takes) = ("md", arguments::NOTHING);

/// The templates the renderer asks for only when a site needs them, with the text it uses when
/// neither the theme nor the site has one: a theme made before them still builds.
const BUILT_IN: &[(&str, &str, &str)] = &[(
    "alias.html",
    "themes/default/templates/alias.html",
    include_str!("../../themes/default/templates/alias.html"),
)];

/// Whether the renderer asks for the template `name` by name for pages of its own (rather than
/// pages including or extending it).
pub fn is_page_template(name: &str) -> bool {
    REQUIRED.contains(&name) || BUILT_IN.iter().any(|(built_in, _, _)| *built_in == name)
}

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
        for (name, shown, text) in BUILT_IN {
            if !files.contains_key(*name) {
                sources.insert(name.to_string(), SourceText::new(*shown, *text));
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
        tera.register_filter(MD_FILTER.0, |value: &Value, _: &HashMap<String, Value>| {
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
        let (subfield_names, names_apart) =
            locale::mark_names_apart(localizer, locale, subfield_names);
        let may_hold_other_languages = localizer.falls_back_anywhere() || names_apart;
        locale::register(&mut tera, localizer, locale, subfield_names);
        LocaleTemplates {
            tera,
            may_hold_other_languages,
        }
    }

    /// An error for each name the templates use that stands for nothing: a filter, test,
    /// function or macro, an included template, and, given the `localizer`, a message asked
    /// for by a literal key that some language of the site cannot give (`t(key="site-titel")`).
    /// Found before any page renders, even where no page goes.
    pub fn unknown_names(&self, config: &Config, localizer: Option<&Localizer>) -> Vec<Diagnostic> {
        let uses = names::uses(&self.tera, &self.sources);
        let mut errors = names::unknown_names(
            &self.tera,
            &uses,
            config,
            &[locale::FILTERS, &[MD_FILTER]].concat(),
            locale::FUNCTIONS,
        );
        if let Some(localizer) = localizer {
            errors.extend(message_calls::mistakes(
                &uses,
                locale::MESSAGE_FUNCTION,
                localizer,
            ));
        }
        errors
    }

    /// A render error as a diagnostic pointing into the template that failed; with the
    /// `context` it was rendered with, a misspelt field's help names the field meant.
    pub fn render_error(
        &self,
        template: &str,
        error: &tera::Error,
        context: Option<&tera::Context>,
    ) -> Diagnostic {
        let diagnostic = template_error_in(&self.sources, template, &self.family(template), error);
        match context.and_then(|context| missing_variable_help(error, context)) {
            Some(help) => diagnostic.with_help(help),
            None => diagnostic,
        }
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
    /// Whether `t()` or `subfield_name` may give a text of another language, marked for
    /// [`language_spans::resolve`]: a site whose languages have all their messages and name all
    /// their subfields pays nothing.
    may_hold_other_languages: bool,
}

impl LocaleTemplates {
    /// The page's bytes: rendered into a buffer, which `Tera::render` would check to be UTF-8
    /// before making it a `String`; what papermap does with a page needs its bytes.
    pub fn render(&self, template: &str, context: &tera::Context) -> tera::Result<Vec<u8>> {
        let mut page = Vec::with_capacity(PAGE_CAPACITY);
        self.tera.render_to(template, context, &mut page)?;
        if self.may_hold_other_languages {
            let html = template.ends_with(".html") || template.ends_with(".htm");
            page = language_spans::resolve(page, html);
        }
        Ok(page)
    }
}

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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The check of names ([`names`]) runs before any locale's copy exists, on the names
    /// [`locale::FILTERS`] and [`locale::FUNCTIONS`] say it will add: they must be those it adds.
    #[test]
    fn the_names_a_locale_adds_are_those_the_check_of_names_knows() {
        let config = Config::load(Path::new(env!("CARGO_MANIFEST_DIR")), None).unwrap();
        let templates = Templates::load(&config).unwrap();
        let localizer = Localizer::load(&config).unwrap();
        let names = localizer.subfield_names(0, std::iter::empty());
        let locale = templates.for_locale(&localizer, 0, names);
        let added = |before: Vec<&String>, after: Vec<&String>| -> BTreeSet<String> {
            let before: BTreeSet<&String> = before.into_iter().collect();
            after
                .into_iter()
                .filter(|n| !before.contains(n))
                .cloned()
                .collect()
        };
        let expected = |names: &[&str]| names.iter().map(|n| n.to_string()).collect();
        let filters: Vec<&str> = locale::FILTERS.iter().map(|&(name, _)| name).collect();
        assert_eq!(
            added(
                templates.tera.filters.keys().collect(),
                locale.tera.filters.keys().collect()
            ),
            expected(&filters)
        );
        assert_eq!(
            added(
                templates.tera.functions.keys().collect(),
                locale.tera.functions.keys().collect()
            ),
            expected(locale::FUNCTIONS)
        );
    }

    /// The check of names and calls ([`names`]) knows Tera's filters, functions and tests from
    /// the tables of [`arguments`]: they must be those it registers (and `safe` and `default`,
    /// which its renderer applies itself), so that a Tera which adds or drops one fails here.
    #[test]
    fn every_filter_and_function_tera_has_declares_its_arguments() {
        let config = Config::load(Path::new(env!("CARGO_MANIFEST_DIR")), None).unwrap();
        let templates = Templates::load(&config).unwrap();
        let registered = |names: Vec<&String>, also: &[&str]| -> BTreeSet<String> {
            let names = names.into_iter().map(String::as_str);
            names
                .chain(also.iter().copied())
                .map(String::from)
                .collect()
        };
        let declared = |table: &[(&str, Takes)], also: &[&str]| -> BTreeSet<String> {
            let names = table.iter().map(|&(name, _)| name);
            names
                .chain(also.iter().copied())
                .map(String::from)
                .collect()
        };
        assert_eq!(
            registered(
                templates.tera.filters.keys().collect(),
                &["safe", "default"]
            ),
            declared(arguments::TERA_FILTERS, &[MD_FILTER.0])
        );
        assert_eq!(
            registered(templates.tera.functions.keys().collect(), &[]),
            declared(arguments::TERA_FUNCTIONS, &[])
        );
        let tests: Vec<&str> = arguments::TERA_TESTS.iter().map(|&(n, _)| n).collect();
        assert_eq!(
            registered(templates.tera.testers.keys().collect(), &[]),
            tests.iter().map(|name| name.to_string()).collect()
        );
    }
}
