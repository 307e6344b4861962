//! The macros the templates call, checked when they load: each call's namespace and name
//! lead to a macro, resolved as Tera's renderer resolves them, and the call gives the
//! arguments that macro takes. Tera finds a wrong call only when a page renders it, and
//! leaves an argument the macro does not take unread.

use std::collections::HashMap;
use std::ops::Range;

use tera::ast::{Expr, MacroDefinition};
use tera::Tera;

use super::arguments::{self, Mistake};
use super::names::{at_name, find_in, help_for};
use crate::diagnostics::{suggest, Diagnostic, SourceText};

/// The macros each template can call by namespace, resolved as Tera's renderer does: the
/// template's own (`self`), those of the files it imports (and of the files those import,
/// where the name is not taken), then those of its parents, where the name is not taken.
#[derive(Default)]
pub(super) struct Namespaces<'t> {
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

    /// The macro `namespace::name` that `template` calls; else what is wrong.
    pub(super) fn called(
        &mut self,
        tera: &'t Tera,
        template: &'t str,
        namespace: &str,
        name: &str,
    ) -> Result<&'t MacroDefinition, MacroMistake> {
        let namespaces = self.of(tera, template);
        let Some(&file) = namespaces.get(namespace) else {
            let help = match suggest(namespace, namespaces.keys().copied()) {
                Some(meant) => format!("did you mean `{meant}::{name}`?"),
                None => format!(
                    "import the file that defines `{name}` at the top of the template: {{% import \"macros.html\" as {namespace} %}}"
                ),
            };
            return Err(MacroMistake {
                part: MacroPart::Namespace,
                message: format!("no macros are imported as `{namespace}` here"),
                help,
            });
        };
        // A namespace leads only to templates that are there.
        let macros = match tera.get_template(file) {
            Ok(imported) => &imported.macros,
            Err(error) => {
                return Err(MacroMistake {
                    part: MacroPart::Namespace,
                    message: error.to_string(),
                    help: String::new(),
                })
            }
        };
        if let Some(definition) = macros.get(name) {
            return Ok(definition);
        }
        let mut defined: Vec<&str> = macros.keys().map(String::as_str).collect();
        defined.sort_unstable();
        Err(MacroMistake {
            part: MacroPart::Name,
            message: format!("`{file}` has no macro `{name}`"),
            help: help_for(name, defined.into_iter(), "macro"),
        })
    }
}

/// A macro call as a template writes it.
pub(super) struct MacroCallSite<'a> {
    pub source: &'a SourceText,
    pub namespace: &'a str,
    pub name: &'a str,
    pub within: Option<&'a Range<usize>>,
}

impl MacroCallSite<'_> {
    /// The error of a call of a macro that is not there, underlining the part that is wrong.
    pub(super) fn unknown(&self, mistake: MacroMistake) -> Diagnostic {
        let (skip, len) = match mistake.part {
            MacroPart::Namespace => (0, self.namespace.len()),
            MacroPart::Name => (self.namespace.len() + 2, self.name.len()),
        };
        let diagnostic = match self.written_at() {
            Some(at) => Diagnostic::at(self.source, at + skip, len, mistake.message),
            None => at_name(
                self.source,
                self.within.cloned(),
                self.name,
                mistake.message,
            ),
        };
        if mistake.help.is_empty() {
            return diagnostic;
        }
        diagnostic.with_help(mistake.help)
    }

    /// An error for each argument the call names that the macro does not take (Tera would
    /// leave it unread, and the macro would use its default), and for each the macro needs
    /// that the call does not give, unless a misspelt one stands for it.
    pub(super) fn wrong_arguments(
        &self,
        definition: &MacroDefinition,
        given: &HashMap<String, Expr>,
    ) -> Vec<Diagnostic> {
        let macro_name = format!("{}::{}", self.namespace, self.name);
        let taken: Vec<&str> = definition.args.keys().map(String::as_str).collect();
        let needed = |name: &str| definition.args.get(name).is_some_and(Option::is_none);
        let callee = format!("the macro `{macro_name}`");
        let given = given.keys().map(String::as_str);
        arguments::mistakes(&callee, &taken, needed, given)
            .into_iter()
            .map(|mistake| match mistake {
                Mistake::NotTaken {
                    name,
                    message,
                    help,
                } => at_name(self.source, self.within.cloned(), name, message).with_help(help),
                Mistake::Missing { message, help } => match self.written_at() {
                    Some(at) => Diagnostic::at(self.source, at, macro_name.len(), message),
                    None => at_name(self.source, self.within.cloned(), self.name, message),
                }
                .with_help(help),
            })
            .collect()
    }

    /// Where `namespace::name` is written within the call's expression.
    fn written_at(&self) -> Option<usize> {
        let written = format!("{}::{}", self.namespace, self.name);
        self.within
            .and_then(|within| find_in(self.source, within, &written))
    }
}

/// What is wrong with a macro call, and which part of `namespace::name` to underline.
pub(super) struct MacroMistake {
    part: MacroPart,
    message: String,
    help: String,
}

enum MacroPart {
    Namespace,
    Name,
}
