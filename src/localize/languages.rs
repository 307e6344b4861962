//! The languages the records say they are written in, checked against the names the site can
//! give them: a language that some page could not name ("This abstract is available in … only")
//! is the error of the records in it, at their `lang`, found when the site loads, rather than
//! the error of every template that names it, once a page.

use std::collections::BTreeMap;

use crate::diagnostics::{named_and_counted, Diagnostic, SourceFile};
use crate::frontmatter::field_diagnostic;

use super::{Localizer, LANGUAGE_PREFIX};

/// How many of the other records in a language the error names before it counts the rest.
const OTHERS_NAMED: usize = 3;

/// One error for each language of `records` (their `lang` and file, in the order they are
/// reported) that a locale of the site cannot name: CLDR has no name for it in that locale and
/// no message of its fallback chain gives one.
pub fn unnamed_languages<'a>(
    localizer: &Localizer,
    records: impl IntoIterator<Item = (&'a str, &'a SourceFile)>,
) -> Vec<Diagnostic> {
    let mut by_language: BTreeMap<&str, Vec<&SourceFile>> = BTreeMap::new();
    for (code, source) in records {
        by_language.entry(code).or_default().push(source);
    }
    by_language
        .into_iter()
        .filter(|(code, _)| !can_name(localizer, code))
        .map(|(code, sources)| unnamed(localizer, code, &sources))
        .collect()
}

fn can_name(localizer: &Localizer, code: &str) -> bool {
    let key = format!("{LANGUAGE_PREFIX}{code}");
    (0..localizer.len()).all(|locale| localizer.message(locale, &key, None).is_ok())
}

fn unnamed(localizer: &Localizer, code: &str, sources: &[&SourceFile]) -> Diagnostic {
    let id = format!("{LANGUAGE_PREFIX}{code}");
    let diagnostic = field_diagnostic(
        sources[0],
        &["lang"],
        format!(
            "no page can name the language `{code}`: CLDR has no name for it and no message `{id}` gives one"
        ),
    );
    let mut help = super::language_message_fix(localizer, &id);
    let others: Vec<String> = sources[1..]
        .iter()
        .map(|s| s.path.display().to_string())
        .collect();
    if !others.is_empty() {
        let verb = if others.len() == 1 { "is" } else { "are" };
        let others = named_and_counted(&others, OTHERS_NAMED, ("record", "records"));
        help.push_str(&format!("; {others} {verb} in it too"));
    }
    diagnostic.with_help(help)
}
