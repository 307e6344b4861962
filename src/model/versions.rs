//! Whether a translation was made from its original as it is now. A paper's translation or a
//! long-form page's version in another language may state, in `translated_from`, the digest of
//! the original's title and abstract (or body) it was made from; the original's digest today
//! tells whether they have changed since. Nothing else of the record counts: a new citation
//! count changes nothing a translator wrote.

use crate::parse::version::version_digest;
use crate::parse::{Paper, Translation};

use super::PageEntry;

/// Where a translation stands against its original.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TranslationState {
    /// Made from the original's title and text as they are.
    Current,
    /// Made from an earlier title or text.
    Outdated,
    /// It does not say what it was made from.
    Unstated,
}

/// The digest of what a translation of `paper` translates, its title and abstract, as
/// `translated_from` states it.
pub fn paper_digest(paper: &Paper) -> String {
    version_digest(&paper.title, &paper.abstract_text.markdown)
}

/// Where `translation` stands against `original`.
pub fn paper_state(original: &Paper, translation: &Translation) -> TranslationState {
    state(translation.translated_from.as_deref(), || {
        paper_digest(original)
    })
}

/// Where the version of `page` in `locale` stands against its original; `None` when that
/// version is the original or there is none.
pub fn page_state(page: &PageEntry, locale: &str) -> Option<TranslationState> {
    let version = page.translations.get(locale)?;
    Some(state(version.translated_from.as_deref(), || {
        page.original.version.clone()
    }))
}

/// A stated digest against the original's now, made only when one is stated. A blank value (a
/// placeholder not yet filled in) states nothing.
fn state(stated: Option<&str>, now: impl FnOnce() -> String) -> TranslationState {
    match stated.map(str::trim).filter(|s| !s.is_empty()) {
        None => TranslationState::Unstated,
        Some(stated) if stated.eq_ignore_ascii_case(&now()) => TranslationState::Current,
        Some(_) => TranslationState::Outdated,
    }
}
