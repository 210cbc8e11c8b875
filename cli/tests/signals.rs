//! A signal that ends `ucsx transcode -o FILE` while it writes through its
//! temporary file: the temporary file is removed, the exit status is 128 +
//! the signal's number, and FILE keeps what it held.
#![cfg(unix)]

mod common;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long a step may take before the test gives up.
const PATIENCE: Duration = Duration::from_secs(5);

/// The names in `dir` other than `keep`.
fn others(dir: &Path, keep: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != keep)
        .collect();
    names.sort();
    names
}

/// Waits until `done` holds, at most [`PATIENCE`].
fn wait_for(mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        if done() {
            return true;
        }
        sleep(Duration::from_millis(10));
    }
    done()
}

/// The exit status of `child`, waited for at most [`PATIENCE`]; a child
/// still running then is killed, and the test fails.
fn status_of(child: &mut Child) -> ExitStatus {
    let mut status = None;
    wait_for(|| {
        status = child.try_wait().unwrap();
        status.is_some()
    });
    status.unwrap_or_else(|| {
        let _ = child.kill();
        let _ = child.wait();
        panic!("ucsx did not exit after the signal");
    })
}

/// A directory of its own for each signal, holding `out.bin`.
fn directory(signal: &str) -> PathBuf {
    let dir = common::temp_path(&format!("signal-{signal}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("out.bin"), "the old content\n").unwrap();
    dir
}

#[test]
fn a_signal_removes_the_temporary_file_and_leaves_the_target_as_it_was() {
    for (signal, number) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        let dir = directory(signal);
        let target = dir.join("out.bin");
        let mut child = Command::new(env!("CARGO_BIN_EXE_ucsx"))
            .args(["transcode", "-f", "utf-8", "-t", "utf-16", "-o"])
            .arg(&target)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the ucsx binary runs");
        // Some input, and the pipe kept open: the command waits for more.
        let mut input = child.stdin.take().unwrap();
        input.write_all("héllo".as_bytes()).unwrap();
        let started = wait_for(|| !others(&dir, "out.bin").is_empty());
        if !started {
            let _ = child.kill();
            let _ = child.wait();
            panic!("SIG{signal}: no temporary file appeared");
        }
        let temp = others(&dir, "out.bin");
        assert!(
            temp.len() == 1 && temp[0].starts_with(".ucsx-") && temp[0].ends_with(".tmp"),
            "{temp:?}"
        );
        let sent = Command::new("kill")
            .args(["-s", signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -s {signal}");
        let status = status_of(&mut child);
        drop(input);
        assert_eq!(status.code(), Some(128 + number), "SIG{signal}: {status}");
        assert_eq!(others(&dir, "out.bin"), Vec::<String>::new(), "SIG{signal}");
        assert_eq!(
            fs::read_to_string(&target).unwrap(),
            "the old content\n",
            "SIG{signal}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
