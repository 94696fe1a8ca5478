//! Not a VTES list at all (issue 39): a Magic deck list and a Pokémon list,
//! most of whose card lines name no VTES card, are not judged: exit 2 with
//! "N of M card lines name no VTES card" alone; skipped and listed in a
//! folder, while the real deck beside them is still judged.

use std::fs;
use std::path::Path;

use crate::common::{json_records, twda_dir, vtesdeck};

/// A Magic deck: 13 card lines, none a VTES card.
const MAGIC: &str = "Deck
4 Lightning Bolt
4 Monastery Swiftspear
4 Goblin Guide
4 Eidolon of the Great Revel
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Boros Charm
4 Lightning Helix
20 Mountain
4 Inspiring Vantage

Sideboard
3 Smash to Smithereens
2 Path to Exile
";

/// A Pokémon list as the game's client exports it: 14 card lines (its
/// headings, a count after a name, among them), one naming a VTES card
/// (`Trainer: 36`: the card Trainer).
const POKEMON: &str = "Pokémon: 12
4 Charmander OBF 26
1 Charmeleon PAF 8
3 Charizard ex OBF 125
2 Pidgey MEW 16
2 Pidgeot ex OBF 164

Trainer: 36
4 Arven SVI 166
3 Boss's Orders PAL 172
4 Rare Candy SVI 191
4 Ultra Ball SVI 196
4 Nest Ball SVI 181

Energy: 12
12 Basic Fire Energy 2
";

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).expect("write list");
    path
}

#[test]
fn a_list_of_another_game_alone_is_not_judged() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text, first, message) in [
        (
            "magic.txt",
            MAGIC,
            2,
            // Its sideboard's two lines are kept apart, no card lines of the deck.
            "11 of 11 card lines name no VTES card",
        ),
        (
            "pokemon.txt",
            POKEMON,
            1,
            "13 of 14 card lines name no VTES card",
        ),
    ] {
        let path = write(dir.path(), name, text);
        for command in ["check", "parse"] {
            let out = vtesdeck().arg(command).arg(&path).output().expect("run");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} {name}: {stderr}");
            let expected = format!(
                "{}:{first}: {message}: not a VTES decklist (a list of another game?)",
                path.display()
            );
            assert!(stderr.contains(&expected), "{command} {name}: {stderr}");
        }
    }
}

#[test]
fn a_list_of_another_game_in_a_folder_is_skipped_and_the_deck_judged() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "magic.txt", MAGIC);
    write(dir.path(), "pokemon.txt", POKEMON);
    let deck = twda_dir().join("10043.txt");
    fs::copy(&deck, dir.path().join("10043.txt")).expect("copy deck");
    // The deck alone, for its verdict.
    let alone = vtesdeck()
        .args(["check", "--json"])
        .arg(&deck)
        .output()
        .expect("run");
    let alone = json_records(&alone.stdout);
    let out = vtesdeck()
        .args(["check", "--json"])
        .arg(dir.path())
        .output()
        .expect("run");
    let records = json_records(&out.stdout);
    let of_type = |kind: &str| -> Vec<&serde_json::Value> {
        records.iter().filter(|r| r["type"] == kind).collect()
    };
    let skipped: Vec<String> = of_type("skipped")
        .iter()
        .map(|r| {
            let path = r["path"].as_str().unwrap_or("");
            let name = Path::new(path)
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            format!("{name}: {}", r["reason"].as_str().unwrap_or(""))
        })
        .collect();
    let reason = "most card lines name no VTES card (a list of another game?), not a decklist";
    assert_eq!(
        skipped,
        [
            format!("magic.txt: {reason}"),
            format!("pokemon.txt: {reason}")
        ]
    );
    let decks = of_type("deck");
    assert_eq!(decks.len(), 1, "{records:?}");
    assert_eq!(decks[0]["legal"], alone[0]["legal"]);
    assert_eq!(decks[0]["problems"], alone[0]["problems"]);
    let summary = of_type("summary");
    assert_eq!(summary[0]["skipped"], 2);
    assert_eq!(summary[0]["errors"], 0);
}
