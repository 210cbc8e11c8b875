//! Input and output files as Unix tools treat them: `-` or nothing for the
//! standard streams, errors that name the file, an input that is also the
//! output refused (as `cat` does), and a named output written through a
//! temporary file renamed into place, so that a failure never leaves it
//! half-written or empty, and a signal that ends the command removes the
//! temporary file (see `signals.rs`).

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use crate::commands::Error;
use crate::report::{STDIN, STDOUT};
use crate::signals::Temporary;

/// Whether `path` stands for a standard stream.
fn is_std(path: Option<&Path>) -> bool {
    path.is_none_or(|p| p.as_os_str() == "-")
}

/// An input: its name in messages (`-` for standard input), its length when
/// it is a file, and a reader that remembers whether it failed.
pub struct Input {
    pub name: String,
    pub len: Option<u64>,
    reader: Box<dyn Read>,
    failed: bool,
}

impl Input {
    /// Opens `path`; standard input for `None` or `-`.
    pub fn open(path: Option<&Path>) -> Result<Input, Error> {
        let (name, reader, len): (String, Box<dyn Read>, _) = match path {
            Some(p) if !is_std(path) => {
                let name = p.display().to_string();
                let file = File::open(p).map_err(|e| Error::File(name.clone(), e))?;
                let len = file
                    .metadata()
                    .ok()
                    .filter(Metadata::is_file)
                    .map(|m| m.len());
                (name, Box::new(BufReader::new(file)), len)
            }
            _ => (STDIN.to_string(), Box::new(io::stdin().lock()), None),
        };
        Ok(Input {
            name,
            len,
            reader,
            failed: false,
        })
    }

    /// The inputs named on a command line, each opened, in order:
    /// standard input for none, or for `-`. Standard input named twice is
    /// refused, as the second would read nothing, and so is an input that
    /// is the `output` file (`None`: standard output), as `cat` refuses it.
    /// All are opened before any is read, so that one that cannot be stops
    /// the command before it writes anything.
    pub fn open_all(paths: &[PathBuf], output: Option<&Path>) -> Result<Vec<Input>, Error> {
        let paths: Vec<Option<&Path>> = match paths {
            [] => vec![None],
            paths => paths.iter().map(|p| Some(p.as_path())).collect(),
        };
        if paths.iter().filter(|&&p| is_std(p)).count() > 1 {
            return Err(Error::Refused(
                STDIN.to_string(),
                "standard input is named more than once".to_string(),
            ));
        }
        let mut inputs = Vec::new();
        for &path in &paths {
            inputs.push(Input::open(path)?);
            refuse_same_file(path, output)?;
        }
        Ok(inputs)
    }

    /// Whether a read has failed: an I/O error of a stream that both reads
    /// and writes is then the input's.
    pub fn read_failed(&self) -> bool {
        self.failed
    }

    /// An I/O error while reading this input, as a command error.
    pub fn error(&self, e: io::Error) -> Error {
        Error::File(self.name.clone(), e)
    }
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let result = self.reader.read(buf);
        if matches!(&result, Err(e) if e.kind() != io::ErrorKind::Interrupted) {
            self.failed = true;
        }
        result
    }
}

/// Where the bytes of an input or output live: the device and inode of a
/// regular file (on Unix), the canonical path elsewhere; `None` for what is
/// not a regular file (a terminal, a pipe, /dev/null), which two names may
/// share harmlessly.
#[cfg(unix)]
fn identity(path: Option<&Path>, fd: i32) -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let meta = match path {
        Some(p) if !is_std(path) => fs::metadata(p).ok()?,
        _ => {
            let owned = match fd {
                0 => io::stdin().as_fd().try_clone_to_owned(),
                _ => io::stdout().as_fd().try_clone_to_owned(),
            };
            File::from(owned.ok()?).metadata().ok()?
        }
    };
    meta.is_file().then(|| (meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn identity(path: Option<&Path>, _fd: i32) -> Option<PathBuf> {
    let path = path.filter(|_| !is_std(path))?;
    fs::metadata(path)
        .ok()?
        .is_file()
        .then(|| fs::canonicalize(path).ok())?
}

/// Refuses an output that is the input file itself: writing it would
/// destroy the input before it is read (or, on standard output opened for
/// appending, read its own output forever).
pub fn refuse_same_file(input: Option<&Path>, output: Option<&Path>) -> Result<(), Error> {
    match (identity(input, 0), identity(output, 1)) {
        (Some(a), Some(b)) if a == b => {
            let name = |p: Option<&Path>, std: &str| match p {
                Some(p) if !is_std(Some(p)) => p.display().to_string(),
                _ => std.to_string(),
            };
            let input = name(input, STDIN);
            let output = name(output, STDOUT);
            Err(Error::Refused(
                input,
                format!("is the output file too ({output}); write to another file"),
            ))
        }
        _ => Ok(()),
    }
}

enum Sink {
    Stdout(io::StdoutLock<'static>),
    /// A device or pipe named on the command line: written in place.
    Direct(File),
    /// A regular file: written to `temp`, renamed to `path` by `commit`.
    Temp(Temporary, PathBuf),
}

/// An output: standard output, or a named file that is only replaced once
/// everything is written (see [`Output::commit`]).
pub struct Output {
    pub name: String,
    sink: Sink,
}

impl Output {
    /// Opens `path`, standard output for `None` or `-`. A regular file (or a
    /// name not yet taken) is written through a temporary file in the same
    /// directory; a device or a pipe is written directly.
    pub fn create(path: Option<&Path>) -> Result<Output, Error> {
        let Some(path) = path.filter(|_| !is_std(path)) else {
            return Ok(Output {
                name: STDOUT.to_string(),
                sink: Sink::Stdout(io::stdout().lock()),
            });
        };
        let name = path.display().to_string();
        let error = |e| Error::File(name.clone(), e);
        // Through a symbolic link, the file it points to is replaced, not
        // the link.
        let target = match fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path).unwrap_or(path.into()),
            _ => path.to_path_buf(),
        };
        let existing = fs::metadata(&target).ok();
        if let Some(meta) = existing.as_ref().filter(|m| !m.is_file()) {
            if meta.is_dir() {
                let e = io::Error::new(io::ErrorKind::IsADirectory, "Is a directory");
                return Err(Error::File(name, e));
            }
            let file = OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(error)?;
            return Ok(Output {
                name,
                sink: Sink::Direct(file),
            });
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".ucsx-").suffix(".tmp");
        let temp = Temporary::create_in(&builder, &dir).map_err(error)?;
        // The permissions of the file replaced, if any.
        if let Some(meta) = existing {
            temp.as_file()
                .set_permissions(meta.permissions())
                .map_err(error)?;
        }
        Ok(Output {
            name,
            sink: Sink::Temp(temp, target),
        })
    }

    /// Everything written: flushes, and renames a temporary file over the
    /// named output. Without this call (a failure), dropping the output
    /// removes the temporary file and leaves a named output as it was.
    pub fn commit(self) -> Result<(), Error> {
        let name = self.name;
        let error = |e| Error::File(name.clone(), e);
        match self.sink {
            Sink::Stdout(mut out) => out.flush().map_err(Error::Io),
            Sink::Direct(mut file) => file.flush().map_err(error),
            Sink::Temp(temp, path) => {
                temp.as_file().sync_all().map_err(error)?;
                temp.persist(&path).map_err(error)?;
                Ok(())
            }
        }
    }

    /// An I/O error while writing this output, as a command error.
    pub fn error(&self, e: io::Error) -> Error {
        match self.sink {
            Sink::Stdout(_) => Error::Io(e),
            _ => Error::File(self.name.clone(), e),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(out) => out.write(buf),
            Sink::Direct(file) => file.write(buf),
            Sink::Temp(temp, _) => temp.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(out) => out.flush(),
            Sink::Direct(file) => file.flush(),
            Sink::Temp(temp, _) => temp.flush(),
        }
    }
}
