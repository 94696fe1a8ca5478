//! Issue 12: every line read as a player meant it, and never a guess in silence.
//! A table of hand-written lines, each read alone as a plain list against the
//! real card database: the card id, the count, and whether the line reads
//! literally (no remark), is read with a remark (`read_as` kind), or is unresolved.

use crate::common;

use vtesdeck::cards::{CardDb, CardId};
use vtesdeck::deck::{Deck, ReadHow};
use vtesdeck::formats::Format;
use vtesdeck::formats::LoadDeck;

/// What a line must give.
#[derive(Debug, Clone, Copy)]
enum Expect {
    /// This card and count, no remark.
    Exact(u32, u32),
    /// This card and count, with this remark only.
    Reported(u32, u32, ReadHow),
    /// This card and count, with these remarks in this order.
    Remarks(u32, u32, &'static [ReadHow]),
    /// No card: the line is unresolved (with a reason or suggestions).
    Unresolved,
    /// No card and nothing unresolved: a header or footer declaring this total.
    Declared(u32),
    /// No card and nothing unresolved: prose, skipped and said (issue 39).
    Prose,
}

use Expect::{Declared, Exact, Prose, Remarks, Reported, Unresolved};
use ReadHow::{
    Abbreviation, ArticleMissing, ColumnsMismatch, CountAfterName, CountLabelled, Misspelling,
    NumberWords, PrintingChosen, PrintingConflict, PrintingMissing, ShortName, TextIgnored,
};

const DEFLECTION: u32 = 100_518;
const TARA: u32 = 201_341;
const LUCITA: u32 = 200_874;
const LUCITA_ADV: u32 = 200_875;
const THEO_G2: u32 = 201_362;
const THEO_G2_ADV: u32 = 201_363;
const THEO_G6: u32 = 201_613;
const CHANNEL_10: u32 = 100_327;
const OPERATION_419: u32 = 100_002;
const PIER_13: u32 = 101_400;
const SECOND_TRADITION: u32 = 101_706;
const FOURTH_TRADITION: u32 = 100_782;
const RACK: u32 = 101_536;
const PENTEX: u32 = 101_384;
const DI: u32 = 100_545;
const GOVERN: u32 = 100_845;
const AL_ASHRAD: u32 = 200_035;
const TARIQ: u32 = 201_344;
const CELESTE: u32 = 200_259;
const BANG_NAKH: u32 = 100_130;
const MAJESTY: u32 = 101_144;
const CONDITIONING: u32 = 100_401;
const SELA: u32 = 201_259;
const SELA_ADV: u32 = 201_260;
const ADISA: u32 = 201_636;
const TOTAL_INSANITY: u32 = 101_997;
const ANARCH_MANIFESTO: u32 = 100_053;
const DREAMS: u32 = 100_588;
const KRC: u32 = 101_056;
const MASK: u32 = 101_179;
const OTQV: u32 = 101_321;
const TM: u32 = 101_949;
const WWEF: u32 = 102_137;
const MAGNUM: u32 = 100_001;
const DENY: u32 = 100_524;

const TABLE: &[(&str, Expect)] = &[
    // Counts before the name, every mark.
    ("2x Deflection", Exact(DEFLECTION, 2)),
    ("2 x Deflection", Exact(DEFLECTION, 2)),
    ("2X Deflection", Exact(DEFLECTION, 2)),
    ("2xDeflection", Exact(DEFLECTION, 2)),
    ("2xx Deflection", Exact(DEFLECTION, 2)),
    ("2* Deflection", Exact(DEFLECTION, 2)),
    ("2× Deflection", Exact(DEFLECTION, 2)),
    ("x2 Deflection", Exact(DEFLECTION, 2)),
    ("xx2 Deflection", Exact(DEFLECTION, 2)),
    ("*2 Deflection", Exact(DEFLECTION, 2)),
    ("=2 Deflection", Exact(DEFLECTION, 2)),
    ("(2) Deflection", Exact(DEFLECTION, 2)),
    ("[2] Deflection", Exact(DEFLECTION, 2)),
    ("2\tDeflection", Exact(DEFLECTION, 2)),
    ("2 Deflection", Exact(DEFLECTION, 2)),
    ("2 - Deflection", Exact(DEFLECTION, 2)),
    ("x30 Deflection", Exact(DEFLECTION, 30)),
    ("+30x Deflection", Exact(DEFLECTION, 30)),
    ("3 Tara", Exact(TARA, 3)),
    // Counts after the name, every mark: read and said.
    ("Deflection 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection x4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection X4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection x 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection *4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection =4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection = 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection (4)", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection (x4)", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection [4]", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection - 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection -- 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection / 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection // 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection: 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection:4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection, 4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection\t4", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection 4x", Reported(DEFLECTION, 4, CountAfterName)),
    ("Deflection x4,", Reported(DEFLECTION, 4, CountAfterName)),
    (
        "Deflection x3 (key!)",
        Reported(DEFLECTION, 3, CountAfterName),
    ),
    ("Tara 3", Reported(TARA, 3, CountAfterName)),
    ("Tara: 3", Reported(TARA, 3, CountAfterName)),
    ("Tara 3x", Reported(TARA, 3, CountAfterName)),
    ("Theo Bell (G6) 2", Reported(THEO_G6, 2, CountAfterName)),
    // Labelled counts.
    ("Deflection Qty 4", Reported(DEFLECTION, 4, CountLabelled)),
    (
        "Deflection, Quantity: 4",
        Reported(DEFLECTION, 4, CountLabelled),
    ),
    (
        "4 copies of Deflection",
        Reported(DEFLECTION, 4, CountLabelled),
    ),
    (
        "Deflection - 4 copies",
        Reported(DEFLECTION, 4, CountLabelled),
    ),
    (
        "- Tariq, The Silent (G2), Clan: Assamite, Disciplines: obf qui, Quantity: 3",
        Reported(TARIQ, 3, CountLabelled),
    ),
    // Digits that belong to the name.
    ("Channel 10", Exact(CHANNEL_10, 1)),
    ("2x Channel 10", Exact(CHANNEL_10, 2)),
    ("2 Channel 10", Exact(CHANNEL_10, 2)),
    ("Channel 10 x3", Reported(CHANNEL_10, 3, CountAfterName)),
    ("419 Operation", Exact(OPERATION_419, 1)),
    ("3x 419 Operation", Exact(OPERATION_419, 3)),
    ("3 419 Operation", Exact(OPERATION_419, 3)),
    (
        "419 Operation x2",
        Reported(OPERATION_419, 2, CountAfterName),
    ),
    ("2x Pier 13, Port of Baltimore", Exact(PIER_13, 2)),
    ("2x Pier 13", Reported(PIER_13, 2, ShortName)),
    ("Pier 13", Reported(PIER_13, 1, ShortName)),
    // Ordinals and number words.
    (
        "2x 2nd Tradition: Domain",
        Reported(SECOND_TRADITION, 2, NumberWords),
    ),
    (
        "1x 4th Tradition: The Accounting",
        Reported(FOURTH_TRADITION, 1, NumberWords),
    ),
    ("2x Channel Ten", Reported(CHANNEL_10, 2, NumberWords)),
    // Printing tags in any case, order and brackets.
    ("2x Lucita (ADV)", Exact(LUCITA_ADV, 2)),
    ("2x Lucita (adv)", Exact(LUCITA_ADV, 2)),
    ("2x Lucita adv", Exact(LUCITA_ADV, 2)),
    ("2x Lucita Adv.", Exact(LUCITA_ADV, 2)),
    ("2x Lucita [adv]", Exact(LUCITA_ADV, 2)),
    ("2x Lucita (adv) my favourite", Exact(LUCITA_ADV, 2)),
    ("2x Theo Bell (G2 ADV)", Exact(THEO_G2_ADV, 2)),
    ("2x Theo Bell (ADV G2)", Exact(THEO_G2_ADV, 2)),
    ("2x Theo Bell [g6]", Exact(THEO_G6, 2)),
    ("2x Theo Bell g6", Exact(THEO_G6, 2)),
    ("2x Theo Bell (Group 2)", Exact(THEO_G2, 2)),
    ("2x Tara (G6)", Reported(TARA, 2, PrintingMissing)),
    ("1x Tara (ADV)", Reported(TARA, 1, PrintingMissing)),
    // Crypt rows copied from deck sites: the columns pick the printing.
    (
        "2x Lucita (ADV)  8  DOM FOR OBT cel pot Lasombra:2",
        Exact(LUCITA_ADV, 2),
    ),
    (
        "1x Lucita  8  DOM FOR OBT cel pot  Lasombra:2",
        Exact(LUCITA, 1),
    ),
    (
        "2\tTheo Bell\t8\taus dom CEL POT PRE\tBrujah:6",
        Exact(THEO_G6, 2),
    ),
    ("2 Theo Bell 7 cel dom pre POT Brujah:2", Exact(THEO_G2, 2)),
    (
        "Theo Bell\t8\taus dom CEL POT PRE\tBrujah\t6",
        Exact(THEO_G6, 1),
    ),
    // Capacity, disciplines, title and clan pick the printing too.
    (
        "2x Theo Bell  7  aus dom CEL POT PRE  Brujah:2",
        Exact(THEO_G2_ADV, 2),
    ),
    ("2x Theo Bell 7 cel dom pre POT", Exact(THEO_G2, 2)),
    ("Theo Bell 8 aus dom CEL POT PRE", Exact(THEO_G6, 1)),
    (
        "3x Theo Bell 8 aus dom CEL POT PRE Brujah",
        Exact(THEO_G6, 3),
    ),
    (
        "2x Sela  7  cel obt POT PRE  archbishop  Brujah antitribu:2",
        Exact(SELA_ADV, 2),
    ),
    ("2x Sela 6 cel obt POT PRE bishop !Brujah:2", Exact(SELA, 2)),
    ("1x Adisa  3  cel obf  Assamite:6", Exact(ADISA, 1)),
    // A written tag wins over the columns, and the conflict is said.
    (
        "2x Theo Bell (G6)  7  CEL POT PRE dom  Brujah:2",
        Reported(THEO_G6, 2, PrintingConflict),
    ),
    (
        "1x Theo Bell (ADV)  7  cel dom pre POT  Brujah:2",
        Reported(THEO_G2_ADV, 1, PrintingConflict),
    ),
    (
        "2x Sela (ADV)  6  cel obt POT PRE  bishop  Brujah antitribu:2",
        Reported(SELA_ADV, 2, PrintingConflict),
    ),
    // Columns that fit no printing, or disagree with each other: said.
    (
        "2 Theo Bell 7 CEL POT PRE dom prince Brujah:2",
        Reported(THEO_G2, 2, ColumnsMismatch),
    ),
    (
        "2x Tara  9  ANI PRO  Brujah:5",
        Reported(TARA, 2, ColumnsMismatch),
    ),
    (
        "2x Theo Bell  8  aus dom CEL POT PRE  Brujah:2",
        Reported(THEO_G2_ADV, 2, ColumnsMismatch),
    ),
    (
        "2x Theo Bell (ADV)  8  aus dom CEL POT PRE  Brujah:6",
        Reported(THEO_G2_ADV, 2, PrintingConflict),
    ),
    // A name with several printings and no tag.
    ("2x Theo Bell", Reported(THEO_G6, 2, PrintingChosen)),
    // Literal forms: case, articles, punctuation, accents, (TM), Aka.
    ("2x DEFLECTION", Exact(DEFLECTION, 2)),
    ("2x deflection", Exact(DEFLECTION, 2)),
    ("1x The Rack", Exact(RACK, 1)),
    ("1x Rack, The", Exact(RACK, 1)),
    ("1x Pentex(TM) Subversion", Exact(PENTEX, 1)),
    ("1x Pentex™ Subversion", Exact(PENTEX, 1)),
    ("1x Pentex Subversion", Exact(PENTEX, 1)),
    ("1x PentexTM Subversion", Exact(PENTEX, 1)),
    ("1x Celeste Lamontagne", Exact(CELESTE, 1)),
    ("1x Célèste Lamontagne", Exact(CELESTE, 1)),
    ("1x Bang Nakh -- Tiger's Claws", Exact(BANG_NAKH, 1)),
    // Short names, nicknames, misspellings: read and said.
    ("3x DI", Reported(DI, 3, Abbreviation)),
    // Issue 28: abbreviations (the whole name only), other articles, a
    // missing article, digits for number words.
    ("5x TM", Reported(TM, 5, Abbreviation)),
    ("2x krc", Reported(KRC, 2, Abbreviation)),
    ("1x GtU", Reported(GOVERN, 1, Abbreviation)),
    ("1x OTQV", Reported(OTQV, 1, Abbreviation)),
    ("1x WWEF", Reported(WWEF, 1, Abbreviation)),
    ("2x TM deck", Unresolved),
    ("1x An Anarch Manifesto", Exact(ANARCH_MANIFESTO, 1)),
    ("1x Anarch Manifesto, An", Exact(ANARCH_MANIFESTO, 1)),
    ("1x Anarch Manifesto", Exact(ANARCH_MANIFESTO, 1)),
    ("2x Dreams of Sphinx", Reported(DREAMS, 2, ArticleMissing)),
    (
        "2x 2nd tradition",
        Reported(SECOND_TRADITION, 2, NumberWords),
    ),
    ("1x Mask of 1000 Faces", Reported(MASK, 1, NumberWords)),
    ("4x.44 Magnum", Exact(MAGNUM, 4)),
    ("2*deny", Exact(DENY, 2)),
    ("2*Deflection", Exact(DEFLECTION, 2)),
    ("1x Al-Ashrad", Reported(AL_ASHRAD, 1, ShortName)),
    ("2x Deflektion", Reported(DEFLECTION, 2, Misspelling)),
    (
        "Deflektion 4",
        Remarks(DEFLECTION, 4, &[Misspelling, CountAfterName]),
    ),
    // Several remarks on one line: every one is kept.
    (
        "Pier 13 x2",
        Remarks(PIER_13, 2, &[ShortName, CountAfterName]),
    ),
    (
        "Theo Bell x2",
        Remarks(THEO_G6, 2, &[CountAfterName, PrintingChosen]),
    ),
    (
        "Deflection (great) x3",
        Remarks(DEFLECTION, 3, &[TextIgnored, CountAfterName]),
    ),
    ("4x Govern the Unalinged", Reported(GOVERN, 4, Misspelling)),
    ("2x Direct Intervension", Reported(DI, 2, Misspelling)),
    (
        "2x Deflection (great vs. bleed)",
        Reported(DEFLECTION, 2, TextIgnored),
    ),
    // Comments and wrappers: dropped, no remark.
    ("2x Deflection // the best", Exact(DEFLECTION, 2)),
    ("2x Deflection # note", Exact(DEFLECTION, 2)),
    ("2x Deflection <- key card", Exact(DEFLECTION, 2)),
    ("2x Deflection -- key card", Exact(DEFLECTION, 2)),
    ("- **2x Majesty**<br>", Exact(MAJESTY, 2)),
    ("<li>3x Conditioning</li>", Exact(CONDITIONING, 3)),
    ("* 2x Majesty", Exact(MAJESTY, 2)),
    ("• 2x Majesty", Exact(MAJESTY, 2)),
    // Footer and summary totals: declared counts, never cards.
    ("Total: 90", Declared(90)),
    ("Total 90", Declared(90)),
    ("Library total: 90", Declared(90)),
    ("Total library: 90", Declared(90)),
    ("Crypt: 12 cards", Declared(12)),
    ("Crypt total = 12", Declared(12)),
    ("12 vampires", Declared(12)),
    ("90 cards total", Declared(90)),
    ("Total cards: 102", Declared(102)),
    ("Deck size: 102", Declared(102)),
    ("**Total: 90**", Declared(90)),
    ("Total: 90 (4 trifles)", Declared(90)),
    ("(90 cards)", Declared(90)),
    ("2x Total Insanity", Exact(TOTAL_INSANITY, 2)),
    // Unresolved, never silently dropped.
    ("2x Qwxyzzy Plonk", Unresolved),
    ("0x Deflection", Unresolved),
    ("-2x Deflection", Unresolved),
    ("1000x Deflection", Unresolved),
    ("This deck wins by bleeding a lot", Prose),
];

fn db() -> CardDb {
    CardDb::load(&common::cards_dir()).expect("card database")
}

#[test]
fn every_line_of_the_table_reads_as_expected() {
    assert!(TABLE.len() >= 80, "{} lines", TABLE.len());
    let db = db();
    let mut failures = Vec::new();
    for &(line, expect) in TABLE {
        // A first line without a count may be a title: the table's lines come second.
        let text = format!("Deck Name: table\n{line}");
        let deck = Deck::from_text(&text, Some(Format::Plain), &db);
        let cards: Vec<(u32, u32)> = deck
            .crypt
            .iter()
            .chain(&deck.library)
            .map(|e| (e.id.0, e.count))
            .collect();
        let hows: Vec<ReadHow> = deck.read_as.iter().map(|r| r.how).collect();
        let ok = match expect {
            Exact(id, count) => {
                cards == [(id, count)] && hows.is_empty() && deck.unresolved.is_empty()
            }
            Reported(id, count, how) => {
                cards == [(id, count)] && hows == [how] && deck.unresolved.is_empty()
            }
            Remarks(id, count, expected) => {
                cards == [(id, count)] && hows == expected && deck.unresolved.is_empty()
            }
            Unresolved => cards.is_empty() && deck.unresolved.len() == 1,
            Prose => {
                cards.is_empty() && deck.unresolved.is_empty() && deck.meta.prose_skipped == [2]
            }
            Declared(total) => {
                let declared = &deck.declared;
                cards.is_empty()
                    && deck.unresolved.is_empty()
                    && (declared.crypt == Some(total)
                        || declared.library == Some(total)
                        || declared.totals.iter().any(|t| t.count == total))
            }
        };
        if !ok {
            failures.push(format!(
                "{line:?}: expected {expect:?}, got {cards:?} {hows:?} {:?}",
                deck.unresolved
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ambiguous_line_is_unresolved_with_both_readings() {
    // `Channel 10` as ten copies of `Channel`: both readings name a card only
    // if `Channel` were one; with the real database the number is the name's.
    let db = db();
    let deck = Deck::from_text("Channel 10", Some(Format::Plain), &db);
    assert_eq!(deck.library[0].id, CardId(CHANNEL_10));
    assert!(deck.read_as.is_empty());
}

#[test]
fn a_tag_naming_a_missing_printing_says_which_exists() {
    let db = db();
    let deck = Deck::from_text("2x Tara (G6)", Some(Format::Plain), &db);
    let note = deck.read_as[0].note.as_deref().unwrap_or("");
    assert_eq!(note, "Tara has no G6 printing; read as \"Tara\"");
}

#[test]
fn a_first_line_without_a_count_is_a_title_unless_it_names_a_card() {
    let db = db();
    let deck = Deck::from_text("My Brujah deck\n2x Deflection\n", Some(Format::Plain), &db);
    assert!(deck.unresolved.is_empty());
    assert_eq!(deck.meta.name.as_deref(), Some("My Brujah deck"));
    let deck = Deck::from_text(
        "My Brujah deck -- typed by hand\n2x Deflection\n",
        Some(Format::Plain),
        &db,
    );
    assert_eq!(deck.meta.name.as_deref(), Some("My Brujah deck"));
    let deck = Deck::from_text("Deflection\nMy Brujah deck\n", Some(Format::Plain), &db);
    assert_eq!(deck.library[0].id, CardId(DEFLECTION));
    assert_eq!(deck.unresolved.len(), 1);
    assert_eq!(deck.meta.name, None);
    let deck = Deck::from_text(
        "Deck Name: Kept\nMy Brujah deck\n2x Deflection\n",
        Some(Format::Plain),
        &db,
    );
    assert_eq!(deck.meta.name.as_deref(), Some("Kept"));
}

#[test]
fn unresolved_suggestions_never_repeat_the_typed_name_without_a_reason() {
    let db = db();
    let deck = Deck::from_text("2x Tarra Tarra Tarra", Some(Format::Plain), &db);
    let unresolved = &deck.unresolved[0];
    assert!(unresolved
        .suggestions
        .iter()
        .all(|s| !s.eq_ignore_ascii_case("Tarra Tarra Tarra")));
    let detail = unresolved.detail();
    assert!(
        detail.starts_with("did you mean \"") || detail == "no card with a similar name",
        "{detail}"
    );
}

#[test]
fn phone_note_deck_counts_every_line() {
    // 15 crypt + 76 library cards typed with counts after the names.
    let text = "Crypt (15 cards)\nTara 3\nTheo Bell (G2): 4\nJost Werner x4\nLucita (adv) 4\n\
                Library (76 cards)\nDeflection 10\nMajesty, 10\nConditioning\t20\nDirect Intervention x 6\n\
                Govern the Unaligned (10)\nChannel 10 x10\n419 Operation -- 10\n";
    let db = db();
    let deck = Deck::from_text(text, Some(Format::Plain), &db);
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    assert_eq!((deck.crypt_count(), deck.library_count()), (15, 76));
    assert_eq!(deck.declared.crypt, Some(15));
    assert_eq!(deck.declared.library, Some(76));
}

// End to end: `parse` and `check` on hand-typed lists, every remark said.

/// A hand-typed list: two lines of one vampire read differently (a tag the
/// columns contradict, a count after the name), a misspelt name with its count
/// after it, and a footer total that the cards read do not meet.
const HAND_TYPED: &str = "Crypt:\n\
    2x Theo Bell (ADV)  7  cel dom pre POT  Brujah:2\n\
    Theo Bell (G2 ADV) x2\n\
    Library:\n\
    Deflektion 4\n\
    Total: 90\n";

fn hand_typed_file() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("hand-typed.txt");
    std::fs::write(&path, HAND_TYPED).expect("write deck");
    (dir, path)
}

/// The deck record of `check --json` on one file (a summary record follows it).
fn check_report(path: &std::path::Path) -> serde_json::Value {
    let output = common::vtesdeck()
        .args(["check", "--json", "--date", "2024-01-01"])
        .arg(path)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(stdout.lines().next().unwrap_or_default()).expect("JSON")
}

/// The `how` and `line` of each entry of a card's `remarks`.
fn remarks_of(entry: &serde_json::Value) -> Vec<(String, u64)> {
    entry["remarks"]
        .as_array()
        .map(|remarks| {
            remarks
                .iter()
                .map(|r| {
                    (
                        r["how"].as_str().unwrap_or_default().to_string(),
                        r["line"].as_u64().unwrap_or_default(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn parse_json_keeps_read_as_and_lists_every_remark() {
    let (_dir, path) = hand_typed_file();
    let output = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(&path)
        .output()
        .expect("runs");
    let deck: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    let theo = &deck["crypt"][0];
    assert_eq!(theo["id"], THEO_G2_ADV);
    assert_eq!(theo["count"], 4);
    assert_eq!(theo["read_as"]["line"], 2);
    assert_eq!(theo["read_as"]["how"], "printing-conflict");
    assert_eq!(
        theo["read_as"]["note"],
        "the tag says ADV, the columns fit \"Theo Bell (G2)\": the tag is followed"
    );
    assert_eq!(
        remarks_of(theo),
        [
            ("printing-conflict".to_string(), 2),
            ("count-after-name".to_string(), 3)
        ]
    );
    let deflection = &deck["library"][0];
    assert_eq!(
        (deflection["id"].clone(), deflection["count"].clone()),
        (DEFLECTION.into(), 4.into())
    );
    assert_eq!(deflection["read_as"]["how"], "misspelling");
    assert_eq!(
        remarks_of(deflection),
        [
            ("misspelling".to_string(), 5),
            ("count-after-name".to_string(), 5)
        ]
    );
    // The footer is a declared total, neither a card nor an unresolved line.
    assert_eq!(deck["unresolved"], serde_json::json!([]));
    assert_eq!(deck["library"].as_array().map(Vec::len), Some(1));
}

#[test]
fn parse_text_lists_every_remark_of_a_line() {
    let (_dir, path) = hand_typed_file();
    let output = common::vtesdeck()
        .arg("parse")
        .arg(&path)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains(":5: Deflektion 4  -> 4x \"Deflection\" (misspelling; count-after-name)"),
        "{text}"
    );
    assert!(
        text.contains(":3: Theo Bell (G2 ADV) x2  -> 2x \"Theo Bell (G2 ADV)\" (count-after-name)"),
        "{text}"
    );
    assert!(!text.contains("Unresolved"), "{text}");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn check_warns_once_per_line_with_every_remark_and_compares_the_footer() {
    let (_dir, path) = hand_typed_file();
    let report = check_report(&path);
    let problems = report["problems"].as_array().cloned().unwrap_or_default();
    let of_rule = |rule: &str| -> Vec<(u64, String)> {
        problems
            .iter()
            .filter(|p| p["rule"] == rule)
            .map(|p| {
                (
                    p["line"].as_u64().unwrap_or_default(),
                    p["message"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        of_rule("name-corrected"),
        [
            (
                2,
                "`2x Theo Bell (ADV)  7  cel dom pre POT  Brujah:2` read as 2x \"Theo Bell (G2 ADV)\" \
                 (a tag and columns that disagree: the tag says ADV, the columns fit \"Theo Bell (G2)\": \
                 the tag is followed)"
                    .to_string()
            ),
            (
                5,
                "`Deflektion 4` read as 4x \"Deflection\" (a misspelling)".to_string()
            ),
        ]
    );
    // Where the count is written is a note of its own, not a correction.
    assert_eq!(
        of_rule("count-after-name"),
        [
            (
                3,
                "`Theo Bell (G2 ADV) x2` read as 2x \"Theo Bell (G2 ADV)\" (a count after the name)"
                    .to_string()
            ),
            (
                5,
                "`Deflektion 4` read as 4x \"Deflection\" (a count after the name)".to_string()
            ),
        ]
    );
    assert_eq!(
        of_rule("declared-count"),
        [(
            6,
            "line 6 declares a total of 90 cards but 4 library cards and 8 in all were read"
                .to_string()
        )]
    );
    common::vtesdeck()
        .args([
            "check",
            "--warnings",
            "--format",
            "github",
            "--date",
            "2024-01-01",
        ])
        .arg(&path)
        .assert()
        .stdout(predicates::str::contains(
            "line 6 declares a total of 90 cards but 4 library cards and 8 in all were read",
        ))
        .stdout(predicates::str::contains("(a misspelling)\n"))
        .stdout(predicates::str::contains("(a count after the name)").count(0));
}

#[test]
fn footer_totals_in_a_twd_shaped_list_are_compared_not_read_as_cards() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("twd-footer.txt");
    std::fs::write(
        &path,
        "Crypt (2 cards, min=6, max=6)\n2x Tara  6  cel POT PRE  prince  Brujah:5\nCrypt: 2 cards\n\n\
         Library (4 cards)\n3x Deflection\nLibrary total: 4\nTotal cards: 6\n",
    )
    .expect("write deck");
    let report = check_report(&path);
    let declared: Vec<&str> = report["problems"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["rule"] == "declared-count")
        .filter_map(|p| p["message"].as_str())
        .collect();
    assert_eq!(
        declared,
        [
            "the list declares 4 library cards but 3 were read",
            "line 7 declares 4 library cards but 3 were read",
            "line 8 declares a total of 6 cards but 3 library cards and 5 in all were read",
        ]
    );
    let parsed = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(&path)
        .output()
        .expect("runs");
    let deck: serde_json::Value = serde_json::from_slice(&parsed.stdout).expect("JSON");
    assert_eq!(deck["unresolved"], serde_json::json!([]));
    assert_eq!(deck["crypt"][0]["count"], 2);
}

// Issue 28: a hand-typed list with a Markdown title and a `by` line.

/// A list as typed in a note: the title as a Markdown heading, the author on
/// the second line, then cards in every form issue 28 names.
const NOSSIE: &str = "# Nossie bleed\n\
    by Some One\n\
    Crypt:\n\
    4x Dimple\n\
    4x Duck\n\
    4x Agrippina\n\
    Library:\n\
    50x Deflection\n\
    5x TM\n\
    2x KRC\n\
    1x An Anarch Manifesto\n\
    2x Dreams of Sphinx\n";

#[test]
fn a_title_and_a_by_line_are_the_deck_name_and_author_for_every_command() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("nossie.md");
    std::fs::write(&path, NOSSIE).expect("write deck");
    let parsed = common::vtesdeck()
        .args(["parse", "--json"])
        .arg(&path)
        .output()
        .expect("runs");
    let deck: serde_json::Value = serde_json::from_slice(&parsed.stdout).expect("JSON");
    assert_eq!(deck["name"], "Nossie bleed");
    assert_eq!(deck["author"], "Some One");
    assert_eq!(deck["unresolved"], serde_json::json!([]));
    let hows: Vec<&str> = deck["library"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|card| card["read_as"]["how"].as_str())
        .collect();
    assert_eq!(hows, ["abbreviation", "abbreviation", "article-missing"]);
    for command in ["draw", "transfers", "report"] {
        let output = common::vtesdeck()
            .arg(command)
            .arg(&path)
            .output()
            .expect("runs");
        assert!(
            output.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let page = common::vtesdeck()
        .arg("report")
        .arg(&path)
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&page.stdout).contains("<title>Nossie bleed"));
    // The abbreviations are info notes; the missing article a correction.
    let report = check_report(&path);
    let findings: Vec<(&str, &str, u64)> = report["problems"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| {
            Some((
                p["rule"].as_str()?,
                p["severity"].as_str()?,
                p["line"].as_u64()?,
            ))
        })
        .filter(|(rule, _, _)| ["name-corrected", "abbreviation"].contains(rule))
        .collect();
    assert_eq!(
        findings,
        [
            ("name-corrected", "warning", 12),
            ("abbreviation", "info", 9),
            ("abbreviation", "info", 10),
        ]
    );
}

#[test]
fn a_list_separated_by_semicolons_reads_every_piece() {
    let db = db();
    let text = "Crypt: Tara (x2); Lucita (x1)\nLibrary: Deflection (x4); Deny (x2); 4x.44 Magnum\n";
    let deck = Deck::from_text(text, Some(Format::Plain), &db);
    assert!(deck.unresolved.is_empty(), "{:?}", deck.unresolved);
    let cards: Vec<(u32, u32)> = deck
        .crypt
        .iter()
        .chain(&deck.library)
        .map(|e| (e.id.0, e.count))
        .collect();
    assert_eq!(
        cards,
        [
            (TARA, 2),
            (LUCITA, 1),
            (DEFLECTION, 4),
            (DENY, 2),
            (MAGNUM, 4)
        ]
    );
    assert_eq!(deck.declared.crypt, None);
}
