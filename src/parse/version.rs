//! The digest of the version of a text that a translation states it was made from
//! (`translated_from`): of an original's title and its abstract or body, and of nothing else.

use crate::diagnostics::digest_of;

/// How many hex digits of the digest a translation states: enough that two versions of one
/// record never share them by chance, few enough to read and copy.
const DIGITS: usize = 12;

/// The digest of a version of an original with this `title` and this Markdown `text` (its
/// abstract or body, trimmed): twelve lowercase hex digits, the same for the same text on any
/// machine and in any version of papermap (docs/records.md says how it is made).
pub fn version_digest(title: &str, text: &str) -> String {
    let mut digest = format!("{:032x}", digest_of(&[title, "\n\n", text]));
    digest.truncate(DIGITS);
    digest
}
