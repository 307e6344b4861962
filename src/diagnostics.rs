//! Errors as values. A [`Diagnostic`] names a file, a line and a column (counted in the file, not
//! in its front matter), says what is wrong and, when the fix is obvious, how to fix it. Stages
//! collect diagnostics instead of stopping at the first, so one build reports every error; this
//! module also renders them for the terminal, with the offending source lines, through miette.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan};

/// The text of one source file, with what is needed to turn byte offsets into lines and columns.
#[derive(Debug, Clone)]
pub struct SourceText {
    /// The path as shown to the user.
    pub path: PathBuf,
    pub text: Arc<str>,
    line_starts: Arc<[usize]>,
}

impl SourceText {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<Arc<str>>) -> Self {
        let text: Arc<str> = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceText {
            path: path.into(),
            text,
            line_starts,
        }
    }

    /// One-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        let column = self.text[start..floor_char_boundary(&self.text, offset)]
            .chars()
            .count();
        (line + 1, column + 1)
    }

    /// Byte offset of a one-based line and column (in characters); clamped to the text.
    pub fn offset(&self, line: usize, column: usize) -> usize {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        let line_text = self.line(line);
        let within = line_text
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(line_text.len(), |(i, _)| i);
        start + within
    }

    /// The text of a one-based line, without its line ending.
    pub fn line(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts.get(line.saturating_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&next| next);
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }
}

/// A source file as a record keeps it once read: where it is and a digest of its text, not the
/// text itself, which would be a third of what a paper holds in memory. The few errors found after
/// the files are read (a duplicate id, a translation without its paper, a page naming an unknown
/// paper, a broken link that `check` finds) read the file again to show its lines.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The path as shown to the user, from where papermap runs: it also reads the file again.
    pub path: PathBuf,
    digest: u128,
}

impl SourceFile {
    pub fn of(source: &SourceText) -> Self {
        SourceFile {
            path: source.path.clone(),
            digest: digest(&source.text),
        }
    }

    /// Both were read from the same path with the same text.
    pub fn same(&self, other: &SourceFile) -> bool {
        self.digest == other.digest && self.path == other.path
    }

    /// The text again, if the file still holds what was read (under `serve` it may have been
    /// edited since).
    pub fn reread(&self) -> Option<SourceText> {
        let text = without_byte_order_mark(std::fs::read_to_string(&self.path).ok()?);
        (digest(&text) == self.digest).then(|| SourceText::new(self.path.clone(), text))
    }

    /// `Diagnostic::at_line_col` in this file; without the file's lines if it changed since.
    pub fn diagnostic_at_line_col(
        &self,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        match self.reread() {
            Some(source) => Diagnostic::at_line_col(&source, line, column, message),
            None => Diagnostic {
                span: Some(Box::new(Span {
                    line,
                    column,
                    snippet: None,
                })),
                ..Diagnostic::new(self.path.clone(), message)
            },
        }
    }
}

/// A file's text as papermap reads it: without the byte order mark some editors write first.
pub fn without_byte_order_mark(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

/// 128 bits of SipHash: two different texts of one file never meet the same digest in practice.
fn digest(text: &str) -> u128 {
    digest_of(&[text])
}

/// [`digest`] of the texts one after the other, without joining them first: SipHash-1-3 with
/// keys 0, the same on any machine and in any version of papermap.
pub fn digest_of(texts: &[&str]) -> u128 {
    use std::hash::Hasher;
    let mut hasher = siphasher::sip128::SipHasher13::new();
    for text in texts {
        hasher.write(text.as_bytes());
    }
    siphasher::sip128::Hasher128::finish128(&hasher).as_u128()
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Where in a file a diagnostic points.
#[derive(Debug, Clone)]
struct Span {
    line: usize,
    column: usize,
    /// The lines to show, when the text is at hand.
    snippet: Option<Snippet>,
}

/// A byte range of a file's text.
#[derive(Debug, Clone)]
struct Snippet {
    offset: usize,
    len: usize,
    source: CharColumns,
}

/// A file's text as miette reads it, but with the column of a span counted in characters, as
/// in the `path:line:column` line above the snippet: miette counts bytes, so that a line with
/// `é` before the error gave two different columns for one error.
#[derive(Debug, Clone)]
struct CharColumns(Arc<str>);

impl miette::SourceCode for CharColumns {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let contents = self
            .0
            .read_span(span, context_lines_before, context_lines_after)?;
        // With lines before it, the contents start at a line's start, at column 0 either way.
        if context_lines_before > 0 {
            return Ok(contents);
        }
        let line_start = span.offset().saturating_sub(contents.column());
        let Some(before) = self.0.get(line_start..span.offset()) else {
            return Ok(contents);
        };
        Ok(Box::new(miette::MietteSpanContents::new(
            contents.data(),
            *contents.span(),
            contents.line(),
            before.chars().count(),
            contents.line_count(),
        )))
    }
}

/// One error: a file, a position when there is one, a message and an optional fix.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub path: PathBuf,
    pub message: String,
    pub help: Option<String>,
    label: Option<String>,
    // Boxed: diagnostics travel in `Result`s everywhere, and most are small.
    span: Option<Box<Span>>,
}

impl Diagnostic {
    /// An error about a whole file (or a folder), with no position inside it.
    pub fn new(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.into(),
            message: message.into(),
            help: None,
            label: None,
            span: None,
        }
    }

    /// An error at a byte range of a source file.
    pub fn at(source: &SourceText, offset: usize, len: usize, message: impl Into<String>) -> Self {
        let (line, column) = source.line_col(offset);
        Diagnostic {
            path: source.path.clone(),
            message: message.into(),
            help: None,
            label: None,
            span: Some(Box::new(Span {
                line,
                column,
                snippet: Some(Snippet {
                    offset: floor_char_boundary(&source.text, offset.min(source.text.len())),
                    len,
                    source: CharColumns(source.text.clone()),
                }),
            })),
        }
    }

    /// An error at a one-based line and column of a source file; it underlines the rest of the
    /// word that starts there, or the quoted text (`"a b/c"`) that starts there, up to its quote
    /// (the rest of the line if none closes it).
    pub fn at_line_col(
        source: &SourceText,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        let offset = source.offset(line, column);
        let rest = &source.text[offset..];
        let line_end = rest.find('\n').unwrap_or(rest.len());
        let quoted = match rest.chars().next() {
            Some(quote @ ('"' | '\'')) => Some(
                rest[1..line_end]
                    .find(quote)
                    .map_or(rest[..line_end].trim_end().len(), |end| end + 2),
            ),
            _ => None,
        };
        let len = quoted.unwrap_or_else(|| rest.find(char::is_whitespace).unwrap_or(rest.len()));
        Self::at(source, offset, len, message)
    }

    /// The same place with another message.
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.message = message.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// One-based line and column, when the diagnostic points inside the file.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        self.span.as_ref().map(|s| (s.line, s.column))
    }

    /// `path:line:column`, or the path alone.
    pub fn location(&self) -> String {
        match self.line_col() {
            Some((line, column)) => format!("{}:{line}:{column}", self.path.display()),
            None => self.path.display().to_string(),
        }
    }

    /// The full report for a terminal: location, message, the source lines and the fix.
    pub fn render(&self) -> String {
        let mut out = format!("error: {}: {}\n", self.location(), self.message);
        if self.span.as_ref().is_some_and(|s| s.snippet.is_some()) {
            let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
                .with_width(100)
                .with_context_lines(1);
            let _ = handler.render_report(&mut out, &MietteView(self));
        } else {
            // Without the source's lines there is nothing to draw the label under.
            if let Some(label) = &self.label {
                out.push_str(&format!("  {label}\n"));
            }
            if let Some(help) = &self.help {
                out.push_str(&format!("  help: {help}\n"));
            }
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// The diagnostic seen through miette's eyes, to draw the source snippet.
struct MietteView<'a>(&'a Diagnostic);

impl fmt::Debug for MietteView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0, f)
    }
}

impl fmt::Display for MietteView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl std::error::Error for MietteView<'_> {}

impl miette::Diagnostic for MietteView<'_> {
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.0
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.0
            .span
            .as_ref()?
            .snippet
            .as_ref()
            .map(|s| &s.source as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.0.span.as_ref()?.snippet.as_ref()?;
        let label = LabeledSpan::new_primary_with_span(
            self.0.label.clone(),
            (
                span.offset,
                span.len.max(1).min(span.source.0.len() - span.offset),
            ),
        );
        Some(Box::new(std::iter::once(label)))
    }
}

/// The errors of one build, collected from every stage.
#[derive(Debug, Default)]
pub struct Diagnostics(Vec<Diagnostic>);

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Self {
        Diagnostics(vec![diagnostic])
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(diagnostics: Vec<Diagnostic>) -> Self {
        Diagnostics(diagnostics)
    }
}

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    pub fn extend(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(diagnostics);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Sorted by file and position, so that the report is the same on every run.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.0.sort_by(|a, b| {
            (&a.path, a.line_col(), &a.message).cmp(&(&b.path, b.line_col(), &b.message))
        });
        self.0.dedup_by(|a, b| a.to_string() == b.to_string());
        self.0
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// The first `shown` of `items` and a count of the others, as an error names what it concerns:
/// `a`, `a and b`, `a, b and c`, `a, b, c and 1 more page`, `a, b, c and 2 more pages` (`unit`
/// is the singular and the plural of what the items are).
pub fn named_and_counted(items: &[String], shown: usize, (one, many): (&str, &str)) -> String {
    let named = &items[..items.len().min(shown)];
    let mut parts: Vec<String> = named.to_vec();
    match items.len() - named.len() {
        0 => {}
        1 => parts.push(format!("1 more {one}")),
        rest => parts.push(format!("{rest} more {many}")),
    }
    match parts.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => parts.concat(),
    }
}

/// The byte offset of the first `needle` in `text` that is not part of a longer name, where
/// `is_name` tells the characters names are made of: an end of the needle that is not such a
/// character (the `:` of `gemma:`) may touch anything.
pub fn find_whole_name(text: &str, needle: &str, is_name: impl Fn(char) -> bool) -> Option<usize> {
    let starts_name = needle.starts_with(&is_name);
    let ends_name = needle.ends_with(&is_name);
    text.match_indices(needle).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        !(starts_name && before.is_some_and(&is_name) || ends_name && after.is_some_and(&is_name))
    })
}

/// The closest of `candidates` to a misspelt `word`, if one is close enough to suggest.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(word, c), c))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_items_past_the_first_are_counted() {
        let items: Vec<String> = ["a", "b", "c", "d", "e"].map(String::from).to_vec();
        let unit = ("page", "pages");
        assert_eq!(named_and_counted(&items[..0], 3, unit), "");
        assert_eq!(named_and_counted(&items[..1], 3, unit), "a");
        assert_eq!(named_and_counted(&items[..2], 3, unit), "a and b");
        assert_eq!(named_and_counted(&items[..3], 3, unit), "a, b and c");
        assert_eq!(
            named_and_counted(&items[..4], 3, unit),
            "a, b, c and 1 more page"
        );
        assert_eq!(
            named_and_counted(&items, 3, unit),
            "a, b, c and 2 more pages"
        );
    }

    #[test]
    fn line_col_counts_lines_of_the_file_and_characters() {
        let s = SourceText::new("a.md", "---\ntitle: é x\n");
        assert_eq!(s.line_col(0), (1, 1));
        assert_eq!(s.line_col(4), (2, 1));
        let x = s.text.find('x').unwrap();
        assert_eq!(s.line_col(x), (2, 10));
        assert_eq!(s.offset(2, 10), x);
        assert_eq!(s.line(2), "title: é x");
    }

    #[test]
    fn a_source_file_shows_its_lines_only_while_it_holds_what_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.md");
        std::fs::write(&path, "\u{feff}---\nid: \"x\"\n---\n").unwrap();
        let read = SourceText::new(&path, "---\nid: \"x\"\n---\n");
        let file = SourceFile::of(&read);
        assert_eq!(
            file.reread().unwrap().text,
            read.text,
            "the mark of UTF-8 is dropped again"
        );
        let out = file.diagnostic_at_line_col(2, 5, "twice").render();
        assert!(out.contains("id: \"x\""), "{out}");

        std::fs::write(&path, "---\nid: \"y\"\n---\n").unwrap();
        assert!(file.reread().is_none());
        let d = file.diagnostic_at_line_col(2, 5, "twice");
        assert_eq!(d.line_col(), Some((2, 5)));
        let out = d.render();
        assert!(
            out.starts_with(&format!("error: {}:2:5: twice", path.display())),
            "{out}"
        );
        assert!(!out.contains("id:"), "not the lines of another text: {out}");

        let same = SourceFile::of(&read);
        assert!(file.same(&same));
        assert!(!file.same(&SourceFile::of(&SourceText::new(&path, "other"))));
    }

    #[test]
    fn suggests_the_closest_field() {
        let fields = ["references", "reference_count", "title"];
        assert_eq!(suggest("refrences", fields), Some("references"));
        assert_eq!(suggest("zzz", fields), None);
    }

    #[test]
    fn the_snippet_gives_the_same_column_as_the_line_above_it_after_wide_characters() {
        let s = SourceText::new("i18n/fr/main.ftl", "a = b\nzz-t2 = é }\n中文 = x }\n");
        for (line, column) in [(2, 11), (3, 8)] {
            let out =
                Diagnostic::at_line_col(&s, line, column, "Unbalanced closing brace").render();
            assert!(
                out.starts_with(&format!("error: i18n/fr/main.ftl:{line}:{column}: ")),
                "{out}"
            );
            assert!(out.contains(&format!("[{line}:{column}]")), "{out}");
        }
    }

    #[test]
    fn render_names_file_line_and_column_and_help() {
        let s = SourceText::new("content/papers/x.md", "---\nrefrences: []\n---\n");
        let d = Diagnostic::at_line_col(&s, 2, 1, "unknown field `refrences`")
            .with_help("did you mean `references`?");
        let out = d.render();
        assert!(out.starts_with("error: content/papers/x.md:2:1: unknown field `refrences`"));
        assert!(out.contains("did you mean `references`?"), "{out}");
        assert!(out.contains("refrences: []"), "{out}");
    }

    #[test]
    fn a_quoted_value_is_underlined_to_its_closing_quote() {
        let s = SourceText::new("x.md", "---\nslug: \"a b/c\" # a\nid: 'x y\n---\n");
        let underline = |line, column| {
            let out = Diagnostic::at_line_col(&s, line, column, "bad").render();
            let marks = out
                .lines()
                .find(|l| l.contains('─') && l.contains('·'))
                .map(|l| l.matches('─').count());
            marks.unwrap_or_else(|| panic!("{out}"))
        };
        assert_eq!(underline(2, 7), "\"a b/c\"".len());
        // A quote that is not closed on its line: the rest of the line.
        assert_eq!(underline(3, 5), "'x y".len());
        assert_eq!(underline(2, 1), "slug:".len());
    }
}
