//! The arguments a call names, against those its callee reads: a macro's, from its
//! definition; a filter's or function's, from the [`Takes`] that Tera's own ([`TERA_FILTERS`],
//! [`TERA_FUNCTIONS`]) and papermap's declare; a test's, in order ([`TERA_TESTS`]). Tera reads
//! an argument by its name and leaves any other unread, so a misspelt `truncate(lenght=10)`
//! silently gave the default, and an argument the callee cannot do without, or a literal
//! value it refuses (`round(method="up")`), was missed until a page rendered the call.

use std::collections::BTreeSet;

use serde::de::DeserializeOwned;
use tera::ast::{Expr, ExprVal};
use tera::Value;

use super::names::quoted_list;
use crate::diagnostics::suggest;

/// An argument a callee reads: its name, and what it reads its value as.
pub(super) type Argument = (&'static str, Reads);

/// The arguments a filter or function reads by name.
#[derive(Clone, Copy, Debug)]
pub(super) struct Takes {
    /// Those without which it fails.
    pub needs: &'static [Argument],
    /// Those it reads when they are given.
    pub may: &'static [Argument],
}

impl Takes {
    /// The names of all the arguments it reads.
    pub fn names(&self) -> Vec<&'static str> {
        self.needs
            .iter()
            .chain(self.may)
            .map(|&(name, _)| name)
            .collect()
    }

    /// What `argument` (one of those it reads) is read as.
    pub fn reads(&self, argument: &str) -> Option<Reads> {
        let mut all = self.needs.iter().chain(self.may);
        all.find(|&&(name, _)| name == argument)
            .map(|&(_, reads)| reads)
    }
}

/// What a callee reads an argument's value as, as its source converts it (Tera's
/// `try_get_value!` and `from_value`): a literal that does not convert fails every render of
/// the call, so it is asked of the values a template writes as literals (`truncate(length="5")`).
#[derive(Clone, Copy, Debug)]
pub(super) enum Reads {
    /// Any value.
    Anything,
    /// A string.
    Text,
    /// `true` or `false`.
    Flag,
    /// A whole number, 0 or more.
    Count,
    /// A whole number.
    Whole,
    /// Any number.
    Number,
    /// One of these strings.
    OneOf(&'static [&'static str]),
    /// What the function says is wrong with a value, told whole (`` `num`'s `digits` is … ``).
    Checked(fn(&Value) -> Result<(), String>),
}

impl Reads {
    /// What is wrong with `value`, told by `said` from what the value should be (`a whole
    /// number`), or by the argument's own check.
    pub fn mistake(self, value: &Value, said: impl FnOnce(&str) -> String) -> Option<String> {
        let fits = |what: &str, fits: bool| (!fits).then(|| said(what));
        match self {
            Reads::Anything => None,
            Reads::Text => fits("a string in quotes", converts::<String>(value)),
            Reads::Flag => fits("`true` or `false`", converts::<bool>(value)),
            Reads::Count => fits("a whole number, 0 or more", converts::<usize>(value)),
            Reads::Whole => fits("a whole number", converts::<i64>(value)),
            Reads::Number => fits("a number", converts::<f64>(value)),
            Reads::OneOf(choices) => {
                let quoted: Vec<String> = choices.iter().map(|c| format!("\"{c}\"")).collect();
                let fit = value.as_str().is_some_and(|text| choices.contains(&text));
                fits(&format!("one of {}", quoted.join(", ")), fit)
            }
            Reads::Checked(check) => check(value).err(),
        }
    }
}

/// Whether `value` converts to a `T` as Tera converts an argument.
fn converts<T: DeserializeOwned>(value: &Value) -> bool {
    converted::<T>(value).is_some()
}

/// `value` as a `T`, converted as Tera converts an argument.
fn converted<T: DeserializeOwned>(value: &Value) -> Option<T> {
    serde_json::from_value::<T>(value.clone()).ok()
}

/// What a filter that reads no argument takes.
pub(super) const NOTHING: Takes = may(&[]);

const fn may(arguments: &'static [Argument]) -> Takes {
    needs(&[], arguments)
}

const fn needs(arguments: &'static [Argument], may: &'static [Argument]) -> Takes {
    Takes {
        needs: arguments,
        may,
    }
}

const ANY: Reads = Reads::Anything;
const TEXT: Reads = Reads::Text;
const FLAG: Reads = Reads::Flag;
const COUNT: Reads = Reads::Count;

/// Tera's filters as `vendor/tera` registers them without its `builtins` and `urlencode`
/// features, and `safe` and `default`, which its renderer applies itself, each with the
/// arguments its source reads (`args.get("…")`) and what it reads them as; a unit test holds
/// the names to those registered.
pub(super) const TERA_FILTERS: &[(&str, Takes)] = &[
    ("abs", NOTHING),
    ("addslashes", NOTHING),
    ("as_str", NOTHING),
    ("capitalize", NOTHING),
    ("concat", needs(&[("with", ANY)], &[])),
    ("default", needs(&[("value", ANY)], &[])),
    ("escape", NOTHING),
    ("escape_xml", NOTHING),
    ("filter", needs(&[("attribute", TEXT)], &[("value", ANY)])),
    ("first", NOTHING),
    ("float", may(&[("default", Reads::Number)])),
    ("get", needs(&[("key", TEXT)], &[("default", ANY)])),
    ("group_by", needs(&[("attribute", TEXT)], &[])),
    (
        "indent",
        may(&[("prefix", TEXT), ("first", FLAG), ("blank", FLAG)]),
    ),
    (
        "int",
        may(&[("default", Reads::Whole), ("base", Reads::Checked(base))]),
    ),
    ("join", may(&[("sep", TEXT)])),
    ("json_encode", may(&[("pretty", FLAG)])),
    ("last", NOTHING),
    ("length", NOTHING),
    ("linebreaksbr", NOTHING),
    ("lower", NOTHING),
    ("map", needs(&[("attribute", TEXT)], &[])),
    ("nth", needs(&[("n", COUNT)], &[])),
    ("pluralize", may(&[("singular", TEXT), ("plural", TEXT)])),
    ("replace", needs(&[("from", TEXT), ("to", TEXT)], &[])),
    ("reverse", NOTHING),
    (
        "round",
        may(&[
            ("method", Reads::OneOf(&["common", "ceil", "floor"])),
            ("precision", Reads::Checked(precision)),
        ]),
    ),
    ("safe", NOTHING),
    (
        "slice",
        may(&[("start", Reads::Number), ("end", Reads::Number)]),
    ),
    ("sort", may(&[("attribute", TEXT)])),
    ("spaceless", NOTHING),
    ("split", needs(&[("pat", TEXT)], &[])),
    ("striptags", NOTHING),
    ("title", NOTHING),
    ("trim", NOTHING),
    ("trim_end", NOTHING),
    ("trim_end_matches", needs(&[("pat", TEXT)], &[])),
    ("trim_start", NOTHING),
    ("trim_start_matches", needs(&[("pat", TEXT)], &[])),
    ("truncate", may(&[("length", COUNT), ("end", TEXT)])),
    (
        "unique",
        may(&[("attribute", TEXT), ("case_sensitive", FLAG)]),
    ),
    ("upper", NOTHING),
    ("wordcount", NOTHING),
];

/// Tera's functions as `vendor/tera` registers them without its `builtins` feature.
pub(super) const TERA_FUNCTIONS: &[(&str, Takes)] = &[
    ("get_env", needs(&[("name", TEXT)], &[("default", ANY)])),
    (
        "range",
        needs(
            &[("end", COUNT)],
            &[("start", COUNT), ("step_by", Reads::Checked(step))],
        ),
    ),
    ("throw", needs(&[("message", TEXT)], &[])),
];

/// Tera's tests, each with what it reads its arguments as, in order: `is divisibleby(3)`
/// takes one number.
pub(super) const TERA_TESTS: &[(&str, &[Reads])] = &[
    ("containing", &[ANY]),
    ("defined", &[]),
    ("divisibleby", &[Reads::Number]),
    ("ending_with", &[TEXT]),
    ("even", &[]),
    ("iterable", &[]),
    ("matching", &[Reads::Checked(pattern)]),
    ("number", &[]),
    ("object", &[]),
    ("odd", &[]),
    ("starting_with", &[TEXT]),
    ("string", &[]),
    ("undefined", &[]),
];

/// `int`'s `base`: `vendor/tera` refuses one outside 2–36, where `from_str_radix` would panic.
fn base(value: &Value) -> Result<(), String> {
    let fits = converted::<u32>(value).is_some_and(|b| (2..=36).contains(&b));
    check(fits, || {
        format!("`int`'s `base` is a whole number from 2 to 36, not {value}")
    })
}

/// `round`'s `precision`, which Tera reads as an `i32`.
fn precision(value: &Value) -> Result<(), String> {
    check(converts::<i32>(value), || {
        format!("`round`'s `precision` is a whole number of digits, not {value}")
    })
}

/// `range`'s `step_by`: `vendor/tera` refuses 0, which would never reach the end.
fn step(value: &Value) -> Result<(), String> {
    let fits = converted::<usize>(value).is_some_and(|s| s >= 1);
    check(fits, || {
        format!("`range`'s `step_by` is a whole number, 1 or more, not {value}")
    })
}

/// The pattern of `matching`, which Tera compiles with `regex` on every call.
fn pattern(value: &Value) -> Result<(), String> {
    let Some(text) = value.as_str() else {
        return Err(format!(
            "the test `matching`'s pattern is a string in quotes, not {value}"
        ));
    };
    regex::Regex::new(text).map(drop).map_err(|error| {
        format!(
            "the test `matching`'s pattern is not a regular expression: {}",
            regex_error_said(&error)
        )
    })
}

/// `regex`'s error in a line: a syntax error's last line (`error: unclosed group`) without its
/// picture of the pattern, which the template's line and column already point into.
fn regex_error_said(error: &regex::Error) -> String {
    let said = error.to_string();
    let last = said.lines().rev().find(|line| !line.trim().is_empty());
    let last = last.unwrap_or(&said).trim();
    last.strip_prefix("error: ").unwrap_or(last).to_string()
}

fn check(fits: bool, mistake: impl FnOnce() -> String) -> Result<(), String> {
    if fits {
        Ok(())
    } else {
        Err(mistake())
    }
}

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
        let replace = needs(&[("from", TEXT), ("to", TEXT)], &[]);
        let taken = replace.names();
        let needed = |name: &str| replace.needs.iter().any(|&(needed, _)| needed == name);
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

    #[test]
    fn a_literal_is_read_as_tera_reads_it() {
        let said = |what: &str| format!("is {what}");
        let round = TERA_FILTERS
            .iter()
            .find(|(name, _)| *name == "round")
            .unwrap()
            .1;
        let method = round.reads("method").unwrap();
        assert_eq!(method.mistake(&Value::from("ceil"), said), None);
        assert_eq!(
            method.mistake(&Value::from("up"), said).as_deref(),
            Some("is one of \"common\", \"ceil\", \"floor\"")
        );
        // serde_json reads neither a fraction nor a negative number as a count, and Tera's
        // `try_get_value!` goes through it.
        for refused in [Value::from(2.5), Value::from(-1), Value::from("5")] {
            assert!(COUNT.mistake(&refused, said).is_some(), "{refused}");
        }
        assert_eq!(COUNT.mistake(&Value::from(5), said), None);
        assert_eq!(Reads::Number.mistake(&Value::from(-1), said), None);
        assert!(FLAG.mistake(&Value::from("true"), said).is_some());
        assert_eq!(ANY.mistake(&Value::Null, said), None);
        assert!(base(&Value::from(37)).is_err() && base(&Value::from(36)).is_ok());
        assert!(step(&Value::from(0)).is_err() && step(&Value::from(1)).is_ok());
        assert!(precision(&Value::from(1.5)).is_err() && precision(&Value::from(-2)).is_ok());
    }

    #[test]
    fn a_pattern_that_is_not_a_regular_expression_is_told_in_a_line() {
        assert_eq!(pattern(&Value::from("^[a-z]+$")), Ok(()));
        assert_eq!(
            pattern(&Value::from("(ab")),
            Err("the test `matching`'s pattern is not a regular expression: unclosed group".into())
        );
        assert_eq!(
            pattern(&Value::from(3)),
            Err("the test `matching`'s pattern is a string in quotes, not 3".into())
        );
    }
}
