//! What the templates' calls of `t()` ask of the messages, checked once both are loaded: a
//! message asked for by a literal key (`t(key="site-title")`) has a text in every language the
//! call may be asked in, and the call gives every variable that text uses. Either mistake
//! would otherwise fail only when a page's render reached the call, in whatever branch and
//! language it stands.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;

use tera::ast::{Expr, ExprVal};

use super::names::{at_name, find_in, quoted_list, Kind, TemplateUses, Use};
use crate::diagnostics::{suggest, Diagnostic, SourceText};
use crate::localize::{not_given, Localizer, Place};

/// The arguments of `t()` that choose the message rather than give it a variable.
const CHOOSING: [&str; 2] = ["key", "in_locale"];

/// An error for each message that a call of `function` (papermap's `t()`) asks for by a
/// literal key and that some language it may be asked in cannot give, and for each variable
/// such a message uses that the call does not give. The languages are that of `in_locale`
/// when it is a literal too, else each of the site's.
pub(super) fn mistakes(
    templates: &TemplateUses,
    function: &str,
    localizer: &Localizer,
) -> Vec<Diagnostic> {
    let all_locales: Vec<usize> = (0..localizer.len()).collect();
    // Each language's variables, made when a call first asks for its messages.
    let variables: Vec<OnceCell<BTreeMap<String, BTreeMap<String, Place>>>> =
        all_locales.iter().map(|_| OnceCell::new()).collect();
    let variables_of =
        |locale: usize| variables[locale].get_or_init(|| localizer.variables(locale));
    let mut errors = Vec::new();
    // A translation's variable is one mistake however many calls ask for its message.
    let mut translations_reported = BTreeSet::new();
    for (_, source, uses) in templates {
        for used in uses {
            let Use::Named {
                kind: Kind::Function,
                name,
                args: Some(args),
                within,
            } = used
            else {
                continue;
            };
            let Some(key) = literal(args, "key").filter(|_| *name == function) else {
                continue;
            };
            let locales = match literal(args, "in_locale") {
                Some(code) => match localizer.index_of(&code) {
                    Some(locale) => vec![locale],
                    None => {
                        errors.push(unknown_locale(localizer, source, within.clone(), &code));
                        continue;
                    }
                },
                None => all_locales.clone(),
            };
            // One mistake, one error: that of the first language that cannot give the message
            // (the default language comes first, and every other falls back to it).
            if let Some(missing) = locales
                .iter()
                .find_map(|&locale| localizer.missing_text(locale, &key))
            {
                let mut error = at_name(source, within.clone(), &key, missing);
                if let Some(meant) = meant_message(localizer, &key) {
                    error = error.with_help(format!("did you mean `{meant}`?"));
                }
                errors.push(error);
                continue;
            }
            let given: BTreeSet<&str> = args
                .keys()
                .map(String::as_str)
                .filter(|name| !CHOOSING.contains(name))
                .collect();
            // A variable the call lacks is one error, in the first language whose text uses it.
            let mut reported = BTreeSet::new();
            for &locale in &locales {
                let Some(from) = localizer.text_from(locale, &key) else {
                    continue;
                };
                let used = variables_of(from).get(&key).into_iter().flatten();
                for (variable, place) in used {
                    if given.contains(variable.as_str()) || !reported.insert(variable) {
                        continue;
                    }
                    let default_uses = localizer
                        .text_from(0, &key)
                        .and_then(|default| variables_of(default).get(&key))
                        .is_some_and(|used| used.contains_key(variable));
                    let call = at_name(source, within.clone(), &key, String::new());
                    if !default_uses {
                        if translations_reported.insert((from, key.clone(), variable)) {
                            // Only a translation uses it: the translation is what to mend.
                            let variable = (variable.as_str(), place);
                            errors.push(translation_only(
                                localizer,
                                from,
                                &key,
                                variable,
                                &call.location(),
                                &given,
                            ));
                        }
                        continue;
                    }
                    let message = format!(
                        "the message `{key}` of i18n/{}/ uses {}",
                        localizer.code(from),
                        not_given(variable, Some(place), given.iter().copied())
                    );
                    errors.push(match suggest(variable, given.iter().copied()) {
                        Some(written) => at_name(source, within.clone(), written, message)
                            .with_help(format!("did you mean `{variable}`?")),
                        None => call
                            .with_message(message)
                            .with_help(format!("give it: `{variable}=…`")),
                    });
                }
            }
        }
    }
    errors
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
    within: Option<Range<usize>>,
    code: &str,
) -> Diagnostic {
    let message = format!("t(): `{code}` is not a language of the site");
    let quoted = within.as_ref().and_then(|within| {
        ['"', '\'', '`']
            .into_iter()
            .find_map(|quote| find_in(source, within, &format!("{quote}{code}{quote}")))
    });
    let error = match quoted {
        Some(at) => Diagnostic::at(source, at + 1, code.len(), message),
        None => at_name(source, within, code, message),
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
