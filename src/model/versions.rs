//! Whether a paper's translation was made from its original as it is now. A translation may
//! state, in `translated_from`, the digest of the original's title and abstract it was made
//! from; the original's digest today tells whether they have changed since. Nothing else of the
//! record counts: a new citation count changes nothing a translator wrote.

use siphasher::sip128::{Hasher128, SipHasher13};
use std::hash::Hasher;

use crate::parse::{Paper, Translation};

/// How many hex digits of the digest a translation states: enough that two versions of one
/// record never share them by chance, few enough to read and copy.
const DIGITS: usize = 12;

/// Where a translation stands against its original.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TranslationState {
    /// Made from the original's title and abstract as they are.
    Current,
    /// Made from an earlier title or abstract.
    Outdated,
    /// It does not say what it was made from.
    Unstated,
}

/// The digest of what a translation of `paper` translates, its title and abstract, as
/// `translated_from` states it: twelve hex digits, the same for the same text on any machine
/// and in any version of papermap.
pub fn source_digest(paper: &Paper) -> String {
    let mut hasher = SipHasher13::new();
    hasher.write(paper.title.as_bytes());
    hasher.write(b"\n\n");
    hasher.write(paper.abstract_text.markdown.as_bytes());
    let mut digest = format!("{:032x}", hasher.finish128().as_u128());
    digest.truncate(DIGITS);
    digest
}

/// Where `translation` stands against `original`.
pub fn state(original: &Paper, translation: &Translation) -> TranslationState {
    match &translation.translated_from {
        None => TranslationState::Unstated,
        Some(stated) if stated.trim().eq_ignore_ascii_case(&source_digest(original)) => {
            TranslationState::Current
        }
        Some(_) => TranslationState::Outdated,
    }
}
