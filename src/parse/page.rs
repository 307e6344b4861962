//! The checks of a long-form page's version: its fields, and its address (`slug`) and earlier
//! addresses (`aliases`), each of which must be a path a URL can hold.

use crate::config::Config;
use crate::diagnostics::{Diagnostic, SourceFile};
use crate::records::{RawPage, PAGE_FIELDS};

use super::{version, Checker, Id, Page, Pos};

impl Checker<'_> {
    pub(super) fn page(
        &mut self,
        config: &Config,
        path: &str,
        file_locale: Option<String>,
    ) -> Option<Page> {
        let raw: RawPage = self.front_matter(PAGE_FIELDS, "a page")?;
        let title = self.required(raw.title, "title", "\"The page's title\"");
        self.not_blank(title.as_deref(), "title", "write the page's title");
        self.no_blank_names(&raw.authors, "authors", "an author's name");
        let date = self.date("date", raw.date.as_ref());
        let lang = match (raw.lang, &file_locale) {
            (None, Some(locale)) => locale.clone(),
            (raw_lang, _) => self.lang(config, raw_lang),
        };
        let papers = raw
            .papers
            .into_iter()
            .map(|Id(id)| {
                let (line, column) = self
                    .fm
                    .find_in(self.source, "papers", &format!("\"{id}\""))
                    .or_else(|| self.fm.find_in(self.source, "papers", &id))
                    .unwrap_or_else(|| self.fm.locate(self.source, &["papers"]));
                (id, Pos { line, column })
            })
            .collect();
        let (address, slug_pos) = self.address(config, path, raw.slug);
        let aliases = self.aliases(raw.aliases);
        let (body, body_html) = self.rendered_body();
        let body_text = crate::markdown::plain_text(&body.markdown);
        let title = title?;
        Some(Page {
            address,
            slug_pos,
            aliases,
            version: version::version_digest(&title, &body.markdown),
            translated_from: raw.translated_from,
            source: SourceFile::of(self.source),
            path: path.to_string(),
            file_locale,
            lang,
            title,
            date,
            publication: raw.source,
            authors: raw.authors,
            papers,
            body_html,
            body_text,
            draft: raw.draft,
        })
    }

    /// A page version's address: its file's place, or its folder and its `slug`, which must be
    /// one segment of a URL and, for a page at the top of `content/`, not one of the site's own.
    fn address(
        &mut self,
        config: &Config,
        path: &str,
        slug: Option<String>,
    ) -> (String, Option<Pos>) {
        let Some(slug) = slug else {
            return (path.to_string(), None);
        };
        let (line, column) = self.fm.locate(self.source, &["slug"]);
        let folder = path.rsplit_once('/').map(|(folder, _)| folder);
        if !is_valid_slug(&slug) {
            self.error_at(
                &["slug"],
                format!("the slug `{slug}` cannot be one segment of an address"),
            );
            let suggested = crate::model::slugify(&slug);
            self.help(match slug.chars().any(char::is_alphanumeric) {
                true => format!("use letters, digits, `-`, `_` and `.`, e.g. `slug: {suggested}`"),
                false => "use letters, digits, `-`, `_` and `.`".to_string(),
            });
        } else if let (None, Some(taken)) = (folder, crate::discover::taken_address(config, &slug))
        {
            self.error_at(&["slug"], taken);
            self.help("choose another slug");
        }
        let address = match folder {
            Some(folder) => format!("{folder}/{slug}"),
            None => slug,
        };
        (address, Some(Pos { line, column }))
    }

    /// A page version's earlier addresses, each a path from the site's root whose segments are
    /// as a slug's; written with or without `/` at either end.
    fn aliases(&mut self, aliases: Vec<String>) -> Vec<(String, Pos)> {
        let mut kept: Vec<(String, Pos)> = Vec::with_capacity(aliases.len());
        for alias in aliases {
            let (line, column) = self
                .fm
                .find_in(self.source, "aliases", &format!("\"{alias}\""))
                .or_else(|| self.fm.find_in(self.source, "aliases", &alias))
                .unwrap_or_else(|| self.fm.locate(self.source, &["aliases"]));
            let path = alias.trim_matches('/');
            if path.is_empty() || !path.split('/').all(is_valid_slug) {
                let message = format!("the alias `{alias}` is not the path of an address");
                self.errors
                    .push(Diagnostic::at_line_col(self.source, line, column, message));
                self.help(
                    "write the old address's path from the site's root, e.g. `/fr/press/ancien-titre/`: \
                     segments of letters, digits, `-`, `_` and `.`",
                );
                continue;
            }
            if let Some((_, first)) = kept.iter().find(|(p, _)| p == path) {
                let message = format!("the alias `{alias}` is given twice");
                self.errors
                    .push(Diagnostic::at_line_col(self.source, line, column, message));
                self.help(format!(
                    "it is already given at {}:{}: keep one",
                    first.line, first.column
                ));
                continue;
            }
            kept.push((path.to_string(), Pos { line, column }));
        }
        kept
    }
}

/// A page's slug is one segment of its address, in any script: letters, digits, `-`, `_`, `.`,
/// not starting with `.` (which would hide the folder, or name `..`).
fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty()
        && !slug.starts_with('.')
        && slug
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_one_segment_of_an_address_in_any_script() {
        for good in ["a-propos", "über_uns", "测试", "v1.2"] {
            assert!(is_valid_slug(good), "{good}");
        }
        for bad in ["", ".hidden", "..", "a/b", "a b", "a?b", "a%20b"] {
            assert!(!is_valid_slug(bad), "{bad}");
        }
    }
}
