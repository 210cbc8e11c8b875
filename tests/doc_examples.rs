//! Every public item of the crate carries a runnable example in its doc
//! comment: a function, method, struct, enum, trait and each of a trait's
//! items, constant, static, type alias and exported macro. The examples
//! run as doc tests; this test keeps a new item from arriving without one.
//!
//! The check reads the sources, not the compiled crate (rustdoc's JSON
//! output needs a nightly toolchain), and it is deliberately plain:
//!
//! - a public item is a line that starts (after indentation) with `pub`
//!   followed by `fn`, `struct`, `enum`, `trait`, `type`, `const`, `static`
//!   or `union` (`pub(crate)` and other restricted visibilities are not
//!   public), an item at the first level inside a `pub trait` block, or a
//!   `macro_rules!` under `#[macro_export]`; fields, variants and modules
//!   are not items here;
//! - its doc comment is the run of `///` lines above it, attributes and
//!   plain `//` comments in between skipped; an item marked
//!   `#[doc(hidden)]` is not documented, so it is skipped too;
//! - an example is a fenced block that rustdoc runs: its fence is bare or
//!   names only `rust`, `should_panic` or an edition (`ignore`, `no_run`,
//!   `compile_fail` and `text` do not count);
//! - unit tests (`#[cfg(test)]` modules, files named `tests.rs`) are left
//!   out, and so are the methods of trait implementations, which have no
//!   `pub` of their own (the trait's docs show them).
//!
//! Items that a `pub` keyword makes look public but that no user can reach
//! or call are listed in [`ALLOWED`], each with the reason.

use std::fs;
use std::path::{Path, PathBuf};

/// Items without an example, by file (relative to `src/`) and name, and
/// why none makes sense.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "encoding/bytes.rs",
        "Sealed",
        "seals `CodeUnit`; its module is private, so no user can name it",
    ),
    (
        "string/convert.rs",
        "Sealed",
        "seals `PushItem`; its module is private, so no user can name it",
    ),
    (
        "encoding/mod.rs",
        "Token",
        "the argument that seals `Encoding::builtin_format` (hidden); its module is private",
    ),
    (
        "lib.rs",
        "ReadmeDoctests",
        "exists only under `cfg(doctest)` to run the README's examples, which are its docs",
    ),
];

/// The fence tokens of a block that rustdoc compiles and runs.
fn runs(fence: &str) -> bool {
    fence
        .split(',')
        .map(str::trim)
        .all(|token| matches!(token, "" | "rust" | "should_panic") || token.starts_with("edition"))
}

/// Whether the doc lines (`///` stripped, in order) open a block that
/// rustdoc runs: fences alternate between opening and closing, and only an
/// opening fence names how the block is treated.
fn has_example(doc: &[&str]) -> bool {
    let mut open = false;
    for fence in doc
        .iter()
        .filter_map(|line| line.trim_start().strip_prefix("```"))
    {
        if !open && runs(fence) {
            return true;
        }
        open = !open;
    }
    false
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The kind and name of a public item declared on `code` (a line without
/// its indentation), if it declares one; `in_trait` counts the items of a
/// trait's body, which have no `pub` of their own.
fn item(code: &str, in_trait: bool) -> Option<(&'static str, String)> {
    let rest = match code.strip_prefix("pub ") {
        Some(rest) => rest,
        None if in_trait => code,
        None => return None,
    };
    let mut words = rest.split(|c: char| !(c.is_alphanumeric() || c == '_'));
    let mut word = words.next()?;
    // Qualifiers of a function.
    while matches!(word, "const" | "unsafe" | "async") {
        let next = words.next()?;
        if word == "const" && next != "fn" && next != "unsafe" && next != "async" {
            return Some(("const", next.to_string()));
        }
        word = next;
    }
    let kind = match word {
        "fn" => "fn",
        "struct" => "struct",
        "enum" => "enum",
        "trait" => "trait",
        "type" => "type",
        "static" => "static",
        "union" => "union",
        _ => return None,
    };
    let name = words.find(|w| !w.is_empty())?;
    Some((kind, name.to_string()))
}

/// The public items of one source file that lack an example, as
/// `file:line: kind name`; returns the number of public items found.
fn missing_in(file: &Path, shown: &str, missing: &mut Vec<String>) -> usize {
    let text = fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The indentation of the `}` that closes the block being skipped (a
    // unit-test module) or walked (a public trait's body).
    let mut skip_until: Option<usize> = None;
    let mut trait_body: Option<usize> = None;
    let mut found_items = 0;
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        if let Some(close) = skip_until {
            if indent(line) == close && code.starts_with('}') {
                skip_until = None;
            }
            continue;
        }
        if let Some(close) = trait_body {
            if indent(line) == close && code.starts_with('}') {
                trait_body = None;
                continue;
            }
        }
        // Attributes above the line, innermost first.
        let attributes = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim_start())
            .take_while(|l| l.starts_with("#[") || l.starts_with("//"));
        let mut attributes = attributes.filter(|l| l.starts_with("#["));
        if code.starts_with("mod ") || code.starts_with("pub(crate) mod ") {
            if attributes.any(|a| a.starts_with("#[cfg(test)]")) && code.ends_with('{') {
                skip_until = Some(indent(line));
            }
            continue;
        }
        let exported_macro = code.starts_with("macro_rules!")
            && attributes.clone().any(|a| a.starts_with("#[macro_export]"));
        let in_trait = trait_body.is_some_and(|close| indent(line) == close + 4);
        let found = if exported_macro {
            let name = code["macro_rules!".len()..].trim_start();
            Some(("macro", name.trim_end_matches(" {").to_string()))
        } else {
            item(code, in_trait)
        };
        let Some((kind, name)) = found else { continue };
        found_items += 1;
        let allowed = ALLOWED.iter().any(|&(f, n, _)| f == shown && n == name);
        if kind == "trait" && !code.ends_with("{}") {
            // Its items are one level in, up to the `}` level with it (rustfmt
            // puts one there after a `where` clause too); an allowed trait's
            // items go with it.
            if allowed {
                skip_until = Some(indent(line));
            } else {
                trait_body = Some(indent(line));
            }
        }
        // The doc comment: `///` lines above, over attributes (one that
        // spans lines too) and plain comments.
        let mut doc = Vec::new();
        let mut hidden = false;
        let mut in_attribute = false;
        for above in lines[..i].iter().rev().map(|l| l.trim_start()) {
            if in_attribute {
                in_attribute = !above.starts_with("#[");
            } else if let Some(text) = above.strip_prefix("///") {
                doc.push(text);
            } else if above.starts_with("#[") {
                hidden |= above.starts_with("#[doc(hidden)]");
            } else if above.starts_with(")]") {
                in_attribute = true;
            } else if !above.starts_with("//") || above.starts_with("//!") {
                break;
            }
        }
        doc.reverse();
        if hidden || allowed || has_example(&doc) {
            continue;
        }
        missing.push(format!("src/{shown}:{}: {kind} {name}", i + 1));
    }
    found_items
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

#[test]
fn every_public_item_has_a_runnable_example() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut missing = Vec::new();
    let mut found = 0;
    for file in &files {
        let shown = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        found += missing_in(file, &shown, &mut missing);
    }
    // A reading that no longer finds the items would pass with nothing to
    // check: the crate has well over 200 public items.
    assert!(found > 200, "only {found} public items found in src/");
    assert!(
        missing.is_empty(),
        "{} public items have no runnable example in their doc comment \
         (add one, or list the item in ALLOWED with the reason):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// The check itself: what it counts as an item, a doc comment and an
/// example.
#[test]
fn the_check_reads_items_docs_and_fences_as_rustdoc_does() {
    assert_eq!(item("pub fn len(&self)", false), Some(("fn", "len".into())));
    assert_eq!(
        item("pub const fn from_u64(v: u64)", false),
        Some(("fn", "from_u64".into()))
    );
    assert_eq!(
        item("pub const ZERO: CodePoint", false),
        Some(("const", "ZERO".into()))
    );
    assert_eq!(item("pub(crate) fn f()", false), None);
    assert_eq!(item("pub top: BigUint,", false), None);
    assert_eq!(
        item("fn decode(input: &[u8])", true),
        Some(("fn", "decode".into()))
    );
    assert_eq!(
        item("type Unit: Copy;", true),
        Some(("type", "Unit".into()))
    );
    assert_eq!(
        item("const NAME: &'static str;", true),
        Some(("const", "NAME".into()))
    );
    assert_eq!(item("let x = 1;", true), None);
    assert!(has_example(&[
        " A thing.",
        "",
        " ```",
        " assert!(true);",
        " ```"
    ]));
    assert!(has_example(&[" ```should_panic", " panic!();", " ```"]));
    assert!(!has_example(&[" ```no_run", " loop {}", " ```"]));
    assert!(!has_example(&[" ```text", " U+0041", " ```"]));
    assert!(!has_example(&[" A thing without an example."]));
}
