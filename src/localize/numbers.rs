//! Numbers in sentences: every number a message places is formatted by ICU4X for the
//! message's locale, and a translation may ask how with Fluent's `NUMBER` function. Each
//! function call of each `.ftl` file is checked when the messages load, so a misspelt function
//! or an option that papermap would not apply is an error at its place in the file, not a page
//! that reads wrong.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use intl_memoizer::Memoizable;
use unic_langid::LanguageIdentifier;

use super::walk;
use crate::diagnostics::{Diagnostic, SourceText};
use crate::format::{LocaleFormats, NumberOptions, MAX_FRACTION_DIGITS, MAX_INTEGER_DIGITS};

/// ICU4X formatters as Fluent's memoizer holds them, one per bundle locale. A sentence taken
/// from a fallback language keeps that language's numbers, as it keeps its words: passing the
/// reader's locale into Fluent's formatter hook would take state outside the call.
struct IcuNumbers(LocaleFormats);

impl Memoizable for IcuNumbers {
    type Args = ();
    type Error = ();
    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Self, ()> {
        Ok(IcuNumbers(LocaleFormats::new(&lang)))
    }
}

/// Sets a bundle up to place numbers through ICU4X and to know `NUMBER`.
pub fn prepare(bundle: &mut FluentBundle<FluentResource>) {
    bundle.set_formatter(Some(format_value));
    // A new bundle has no functions, so the name cannot be taken.
    let _ = bundle.add_function("NUMBER", number);
}

/// Fluent calls this for every value it places; numbers go to ICU4X.
fn format_value(
    value: &FluentValue,
    memoizer: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    memoizer
        .with_try_get::<IcuNumbers, _, _>((), |icu| icu.0.number(number.value, options_of(number)))
        .ok()
}

fn options_of(number: &FluentNumber) -> NumberOptions {
    let options = &number.options;
    NumberOptions {
        min_integer: options.minimum_integer_digits,
        min_fraction: options.minimum_fraction_digits,
        max_fraction: options.maximum_fraction_digits,
        ungrouped: !options.use_grouping,
    }
}

/// `NUMBER($n, option: value, …)`. Unlike fluent-rs's own, a text that reads as a number is
/// taken as one, and any other text is placed as it is: Fluent would write `NUMBER()` into the
/// page without reporting it.
fn number<'a>(positional: &[FluentValue<'a>], named: &FluentArgs) -> FluentValue<'a> {
    let value = match positional.first() {
        Some(FluentValue::String(text)) => match text.parse::<FluentNumber>() {
            Ok(number) => FluentValue::Number(number),
            Err(_) => FluentValue::String(text.clone()),
        },
        Some(value) => value.clone(),
        None => FluentValue::Error,
    };
    match value {
        FluentValue::Number(mut number) => {
            number.options.merge(named);
            FluentValue::Number(number)
        }
        other => other,
    }
}

/// What `NUMBER` takes, for an error's help: its options and the values each may have.
fn number_options() -> String {
    format!(
        "NUMBER takes minimumIntegerDigits (1 to {MAX_INTEGER_DIGITS}), minimumFractionDigits and maximumFractionDigits (0 to {MAX_FRACTION_DIGITS}), useGrouping (\"true\" or \"false\"), type (\"cardinal\" or \"ordinal\", for choosing a variant)"
    )
}

/// Every function call in a resource that would not do what it says.
pub fn check_calls(source: &SourceText, resource: &FluentResource) -> Vec<Diagnostic> {
    let mut calls = Calls {
        source,
        text: resource.source(),
        errors: Vec::new(),
    };
    for entry in walk::entries(resource) {
        for (_, pattern) in entry.patterns() {
            walk::expressions(pattern, &mut |inline| {
                if let ast::InlineExpression::FunctionReference { id, arguments } = inline {
                    calls.call(id.name, arguments);
                }
            });
        }
    }
    calls.errors
}

struct Calls<'s> {
    source: &'s SourceText,
    text: &'s str,
    errors: Vec<Diagnostic>,
}

impl Calls<'_> {
    fn call(&mut self, name: &str, arguments: &ast::CallArguments<&str>) {
        if name != "NUMBER" {
            let help = if name == "DATETIME" {
                "dates reach messages already written for the page's language: place the variable as it is, `{ $date }`".to_string()
            } else {
                "papermap's messages have one function, NUMBER, e.g. `{ NUMBER($share, maximumFractionDigits: 1) }`".to_string()
            };
            let message = format!("the Fluent function `{name}` is not known to papermap");
            self.error(name, message, help);
            return;
        }
        if arguments.positional.len() != 1 {
            let message = format!(
                "NUMBER takes one number to format, not {}",
                arguments.positional.len()
            );
            self.error(
                name,
                message,
                "write `NUMBER($count)`, with options after it".into(),
            );
        }
        for option in &arguments.named {
            self.option(&option.name, &option.value);
        }
        self.fraction_digits_in_order(arguments);
    }

    /// ECMA-402 refuses a call whose `maximumFractionDigits` is below its
    /// `minimumFractionDigits`: no number fits both.
    fn fraction_digits_in_order(&mut self, arguments: &ast::CallArguments<&str>) {
        let digits = |option: &str| {
            arguments
                .named
                .iter()
                .rev()
                .find_map(|named| match &named.value {
                    ast::InlineExpression::NumberLiteral { value } if named.name.name == option => {
                        value.parse::<f64>().ok().map(|digits| (*value, digits))
                    }
                    _ => None,
                })
        };
        let (Some((least, least_digits)), Some((most, most_digits))) = (
            digits("minimumFractionDigits"),
            digits("maximumFractionDigits"),
        ) else {
            return;
        };
        if most_digits < least_digits {
            let message = format!(
                "NUMBER's `maximumFractionDigits` ({most}) is less than its `minimumFractionDigits` ({least})"
            );
            let help = format!(
                "no number has at least {least} and at most {most} decimals: make maximumFractionDigits {least} or more"
            );
            self.error(most, message, help);
        }
    }

    fn option(&mut self, name: &ast::Identifier<&str>, value: &ast::InlineExpression<&str>) {
        // Fluent's grammar allows only literals as the values of named arguments.
        let (text, quoted) = match value {
            ast::InlineExpression::StringLiteral { value } => (*value, true),
            ast::InlineExpression::NumberLiteral { value } => (*value, false),
            _ => return,
        };
        let whole_from = |least: usize, most: usize| {
            !quoted
                && text
                    .parse::<f64>()
                    .is_ok_and(|n| n.fract() == 0.0 && n >= least as f64 && n <= most as f64)
        };
        let one_of = |words: &[&str]| quoted && words.contains(&text);
        let (fits, expected) = match name.name {
            "minimumIntegerDigits" => (
                whole_from(1, MAX_INTEGER_DIGITS),
                format!("a whole number from 1 to {MAX_INTEGER_DIGITS}"),
            ),
            "minimumFractionDigits" | "maximumFractionDigits" => (
                whole_from(0, MAX_FRACTION_DIGITS),
                format!("a whole number from 0 to {MAX_FRACTION_DIGITS}"),
            ),
            "useGrouping" => (one_of(&["true", "false"]), "\"true\" or \"false\"".into()),
            "type" => (
                one_of(&["cardinal", "ordinal"]),
                "\"cardinal\" or \"ordinal\"".into(),
            ),
            other => {
                let message = format!("papermap does not apply NUMBER's option `{other}`");
                self.error(name.name, message, number_options());
                return;
            }
        };
        if !fits {
            let written = if quoted {
                format!("\"{text}\"")
            } else {
                text.to_string()
            };
            let message = format!(
                "NUMBER's option `{}` is {expected}, not {written}",
                name.name
            );
            self.error(text, message, number_options());
        }
    }

    /// An error underlining `at`, a slice of the resource's text.
    fn error(&mut self, at: &str, message: String, help: String) {
        let offset = walk::offset_in(self.text, at);
        self.errors
            .push(Diagnostic::at(self.source, offset, at.len().max(1), message).with_help(help));
    }
}
