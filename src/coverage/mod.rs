//! Translation coverage: what each language of the site still lacks compared with the default
//! language. Messages and terms that the default language's files define and a locale's own files
//! do not (its parent language's files do not count), messages it defines that the default does
//! not (obsolete), the same for the attributes of the messages both define, the messages whose
//! variables differ from the default language's (one that drops a variable loses what it says;
//! one that uses another fails unless the page gives it), and the papers, long-form pages and
//! subfields (their `subfield-<slug>` messages, which are the map's data, not the default
//! language's interface) that have no version in it, or one made from an earlier original
//! (`records`). `papermap check` prints it for translators (in English: it is terminal output,
//! not a page of the site), or as JSON (`json`); `papermap check --strict` turns each missing
//! message and attribute into an error.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use crate::config::Config;
use crate::diagnostics::Diagnostic;
use crate::localize::{Definition, Localizer, Place, I18N_DIR, SUBFIELD_PREFIX};
use crate::model::SiteModel;

mod json;
mod records;

pub use records::{RecordCoverage, FIRST_FEW};

/// A message, term or message's attribute (`search.placeholder`) of the default language that a
/// locale's own files lack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub id: String,
    /// Where the default language defines it, for the translator to copy.
    pub defined_in: Definition,
    /// The parent language that pages take it from instead of the default language, if any
    /// (zh-Hant → zh).
    pub falls_back_to: Option<String>,
}

impl Missing {
    /// `message`, `term` or `attribute`.
    pub fn kind(&self) -> &'static str {
        crate::localize::kind_of(&self.id)
    }
}

/// A message of a locale whose variables differ from the default language's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariableDifference {
    pub id: String,
    /// The variable's name, without its `$`.
    pub variable: String,
    pub kind: Difference,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// The default language's message shows it (there) and the translation (defined there)
    /// does not: the page loses what it says.
    Dropped {
        shown_at: Place,
        translation: Definition,
    },
    /// The translation uses it (there) and the default language's message does not: a page
    /// that shows the translation fails unless its template gives it anyway.
    Unknown { used_at: Place },
}

/// What one locale still lacks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocaleCoverage {
    pub code: String,
    /// Its messages' folder as shown to users: `i18n/fr/`.
    pub folder: PathBuf,
    /// How many messages of the default language its own files define.
    pub translated: usize,
    /// Sorted by id.
    pub missing: Vec<Missing>,
    /// The languages' names (`language-es`) its files lack and pages show in CLDR's words in
    /// its language instead, with that name; sorted by id. Not missing: nothing falls back.
    pub named_by_cldr: Vec<(String, String)>,
    /// Messages it defines that the default language does not, with where; sorted by id.
    pub obsolete: Vec<(String, Definition)>,
    /// The attributes (`search.placeholder`) that the default language's message has and its
    /// own translation of the message lacks; sorted. A message it lacks altogether is in
    /// `missing`, not each of its attributes.
    pub missing_attributes: Vec<Missing>,
    /// The attributes its messages have that the default language's same message does not.
    pub obsolete_attributes: Vec<(String, Definition)>,
    /// Its messages whose variables differ from the default language's, by id, then the
    /// dropped before the unknown, then by variable.
    pub variables: Vec<VariableDifference>,
    /// What it lacks of the map's records: papers, pages and subfields.
    pub records: RecordCoverage,
}

/// The coverage of every language but the default, in `site.toml` order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// The default language's code.
    pub default: String,
    /// The default language's messages' folder as shown to users: `i18n/en/`.
    pub default_folder: PathBuf,
    /// How many messages and terms the default language defines.
    pub messages: usize,
    pub locales: Vec<LocaleCoverage>,
}

impl Coverage {
    /// Compares every locale's own messages with the default language's, and counts the records
    /// without a version in it.
    pub fn of(config: &Config, localizer: &Localizer, model: &SiteModel) -> Coverage {
        if localizer.is_empty() {
            return Coverage {
                default: String::new(),
                default_folder: PathBuf::new(),
                messages: 0,
                locales: Vec::new(),
            };
        }
        let default = localizer.own_messages(0);
        let default_variables = localizer.variables(0);
        let locales = (1..localizer.len())
            .map(|locale| {
                let code = localizer.code(locale);
                let own = localizer.own_messages(locale);
                let (named_by_cldr, missing): (Vec<_>, Vec<_>) = missing_in(
                    localizer,
                    locale,
                    |l| localizer.own_messages(l),
                    |id| localizer.lacks_value(locale, id),
                    is_interface,
                )
                .into_iter()
                .map(|m| (localizer.cldr_language_name(locale, &m.id, None), m))
                .partition(|(name, _)| name.is_some());
                let named_by_cldr = named_by_cldr
                    .into_iter()
                    .filter_map(|(name, m)| Some((m.id, name?)))
                    .collect();
                let missing = missing.into_iter().map(|(_, m)| m).collect();
                // A language's names of subfields may cover more than the map has yet (a table
                // of a whole taxonomy): one the map lacks is not obsolete.
                let obsolete = obsolete_in(own, default, is_interface);
                // Only the attributes of the interface's messages that both languages define: a
                // subfield's forms (`.in-text`) are its language's grammar, like a term's.
                let missing_attributes = missing_in(
                    localizer,
                    locale,
                    |l| localizer.own_attributes(l),
                    |_| false,
                    |id| is_interface(id) && own.contains_key(message_of(id)),
                );
                let obsolete_attributes = obsolete_in(
                    localizer.own_attributes(locale),
                    localizer.own_attributes(0),
                    |id| is_interface(id) && default.contains_key(message_of(id)),
                );
                LocaleCoverage {
                    code: code.to_string(),
                    folder: locale_folder(config, code),
                    translated: default
                        .keys()
                        .filter(|id| {
                            is_interface(id)
                                && own.contains_key(*id)
                                && !localizer.lacks_value(locale, id)
                        })
                        .count(),
                    missing,
                    named_by_cldr,
                    obsolete,
                    missing_attributes,
                    obsolete_attributes,
                    variables: variable_differences(localizer, locale, &default_variables),
                    records: RecordCoverage::of(model, code, own),
                }
            })
            .collect();
        Coverage {
            default: localizer.code(0).to_string(),
            default_folder: locale_folder(config, localizer.code(0)),
            messages: default.keys().filter(|id| is_interface(id)).count(),
            locales,
        }
    }

    /// Whether every locale defines every message and attribute of the default language.
    pub fn is_complete(&self) -> bool {
        self.locales
            .iter()
            .all(|l| l.missing.is_empty() && l.missing_attributes.is_empty())
    }

    /// One error per missing message or attribute, for `papermap check --strict`: by locale,
    /// the messages by id, then the attributes by id.
    pub fn missing_errors(&self) -> Vec<Diagnostic> {
        self.locales
            .iter()
            .flat_map(|locale| {
                let folder = &locale.folder;
                locale.missing.iter().chain(&locale.missing_attributes).map(move |m| {
                    let shown = m.falls_back_to.as_deref().unwrap_or(&self.default);
                    let into = match m.id.split_once('.') {
                        Some((message, _)) => format!("under the message `{message}` in {}", folder.display()),
                        None => format!("into a file of {}", folder.display()),
                    };
                    Diagnostic::new(
                        folder,
                        format!(
                            "missing {} `{}` (defined in {})",
                            m.kind(),
                            m.id,
                            m.defined_in
                        ),
                    )
                    .with_help(format!(
                        "copy it from {} {into} and translate its text; until then pages show the {shown} text",
                        m.defined_in,
                    ))
                })
            })
            .collect()
    }

    /// One line per locale with missing messages or attributes, for the end of `papermap build`.
    pub fn warnings(&self) -> Vec<String> {
        self.locales
            .iter()
            .filter(|l| !l.missing.is_empty() || !l.missing_attributes.is_empty())
            .map(|l| {
                let attributes = l.missing_attributes.len();
                let what = match (l.missing.len(), attributes) {
                    (0, 1) => "1 attribute of a translated message is".to_string(),
                    (0, n) => format!("{n} attributes of translated messages are"),
                    (1, 0) => format!("1 of {} messages is", self.messages),
                    (n, 0) => format!("{n} of {} messages are", self.messages),
                    (n, a) => format!(
                        "{n} of {} messages and {} are",
                        self.messages,
                        counted(a, "attribute", "attributes")
                    ),
                };
                let them = if l.missing.len() + attributes == 1 { "it" } else { "them" };
                format!(
                    "{}: {what} missing and shown in another language; `papermap check` lists {them}",
                    l.folder.display(),
                )
            })
            .collect()
    }

    /// The report for translators: a block per locale, each line ending with a newline.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for l in &self.locales {
            let _ = writeln!(
                out,
                "{}: {} of {} messages ({}), {} missing, {} obsolete; {} of {} and {} of {} untranslated",
                l.code,
                l.translated,
                self.messages,
                percent(l.translated, self.messages),
                l.missing.len(),
                l.obsolete.len(),
                l.records.untranslated_papers.len(),
                counted(l.records.papers, "paper", "papers"),
                l.records.untranslated_pages.len(),
                counted(l.records.pages, "page", "pages"),
            );
            if l.translated == 0 && l.obsolete.is_empty() && !l.missing.is_empty() {
                // A new language: the list would be the default's whole files.
                let but = match l.named_by_cldr.len() {
                    0 => String::new(),
                    1 => " but a language's name, which CLDR gives".to_string(),
                    n => format!(" but {n} languages' names, which CLDR gives"),
                };
                let _ = writeln!(
                    out,
                    "  missing: all {}{but} ({} has none yet: copy the files of {} into it and translate them)",
                    l.missing.len(),
                    l.folder.display(),
                    self.default_folder.display()
                );
            } else {
                for m in &l.missing {
                    let parent = m
                        .falls_back_to
                        .as_ref()
                        .map(|p| format!("; falls back to {p}"))
                        .unwrap_or_default();
                    let _ = writeln!(out, "  missing: {} ({}{parent})", m.id, m.defined_in);
                }
            }
            for (id, name) in &l.named_by_cldr {
                let _ = writeln!(out, "  named by CLDR: {id} ({name})");
            }
            for (id, at) in &l.obsolete {
                let _ = writeln!(out, "  obsolete: {id} ({at})");
            }
            for m in &l.missing_attributes {
                let _ = writeln!(out, "  missing attribute: {} ({})", m.id, m.defined_in);
            }
            for (id, at) in &l.obsolete_attributes {
                let _ = writeln!(out, "  obsolete attribute: {id} ({at})");
            }
            for difference in &l.variables {
                let (id, variable) = (&difference.id, &difference.variable);
                let _ = match &difference.kind {
                    Difference::Dropped { shown_at, translation } => writeln!(
                        out,
                        "  drops a variable: {id} ({translation}) does not show ${variable}, which the {} message shows ({shown_at})",
                        self.default
                    ),
                    Difference::Unknown { used_at } => writeln!(
                        out,
                        "  unknown variable: {id} uses ${variable} ({used_at}), which the {} message does not: a page that shows it fails unless its template gives ${variable}",
                        self.default
                    ),
                };
            }
            l.records.write_report(&mut out);
        }
        out
    }
}

/// What the default language's files define and `locale`'s own files lack (or define `empty`:
/// a message with attributes only), of the ids `counts` keeps; `own_of` gives a locale's own
/// messages or its own attributes. Each with the language
/// of the chain that pages show instead, when that is not the default.
fn missing_in<'a>(
    localizer: &'a Localizer,
    locale: usize,
    own_of: impl Fn(usize) -> &'a BTreeMap<String, Definition>,
    empty: impl Fn(&str) -> bool,
    counts: impl Fn(&str) -> bool,
) -> Vec<Missing> {
    let own = own_of(locale);
    own_of(0)
        .iter()
        .filter(|(id, _)| (!own.contains_key(*id) || empty(id)) && counts(id))
        .map(|(id, defined_in)| Missing {
            id: id.clone(),
            defined_in: defined_in.clone(),
            // The first language of the chain that has it, unless it is the default.
            falls_back_to: localizer.fallback(locale)[1..]
                .iter()
                .find(|&&other| own_of(other).contains_key(id))
                .filter(|&&other| other != 0)
                .map(|&other| localizer.code(other).to_string()),
        })
        .collect()
}

/// What `own` defines and `default` does not, of the ids `counts` keeps.
fn obsolete_in(
    own: &BTreeMap<String, Definition>,
    default: &BTreeMap<String, Definition>,
    counts: impl Fn(&str) -> bool,
) -> Vec<(String, Definition)> {
    own.iter()
        .filter(|(id, _)| !default.contains_key(*id) && counts(id))
        .map(|(id, at)| (id.clone(), at.clone()))
        .collect()
}

/// The messages that both the default language and `locale` define whose variables differ, in
/// the order of [`LocaleCoverage::variables`]; `default` is the default language's
/// [`Localizer::variables`].
fn variable_differences(
    localizer: &Localizer,
    locale: usize,
    default: &BTreeMap<String, BTreeMap<String, Place>>,
) -> Vec<VariableDifference> {
    let mut differences = Vec::new();
    for (id, translated) in &localizer.variables(locale) {
        let (Some(original), Some(translation)) =
            (default.get(id), localizer.own_messages(locale).get(id))
        else {
            continue;
        };
        let difference = |variable: &String, kind| VariableDifference {
            id: id.clone(),
            variable: variable.clone(),
            kind,
        };
        differences.extend(
            original
                .iter()
                .filter(|(variable, _)| !translated.contains_key(*variable))
                .map(|(variable, shown_at)| {
                    let kind = Difference::Dropped {
                        shown_at: shown_at.clone(),
                        translation: translation.clone(),
                    };
                    difference(variable, kind)
                }),
        );
        differences.extend(
            translated
                .iter()
                .filter(|(variable, _)| !original.contains_key(*variable))
                .map(|(variable, used_at)| {
                    difference(
                        variable,
                        Difference::Unknown {
                            used_at: used_at.clone(),
                        },
                    )
                }),
        );
    }
    differences
}

/// `i18n/fr/`, as shown to users.
fn locale_folder(config: &Config, code: &str) -> PathBuf {
    PathBuf::from(format!(
        "{}/",
        config
            .display_path(PathBuf::from(I18N_DIR).join(code))
            .display()
    ))
}

/// `part` of `whole` as a percentage with one decimal, rounded down so that only a complete
/// translation reads 100.0%. Nothing to translate counts as complete.
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "100.0%".to_string();
    }
    let permille = (part.min(whole) as u128 * 1000) / whole as u128;
    format!("{}.{}%", permille / 10, permille % 10)
}

fn counted(n: usize, one: &str, other: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { other })
}

/// The message an attribute's id (`search.placeholder`) belongs to.
fn message_of(attribute: &str) -> &str {
    attribute
        .split_once('.')
        .map_or(attribute, |(message, _)| message)
}

/// Whether a message is one of the interface's, which the default language defines, rather than
/// the name of one of the map's subfields, which its data names.
fn is_interface(id: &str) -> bool {
    !id.starts_with(SUBFIELD_PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_have_one_decimal_and_round_down() {
        assert_eq!(percent(27, 28), "96.4%");
        assert_eq!(percent(1999, 2000), "99.9%");
        assert_eq!(percent(2000, 2000), "100.0%");
        assert_eq!(percent(0, 96), "0.0%");
        assert_eq!(percent(0, 0), "100.0%");
        assert_eq!(percent(1, 3), "33.3%");
    }

    fn site(files: &[(&str, &str)]) -> (tempfile::TempDir, Config) {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let config = Config::load(dir.path(), None).unwrap();
        (dir, config)
    }

    const SITE: &str = "base_url = \"https://example.org\"\n\
        [[languages]]\ncode = \"en\"\n[[languages]]\ncode = \"zh\"\n[[languages]]\ncode = \"zh-Hant\"\n";

    #[test]
    fn missing_and_obsolete_messages_are_found_per_locale_with_their_positions() {
        let (_dir, config) = site(&[
            ("site.toml", SITE),
            (
                "i18n/en/main.ftl",
                "# comment\none = One\n-brand = Map\ntwo = { $n ->\n    [one] x\n   *[other] y\n}\nthree = Three\n",
            ),
            ("i18n/en/more.ftl", "four = Four\n"),
            ("i18n/zh/main.ftl", "one = 一\ntwo = 二\nold = 旧\n"),
            ("i18n/zh-Hant/main.ftl", "one = 壹\n"),
        ]);
        let localizer = Localizer::load(&config).unwrap();
        assert_eq!(
            localizer.own_messages(0).get("three").map(|d| d.line),
            Some(8)
        );
        let model = SiteModel::link(&config, Default::default()).unwrap();
        let coverage = Coverage::of(&config, &localizer, &model);
        assert_eq!(coverage.messages, 5);
        let zh = &coverage.locales[0];
        assert_eq!(zh.translated, 2);
        let ids: Vec<&str> = zh.missing.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["-brand", "four", "three"]);
        assert_eq!(zh.missing[0].kind(), "term");
        assert!(zh.missing[1].defined_in.path.ends_with("i18n/en/more.ftl"));
        assert_eq!(zh.missing[1].defined_in.line, 1);
        assert_eq!(zh.obsolete.len(), 1);
        assert_eq!(zh.obsolete[0].0, "old");
        assert_eq!(zh.obsolete[0].1.line, 3);
        let hant = &coverage.locales[1];
        assert_eq!(hant.code, "zh-Hant");
        let two = hant.missing.iter().find(|m| m.id == "two").unwrap();
        assert_eq!(two.falls_back_to.as_deref(), Some("zh"));
        let three = hant.missing.iter().find(|m| m.id == "three").unwrap();
        assert_eq!(three.falls_back_to, None);
        assert!(!coverage.is_complete());
        let report = coverage.report();
        assert!(
            report.starts_with("zh: 2 of 5 messages (40.0%), 3 missing, 1 obsolete; 0 of 0 papers and 0 of 0 pages untranslated\n"),
            "{report}"
        );
        assert!(report.contains("  missing: two ("), "{report}");
        assert!(
            report.contains("main.ftl:4; falls back to zh)\n"),
            "{report}"
        );
        // zh lacks three; zh-Hant lacks all but `one`.
        assert_eq!(coverage.missing_errors().len(), 7);
    }

    #[test]
    fn a_term_s_parameters_are_not_the_message_s_variables() {
        let (_dir, config) = site(&[
            ("site.toml", SITE),
            (
                "i18n/en/main.ftl",
                "-brand = { $case ->\n    [genitive] Map's\n   *[other] Map\n}\nx = { -brand(case: \"genitive\") } { $n }\ny = { x }\n",
            ),
            ("i18n/zh/main.ftl", "-brand = 地图\nx = { -brand } { $n }\ny = { $m }\n"),
        ]);
        let localizer = Localizer::load(&config).unwrap();
        let model = SiteModel::link(&config, Default::default()).unwrap();
        let coverage = Coverage::of(&config, &localizer, &model);
        let zh: Vec<(&str, &str, bool)> = coverage.locales[0]
            .variables
            .iter()
            .map(|d| {
                let dropped = matches!(d.kind, Difference::Dropped { .. });
                (d.id.as_str(), d.variable.as_str(), dropped)
            })
            .collect();
        // `y` shows `$n` through `x` in English; `-brand`'s `$case` is no message's variable.
        assert_eq!(zh, [("y", "n", true), ("y", "m", false)]);
    }
}
