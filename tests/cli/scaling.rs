//! The document readers scale linearly (issue 41): an HTML page read as a
//! browser lays it out, an XML document, a JSON document read by shape and
//! a plain list of long unknown lines, each at 1x, 10x and 100x its rows,
//! read by a child `vtesdeck parse` whose time and peak memory are measured
//! (exactly: the kernel's maximum of the child, `common::measured_run`). A reader fails when its time
//! grows faster than its input (tenfold the rows taking more than thirty
//! times as long, the machine being noisy) or when its peak memory grows by
//! more than ten times what its input grows by.

use std::path::Path;

use crate::common;
use std::process::Stdio;
use std::time::Duration;

/// The rows of the smallest input (1x).
const ROWS: usize = 1_000;

/// How much the peak memory may grow for each byte the input grows by:
/// 10 (issue 41's bound) for every reader. An HTML page and a JSON
/// document read by shape take about 7 times their input (the text, the
/// tree of places that borrows its strings from it, a card line for each
/// record; 24 times when the tree held its own strings after serde_json's
/// values). The XML document below is claimed by the ARDB XML layout, read
/// as a stream of nodes keeping only its cards: about 5 times its input
/// (12 when roxmltree's whole document, 6.3 times the text, was held).
const MEMORY_PER_BYTE: u64 = 10;
const JSON_MEMORY_PER_BYTE: u64 = 10;

/// Runs `vtesdeck parse` on a file: how long it took, and its peak memory
/// (exactly, `common::measured_run`).
fn measure(path: &Path) -> (Duration, u64) {
    let no_user_data = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-user-data");
    let dir = tempfile::tempdir().expect("temp dir");
    let err = dir.path().join("err");
    let run = common::measured_run(Path::new(env!("CARGO_BIN_EXE_vtesdeck")), |command| {
        command
            .arg("parse")
            .arg(path)
            .env_remove("VTESDECK_CARDS")
            .env("XDG_DATA_HOME", &no_user_data)
            .env("HOME", &no_user_data)
            .env("VTESDECK_OFFLINE", "1")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&err).expect("err"));
    });
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    // 1 when the deck has problems (a thousand copies of a card): read all the same.
    assert!(
        matches!(run.status.code(), Some(0 | 1)),
        "{}: {}: {stderr}",
        path.display(),
        run.status
    );
    (Duration::from_secs_f64(run.seconds), run.peak_bytes)
}

/// Names of library cards of the official list, escaped for markup: rows
/// cycle through them, so that no card passes 999 copies (each copy past it
/// a problem of its own, which would be measured instead of the reader).
fn card_names() -> Vec<String> {
    let mut reader = csv::Reader::from_path(crate::common::cards_dir().join("vteslib.csv"))
        .expect("the library card list");
    reader
        .records()
        .filter_map(Result::ok)
        .filter_map(|record| record.get(1).map(str::to_string))
        .take(300)
        .map(|name| {
            name.replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('"', "&quot;")
        })
        .collect()
}

/// Writes a reader's input at 1x, 10x and 100x and checks that its time and
/// memory grow linearly with it.
fn scales_linearly(
    name: &str,
    memory_per_byte: u64,
    document: impl Fn(&mut dyn Iterator<Item = &String>, usize) -> String,
) {
    let names = card_names();
    assert!(names.len() >= 200, "{} card names", names.len());
    let dir = tempfile::tempdir().expect("temp dir");
    let mut runs = Vec::new();
    for scale in [1, 10, 100] {
        let path = dir.path().join(format!("{scale}x-{name}"));
        let text = document(&mut names.iter().cycle(), ROWS * scale);
        std::fs::write(&path, &text).expect("written");
        let (time, memory) = measure(&path);
        runs.push((text.len() as u64, time, memory));
    }
    let [(small, _, small_memory), (_, ten_time, _), (large, large_time, large_memory)] = runs[..]
    else {
        unreachable!("three runs");
    };
    let report = format!("{name}: (bytes, time, peak memory) at 1x, 10x, 100x: {runs:?}");
    eprintln!("{report}");
    assert!(
        large_time <= ten_time * 30 + Duration::from_secs(1),
        "time grows faster than the input: {report}"
    );
    assert!(
        large_memory.saturating_sub(small_memory) <= memory_per_byte * (large - small),
        "memory grows by more than {memory_per_byte} times the input: {report}"
    );
}

/// An HTML page of no deck builder (read as a browser lays it out) with
/// `rows` table rows, each pretty-printed over source lines as pages are.
#[test]
fn an_html_page_is_read_in_linear_time_and_memory() {
    scales_linearly("page.html", MEMORY_PER_BYTE, |names, rows| {
        let rows: String = names
            .take(rows)
            .map(|name| {
                format!(
                    "  <tr class=\"card-row\">\n    <td class=\"qty\">1</td>\n    \
                     <td class=\"name\"><a href=\"https://vdb.im/cards\">{name}</a></td>\n  </tr>\n"
                )
            })
            .collect();
        format!(
            "<!DOCTYPE html>\n<html><head><title>Big</title></head><body>\n\
             <nav><a href=\"/\">Home</a></nav>\n<h1>A big page</h1>\n\
             <p>A page of many rows, read as a browser lays it out.</p>\n<table>\n{rows}</table>\n\
             </body></html>\n"
        )
    });
}

/// An XML document with `rows` cards (its `<deck>`, `<library>` and
/// `<card>` are the ARDB XML layout's).
#[test]
fn an_xml_document_is_read_in_linear_time_and_memory() {
    scales_linearly("deck.xml", MEMORY_PER_BYTE, |names, rows| {
        let rows: String = names
            .take(rows)
            .map(|name| {
                format!(
                    "    <card count=\"1\" set=\"Third Edition\" rarity=\"common\">\n      \
                     <name>{name}</name>\n    </card>\n"
                )
            })
            .collect();
        format!(
            "<?xml version=\"1.0\"?>\n<deck>\n  <title>A big deck</title>\n  <library>\n{rows}  </library>\n</deck>\n"
        )
    });
}

/// A JSON document of no known layout, read by shape, with `rows` cards.
#[test]
fn a_json_document_is_read_in_linear_time_and_memory() {
    scales_linearly("deck.json", JSON_MEMORY_PER_BYTE, |names, rows| {
        let rows: Vec<String> = names
            .take(rows)
            .map(|name| {
                format!(
                    "    {{\"count\": 1, \"name\": \"{name}\", \"set\": \"Third Edition\", \
                     \"rarity\": \"common\"}}"
                )
            })
            .collect();
        format!(
            "{{\"title\": \"A big deck\",\n  \"cards\": [\n{}\n  ]\n}}\n",
            rows.join(",\n")
        )
    });
}

/// A plain list of long unknown card lines, each with many comment marks
/// (a close spelling searched for the text before each, against the
/// built-in card list): 5, 50 and 500 lines (the most whose close
/// spellings are searched in one file). The searches of a line share a
/// budget, and each compares the text with every card name cheaply (issue
/// 41: about 4.6 ms a line, 55 ms before the budget): time grows as the
/// lines do.
#[test]
fn long_unknown_lines_are_searched_in_linear_time() {
    scales_linearly("lines.txt", MEMORY_PER_BYTE, |_, rows| {
        "2x bloodq dollq -- dominateq kineq--fameq vitaeq //tasteq proseq #vesselq \
         anarchq<-kineq dollq (fameq bloodq [vesselq *vitaeq - deflectionq / fameq\n"
            .repeat(rows / 200)
    });
}
