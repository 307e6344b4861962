//! What a message refers to. A reference to another message or term is looked up in the
//! message's own language only (Fluent does not fall back), so one to an entry the language
//! does not define is an error at its place when the messages load. A variable is given by the
//! template's call, so one the call does not give is found when the message is formatted; the
//! error then names the variable's place in its `.ftl` file and the variables the call gave.

use std::collections::BTreeMap;

use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast;

use super::walk;
use super::Definition;
use crate::diagnostics::{Diagnostic, SourceText};

/// A reference from one entry to another: the id as defined (`-term` with the dash), and
/// where its name is written in the file.
pub struct Reference {
    id: String,
    offset: usize,
    len: usize,
}

/// The references of a resource to other messages and terms.
pub fn of(resource: &FluentResource) -> Vec<Reference> {
    let text = resource.source();
    let mut references = Vec::new();
    for entry in walk::entries(resource) {
        for pattern in entry.patterns {
            walk::expressions(pattern, &mut |inline| {
                let offset = |name: &str| walk::offset_in(text, name);
                references.push(match inline {
                    ast::InlineExpression::MessageReference { id, .. } => Reference {
                        id: id.name.to_string(),
                        offset: offset(id.name),
                        len: id.name.len(),
                    },
                    // The dash is written right before the name.
                    ast::InlineExpression::TermReference { id, .. } => Reference {
                        id: format!("-{}", id.name),
                        offset: offset(id.name).saturating_sub(1),
                        len: id.name.len() + 1,
                    },
                    _ => return,
                });
            });
        }
    }
    references
}

/// Every reference of a language's files to an entry the language does not define.
/// `default_language` is the default language's own entries, to say where to copy one from.
pub fn check(
    files: &[(SourceText, Vec<Reference>)],
    defined: &BTreeMap<String, Definition>,
    default_language: Option<&BTreeMap<String, Definition>>,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for (source, references) in files {
        let folder = source.path.parent().unwrap_or(&source.path);
        for reference in references.iter().filter(|r| !defined.contains_key(&r.id)) {
            let kind = if reference.id.starts_with('-') {
                "term"
            } else {
                "message"
            };
            let id = &reference.id;
            let message = format!(
                "the {kind} `{id}` is not defined in {}/; a reference is looked up in its own language only",
                folder.display()
            );
            let help = match default_language.and_then(|d| d.get(id)) {
                Some(at) => format!("translate its definition ({at}) into {}/", folder.display()),
                None => format!("define `{id}`, or write the name of an entry that exists"),
            };
            errors.push(
                Diagnostic::at(source, reference.offset, reference.len, message).with_help(help),
            );
        }
    }
    errors
}

/// The files of a language as parsed, to place what a formatting error names: each file's text
/// and the address of the copy its parsed entries point into.
#[derive(Default)]
pub struct Places {
    files: Vec<(SourceText, usize)>,
}

impl Places {
    pub fn add(&mut self, source: &SourceText, resource: &FluentResource) {
        // The address only: the resource's text does not move when the bundle takes it.
        self.files
            .push((source.clone(), resource.source().as_ptr() as usize));
    }

    /// `file:line:column` of `part`, a slice of one of the files' parsed text, or of the
    /// `sigil` bytes written before it (the `$` of a variable).
    fn place(&self, part: &str, sigil: usize) -> Option<String> {
        let address = (part.as_ptr() as usize).checked_sub(sigil)?;
        self.files.iter().find_map(|(source, start)| {
            let offset = address.checked_sub(*start)?;
            (offset < source.text.len()).then(|| {
                let (line, column) = source.line_col(offset);
                format!("{}:{line}:{column}", source.path.display())
            })
        })
    }
}

/// Why a message with a variable its call does not give cannot be formatted: the variable's
/// place in the file, and what the call gave instead.
pub fn missing_variable(
    places: &Places,
    pattern: &ast::Pattern<&str>,
    variable: &str,
    args: Option<&FluentArgs>,
) -> String {
    let mut first = None;
    walk::expressions(pattern, &mut |inline| {
        if let ast::InlineExpression::VariableReference { id } = inline {
            if id.name == variable && first.is_none() {
                first = Some(id.name);
            }
        }
    });
    let place = first
        .and_then(|name| places.place(name, 1))
        .map(|at| format!(" ({at})"))
        .unwrap_or_default();
    let given: Vec<String> = args
        .into_iter()
        .flat_map(|a| a.iter())
        .map(|(name, _)| format!("`${name}`"))
        .collect();
    let given = if given.is_empty() {
        "it gives none".to_string()
    } else {
        format!("it gives {}", given.join(", "))
    };
    format!("it uses the variable `${variable}`{place}, which this call does not give; {given}")
}
