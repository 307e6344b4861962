//! The files a command starts (`init`, `translate`, `new`): written all or none, none replaced.

use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;

/// Writes each of `files` with the folders it needs, replacing none. If one cannot be written,
/// those written before it (none was there) are removed: some started and others not would
/// leave the user to sort out which.
pub fn write_all_or_none<'a>(
    files: impl IntoIterator<Item = (&'a Path, &'a [u8])>,
) -> Result<(), Diagnostic> {
    let mut written: Vec<&Path> = Vec::new();
    for (path, bytes) in files {
        let result = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| {
                std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(path)
            })
            .and_then(|mut file| std::io::Write::write_all(&mut file, bytes));
        if let Err(e) = result {
            for path in written {
                let _ = std::fs::remove_file(path);
            }
            return Err(Diagnostic::new(path, format!("cannot write: {e}")));
        }
        written.push(path);
    }
    Ok(())
}

/// The same, for a path kept as a `PathBuf` beside its text.
pub fn write_texts(files: &[(PathBuf, String)]) -> Result<(), Diagnostic> {
    write_all_or_none(files.iter().map(|(p, t)| (p.as_path(), t.as_bytes())))
}
