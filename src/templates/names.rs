//! The names the templates call things by, checked when they load: every filter, test,
//! function and macro a template uses exists, and so does every template it includes; once the
//! messages are loaded too, what it asks of them (`message_calls`). Tera finds a misspelt
//! name only when a page's render reaches it, so a typo in a branch that no page of today's
//! records takes (a right-to-left title, a paper without authors) would ship and break the
//! build on the day a record took it; here it is an error at once, at its place.

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;

use tera::ast::{Expr, ExprVal, Node};
use tera::{Template, Tera};

use super::errors::{is_tera_name, missing_include_said};
use super::{Templates, SITE_TEMPLATES_DIR};
use crate::config::Config;
use crate::diagnostics::{find_whole_name, suggest, Diagnostic, SourceText};

/// What a name written in a template stands for.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    Filter,
    Test,
    Function,
}

impl Kind {
    fn noun(self) -> &'static str {
        match self {
            Kind::Filter => "filter",
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
        /// A function's arguments.
        args: Option<&'t HashMap<String, Expr>>,
        /// The expression that holds it, where the parser kept its bytes.
        within: Option<Range<usize>>,
    },
    MacroCall {
        namespace: &'t str,
        name: &'t str,
        within: Option<Range<usize>>,
    },
    Include(&'t [String]),
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

/// An error for each name the templates use that stands for nothing; `extra_filters` and
/// `extra_functions` are those each locale's copy registers beside `tera`'s own.
pub(super) fn unknown_names(
    tera: &Tera,
    templates: &TemplateUses,
    config: &Config,
    extra_filters: &[&str],
    extra_functions: &[&str],
) -> Vec<Diagnostic> {
    // `safe` and `default` are not registered: Tera's renderer applies them itself.
    let filters: Vec<&str> = extra_filters
        .iter()
        .copied()
        .chain(["safe", "default"])
        .collect();
    let known = Known {
        filters: names(tera.filters.keys(), &filters),
        tests: names(tera.testers.keys(), &[]),
        functions: names(tera.functions.keys(), extra_functions),
    };
    let mut namespaces = Namespaces::default();
    let mut errors = Vec::new();
    for &(template, source, ref uses) in templates {
        for used in uses {
            let error = match used {
                Use::Named {
                    kind, name, within, ..
                } => known.unknown(*kind, name).map(|help| {
                    let message = format!("there is no {} `{name}`", kind.noun());
                    at_name(source, within.clone(), name, message).with_help(help)
                }),
                Use::MacroCall {
                    namespace,
                    name,
                    within,
                } => namespaces
                    .unknown_macro(tera, &template.name, namespace, name)
                    .map(|mistake| {
                        // The namespace, or the macro's name after it.
                        let (skip, len) = match mistake.part {
                            MacroPart::Namespace => (0, namespace.len()),
                            MacroPart::Name => (namespace.len() + 2, name.len()),
                        };
                        let written = format!("{namespace}::{name}");
                        let diagnostic =
                            match within.as_ref().and_then(|w| find_in(source, w, &written)) {
                                Some(at) => Diagnostic::at(source, at + skip, len, mistake.message),
                                None => at_name(source, within.clone(), name, mistake.message),
                            };
                        diagnostic.with_help(mistake.help)
                    }),
                Use::Include(included) => missing_include(tera, source, config, included),
            };
            errors.extend(error);
        }
    }
    errors
}

fn names<'a>(own: impl Iterator<Item = &'a String>, extra: &[&'a str]) -> BTreeSet<&'a str> {
    own.map(String::as_str)
        .chain(extra.iter().copied())
        .collect()
}

struct Known<'a> {
    filters: BTreeSet<&'a str>,
    tests: BTreeSet<&'a str>,
    functions: BTreeSet<&'a str>,
}

impl Known<'_> {
    /// `None` when `name` is known; else the help for its error: the name meant, or those there
    /// are.
    fn unknown(&self, kind: Kind, name: &str) -> Option<String> {
        let known = match kind {
            Kind::Filter => &self.filters,
            Kind::Test => &self.tests,
            Kind::Function => &self.functions,
        };
        if known.contains(name) {
            return None;
        }
        Some(help_for(name, known.iter().copied(), kind.noun()))
    }
}

fn help_for<'a>(name: &str, known: impl Iterator<Item = &'a str> + Clone, noun: &str) -> String {
    match suggest(name, known.clone()) {
        Some(meant) => format!("did you mean `{meant}`?"),
        None => {
            let all: Vec<String> = known.map(|k| format!("`{k}`")).collect();
            if all.is_empty() {
                format!("there is no {noun} here to call")
            } else {
                format!("the {noun}s there are: {}", all.join(", "))
            }
        }
    }
}

/// The macros each template can call by namespace, resolved as Tera's renderer does: the
/// template's own (`self`), those of the files it imports (and of the files those import,
/// where the name is not taken), then those of its parents, where the name is not taken.
#[derive(Default)]
struct Namespaces<'t> {
    of: HashMap<&'t str, HashMap<&'t str, &'t str>>,
}

impl<'t> Namespaces<'t> {
    fn of(&mut self, tera: &'t Tera, template: &'t str) -> &HashMap<&'t str, &'t str> {
        if !self.of.contains_key(template) {
            // Entered before it is filled, so that files importing one another end.
            self.of.insert(template, HashMap::new());
            let mut namespaces = HashMap::new();
            if let Ok(own) = tera.get_template(template) {
                if !own.macros.is_empty() {
                    namespaces.insert("self", template);
                }
                for (file, namespace) in &own.imported_macro_files {
                    namespaces.insert(namespace.as_str(), file.as_str());
                    for (inner, holder) in self.of(tera, file).clone() {
                        namespaces.entry(inner).or_insert(holder);
                    }
                }
                for parent in &own.parents {
                    for (inner, holder) in self.of(tera, parent).clone() {
                        namespaces.entry(inner).or_insert(holder);
                    }
                }
            }
            self.of.insert(template, namespaces);
        }
        &self.of[template]
    }

    /// `None` when `namespace::name` is a macro `template` can call; else what is wrong.
    fn unknown_macro(
        &mut self,
        tera: &'t Tera,
        template: &'t str,
        namespace: &str,
        name: &str,
    ) -> Option<MacroMistake> {
        let namespaces = self.of(tera, template);
        let Some(&file) = namespaces.get(namespace) else {
            let help = match suggest(namespace, namespaces.keys().copied()) {
                Some(meant) => format!("did you mean `{meant}::{name}`?"),
                None => format!(
                    "import the file that defines `{name}` at the top of the template: {{% import \"macros.html\" as {namespace} %}}"
                ),
            };
            return Some(MacroMistake {
                part: MacroPart::Namespace,
                message: format!("no macros are imported as `{namespace}` here"),
                help,
            });
        };
        let macros = &tera.get_template(file).ok()?.macros;
        if macros.contains_key(name) {
            return None;
        }
        let mut defined: Vec<&str> = macros.keys().map(String::as_str).collect();
        defined.sort_unstable();
        Some(MacroMistake {
            part: MacroPart::Name,
            message: format!("`{file}` has no macro `{name}`"),
            help: help_for(name, defined.into_iter(), "macro"),
        })
    }
}

/// What is wrong with a macro call, and which part of `namespace::name` to underline.
struct MacroMistake {
    part: MacroPart,
    message: String,
    help: String,
}

enum MacroPart {
    Namespace,
    Name,
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
fn find_in(source: &SourceText, within: &Range<usize>, needle: &str) -> Option<usize> {
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
                    kind: Kind::Filter,
                    name: &section.filter.name,
                    args: None,
                    within: None,
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
            args: None,
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
                args: None,
                within: within.clone(),
            });
            test.args.iter().for_each(|a| uses_in_expr(a, uses));
        }
        ExprVal::FunctionCall(call) => {
            uses.push(Use::Named {
                kind: Kind::Function,
                name: &call.name,
                args: Some(&call.args),
                within: within.clone(),
            });
            call.args.values().for_each(|a| uses_in_expr(a, uses));
        }
        ExprVal::MacroCall(call) => {
            uses.push(Use::MacroCall {
                namespace: &call.namespace,
                name: &call.name,
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
