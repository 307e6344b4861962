//! What a message refers to. A reference to another message or term is looked up in the
//! message's own language only (Fluent does not fall back), so one to an entry the language
//! does not define, to an attribute the entry lacks, or to the value of a message that has only
//! attributes, is an error at its place when the messages load; so is a cycle of references,
//! which Fluent would only find when a page shows it. A variable is given by the template's
//! call, so one the call does not give is found when the message is formatted; the error then
//! names the variable's place in its `.ftl` file and the variables the call gave.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast;

use super::walk;
use super::{Definition, Place, SUBFIELD_PREFIX};
use crate::diagnostics::{Diagnostic, SourceText};

/// A pattern a reference can show: an entry's value (`home-heading`, `-brand`) or one of its
/// attributes (`home-heading.title`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Node {
    id: String,
    attribute: Option<String>,
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.attribute {
            Some(attribute) => write!(f, "{}.{attribute}", self.id),
            None => f.write_str(&self.id),
        }
    }
}

/// What an entry offers to a reference: a value or not, and the names of its attributes.
struct Shape {
    has_value: bool,
    attributes: Vec<String>,
}

/// A reference from one pattern to another, and where it is written: `file` indexes
/// [`References::files`], and the place spans the reference's name (a term's dash included)
/// and its attribute.
struct Reference {
    from: Node,
    to: Node,
    file: usize,
    offset: usize,
    len: usize,
}

/// The references of one language's files to messages and terms, with the shapes of the
/// entries it defines, gathered file by file as the messages load.
#[derive(Default)]
pub struct References {
    /// Each file's text, with the address of the copy its parsed entries point into, to place
    /// what a formatting error names.
    files: Vec<(SourceText, usize)>,
    shapes: BTreeMap<String, Shape>,
    references: Vec<Reference>,
    variables: Vec<VariableUse>,
}

/// A variable written in a message's pattern: the place is that of its `$`.
struct VariableUse {
    node: Node,
    name: String,
    file: usize,
    offset: usize,
}

impl References {
    pub fn add(&mut self, source: &SourceText, resource: &FluentResource) {
        let file = self.files.len();
        let text = resource.source();
        // The address only: the resource's text does not move when the bundle takes it.
        self.files.push((source.clone(), text.as_ptr() as usize));
        for entry in walk::entries(resource) {
            let id = entry.id();
            // The first definition is the one the bundle keeps; a second is an error of its own.
            self.shapes.entry(id.clone()).or_insert_with(|| Shape {
                has_value: entry.value.is_some(),
                attributes: entry
                    .attributes
                    .iter()
                    .map(|(name, _)| name.to_string())
                    .collect(),
            });
            for (attribute, pattern) in entry.patterns() {
                let from = Node {
                    id: id.clone(),
                    attribute: attribute.map(str::to_string),
                };
                walk::expressions(pattern, &mut |inline| {
                    let (to, start, dash) = match inline {
                        // A term's variables are its own parameters, not the call's variables.
                        ast::InlineExpression::VariableReference { id } if !entry.is_term => {
                            self.variables.push(VariableUse {
                                node: from.clone(),
                                name: id.name.to_string(),
                                file,
                                offset: walk::offset_in(text, id.name).saturating_sub(1),
                            });
                            return;
                        }
                        ast::InlineExpression::MessageReference { id, attribute } => {
                            (Node::of(id.name.to_string(), attribute), id.name, 0)
                        }
                        ast::InlineExpression::TermReference { id, attribute, .. } => {
                            (Node::of(format!("-{}", id.name), attribute), id.name, 1)
                        }
                        _ => return,
                    };
                    let len = to.to_string().len();
                    self.references.push(Reference {
                        from: from.clone(),
                        to,
                        file,
                        // The dash is written right before a term's name.
                        offset: walk::offset_in(text, start).saturating_sub(dash),
                        len,
                    });
                });
            }
        }
    }

    /// Every reference to an entry the language does not define, to an attribute or a value
    /// the entry lacks, and every cycle of references. `defined` is the language's own entries;
    /// `default_language` the default language's, to say where to copy a missing one from.
    pub fn check(
        &self,
        defined: &BTreeMap<String, Definition>,
        default_language: Option<&BTreeMap<String, Definition>>,
    ) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        for reference in &self.references {
            if let Some((message, help)) = self.problem(reference, defined, default_language) {
                errors.push(self.error_at(reference, message).with_help(help));
            }
        }
        errors.extend(self.cycles());
        errors.extend(self.subfield_variables());
        errors
    }

    /// Every variable a subfield's name (`subfield-<slug>`, its value or a form) uses: a theme
    /// shows the name as it is, without variables, on every page that names the subfield.
    fn subfield_variables(&self) -> impl Iterator<Item = Diagnostic> + '_ {
        self.variables
            .iter()
            .filter(|used| used.node.id.starts_with(SUBFIELD_PREFIX))
            .map(|used| {
                Diagnostic::at(
                    &self.files[used.file].0,
                    used.offset,
                    used.name.len() + 1,
                    format!(
                        "a subfield's name takes no variables: `{}` uses `${}`",
                        used.node.id, used.name
                    ),
                )
                .with_help("write the name (and each of its forms) as plain text")
            })
    }

    /// The variables each message's value and attribute uses, itself or through the messages
    /// it shows (which are given the same variables), each with the place of its first use, by
    /// key (`paper-byline`, `search.placeholder`). Terms are not followed: their variables are
    /// the parameters a reference gives them.
    pub fn message_variables(&self) -> BTreeMap<String, BTreeMap<String, Place>> {
        let mut own: BTreeMap<&Node, BTreeMap<&str, &VariableUse>> = BTreeMap::new();
        for used in &self.variables {
            own.entry(&used.node)
                .or_default()
                .entry(&used.name)
                .or_insert(used);
        }
        let values: Vec<Node> = self
            .shapes
            .iter()
            .filter(|(id, _)| !id.starts_with('-'))
            .flat_map(|(id, shape)| {
                let value = shape.has_value.then_some(None);
                let attributes = shape.attributes.iter().map(|a| Some(a.clone()));
                value.into_iter().chain(attributes).map(|attribute| Node {
                    id: id.clone(),
                    attribute,
                })
            })
            .collect();
        let edges = self.edges();
        // Each node's variables, made once those of the nodes it shows are; a node that leads
        // back onto the walk's path, a cycle, adds nothing.
        let mut made: BTreeMap<&Node, BTreeMap<&str, &VariableUse>> = BTreeMap::new();
        depth_first(
            &edges,
            values.iter(),
            |_, _| {},
            |node| {
                let mut all = own.get(node).cloned().unwrap_or_default();
                let shown = edges.get(node).into_iter().flatten();
                for reference in shown.filter(|r| !r.to.id.starts_with('-')) {
                    for (&name, &used) in made.get(&reference.to).into_iter().flatten() {
                        all.entry(name).or_insert(used);
                    }
                }
                made.insert(node, all);
            },
        );
        values
            .iter()
            .map(|node| {
                let variables = made.get(node).into_iter().flatten();
                let places = variables
                    .map(|(&name, used)| (name.to_string(), self.place_of(used.file, used.offset)))
                    .collect();
                (node.to_string(), places)
            })
            .collect()
    }

    /// The references from each pattern, in the order they are written.
    fn edges(&self) -> BTreeMap<&Node, Vec<&Reference>> {
        let mut edges: BTreeMap<&Node, Vec<&Reference>> = BTreeMap::new();
        for reference in &self.references {
            edges.entry(&reference.from).or_default().push(reference);
        }
        edges
    }

    /// An error at `place`, in one of these files, underlining `len` bytes.
    pub fn error_at_place(&self, place: &Place, len: usize, message: String) -> Diagnostic {
        match self
            .files
            .iter()
            .find(|(source, _)| source.path == place.path)
        {
            Some((source, _)) => {
                let offset = source.offset(place.line, place.column);
                Diagnostic::at(source, offset, len, message)
            }
            None => Diagnostic::new(&place.path, message),
        }
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

    fn place_of(&self, file: usize, offset: usize) -> Place {
        let (source, _) = &self.files[file];
        let (line, column) = source.line_col(offset);
        Place {
            path: source.path.clone(),
            line,
            column,
        }
    }

    fn error_at(&self, reference: &Reference, message: String) -> Diagnostic {
        Diagnostic::at(
            &self.files[reference.file].0,
            reference.offset,
            reference.len,
            message,
        )
    }

    /// What is wrong with what `reference` refers to, and the help: `None` if nothing is.
    fn problem(
        &self,
        reference: &Reference,
        defined: &BTreeMap<String, Definition>,
        default_language: Option<&BTreeMap<String, Definition>>,
    ) -> Option<(String, String)> {
        let (source, _) = &self.files[reference.file];
        let folder = source.path.parent().unwrap_or(&source.path).display();
        let Node { id, attribute } = &reference.to;
        let kind = reference.to.kind();
        let shape = match self.shapes.get(id).filter(|_| defined.contains_key(id)) {
            Some(shape) => shape,
            None => {
                let message = format!(
                    "the {kind} `{id}` is not defined in {folder}/; a reference is looked up in its own language only"
                );
                let help = match default_language.and_then(|d| d.get(id)) {
                    Some(at) => format!("translate its definition ({at}) into {folder}/"),
                    None => format!("define `{id}`, or write the name of an entry that exists"),
                };
                return Some((message, help));
            }
        };
        match attribute {
            Some(attribute) if !shape.attributes.contains(attribute) => {
                let message =
                    format!("the {kind} `{id}` has no attribute `.{attribute}` in {folder}/");
                let help = match shape.attributes.as_slice() {
                    [] => format!(
                        "add `.{attribute} = …` under `{id}`, or write `{{ {id} }}` for its value"
                    ),
                    names => format!(
                        "its attributes are {}; or add `.{attribute} = …` under `{id}`",
                        names
                            .iter()
                            .map(|n| format!("`.{n}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                Some((message, help))
            }
            None if !shape.has_value => {
                let message = format!(
                    "the {kind} `{id}` has no value, only attributes: a reference to it shows nothing"
                );
                let first = shape.attributes.first().map_or("", String::as_str);
                let help = format!("write `{{ {id}.{first} }}`, or give `{id}` a value");
                Some((message, help))
            }
            _ => None,
        }
    }

    /// One error for each reference that closes a cycle (a pattern that shows itself, directly
    /// or through others), at that reference.
    fn cycles(&self) -> Vec<Diagnostic> {
        let edges = self.edges();
        let mut errors = Vec::new();
        let back = |path: &[&Node], reference: &Reference| {
            let to = &reference.to;
            let round: Vec<String> = path
                .iter()
                .map(|n| n.to_string())
                .chain([to.to_string()])
                .collect();
            let message = format!(
                "the {} `{to}` refers back to itself: {}",
                to.kind(),
                shortened(round).join(" → ")
            );
            errors.push(
                self.error_at(reference, message)
                    .with_help("a message cannot show itself, directly or through others: remove one of these references"),
            );
        };
        depth_first(&edges, edges.keys().copied(), back, |_| {});
        errors
    }
}

/// A depth-first walk over `edges`, from each of `starts` not reached before, in order. It
/// calls `back` with the round from the node a reference leads back to, along the walk's path
/// to the reference's own node, for each reference that leads back onto the path (it closes a
/// cycle), and `finished` with each node once every node it leads to is finished or on the
/// path. It keeps its own stack: a chain of thousands of messages must not overflow the
/// thread's.
fn depth_first<'a>(
    edges: &BTreeMap<&'a Node, Vec<&'a Reference>>,
    starts: impl Iterator<Item = &'a Node>,
    mut back: impl FnMut(&[&'a Node], &'a Reference),
    mut finished: impl FnMut(&'a Node),
) {
    let mut reached: BTreeSet<&Node> = BTreeSet::new();
    for start in starts {
        if !reached.insert(start) {
            continue;
        }
        // The path, each node with how many of its references have been followed, and where
        // each node of it is on it.
        let mut path: Vec<&Node> = vec![start];
        let mut followed: Vec<usize> = vec![0];
        let mut on_path: BTreeMap<&Node, usize> = BTreeMap::from([(start, 0)]);
        while let (Some(&node), Some(next)) = (path.last(), followed.last_mut()) {
            let Some(&reference) = edges.get(node).and_then(|out| out.get(*next)) else {
                on_path.remove(node);
                path.pop();
                followed.pop();
                finished(node);
                continue;
            };
            *next += 1;
            let to = &reference.to;
            if let Some(&at) = on_path.get(to) {
                back(&path[at..], reference);
            } else if reached.insert(to) {
                on_path.insert(to, path.len());
                path.push(to);
                followed.push(0);
            }
        }
    }
}

/// The names of a round of references, its middle left out when it is long.
fn shortened(round: Vec<String>) -> Vec<String> {
    const EACH_END: usize = 4;
    if round.len() <= 2 * EACH_END + 1 {
        return round;
    }
    let left_out = round.len() - 2 * EACH_END;
    let mut shown = round[..EACH_END].to_vec();
    shown.push(format!("… ({left_out} more)"));
    shown.extend_from_slice(&round[round.len() - EACH_END..]);
    shown
}

impl Node {
    /// `message` or `term` (a term's id starts with `-`).
    fn kind(&self) -> &'static str {
        super::kind_of(&self.id)
    }

    fn of(id: String, attribute: &Option<ast::Identifier<&str>>) -> Node {
        Node {
            id,
            attribute: attribute.as_ref().map(|a| a.name.to_string()),
        }
    }
}

/// Why a message with a variable its call does not give cannot be formatted: the variable's
/// place in the file, and what the call gave instead.
pub fn missing_variable(
    places: &References,
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
    let place = first.and_then(|name| places.place(name, 1));
    let given = args
        .into_iter()
        .flat_map(|a| a.iter())
        .map(|(name, _)| name);
    format!("it uses {}", not_given(variable, place, given))
}

/// What a message uses that its call does not give: `variable`, written at `place`, with the
/// variables the call gives instead (`the variable `$year` (…), which this call does not give;
/// it gives …`).
pub fn not_given<'a>(
    variable: &str,
    place: Option<impl fmt::Display>,
    given: impl Iterator<Item = &'a str>,
) -> String {
    let place = place.map(|at| format!(" ({at})")).unwrap_or_default();
    let given: Vec<String> = given.map(|name| format!("`${name}`")).collect();
    let given = if given.is_empty() {
        "it gives none".to_string()
    } else {
        format!("it gives {}", given.join(", "))
    };
    format!("the variable `${variable}`{place}, which this call does not give; {given}")
}

#[cfg(test)]
mod tests {
    use super::shortened;

    #[test]
    fn a_long_round_is_named_by_its_ends() {
        let names = |range: std::ops::Range<usize>| -> Vec<String> {
            range.map(|i| format!("m{i}")).collect()
        };
        assert_eq!(shortened(names(0..9)), names(0..9));
        assert_eq!(
            shortened(names(0..12)).join(" → "),
            "m0 → m1 → m2 → m3 → … (4 more) → m8 → m9 → m10 → m11"
        );
    }
}
