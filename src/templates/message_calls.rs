//! What the templates' calls of `t()` ask of the messages, checked once both are loaded: each
//! call names its message (`key`); a message asked for by a literal key
//! (`t(key="site-title")`) has a text in every language the call may be asked in; and the
//! call gives every variable that text uses. Each mistake would otherwise fail only when a
//! page's render reached the call, in whatever branch and language it stands.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;

use tera::ast::{Expr, ExprVal};

use super::locale::missing_key_said;
use super::names::{at_name, find_in, quoted_list, Given, Kind, TemplateUses, Use};
use crate::diagnostics::{suggest, Diagnostic, SourceText};
use crate::localize::{not_given, Localizer, Place};

/// The arguments of `t()` that choose the message rather than give it a variable.
const CHOOSING: [&str; 2] = ["key", "in_locale"];

/// An error for each call of `function` (papermap's `t()`) without a `key`, for each message
/// such a call asks for by a literal key and some language it may be asked in cannot give,
/// and for each variable such a message uses that the call does not give. The languages are
/// that of `in_locale` when it is a literal too, else each of the site's.
pub(super) fn mistakes(
    templates: &TemplateUses,
    function: &str,
    localizer: &Localizer,
) -> Vec<Diagnostic> {
    let mut check = Check {
        localizer,
        variables: (0..localizer.len()).map(|_| OnceCell::new()).collect(),
        translations_reported: BTreeSet::new(),
        errors: Vec::new(),
    };
    for (_, source, uses) in templates {
        for used in uses {
            if let Use::Named {
                kind: Kind::Function,
                name,
                args: Given::Named(args),
                within,
            } = used
            {
                if *name == function {
                    let call = Call {
                        source,
                        within: within.as_ref(),
                        args,
                    };
                    check.call(function, &call);
                }
            }
        }
    }
    check.errors
}

/// One call of `t()` as a template writes it.
struct Call<'a> {
    source: &'a SourceText,
    within: Option<&'a Range<usize>>,
    args: &'a HashMap<String, Expr>,
}

impl Call<'_> {
    /// An error underlining `name` where the call writes it.
    fn at(&self, name: &str, message: String) -> Diagnostic {
        at_name(self.source, self.within.cloned(), name, message)
    }

    /// The names of the variables the call gives its message.
    fn given(&self) -> BTreeSet<&str> {
        self.args
            .keys()
            .map(String::as_str)
            .filter(|name| !CHOOSING.contains(name))
            .collect()
    }
}

/// The check of the calls, with what they share: each language's variables, made when a call
/// first asks for its messages, and the translations' mistakes already told.
struct Check<'l> {
    localizer: &'l Localizer,
    variables: Vec<OnceCell<BTreeMap<String, BTreeMap<String, Place>>>>,
    /// A translation's variable is one mistake however many calls ask for its message.
    translations_reported: BTreeSet<(usize, String, String)>,
    errors: Vec<Diagnostic>,
}

impl Check<'_> {
    fn variables_of(&self, locale: usize) -> &BTreeMap<String, BTreeMap<String, Place>> {
        self.variables[locale].get_or_init(|| self.localizer.variables(locale))
    }

    /// The mistakes of one call of `function`.
    fn call(&mut self, function: &str, call: &Call) {
        if !call.args.contains_key("key") {
            self.errors.push(missing_key(function, call));
            return;
        }
        let Some(key) = literal(call.args, "key") else {
            return;
        };
        let locales = match literal(call.args, "in_locale") {
            Some(code) => match self.localizer.index_of(&code) {
                Some(locale) => vec![locale],
                None => {
                    let error = unknown_locale(self.localizer, call.source, call.within, &code);
                    self.errors.push(error);
                    return;
                }
            },
            None => (0..self.localizer.len()).collect(),
        };
        // One mistake, one error: that of the first language that cannot give the message
        // (the default language comes first, and every other falls back to it).
        if let Some(missing) = locales
            .iter()
            .find_map(|&locale| self.localizer.missing_text(locale, &key))
        {
            let mut error = call.at(&key, missing);
            if let Some(meant) = meant_message(self.localizer, &key) {
                error = error.with_help(format!("did you mean `{meant}`?"));
            }
            self.errors.push(error);
            return;
        }
        self.variables_given(call, &key, &locales);
    }

    /// An error for each variable the message `key` uses in one of `locales` and `call` does
    /// not give: one a variable, in the first language whose text uses it.
    fn variables_given(&mut self, call: &Call, key: &str, locales: &[usize]) {
        let given = call.given();
        let mut reported = BTreeSet::new();
        for &locale in locales {
            let Some(from) = self.localizer.text_from(locale, key) else {
                continue;
            };
            let used = self.variables_of(from).get(key).into_iter().flatten();
            let missing: Vec<(String, Place)> = used
                .filter(|(variable, _)| !given.contains(variable.as_str()))
                .filter(|(variable, _)| reported.insert(variable.to_string()))
                .map(|(variable, place)| (variable.clone(), place.clone()))
                .collect();
            for (variable, place) in missing {
                let default_uses = self
                    .localizer
                    .text_from(0, key)
                    .and_then(|default| self.variables_of(default).get(key))
                    .is_some_and(|used| used.contains_key(&variable));
                if default_uses {
                    let message = format!(
                        "the message `{key}` of i18n/{}/ uses {}",
                        self.localizer.code(from),
                        not_given(&variable, Some(&place), given.iter().copied())
                    );
                    self.errors
                        .push(match suggest(&variable, given.iter().copied()) {
                            Some(written) => call
                                .at(written, message)
                                .with_help(format!("did you mean `{variable}`?")),
                            None => call
                                .at(key, message)
                                .with_help(format!("give it: `{variable}=…`")),
                        });
                } else if self.translations_reported.insert((
                    from,
                    key.to_string(),
                    variable.clone(),
                )) {
                    // Only a translation uses it: the translation is what to mend.
                    let called_at = call.at(key, String::new()).location();
                    self.errors.push(translation_only(
                        self.localizer,
                        from,
                        key,
                        (&variable, &place),
                        &called_at,
                        &given,
                    ));
                }
            }
        }
    }
}

/// The error of a call without `key`: at the argument meant for it, where one is misspelt
/// (`kee=`), else at the call.
fn missing_key(function: &str, call: &Call) -> Diagnostic {
    let given = call.given();
    let message = missing_key_said(given.iter().copied());
    match suggest("key", given.iter().copied()) {
        Some(written) => call
            .at(written, message)
            .with_help("did you mean `key`?".to_string()),
        None => call
            .at(function, message)
            .with_help("give it: `key=\"…\"`".to_string()),
    }
}

/// The error of a variable that a translation's message uses and the default language's does
/// not, at its place in the translation: the call (at `call`) follows the default language, so
/// the translation is what to mend.
fn translation_only(
    localizer: &Localizer,
    from: usize,
    key: &str,
    (variable, place): (&str, &Place),
    call: &str,
    given: &BTreeSet<&str>,
) -> Diagnostic {
    let listed: Vec<String> = given.iter().map(|name| format!("`${name}`")).collect();
    let gives = if listed.is_empty() {
        "none".to_string()
    } else {
        listed.join(", ")
    };
    let message = format!(
        "the message `{key}` uses the variable `${variable}`, which its call ({call}) does not \
         give; it gives {gives}"
    );
    let help = match suggest(variable, given.iter().copied()) {
        Some(meant) => format!("did you mean `${meant}`, which the call gives?"),
        None => format!(
            "the message of i18n/{}/ does not use `${variable}`: take it out, or give \
             `{variable}` in the call",
            localizer.code(0)
        ),
    };
    localizer
        .error_at(from, place, variable.len() + 1, message)
        .with_help(help)
}

/// The error of an `in_locale` written as a literal that is no language of the site, at the
/// literal: the call would fail on every page that reached it.
fn unknown_locale(
    localizer: &Localizer,
    source: &SourceText,
    within: Option<&Range<usize>>,
    code: &str,
) -> Diagnostic {
    let message = format!("t(): `{code}` is not a language of the site");
    let quoted = within.and_then(|within| {
        ['"', '\'', '`']
            .into_iter()
            .find_map(|quote| find_in(source, within, &format!("{quote}{code}{quote}")))
    });
    let error = match quoted {
        Some(at) => Diagnostic::at(source, at + 1, code.len(), message),
        None => at_name(source, within.cloned(), code, message),
    };
    let codes: Vec<&str> = (0..localizer.len()).map(|i| localizer.code(i)).collect();
    error.with_help(match suggest(code, codes.iter().copied()) {
        Some(meant) => format!("did you mean `{meant}`?"),
        None => format!("the languages of the site are {}", quoted_list(&codes)),
    })
}

/// The text of the argument `name` when it is a string literal as written.
fn literal(args: &HashMap<String, Expr>, name: &str) -> Option<String> {
    match args.get(name) {
        Some(Expr {
            val: ExprVal::String(text),
            negated: false,
            filters,
            ..
        }) if filters.is_empty() => Some(text.clone()),
        _ => None,
    }
}

/// The id meant by a key whose id no message of the default language has; a missing
/// attribute's error already says what the message has.
fn meant_message<'l>(localizer: &'l Localizer, key: &str) -> Option<&'l str> {
    let id = key.split('.').next().unwrap_or_default();
    let defined = localizer.own_messages(0);
    if defined.contains_key(id) {
        return None;
    }
    let ids = defined
        .keys()
        .map(String::as_str)
        .filter(|i| !i.starts_with('-'));
    suggest(id, ids)
}
