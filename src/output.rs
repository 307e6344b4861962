//! Writing the site. Everything goes into a fresh temporary folder beside the output folder,
//! which takes the output's place only once the whole site is written: a failed build leaves the
//! last good output exactly as it was.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use walkdir::WalkDir;

use crate::render::RenderedPage;

/// The files of a folder (if it exists) as (place in the site under `to`, source file), skipping
/// editor temporaries and links; later lists override earlier ones at the same place.
pub fn files_of(from: &Path, to: &str) -> io::Result<Vec<(String, PathBuf)>> {
    let mut files = Vec::new();
    if !from.is_dir() {
        return Ok(files);
    }
    for entry in WalkDir::new(from).sort_by_file_name() {
        let entry = entry.map_err(io::Error::other)?;
        if !entry.file_type().is_file()
            || crate::discover::is_ignored(&entry.file_name().to_string_lossy())
        {
            continue;
        }
        let within = entry.path().strip_prefix(from).map_err(io::Error::other)?;
        let place = Path::new(to)
            .join(within)
            .to_string_lossy()
            .replace('\\', "/");
        files.push((place, entry.path().to_path_buf()));
    }
    Ok(files)
}

/// A site being written; dropped without [`Staging::commit`], it leaves no trace.
pub struct Staging {
    dir: tempfile::TempDir,
    target: PathBuf,
}

impl Staging {
    /// A staging folder in the same parent as `target`, so that the final rename stays on one
    /// file system.
    pub fn new(target: &Path) -> io::Result<Staging> {
        let parent = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&parent)?;
        let dir = tempfile::Builder::new()
            .prefix(".papermap-build-")
            .tempdir_in(&parent)?;
        Ok(Staging {
            dir,
            target: target.to_path_buf(),
        })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn write_pages(&self, pages: &[RenderedPage]) -> io::Result<()> {
        pages.par_iter().try_for_each(|page| {
            let path = self.dir.path().join(&page.output_path);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(path, &page.contents)
        })
    }

    /// Writes files made in memory: (place in the site, contents).
    pub fn write_files(&self, files: &[(String, Vec<u8>)]) -> io::Result<()> {
        files.par_iter().try_for_each(|(place, contents)| {
            let path = self.dir.path().join(place);
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(path, contents)
        })
    }

    /// Copies files into the site: (place in the site, source file).
    pub fn copy_files(&self, files: &[(String, PathBuf)]) -> io::Result<()> {
        for (place, source) in files {
            let dest = self.dir.path().join(place);
            if let Some(parent) = dest.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::copy(source, dest)?;
        }
        Ok(())
    }

    /// Puts the new site in the output's place and removes the old one.
    pub fn commit(self) -> io::Result<()> {
        let staged = self.dir.keep();
        let result = swap(&staged, &self.target);
        if result.is_err() {
            let _ = fs::remove_dir_all(&staged);
        }
        result
    }
}

fn swap(staged: &Path, target: &Path) -> io::Result<()> {
    if target.exists() {
        let old = tempfile::Builder::new()
            .prefix(".papermap-old-")
            .tempdir_in(staged.parent().unwrap_or(Path::new(".")))?
            .keep();
        let old_site = old.join("site");
        fs::rename(target, &old_site)?;
        if let Err(e) = fs::rename(staged, target) {
            // Put the last good output back before reporting.
            let _ = fs::rename(&old_site, target);
            let _ = fs::remove_dir_all(&old);
            return Err(e);
        }
        let _ = fs::remove_dir_all(&old);
        Ok(())
    } else {
        fs::rename(staged, target)
    }
}
