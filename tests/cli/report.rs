//! `vtesdeck report` end to end: pages of real TWDA decks and of a folder,
//! opened in headless Chromium (the Debian package `chromium`; `.ci/run`
//! installs it), checked in the DOM the browser built, and photographed under
//! `target/tmp/report/` (the tests print the paths).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;
use serde_json::Value;

/// How long Chromium may take to load and dump a page.
const BROWSER_DEADLINE: Duration = Duration::from_secs(120);

/// Where the tests leave their pages and screenshots, to look at.
fn output_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("report")
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The headless browser: `$VTESDECK_CHROMIUM`, else `chromium` on the PATH or
/// in /usr/bin. Panics when there is none: these tests must not pass silently.
fn chromium_binary() -> PathBuf {
    if let Some(path) = std::env::var_os("VTESDECK_CHROMIUM").filter(|p| !p.is_empty()) {
        return PathBuf::from(path);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| {
            panic!(
                "no headless Chromium found: install the Debian package `chromium` \
                 (`bash .ci/run` does) or set VTESDECK_CHROMIUM"
            )
        })
}

/// What Chromium printed for a page: the DOM it built (`--dump-dom`) or
/// nothing (`--screenshot`), and its log (console messages included).
pub(crate) struct BrowserRun {
    pub(crate) stdout: String,
    pub(crate) log: String,
}

/// Runs headless Chromium on a file URL with no network and a fresh profile,
/// killed after [`BROWSER_DEADLINE`].
pub(crate) fn chromium(url: &str, extra: &[String]) -> BrowserRun {
    let scratch = tempfile::tempdir().unwrap();
    let stdout_path = scratch.path().join("stdout");
    let stderr_path = scratch.path().join("stderr");
    let mut child = Command::new(chromium_binary())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!(
            "--user-data-dir={}",
            scratch.path().join("profile").display()
        ))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).unwrap())
        .stderr(std::fs::File::create(&stderr_path).unwrap())
        .spawn()
        .expect("start chromium");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > BROWSER_DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish {url} within {BROWSER_DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let run = BrowserRun {
        stdout: std::fs::read_to_string(stdout_path).unwrap(),
        log: std::fs::read_to_string(stderr_path).unwrap(),
    };
    assert!(status.success(), "chromium failed on {url}: {}", run.log);
    run
}

/// The DOM Chromium built from a page (after its scripts ran), checked for
/// console messages: an error of a script, or a load or script the page's
/// Content-Security-Policy refused, is logged as one.
fn dom(page: &Path, fragment: &str) -> String {
    let url = format!("file://{}{fragment}", page.display());
    let run = chromium(&url, &["--dump-dom".to_string()]);
    let console: Vec<&str> = run
        .log
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .collect();
    assert!(console.is_empty(), "{url}: console messages: {console:#?}");
    assert!(
        run.stdout.contains("</html>"),
        "{url}: no page: {}",
        run.log
    );
    run.stdout
}

/// A screenshot of a page (1200 pixels wide), saved beside it.
fn screenshot(page: &Path, png: &Path) {
    let url = format!("file://{}", page.display());
    chromium(
        &url,
        &[
            format!("--screenshot={}", png.display()),
            "--window-size=1200,3000".to_string(),
            "--hide-scrollbars".to_string(),
        ],
    );
    let bytes = std::fs::read(png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"), "{}", png.display());
    assert!(bytes.len() > 50_000, "{}: a blank page?", png.display());
    println!("screenshot: {}", png.display());
}

/// Text as the DOM serializer writes it in an element: `&`, `<`, `>` escaped.
fn dom_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\u{a0}', "&nbsp;")
}

/// A message as the DOM serializer writes it once the page rendered its
/// `code` spans (pairs of backticks) as `<code>` elements.
fn dom_prose(text: &str) -> String {
    let spans: Vec<String> = text.split('`').map(dom_text).collect();
    if spans.len().is_multiple_of(2) {
        return dom_text(text);
    }
    spans
        .iter()
        .enumerate()
        .map(|(i, span)| {
            if i % 2 == 1 {
                format!("<code>{span}</code>")
            } else {
                span.clone()
            }
        })
        .collect()
}

fn json(args: &[&str], deck: &Path) -> Value {
    let output = common::vtesdeck().args(args).arg(deck).output().unwrap();
    // The first record (`check --json` closes with a summary record).
    let stdout = String::from_utf8_lossy(&output.stdout);
    let first = stdout.lines().next().unwrap_or_default();
    serde_json::from_str(first).unwrap_or_else(|err| {
        panic!(
            "{args:?}: {err}: {}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// The ids the page gives its charts (`<svg id="...">`).
const CHART_IDS: [&str; 3] = ["chart-capacity", "chart-disciplines", "chart-transfers"];

/// A probability of `draw`'s JSON as docs/figures.md says the tables print it,
/// written here a second time: one decimal; two significant digits below 0.1%
/// (down to 0.0001%); `100%` and `0%` only for certain events, `> 99.9%` for
/// what would round to 100%.
fn percent(p: &Value) -> String {
    let p = p.as_f64().unwrap();
    let value = p * 100.0;
    match value {
        _ if p >= 1.0 => "100%".to_string(),
        _ if p <= 0.0 => "0%".to_string(),
        _ if value >= 99.95 => "> 99.9%".to_string(),
        _ if value >= 0.1 => format!("{value:.1}%"),
        _ if value < 0.0001 * 0.995 => "< 0.0001%".to_string(),
        _ => {
            let decimals = (1 - value.log10().floor() as i32) as usize;
            let text = format!("{value:.decimals$}");
            text.trim_end_matches('0').trim_end_matches('.').to_string() + "%"
        }
    }
}

/// The sampling options of the TWDA deck's report, given to `draw` and
/// `transfers` to get the same figures.
const SAME_RUN: &[&str] = &["--samples", "3000", "--seed", "11", "--quiet"];

#[test]
fn twda_deck_page_in_headless_chromium() {
    let deck = common::twda_dir().join("10043.txt");
    let dir = output_dir("twda-deck");
    let page = dir.join("daylily.html");
    let run = |extra: &[&str]| {
        common::vtesdeck()
            .arg("report")
            .arg(&deck)
            .args(["--date", "event"])
            .args(SAME_RUN)
            .args(extra)
            .arg("-o")
            .arg(&page)
            .output()
            .unwrap()
    };
    let output = run(&[]);
    // The verdict is `check`'s, at the event's date.
    let check = json(&["check", "--json", "--date", "event"], &deck);
    let legal = check["legal"].as_bool().unwrap();
    assert_eq!(
        output.status.code(),
        Some(if legal { 0 } else { 1 }),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let dom = dom(&page, "");
    let word = if legal { "LEGAL" } else { "ILLEGAL" };
    assert!(
        dom.contains(&format!("id=\"verdict-text\">{word}</p>")),
        "verdict {word}"
    );
    for problem in check["problems"].as_array().unwrap() {
        let line = problem["line"]
            .as_u64()
            .map_or(String::new(), |l| l.to_string());
        assert!(
            dom.contains(&format!(
                "<td class=\"rule\">{}</td><td class=\"num\">{line}</td>",
                problem["rule"].as_str().unwrap()
            )),
            "problem {problem} with its line"
        );
        assert!(dom.contains(&dom_prose(problem["message"].as_str().unwrap())));
    }
    // Every card, as `parse` resolved it.
    let parsed = json(&["parse", "--json"], &deck);
    for card in parsed["crypt"]
        .as_array()
        .unwrap()
        .iter()
        .chain(parsed["library"].as_array().unwrap())
    {
        let name = dom_text(card["name"].as_str().unwrap());
        assert!(dom.contains(&name), "card {name}");
    }
    for id in CHART_IDS {
        assert!(dom.contains(&format!("<svg id=\"{id}\"")), "chart {id}");
    }
    assert!(dom.contains("seat 5"), "the transfer chart's legend");
    // The opening odds are `draw`'s, figure for figure (same seed and samples).
    let draw = json(&[&["draw", "--json"], SAME_RUN].concat(), &deck);
    for (name, odds) in draw["library"]["types"].as_object().unwrap() {
        let mut row = format!(
            "<td>{}</td><td>type</td><td class=\"num\">{}</td><td class=\"num\">{:.2}</td>",
            dom_text(name),
            odds["count"],
            odds["expected"].as_f64().unwrap()
        );
        for p in odds["p_at_least"].as_array().unwrap() {
            row.push_str(&format!("<td class=\"num\">{}</td>", percent(p)));
        }
        assert!(dom.contains(&row), "draw row {row}");
    }
    let duplicate = format!(
        "<td>at least one duplicate</td><td class=\"num\">{}</td>",
        percent(&draw["crypt"]["duplicate"])
    );
    assert!(dom.contains(&duplicate), "{duplicate}");
    // The transfer figures are `transfers`' (same seed and samples).
    let transfers = json(&[&["transfers", "--json"], SAME_RUN].concat(), &deck);
    for seat in transfers["seats"].as_array().unwrap() {
        let first = &seat["nth_vampire"][0];
        let cell = format!(
            "{:.2} · {} · {}",
            first["mean"].as_f64().unwrap(),
            first["median"],
            percent(&first["p_never"])
        );
        assert!(dom.contains(&cell), "seat {}: {cell}", seat["seat"]);
    }
    // The goldfish figures are `goldfish`'s (same seed and samples).
    let goldfish = json(&[&["goldfish", "--json"], SAME_RUN].concat(), &deck);
    for seat in goldfish["seats"].as_array().unwrap() {
        let last = seat["turns"].as_array().unwrap().last().unwrap();
        let cell = format!(
            "{:.2} · {}–{}",
            last["bled_mean"].as_f64().unwrap(),
            last["bled_p10"],
            last["bled_p90"]
        );
        assert!(
            dom.contains(&cell),
            "goldfish seat {}: {cell}",
            seat["seat"]
        );
    }
    assert!(dom.contains("idle table: the prey has 30 pool"));
    // Nothing loads from anywhere and no script runs on a deck page.
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("default-src 'none'") && html.contains("script-src 'none'"));
    assert!(!html.contains("<script") && !html.contains("http-equiv=\"refresh\""));
    assert!(!html.contains(" src=") && !html.contains("<link"));
    screenshot(&page, &dir.join("daylily.png"));
    // Printed (the print style sheet applies): a PDF of a few pages.
    let pdf = dir.join("daylily.pdf");
    chromium(
        &format!("file://{}", page.display()),
        &[
            format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer".to_string(),
        ],
    );
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF"), "{}", pdf.display());
    assert!(bytes.len() > 20_000, "{}: an empty print?", pdf.display());
    println!("printed: {} ({} bytes)", pdf.display(), bytes.len());

    // The page is kept unless --force.
    let again = run(&[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&page).unwrap(), html);
    assert!(run(&["--force"]).status.code().unwrap() < 2);
    assert_eq!(
        std::fs::read_to_string(&page).unwrap(),
        html,
        "same seed, same page"
    );
}

/// A real deck (the samples' VDB text export) whose name, author and
/// description are markup.
fn hostile_deck() -> String {
    let sample = std::fs::read_to_string(common::samples_dir().join("daylily.vdb.txt")).unwrap();
    let mut lines: Vec<String> = Vec::new();
    for line in sample.lines() {
        if line.starts_with("Deck Name:") {
            lines.push(
                "Deck Name: <script>alert(1)</script>\"><img src=x onerror=alert(2)>".to_string(),
            );
        } else if line.starts_with("Author:") {
            lines.push("Author: '><svg onload=alert(3)>".to_string());
        } else if line.starts_with("Description:") {
            lines.push(
                "Description: <script>alert(4)</script> and \"><img src=x onerror=alert(5)> &amp;"
                    .to_string(),
            );
        } else {
            lines.push(line.to_string());
        }
    }
    assert!(lines.iter().any(|l| l.starts_with("Deck Name: <script>")));
    lines.join("\n") + "\n"
}

/// The names of the index rows (as text), in the order of the DOM.
fn row_names(dom: &str) -> Vec<String> {
    dom.split("<th scope=\"row\"")
        .skip(1)
        .map(|row| {
            let start = row.find('>').unwrap() + 1;
            let text = &row[start..];
            let text = text
                .strip_prefix("<a href=")
                .map_or(text, |rest| &rest[rest.find('>').unwrap() + 1..]);
            text[..text.find('<').unwrap()]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .collect()
}

#[test]
fn folder_report_in_headless_chromium_with_a_hostile_deck() {
    let twda = common::twda_dir();
    let decks = tempfile::tempdir().unwrap();
    std::fs::create_dir(decks.path().join("sub")).unwrap();
    for (name, to) in [
        ("10043.txt", "10043.txt"),
        ("10008.txt", "10008.txt"),
        ("10009.txt", "sub/10009.txt"),
    ] {
        std::fs::copy(twda.join(name), decks.path().join(to)).unwrap();
    }
    std::fs::write(decks.path().join("hostile.txt"), hostile_deck()).unwrap();
    let out = output_dir("folder");
    let output = common::vtesdeck()
        .arg("report")
        .arg(decks.path())
        .args([
            "--date",
            "2024-06-01",
            "--samples",
            "2000",
            "--seed",
            "3",
            "--quiet",
        ])
        .args(["--title", "Decks <b>of</b> the week"])
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.code().unwrap() < 2, "{stderr}");
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("4 deck pages and the index"),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let pages = [
        "decks/10008.txt.html",
        "decks/10043.txt.html",
        "decks/hostile.txt.html",
        "decks/sub/10009.txt.html",
    ];
    for page in pages {
        assert!(out.join(page).is_file(), "{page}");
    }
    // The index as written: readable without its script, in file order.
    let index = out.join("index.html");
    let html = std::fs::read_to_string(&index).unwrap();
    for page in pages {
        assert!(html.contains(&format!("<a href=\"{page}\">")), "{page}");
    }
    assert!(html.contains("<h1>Decks &lt;b&gt;of&lt;/b&gt; the week</h1>"));
    // In the browser: the script ran (no error, allowed by the policy) and
    // sorts by the column the address names.
    let dom_sorted = dom(&index, "#sort=name-desc");
    assert!(
        dom_sorted.contains("data-sortable=\"ready\""),
        "the sorting script ran"
    );
    let names = row_names(&dom_sorted);
    assert_eq!(names.len(), 4, "{names:?}");
    let mut expected = names.clone();
    expected.sort_by_key(|n| std::cmp::Reverse(n.to_lowercase()));
    assert_eq!(names, expected);
    let dom_plain = dom(&index, "");
    assert_eq!(row_names(&dom_plain).len(), 4);
    for (column, key) in [
        ("crypt", "crypt"),
        ("legal", "legal"),
        ("problems", "problems"),
    ] {
        assert!(
            dom_plain.contains(&format!("data-column=\"{key}\"")),
            "{column}"
        );
    }
    // The hostile names are text in the index and on their page.
    for dom in [&dom_plain, &dom(&out.join("decks/hostile.txt.html"), "")] {
        assert!(!dom.contains("<img"), "an <img> element");
        assert!(!dom.contains("<svg onload"), "an <svg onload> element");
        assert!(dom.contains(
            "&lt;script&gt;alert(1)&lt;/script&gt;\"&gt;&lt;img src=x onerror=alert(2)&gt;"
        ));
    }
    assert_eq!(
        dom_plain.matches("<script").count(),
        1,
        "only the sorting script"
    );
    let hostile = dom(&out.join("decks/hostile.txt.html"), "");
    assert!(!hostile.contains("<script"));
    assert!(hostile.contains("&lt;script&gt;alert(4)&lt;/script&gt; and \"&gt;&lt;img src=x onerror=alert(5)&gt; &amp;amp;"));
    assert!(hostile.contains("'&gt;&lt;svg onload=alert(3)&gt;"));
    for id in CHART_IDS {
        assert!(hostile.contains(&format!("<svg id=\"{id}\"")), "chart {id}");
    }
    screenshot(&index, &out.join("index.png"));
    screenshot(
        &out.join("decks/hostile.txt.html"),
        &out.join("hostile.png"),
    );

    // Run again: every page exists, nothing is written, before any work.
    common::vtesdeck()
        .arg("report")
        .arg(decks.path())
        .args(["--samples", "100000000000", "--quiet", "-o"])
        .arg(&out)
        .timeout(Duration::from_secs(60))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("already exists; use --force"));
}

#[test]
fn a_folder_report_is_written_in_a_folder() {
    common::vtesdeck()
        .arg("report")
        .arg(common::twda_dir())
        .args(["-o", "-"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "-o -: a report of several decks is a folder of pages, not standard output; give -o OUT",
        ));
    let file = tempfile::NamedTempFile::new().unwrap();
    common::vtesdeck()
        .arg("report")
        .arg(common::twda_dir())
        .arg("-o")
        .arg(file.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a folder"));
    let missing = tempfile::tempdir().unwrap();
    let nested = missing.path().join("no/such/folder");
    common::vtesdeck()
        .arg("report")
        .arg(common::twda_dir())
        .arg("-o")
        .arg(&nested)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no folder"));
    assert!(!missing.path().join("no").exists(), "no folder created");
}

/// `vtesdeck report DECK` at the event's date, no `-o`.
fn report_to_standard_output(deck: &Path) -> std::process::Output {
    common::vtesdeck()
        .arg("report")
        .arg(deck)
        .args([
            "--samples",
            "1000",
            "--seed",
            "1",
            "--quiet",
            "--date",
            "event",
        ])
        .output()
        .unwrap()
}

#[test]
fn one_deck_goes_to_standard_output_by_default() {
    let output = report_to_standard_output(&common::twda_dir().join("10043.txt"));
    assert!(output.status.code().unwrap() < 2);
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(html.trim_end().ends_with("</html>"));
    assert!(html.contains("<title>Daylily · vtesdeck report</title>"));
    common::vtesdeck()
        .arg("report")
        .arg(common::twda_dir().join("10043.txt"))
        .args(["--title", "My deck"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--title names the index of a report of several decks",
        ));
}

/// The text of a page as a reader sees it, one piece per element (tags,
/// styles and charts left out).
fn page_texts(html: &str) -> Vec<String> {
    let body = &html[html.find("<body").unwrap()..];
    let without_charts = regex::Regex::new(r"(?s)<svg.*?</svg>")
        .unwrap()
        .replace_all(body, "");
    regex::Regex::new(r"<[^>]*>")
        .unwrap()
        .split(&without_charts)
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty())
        .collect()
}

#[test]
fn the_prose_of_a_page_is_rendered_and_never_says_sampled_and_exact_at_once() {
    // 10043.txt: an exact opening, and a check message quoting its line.
    let deck = common::twda_dir().join("10043.txt");
    let output = report_to_standard_output(&deck);
    let html = String::from_utf8(output.stdout).unwrap();
    let texts = page_texts(&html);
    assert!(texts.iter().any(|t| t == "Opening (exact)"));
    for text in &texts {
        assert!(!text.contains('`'), "a literal backtick: {text}");
        for sentence in text.split(['.', ';']) {
            assert!(
                !(sentence.contains("exact") && sentence.contains("sampl")),
                "{sentence}"
            );
        }
    }
    // The commands the prose names are code.
    assert!(html.contains("<code>vtesdeck draw</code>"));
    assert!(html.contains("<code>vtesdeck transfers --plot</code>"));
}

#[test]
fn the_index_counts_errors_and_warnings_as_check_does() {
    // The examples (warnings, info notes), an illegal deck and a deck with a
    // line that names no card.
    let folder = tempfile::tempdir().unwrap();
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    for entry in std::fs::read_dir(&examples).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), folder.path().join(entry.file_name())).unwrap();
    }
    std::fs::write(
        folder.path().join("short.txt"),
        "Crypt (12)\n12x Alabastrom\n\nLibrary\n30x Blood Doll\n2x Zzyzx Qqq\n",
    )
    .unwrap();
    let out = tempfile::tempdir().unwrap();
    let report = out.path().join("report");
    let output = common::vtesdeck()
        .arg("report")
        .arg(folder.path())
        .args(["--samples", "100", "--seed", "1", "--quiet", "-o"])
        .arg(&report)
        .output()
        .unwrap();
    assert!(output.status.code().unwrap() < 2);
    let check = common::vtesdeck()
        .args(["check", "--json"])
        .arg(folder.path())
        .output()
        .unwrap();
    // By deck file: errors, warnings and the rules of both, as `check` gives them.
    let mut expected = std::collections::BTreeMap::new();
    let mut summary = String::new();
    for line in String::from_utf8_lossy(&check.stdout).lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        if record["type"] == "summary" {
            summary = format!(
                "{} decks: {} legal, {} illegal.",
                record["decks"], record["legal"], record["illegal"]
            );
            continue;
        }
        let problems = record["problems"].as_array().unwrap();
        let count = |severity: &str| {
            problems
                .iter()
                .filter(|p| p["severity"] == severity)
                .count()
        };
        let mut rules: Vec<String> = Vec::new();
        for p in problems.iter().filter(|p| p["severity"] != "info") {
            let rule = p["rule"].as_str().unwrap().to_string();
            if !rules.contains(&rule) {
                rules.push(rule);
            }
        }
        let path = record["path"].as_str().unwrap();
        let file = Path::new(path)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let (errors, warnings) = (count("error"), count("warning"));
        let cell = if errors + warnings == 0 {
            "0".to_string()
        } else {
            let noun = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
            format!(
                "{}, {}: {}",
                noun(errors, "error"),
                noun(warnings, "warning"),
                rules.join(", ")
            )
        };
        expected.insert(file, cell);
    }
    assert_eq!(expected.len(), 4);
    assert!(
        expected.values().any(|cell| cell.contains("warning")),
        "a deck with warnings: {expected:?}"
    );
    let index = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(index.contains(&summary), "{summary}");
    let rows = regex::Regex::new(
        r#"<span class="path">([^<]*)</span></th>.*?<td data-sort="\d+">([^<]*)</td></tr>"#,
    )
    .unwrap();
    let shown: std::collections::BTreeMap<String, String> = rows
        .captures_iter(&index)
        .map(|c| (c[1].to_string(), c[2].to_string()))
        .collect();
    assert_eq!(shown, expected);
}

#[test]
fn a_gargoyle_deck_shows_flight_in_the_crypt() {
    // 11634.txt: Gargoyles, whose Flight is in their card text, not in a discipline column.
    let deck = common::twda_dir().join("11634.txt");
    let output = report_to_standard_output(&deck);
    assert!(output.status.code().unwrap() < 2);
    let html = String::from_utf8(output.stdout).unwrap();
    // The crypt copies with Flight, as `draw` counts them.
    let draw = json(&["draw", "--json", "--quiet", "--seed", "1"], &deck);
    let flying = draw["crypt"]["disciplines"]["fli"]["count"]
        .as_u64()
        .unwrap();
    assert!(flying > 0, "a Gargoyle crypt flies");
    let table = html.split("id=\"discipline-table\"").nth(1).unwrap();
    let table = &table[..table.find("</table>").unwrap()];
    assert!(
        table.contains(&format!(
            "<td>Flight</td><td class=\"num\">{flying}</td><td class=\"num\">0</td>"
        )),
        "{table}"
    );
    let chart = html.split("<svg id=\"chart-disciplines\"").nth(1).unwrap();
    let chart = &chart[..chart.find("</svg>").unwrap()];
    assert!(
        chart.contains(&format!("<title>FLI: crypt, inferior {flying}</title>")),
        "{chart}"
    );
}

#[test]
fn a_deck_without_an_event_date_is_not_judged_at_its_event() {
    let deck = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(deck.path(), hostile_deck()).unwrap();
    let output = report_to_standard_output(deck.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no event date"));
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(html.contains("id=\"verdict-text\">NOT JUDGED</p>"));
    assert!(html.contains("no event date in this deck"));
}

#[test]
fn the_ci_recipe_builds_the_folder_report_as_written() {
    let recipe = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/ci/github-actions-report.yml"),
    )
    .unwrap();
    // The step's shell lines, continuation lines joined, the workflow expression filled in.
    let start = recipe
        .find("vtesdeck report decks/")
        .expect("the report command");
    let end = start + recipe[start..].find('\n').unwrap();
    let mut command = recipe[start..end].to_string();
    let mut rest = &recipe[end + 1..];
    while command.ends_with('\\') {
        command.pop();
        let next = rest.find('\n').unwrap();
        command.push_str(rest[..next].trim());
        rest = &rest[next + 1..];
    }
    let command = command.replace("${{ github.repository }}", "owner/decks");
    assert!(command.contains("-o deck-report"), "{command}");
    let repository = tempfile::tempdir().unwrap();
    let decks = repository.path().join("decks");
    std::fs::create_dir(&decks).unwrap();
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let mut count = 0;
    for entry in std::fs::read_dir(&examples).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), decks.join(entry.file_name())).unwrap();
        count += 1;
    }
    let binary = assert_cmd::cargo::cargo_bin("vtesdeck");
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let status = Command::new("bash")
        .args(["-euo", "pipefail", "-c", &command])
        .current_dir(repository.path())
        .env("PATH", path)
        .env("VTESDECK_CARDS", common::cards_dir())
        .env("VTESDECK_OFFLINE", "1")
        .status()
        .unwrap();
    assert!(status.success(), "{command}");
    let index = std::fs::read_to_string(repository.path().join("deck-report/index.html")).unwrap();
    assert!(index.contains("<h1>owner/decks decks</h1>"));
    assert_eq!(index.matches("<a href=\"decks/").count(), count, "{index}");
}

/// A deck's page goes where the user says, and says where it went: `-o
/// FOLDER/` (created), `-o FILE.html`; on a terminal with no `-o`, a file of
/// the deck's name, never HTML on the screen; a folder with no decklist
/// writes nothing and says so.
#[test]
fn a_page_goes_to_a_file_and_says_so_and_an_empty_folder_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let deck = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks/brujah-rush.txt");
    let report = |args: &[&str]| {
        common::vtesdeck()
            .current_dir(dir.path())
            .args(["report", "--samples", "50", "--seed", "1", "--quiet"])
            .args(args)
            .output()
            .expect("runs")
    };
    let deck_arg = deck.to_str().expect("UTF-8 path");
    let into_folder = report(&[deck_arg, "-o", "pages/"]);
    assert_eq!(into_folder.status.code(), Some(0), "{into_folder:?}");
    assert_eq!(
        String::from_utf8_lossy(&into_folder.stdout),
        format!("pages/brujah-rush.html: the page of {deck_arg}\n")
    );
    let page = std::fs::read_to_string(dir.path().join("pages/brujah-rush.html")).expect("page");
    assert!(page.starts_with("<!DOCTYPE html>"));
    let into_file = report(&[deck_arg, "-o", "b.html"]);
    assert_eq!(
        String::from_utf8_lossy(&into_file.stdout),
        format!("b.html: the page of {deck_arg}\n")
    );
    assert!(dir.path().join("b.html").is_file());

    std::fs::create_dir(dir.path().join("empty")).expect("mkdir");
    let empty = report(&["empty", "-o", "out"]);
    assert_eq!(empty.status.code(), Some(2), "{empty:?}");
    assert!(
        String::from_utf8_lossy(&empty.stderr)
            .contains("nothing written to out: empty: no decklist in this folder"),
        "{empty:?}"
    );
    assert!(!dir.path().join("out").exists());

    // On a terminal (util-linux `script` gives one), the page goes to a file.
    let has_script = Command::new("script").arg("--version").output().is_ok();
    if has_script {
        let command = format!(
            "{} report --samples 50 --seed 1 --quiet {deck_arg}",
            env!("CARGO_BIN_EXE_vtesdeck")
        );
        let output = Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .current_dir(dir.path())
            .env("VTESDECK_CARDS", common::cards_dir())
            .output()
            .expect("script runs");
        let screen = String::from_utf8_lossy(&output.stdout);
        assert!(!screen.contains("<html"), "{screen}");
        assert!(screen.contains("brujah-rush.html: the page of"), "{screen}");
        assert!(dir.path().join("brujah-rush.html").is_file());
    }
}

/// The `<span class="path">` cells of an index, in order.
fn index_paths(index: &str) -> Vec<String> {
    regex::Regex::new(r#"<span class="path">([^<]*)</span>"#)
        .unwrap()
        .captures_iter(index)
        .map(|c| c[1].to_string())
        .collect()
}

/// `check --json` on the same `inputs` (run in `root`) counts `decks` (the
/// decks, the legal, the illegal), as the `index` of their report says, and
/// labels the same decks as its rows (in any order).
fn assert_index_agrees_with_check(root: &Path, inputs: &[&str], index: &str, decks: [u64; 3]) {
    let check = common::vtesdeck()
        .current_dir(root)
        .args(["check", "--json", "--quiet"])
        .args(inputs)
        .output()
        .expect("runs");
    let records = common::json_records(&check.stdout);
    let summary = records.last().expect("a summary");
    assert_eq!(
        [&summary["decks"], &summary["legal"], &summary["illegal"]],
        decks.map(Value::from).each_ref()
    );
    let verdict = format!(
        "{} decks: {} legal, {} illegal.",
        summary["decks"], summary["legal"], summary["illegal"]
    );
    assert!(index.contains(&verdict), "{verdict}");
    let mut checked: Vec<&str> = records
        .iter()
        .filter(|record| record["type"] == "deck")
        .filter_map(|record| record["path"].as_str())
        .collect();
    let mut rows = index_paths(index);
    checked.sort_unstable();
    rows.sort_unstable();
    assert_eq!(checked, rows);
}

/// Each page of the report folder `out` (its path under it) is titled with
/// its deck's name.
fn assert_page_titles(out: &Path, pages: &[(&str, &str)]) {
    for (page, name) in pages {
        let html =
            std::fs::read_to_string(out.join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(
            html.contains(&format!("<title>{name} · vtesdeck report</title>")),
            "{page}"
        );
    }
}

/// `report a.txt b.txt decks/` (as `check` takes several inputs): one report
/// holding every deck, a page each (two files of one name: `-2`) and one
/// index, in `vtesdeck-report/` when no `-o` is given, which the line printed
/// names; the decks and the verdicts are those `check` gives on the same inputs.
#[test]
fn several_inputs_make_one_report_of_every_deck() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    for folder in ["x", "y", "decks/sub"] {
        std::fs::create_dir_all(root.join(folder)).expect("mkdir");
    }
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    std::fs::copy(examples.join("brujah-rush.txt"), root.join("x/a.txt")).expect("copy");
    std::fs::copy(
        common::twda_dir().join("2012helena.txt"),
        root.join("y/a.txt"),
    )
    .expect("copy");
    std::fs::copy(
        common::twda_dir().join("10021.txt"),
        root.join("decks/sub/b.txt"),
    )
    .expect("copy");
    std::fs::write(root.join("decks/README.md"), "Our decks.\n").expect("write");
    let inputs = ["x/a.txt", "y/a.txt", "decks"];
    let report = |extra: &[&str]| {
        common::vtesdeck()
            .current_dir(root)
            .args(["report", "--samples", "50", "--seed", "1"])
            .args(inputs)
            .args(extra)
            .output()
            .expect("runs")
    };
    let output = report(&[]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "vtesdeck-report/index.html: 3 deck pages and the index\n"
    );
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("skipped decks/README.md"),
        "{output:?}"
    );
    let out = root.join("vtesdeck-report");
    assert_page_titles(
        &out,
        &[
            ("decks/a.txt.html", "Brujah rush"),
            ("decks/a.txt-2.html", "Nergal 2.0 GT Turbo Beast"),
            ("decks/sub/b.txt.html", "Brujah Barons Steal the Truth"),
        ],
    );
    let index = std::fs::read_to_string(out.join("index.html")).expect("index");
    assert_eq!(
        index_paths(&index),
        ["x/a.txt", "y/a.txt", "decks/sub/b.txt"]
    );
    for link in [
        "decks/a.txt.html",
        "decks/a.txt-2.html",
        "decks/sub/b.txt.html",
    ] {
        assert!(
            index.contains(&format!("<a href=\"{link}\"")),
            "{link}: {index}"
        );
    }
    assert!(index.contains("<title>vtesdeck-report · vtesdeck report</title>"));
    // The same decks and verdicts as `check` on the same inputs.
    assert_index_agrees_with_check(root, &inputs, &index, [3, 3, 0]);

    // Run again: the pages are kept unless --force.
    let again = report(&[]);
    assert_eq!(again.status.code(), Some(2), "{again:?}");
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already exists; use --force"),
        "{again:?}"
    );
    assert_eq!(report(&["--force"]).status.code(), Some(0));
    let elsewhere = report(&["-o", "site", "--title", "Our decks"]);
    assert_eq!(
        String::from_utf8_lossy(&elsewhere.stdout),
        "site/index.html: 3 deck pages and the index\n"
    );
    let site = std::fs::read_to_string(root.join("site/index.html")).expect("index");
    assert!(site.contains("<h1>Our decks</h1>"), "{site}");
}

/// A JSON Lines file of three decks: the examples' Brujah rush and Toreador
/// votes as KRCG records (written by `convert --to krcg`), then an illegal
/// deck of 2 crypt cards and 1 library card.
fn three_decks_jsonl() -> String {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    let mut lines = String::new();
    for deck in ["brujah-rush.txt", "toreador-votes.twd.txt"] {
        let krcg = common::vtesdeck()
            .args(["convert", "--to", "krcg"])
            .arg(examples.join(deck))
            .output()
            .expect("runs");
        assert_eq!(krcg.status.code(), Some(0), "{krcg:?}");
        let record: Value = serde_json::from_slice(&krcg.stdout).expect("a KRCG deck");
        lines.push_str(&format!("{record}\n"));
    }
    lines.push_str(
        r#"{"name":"Too small","crypt":{"cards":[{"count":2,"name":"Jack Drake"}]},"library":{"cards":[{"count":1,"name":"Blood Doll"}]}}"#,
    );
    lines.push('\n');
    lines
}

/// A file of several decks inside a folder or among several inputs: a page
/// per deck, named after the file's page (`decks/sub/many.jsonl-2.html`),
/// and an index row each labelled `FILE#N` as `check` labels the records
/// (it was one error row, "3 decks in this file where one deck is needed");
/// the decks and the verdicts are those `check` gives on the same inputs.
#[test]
fn a_file_of_several_decks_among_inputs_gets_a_page_per_deck() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    std::fs::create_dir_all(root.join("decks/sub")).expect("mkdir");
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    std::fs::copy(examples.join("brujah-rush.txt"), root.join("a.txt")).expect("copy");
    std::fs::copy(
        common::twda_dir().join("2012helena.txt"),
        root.join("decks/b.txt"),
    )
    .expect("copy");
    let lines = three_decks_jsonl();
    std::fs::write(root.join("decks/sub/many.jsonl"), &lines).expect("write");
    let inputs = ["a.txt", "decks"];
    let output = common::vtesdeck()
        .current_dir(root)
        .args(["report", "--samples", "50", "--seed", "1"])
        .args(inputs)
        .output()
        .expect("runs");
    // The third record is illegal.
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "vtesdeck-report/index.html: 5 deck pages and the index\n"
    );
    let out = root.join("vtesdeck-report");
    assert_page_titles(
        &out,
        &[
            ("decks/a.txt.html", "Brujah rush"),
            ("decks/b.txt.html", "Nergal 2.0 GT Turbo Beast"),
            ("decks/sub/many.jsonl-1.html", "Brujah rush"),
            ("decks/sub/many.jsonl-2.html", "Toreador Votes"),
            ("decks/sub/many.jsonl-3.html", "Too small"),
        ],
    );
    // The file's own page is never written: its records have theirs.
    assert!(!out.join("decks/sub/many.jsonl.html").exists());
    let index = std::fs::read_to_string(out.join("index.html")).expect("index");
    let mut paths = index_paths(&index);
    paths.sort();
    assert_eq!(
        paths,
        [
            "a.txt",
            "decks/b.txt",
            "decks/sub/many.jsonl#1",
            "decks/sub/many.jsonl#2",
            "decks/sub/many.jsonl#3"
        ]
    );
    for n in 1..=3 {
        assert!(index.contains(&format!("<a href=\"decks/sub/many.jsonl-{n}.html\"")));
    }
    assert_index_agrees_with_check(root, &inputs, &index, [5, 4, 1]);
}

/// One folder and no `-o`: its report goes to `NAME-report/`, said; a file
/// given by name among several that holds no decklist is an error (exit
/// 2), its row says why, and the other decks still get their pages.
#[test]
fn one_folder_reports_to_its_name_and_a_file_named_must_be_a_deck() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    std::fs::create_dir(root.join("decks")).expect("mkdir");
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/decks");
    std::fs::copy(
        examples.join("brujah-rush.txt"),
        root.join("decks/rush.txt"),
    )
    .expect("copy");
    std::fs::write(root.join("notes.txt"), "Remember to sleeve the crypt.\n").expect("write");
    let report = |args: &[&str]| {
        common::vtesdeck()
            .current_dir(root)
            .args(["report", "--samples", "50", "--seed", "1", "--quiet"])
            .args(args)
            .output()
            .expect("runs")
    };
    let folder = report(&["decks"]);
    assert_eq!(folder.status.code(), Some(0), "{folder:?}");
    assert_eq!(
        String::from_utf8_lossy(&folder.stdout),
        "decks-report/index.html: 1 deck page and the index\n"
    );
    let index = std::fs::read_to_string(root.join("decks-report/index.html")).expect("index");
    assert_eq!(index_paths(&index), ["rush.txt"]);
    assert!(index.contains("<h1>decks</h1>"), "{index}");

    let mixed = report(&["decks", "notes.txt", "-o", "mixed"]);
    assert_eq!(mixed.status.code(), Some(2), "{mixed:?}");
    assert!(
        String::from_utf8_lossy(&mixed.stderr).contains("notes.txt"),
        "{mixed:?}"
    );
    let index = std::fs::read_to_string(root.join("mixed/index.html")).expect("index");
    assert_eq!(index_paths(&index), ["decks/rush.txt", "notes.txt"]);
    assert!(root.join("mixed/decks/rush.txt.html").is_file());
    assert!(!root.join("mixed/decks/notes.txt.html").exists());
}

/// `report decks.jsonl`, a file of three decks (two written by `convert --to
/// krcg`, one illegal record by hand): a page per deck named by its record in
/// `decks-report/decks/`, said, and an index whose rows are labelled
/// `decks.jsonl#N` and whose counts are those `check --json` gives on the same
/// file; a file of one deck still gives one page; `-o -` is refused.
#[test]
fn a_file_of_several_decks_reports_every_deck() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    let lines = three_decks_jsonl();
    std::fs::write(root.join("decks.jsonl"), &lines).expect("write");
    let report = |file: &str, extra: &[&str]| {
        common::vtesdeck()
            .current_dir(root)
            .args(["report", "--samples", "50", "--seed", "1", file])
            .args(extra)
            .output()
            .expect("runs")
    };
    let output = report("decks.jsonl", &[]);
    // The third deck is illegal.
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "decks-report/index.html: 3 deck pages and the index\n"
    );
    let out = root.join("decks-report");
    let mut pages: Vec<String> = std::fs::read_dir(out.join("decks"))
        .expect("pages")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    pages.sort();
    assert_eq!(pages, ["decks-1.html", "decks-2.html", "decks-3.html"]);
    for (page, name) in [
        ("decks-1.html", "Brujah rush"),
        ("decks-3.html", "Too small"),
    ] {
        let html = std::fs::read_to_string(out.join("decks").join(page)).expect("page");
        assert!(
            html.contains(&format!("<title>{name} · vtesdeck report</title>")),
            "{page}"
        );
    }
    let index = std::fs::read_to_string(out.join("index.html")).expect("index");
    assert_eq!(
        index_paths(&index),
        ["decks.jsonl#1", "decks.jsonl#2", "decks.jsonl#3"]
    );
    for n in 1..=3 {
        assert!(index.contains(&format!("<a href=\"decks/decks-{n}.html\"")));
    }
    assert_index_agrees_with_check(root, &["decks.jsonl"], &index, [3, 2, 1]);

    // Standard output cannot hold a folder of pages.
    let refused = report("decks.jsonl", &["-o", "-"]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains(
            "-o -: decks.jsonl holds 3 decks; a report of several decks is a folder of pages, \
             not standard output; give -o OUT"
        ),
        "{refused:?}"
    );

    // A file of one deck: one page, as before.
    let first = lines.lines().next().expect("a line");
    std::fs::write(root.join("one.jsonl"), format!("{first}\n")).expect("write");
    let one = report("one.jsonl", &["-o", "one.html"]);
    assert_eq!(one.status.code(), Some(0), "{one:?}");
    assert_eq!(
        String::from_utf8_lossy(&one.stdout),
        "one.html: the page of one.jsonl\n"
    );
    let page = std::fs::read_to_string(root.join("one.html")).expect("page");
    assert!(page.contains("<title>Brujah rush · vtesdeck report</title>"));
    assert!(!root.join("one-report").exists());
}
