//! The arguments a call names, against those its callee reads: a macro's, from its
//! definition; a filter's or function's, from the [`Takes`] that Tera's own ([`TERA_FILTERS`],
//! [`TERA_FUNCTIONS`]) and papermap's declare; a test's, by their number ([`TERA_TESTS`]).
//! Tera reads an argument by its name and leaves any other unread, so a misspelt
//! `truncate(lenght=10)` silently gave the default, and an argument the callee cannot do
//! without was missed until a page rendered the call.

use std::collections::BTreeSet;

use tera::ast::{Expr, ExprVal};
use tera::Value;

use super::names::quoted_list;
use crate::diagnostics::suggest;

/// The arguments a filter or function reads by name.
#[derive(Clone, Copy, Debug)]
pub(super) struct Takes {
    /// Those without which it fails.
    pub needs: &'static [&'static str],
    /// Those it reads when they are given.
    pub may: &'static [&'static str],
    /// What is wrong with a value given to an argument, told as the call would tell it: it is
    /// asked of the values a template writes as literals (`num(digits=200)`).
    pub values: fn(argument: &str, value: &Value) -> Result<(), String>,
}

/// What a filter that reads no argument takes.
pub(super) const NOTHING: Takes = may(&[]);

const fn may(names: &'static [&'static str]) -> Takes {
    needs(&[], names)
}

const fn needs(names: &'static [&'static str], may: &'static [&'static str]) -> Takes {
    Takes {
        needs: names,
        may,
        values: |_, _| Ok(()),
    }
}

/// Tera's filters as `vendor/tera` registers them without its `builtins` and `urlencode`
/// features, and `safe` and `default`, which its renderer applies itself, each with the
/// arguments its source reads (`args.get("…")`); a unit test holds the names to those
/// registered.
pub(super) const TERA_FILTERS: &[(&str, Takes)] = &[
    ("abs", NOTHING),
    ("addslashes", NOTHING),
    ("as_str", NOTHING),
    ("capitalize", NOTHING),
    ("concat", needs(&["with"], &[])),
    ("default", needs(&["value"], &[])),
    ("escape", NOTHING),
    ("escape_xml", NOTHING),
    ("filter", needs(&["attribute"], &["value"])),
    ("first", NOTHING),
    ("float", may(&["default"])),
    ("get", needs(&["key"], &["default"])),
    ("group_by", needs(&["attribute"], &[])),
    ("indent", may(&["prefix", "first", "blank"])),
    ("int", may(&["default", "base"])),
    ("join", may(&["sep"])),
    ("json_encode", may(&["pretty"])),
    ("last", NOTHING),
    ("length", NOTHING),
    ("linebreaksbr", NOTHING),
    ("lower", NOTHING),
    ("map", needs(&["attribute"], &[])),
    ("nth", needs(&["n"], &[])),
    ("pluralize", may(&["singular", "plural"])),
    ("replace", needs(&["from", "to"], &[])),
    ("reverse", NOTHING),
    ("round", may(&["method", "precision"])),
    ("safe", NOTHING),
    ("slice", may(&["start", "end"])),
    ("sort", may(&["attribute"])),
    ("spaceless", NOTHING),
    ("split", needs(&["pat"], &[])),
    ("striptags", NOTHING),
    ("title", NOTHING),
    ("trim", NOTHING),
    ("trim_end", NOTHING),
    ("trim_end_matches", needs(&["pat"], &[])),
    ("trim_start", NOTHING),
    ("trim_start_matches", needs(&["pat"], &[])),
    ("truncate", may(&["length", "end"])),
    ("unique", may(&["attribute", "case_sensitive"])),
    ("upper", NOTHING),
    ("wordcount", NOTHING),
];

/// Tera's functions as `vendor/tera` registers them without its `builtins` feature.
pub(super) const TERA_FUNCTIONS: &[(&str, Takes)] = &[
    ("get_env", needs(&["name"], &["default"])),
    ("range", needs(&["end"], &["start", "step_by"])),
    ("throw", needs(&["message"], &[])),
];

/// Tera's tests, each with the number of arguments it takes: `is divisibleby(3)` one.
pub(super) const TERA_TESTS: &[(&str, usize)] = &[
    ("containing", 1),
    ("defined", 0),
    ("divisibleby", 1),
    ("ending_with", 1),
    ("even", 0),
    ("iterable", 0),
    ("matching", 1),
    ("number", 0),
    ("object", 0),
    ("odd", 0),
    ("starting_with", 1),
    ("string", 0),
    ("undefined", 0),
];

/// What is wrong with a use of the test `name` (`callee`), which takes `takes` arguments, with
/// `given`, and the help: Tera's tests take none or exactly one.
pub(super) fn test_mistake(
    callee: &str,
    name: &str,
    takes: usize,
    given: usize,
) -> Option<(String, String)> {
    match (takes, given) {
        _ if takes == given => None,
        (0, _) => Some((
            format!("{callee} takes no arguments"),
            format!("write it without them: `is {name}`"),
        )),
        (_, 0) => Some((
            format!("{callee} needs an argument"),
            format!("give it one: `is {name}(…)`"),
        )),
        _ => Some((
            format!("{callee} takes one argument, not {given}"),
            format!("give it one: `is {name}(…)`"),
        )),
    }
}

/// The value of an argument a template writes as a literal (`2`, `"in-text"`, `true`).
pub(super) fn literal_value(expr: &Expr) -> Option<Value> {
    if expr.negated || !expr.filters.is_empty() {
        return None;
    }
    match &expr.val {
        ExprVal::String(text) => Some(Value::from(text.as_str())),
        ExprVal::Int(n) => Some(Value::from(*n)),
        ExprVal::Float(n) => Some(Value::from(*n)),
        ExprVal::Bool(b) => Some(Value::from(*b)),
        _ => None,
    }
}

/// What is wrong with a call's arguments.
pub(super) enum Mistake<'a> {
    /// An argument the callee does not take, as the call names it.
    NotTaken {
        name: &'a str,
        message: String,
        help: String,
    },
    /// An argument the callee needs that the call does not give.
    Missing { message: String, help: String },
}

/// The mistakes of a call of `callee` (`the filter `num``) that names the arguments `given`,
/// when it takes those of `taken` and cannot do without those `needed` says: each argument
/// it does not take, and each it needs that is not given, unless a misspelt one stands for it.
pub(super) fn mistakes<'a>(
    callee: &str,
    taken: &[&str],
    needed: impl Fn(&str) -> bool,
    given: impl IntoIterator<Item = &'a str>,
) -> Vec<Mistake<'a>> {
    let mut taken = taken.to_vec();
    taken.sort_unstable();
    let given: BTreeSet<&str> = given.into_iter().collect();
    let mut mistakes = Vec::new();
    let mut meant = BTreeSet::new();
    for &name in given.iter().filter(|name| !taken.contains(name)) {
        let help = match suggest(name, taken.iter().copied()) {
            Some(argument) => {
                meant.insert(argument);
                format!("did you mean `{argument}`?")
            }
            None if taken.is_empty() => "it takes no arguments".to_string(),
            None => format!("it takes {}", quoted_list(&taken)),
        };
        mistakes.push(Mistake::NotTaken {
            name,
            message: format!("{callee} takes no argument `{name}`"),
            help,
        });
    }
    for name in taken
        .iter()
        .filter(|&&name| needed(name) && !given.contains(name) && !meant.contains(name))
    {
        mistakes.push(Mistake::Missing {
            message: format!("{callee} needs the argument `{name}`"),
            help: format!("give it: `{name}=…`"),
        });
    }
    mistakes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(mistakes: &[Mistake]) -> Vec<String> {
        mistakes
            .iter()
            .map(|mistake| match mistake {
                Mistake::NotTaken { message, help, .. } | Mistake::Missing { message, help } => {
                    format!("{message} ({help})")
                }
            })
            .collect()
    }

    #[test]
    fn a_misspelt_argument_is_one_mistake_and_a_missing_one_names_itself() {
        let replace = needs(&["from", "to"], &[]);
        let taken: Vec<&str> = replace.needs.iter().chain(replace.may).copied().collect();
        let needed = |name: &str| replace.needs.contains(&name);
        assert_eq!(
            said(&mistakes(
                "the filter `replace`",
                &taken,
                needed,
                ["frm", "x"]
            )),
            [
                "the filter `replace` takes no argument `frm` (did you mean `from`?)",
                "the filter `replace` takes no argument `x` (it takes `from`, `to`)",
                "the filter `replace` needs the argument `to` (give it: `to=…`)",
            ]
        );
        assert_eq!(
            said(&mistakes("the filter `upper`", &[], |_| false, ["x"])),
            ["the filter `upper` takes no argument `x` (it takes no arguments)"]
        );
        assert!(mistakes("the filter `replace`", &taken, needed, ["from", "to"]).is_empty());
    }
}
