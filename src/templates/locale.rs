//! What each locale's copy of the templates is given to speak its language: `t()` for Fluent
//! messages, the `num` and `date` filters for ICU4X formatting, `list` for a list of names in
//! the language's separator and direction, and `subfield_name` for a subfield's name in the
//! language (its `subfield-<slug>` message, when there is one).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use fluent_bundle::{FluentArgs, FluentValue};
use tera::{Tera, Value};

use super::arguments::{Reads, Takes, NOTHING};
use super::language_spans;
use crate::bidi;
use crate::format::{NumberOptions, MAX_FRACTION_DIGITS};
use crate::localize::{Localizer, SubfieldNames};
use crate::records::Date;

/// The filters [`register`] adds, with the arguments each reads, for the check of the names
/// templates use, which runs before any locale's copy is made.
pub(super) const FILTERS: &[(&str, Takes)] = &[
    (
        "subfield_name",
        Takes {
            needs: &[],
            may: &[("form", Reads::Checked(|form| subfield_form(form).map(drop)))],
        },
    ),
    ("list", NOTHING),
    (
        "num",
        Takes {
            needs: &[],
            may: &[(
                "digits",
                Reads::Checked(|digits| fraction_digits(digits).map(drop)),
            )],
        },
    ),
    ("date", NOTHING),
];

/// The `form` of `subfield_name`, when it is one: the name of an attribute.
fn subfield_form(form: &Value) -> Result<&str, String> {
    form.as_str().ok_or_else(|| {
        format!(
            "`subfield_name`'s `form` is the name of an attribute of the subfield's message, such as \"in-text\", not {form}"
        )
    })
}

/// The `digits` of `num`, when it is a number of them.
fn fraction_digits(digits: &Value) -> Result<usize, String> {
    digits
        .as_u64()
        .map(|d| d as usize)
        .filter(|&d| d <= MAX_FRACTION_DIGITS)
        .ok_or_else(|| {
            format!(
                "`num`'s `digits` is a whole number from 0 to {MAX_FRACTION_DIGITS}, not {digits}"
            )
        })
}

/// The function [`register`] adds for the sentences of the locale's Fluent messages.
pub(super) const MESSAGE_FUNCTION: &str = "t";
/// The functions [`register`] adds.
pub(super) const FUNCTIONS: &[&str] = &[MESSAGE_FUNCTION];

/// Registers the functions and filters of `locale` on `tera`.
pub(super) fn register(
    tera: &mut Tera,
    localizer: &Arc<Localizer>,
    locale: usize,
    subfield_names: SubfieldNames,
) {
    tera.register_filter(
        "subfield_name",
        move |value: &Value, args: &HashMap<String, Value>| {
            let name = value.as_str().ok_or_else(|| {
                tera::Error::msg(format!(
                    "`subfield_name` needs a subfield's name, not {value}"
                ))
            })?;
            let form = args
                .get("form")
                .map(subfield_form)
                .transpose()
                .map_err(tera::Error::msg)?;
            match subfield_names.get(name).map(|n| n.form(form)) {
                Some(Ok(text)) => Ok(Value::String(text.clone())),
                Some(Err(why)) => Err(tera::Error::msg(why.clone())),
                None => Ok(value.clone()),
            }
        },
    );
    tera.register_function(
        MESSAGE_FUNCTION,
        Translate {
            localizer: localizer.clone(),
            locale,
        },
    );
    let lists = localizer.clone();
    tera.register_filter("list", move |value: &Value, _: &HashMap<String, Value>| {
        let items = value.as_array().ok_or_else(|| {
            tera::Error::msg(format!(
                "`list` needs a list, such as page.authors, not {value}"
            ))
        })?;
        let separator = lists.list_separator(locale).map_err(tera::Error::msg)?;
        let items = list_items(&lists, locale, items);
        Ok(Value::String(bidi::join_isolated(
            &items,
            separator,
            lists.direction(locale),
        )))
    });
    // A message depends on its locale and arguments alone: `t(key="site-title")` is made
    // once for the locale instead of at each of the some thirty places a paper page has one.
    tera.fold_constant_calls(MESSAGE_FUNCTION);
    let numbers = localizer.clone();
    tera.register_filter(
        "num",
        move |value: &Value, args: &HashMap<String, Value>| {
            let n = value
                .as_f64()
                .ok_or_else(|| tera::Error::msg(format!("`num` needs a number, not {value}")))?;
            let digits = args
                .get("digits")
                .map(fraction_digits)
                .transpose()
                .map_err(tera::Error::msg)?;
            let formats = numbers.formats(locale);
            Ok(Value::String(match (value.as_i64(), digits) {
                (Some(i), None) => formats.integer(i),
                _ => formats.number(
                    n,
                    NumberOptions {
                        min_fraction: digits,
                        max_fraction: digits,
                        ..Default::default()
                    },
                ),
            }))
        },
    );
    let dates = localizer.clone();
    tera.register_filter("date", move |value: &Value, _: &HashMap<String, Value>| {
        let text = value.as_str().unwrap_or_default();
        let date = Date::parse(text).ok_or_else(|| {
            tera::Error::msg(format!("`date` needs a YYYY-MM-DD date, not {value}"))
        })?;
        Ok(Value::String(dates.formats(locale).date(date)))
    });
}

/// The subfields' names of `locale` with each name in another language (the records' English
/// name on a French page) marked with it for [`language_spans`], once a locale rather than at
/// each page that shows it; and whether any is.
pub(super) fn mark_names_apart(
    localizer: &Localizer,
    locale: usize,
    mut names: SubfieldNames,
) -> (SubfieldNames, bool) {
    let mut any = false;
    for named in names.values_mut() {
        if let Some(code) = localizer.language_apart(named.from, locale) {
            any = true;
            let mark = |text: &mut Result<String, String>| {
                if let Ok(text) = text {
                    *text = language_spans::mark(code, text);
                }
            };
            mark(&mut named.name);
            named.forms.values_mut().for_each(mark);
        }
    }
    (names, any)
}

/// The items of a list given to `t()` or `list` as texts: a number formatted for `locale`.
fn list_items<'v>(localizer: &Localizer, locale: usize, items: &'v [Value]) -> Vec<Cow<'v, str>> {
    items
        .iter()
        .map(|item| match item {
            Value::String(text) => Cow::Borrowed(text.as_str()),
            Value::Number(n) => match n.as_i64() {
                Some(i) => Cow::Owned(localizer.formats(locale).integer(i)),
                None => Cow::Owned(
                    localizer
                        .formats(locale)
                        .number(n.as_f64().unwrap_or_default(), Default::default()),
                ),
            },
            other => Cow::Owned(other.to_string()),
        })
        .collect()
}

/// What is wrong with a `t()` without `key`, naming the arguments `given` instead: the names
/// in backticks are what papermap looks for to place the error, and a misspelt `kee` is where
/// the call is.
pub(super) fn missing_key_said<'a>(given: impl IntoIterator<Item = &'a str>) -> String {
    let mut given: Vec<String> = given.into_iter().map(|name| format!("`{name}`")).collect();
    given.sort();
    if given.is_empty() {
        "t() needs a `key`, the id of a message".to_string()
    } else {
        format!(
            "t() needs a `key`, the id of a message; it was given {}",
            given.join(", ")
        )
    }
}

/// `t(key="…", count=3, …)`: a Fluent message of the page's locale with its arguments;
/// `in_locale="fr"` resolves it in another language of the site. A list (`authors=paper.authors`)
/// is one text of the message, joined as [`Localizer::sentence`] says. A sentence that falls
/// back to another language is marked with it ([`language_spans`]).
struct Translate {
    localizer: Arc<Localizer>,
    locale: usize,
}

impl tera::Function for Translate {
    fn call(&self, args: &HashMap<String, Value>) -> tera::Result<Value> {
        // One pass over the arguments: each lookup by name would hash it again (SipHash).
        let (mut key, mut in_locale) = (None, None);
        let mut named: Vec<(&String, &Value)> = Vec::new();
        for (name, value) in args {
            match name.as_str() {
                "key" => key = Some(value),
                "in_locale" => in_locale = Some(value),
                _ => named.push((name, value)),
            }
        }
        let key = match key {
            Some(Value::String(key)) => key,
            Some(other) => {
                return Err(tera::Error::msg(format!(
                    "t() needs a `key` that is the id of a message, not `{other}`"
                )))
            }
            None => {
                let given = named.iter().map(|(name, _)| name.as_str());
                return Err(tera::Error::msg(missing_key_said(given)));
            }
        };
        // `in_locale` asks another language, e.g. for each language's own name in the switcher.
        let locale = match in_locale.and_then(Value::as_str) {
            Some(code) => self.localizer.index_of(code).ok_or_else(|| {
                tera::Error::msg(format!("t(): `{code}` is not a language of the site"))
            })?,
            None => self.locale,
        };
        let mut fluent_args = FluentArgs::new();
        let mut lists = Vec::new();
        named.sort_by_key(|&(name, _)| name);
        // Names and strings are lent to Fluent, not copied: a page makes some twenty such calls.
        for (name, value) in named {
            let value = match value {
                Value::Array(items) => {
                    lists.push((name.as_str(), list_items(&self.localizer, locale, items)));
                    continue;
                }
                Value::Number(n) => FluentValue::from(n.as_f64().unwrap_or_default()),
                Value::String(s) => FluentValue::from(s.as_str()),
                Value::Bool(b) => FluentValue::from(b.to_string()),
                Value::Null => FluentValue::None,
                other => FluentValue::from(other.to_string()),
            };
            fluent_args.set(name.as_str(), value);
        }
        let args = fluent_args.iter().next().is_some().then_some(&fluent_args);
        let sentence = self
            .localizer
            .sentence(locale, key, args, &lists)
            .map_err(tera::Error::msg)?;
        // A sentence that fell back to another language says so, for the page to give it its
        // `lang`; one asked of another locale (`in_locale`) stands where the template said.
        Ok(Value::String(
            match self.localizer.language_apart(sentence.from, locale) {
                Some(code) => language_spans::mark(code, &sentence.text),
                None => sentence.text,
            },
        ))
    }

    fn is_safe(&self) -> bool {
        false
    }
}
