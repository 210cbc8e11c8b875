//! Running the `ucsx` binary as a script would: exact output, exact
//! messages on stderr, exact exit statuses (0 all valid, 1 some input
//! invalid, 2 a usage error or a file that cannot be read or written).
// Each test file uses its own share of these.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `ucsx` with `args`, feeding `stdin`.
pub fn ucsx(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ucsx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ucsx binary runs");
    let mut input = child.stdin.take().unwrap();
    // A command that does not read its input may close it first.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// Runs `ucsx` and checks its exit status, standard output and standard
/// error.
pub fn check_all(args: &[&str], stdin: &[u8], status: i32, expected: &str, errors: &str) {
    let out = ucsx(args, stdin);
    assert_eq!(
        (
            out.status.code(),
            stdout(&out).as_str(),
            stderr(&out).as_str()
        ),
        (Some(status), expected, errors),
        "{args:?}"
    );
}

/// Runs `ucsx` and checks its exit status and standard output, and that
/// standard error is empty.
pub fn check(args: &[&str], stdin: &str, status: i32, expected: &str) {
    check_all(args, stdin.as_bytes(), status, expected, "");
}

/// A file path in the temp dir unique to this test run.
pub fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ucsx-cli-{}-{name}", std::process::id()))
}

/// A reproducible pseudo-random sequence (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Whether `tool` runs here; if not, says that the test skips it.
pub fn have(tool: &str, test: &str) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        // In CI an oracle that vanished must not turn into a silent pass.
        assert!(
            std::env::var_os("CI").is_none(),
            "{test}: {tool} is not installed, and with CI set every oracle must run"
        );
        eprintln!("{test}: skipped, {tool} is not installed");
    }
    ok
}

/// A fresh empty directory for one test, removed with what it holds when
/// the test ends, passed or failed: a run leaves nothing in the temp dir.
#[allow(dead_code)]
pub fn temp_dir(name: &str) -> Scratch {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A directory [`temp_dir`] made, removed when dropped.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A test that removed it itself has checked that it could.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The names in `dir`, sorted: no temporary file may stay behind.
#[allow(dead_code)]
pub fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Writes `files` (name, contents) into `dir`; their paths as text.
#[allow(dead_code)]
pub fn write_all(dir: &Path, files: &[(&str, &[u8])]) -> Vec<String> {
    files
        .iter()
        .map(|(name, bytes)| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect()
}
