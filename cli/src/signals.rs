//! A named output's temporary file when a signal ends the command: SIGINT,
//! SIGTERM or SIGHUP (Ctrl-C, `kill`, a closed terminal) removes it and
//! exits with status 128 + the signal's number, as a shell reports a command
//! a signal ended, leaving the file it would have replaced as it was. The
//! signals' default action would end the process at once and leave the
//! hidden `.ucsx-XXXXXX.tmp` behind.
//!
//! The main thread may be blocked in a read from a pipe or a terminal when
//! the signal comes, and signal-hook restarts such a read, so a flag it
//! checked between reads might never be looked at. Instead the handler
//! (signal-hook's iterator: it only writes to a pipe) wakes a thread of
//! ours, which removes the files and exits. Only commands that write
//! through a temporary file change how signals end them.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use tempfile::{Builder, NamedTempFile};

/// The temporary files a signal removes.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    // The list stays whole whatever panicked while holding it.
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary file removed when dropped, or when a signal ends the process
/// first; [`Temporary::persist`] renames it into place instead.
pub struct Temporary {
    file: NamedTempFile,
    // Dropped after `file`: the path is listed until the file is renamed or
    // removed, so a signal never misses it (removing a file already gone
    // is harmless).
    _listed: Listed,
}

/// A path in [`PENDING`], taken out when dropped.
struct Listed(PathBuf);

impl Drop for Listed {
    fn drop(&mut self) {
        pending().retain(|p| *p != self.0);
    }
}

impl Temporary {
    /// Creates a file named as `builder` says in `dir`, with the
    /// permissions a new file gets (0666 less the umask), watching for the
    /// signals from before it exists.
    pub fn create_in(builder: &Builder, dir: &Path) -> io::Result<Temporary> {
        watch()?;
        // Listed under the lock it is created under: a signal meanwhile
        // waits for the path to remove.
        let mut pending = pending();
        // Opened here rather than by `tempfile_in`, whose errors end with
        // the temporary file's name (` at path ".ucsx-kv0enk.tmp"`): the
        // user named another file, and the message names that one.
        let file = builder.make_in(dir, open_new)?;
        let path = file.path().to_path_buf();
        pending.push(path.clone());
        Ok(Temporary {
            file,
            _listed: Listed(path),
        })
    }

    /// The open file.
    pub fn as_file(&self) -> &File {
        self.file.as_file()
    }

    /// Renames the file to `path`; on failure it is removed.
    pub fn persist(self, path: &Path) -> io::Result<()> {
        let Temporary { file, _listed } = self;
        // A failed rename hands the file back inside the error, whose drop
        // removes it.
        file.persist(path).map(drop).map_err(|e| e.error)
    }
}

/// Creates the file at `path`, which must not exist yet.
fn open_new(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o666);
    }
    options.open(path)
}

impl Write for Temporary {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Starts the thread that waits for the signals, once.
#[cfg(unix)]
fn watch() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    static WATCHING: Mutex<bool> = Mutex::new(false);
    let mut watching = WATCHING.lock().unwrap_or_else(|e| e.into_inner());
    if *watching {
        return Ok(());
    }
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held until the process ends: no file is listed after
                // this.
                let pending = pending();
                for temp in pending.iter() {
                    let _ = std::fs::remove_file(temp);
                }
                std::process::exit(128 + signal);
            }
        })?;
    *watching = true;
    Ok(())
}

/// Elsewhere the signals keep their default action.
#[cfg(not(unix))]
fn watch() -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(path: &Path) -> bool {
        pending().iter().any(|p| p == path)
    }

    /// A temporary file is listed for the signals from its creation until
    /// it is dropped or renamed into place, and the others stay listed.
    #[test]
    fn a_temporary_is_listed_until_dropped_or_persisted() {
        let dir = tempfile::tempdir().unwrap();
        let builder = Builder::new();
        let first = Temporary::create_in(&builder, dir.path()).unwrap();
        let second = Temporary::create_in(&builder, dir.path()).unwrap();
        let (first_path, second_path) = (
            first.file.path().to_path_buf(),
            second.file.path().to_path_buf(),
        );
        assert!(listed(&first_path) && listed(&second_path));
        drop(first);
        assert!(!listed(&first_path) && listed(&second_path));
        assert!(!first_path.exists());
        let target = dir.path().join("out");
        second.persist(&target).unwrap();
        assert!(!listed(&second_path) && target.exists());
    }
}
