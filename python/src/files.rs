//! Output files replaced whole or not at all, as the command line writes a
//! named output (`cli/src/files.rs`): the bytes go to a temporary file in
//! the output's directory, which is synced and renamed over the output once
//! everything is written. On any failure the temporary file is removed and
//! the output is as it was; a reader never sees it half-written.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use pyo3::exceptions::PyOSError;
use pyo3::PyErr;
use tempfile::NamedTempFile;

/// A file being written in place of `target`: see [`Replacement::commit`].
/// Dropped uncommitted, it removes its temporary file.
pub struct Replacement {
    temp: NamedTempFile,
    target: PathBuf,
}

impl Replacement {
    /// Starts replacing `dst`: a temporary file beside it (`.NAME.XXXXXX.tmp`,
    /// beside the file a symbolic link points to, whose file is then the one
    /// replaced), with the permissions of the file it replaces, or those a
    /// new file gets (0666 less the umask).
    pub fn begin(dst: &Path) -> io::Result<Replacement> {
        let target = match fs::symlink_metadata(dst) {
            Ok(m) if m.file_type().is_symlink() => {
                fs::canonicalize(dst).unwrap_or_else(|_| dst.to_path_buf())
            }
            _ => dst.to_path_buf(),
        };
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .map_or("ucsx".into(), |n| n.to_string_lossy().into_owned());
        let temp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tmp")
            .make_in(&dir, open_new)?;
        if let Ok(meta) = fs::metadata(&target) {
            if meta.is_file() {
                temp.as_file().set_permissions(meta.permissions())?;
            }
        }
        Ok(Replacement { temp, target })
    }

    /// Everything written: syncs the temporary file and renames it over the
    /// output. On failure the temporary file is removed.
    pub fn commit(self) -> io::Result<()> {
        self.temp.as_file().sync_all()?;
        // A failed rename hands the file back inside the error, whose drop
        // removes it.
        self.temp
            .persist(&self.target)
            .map(drop)
            .map_err(|e| e.error)
    }
}

impl Write for Replacement {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.temp.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.temp.flush()
    }
}

/// Creates the file at `path`, which must not exist yet, with the
/// permissions a new file gets.
fn open_new(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    options.open(path)
}

/// Replaces `dst` with `bytes`, whole or not at all.
pub fn write(dst: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut replacement = Replacement::begin(dst)?;
    replacement.write_all(bytes)?;
    replacement.commit()
}

/// An I/O error on `path` as Python raises it: `OSError(errno, strerror,
/// filename)`, which Python makes the subclass of the error number
/// (`FileNotFoundError`, `IsADirectoryError`, ...); `OSError("path: what")`
/// for an error without one.
pub fn os_error(path: &Path, e: &io::Error) -> PyErr {
    let name = path.display().to_string();
    match e.raw_os_error() {
        Some(code) => {
            let text = e.to_string();
            let text = text
                .strip_suffix(&format!(" (os error {code})"))
                .unwrap_or(&text)
                .to_string();
            PyOSError::new_err((code, text, name))
        }
        None => PyOSError::new_err(format!("{name}: {e}")),
    }
}
