//! Tera's errors as diagnostics: placed at the line and column of the template (or its parent,
//! or a macro it imports) that holds what they name.

use std::collections::HashMap;

use crate::diagnostics::{find_whole_name, suggest, Diagnostic, SourceText};

/// The whole chain of a Tera error, which keeps the useful part in its sources.
fn chain(error: &tera::Error) -> String {
    let mut text = error.to_string();
    let mut last = text.clone();
    let mut source = std::error::Error::source(error);
    while let Some(s) = source {
        // Tera wraps a failed function's error in the same words twice.
        let cause = s.to_string();
        if cause != last {
            text.push_str(": ");
            text.push_str(&cause);
            last = cause;
        }
        source = s.source();
    }
    text
}

pub(crate) fn template_error(
    sources: &HashMap<String, SourceText>,
    error: &tera::Error,
) -> Diagnostic {
    let text = chain(error);
    if let Some(diagnostic) = circular_extends(sources, &text) {
        return diagnostic;
    }
    let name = quoted_after(&text, "Failed to parse ")
        .or_else(|| quoted_after(&text, "Template "))
        .unwrap_or_default();
    template_error_in(sources, &name, &[], error)
}

/// `error` of template `name`, placed at the expression Tera says a render failed on (in
/// whichever template holds it); else in `name` or in the first of `family` (see
/// [`Templates::family`]) and then of the other templates that holds what it names.
pub(crate) fn template_error_in(
    sources: &HashMap<String, SourceText>,
    name: &str,
    family: &[String],
    error: &tera::Error,
) -> Diagnostic {
    let text = chain(error);
    let Some(source) = sources.get(name) else {
        return Diagnostic::new(format!("template {name}"), text);
    };
    // Parse errors carry `--> line:column`; render errors name the missing piece in quotes.
    if let Some((line, column)) = arrow_position(&text) {
        let message = text
            .lines()
            .last()
            .unwrap_or(&text)
            .trim_start_matches(['=', ' '])
            .to_string();
        let first = text.lines().next().unwrap_or_default();
        let first = first
            .split("  --> ")
            .next()
            .unwrap_or(first)
            .trim_end_matches([':', ' ']);
        return Diagnostic::at_line_col(source, line, column, format!("{first}: {message}"));
    }
    // The error is reported once for all the pages it stopped, whatever template they render.
    // papermap's `t()` says what it is in its own messages.
    let message = without_repeated_filter_name(
        &without_template_name(&text, name)
            .replace('\n', " ")
            .replace("Function call 't' failed: ", ""),
    );
    let (message, missing) = missing_include(&message);
    let (message, looped) = for_loop_container(&message);
    // Where the piece stands in a known form ("include \"a.html\"", "in paper.links"): that
    // place first, underlined from its `skip`th byte. Then the names the error quotes, the
    // innermost cause's (the most precise) first; one-letter names (the function `t`) would
    // match anywhere.
    let known_form = missing
        .map(|name| (name, 0))
        .or(looped.map(|name| (format!("in {name}"), "in ".len())));
    let needles: Vec<(String, usize)> = known_form
        .into_iter()
        .chain(
            quoted_names(&text)
                .into_iter()
                .rev()
                .filter(|n| n != name && n.len() > 2)
                .map(|n| (n, 0)),
        )
        .collect();
    // Tera knows the expression the render failed on: the piece it names inside it, or the
    // whole expression.
    if let Some((holder, bytes)) = error.place() {
        if let Some(holder) = sources.get(holder) {
            if let Some(expression) = holder.text.get(bytes.clone()) {
                for (needle, skip) in &needles {
                    if let Some(at) = find_whole_name(expression, needle, is_tera_name) {
                        let start = bytes.start + at + skip;
                        return Diagnostic::at(holder, start, needle.len() - skip, message);
                    }
                }
                return Diagnostic::at(holder, bytes.start, bytes.len(), message);
            }
        }
    }
    // The piece may stand in a parent template or a macro: look in the named one first, then in
    // its family, then in the others (an included template, say).
    let mut candidates: Vec<&SourceText> = vec![source];
    candidates.extend(family.iter().filter_map(|n| sources.get(n)));
    let mut others: Vec<(&String, &SourceText)> = sources
        .iter()
        .filter(|(n, _)| *n != name && !family.contains(n))
        .collect();
    others.sort_by_key(|(n, _)| *n);
    candidates.extend(others.into_iter().map(|(_, s)| s));
    for (needle, skip) in needles {
        for candidate in &candidates {
            if let Some(offset) = find_whole_name(&candidate.text, &needle, is_tera_name) {
                return Diagnostic::at(candidate, offset + skip, needle.len() - skip, message);
            }
        }
    }
    Diagnostic::at(source, 0, 1, message)
}

/// Tera's "Template '[a.html, b.html]' not found" of an include said plainly, with the quoted
/// names to look for (the include's first name, as the template writes it).
fn missing_include(message: &str) -> (String, Option<String>) {
    let Some(start) = message.find("Template '[") else {
        return (message.to_string(), None);
    };
    let rest = &message[start + "Template '[".len()..];
    let Some(end) = rest.find("]' not found") else {
        return (message.to_string(), None);
    };
    let names: Vec<&str> = rest[..end].split(", ").collect();
    let said = missing_include_said(&names);
    let message = format!(
        "{}{said}{}",
        &message[..start],
        &rest[end + "]' not found".len()..]
    );
    (message, Some(format!("\"{}\"", names[0])))
}

/// That none of the templates an include names exists, said plainly.
pub(super) fn missing_include_said(names: &[&str]) -> String {
    let listed = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(" nor ");
    if names.len() == 1 {
        format!("the included template {listed} does not exist")
    } else {
        format!("none of the included templates exists: neither {listed}")
    }
}

/// Tera's errors of a `for` loop over a value it cannot go through, said plainly, with the
/// name of that value (`paper.year`).
fn for_loop_container(message: &str) -> (String, Option<String>) {
    const FORMS: [(&str, &str); 3] = [
        (
            "Tried to iterate on a container (`",
            "`) that has a unsupported type",
        ),
        (
            "Tried to iterate using key value on variable `",
            "`, but it isn't an object/map",
        ),
        (
            "Tried to iterate using key value on variable `",
            "`, but it is missing a key",
        ),
    ];
    for (index, (before, after)) in FORMS.iter().enumerate() {
        let Some(start) = message.find(before) else {
            continue;
        };
        let rest = &message[start + before.len()..];
        let Some(end) = rest.find(after) else {
            continue;
        };
        let name = &rest[..end];
        let plain = match index {
            0 => format!("a for loop cannot go through `{name}`: it is neither a list, a map nor a text"),
            1 => format!("`for key, value in {name}` goes through a map, and `{name}` is a list or a text: write `for value in {name}`"),
            _ => format!("`{name}` is a map: go through it with `for key, value in {name}`"),
        };
        let message = format!("{}{plain}{}", &message[..start], &rest[end + after.len()..]);
        return (message, Some(name.to_string()));
    }
    (message.to_string(), None)
}

/// The help for Tera's "Variable `paper.titel` not found in context": the same path with its
/// first name that `context` lacks replaced by the nearest name it has there
/// (``did you mean `paper.title`?``), if one is near enough.
pub(super) fn missing_variable_help(
    error: &tera::Error,
    context: &tera::Context,
) -> Option<String> {
    let text = chain(error);
    let after = "Variable `";
    let rest = &text[text.find(after)? + after.len()..];
    let path = &rest[..rest.find("` not found in context")?];
    if path.contains(['[', ' ']) {
        return None;
    }
    let mut names: Vec<&str> = path.split('.').collect();
    let mut holder = match context.get(names[0]) {
        Some(value) => value,
        None => {
            // Only for a misspelt top-level name: the whole context, copied.
            let whole = context.clone().into_json();
            let nearest = suggest(names[0], whole.as_object()?.keys().map(String::as_str))?;
            names[0] = nearest;
            return Some(format!("did you mean `{}`?", names.join(".")));
        }
    };
    for at in 1..names.len() {
        match holder.get(names[at]) {
            Some(value) => holder = value,
            None => {
                let fields = holder.as_object()?;
                names[at] = suggest(names[at], fields.keys().map(String::as_str))?;
                return Some(format!("did you mean `{}`?", names.join(".")));
            }
        }
    }
    None
}

/// Tera's "Circular extend detected for template 'b.html'. Inheritance chain: `[…]`" as an error
/// at that template's `extends`, naming the circle.
fn circular_extends(sources: &HashMap<String, SourceText>, text: &str) -> Option<Diagnostic> {
    let name = quoted_after(text, "Circular extend detected for template ")?;
    let chain = &text[text.find("Inheritance chain: `[")? + "Inheritance chain: `[".len()..];
    let chain = &chain[..chain.find("]`")?];
    let mut circle: Vec<String> = chain
        .split(", ")
        .map(|n| n.trim_matches('"').to_string())
        .collect();
    if circle.len() == 1 || circle.first() != Some(&name) {
        circle.insert(0, name.clone());
    }
    let message = if circle.len() == 2 {
        format!("the template `{name}` extends itself")
    } else {
        let shown: Vec<String> = circle.iter().map(|n| format!("`{n}`")).collect();
        format!(
            "templates extend one another in a circle: {}",
            shown.join(" → ")
        )
    };
    let help =
        "the last template of a chain of `extends` extends none: it holds the page's whole HTML";
    let diagnostic = match sources.get(&name) {
        Some(source) => {
            let at = find_whole_name(&source.text, "extends", is_tera_name).unwrap_or(0);
            Diagnostic::at(source, at, "extends".len(), message)
        }
        None => Diagnostic::new(format!("template {name}"), message),
    };
    Some(diagnostic.with_help(help))
}

/// `message` without Tera's "Filter call 'date' failed: " where what follows names the filter
/// itself (`` `date` needs a YYYY-MM-DD date ``), as papermap's filters do.
fn without_repeated_filter_name(message: &str) -> String {
    const START: &str = "Filter call '";
    const END: &str = "' failed: ";
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find(START) {
        let after = &rest[at + START.len()..];
        let said = after
            .find(END)
            .map(|end| (&after[..end], &after[end + END.len()..]));
        match said {
            Some((filter, cause)) if cause.starts_with(&format!("`{filter}`")) => {
                out.push_str(&rest[..at]);
                rest = cause;
            }
            _ => {
                out.push_str(&rest[..at + START.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A render error's text without Tera's "Failed to render 'paper.html': error while rendering
/// macro `macros::item` (error happened in 'base.html').: ", which the error's place and the
/// pages it stopped say better.
fn without_template_name<'t>(text: &'t str, name: &str) -> &'t str {
    let Some(mut rest) = text.strip_prefix(&format!("Failed to render '{name}'")) else {
        return text;
    };
    if let Some(macro_name) = rest.strip_prefix(": error while rendering macro `") {
        let Some(end) = macro_name.find('`') else {
            return text;
        };
        rest = &macro_name[end + 1..];
    }
    if let Some(within) = rest.strip_prefix(" (error happened in ") {
        let Some(end) = within.find(')') else {
            return text;
        };
        rest = within[end + 1..].trim_start_matches('.');
    }
    rest.strip_prefix(": ").unwrap_or(text)
}

/// The characters of a Tera name (a variable, a key, a template's file name).
pub(super) fn is_tera_name(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

fn arrow_position(text: &str) -> Option<(usize, usize)> {
    let rest = &text[text.find("--> ")? + 4..];
    let end = rest
        .find(|c: char| !c.is_ascii_digit() && c != ':')
        .unwrap_or(rest.len());
    let (line, column) = rest[..end].split_once(':')?;
    Some((line.parse().ok()?, column.parse().ok()?))
}

fn quoted_after(text: &str, prefix: &str) -> Option<String> {
    let rest = &text[text.find(prefix)? + prefix.len()..];
    quoted_names(rest).into_iter().next()
}

/// Names in `backticks`, 'single' or "double" quotes, in order.
fn quoted_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if matches!(q, '`' | '\'' | '"') {
            if let Some(len) = chars[i + 1..].iter().position(|&c| c == q) {
                let name: String = chars[i + 1..i + 1 + len].iter().collect();
                if !name.is_empty() && !name.contains(' ') {
                    names.push(name);
                }
                i += len + 2;
                continue;
            }
        }
        i += 1;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tera_s_filter_prefix_goes_only_where_the_cause_names_the_filter() {
        assert_eq!(
            without_repeated_filter_name(
                "Failed to render: Filter call 'date' failed: `date` needs a YYYY-MM-DD date"
            ),
            "Failed to render: `date` needs a YYYY-MM-DD date"
        );
        let kept = "Filter call 'list' failed: no message `list-separator` in i18n/fr/";
        assert_eq!(without_repeated_filter_name(kept), kept);
        let unfinished = "Filter call 'round";
        assert_eq!(without_repeated_filter_name(unfinished), unfinished);
    }

    #[test]
    fn finds_positions_and_names_in_tera_messages() {
        assert_eq!(
            arrow_position("Failed to parse 'x.html': --> 3:7\n  |"),
            Some((3, 7))
        );
        assert_eq!(
            without_template_name(
                "Failed to render 'paper.html': error while rendering macro `macros::item` \
                 (error happened in 'base.html').: Variable `x` not found",
                "paper.html"
            ),
            "Variable `x` not found"
        );
        assert_eq!(
            without_template_name(
                "Failed to render 'paper.html' (error happened in a parent template): Oops",
                "paper.html"
            ),
            "Oops"
        );
        assert_eq!(
            quoted_names("Variable `paper.titl` not found in context while rendering 'paper.html'"),
            vec!["paper.titl".to_string(), "paper.html".to_string()]
        );
    }
}
