//! `ucsx manpage`: the manual page in roff, from clap_mangen.

use std::io::{self, Write};

use super::Outcome;

/// Print the manual page (roff) on standard output.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  \
    $ ucsx manpage > ~/.local/share/man/man1/ucsx.1\n  \
    $ ucsx manpage | man -l -")]
pub struct Args {}

/// The page of `command`, the whole `ucsx` command line: clap_mangen's page
/// of the top level, then a section for each subcommand with its synopsis,
/// description, options and examples as subsections.
pub fn page(command: clap::Command) -> io::Result<Vec<u8>> {
    let mut top = Vec::new();
    // The exit statuses get a section of their own, before the examples,
    // in place of the text `--help` shows them in.
    let mut man = command.clone();
    if let Some(examples) = command.get_after_help() {
        man = man.after_long_help(examples.clone());
    }
    clap_mangen::Man::new(man).render(&mut top)?;
    // The subcommands are sections of this page, not pages of their own;
    // clap_mangen calls what follows the options `EXTRA`, here examples.
    let status = exit_status_section();
    let mut top =
        String::from_utf8_lossy(&top).replacen(".SH EXTRA", &format!("{status}.SH EXAMPLES"), 1);
    for sub in command.get_subcommands() {
        let name = sub.get_name();
        top = top.replace(
            &format!("ucsx\\-{name}(1)"),
            &format!("\\fBucsx {name}\\fR"),
        );
    }
    let mut page = top.into_bytes();
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("ucsx {}", sub.get_name());
        // Built as a command of its own, so that usage lines read
        // `ucsx encode [OPTIONS]`.
        let sub = sub.clone().bin_name(&name);
        let man = clap_mangen::Man::new(sub);
        let mut body = Vec::new();
        man.render_synopsis_section(&mut body)?;
        man.render_description_section(&mut body)?;
        man.render_options_section(&mut body)?;
        man.render_extra_section(&mut body)?;
        let body = String::from_utf8_lossy(&body)
            .replace(".SH EXTRA", ".SH EXAMPLES")
            .replace(".SH ", ".SS ");
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        page.extend_from_slice(body.as_bytes());
    }
    Ok(page)
}

/// The EXIT STATUS section (man-pages(7) puts it after the options), in
/// roff: one tagged paragraph a status.
fn exit_status_section() -> String {
    let mut section = String::from(".SH \"EXIT STATUS\"\n");
    for (code, meaning) in super::EXIT_STATUS {
        // `\` is roff's escape, and `-` a hyphen where `\-` is a minus.
        let meaning = meaning.replace('\\', "\\e").replace('-', "\\-");
        section.push_str(&format!(".TP\n\\fB{code}\\fR\n{meaning}\n"));
    }
    section
}

pub fn run(_args: &Args, command: clap::Command) -> Outcome {
    let page = page(command)?;
    let mut out = io::stdout().lock();
    out.write_all(&page)?;
    out.flush()?;
    Ok(true)
}
