//! Judge the deck, not the page (issue 39): legal TWDA decks written into
//! ordinary pages by a generator of this test (a forum post, an e-mail reply
//! with quoting and a signature, a Markdown post with a front matter; an HTML
//! page with a menu and a footer, a tool's JSON with lists of other strings),
//! their headings in many decorations, singular and plural, in any case. Each
//! page must give the clean deck's cards and its verdict; the same page with
//! one card line misspelt must flag that line and no other. The clean decks
//! are read and checked from their TWDA files by the same binary: what a page
//! gives is compared with what the deck alone gives.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::common::{cards_dir, json_records, twda_dir, vtesdeck};

/// How many decks are written into pages.
const DECKS: usize = 520;

/// A small seeded generator (xorshift64*): the same pages on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A card of a clean deck: its name as the reader printed it, its count, and
/// (library cards) its type as the card list writes it.
#[derive(Debug, Clone)]
struct Card {
    name: String,
    count: u32,
    kind: String,
}

/// A legal TWDA deck as the binary reads it alone.
#[derive(Debug, Clone)]
struct CleanDeck {
    file: PathBuf,
    name: Option<String>,
    author: Option<String>,
    crypt: Vec<Card>,
    library: Vec<Card>,
    cards: BTreeMap<u64, u64>,
    legal: bool,
}

/// The page kinds of the generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Forum,
    Mail,
    Markdown,
    Html,
    Json,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Forum => "forum",
            Kind::Mail => "mail",
            Kind::Markdown => "markdown",
            Kind::Html => "html",
            Kind::Json => "json",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Kind::Forum | Kind::Mail => "txt",
            Kind::Markdown => "md",
            Kind::Html => "html",
            Kind::Json => "json",
        }
    }
}

/// Every card's (id, count) of a `parse --json` record, crypt and library.
fn cards_of(record: &serde_json::Value) -> BTreeMap<u64, u64> {
    let mut cards = BTreeMap::new();
    for part in ["crypt", "library"] {
        for card in record[part].as_array().into_iter().flatten() {
            let id = card["id"].as_u64().unwrap_or(0);
            *cards.entry(id).or_insert(0) += card["count"].as_u64().unwrap_or(0);
        }
    }
    cards
}

/// The lines a `parse --json` record flags: its unresolved lines, and the
/// lines whose name was not read as written (a misspelling, text left out...).
fn flagged(record: &serde_json::Value) -> BTreeSet<u64> {
    let mut lines: BTreeSet<u64> = record["unresolved"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u["line"].as_u64())
        .collect();
    for part in ["crypt", "library"] {
        for card in record[part].as_array().into_iter().flatten() {
            for remark in card["remarks"].as_array().into_iter().flatten() {
                let how = remark["how"].as_str().unwrap_or_default();
                if NAME_FLAGS.contains(&how) {
                    lines.extend(remark["line"].as_u64());
                }
            }
        }
    }
    lines
}

/// The remarks that say a name was not read as written.
const NAME_FLAGS: [&str; 7] = [
    "misspelling",
    "short-name",
    "alias",
    "abbreviation",
    "article-missing",
    "number-words",
    "text-ignored",
];

/// Library card types by id, from the card list.
fn library_types() -> HashMap<u64, String> {
    let mut reader = csv::Reader::from_path(cards_dir().join("vteslib.csv")).expect("vteslib.csv");
    let headers = reader.headers().expect("headers").clone();
    let at = |name: &str| headers.iter().position(|h| h == name).expect(name);
    let (id, kind) = (at("Id"), at("Type"));
    reader
        .records()
        .map(|r| r.expect("a card row"))
        .map(|r| (r[id].parse().expect("an id"), r[kind].to_string()))
        .collect()
}

/// Runs `vtesdeck ARGS... PATH` and returns its JSON records by path.
fn records_by_path(args: &[&str], path: &Path) -> HashMap<String, serde_json::Value> {
    let output = vtesdeck().args(args).arg(path).output().expect("runs");
    json_records(&output.stdout)
        .into_iter()
        .filter(|r| r["type"] == "deck")
        .filter_map(|r| Some((r["path"].as_str()?.to_string(), r)))
        .collect()
}

/// The legal TWDA decks read without a remark of misspelling or an
/// unresolved line, `DECKS` of them picked by the seeded generator.
fn clean_decks(rng: &mut Rng) -> Vec<CleanDeck> {
    let twda = twda_dir();
    let parsed = records_by_path(&["parse", "--json"], &twda);
    let checked = records_by_path(&["check", "--json"], &twda);
    let types = library_types();
    let mut paths: Vec<&String> = parsed.keys().collect();
    paths.sort();
    let mut decks: Vec<CleanDeck> = paths
        .into_iter()
        .filter_map(|path| {
            let record = &parsed[path];
            let legal = checked.get(path)?["legal"].as_bool()?;
            if !legal || !flagged(record).is_empty() {
                return None;
            }
            let part = |name: &str| -> Vec<Card> {
                record[name]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| Card {
                        name: c["name"].as_str().unwrap_or_default().to_string(),
                        count: c["count"].as_u64().unwrap_or(0) as u32,
                        kind: types
                            .get(&c["id"].as_u64().unwrap_or(0))
                            .cloned()
                            .unwrap_or_else(|| "Vampire".to_string()),
                    })
                    .collect()
            };
            Some(CleanDeck {
                file: PathBuf::from(path),
                name: record["name"].as_str().map(str::to_string),
                author: record["author"].as_str().map(str::to_string),
                crypt: part("crypt"),
                library: part("library"),
                cards: cards_of(record),
                legal,
            })
        })
        .collect();
    assert!(decks.len() > 3000, "only {} clean decks", decks.len());
    // A seeded shuffle, the first DECKS taken.
    for at in (1..decks.len()).rev() {
        let other = rng.below(at + 1);
        decks.swap(at, other);
    }
    decks.truncate(DECKS);
    decks
}

/// Prose of pages: sentences, short lines, links, menus.
const PROSE: [&str; 18] = [
    "I played this deck at our local tournament and it did rather well.",
    "We had 14 players and 3 rounds plus a final, which was a lot of fun.",
    "Comments are welcome, especially about the combat package.",
    "The idea is simple: bleed hard and stay alive.",
    "Thanks to everyone who came!",
    "See https://www.vekn.net/event-calendar for the event.",
    "Strategy",
    "Tips",
    "Summary",
    "Offence",
    "Why it works",
    "More decks at http://www.veknfrance.com/forum/viewtopic.php?t=1234",
    "It won 2 of its 3 games in the final round.",
    "Cheers,",
    "Good hunting",
    "Any thoughts?",
    "I would swap 2 of the masters for more combat next time.",
    "(photo of the final table)",
];

const MENU: [&str; 8] = [
    "Home",
    "Strategy",
    "Deck Search",
    "Forum",
    "Members",
    "Log in",
    "Home | News | Decks | Contact",
    "Skip to content",
];

/// A type name in one of its written forms: singular or plural, any case.
fn type_word(rng: &mut Rng, kind: &str) -> String {
    let plural = !kind.contains('/') && rng.chance(50);
    let word = if plural {
        match kind {
            "Ally" => "Allies".to_string(),
            "Equipment" => "Equipment".to_string(),
            other => format!("{other}s"),
        }
    } else {
        kind.to_string()
    };
    match rng.below(4) {
        0 => word.to_uppercase(),
        1 => word.to_lowercase(),
        _ => word,
    }
}

/// A library type heading in one of its decorations.
fn type_heading(rng: &mut Rng, kind: &str, count: u32, markdown: bool) -> String {
    let word = type_word(rng, kind);
    let forms = [
        format!("{word} ({count})"),
        format!("{word}:"),
        format!("{word} [{count}]"),
        format!("=== {word}: {count} ==="),
        format!("— {word} ({count}) —"),
        format!("{word} cards ({count})"),
        format!("*** {word} ***"),
        format!("{word} ({count} cards)"),
        format!("{word}: {count}"),
        word.clone(),
        format!("__{word}__ ({count})"),
        format!("~ {word} ~"),
    ];
    let heading = rng.pick(&forms).clone();
    if markdown {
        format!("### {heading}")
    } else {
        heading
    }
}

/// A crypt or library heading.
fn part_heading(rng: &mut Rng, crypt: bool, count: u32, markdown: bool) -> String {
    let word = if crypt {
        *rng.pick(&["Crypt", "CRYPT", "crypt", "Vampires", "Crypt cards"])
    } else {
        *rng.pick(&["Library", "LIBRARY", "library", "Library cards"])
    };
    let forms = [
        format!("{word} ({count})"),
        format!("{word}:"),
        format!("{word} [{count}]"),
        format!("== {word} =="),
        format!("{word}: {count} cards"),
        format!("{word} ({count} cards)"),
        format!("— {word} ({count}) —"),
    ];
    let heading = rng.pick(&forms).clone();
    if markdown {
        format!("## {heading}")
    } else {
        heading
    }
}

/// A card line in one of the usual shapes.
fn card_line(rng: &mut Rng, card: &Card, name: &str, markdown: bool) -> String {
    let count = card.count;
    let line = match rng.below(6) {
        0 => format!("{count}x {name}"),
        1 => format!("{count} {name}"),
        2 => format!("{count} x {name}"),
        3 => format!("{name} x{count}"),
        4 => format!("{count}x {name}"),
        _ => format!("{count}x {name}"),
    };
    if markdown {
        format!("- {line}")
    } else if rng.chance(10) {
        format!("* {line}")
    } else {
        line
    }
}

/// A name with two letters of one of its longer words swapped (or a letter
/// doubled): a misspelling a reader must flag.
fn misspell(rng: &mut Rng, name: &str) -> String {
    let words: Vec<&str> = name.split(' ').collect();
    let long: Vec<usize> = (0..words.len())
        .filter(|&i| words[i].chars().count() >= 5 && words[i].chars().all(char::is_alphabetic))
        .collect();
    let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    match long.as_slice() {
        [] => {
            // The longest word, a letter put in its middle.
            let at = (0..words.len())
                .max_by_key(|&i| words[i].chars().filter(|c| c.is_alphabetic()).count())
                .unwrap_or(0);
            let mut chars: Vec<char> = words[at].chars().collect();
            chars.insert(chars.len() / 2, 'q');
            words[at] = chars.into_iter().collect();
        }
        long => {
            let at = *rng.pick(long);
            let mut chars: Vec<char> = words[at].chars().collect();
            let i = 1 + rng.below(chars.len() - 3);
            if chars[i] == chars[i + 1] {
                chars.insert(i, 'q');
            } else {
                chars.swap(i, i + 1);
            }
            words[at] = chars.into_iter().collect();
        }
    }
    words.join(" ")
}

/// The deck's lines as a page writes them: title, author, crypt and library
/// under their headings; the card line at `misspelt` (an index into the card
/// lines, crypt first) misspelt. Returns the lines and the index in them of
/// the misspelt line.
fn deck_lines(
    rng: &mut Rng,
    deck: &CleanDeck,
    misspelt: Option<usize>,
    markdown: bool,
) -> (Vec<String>, Option<usize>) {
    let mut lines = Vec::new();
    let mut at = None;
    if let Some(name) = &deck.name {
        lines.push(match rng.below(3) {
            0 => format!("Deck Name: {name}"),
            1 if markdown => format!("# {name}"),
            _ => name.clone(),
        });
    }
    if let Some(author) = &deck.author {
        lines.push(match rng.below(3) {
            0 => format!("Author: {author}"),
            _ => format!("by {author}"),
        });
    }
    lines.push(String::new());
    let crypt_count: u32 = deck.crypt.iter().map(|c| c.count).sum();
    let library_count: u32 = deck.library.iter().map(|c| c.count).sum();
    let mut index = 0;
    let mut write = |rng: &mut Rng, lines: &mut Vec<String>, card: &Card| {
        let name = if misspelt == Some(index) {
            at = Some(lines.len());
            // Its own generator: the page around is the clean page's.
            misspell(&mut Rng(0x9e37_79b9 + index as u64), &card.name)
        } else {
            card.name.clone()
        };
        index += 1;
        lines.push(card_line(rng, card, &name, markdown));
    };
    lines.push(part_heading(rng, true, crypt_count, markdown));
    for card in &deck.crypt {
        write(rng, &mut lines, card);
    }
    lines.push(String::new());
    lines.push(part_heading(rng, false, library_count, markdown));
    let mut kinds: Vec<&str> = Vec::new();
    for card in &deck.library {
        if !kinds.contains(&card.kind.as_str()) {
            kinds.push(&card.kind);
        }
    }
    for kind in kinds {
        let cards: Vec<&Card> = deck.library.iter().filter(|c| c.kind == kind).collect();
        let count = cards.iter().map(|c| c.count).sum();
        if rng.chance(30) {
            lines.push(String::new());
        }
        lines.push(type_heading(rng, kind, count, markdown));
        for card in cards {
            write(rng, &mut lines, card);
        }
    }
    (lines, at)
}

/// A paragraph of one to three prose lines.
fn paragraph(rng: &mut Rng, lines: &mut Vec<String>) {
    for _ in 0..1 + rng.below(3) {
        lines.push(rng.pick(&PROSE).to_string());
    }
    lines.push(String::new());
}

/// A page of a kind holding the deck; the 1-based line of the misspelt card line.
fn page(
    rng: &mut Rng,
    kind: Kind,
    deck: &CleanDeck,
    misspelt: Option<usize>,
) -> (String, Option<usize>) {
    let author = deck
        .author
        .clone()
        .unwrap_or_else(|| "Anonymous".to_string());
    let title = deck.name.clone().unwrap_or_else(|| "My deck".to_string());
    let mut lines: Vec<String> = Vec::new();
    let (deck_text, at) = deck_lines(rng, deck, misspelt, kind == Kind::Markdown);
    let mut misspelt_line = None;
    let mut append_deck = |lines: &mut Vec<String>, prefix: &str| {
        if let Some(at) = at {
            misspelt_line = Some(lines.len() + at + 1);
        }
        for line in &deck_text {
            lines.push(if line.is_empty() {
                prefix.trim_end().to_string()
            } else {
                format!("{prefix}{line}")
            });
        }
    };
    match kind {
        Kind::Forum => {
            lines.push("VEKN Forum » Deck Discussion » Tournament Winning Decks".to_string());
            for _ in 0..rng.below(4) {
                lines.push(rng.pick(&MENU).to_string());
            }
            lines.push(String::new());
            lines.push(format!("Re: {title}"));
            lines.push(format!("Post by {author} » Mon Feb 07, 2022 3:15 pm"));
            lines.push(String::new());
            paragraph(rng, &mut lines);
            append_deck(&mut lines, "");
            lines.push(String::new());
            paragraph(rng, &mut lines);
            lines.push("Top".to_string());
            if rng.chance(50) {
                lines.push(String::new());
                lines.push("-- ".to_string());
                lines.push(author.clone());
                lines.push("Prince of Somewhere, http://example.org/~me".to_string());
            }
        }
        Kind::Mail => {
            lines.push("From: bob@example.org".to_string());
            lines.push("To: vtes-list@example.org".to_string());
            lines.push(format!("Subject: Re: {title}"));
            lines.push("Date: Tue, 3 Mar 2004 10:12:00 +0100".to_string());
            lines.push(String::new());
            paragraph(rng, &mut lines);
            lines.push(format!("On Mon, 2 Mar 2004, {author} wrote:"));
            let prefix = *rng.pick(&["> ", ">", ">> ", "> > "]);
            lines.push(format!("{prefix}Here is what I played last Saturday."));
            lines.push(prefix.trim_end().to_string());
            append_deck(&mut lines, prefix);
            lines.push(prefix.trim_end().to_string());
            lines.push(format!("{prefix}-- "));
            lines.push(format!("{prefix}{author}"));
            lines.push(String::new());
            paragraph(rng, &mut lines);
            lines.push("-- ".to_string());
            lines.push("Bob".to_string());
            lines.push("http://example.org/bob".to_string());
        }
        Kind::Markdown => {
            lines.push("---".to_string());
            lines.push(format!("title: \"{}\"", title.replace('"', "'")));
            lines.push("date: 2022-02-07".to_string());
            lines.push("tags: [vtes, decks, 2022]".to_string());
            lines.push("---".to_string());
            lines.push(String::new());
            lines.push("[Home](/) | [Decks](/decks) | [About](/about)".to_string());
            lines.push(String::new());
            paragraph(rng, &mut lines);
            append_deck(&mut lines, "");
            lines.push(String::new());
            lines.push("## Strategy".to_string());
            lines.push(String::new());
            paragraph(rng, &mut lines);
            lines.push("[Back to top](#top)".to_string());
        }
        Kind::Html => {
            lines.push("<!DOCTYPE html>".to_string());
            lines.push(format!("<html><head><title>{title}</title></head><body>"));
            lines.push("<nav><ul>".to_string());
            for item in ["Home", "Strategy", "Deck Search", "Forum"] {
                lines.push(format!(
                    "<li><a href=\"/{}\">{item}</a></li>",
                    item.to_lowercase()
                ));
            }
            lines.push("</ul></nav>".to_string());
            lines.push("<article>".to_string());
            lines.push(format!("<p>{}</p>", rng.pick(&PROSE)));
            lines.push("<pre>".to_string());
            append_deck(&mut lines, "");
            lines.push("</pre>".to_string());
            lines.push(format!("<p>{}</p>", rng.pick(&PROSE)));
            lines.push("</article>".to_string());
            lines.push(
                "<footer><p>© 2022 Some Club · <a href=\"/contact\">Contact</a></p></footer>"
                    .to_string(),
            );
            lines.push("</body></html>".to_string());
        }
        Kind::Json => {
            // A tool's export: the cards as records, with lists of other strings.
            let record =
                |card: &Card, name: &str| serde_json::json!({"name": name, "count": card.count});
            let mut index = 0;
            let mut part = |cards: &[Card]| -> Vec<serde_json::Value> {
                cards
                    .iter()
                    .map(|card| {
                        let name = if misspelt == Some(index) {
                            misspell(&mut Rng(0x9e37_79b9 + index as u64), &card.name)
                        } else {
                            card.name.clone()
                        };
                        index += 1;
                        record(card, &name)
                    })
                    .collect()
            };
            let document = serde_json::json!({
                "name": title,
                "author": author,
                "categoriesOrder": ["Vampire", "Action Modifier", "Master", "Combat"],
                "tags": ["bleed", "stealth", "tournament"],
                "crypt": part(&deck.crypt),
                "library": part(&deck.library),
            });
            let text = serde_json::to_string_pretty(&document).expect("JSON");
            // The line of the misspelt record's name.
            let line = misspelt.and_then(|_| {
                text.lines()
                    .position(|l| l.contains("\"name\"") && !deck_has_name(deck, l))
                    .map(|at| at + 1)
            });
            return (text, line);
        }
    }
    (lines.join("\n") + "\n", misspelt_line)
}

/// Whether a JSON line's `"name"` value is one of the deck's card names or its title.
fn deck_has_name(deck: &CleanDeck, line: &str) -> bool {
    let value = line
        .split_once(':')
        .map_or("", |(_, v)| v.trim().trim_end_matches(','));
    let value: String = serde_json::from_str(value).unwrap_or_default();
    deck.crypt
        .iter()
        .chain(&deck.library)
        .any(|c| c.name == value)
        || deck.name.as_deref() == Some(&value)
        || deck.name.is_none() && value == "My deck"
}

/// Writes every deck into pages of the given kinds (clean, and with one card
/// line misspelt) and checks what the binary reads of them: the failures,
/// each named by its page.
fn pages_are_judged_as_their_decks(kinds: &[Kind], seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    let decks = clean_decks(&mut rng);
    let folder = tempfile::tempdir().expect("temporary folder");
    // `VTESDECK_PAGES_KEEP=DIR` keeps the pages written, to read them again by hand.
    let root = std::env::var_os("VTESDECK_PAGES_KEEP")
        .map(|dir| PathBuf::from(dir).join(format!("{seed:x}")))
        .unwrap_or_else(|| folder.path().to_path_buf());
    let clean_dir = root.join("clean");
    let misspelt_dir = root.join("misspelt");
    std::fs::create_dir_all(&clean_dir).expect("folder");
    std::fs::create_dir_all(&misspelt_dir).expect("folder");
    // page path -> (deck index, misspelt line)
    let mut written: Vec<(PathBuf, usize, Option<usize>)> = Vec::new();
    for (index, deck) in decks.iter().enumerate() {
        let kind = kinds[index % kinds.len()];
        let lines = deck.crypt.len() + deck.library.len();
        let file = format!("{index:04}-{}.{}", kind.name(), kind.extension());
        // The clean page and the misspelt one are the same page but for the
        // misspelt line.
        let page_seed = rng.next();
        let (text, _) = page(&mut Rng(page_seed), kind, deck, None);
        std::fs::write(clean_dir.join(&file), text).expect("write");
        written.push((clean_dir.join(&file), index, None));
        let at = rng.below(lines);
        let (text, line) = page(&mut Rng(page_seed), kind, deck, Some(at));
        std::fs::write(misspelt_dir.join(&file), text).expect("write");
        written.push((
            misspelt_dir.join(&file),
            index,
            Some(line.expect("a misspelt line")),
        ));
    }
    let mut parsed = records_by_path(&["parse", "--json"], &clean_dir);
    parsed.extend(records_by_path(&["parse", "--json"], &misspelt_dir));
    let checked = records_by_path(&["check", "--json"], &clean_dir);
    let mut failures = Vec::new();
    for (path, index, misspelt) in &written {
        let deck = &decks[*index];
        let key = path.display().to_string();
        let shown = format!("{} (deck {})", key, deck.file.display());
        let Some(record) = parsed.get(&key) else {
            failures.push(format!("{shown}: not read as a deck"));
            continue;
        };
        match misspelt {
            None => {
                if cards_of(record) != deck.cards {
                    failures.push(format!("{shown}: other cards"));
                }
                let legal = checked.get(&key).and_then(|r| r["legal"].as_bool());
                if legal != Some(deck.legal) {
                    failures.push(format!("{shown}: verdict {legal:?}"));
                }
            }
            Some(line) => {
                let flagged = flagged(record);
                // A JSON record is flagged at one of its lines (`{`, `"count"`,
                // `"name"`, `}`: the name's line is the third).
                let right = match kinds[*index % kinds.len()] {
                    Kind::Json => {
                        flagged.len() == 1
                            && flagged
                                .iter()
                                .all(|&l| (*line as u64 - 2..=*line as u64 + 1).contains(&l))
                    }
                    _ => flagged == BTreeSet::from([*line as u64]),
                };
                if !right {
                    failures.push(format!(
                        "{shown}: line {line} misspelt, lines {flagged:?} flagged"
                    ));
                }
            }
        }
    }
    failures
}

/// Asserts no failure, showing the first ones and how many.
fn assert_none(failures: &[String], pages: usize) {
    assert!(
        failures.is_empty(),
        "{} failures in {pages} pages:\n{}",
        failures.len(),
        failures
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn decks_in_posts_mails_and_markdown_are_judged_as_the_decks() {
    let failures =
        pages_are_judged_as_their_decks(&[Kind::Forum, Kind::Mail, Kind::Markdown], 0x3939_0001);
    assert_none(&failures, 2 * DECKS);
}

/// The HTML page (a menu and a footer around a `<pre>` deck) and the tool's
/// JSON (the cards as records beside lists of other strings).
#[test]
fn decks_in_html_pages_and_tool_json_are_judged_as_the_decks() {
    let failures = pages_are_judged_as_their_decks(&[Kind::Html, Kind::Json], 0x3939_0002);
    assert_none(&failures, 2 * DECKS);
}

/// How many pairs of decks are written two to a page.
const PAIRS: usize = 130;

/// A page holding two decks: a forum post with prose before, between and
/// after them, or an e-mail reply that quotes the first deck and gives the
/// second one below it.
fn two_deck_page(rng: &mut Rng, first: &CleanDeck, second: &CleanDeck, mail: bool) -> String {
    let (first_lines, _) = deck_lines(rng, first, None, false);
    let (second_lines, _) = deck_lines(rng, second, None, false);
    let author = first
        .author
        .clone()
        .unwrap_or_else(|| "Anonymous".to_string());
    let mut lines: Vec<String> = Vec::new();
    let quoted = |lines: &mut Vec<String>, deck: &[String], prefix: &str| {
        for line in deck {
            lines.push(if line.is_empty() {
                prefix.trim_end().to_string()
            } else {
                format!("{prefix}{line}")
            });
        }
    };
    if mail {
        lines.push("From: bob@example.org".to_string());
        lines.push("Subject: Re: Two decks for the weekend".to_string());
        lines.push(String::new());
        paragraph(rng, &mut lines);
        lines.push(format!("On Mon, 2 Mar 2004, {author} wrote:"));
        let prefix = *rng.pick(&["> ", ">", ">> ", "> > "]);
        quoted(&mut lines, &first_lines, prefix);
        lines.push(prefix.trim_end().to_string());
        lines.push(String::new());
        lines.push("Here is mine, for comparison.".to_string());
        lines.push(String::new());
        quoted(&mut lines, &second_lines, "");
        lines.push(String::new());
        lines.push("-- ".to_string());
        lines.push("Bob".to_string());
    } else {
        lines.push("VEKN Forum » Deck Discussion » Tournament Winning Decks".to_string());
        lines.push(String::new());
        lines.push(format!("Post by {author} » Mon Feb 07, 2022 3:15 pm"));
        lines.push(String::new());
        paragraph(rng, &mut lines);
        quoted(&mut lines, &first_lines, "");
        lines.push(String::new());
        paragraph(rng, &mut lines);
        quoted(&mut lines, &second_lines, "");
        lines.push(String::new());
        paragraph(rng, &mut lines);
        lines.push("Top".to_string());
    }
    lines.join("\n") + "\n"
}

/// Two legal TWDA decks in one page (a forum post, an e-mail reply) are two
/// records, `PAGE#1` and `PAGE#2`: each gives its deck's cards and verdict,
/// as the deck alone does, and says the page held two decks.
#[test]
fn two_decks_in_a_post_or_a_mail_are_judged_as_the_two_decks() {
    let mut rng = Rng(0x3939_0003);
    let decks = clean_decks(&mut rng);
    let folder = tempfile::tempdir().expect("temporary folder");
    let root = std::env::var_os("VTESDECK_PAGES_KEEP")
        .map(|dir| PathBuf::from(dir).join("two-decks"))
        .unwrap_or_else(|| folder.path().to_path_buf());
    std::fs::create_dir_all(&root).expect("folder");
    let mut written: Vec<(String, usize)> = Vec::new();
    for pair in 0..PAIRS {
        let mail = pair % 2 == 1;
        let file = format!("{pair:04}-{}.txt", if mail { "mail" } else { "forum" });
        let page_seed = rng.next();
        let text = two_deck_page(
            &mut Rng(page_seed),
            &decks[2 * pair],
            &decks[2 * pair + 1],
            mail,
        );
        let path = root.join(&file);
        std::fs::write(&path, text).expect("write");
        written.push((path.display().to_string(), pair));
    }
    let parsed = records_by_path(&["parse", "--json"], &root);
    let checked = records_by_path(&["check", "--json"], &root);
    let mut failures = Vec::new();
    for (page, pair) in &written {
        if parsed.contains_key(page) {
            failures.push(format!("{page}: read as one deck"));
            continue;
        }
        for (at, deck) in [&decks[2 * pair], &decks[2 * pair + 1]]
            .into_iter()
            .enumerate()
        {
            let key = format!("{page}#{}", at + 1);
            let shown = format!("{key} (deck {})", deck.file.display());
            let Some(record) = parsed.get(&key) else {
                failures.push(format!("{shown}: no such record"));
                continue;
            };
            if cards_of(record) != deck.cards {
                failures.push(format!("{shown}: other cards"));
            }
            let said = record["decks_in_text"]
                .as_str()
                .is_some_and(|note| note.starts_with(&format!("deck {} of 2 ", at + 1)));
            if !said {
                failures.push(format!("{shown}: two decks not said"));
            }
            let legal = checked.get(&key).and_then(|r| r["legal"].as_bool());
            if legal != Some(deck.legal) {
                failures.push(format!("{shown}: verdict {legal:?}"));
            }
        }
        if parsed.contains_key(&format!("{page}#3")) {
            failures.push(format!("{page}: a third record"));
        }
    }
    assert_none(&failures, PAIRS);
}
