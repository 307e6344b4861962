//! Where each long-form page is read in each language: the address of the version shown there
//! (its file's place, or its folder and the version's `slug`), and the check that no two pages
//! are read at the same address in one language, where one would overwrite the other's file.

use std::collections::hash_map::Entry;
use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use crate::config::Config;
use crate::diagnostics::Diagnostic;
use crate::parse::Page;

use super::PageEntry;

impl PageEntry {
    /// The page's address in `locale`, without the locale: the address of the version readers
    /// of that language see (`press/a-propos` for a French version with `slug: a-propos`).
    pub fn address(&self, locale: &str) -> &str {
        &self.in_locale(locale).address
    }

    /// Whether some version gives the page an address of its own, so that the page may be read
    /// at different addresses in different languages.
    pub fn has_slug(&self) -> bool {
        self.versions().any(|v| v.slug_pos.is_some())
    }

    /// The earlier addresses of all its versions (their `aliases`), each a page of its own.
    pub fn alias_paths(&self) -> impl Iterator<Item = &str> {
        self.versions()
            .flat_map(|v| v.aliases.iter().map(|(path, _)| path.as_str()))
    }
}

/// Two pages read at the same address in one language: an error at the `slug` that takes it,
/// once for each pair of pages, in the first language where they meet.
pub(super) fn address_clashes(config: &Config, pages: &[PageEntry], errors: &mut Vec<Diagnostic>) {
    // Without slugs every page is read at its file's place, which no other file has.
    if !pages.iter().any(PageEntry::has_slug) {
        return;
    }
    let mut reported = BTreeSet::new();
    for (position, language) in config.languages.iter().enumerate() {
        let locale = language.code.as_str();
        let mut taken: FxHashMap<&str, usize> = FxHashMap::default();
        for (i, entry) in pages.iter().enumerate() {
            let first = match taken.entry(entry.address(locale)) {
                Entry::Vacant(vacant) => {
                    vacant.insert(i);
                    continue;
                }
                Entry::Occupied(occupied) => *occupied.get(),
            };
            if reported.insert((first, i)) {
                let address = match position {
                    0 => format!("/{}/", entry.address(locale)),
                    _ => format!("/{locale}/{}/", entry.address(locale)),
                };
                errors.push(clash(
                    entry.in_locale(locale),
                    pages[first].in_locale(locale),
                    &address,
                ));
            }
        }
    }
}

/// The error of `version` and `other`, both read at `address`, at the slug of the one that has
/// one (of `version` when both do).
fn clash(version: &Page, other: &Page, address: &str) -> Diagnostic {
    let (at, other) = match version.slug_pos {
        Some(_) => (version, other),
        None => (other, version),
    };
    // Pages without slugs are read at their files' places, which differ: one of the two has one.
    let pos = at
        .slug_pos
        .unwrap_or(crate::parse::Pos { line: 1, column: 1 });
    let other_place = match other.slug_pos {
        Some(p) => format!("{}:{}:{}", other.source.path.display(), p.line, p.column),
        None => other.source.path.display().to_string(),
    };
    at.source
        .diagnostic_at_line_col(
            pos.line,
            pos.column,
            format!("this slug puts the page at {address}, where {other_place} is read too"),
        )
        .with_help("give one of the two pages another slug")
}
