//! Decks inside HTML pages (issue 41): a page's text is built as a browser
//! lays it out, not from its source lines. Real TWDA decks are written into
//! pages of the usual shapes (a pretty-printed table, rows or list items on
//! one source line, paragraphs of `<br>`, `<div>`s) and read back; headless
//! Chromium's `document.body.innerText` of the same pages, read as plain
//! text, gives the same cards. A banned card in a second row on the same
//! source line is seen; header rows and navigation are not deck lines; line
//! numbers point into the source.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The one deck `parse --json` reads from a file.
fn parsed(path: &Path) -> Value {
    let output = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(path)
        .output()
        .expect("runs");
    let records = common::json_records(&output.stdout);
    assert_eq!(records.len(), 1, "{}: {records:?}", path.display());
    records.into_iter().next().unwrap_or_default()
}

/// A deck's card lines: `(count, name)` of each part, as `parse --json` names them.
fn card_lines(deck: &Value, part: &str) -> Vec<(u64, String)> {
    deck[part]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|card| {
            (
                card["count"].as_u64().unwrap_or(0),
                card["name"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// Text escaped for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A page around a deck's body: a site header and menu, a prose paragraph,
/// a footer, and a script that writes what a browser shows of the body
/// (`document.body.innerText`, taken before the script changes anything)
/// into `<pre id="innertext">` for `--dump-dom` to print.
fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html>\n<head><meta charset=\"utf-8\"><title>{title}</title></head>\n<body>\n\
         <header><a href=\"/\">Home</a> <a href=\"/s\">Deck Search</a></header>\n\
         <nav>\n  <ul>\n    <li><a href=\"/a\">Strategy</a></li>\n    <li><a href=\"/b\">Tips</a></li>\n  </ul>\n</nav>\n\
         <main>\n<h1>{title}</h1>\n\
         <p>This deck won a small event last Saturday, and here is the list I played there.</p>\n\
         {body}\n\
         <p>Thanks for reading, and see you at the next tournament!</p>\n</main>\n\
         <footer>Copyright 2024, all rights reserved.</footer>\n\
         <script>\n(function () {{ const text = document.body.innerText; \
         document.body.textContent = ''; const pre = document.createElement('pre'); \
         pre.id = 'innertext'; pre.textContent = text; document.body.appendChild(pre); }})();\n</script>\n\
         </body>\n</html>\n"
    )
}

/// The deck's body in each usual shape of page.
fn bodies(crypt: &[(u64, String)], library: &[(u64, String)]) -> Vec<(&'static str, String)> {
    let parts = [("Crypt", crypt), ("Library", library)];
    let mut shapes = Vec::new();
    // A pretty-printed table: each cell on source lines of its own, a header row.
    let mut table = String::from(
        "<table>\n  <thead>\n    <tr>\n      <th>Qty</th>\n      <th>Card</th>\n    </tr>\n  </thead>\n  <tbody>\n",
    );
    for (heading, cards) in parts {
        table.push_str(&format!(
            "    <tr>\n      <td colspan=\"2\">{heading}</td>\n    </tr>\n"
        ));
        for (count, name) in cards {
            table.push_str(&format!(
                "    <tr>\n      <td>\n        {count}\n      </td>\n      <td>\n        <a href=\"/card\">{}</a>\n      </td>\n    </tr>\n",
                escape(name)
            ));
        }
    }
    table.push_str("  </tbody>\n</table>");
    shapes.push(("pretty-table", table));
    // Every row of a table on one source line (a minified page).
    let mut table = String::from("<table><tr><td>Qty</td><td>Card</td></tr>");
    for (heading, cards) in parts {
        table.push_str(&format!("<tr><th>{heading}</th></tr>"));
        for (count, name) in cards {
            table.push_str(&format!(
                "<tr><td>{count}x</td><td>{}</td></tr>",
                escape(name)
            ));
        }
    }
    table.push_str("</table>");
    shapes.push(("one-line-table", table));
    // List items on one source line, under headings.
    let mut list = String::new();
    for (heading, cards) in parts {
        list.push_str(&format!("<h2>{heading}</h2>\n<ul>"));
        for (count, name) in cards {
            list.push_str(&format!("<li>{count}x {}</li>", escape(name)));
        }
        list.push_str("</ul>\n");
    }
    shapes.push(("one-line-list", list));
    // Paragraphs of lines broken by `<br>`, several to a source line.
    let mut paragraphs = String::new();
    for (heading, cards) in parts {
        paragraphs.push_str(&format!("<p><b>{heading}:</b><br>"));
        for (at, (count, name)) in cards.iter().enumerate() {
            paragraphs.push_str(&format!("{count} {}<br>", escape(name)));
            if at % 3 == 2 {
                paragraphs.push('\n');
            }
        }
        paragraphs.push_str("</p>\n");
    }
    shapes.push(("paragraphs", paragraphs));
    // A `<div>` per card, its count and name on source lines of their own.
    let mut divs = String::new();
    for (heading, cards) in parts {
        divs.push_str(&format!("<div class=\"part\"><h3>{heading}</h3>\n"));
        for (count, name) in cards {
            divs.push_str(&format!(
                "  <div class=\"card\">\n    <span>{count}x</span>\n    <span>{}</span>\n  </div>\n",
                escape(name)
            ));
        }
        divs.push_str("</div>\n");
    }
    shapes.push(("divs", divs));
    shapes
}

/// Some TWDA decks of several kinds (the sample's and three others).
fn twda_decks() -> Vec<PathBuf> {
    let files = common::twda_files();
    let mut decks = vec![common::twda_dir().join("10043.txt")];
    decks.extend([100, 1500, 3500].map(|at| files[at].clone()));
    decks
}

/// The text of `<pre id="innertext">` in the DOM Chromium dumped.
fn inner_text(dom: &str) -> String {
    let start = dom.find("<pre id=\"innertext\">").expect("the script ran") + 20;
    let end = start + dom[start..].find("</pre>").expect("its end");
    dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// Every deck in every shape of page reads to the deck's cards, with no
/// line left unresolved (the menu, header rows and prose are no card); and
/// what headless Chromium shows of the page (`innerText`), read as plain
/// text, gives the same cards.
#[test]
fn pages_read_as_a_browser_shows_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    for deck_file in twda_decks() {
        let deck = parsed(&deck_file);
        let expected = common::deck_cards(&deck);
        let title = deck["name"].as_str().unwrap_or("A deck").to_string();
        let crypt = card_lines(&deck, "crypt");
        let library = card_lines(&deck, "library");
        for (shape, body) in bodies(&crypt, &library) {
            let stem = format!(
                "{}-{shape}",
                deck_file.file_stem().unwrap_or_default().to_string_lossy()
            );
            let html_path = dir.path().join(format!("{stem}.html"));
            fs::write(&html_path, page(&escape(&title), &body)).expect("write page");
            let read = parsed(&html_path);
            assert_eq!(common::deck_cards(&read), expected, "{stem}");
            assert_eq!(read["unresolved"], Value::Array(vec![]), "{stem}");
            let url = format!("file://{}", html_path.display());
            let run = crate::report::chromium(&url, &["--dump-dom".to_string()]);
            let text_path = dir.path().join(format!("{stem}.innertext.txt"));
            fs::write(&text_path, inner_text(&run.stdout)).expect("write text");
            assert_eq!(
                common::deck_cards(&parsed(&text_path)),
                expected,
                "{stem}: innerText"
            );
        }
    }
}

/// The Daylily deck, legal, as a minified table: with a banned card's row
/// after another row on the same source line, the banned card is read and
/// the deck judged illegal.
#[test]
fn a_banned_card_in_a_second_row_on_one_line_is_seen() {
    let deck = parsed(&common::twda_dir().join("10043.txt"));
    let mut rows = String::new();
    for part in ["crypt", "library"] {
        for (count, name) in card_lines(&deck, part) {
            rows.push_str(&format!(
                "<tr><td>{count}</td><td>{}</td></tr>\n",
                escape(&name)
            ));
        }
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let legal = dir.path().join("legal.html");
    fs::write(&legal, page("Daylily", &format!("<table>\n{rows}</table>"))).expect("write");
    common::vtesdeck().arg("check").arg(&legal).assert().code(0);
    let banned = dir.path().join("banned.html");
    let two_rows =
        "<tr><td>1</td><td>Deep Song</td></tr><tr><td>1</td><td>Anthelios, The Red Star</td></tr>\n";
    fs::write(
        &banned,
        page("Daylily", &format!("<table>\n{two_rows}{rows}</table>")),
    )
    .expect("write");
    let read = parsed(&banned);
    let names: Vec<(u64, String)> = card_lines(&read, "library");
    assert!(
        names.contains(&(1, "Anthelios, The Red Star".to_string())),
        "{names:?}"
    );
    common::vtesdeck()
        .arg("check")
        .arg(&banned)
        .assert()
        .code(1)
        .stdout(predicates::str::contains("Anthelios, The Red Star"));
}

/// A menu link naming a card and a header row are no deck line (said as
/// prose skipped); a misspelt card in a pretty-printed table is reported
/// on the source line of its name, with the count of its row.
#[test]
fn navigation_and_header_rows_are_no_deck_lines_and_lines_point_into_the_source() {
    let html = "<html><body>\n\
                <nav><a href=\"/c\">Deflection</a></nav>\n\
                <table>\n\
                <tr><td>Qty</td><td>Card</td></tr>\n\
                <tr>\n<td>\n3\n</td>\n<td>\nDeep Song\n</td>\n</tr>\n\
                <tr>\n<td>\n2\n</td>\n<td>\nQzxwv Blorp\n</td>\n</tr>\n\
                </table></body></html>\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("page.html");
    fs::write(&path, html).expect("write");
    let read = parsed(&path);
    assert_eq!(card_lines(&read, "library"), [(3, "Deep Song".to_string())]);
    let unresolved = read["unresolved"].as_array().cloned().unwrap_or_default();
    assert_eq!(unresolved.len(), 1, "{unresolved:?}");
    // The row of `Qzxwv Blorp` starts on line 15 of the source (its count, 2, read with it).
    assert_eq!(unresolved[0]["line"], 15, "{unresolved:?}");
    assert_eq!(unresolved[0]["text"], "2\tQzxwv Blorp", "{unresolved:?}");
    let text = common::vtesdeck()
        .arg("parse")
        .arg(&path)
        .output()
        .expect("runs");
    let out =
        String::from_utf8_lossy(&text.stdout).into_owned() + &String::from_utf8_lossy(&text.stderr);
    assert!(out.contains("lines of prose skipped (lines 2, 4)"), "{out}");
}
