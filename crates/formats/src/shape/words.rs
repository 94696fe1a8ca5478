//! The words the reader of shapes knows keys by: the keys of a card's name,
//! id, count, section and printing, the names of crypt and library parts,
//! and the keys of a deck's name, author and description. Keys are compared
//! folded ([`fold`]): `Card Name`, `card_name`, `cardName` and `@name` are
//! one key.

use vtesdeck_cards::CardKind;

/// A key lower-cased, without what is not a letter or digit.
pub fn fold(key: &str) -> String {
    key.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Keys of a card's name.
pub const NAME: [&str; 9] = [
    "name",
    "cardname",
    "card",
    "printedname",
    "title",
    "cardtitle",
    "nameen",
    "fullname",
    "label",
];

/// Keys of a card's count.
pub const COUNT: [&str; 16] = [
    "count",
    "qty",
    "quantity",
    "quant",
    "number",
    "num",
    "nb",
    "n",
    "amount",
    "copies",
    "copy",
    "cnt",
    "howmany",
    "multiplicity",
    "times",
    "x",
];

/// Keys of a card's own part or type.
pub const SECTION: [&str; 9] = [
    "kind", "type", "types", "section", "category", "cardtype", "zone", "part", "pile",
];

/// Whether a folded key names a VEKN card id: `id`, `vekn_id`, `card_id`,
/// `cardId`, `vtes_id`. Not any key ending in `id` (`CatID`,
/// `cardmarket_id`, `repo_id` name ids of other databases).
pub fn is_id_key(folded: &str) -> bool {
    matches!(
        folded,
        "id" | "vekn" | "veknid" | "cardid" | "vtesid" | "vekncardid" | "cardveknid"
    )
}

/// Keys of a list kept apart from the deck: a sideboard, the cards being
/// considered (`sideboard`, `maybe`, `maybeboard`), never added to it.
pub fn is_apart(folded: &str) -> bool {
    matches!(
        folded,
        "sideboard"
            | "side"
            | "sb"
            | "maybe"
            | "maybeboard"
            | "considering"
            | "considered"
            | "wishlist"
            | "tokens"
    )
}

/// A group as a field writes it: `6`, `G6`, `g6`, `Group 6`, `grp 6`, `any`.
pub fn group(value: &str) -> Option<vtesdeck_cards::Group> {
    let lower = value.trim().to_ascii_lowercase();
    let rest = ["group", "grp", "g"]
        .iter()
        .find_map(|prefix| lower.strip_prefix(prefix))
        .unwrap_or(&lower);
    vtesdeck_cards::Group::parse(rest.trim_start_matches([' ', '_', '-', ':', '.']).trim())
}

/// A VEKN card id written in a value (crypt cards are 2xxxxx, library cards 1xxxxx).
pub fn vekn_id(text: &str) -> Option<u32> {
    let id: u32 = text.trim().parse().ok()?;
    (100_000..=299_999).contains(&id).then_some(id)
}

/// The library's card types (and their usual plurals and combinations).
const LIBRARY_TYPES: [&str; 16] = [
    "master",
    "action",
    "politicalaction",
    "ally",
    "retainer",
    "equipment",
    "combat",
    "reaction",
    "actionmodifier",
    "event",
    "conviction",
    "power",
    "modifier",
    "location",
    "library",
    "librarycard",
];

/// The part a key, element name or value names: `crypt`, `Vampires`,
/// `Imbued` the crypt; `library`, `Library cards`, a library card type
/// (`Master`, `Action Modifier/Reaction`) the library.
pub fn section(word: &str) -> Option<CardKind> {
    let folded = fold(word);
    let folded = folded.strip_suffix("cards").unwrap_or(&folded);
    let singular = folded.strip_suffix('s').unwrap_or(folded);
    if matches!(singular, "crypt" | "vampire" | "imbued" | "cryptcard") {
        return Some(CardKind::Crypt);
    }
    if matches!(singular, "lib") || LIBRARY_TYPES.contains(&singular) {
        return Some(CardKind::Library);
    }
    // `Action Modifier/Reaction`, `Combat / Reaction`: each part a library type.
    let parts: Vec<String> = word.split('/').map(fold).collect();
    (parts.len() > 1
        && parts
            .iter()
            .all(|p| LIBRARY_TYPES.contains(&p.strip_suffix('s').unwrap_or(p))))
    .then_some(CardKind::Library)
}

/// Whether a key names a library card type (shown as `*` in a path).
pub fn is_card_type(word: &str) -> bool {
    let folded = fold(word);
    section(word) == Some(CardKind::Library) && !folded.starts_with("lib")
}

/// Keys under which a list of cards is expected besides the parts' names.
pub fn holds_cards(word: &str) -> bool {
    section(word).is_some()
        || matches!(
            fold(word).as_str(),
            "cards"
                | "card"
                | "deck"
                | "decklist"
                | "list"
                | "main"
                | "maindeck"
                | "entries"
                | "items"
                | "contents"
                | "cardlist"
        )
}

/// Keys of the deck's name.
pub const DECK_NAME: [&str; 5] = ["name", "deckname", "title", "decktitle", "deck"];

/// Keys of the deck's author.
pub const AUTHOR: [&str; 9] = [
    "author",
    "player",
    "creator",
    "owner",
    "user",
    "username",
    "createdby",
    "by",
    "builder",
];

/// Keys of the deck's description.
pub const DESCRIPTION: [&str; 8] = [
    "description",
    "desc",
    "comments",
    "comment",
    "notes",
    "note",
    "summary",
    "about",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_by_name_and_by_card_type() {
        for (word, kind) in [
            ("crypt", Some(CardKind::Crypt)),
            ("Vampires", Some(CardKind::Crypt)),
            ("Crypt cards", Some(CardKind::Crypt)),
            ("library", Some(CardKind::Library)),
            ("Master", Some(CardKind::Library)),
            ("Action Modifier/Reaction", Some(CardKind::Library)),
            ("political_actions", Some(CardKind::Library)),
            ("stats", None),
            ("cards", None),
        ] {
            assert_eq!(section(word), kind, "{word}");
        }
        assert!(is_card_type("Master") && !is_card_type("library"));
        assert_eq!(fold("Card_Name"), "cardname");
        assert_eq!(vekn_id("200001"), Some(200_001));
        assert_eq!(vekn_id("886"), None);
        for key in ["id", "veknId", "card_id", "cardId", "vekn"] {
            assert!(is_id_key(&fold(key)), "{key}");
        }
        for key in ["CatID", "cardmarket_id", "repo_id", "uid", "guid"] {
            assert!(!is_id_key(&fold(key)), "{key}");
        }
        use vtesdeck_cards::Group;
        for written in ["6", "G6", "g6", "Group 6", "group_6", "grp 6"] {
            assert_eq!(group(written), Some(Group::Number(6)), "{written}");
        }
        assert_eq!(group("seven"), None);
    }
}
