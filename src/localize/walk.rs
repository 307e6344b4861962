//! A walk over the expressions of a parsed Fluent resource, for the checks made when the
//! messages load and for placing a formatting error in its file.

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

/// An entry of a resource: its name as the resource's text holds it (a term's without its
/// dash), whether it is a term, its value and its attributes (name, value).
pub struct Entry<'r> {
    pub name: &'r str,
    pub is_term: bool,
    pub value: Option<&'r ast::Pattern<&'r str>>,
    pub attributes: Vec<(&'r str, &'r ast::Pattern<&'r str>)>,
}

impl<'r> Entry<'r> {
    /// The id as messages refer to it: `-brand` for a term.
    pub fn id(&self) -> String {
        if self.is_term {
            format!("-{}", self.name)
        } else {
            self.name.to_string()
        }
    }

    /// Its patterns, each with the attribute it is the value of (`None` for the entry's value).
    pub fn patterns(&self) -> impl Iterator<Item = (Option<&'r str>, &'r ast::Pattern<&'r str>)> {
        let value = self.value.map(|pattern| (None, pattern));
        let attributes = self.attributes.clone().into_iter();
        value
            .into_iter()
            .chain(attributes.map(|(name, pattern)| (Some(name), pattern)))
    }
}

/// The messages and terms of a resource, with their values and attributes.
pub fn entries(resource: &FluentResource) -> impl Iterator<Item = Entry<'_>> {
    resource.entries().filter_map(|entry| {
        let (name, is_term, value, attributes) = match entry {
            ast::Entry::Message(m) => (m.id.name, false, m.value.as_ref(), &m.attributes),
            ast::Entry::Term(t) => (t.id.name, true, Some(&t.value), &t.attributes),
            _ => return None,
        };
        Some(Entry {
            name,
            is_term,
            value,
            attributes: attributes.iter().map(|a| (a.id.name, &a.value)).collect(),
        })
    })
}

/// Calls `visit` with every inline expression of `pattern`: placeables, selectors, the
/// patterns of variants and the arguments of calls, however deep.
pub fn expressions<'r>(
    pattern: &'r ast::Pattern<&'r str>,
    visit: &mut impl FnMut(&'r ast::InlineExpression<&'r str>),
) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_parts(expression, visit);
        }
    }
}

fn expression_parts<'r>(
    expression: &'r ast::Expression<&'r str>,
    visit: &mut impl FnMut(&'r ast::InlineExpression<&'r str>),
) {
    match expression {
        ast::Expression::Inline(inline) => inline_parts(inline, visit),
        ast::Expression::Select { selector, variants } => {
            inline_parts(selector, visit);
            for variant in variants {
                expressions(&variant.value, visit);
            }
        }
    }
}

fn inline_parts<'r>(
    inline: &'r ast::InlineExpression<&'r str>,
    visit: &mut impl FnMut(&'r ast::InlineExpression<&'r str>),
) {
    visit(inline);
    let arguments = match inline {
        ast::InlineExpression::FunctionReference { arguments, .. } => arguments,
        ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => arguments,
        ast::InlineExpression::Placeable { expression } => {
            return expression_parts(expression, visit);
        }
        _ => return,
    };
    for positional in &arguments.positional {
        inline_parts(positional, visit);
    }
}

/// Where `part`, a slice of `text` as the parsed resource holds its names and literals, starts.
pub fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize)
        .checked_sub(text.as_ptr() as usize)
        .filter(|&offset| offset <= text.len())
        .unwrap_or(0)
}
