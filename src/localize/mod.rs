//! Every sentence a reader sees: Fluent messages from `i18n/<locale>/*.ftl`, resolved in a
//! page's locale through a fallback chain (the locale, its parent language, the default
//! language), with CLDR plural rules, bidi isolation marks only where text runs the other way
//! than its page (a right-to-left language's values; a sentence of a fallback language written
//! the other way, and its values), and numbers formatted by ICU4X
//! for the sentence's locale instead of fluent-rs's locale-blind default. A key names a message's
//! value (`search`) or one of its attributes (`search.placeholder`), each looked up along the
//! chain on its own. It also lists each locale's own message ids and attributes, for
//! [`crate::coverage`].

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::resolver::errors::{ReferenceKind, ResolverError};
use fluent_bundle::{FluentArgs, FluentError, FluentResource, FluentValue};
use fluent_syntax::ast::Pattern;
use fluent_syntax::parser::ErrorKind as ParserErrorKind;
use unic_langid::LanguageIdentifier;

use crate::bidi::{self, has_right_to_left_letter, isolate};
use crate::config::Config;
use crate::diagnostics::{Diagnostic, SourceText};
use crate::format::LocaleFormats;

mod characters;
mod languages;
mod nesting;
mod numbers;
mod references;
mod subfields;
mod walk;

pub use languages::unnamed_languages;
pub use references::not_given;
use references::References;
pub use subfields::{subfield_message, SubfieldName, SubfieldNames, SUBFIELD_PREFIX};

pub const I18N_DIR: &str = "i18n";

/// What a message that names a language starts with: `language-` and its code (`language-es`),
/// for notices such as "This abstract is available in Spanish only".
pub const LANGUAGE_PREFIX: &str = "language-";

/// The message that separates the items of a list inside a sentence (`, ` in English).
pub const LIST_SEPARATOR: &str = "list-separator";

/// Where a locale's own files define a message or a term: the file, as shown to users, and the
/// one-based line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Definition {
    pub path: PathBuf,
    pub line: usize,
}

impl std::fmt::Display for Definition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.path.display(), self.line)
    }
}

/// Where something is written in a locale's files: the file, as shown to users, and the
/// one-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub path: PathBuf,
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.path.display(), self.line, self.column)
    }
}

/// The text of a message and the locale whose files gave it, which is not the page's when the
/// message fell back.
#[derive(Debug)]
pub struct Sentence {
    pub text: String,
    pub from: usize,
}

struct LocaleBundle {
    code: String,
    langid: LanguageIdentifier,
    /// Which way it runs: `ltr` or `rtl`.
    direction: &'static str,
    bundle: FluentBundle<FluentResource>,
    /// The ids of the messages and terms (`-name`) of this locale's own files, with where each is
    /// first defined; no fallback.
    own: BTreeMap<String, Definition>,
    /// The attributes of the messages of its own files, as `message.attribute`, with where each
    /// is first defined. Terms' attributes are not here: they are the language's own grammar.
    own_attributes: BTreeMap<String, Definition>,
    /// Indices of the bundles to try, this one first.
    fallback: Vec<usize>,
    formats: LocaleFormats,
    /// What its files refer to, to place a variable that a formatting error names and to list
    /// each message's variables.
    references: References,
    /// Its `list-separator`, made the first time a list asks for it: a site that gives no list
    /// needs no such message.
    list_separator: OnceLock<Result<String, String>>,
}

/// The messages and formatters of every language of the site.
pub struct Localizer {
    locales: Vec<LocaleBundle>,
}

impl std::fmt::Debug for Localizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.locales.iter().map(|l| &l.code))
            .finish()
    }
}

impl Localizer {
    /// Reads `i18n/<code>/*.ftl` for each language of the site.
    pub fn load(config: &Config) -> Result<Arc<Localizer>, Vec<Diagnostic>> {
        let mut errors = Vec::new();
        let mut locales = Vec::new();
        for language in &config.languages {
            let mut bundle = FluentBundle::new_concurrent(vec![language.formats.clone()]);
            // Fluent's isolates keep a value that runs the other way (an English title in an
            // Arabic sentence) from reordering the sentence around it; a left-to-right page's
            // values are numbers and left-to-right names, which need none, and its bytes stay
            // free of them.
            bundle.set_use_isolating(language.direction == "rtl");
            numbers::prepare(&mut bundle);
            let dir = Path::new(I18N_DIR).join(&language.code);
            // Where each message is defined first, to name it when another file defines it again.
            let mut own: BTreeMap<String, Definition> = BTreeMap::new();
            let mut own_attributes: BTreeMap<String, Definition> = BTreeMap::new();
            let mut references = References::default();
            for relative in ftl_files(&config.path(&dir), &dir) {
                match load_resource(config, &relative) {
                    Ok((source, resource)) => {
                        errors.extend(numbers::check_calls(&source, &resource));
                        references.add(&source, &resource);
                        let ids = entry_ids(&resource);
                        errors.extend(characters::unshowable(&source, &resource, &ids));
                        let attributes = attribute_ids(&resource);
                        if let Err(collisions) = bundle.add_resource(resource) {
                            errors.extend(collisions_at(&source, &collisions, &ids, &own));
                        }
                        let definition = |offset| Definition {
                            path: source.path.clone(),
                            line: source.line_col(offset).0,
                        };
                        for (id, offset) in ids {
                            own.entry(id).or_insert_with(|| definition(offset));
                        }
                        for (id, offset) in attributes {
                            own_attributes
                                .entry(id)
                                .or_insert_with(|| definition(offset));
                        }
                    }
                    Err(e) => errors.extend(e),
                }
            }
            let default_language = locales.first().map(|l: &LocaleBundle| &l.own);
            errors.extend(references.check(&own, default_language));
            locales.push(LocaleBundle {
                code: language.code.clone(),
                langid: language.langid.clone(),
                direction: language.direction,
                bundle,
                own,
                own_attributes,
                fallback: Vec::new(),
                formats: LocaleFormats::new(&language.formats),
                references,
                list_separator: OnceLock::new(),
            });
        }
        // Without them every `t()` of every page fails: one error says why, instead of one a
        // message a template and a language.
        if let (Some(default), Some(bundle)) = (config.languages.first(), locales.first()) {
            let dir = Path::new(I18N_DIR).join(&default.code);
            // An error in its files (which drops the file) already says what is wrong there.
            let shown = config.display_path(&dir);
            if bundle.own.is_empty() && !errors.iter().any(|e| e.path.starts_with(&shown)) {
                errors.push(
                    Diagnostic::new(
                        format!("{}/", dir.display()),
                        format!(
                            "the default language `{}` has no messages: every sentence of the site comes from its .ftl files",
                            default.code
                        ),
                    )
                    .with_help(format!(
                        "copy the .ftl files of the i18n/{}/ folder of papermap's example site into it",
                        default.code
                    )),
                );
            }
        }
        for (i, language) in config.languages.iter().enumerate() {
            // The locale, its parent language (zh-Hant → zh), then the default language.
            let parent = language.langid.language.as_str();
            let parent = config.languages.iter().position(|l| l.code == parent);
            let mut chain = vec![i];
            for next in parent.into_iter().chain([0]) {
                if !chain.contains(&next) {
                    chain.push(next);
                }
            }
            locales[i].fallback = chain;
        }
        if errors.is_empty() {
            Ok(Arc::new(Localizer { locales }))
        } else {
            Err(errors)
        }
    }

    pub fn index_of(&self, code: &str) -> Option<usize> {
        self.locales.iter().position(|l| l.code == code)
    }

    pub fn formats(&self, locale: usize) -> &LocaleFormats {
        &self.locales[locale].formats
    }

    /// How many locales there are: the site's languages, in `site.toml` order.
    pub fn len(&self) -> usize {
        self.locales.len()
    }

    pub fn is_empty(&self) -> bool {
        self.locales.is_empty()
    }

    /// The `list-separator` message of `locale`, which separates the items of a list (`, ` in
    /// English), made once a locale.
    pub fn list_separator(&self, locale: usize) -> Result<&str, String> {
        self.locales[locale]
            .list_separator
            .get_or_init(|| self.message(locale, LIST_SEPARATOR, None))
            .as_deref()
            .map_err(String::clone)
    }

    /// Which way `locale` runs: `ltr` or `rtl`.
    pub fn direction(&self, locale: usize) -> &'static str {
        self.locales[locale].direction
    }

    /// The code of a locale (`fr`, `zh-Hant`).
    pub fn code(&self, locale: usize) -> &str {
        &self.locales[locale].code
    }

    /// The messages and terms (`-name`) that a locale's own files define, by id, with where each
    /// is first defined. Messages that it takes from the languages it falls back to are not here.
    pub fn own_messages(&self, locale: usize) -> &BTreeMap<String, Definition> {
        &self.locales[locale].own
    }

    /// Whether the message `id` of a locale's own files lacks the value that the default
    /// language's has: written with attributes only, its sentence is the default language's.
    pub fn lacks_value(&self, locale: usize, id: &str) -> bool {
        let has_value = |l: &LocaleBundle| {
            l.bundle
                .get_message(id)
                .map(|message| message.value().is_some())
        };
        has_value(&self.locales[locale]) == Some(false) && has_value(&self.locales[0]) == Some(true)
    }

    /// The attributes of the messages of a locale's own files (`search.placeholder`), with where
    /// each is first defined.
    pub fn own_attributes(&self, locale: usize) -> &BTreeMap<String, Definition> {
        &self.locales[locale].own_attributes
    }

    /// The variables that each message of a locale's own files uses, itself or through the
    /// messages it shows, with where each is first used, by key (an attribute's is
    /// `id.attribute`); a message that uses none is there with none. Made when asked: by
    /// `papermap check`, and by the check of the templates' calls when they load.
    pub fn variables(&self, locale: usize) -> BTreeMap<String, BTreeMap<String, Place>> {
        self.locales[locale].references.message_variables()
    }

    /// An error at `place` in one of `locale`'s files (a place [`Localizer::variables`] gave),
    /// underlining `len` bytes.
    pub fn error_at(
        &self,
        locale: usize,
        place: &Place,
        len: usize,
        message: String,
    ) -> Diagnostic {
        self.locales[locale]
            .references
            .error_at_place(place, len, message)
    }

    /// The locales that a locale's messages are looked up in, in order: itself, its parent
    /// language when the site has it (zh-Hant → zh), then the default language.
    pub fn fallback(&self, locale: usize) -> &[usize] {
        &self.locales[locale].fallback
    }

    /// The message `key` in a locale, falling back along its chain: the value of a message
    /// (`search`) or one of its attributes (`search.placeholder`), from the first language of
    /// the chain that has it. A language's name (`language-es`) that the locale's own files do
    /// not give is CLDR's in the locale, before any other language's message.
    pub fn message(
        &self,
        locale: usize,
        key: &str,
        args: Option<&FluentArgs>,
    ) -> Result<String, String> {
        self.sentence(locale, key, args, &[]).map(|s| s.text)
    }

    /// [`Localizer::message`] with lists among its arguments, and the locale whose files gave
    /// it: each `(name, items)` is one text of the message, its items joined by the
    /// `list-separator` message of the message's own language (which may be a fallback of the
    /// page's), each item that runs against that language isolated on its own
    /// ([`bidi::join_isolated`]).
    pub fn sentence(
        &self,
        locale: usize,
        key: &str,
        args: Option<&FluentArgs>,
        lists: &[(&str, Vec<Cow<str>>)],
    ) -> Result<Sentence, String> {
        let (id, attribute) = split_key(key);
        let (i, pattern) = match self.text_of(locale, id, attribute)? {
            TextOf::LanguageName(text) => return Ok(Sentence { text, from: locale }),
            TextOf::Pattern(i, pattern) => (i, pattern),
        };
        let listed;
        let args = if lists.is_empty() {
            args
        } else {
            listed = self.with_lists(i, args, lists)?;
            Some(&listed)
        };
        let text = self.format(i, locale, key, pattern, args)?;
        Ok(Sentence { text, from: i })
    }

    /// Why the message `key` (or its attribute, `search.placeholder`) has no text in `locale`
    /// when it has none: the error [`Localizer::sentence`] would give, whatever the arguments.
    pub fn missing_text(&self, locale: usize, key: &str) -> Option<String> {
        let (id, attribute) = split_key(key);
        self.text_of(locale, id, attribute).err()
    }

    /// The locale whose files give the text of the message `key` in `locale` (itself or one it
    /// falls back to); `None` when CLDR names the language, or nothing gives it.
    pub fn text_from(&self, locale: usize, key: &str) -> Option<usize> {
        let (id, attribute) = split_key(key);
        match self.text_of(locale, id, attribute) {
            Ok(TextOf::Pattern(i, _)) => Some(i),
            _ => None,
        }
    }

    /// Where the text of `id` (or its `attribute`) comes from in `locale`: the first language
    /// of its chain that has it, or CLDR's name of a language.
    fn text_of(
        &self,
        locale: usize,
        id: &str,
        attribute: Option<&str>,
    ) -> Result<TextOf<'_>, String> {
        let pattern_in = |i: usize| {
            let message = self.locales[i].bundle.get_message(id)?;
            let pattern = match attribute {
                Some(name) => message.get_attribute(name).map(|a| a.value()),
                None => message.value(),
            }?;
            Some((i, pattern))
        };
        // The chain starts with the locale itself.
        let (own, others) = self.locales[locale].fallback.split_at(1);
        if let Some((i, pattern)) = own.iter().find_map(|&i| pattern_in(i)) {
            return Ok(TextOf::Pattern(i, pattern));
        }
        if let Some(text) = self.cldr_language_name(locale, id, attribute) {
            return Ok(TextOf::LanguageName(text));
        }
        others
            .iter()
            .find_map(|&i| pattern_in(i))
            .map(|(i, pattern)| TextOf::Pattern(i, pattern))
            .ok_or_else(|| self.not_found(locale, id, attribute))
    }

    /// The code of locale `from` when a sentence of its files, shown where `locale` is
    /// spoken, is in another language or script than `locale`'s (English on a French page,
    /// Simplified Chinese on a `zh-Hant` page; not French on a `fr-CA` page).
    pub fn language_apart(&self, from: usize, locale: usize) -> Option<&str> {
        if from == locale {
            return None;
        }
        let (a, b) = (&self.locales[from].langid, &self.locales[locale].langid);
        (a.language != b.language || a.script != b.script).then_some(&self.locales[from].code)
    }

    /// Whether some message of some locale comes from another language: a message, or an
    /// attribute, that a language of its chain has and its own files do not. When none does,
    /// no sentence of any page is in another language than its page's.
    pub fn falls_back_anywhere(&self) -> bool {
        self.locales.iter().enumerate().any(|(i, locale)| {
            locale.fallback[1..].iter().any(|&other| {
                let other = &self.locales[other];
                let message_missing = other.own.keys().any(|id| {
                    !id.starts_with('-')
                        && (!locale.own.contains_key(id) || self.lacks_value(i, id))
                });
                message_missing
                    || other
                        .own_attributes
                        .keys()
                        .any(|id| !locale.own_attributes.contains_key(id))
            })
        })
    }

    /// `args` and `lists`, each list joined for a message of locale `i`.
    fn with_lists(
        &self,
        i: usize,
        args: Option<&FluentArgs>,
        lists: &[(&str, Vec<Cow<str>>)],
    ) -> Result<FluentArgs<'static>, String> {
        let separator = self.list_separator(i)?;
        let mut all: FluentArgs<'static> = args
            .into_iter()
            .flat_map(|args| args.iter())
            .map(|(name, value)| (name.to_string(), value.clone().into_owned()))
            .collect();
        for (name, items) in lists {
            let joined = bidi::join_isolated(items, separator, self.locales[i].direction);
            all.set(name.to_string(), FluentValue::from(joined));
        }
        Ok(all)
    }

    /// CLDR's name in `locale` of the language that the message `id` names, when `id` is a
    /// language's name (`language-es`, not an attribute) and CLDR has one.
    pub fn cldr_language_name(
        &self,
        locale: usize,
        id: &str,
        attribute: Option<&str>,
    ) -> Option<String> {
        let code = id.strip_prefix(LANGUAGE_PREFIX)?;
        if attribute.is_some() {
            return None;
        }
        self.formats(locale).language_name(code)
    }

    /// The text of `pattern`, of the message or attribute `key` of locale `i`'s bundle, for a
    /// page of `locale`.
    fn format(
        &self,
        i: usize,
        locale: usize,
        key: &str,
        pattern: &Pattern<&str>,
        args: Option<&FluentArgs>,
    ) -> Result<String, String> {
        let bundle = &self.locales[i].bundle;
        let across = self.locales[i].direction != self.locales[locale].direction;
        let isolated;
        let args = match args {
            Some(args) if across => {
                isolated = isolate_text_values(args, |_| true);
                Some(&isolated)
            }
            // A left-to-right bundle does not isolate its values (that would put invisible
            // marks in every sentence), so a value in Persian or Hebrew, such as an author's
            // name, is isolated here, or it would pull the sentence's punctuation and digits
            // after it into its own run.
            Some(args) if self.locales[i].direction == "ltr" && args_run_right_to_left(args) => {
                isolated = isolate_text_values(args, has_right_to_left_letter);
                Some(&isolated)
            }
            _ => args,
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if let Some(error) = errors.first() {
            let why = match error {
                FluentError::ResolverError(ResolverError::Reference(ReferenceKind::Variable {
                    id,
                })) => references::missing_variable(&self.locales[i].references, pattern, id, args),
                other => other.to_string(),
            };
            return Err(format!(
                "the message `{key}` of i18n/{}/ cannot be formatted: {why}",
                self.locales[i].code
            ));
        }
        if across {
            // A sentence of the fallback language that runs the other way (English on an
            // Arabic page) is isolated whole, so that its punctuation stays at its end; it
            // may stand in an attribute, where no element could carry a `dir`.
            return Ok(isolate(&text));
        }
        Ok(text.into_owned())
    }

    /// Why the chain of `locale` has no text for `id` (or its `attribute`), with what the
    /// message has instead when a language of the chain defines it.
    fn not_found(&self, locale: usize, id: &str, attribute: Option<&str>) -> String {
        // A message no language has is missing in the same words on every page of every
        // language, so that one mistake is one error.
        let searched = if self
            .locales
            .iter()
            .all(|l| l.bundle.get_message(id).is_none())
        {
            "in the files of any language of the site".to_string()
        } else {
            format!(
                "in i18n/{}/ nor in the languages it falls back to",
                self.locales[locale].code
            )
        };
        let messages: Vec<_> = self.locales[locale]
            .fallback
            .iter()
            .filter_map(|&i| self.locales[i].bundle.get_message(id))
            .collect();
        if messages.is_empty() {
            if let Some(code) = id.strip_prefix(LANGUAGE_PREFIX) {
                return format!(
                    "no message `{id}` {searched}, and CLDR has no name for the language `{code}`: {}",
                    language_message_fix(self, id)
                );
            }
            return format!("no message `{id}` {searched}");
        }
        let mut attributes: Vec<&str> = messages
            .iter()
            .flat_map(|m| m.attributes().map(|a| a.id()))
            .collect();
        attributes.sort_unstable();
        attributes.dedup();
        match (attribute, attributes.first()) {
            (None, Some(first)) => format!(
                "the message `{id}` has no value {searched}: it has only attributes: write t(key=\"{id}.{first}\")"
            ),
            (Some(name), None) => format!(
                "the message `{id}` has no attribute `{name}` {searched}: it has no attributes: write t(key=\"{id}\")"
            ),
            (Some(name), Some(_)) => format!(
                "the message `{id}` has no attribute `{name}` {searched}: its attributes are .{}",
                attributes.join(", .")
            ),
            // A message has a value or an attribute; Fluent parses no other.
            (None, None) => format!("the message `{id}` has no value {searched}"),
        }
    }
}

/// `message`, `term` or `attribute`: what this id names (a term's starts with `-`, a message's
/// attribute is `message.attribute`).
/// How to name a language no page can name: its message `id` (`language-qaa`) in the default
/// language's files, which the other languages fall back to.
fn language_message_fix(localizer: &Localizer, id: &str) -> String {
    format!(
        "add `{id} = ` and the language's name to i18n/{}/, which the languages that do not name it show",
        localizer.locales[0].code
    )
}

pub fn kind_of(id: &str) -> &'static str {
    if id.starts_with('-') {
        "term"
    } else if id.contains('.') {
        "attribute"
    } else {
        "message"
    }
}

/// A warning for each folder of `i18n/` named for no language of the site: its messages are
/// never read, and a translator who made it would see no page in it, without a word.
pub fn unlisted_languages(config: &Config) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(config.path(I18N_DIR)) else {
        return Vec::new();
    };
    let mut codes: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|code| !code.starts_with('.') && !config.languages.iter().any(|l| l.code == *code))
        .collect();
    codes.sort();
    codes
        .into_iter()
        .map(|code| {
            format!(
                "{}/: `{code}` is not a language of the site, so its messages are not used; add `[[languages]] code = \"{code}\"` to site.toml to build its pages",
                config.display_path(Path::new(I18N_DIR).join(&code)).display()
            )
        })
        .collect()
}

/// Every `.ftl` file of a folder, sorted, as paths relative to the site root.
fn ftl_files(dir: &Path, relative: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .filter(|name| Path::new(name).extension().is_some_and(|e| e == "ftl"))
        .map(|name| relative.join(name))
        .collect();
    files.sort();
    files
}

fn load_resource(
    config: &Config,
    relative: &Path,
) -> Result<(SourceText, FluentResource), Vec<Diagnostic>> {
    let source = crate::parse::read_source(config, relative).map_err(|d| vec![d])?;
    if let Some(at) = nesting::too_deep(&source.text) {
        let message = format!(
            "placeables nest more than {} deep here, deeper than papermap reads",
            nesting::MAX_PLACEABLE_DEPTH
        );
        let help = "a placeable holds another only for a select or a function's argument; \
                    close the `{ … }` this one is in";
        return Err(vec![Diagnostic::at(&source, at, 1, message).with_help(help)]);
    }
    match FluentResource::try_new(source.text.to_string()) {
        Ok(resource) => Ok((source, resource)),
        Err((_, parse_errors)) => Err(parse_errors
            .iter()
            .map(|e| {
                // Fluent finds a missing `}` where the next line starts; the token was missing at
                // the end of the line before. Any other error at a line's start (`= text` where
                // a message's id should be) is that line's.
                let before = &source.text[..e.pos.start.min(source.text.len())];
                let missing_token = matches!(e.kind, ParserErrorKind::ExpectedToken(_));
                let start = if missing_token && before.ends_with('\n') {
                    before.trim_end().len()
                } else {
                    e.pos.start
                };
                Diagnostic::at(&source, start, e.pos.len().max(1), format!("this Fluent file does not parse: {}", e.kind))
                    .with_help("a message is `id = text`; continuation lines are indented; see https://projectfluent.org/fluent/guide/")
            })
            .collect()),
    }
}

/// The attributes of the messages of a resource, as `message.attribute`, each with the byte
/// offset of its name in the resource's text.
fn attribute_ids(resource: &FluentResource) -> Vec<(String, usize)> {
    let text = resource.source();
    walk::entries(resource)
        .filter(|entry| !entry.is_term)
        .flat_map(|entry| {
            let message = entry.name;
            entry
                .attributes
                .into_iter()
                .map(move |(name, _)| (format!("{message}.{name}"), walk::offset_in(text, name)))
        })
        .collect()
}

/// The ids of the messages and terms (`-name`) of a resource, each with the byte offset of its
/// definition in the resource's text.
fn entry_ids(resource: &FluentResource) -> Vec<(String, usize)> {
    let text = resource.source();
    walk::entries(resource)
        .map(|entry| (entry.id(), walk::offset_in(text, entry.name)))
        .collect()
}

/// An error at each definition of a message or term that Fluent refused (`collisions`) because
/// it is defined already: the file's second definition when the first is in the same file, each
/// of the file's when it is in an earlier file (`defined_in`). `ids` are the file's entries, in
/// order, with their offsets.
fn collisions_at(
    source: &SourceText,
    collisions: &[FluentError],
    ids: &[(String, usize)],
    defined_in: &BTreeMap<String, Definition>,
) -> Vec<Diagnostic> {
    // Fluent refuses the definitions of an id after the first, in the file's order: the n-th
    // refusal of an id is its n-th definition after the one kept.
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    collisions
        .iter()
        .map(|error| {
            let FluentError::Overriding { kind, id } = error else {
                return Diagnostic::new(&source.path, error.to_string());
            };
            // `EntryKind` is not exported; it displays as the word its kind is.
            let id = match kind.to_string().as_str() {
                "term" => format!("-{id}"),
                _ => id.clone(),
            };
            let defined_here: Vec<usize> = ids
                .iter()
                .filter(|(entry, _)| *entry == id)
                .map(|&(_, offset)| offset)
                .collect();
            let earlier = defined_in.get(&id);
            let nth = refused.entry(id.clone()).or_default();
            let kept_here = usize::from(earlier.is_none());
            let at = defined_here.get(kept_here + *nth).copied();
            *nth += 1;
            let first = match (earlier, defined_here.first()) {
                (Some(first), _) => format!(" (first in {first})"),
                (None, Some(&offset)) => format!(" (first at line {})", source.line_col(offset).0),
                (None, None) => String::new(),
            };
            let name = id.trim_start_matches('-');
            Diagnostic::at(
                source,
                at.unwrap_or(0),
                name.len().max(1),
                format!("the {kind} `{id}` is defined twice in this language{first}"),
            )
            .with_help("keep one definition per message in each language")
        })
        .collect()
}

/// Whether a text value of `args` has a letter written right to left.
fn args_run_right_to_left(args: &FluentArgs) -> bool {
    args.iter().any(|(_, value)| match value {
        FluentValue::String(text) => has_right_to_left_letter(text),
        _ => false,
    })
}

/// `args` with each text value that `needs_isolating` between directional isolates: a value
/// made for the page's language (an Arabic date, with its right-to-left marks) inside a
/// sentence of a fallback language that runs the other way, or a right-to-left name inside a
/// left-to-right sentence, either of which formats without isolates of its own.
fn isolate_text_values(
    args: &FluentArgs,
    needs_isolating: fn(&str) -> bool,
) -> FluentArgs<'static> {
    args.iter()
        .map(|(name, value)| {
            let value = match value {
                FluentValue::String(text) if needs_isolating(text) => {
                    FluentValue::String(isolate(text).into())
                }
                other => other.clone().into_owned(),
            };
            (name.to_string(), value)
        })
        .collect()
}

/// A message's key split into its id and the attribute it names, if any
/// (`search.placeholder`: `search`, `placeholder`).
fn split_key(key: &str) -> (&str, Option<&str>) {
    match key.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (key, None),
    }
}

/// Where a message's text comes from in a locale ([`Localizer::text_of`]).
enum TextOf<'a> {
    /// The pattern of locale `.0`'s files.
    Pattern(usize, &'a Pattern<&'a str>),
    /// CLDR's name of a language, in the locale, which no file of the locale gives.
    LanguageName(String),
}
