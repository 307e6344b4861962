//! The names the templates call things by, checked when they load: every filter, test,
//! function and macro a template uses exists, called with the arguments it takes
//! (`arguments`; a macro's resolved by `macro_calls`), and so does every template it
//! includes; once the messages are loaded too, what it asks of them (`message_calls`). Tera
//! finds a misspelt name only when a page's render reaches it, so a typo in a branch that no
//! page of today's records takes (a right-to-left title, a paper without authors) would ship
//! and break the build on the day a record took it; here it is an error at once, at its place.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use tera::ast::{Expr, ExprVal, Node};
use tera::{Template, Tera, Value};

use super::arguments::{
    self, literal_value, Mistake, Reads, Takes, TERA_FILTERS, TERA_FUNCTIONS, TERA_TESTS,
};
use super::errors::{is_tera_name, missing_include_said};
use super::macro_calls::{MacroCallSite, Namespaces};
use super::{Templates, SITE_TEMPLATES_DIR};
use crate::config::Config;
use crate::diagnostics::{find_whole_name, suggest, Diagnostic, SourceText};

/// What a name written in a template stands for.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    Filter,
    /// The filter of a `{% filter %}` section, which Tera looks up among those registered:
    /// `default`, which its renderer applies itself to expressions, is not there.
    SectionFilter,
    Test,
    Function,
}

impl Kind {
    fn noun(self) -> &'static str {
        match self {
            Kind::Filter | Kind::SectionFilter => "filter",
            Kind::Test => "test",
            Kind::Function => "function",
        }
    }
}

/// One name as a template writes it.
pub(super) enum Use<'t> {
    Named {
        kind: Kind,
        name: &'t str,
        args: Given<'t>,
        /// The expression (or a section's filter call) that holds it, where the parser kept
        /// its bytes.
        within: Option<Range<usize>>,
    },
    MacroCall {
        namespace: &'t str,
        name: &'t str,
        args: &'t HashMap<String, Expr>,
        within: Option<Range<usize>>,
    },
    Include(&'t [String]),
}

/// The arguments a call gives: by name (a filter's, a function's), or in order (a test's).
#[derive(Clone, Copy)]
pub(super) enum Given<'t> {
    Named(&'t HashMap<String, Expr>),
    InOrder(&'t [Expr]),
}

/// Each template with its text and the names it uses, walked once for both checks.
pub(super) type TemplateUses<'t> = Vec<(&'t Template, &'t SourceText, Vec<Use<'t>>)>;

/// The names each template of `tera` uses, the templates in the order of their names (a
/// check that reports one of several uses reports the same one each build).
pub(super) fn uses<'t>(
    tera: &'t Tera,
    sources: &'t HashMap<String, SourceText>,
) -> TemplateUses<'t> {
    let mut uses: TemplateUses = tera
        .templates
        .iter()
        .filter_map(|(name, template)| {
            let source = sources.get(name)?;
            let mut uses = Vec::new();
            uses_in_template(template, &mut uses);
            Some((template, source, uses))
        })
        .collect();
    uses.sort_by(|a, b| a.0.name.cmp(&b.0.name));
    uses
}

/// An error for each name the templates use that stands for nothing, and for each call of a
/// filter, function or test with arguments it does not take or without one it needs. The names
/// known are Tera's, as [`arguments`] declares them (a unit test holds those to what it
/// registers), and `extra_filters` and `extra_functions`, which each locale's copy registers (a
/// function without [`Takes`] checks its own arguments).
pub(super) fn unknown_names(
    tera: &Tera,
    templates: &TemplateUses,
    config: &Config,
    extra_filters: &[(&'static str, Takes)],
    extra_functions: &[&'static str],
) -> Vec<Diagnostic> {
    let known = Known {
        filters: TERA_FILTERS
            .iter()
            .chain(extra_filters)
            .map(|&(name, takes)| (name, Signature::Named(takes)))
            .collect(),
        tests: TERA_TESTS
            .iter()
            .map(|&(name, reads)| (name, Signature::InOrder(reads)))
            .collect(),
        functions: TERA_FUNCTIONS
            .iter()
            .map(|&(name, takes)| (name, Signature::Named(takes)))
            .chain(extra_functions.iter().map(|&name| (name, Signature::Own)))
            .collect(),
    };
    let mut namespaces = Namespaces::default();
    let mut errors = Vec::new();
    for &(template, source, ref uses) in templates {
        for used in uses {
            match used {
                Use::Named {
                    kind,
                    name,
                    args,
                    within,
                } => {
                    let within = within.clone();
                    let callee = format!("the {} `{name}`", kind.noun());
                    match (known.signature(*kind, name), args) {
                        (Err(help), _) => {
                            let message = format!("there is no {} `{name}`", kind.noun());
                            errors.push(at_name(source, within, name, message).with_help(help));
                        }
                        (Ok(Signature::Named(takes)), Given::Named(args)) => errors
                            .extend(wrong_arguments(source, within, name, &callee, takes, args)),
                        (Ok(Signature::InOrder(reads)), Given::InOrder(args)) => {
                            errors.extend(wrong_test_arguments(source, within, name, reads, args))
                        }
                        (Ok(_), _) => {}
                    }
                }
                Use::MacroCall {
                    namespace,
                    name,
                    args,
                    within,
                } => {
                    let call = MacroCallSite {
                        source,
                        namespace,
                        name,
                        within: within.as_ref(),
                    };
                    match namespaces.called(tera, &template.name, namespace, name) {
                        Ok(definition) => errors.extend(call.wrong_arguments(definition, args)),
                        Err(mistake) => errors.push(call.unknown(mistake)),
                    }
                }
                Use::Include(included) => {
                    errors.extend(missing_include(tera, source, config, included))
                }
            }
        }
    }
    errors
}

/// What a known name takes, as far as the check of calls knows it.
#[derive(Clone, Copy)]
enum Signature {
    /// Arguments by name: a filter's, a function's.
    Named(Takes),
    /// Arguments in order, each read as it says: a test's.
    InOrder(&'static [Reads]),
    /// Arguments the callee checks itself: `t()`'s are its message's variables.
    Own,
}

/// The names there are, each with what it takes.
struct Known {
    filters: BTreeMap<&'static str, Signature>,
    tests: BTreeMap<&'static str, Signature>,
    functions: BTreeMap<&'static str, Signature>,
}

impl Known {
    /// What the `name` of `kind` takes, or, where there is no such name, the help for its
    /// error: the name meant, or those there are.
    fn signature(&self, kind: Kind, name: &str) -> Result<Signature, String> {
        let known = match kind {
            Kind::Filter | Kind::SectionFilter => &self.filters,
            Kind::Test => &self.tests,
            Kind::Function => &self.functions,
        };
        if matches!(kind, Kind::SectionFilter) && name == "default" {
            return Err(
                "`default` gives a value to what is undefined, in an expression only \
                 (`{{ paper.doi | default(value=\"\") }}`); a section always has its body"
                    .to_string(),
            );
        }
        match known.get(name) {
            Some(&signature) => Ok(signature),
            None => Err(help_for(name, known.keys().copied(), kind.noun())),
        }
    }
}

/// An error for each argument a call of `name` (`the filter `num``, the `callee`) in the
/// bytes `within` of `source` gives and the callee does not take, and for each literal value it
/// gives that the callee would refuse, at the argument; and for each argument it needs that
/// the call does not give, at the name.
fn wrong_arguments(
    source: &SourceText,
    within: Option<Range<usize>>,
    name: &str,
    callee: &str,
    takes: Takes,
    given: &HashMap<String, Expr>,
) -> Vec<Diagnostic> {
    let taken = takes.names();
    let needed = |argument: &str| takes.needs.iter().any(|&(needed, _)| needed == argument);
    let names = given.keys().map(String::as_str);
    let mut errors: Vec<Diagnostic> = arguments::mistakes(callee, &taken, needed, names)
        .into_iter()
        .map(|mistake| match mistake {
            Mistake::NotTaken {
                name: argument,
                message,
                help,
            } => at_name(source, within.clone(), argument, message).with_help(help),
            Mistake::Missing { message, help } => {
                at_name(source, within.clone(), name, message).with_help(help)
            }
        })
        .collect();
    let mut literals: Vec<(&str, Reads, Value)> = given
        .iter()
        .filter_map(|(argument, expr)| {
            let reads = takes.reads(argument)?;
            Some((argument.as_str(), reads, literal_value(expr)?))
        })
        .collect();
    literals.sort_by_key(|&(argument, ..)| argument);
    for (argument, reads, value) in literals {
        let said = |what: &str| format!("`{name}`'s `{argument}` is {what}, not {value}");
        if let Some(wrong) = reads.mistake(&value, said) {
            errors.push(at_name(source, within.clone(), argument, wrong));
        }
    }
    errors
}

/// An error for a use of the test `name` in the bytes `within` of `source` with another number
/// of arguments than it `reads`, at its name, or for each literal argument it would refuse, at
/// the argument.
fn wrong_test_arguments(
    source: &SourceText,
    within: Option<Range<usize>>,
    name: &str,
    reads: &[Reads],
    given: &[Expr],
) -> Vec<Diagnostic> {
    let callee = format!("the test `{name}`");
    if let Some((message, help)) = arguments::test_mistake(&callee, name, reads.len(), given.len())
    {
        return vec![at_name(source, within, name, message).with_help(help)];
    }
    let mut errors = Vec::new();
    for (reads, expr) in reads.iter().zip(given) {
        let Some(value) = literal_value(expr) else {
            continue;
        };
        let said = |what: &str| format!("{callee} takes {what}, not {value}");
        if let Some(wrong) = reads.mistake(&value, said) {
            let argument = expr.span.start..expr.span.end;
            errors.push(if argument.is_empty() {
                at_name(source, within.clone(), name, wrong)
            } else {
                Diagnostic::at(source, argument.start, argument.len(), wrong)
            });
        }
    }
    errors
}

pub(super) fn help_for<'a>(
    name: &str,
    known: impl Iterator<Item = &'a str> + Clone,
    noun: &str,
) -> String {
    match suggest(name, known.clone()) {
        Some(meant) => format!("did you mean `{meant}`?"),
        None => {
            let all: Vec<&str> = known.collect();
            if all.is_empty() {
                format!("there is no {noun} here to call")
            } else {
                format!("the {noun}s there are: {}", quoted_list(&all))
            }
        }
    }
}

/// `names` in backticks, separated by commas.
pub(super) fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    quoted.join(", ")
}

fn missing_include(
    tera: &Tera,
    source: &SourceText,
    config: &Config,
    included: &[String],
) -> Option<Diagnostic> {
    if included
        .iter()
        .any(|name| tera.templates.contains_key(name))
    {
        return None;
    }
    let first = included.first()?;
    let names: Vec<&str> = included.iter().map(String::as_str).collect();
    let place = ['"', '\'', '`']
        .into_iter()
        .find_map(|quote| source.text.find(&format!("{quote}{first}{quote}")));
    let message = missing_include_said(&names);
    let diagnostic = match place {
        Some(at) => Diagnostic::at(source, at, first.len() + 2, message),
        None => Diagnostic::at(source, 0, 1, message),
    };
    let help = match suggest(first, tera.templates.keys().map(String::as_str)) {
        Some(meant) => format!("did you mean `{meant}`?"),
        None => format!(
            "add {} or {}, or include it with `ignore missing` where a site may leave it out",
            Templates::theme_dir(config)
                .join("templates")
                .join(first)
                .display(),
            std::path::Path::new(SITE_TEMPLATES_DIR)
                .join(first)
                .display()
        ),
    };
    Some(diagnostic.with_help(help))
}

/// The error underlining `name` where it is written: within the expression that holds it (or
/// the whole expression, where the name is not written as it is), or else its first whole
/// occurrence in the template.
pub(super) fn at_name(
    source: &SourceText,
    within: Option<Range<usize>>,
    name: &str,
    message: String,
) -> Diagnostic {
    if let Some(within) = within {
        return match find_in(source, &within, name) {
            Some(at) => Diagnostic::at(source, at, name.len(), message),
            // Not as written (`"a" ~ "b"`, which the parser joins): the whole expression.
            None => Diagnostic::at(source, within.start, within.len(), message),
        };
    }
    match find_whole_name(&source.text, name, is_tera_name) {
        Some(at) => Diagnostic::at(source, at, name.len(), message),
        None => Diagnostic::at(source, 0, 1, message),
    }
}

/// Where `needle` first stands as a whole name in the bytes `within` of the template.
pub(super) fn find_in(source: &SourceText, within: &Range<usize>, needle: &str) -> Option<usize> {
    let text = source.text.get(within.clone())?;
    find_whole_name(text, needle, is_tera_name).map(|at| within.start + at)
}

/// The names `template` uses in what renders: all of it, or, for a template that extends
/// another, its blocks and macros (Tera renders nothing else of it).
fn uses_in_template<'t>(template: &'t Template, uses: &mut Vec<Use<'t>>) {
    if template.parent.is_none() {
        uses_in_nodes(&template.ast, uses);
        return;
    }
    for node in &template.ast {
        if matches!(node, Node::Block(..) | Node::MacroDefinition(..)) {
            uses_in_nodes(std::slice::from_ref(node), uses);
        }
    }
}

fn uses_in_nodes<'t>(nodes: &'t [Node], uses: &mut Vec<Use<'t>>) {
    for node in nodes {
        match node {
            Node::VariableBlock(_, expr) => uses_in_expr(expr, uses),
            Node::MacroDefinition(_, definition, _) => {
                for default in definition.args.values().flatten() {
                    uses_in_expr(default, uses);
                }
                uses_in_nodes(&definition.body, uses);
            }
            Node::Set(_, set) => uses_in_expr(&set.value, uses),
            Node::FilterSection(_, section, _) => {
                uses.push(Use::Named {
                    kind: Kind::SectionFilter,
                    name: &section.filter.name,
                    args: Given::Named(&section.filter.args),
                    within: Some(section.span.start..section.span.end),
                });
                section
                    .filter
                    .args
                    .values()
                    .for_each(|a| uses_in_expr(a, uses));
                uses_in_nodes(&section.body, uses);
            }
            Node::Block(_, block, _) => uses_in_nodes(&block.body, uses),
            Node::Forloop(_, forloop, _) => {
                uses_in_expr(&forloop.container, uses);
                uses_in_nodes(&forloop.body, uses);
                if let Some(body) = &forloop.empty_body {
                    uses_in_nodes(body, uses);
                }
            }
            Node::If(condition, _) => {
                for (_, expr, body) in &condition.conditions {
                    uses_in_expr(expr, uses);
                    uses_in_nodes(body, uses);
                }
                if let Some((_, body)) = &condition.otherwise {
                    uses_in_nodes(body, uses);
                }
            }
            Node::Include(_, included, ignore_missing) => {
                if !ignore_missing {
                    uses.push(Use::Include(included));
                }
            }
            Node::Super
            | Node::Text(_)
            | Node::Extends(..)
            | Node::ImportMacro(..)
            | Node::Raw(..)
            | Node::Break(_)
            | Node::Continue(_)
            | Node::Comment(..) => {}
        }
    }
}

fn uses_in_expr<'t>(expr: &'t Expr, uses: &mut Vec<Use<'t>>) {
    let within = Some(expr.span.start..expr.span.end).filter(|s| !s.is_empty());
    uses_in_value(&expr.val, &within, uses);
    for filter in &expr.filters {
        uses.push(Use::Named {
            kind: Kind::Filter,
            name: &filter.name,
            args: Given::Named(&filter.args),
            within: within.clone(),
        });
        filter.args.values().for_each(|a| uses_in_expr(a, uses));
    }
}

/// The names `value` uses; `within` is the expression that holds it.
fn uses_in_value<'t>(value: &'t ExprVal, within: &Option<Range<usize>>, uses: &mut Vec<Use<'t>>) {
    match value {
        ExprVal::Math(math) => {
            uses_in_expr(&math.lhs, uses);
            uses_in_expr(&math.rhs, uses);
        }
        ExprVal::Logic(logic) => {
            uses_in_expr(&logic.lhs, uses);
            uses_in_expr(&logic.rhs, uses);
        }
        ExprVal::In(test) => {
            uses_in_expr(&test.lhs, uses);
            uses_in_expr(&test.rhs, uses);
        }
        ExprVal::Test(test) => {
            uses.push(Use::Named {
                kind: Kind::Test,
                name: &test.name,
                args: Given::InOrder(&test.args),
                within: within.clone(),
            });
            test.args.iter().for_each(|a| uses_in_expr(a, uses));
        }
        ExprVal::FunctionCall(call) => {
            uses.push(Use::Named {
                kind: Kind::Function,
                name: &call.name,
                args: Given::Named(&call.args),
                within: within.clone(),
            });
            call.args.values().for_each(|a| uses_in_expr(a, uses));
        }
        ExprVal::MacroCall(call) => {
            uses.push(Use::MacroCall {
                namespace: &call.namespace,
                name: &call.name,
                args: &call.args,
                within: within.clone(),
            });
            call.args.values().for_each(|a| uses_in_expr(a, uses));
        }
        ExprVal::Array(items) => items.iter().for_each(|i| uses_in_expr(i, uses)),
        ExprVal::StringConcat(concat) => concat
            .values
            .iter()
            .for_each(|v| uses_in_value(v, within, uses)),
        ExprVal::String(_)
        | ExprVal::Int(_)
        | ExprVal::Float(_)
        | ExprVal::Bool(_)
        | ExprVal::Ident(_) => {}
    }
}
