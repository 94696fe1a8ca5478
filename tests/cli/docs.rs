//! The README and the user guide (`docs/`) kept true: every ```` ```console ````
//! block is run and its output compared with the one shown, every relative link
//! is followed, and every command and layout has its place in the guide.
//!
//! The rules of a console block are written for contributors in
//! `docs/README.md` ("Examples are tested"); in short: a line starting with
//! `$ ` is a command (`> ` lines continue it), run by bash in the repository
//! with standard error sent where standard output goes (`2>&1`); the lines
//! after it are its output; `...` stands for any lines, `[..]` for any text
//! within a line, and a date shown matches today's date; a command must exit 0
//! unless its line ends with a `# exit N` comment.
//!
//! `VTESDECK_BLESS=1 cargo test --test cli -- docs::` writes what the commands print now
//! in place of the outputs shown (the lines that still match are kept as
//! written, with their `...` and `[..]`), so that a change of output is one
//! command and a diff to review.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::help;
use rayon::prelude::*;
use regex::Regex;

/// A line of expected output that stands for any number of lines.
const ANY_LINES: &str = "...";
/// Text within an expected line that stands for any text.
const ANY_TEXT: &str = "[..]";
/// Today's date in an output line, once normalised.
const TODAY: char = '\u{1}';
/// The line bash prints after each command (with its exit status).
const STEP_END: &str = "--vtesdeck-docs-step-end--";

/// The repository's root.
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files whose console blocks are run: README.md and docs/**/*.md.
fn guide_files() -> Vec<PathBuf> {
    let mut files = vec![repo().join("README.md")];
    files.extend(markdown_under(&repo().join("docs")));
    files
}

/// The files whose links are followed: the guide, CHANGELOG.md, BENCHMARKS.md.
fn linked_files() -> Vec<PathBuf> {
    let mut files = guide_files();
    files.push(repo().join("CHANGELOG.md"));
    files.push(repo().join("BENCHMARKS.md"));
    files
}

/// Every `.md` file under a folder, sorted.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|entry| entry.expect("docs folder").into_path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

/// A file's path inside the repository, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(repo())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A fenced code block of a Markdown file.
#[derive(Debug)]
struct Fence {
    /// The info string after the opening backticks (`console`, `sh`...).
    info: String,
    /// The opening fence's indentation (a block inside a list item).
    indent: usize,
    /// Index of the first line inside the block.
    first: usize,
    /// Index of the closing fence line.
    end: usize,
}

/// The fenced blocks of a Markdown text's lines.
fn fences(lines: &[&str]) -> Result<Vec<Fence>, String> {
    let mut found = Vec::new();
    let mut open: Option<(String, usize, usize)> = None;
    for (index, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if !trimmed.starts_with("```") {
            continue;
        }
        match open.take() {
            None => {
                let info = trimmed.trim_start_matches('`').trim().to_string();
                open = Some((info, line.len() - trimmed.len(), index + 1));
            }
            Some((info, indent, first)) if trimmed.trim_end() == "```" => found.push(Fence {
                info,
                indent,
                first,
                end: index,
            }),
            Some(still_open) => open = Some(still_open),
        }
    }
    match open {
        Some((_, _, first)) => Err(format!("line {first}: a code block never closed")),
        None => Ok(found),
    }
}

/// One command of a console block and the output shown after it.
#[derive(Debug, Clone)]
struct Step {
    /// 1-based line number of the `$ ` line in its file.
    line: usize,
    /// The command's lines as written (prompts included).
    written: Vec<String>,
    /// The command for bash (prompts and the exit comment removed).
    command: String,
    /// The exit status the block shows (`# exit N`), 0 when none.
    status: i32,
    /// The output lines shown.
    expected: Vec<String>,
}

/// The `# exit N` comment that ends a command line.
fn exit_comment() -> &'static Regex {
    static RE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| Regex::new(r"\s+#\s*exit\s+(\d+)\s*$").expect("regex"))
}

/// The steps of a console block, its lines already without the fence's
/// indentation; `first_line` is the 1-based number of the block's first line.
fn steps(block: &[String], first_line: usize) -> Result<Vec<Step>, String> {
    let mut steps: Vec<Step> = Vec::new();
    for (offset, line) in block.iter().enumerate() {
        if let Some(command) = line.strip_prefix("$ ") {
            steps.push(Step {
                line: first_line + offset,
                written: vec![line.clone()],
                command: command.to_string(),
                status: 0,
                expected: Vec::new(),
            });
            continue;
        }
        let Some(step) = steps.last_mut() else {
            return Err(format!(
                "line {}: a console block starts with a `$ ` command line (use ```text for output alone)",
                first_line + offset
            ));
        };
        let continues = step.expected.is_empty()
            && (line.starts_with("> ") || line == ">" || step.command.ends_with('\\'));
        if continues {
            let text = line
                .strip_prefix("> ")
                .or_else(|| line.strip_prefix('>'))
                .unwrap_or(line);
            step.written.push(line.clone());
            step.command.push('\n');
            step.command.push_str(text);
        } else {
            step.expected.push(line.trim_end().to_string());
        }
    }
    for step in &mut steps {
        let last_line = step.command.rsplit('\n').next().unwrap_or_default();
        if let Some(found) = exit_comment().captures(last_line) {
            step.status = found[1].parse().map_err(|_| "exit status".to_string())?;
        }
    }
    Ok(steps)
}

/// A console block found in a file, ready to run.
#[derive(Debug)]
struct Block {
    file: PathBuf,
    fence: Fence,
    steps: Vec<Step>,
}

/// What running a block gave: each step's output lines and exit status.
#[derive(Debug)]
struct Ran {
    outputs: Vec<(Vec<String>, i32)>,
}

/// The console blocks of a file.
fn console_blocks(file: &Path) -> Result<Vec<Block>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", shown(file)))?;
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    for fence in fences(&lines).map_err(|e| format!("{}: {e}", shown(file)))? {
        if fence.info.split_whitespace().next() != Some("console") {
            continue;
        }
        let body: Vec<String> = lines[fence.first..fence.end]
            .iter()
            .map(|line| dedent(line, fence.indent))
            .collect();
        let steps = steps(&body, fence.first + 1).map_err(|e| format!("{}: {e}", shown(file)))?;
        blocks.push(Block {
            file: file.to_path_buf(),
            fence,
            steps,
        });
    }
    Ok(blocks)
}

/// A line without the first `indent` spaces (fewer when it has fewer).
fn dedent(line: &str, indent: usize) -> String {
    let spaces = line.len() - line.trim_start_matches(' ').len();
    line[spaces.min(indent)..].to_string()
}

/// Runs a block's commands in one bash, in the repository, one after the
/// other (a `cd` or a variable carries over to the next command).
fn run(block: &Block, home: &Path) -> Result<Ran, String> {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_vtesdeck"));
    let bin_dir = binary.parent().expect("binary folder");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs = vec![bin_dir.to_path_buf()];
    dirs.extend(std::env::split_paths(&path));
    let mut script = String::from("exec 2>&1\n");
    for step in &block.steps {
        script.push_str(&step.command);
        script.push_str(&format!("\nprintf '\\n%s %d\\n' '{STEP_END}' \"$?\"\n"));
    }
    let output = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(repo())
        .env_clear()
        .env("PATH", std::env::join_paths(dirs).expect("PATH"))
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("TMPDIR", home)
        .env("LC_ALL", "C.UTF-8")
        .env("TERM", "dumb")
        .env("NO_COLOR", "1")
        .env("VTESDECK_OFFLINE", "1")
        .env("VTESDECK_CARDS", common::cards_dir())
        .env("VTESDECK_TWDA", common::twda_dir())
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("bash: {e}"))?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let mut outputs = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = find_step_end(rest) {
        let (before, after) = rest.split_at(at);
        let marker_end = after.find('\n').map_or(after.len(), |i| i + 1);
        let status: i32 = after[STEP_END.len()..marker_end]
            .trim()
            .parse()
            .map_err(|_| "an exit status after the step marker".to_string())?;
        // The marker's own leading newline, then the output's last one.
        let before = before.strip_suffix('\n').unwrap_or(before);
        let before = before.strip_suffix('\n').unwrap_or(before);
        let lines = if before.is_empty() {
            Vec::new()
        } else {
            before
                .split('\n')
                .map(|l| l.trim_end().to_string())
                .collect()
        };
        outputs.push((lines, status));
        rest = &after[marker_end..];
    }
    if outputs.len() != block.steps.len() {
        return Err(format!(
            "bash stopped after {} of {} commands; it printed:\n{text}",
            outputs.len(),
            block.steps.len()
        ));
    }
    Ok(Ran { outputs })
}

/// Where the next step marker starts (at a line's start).
fn find_step_end(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find(STEP_END) {
        let at = from + found;
        if at == 0 || text.as_bytes()[at - 1] == b'\n' {
            return Some(at);
        }
        from = at + STEP_END.len();
    }
    None
}

/// Today's date as commands print it (local and UTC: they differ near midnight).
fn todays_dates() -> Vec<String> {
    let mut dates = vec![
        chrono::Local::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string(),
        chrono::Utc::now()
            .date_naive()
            .format("%Y-%m-%d")
            .to_string(),
    ];
    dates.dedup();
    dates
}

/// An actual output line with today's date replaced by [`TODAY`].
fn normalised(line: &str, today: &[String]) -> String {
    today.iter().fold(line.to_string(), |text, date| {
        text.replace(date.as_str(), &TODAY.to_string())
    })
}

/// An expected line, ready to match: itself, or a pattern when it holds
/// `[..]` or a date (which also matches today's date).
enum Expected {
    Exact(String),
    Pattern(Regex),
    AnyLines,
}

impl Expected {
    fn new(line: &str) -> Expected {
        static DATE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
        let date = DATE.get_or_init(|| Regex::new(r"\d{4}-\d{2}-\d{2}").expect("regex"));
        if line == ANY_LINES {
            return Expected::AnyLines;
        }
        if !line.contains(ANY_TEXT) && !date.is_match(line) {
            return Expected::Exact(line.to_string());
        }
        let mut pattern = String::from("^");
        for (index, piece) in line.split(ANY_TEXT).enumerate() {
            if index > 0 {
                pattern.push_str(".*");
            }
            let mut last = 0;
            for found in date.find_iter(piece) {
                pattern.push_str(&regex::escape(&piece[last..found.start()]));
                pattern.push_str(&format!(
                    "(?:{}|{})",
                    regex::escape(found.as_str()),
                    regex::escape(&TODAY.to_string())
                ));
                last = found.end();
            }
            pattern.push_str(&regex::escape(&piece[last..]));
        }
        pattern.push('$');
        Expected::Pattern(Regex::new(&pattern).expect("pattern of an expected line"))
    }

    /// Whether an actual line (normalised) is one this expected line shows.
    fn matches(&self, actual: &str) -> bool {
        match self {
            Expected::Exact(text) => text == actual,
            Expected::Pattern(pattern) => pattern.is_match(actual),
            Expected::AnyLines => false,
        }
    }
}

/// The cost of a line shown that is no longer printed, when blessing: more
/// than a line replaced (1) or a line added (1), so that a changed line is
/// shown changed rather than dropped beside a `...` that would hide its
/// replacement.
const DROPPED: usize = 2;

/// Compares the lines shown with the lines printed: `None` when they match,
/// else the lines to show instead (the lines shown that still match kept as
/// written, `...` kept, the others replaced by the lines printed).
fn compare(expected: &[String], actual: &[String], today: &[String]) -> Option<Vec<String>> {
    let patterns: Vec<Expected> = expected.iter().map(|l| Expected::new(l)).collect();
    let actual_normalised: Vec<String> = actual.iter().map(|l| normalised(l, today)).collect();
    let (rows, columns) = (patterns.len(), actual.len());
    let fits = |i: usize, j: usize| patterns[i].matches(&actual_normalised[j]);
    // cost[i][j]: the fewest changes that show actual[j..] with expected[i..].
    let mut cost = vec![vec![0usize; columns + 1]; rows + 1];
    for i in (0..=rows).rev() {
        for j in (0..=columns).rev() {
            cost[i][j] = if i == rows {
                columns - j
            } else if matches!(patterns[i], Expected::AnyLines) {
                let skip = cost[i + 1][j];
                if j < columns {
                    skip.min(cost[i][j + 1])
                } else {
                    skip
                }
            } else {
                let mut best = DROPPED + cost[i + 1][j];
                if j < columns {
                    let replaced = if fits(i, j) { 0 } else { 1 };
                    best = best
                        .min(replaced + cost[i + 1][j + 1])
                        .min(1 + cost[i][j + 1]);
                }
                best
            };
        }
    }
    if cost[0][0] == 0 {
        return None;
    }
    let mut blessed = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < rows || j < columns {
        if i == rows {
            blessed.push(actual[j].clone());
            j += 1;
        } else if matches!(patterns[i], Expected::AnyLines) {
            if j < columns && cost[i][j] == cost[i][j + 1] {
                j += 1;
            } else {
                blessed.push(expected[i].clone());
                i += 1;
            }
        } else if j < columns && fits(i, j) && cost[i][j] == cost[i + 1][j + 1] {
            blessed.push(expected[i].clone());
            i += 1;
            j += 1;
        } else if j < columns && cost[i][j] == 1 + cost[i + 1][j + 1] {
            blessed.push(actual[j].clone());
            i += 1;
            j += 1;
        } else if j < columns && cost[i][j] == 1 + cost[i][j + 1] {
            blessed.push(actual[j].clone());
            j += 1;
        } else {
            i += 1;
        }
    }
    Some(blessed)
}

/// A step's command lines with the exit comment the status asks for.
fn with_status(written: &[String], status: i32) -> Vec<String> {
    let mut lines = written.to_vec();
    if let Some(last) = lines.last_mut() {
        let bare = exit_comment().replace(last, "").into_owned();
        *last = if status == 0 {
            bare
        } else {
            format!("{bare}  # exit {status}")
        };
    }
    lines
}

/// A block's new lines: each step's command (status comment updated) and output.
fn blessed_block(block: &Block, ran: &Ran, today: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for (step, (actual, status)) in block.steps.iter().zip(&ran.outputs) {
        if *status == step.status {
            lines.extend(step.written.iter().cloned());
        } else {
            lines.extend(with_status(&step.written, *status));
        }
        match compare(&step.expected, actual, today) {
            None => lines.extend(step.expected.iter().cloned()),
            Some(new) => lines.extend(new),
        }
    }
    lines
}

/// What differs between a step's output shown and printed, for a failure message.
fn difference(step: &Step, actual: &[String], status: i32, today: &[String]) -> Option<String> {
    let mut message = String::new();
    if status != step.status {
        message.push_str(&format!(
            "  exit status {status}, the block shows {}{}\n",
            step.status,
            if step.status == 0 {
                " (end the command line with `# exit N` when it is meant to fail)"
            } else {
                ""
            }
        ));
    }
    if let Some(wanted) = compare(&step.expected, actual, today) {
        message.push_str("  output differs; shown (-) and what would be shown (+):\n");
        for line in &step.expected {
            if !wanted.contains(line) {
                message.push_str(&format!("  - {line}\n"));
            }
        }
        for line in &wanted {
            if !step.expected.contains(line) {
                message.push_str(&format!("  + {line}\n"));
            }
        }
    }
    (!message.is_empty()).then_some(message)
}

#[test]
fn every_console_block_prints_what_it_shows() {
    let bless = std::env::var_os("VTESDECK_BLESS").is_some_and(|v| !v.is_empty() && v != "0");
    let today = todays_dates();
    let mut problems = Vec::new();
    let mut blocks = Vec::new();
    for file in guide_files() {
        match console_blocks(&file) {
            Ok(found) => blocks.extend(found),
            Err(problem) => problems.push(problem),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        blocks.len() >= 20,
        "only {} console blocks found: the guide's examples are missing",
        blocks.len()
    );
    let results: Vec<Result<Ran, String>> = blocks
        .par_iter()
        .map(|block| {
            let home = tempfile::tempdir().map_err(|e| format!("temporary folder: {e}"))?;
            run(block, home.path())
        })
        .collect();
    let mut rewritten: std::collections::BTreeMap<PathBuf, Vec<(usize, usize, Vec<String>)>> =
        std::collections::BTreeMap::new();
    for (block, result) in blocks.iter().zip(results) {
        let ran = match result {
            Ok(ran) => ran,
            Err(problem) => {
                problems.push(format!(
                    "{}:{}: {problem}",
                    shown(&block.file),
                    block.fence.first
                ));
                continue;
            }
        };
        let mut differs = false;
        for (step, (actual, status)) in block.steps.iter().zip(&ran.outputs) {
            if let Some(message) = difference(step, actual, *status, &today) {
                differs = true;
                problems.push(format!(
                    "{}:{}: $ {}\n{message}",
                    shown(&block.file),
                    step.line,
                    step.command
                ));
            }
        }
        if bless && differs {
            let indent = " ".repeat(block.fence.indent);
            let lines = blessed_block(block, &ran, &today)
                .into_iter()
                .map(|line| {
                    if line.is_empty() {
                        line
                    } else {
                        format!("{indent}{line}")
                    }
                })
                .collect();
            rewritten.entry(block.file.clone()).or_default().push((
                block.fence.first,
                block.fence.end,
                lines,
            ));
        }
    }
    if bless {
        for (file, mut replacements) in rewritten {
            let text = std::fs::read_to_string(&file).expect("read the file to bless");
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            replacements.sort_by_key(|(first, _, _)| std::cmp::Reverse(*first));
            for (first, end, new) in replacements {
                lines.splice(first..end, new);
            }
            let mut new_text = lines.join("\n");
            if text.ends_with('\n') {
                new_text.push('\n');
            }
            std::fs::write(&file, new_text).expect("write the blessed file");
            eprintln!("blessed {}", shown(&file));
        }
        return;
    }
    assert!(
        problems.is_empty(),
        "{} example(s) of the guide differ from what the commands print \
         (VTESDECK_BLESS=1 cargo test --test cli -- docs:: rewrites them; review the diff):\n\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// A heading's anchor as GitHub makes it: lower case, punctuation dropped,
/// spaces as hyphens.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's headings (a repeated heading gets `-1`, `-2`...).
fn anchors(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let code = code_lines(&lines);
    let mut found: Vec<String> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if code[index] {
            continue;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = anchor_of(&line[hashes..]);
        let repeats = found
            .iter()
            .filter(|a| **a == base || a.starts_with(&format!("{base}-")))
            .count();
        found.push(if repeats == 0 {
            base
        } else {
            format!("{base}-{repeats}")
        });
    }
    found
}

/// For each line, whether it is inside a fenced block (fences included).
fn code_lines(lines: &[&str]) -> Vec<bool> {
    let mut code = vec![false; lines.len()];
    if let Ok(blocks) = fences(lines) {
        for fence in blocks {
            for flag in &mut code[fence.first - 1..=fence.end] {
                *flag = true;
            }
        }
    }
    code
}

/// The link targets of a Markdown text, with their line numbers (inline code
/// and fenced blocks left out).
fn links(text: &str) -> Vec<(usize, String)> {
    static INLINE_CODE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    static LINK: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    static REFERENCE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let inline_code = INLINE_CODE.get_or_init(|| Regex::new(r"`+[^`]*`+").expect("regex"));
    let link = LINK.get_or_init(|| Regex::new(r"\]\(([^)\s]+)(?:\s+[^)]*)?\)").expect("regex"));
    let reference =
        REFERENCE.get_or_init(|| Regex::new(r"^\s*\[[^\]]+\]:\s*(\S+)").expect("regex"));
    let lines: Vec<&str> = text.lines().collect();
    let code = code_lines(&lines);
    let mut found = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if code[index] {
            continue;
        }
        let prose = inline_code.replace_all(line, "``");
        for captures in link
            .captures_iter(&prose)
            .chain(reference.captures_iter(&prose))
        {
            found.push((index + 1, captures[1].to_string()));
        }
    }
    found
}

#[test]
fn every_relative_link_points_to_a_file_and_its_heading() {
    let mut problems = Vec::new();
    let mut followed = 0;
    for file in linked_files() {
        let text = std::fs::read_to_string(&file).expect("read a Markdown file");
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            followed += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let linked = if path.is_empty() {
                file.clone()
            } else {
                file.parent().expect("folder").join(path)
            };
            if !linked.exists() {
                problems.push(format!("{}:{line}: {target}: no such file", shown(&file)));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if linked.extension().is_some_and(|e| e == "md") {
                let headings = anchors(&std::fs::read_to_string(&linked).expect("read"));
                if !headings.iter().any(|a| a == anchor) {
                    problems.push(format!(
                        "{}:{line}: {target}: no heading #{anchor} in {}",
                        shown(&file),
                        shown(&linked)
                    ));
                }
            }
        }
    }
    assert!(followed > 50, "only {followed} relative links found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The values clap lists for an option (`[possible values: a, b, c]`), taken
/// where the option is described (not in the usage line or another option's
/// text: no other option between the name and its values).
fn possible_values(help: &str, option: &str) -> Vec<String> {
    const VALUES: &str = "[possible values:";
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let described = help
        .match_indices(option)
        .map(|(at, _)| &help[at + option.len()..])
        .find_map(|rest| {
            let start = rest.find(VALUES)?;
            (!rest[..start].contains(" --")).then(|| &rest[start + VALUES.len()..])
        })
        .expect("the option's possible values in the help");
    let end = described.find(']').expect("the end of the values");
    described[..end]
        .split(',')
        .map(|value| value.trim().to_string())
        .collect()
}

#[test]
fn every_command_has_its_page_and_its_example_in_the_readme() {
    let top = help(&[]);
    let commands: Vec<&str> = top
        .split("Commands:")
        .nth(1)
        .expect("a command list")
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() >= 10, "{commands:?}");
    let readme_commands: Vec<String> = console_blocks(&repo().join("README.md"))
        .expect("README")
        .into_iter()
        .flat_map(|block| block.steps)
        .map(|step| step.command)
        .collect();
    let index = std::fs::read_to_string(repo().join("docs/README.md")).expect("docs/README.md");
    for command in commands {
        let page = format!("commands/{command}.md");
        assert!(
            repo().join("docs").join(&page).is_file(),
            "no page docs/{page} for `vtesdeck {command}`"
        );
        let example = Regex::new(&format!(r"\bvtesdeck( --?[a-z]+)* {command}\b")).expect("regex");
        assert!(
            readme_commands.iter().any(|line| example.is_match(line)),
            "the README shows no example of `vtesdeck {command}`"
        );
        assert!(index.contains(&page), "docs/README.md does not link {page}");
    }
}

#[test]
fn every_layout_of_the_registry_is_in_the_formats_page() {
    let formats = std::fs::read_to_string(repo().join("docs/formats.md")).expect("formats page");
    let read = possible_values(&help(&["parse"]), "--input-format");
    assert!(read.len() >= 20, "{read:?}");
    for name in read {
        assert!(
            formats.contains(&format!("| `{name}` |")),
            "--input-format {name} has no row in docs/formats.md"
        );
    }
    let convert = std::fs::read_to_string(repo().join("docs/commands/convert.md")).expect("page");
    for name in possible_values(&help(&["convert"]), "--to") {
        assert!(
            convert.contains(&format!("`{name}`")),
            "convert --to {name} is not in docs/commands/convert.md"
        );
    }
}

/// The matching rules, on lines written by hand.
#[test]
fn expected_lines_match_as_the_contributing_guide_says() {
    let today = vec!["2026-11-25".to_string()];
    let lines = |text: &[&str]| text.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    // Equal lines match; one line more or less does not.
    assert_eq!(
        compare(&lines(&["a", "b"]), &lines(&["a", "b"]), &today),
        None
    );
    assert!(compare(&lines(&["a", "b"]), &lines(&["a"]), &today).is_some());
    // `...` stands for no line, one, or many.
    for actual in [
        &["a", "z"][..],
        &["a", "b", "z"],
        &["a", "b", "c", "d", "z"],
    ] {
        assert_eq!(
            compare(&lines(&["a", "...", "z"]), &lines(actual), &today),
            None
        );
    }
    // `[..]` stands for any text within a line, never for another line.
    assert_eq!(
        compare(&lines(&["x [..] y"]), &lines(&["x 228 days y"]), &today),
        None
    );
    assert!(compare(&lines(&["x [..] y"]), &lines(&["x 1", "2 y"]), &today).is_some());
    // A date shown matches itself or today's date; never another date.
    let shown_date = lines(&["legal (2026-11-22, standard)"]);
    assert_eq!(
        compare(
            &shown_date,
            &lines(&["legal (2026-11-22, standard)"]),
            &today
        ),
        None
    );
    assert_eq!(
        compare(
            &shown_date,
            &lines(&["legal (2026-11-25, standard)"]),
            &today
        ),
        None
    );
    assert!(compare(
        &shown_date,
        &lines(&["legal (2026-11-24, standard)"]),
        &today
    )
    .is_some());
    // Blessing keeps what still matches (the `...`, an old date) and replaces the rest.
    assert_eq!(
        compare(
            &lines(&["2026-11-22 ok", "...", "old", "end"]),
            &lines(&["2026-11-25 ok", "x", "y", "new", "end"]),
            &today
        ),
        Some(lines(&["2026-11-22 ok", "...", "new", "end"]))
    );
    // A line no longer printed is dropped; a line printed anew is added.
    assert_eq!(
        compare(
            &lines(&["a", "gone", "z"]),
            &lines(&["a", "z", "new"]),
            &today
        ),
        Some(lines(&["a", "z", "new"]))
    );
}

/// Steps, continuation lines and exit comments read from a block.
#[test]
fn console_blocks_read_into_commands_statuses_and_outputs() {
    let block: Vec<String> = [
        "$ cat > d.txt <<'EOF'",
        "> 2x Deep Song",
        "> EOF",
        "$ vtesdeck card 'Dep Sng'  # exit 1",
        "vtesdeck: no card named",
        "> not a continuation: output came first",
    ]
    .iter()
    .map(|l| l.to_string())
    .collect();
    let read = steps(&block, 10).expect("steps");
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].command, "cat > d.txt <<'EOF'\n2x Deep Song\nEOF");
    assert_eq!((read[0].status, read[0].line), (0, 10));
    assert_eq!((read[1].status, read[1].line), (1, 13));
    assert_eq!(read[1].expected.len(), 2);
    assert_eq!(
        with_status(&read[1].written, 0),
        ["$ vtesdeck card 'Dep Sng'"]
    );
    assert!(steps(&["output first".to_string()], 1).is_err());
    assert_eq!(
        anchor_of("vtesdeck `parse` (issue 30)"),
        "vtesdeck-parse-issue-30"
    );
}

/// `vtesdeck --help` lists the commands in the README's order (its "One
/// example per command" headings; `completions and man` is both).
#[test]
fn help_lists_the_commands_in_the_readmes_order() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let section = readme
        .split("## One example per command")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the README's examples");
    let readme_order: Vec<&str> = section
        .lines()
        .filter_map(|line| line.strip_prefix("### "))
        .flat_map(|heading| heading.split(" and "))
        .collect();
    let help = crate::common::help(&[]);
    let help_order: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a command list")
        .lines()
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert_eq!(help_order, readme_order);
}

/// One output flag: `--format json` and `--json` write the same on every
/// command that has both, `--format text` what the command writes without
/// it; `check` and `diff` take `text` and `human` alike.
#[test]
fn format_json_and_json_agree_and_text_is_human() {
    let deck = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/decks/brujah-rush.txt"
    );
    let run = |args: &[&str]| {
        let output = crate::common::vtesdeck().args(args).output().expect("runs");
        (output.status.code(), output.stdout)
    };
    for command in [
        &["parse", deck][..],
        &["check", "--date", "2026-01-01", deck],
        &["stats", deck],
        &["card", "Theo Bell"],
        &["diff", deck, deck],
        &["draw", "--seed", "1", "--samples", "100", deck],
        &["transfers", "--seed", "1", "--samples", "100", deck],
        &["goldfish", "--seed", "1", "--samples", "100", deck],
        &["db", "info"],
    ] {
        let json = run(&[command, &["--json"]].concat());
        let format = run(&[command, &["--format", "json"]].concat());
        assert_eq!(json, format, "{command:?}");
        assert!(
            String::from_utf8_lossy(&json.1).starts_with('{'),
            "{command:?}"
        );
        let text = run(&[command, &["--format", "text"]].concat());
        assert_eq!(text, run(command), "{command:?}");
        assert!(
            !String::from_utf8_lossy(&text.1).starts_with('{'),
            "{command:?}"
        );
    }
    for command in [
        &["check", "--date", "2026-01-01", deck][..],
        &["diff", deck, deck],
    ] {
        let text = run(&[command, &["--format", "text"]].concat());
        let human = run(&[command, &["--format", "human"]].concat());
        assert_eq!(text, human, "{command:?}");
    }
}
