//! What the columns of a crypt row copied from a deck site or the TWDA say
//! about a vampire (`Lucita (ADV)  8  DOM FOR OBT cel pot  Lasombra:2`,
//! `Theo Bell<TAB>8<TAB>CEL POT PRE<TAB>Brujah<TAB>6`): capacity, disciplines,
//! title, clan and group, and which of them a printing contradicts.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use smallvec::SmallVec;

use crate::text_memo::TextMemo;
use vtesdeck_cards::{
    is_same_clan, title_votes, Card, CardDb, CardId, Discipline, DisciplineLevel, Group, CAPACITIES,
};

/// The columns written after a crypt name; each `None` when not written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CryptColumns {
    /// The capacity (or an Imbued's life).
    pub capacity: Option<u8>,
    /// The disciplines as written; `Some` with no discipline for `-none-`.
    pub disciplines: Option<WrittenDisciplines>,
    /// The path's first word before a title (`Power archbishop Brujah`).
    pub path: Option<String>,
    /// The title, lower case (`prince`, `inner circle`, `2 votes`).
    pub title: Option<String>,
    /// The clan as written (`Lasombra`, `Gangrel antitribu`, `!Gangrel`),
    /// after the path's word when there is no title (`Death Lasombra`).
    pub clan: Option<String>,
    /// The group (`Lasombra:2`, `Brujah<TAB>6`, `(group 4)`).
    pub group: Option<Group>,
}

/// The columns of a crypt row as written, from the capacity on (`8  DOM FOR
/// OBT cel pot  Lasombra:2`), with the group they give (it picks the
/// printing): read in full ([`WrittenColumns::read`]) only when a printing
/// is checked against them and they are not its own (`reads_as`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenColumns<'t> {
    text: Cow<'t, str>,
    group: Option<Group>,
}

impl<'t> WrittenColumns<'t> {
    /// The columns of a text that starts with a capacity (1 to 11), as
    /// [`CryptColumns::parse`] reads them; `None` for another text.
    pub fn new(text: &'t str) -> Option<WrittenColumns<'t>> {
        let (first, _) = next_token(text)?;
        capacity(first)?;
        Some(WrittenColumns {
            text: Cow::Borrowed(text),
            group: group_column(text),
        })
    }

    /// The columns [`WrittenColumns::new`] gave for this text before, with
    /// the group they gave (for a reader that keeps what it read).
    pub fn read_before(text: &'t str, group: Option<Group>) -> WrittenColumns<'t> {
        WrittenColumns {
            text: Cow::Borrowed(text),
            group,
        }
    }

    /// The columns as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The group column (`Lasombra:2`, `Brujah<TAB>6`, `(group 4)`).
    pub fn group(&self) -> Option<Group> {
        self.group
    }

    /// Every column, read ([`CryptColumns::parse`]; `None` only for a text
    /// [`WrittenColumns::new`] refuses).
    pub fn read(&self) -> Option<CryptColumns> {
        CryptColumns::parse(&self.text)
    }

    /// The same columns, owning their text.
    pub fn into_owned(self) -> WrittenColumns<'static> {
        WrittenColumns {
            text: Cow::Owned(self.text.into_owned()),
            group: self.group,
        }
    }
}

/// Disciplines written in a crypt row, as masks of [`Discipline::bit`], by
/// the level their case tells (`DOM` superior, `dom` inferior, `Dom` not told).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WrittenDisciplines {
    /// Written in upper case: superior.
    pub superior: u64,
    /// Written in lower case: inferior.
    pub inferior: u64,
    /// Written in mixed case: the level is not told.
    pub either: u64,
}

impl WrittenDisciplines {
    /// Every discipline written, whatever its level.
    pub fn all(&self) -> u64 {
        self.superior | self.inferior | self.either
    }
}

/// One column of a crypt row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Column {
    /// Capacity.
    Capacity,
    /// Disciplines.
    Disciplines,
    /// Path (of Enlightenment).
    Path,
    /// Title.
    Title,
    /// Clan.
    Clan,
    /// Group.
    Group,
}

impl Column {
    /// The column's name in a sentence (`capacity`, `disciplines`).
    pub fn name(self) -> &'static str {
        match self {
            Column::Capacity => "capacity",
            Column::Disciplines => "disciplines",
            Column::Path => "path",
            Column::Title => "title",
            Column::Clan => "clan",
            Column::Group => "group",
        }
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl CryptColumns {
    /// Reads the columns that follow a crypt name, starting at the capacity:
    /// `8  DOM FOR OBT cel pot  cardinal  Lasombra:2`. `None` when the text
    /// does not start with a capacity (1 to 11).
    pub fn parse(text: &str) -> Option<CryptColumns> {
        let mut disciplines = None;
        let (capacity, rest) = read_head(text, |token, discipline| {
            let written = disciplines.get_or_insert_with(WrittenDisciplines::default);
            let Some(discipline) = discipline else {
                return;
            };
            let mask = if token.bytes().all(|b| b.is_ascii_uppercase()) {
                &mut written.superior
            } else if token.bytes().all(|b| b.is_ascii_lowercase()) {
                &mut written.inferior
            } else {
                &mut written.either
            };
            *mask |= discipline.bit();
        })?;
        let (words, group) = split_group(rest.trim_ascii());
        let (path, title, clan) = split_title(words);
        let owned = |text: &str| (!text.is_empty()).then(|| text.to_string());
        Some(CryptColumns {
            capacity: Some(capacity),
            disciplines,
            path: owned(path),
            title: (!title.is_empty()).then(|| title.to_ascii_lowercase()),
            clan: owned(clan),
            group,
        })
    }

    /// A card's columns as the TWDA writes them (`8  DOM FOR OBT cel pot
    /// cardinal  Lasombra:2`: superior disciplines first, each level in
    /// alphabetical order, the path's first word, the title in lower case),
    /// its columns apart by a tab and the words inside one by a space. `None`
    /// for a card that has no such row, or whose row [`CryptColumns::parse`]
    /// would not read back as the card with its path, title and clan inside
    /// one column each (`Death  Hecata:6`, a path without a title, is read
    /// as one clan): [`reads_as`] then never takes a row for it.
    pub fn written_for(card: &Card) -> Option<String> {
        let capacity = card.capacity?;
        let [clan] = card.clans.as_slice() else {
            return None;
        };
        let group = card.group?;
        let mut written = String::with_capacity(64);
        written.push_str(&capacity.to_string());
        let mut levels: SmallVec<[(bool, &str); 8]> = card
            .disciplines
            .iter()
            .map(|(d, level)| (*level == DisciplineLevel::Inferior, d.abbreviation()))
            .collect();
        levels.sort_unstable();
        for (inferior, abbreviation) in levels {
            written.push('\t');
            let start = written.len();
            written.push_str(abbreviation);
            if !inferior {
                written[start..].make_ascii_uppercase();
            }
        }
        if card.disciplines.is_empty() {
            written.push_str("\t-none-");
        }
        if let Some(word) = card
            .path
            .as_deref()
            .and_then(|p| p.split_whitespace().next())
        {
            written.push('\t');
            written.push_str(word);
        }
        if let Some(title) = &card.title {
            written.push('\t');
            let start = written.len();
            written.push_str(title);
            written[start..].make_ascii_lowercase();
        }
        written.push('\t');
        written.push_str(clan);
        written.push(':');
        written.push_str(&group.to_string());
        // Columns of one word, or of words apart by one space: each tab or
        // space between two other characters, and no other white space.
        let bytes = written.as_bytes();
        let well_formed = bytes.iter().enumerate().all(|(at, &b)| match b {
            b'\t' | b' ' => {
                let is_word = |b: &u8| !b.is_ascii_whitespace();
                at.checked_sub(1)
                    .is_some_and(|before| is_word(&bytes[before]))
                    && bytes.get(at + 1).is_some_and(is_word)
            }
            _ => !b.is_ascii_whitespace(),
        });
        // Read back as the card, with no tab inside the text columns: a row
        // that differs only in the white space between columns reads the same.
        let reads_back = well_formed
            && CryptColumns::parse(&written).is_some_and(|read| {
                let texts = [&read.path, &read.title, &read.clan];
                read.mismatches(card).is_empty()
                    && !texts
                        .iter()
                        .flat_map(|text| text.as_deref())
                        .any(|text| text.contains('\t'))
            });
        reads_back.then_some(written)
    }

    /// The written columns a card contradicts, in column order (empty: the
    /// card fits the row).
    pub fn mismatches(&self, card: &Card) -> Vec<Column> {
        let mut found = Vec::new();
        if self.capacity.is_some_and(|c| card.capacity != Some(c)) {
            found.push(Column::Capacity);
        }
        if self
            .disciplines
            .is_some_and(|written| !same_disciplines(written, card))
        {
            found.push(Column::Disciplines);
        }
        let path_word = card
            .path
            .as_deref()
            .and_then(|path| path.split_whitespace().next());
        if self
            .path
            .as_ref()
            .is_some_and(|p| !path_word.is_some_and(|w| w.eq_ignore_ascii_case(p)))
        {
            found.push(Column::Path);
        }
        let title = card.title.as_deref().unwrap_or("");
        if self
            .title
            .as_ref()
            .is_some_and(|t| !t.eq_ignore_ascii_case(title))
        {
            found.push(Column::Title);
        }
        if self
            .clan
            .as_ref()
            .is_some_and(|clan| !card.clans.iter().any(|c| same_clan(clan, c, path_word)))
        {
            found.push(Column::Clan);
        }
        if self.group.is_some_and(|g| card.group != Some(g)) {
            found.push(Column::Group);
        }
        found
    }

    /// The columns as text for a sentence: `capacity 8, disciplines CEL POT
    /// PRE, group 2` (only those named).
    pub fn describe(&self, columns: &[Column]) -> String {
        columns
            .iter()
            .filter_map(|column| {
                let value = match column {
                    Column::Capacity => self.capacity.map(|c| c.to_string()),
                    Column::Disciplines => self.disciplines.map(|written| {
                        if written.all() == 0 {
                            return "-none-".to_string();
                        }
                        // Superior ones first, as the TWDA writes them.
                        let superior = Discipline::all()
                            .filter(|d| written.superior & d.bit() != 0)
                            .map(|d| d.abbreviation().to_ascii_uppercase());
                        let others = Discipline::all()
                            .filter(|d| (written.inferior | written.either) & d.bit() != 0)
                            .map(|d| d.abbreviation().to_string());
                        superior.chain(others).collect::<Vec<_>>().join(" ")
                    }),
                    Column::Path => self.path.clone(),
                    Column::Title => self.title.clone(),
                    Column::Clan => self.clan.clone(),
                    Column::Group => self.group.map(|g| g.to_string()),
                }?;
                Some(format!("{column} {value}"))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl CryptColumns {
    /// Reads the columns hand-typed after a crypt name in any order
    /// (`ser 2, Followers of Set`, `- 1 Pan dom`, `(2, ser, Followers of
    /// Set)`, `G2 prince`): a capacity (the first number), disciplines (their
    /// case gives the level), a group (`G2`, `:2`, `Clan:2`, a second
    /// number), a title, and the clan of the card they follow (its name, a
    /// plural of it, or its first letters). `None` unless every word is one of
    /// these and a capacity, a discipline or a group is written: the text is
    /// then not columns. A clan of another card (in `db`) is read too, for
    /// the card to disagree with.
    pub fn parse_any_order(text: &str, card: &Card, db: &CardDb) -> Option<CryptColumns> {
        let mut read = CryptColumns::default();
        let mut words: Vec<&str> = Vec::new();
        let separators = |c: char| c.is_whitespace() || ",;()[]/".contains(c);
        for token in text.split(separators).filter(|t| !t.is_empty()) {
            if token.bytes().all(|b| b == b'-') {
                continue;
            }
            let (word, group) = match token.split_once(':') {
                Some((word, number)) => (word, Some(Group::parse(number)?)),
                None => match token.strip_prefix(['G', 'g']).and_then(Group::parse) {
                    Some(group) if token.len() > 1 => ("", Some(group)),
                    _ => (token, None),
                },
            };
            if let Some(group) = group {
                if read.group.replace(group).is_some() {
                    return None;
                }
            }
            if word.is_empty() {
                continue;
            }
            if let Some(number) = capacity(word) {
                if read.capacity.is_none() {
                    read.capacity = Some(number);
                } else if read.group.is_none() {
                    read.group = Some(Group::parse(word)?);
                } else {
                    return None;
                }
            } else if let Some(discipline) = Discipline::from_abbreviation(word) {
                let written = read
                    .disciplines
                    .get_or_insert_with(WrittenDisciplines::default);
                let mask = if word.bytes().all(|b| b.is_ascii_uppercase()) {
                    &mut written.superior
                } else if word.bytes().all(|b| b.is_ascii_lowercase()) {
                    &mut written.inferior
                } else {
                    &mut written.either
                };
                *mask |= discipline.bit();
            } else if title_votes(word).is_some() && read.title.is_none() {
                read.title = Some(word.to_ascii_lowercase());
            } else {
                words.push(word);
            }
        }
        if read.capacity.is_none() && read.disciplines.is_none() && read.group.is_none() {
            return None;
        }
        if !words.is_empty() {
            let written = words.join(" ");
            // The card's clan, or another (a column that disagrees).
            let clan = card
                .clans
                .iter()
                .chain(
                    db.cards()
                        .iter()
                        .filter(|c| c.is_crypt())
                        .flat_map(|c| &c.clans),
                )
                .find(|clan| is_clan_written(&written, clan))?;
            read.clan = Some(clan.clone());
        }
        Some(read)
    }
}

/// Whether hand-typed words name a clan: its name (`Follower of Set`), a
/// plural of it (`Followers of Set`, `Brujahs`), or its first letters (three
/// at least: `Pan` for Pander, `Tor` for Toreador).
fn is_clan_written(written: &str, clan: &str) -> bool {
    if is_same_clan(clan, written) {
        return true;
    }
    let plural = written.split_once(' ').map_or_else(
        || written.strip_suffix('s').map(str::to_string),
        |(first, rest)| first.strip_suffix('s').map(|f| format!("{f} {rest}")),
    );
    if plural.is_some_and(|singular| is_same_clan(clan, &singular)) {
        return true;
    }
    written.len() >= 3
        && written.bytes().all(|b| b.is_ascii_alphabetic())
        && clan
            .get(..written.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(written))
}

/// The capacity a crypt row's first column gives: a number of [`CAPACITIES`].
fn capacity(column: &str) -> Option<u8> {
    column.parse::<u8>().ok().filter(|c| CAPACITIES.contains(c))
}

/// The capacity at the start of a crypt row's columns and the text after the
/// disciplines, each discipline token given to `on_discipline` with its
/// discipline (`None` for `-none-`). `None` when the text does not start
/// with a capacity from 1 to 11.
fn read_head(
    text: &str,
    mut on_discipline: impl FnMut(&str, Option<Discipline>),
) -> Option<(u8, &str)> {
    let (first, mut rest) = next_token(text)?;
    let capacity = capacity(first)?;
    while let Some((token, after)) = next_token(rest) {
        if token.eq_ignore_ascii_case("-none-") {
            on_discipline(token, None);
        } else if let Some(discipline) = Discipline::from_abbreviation(token) {
            on_discipline(token, Some(discipline));
        } else {
            break;
        }
        rest = after;
    }
    Some((capacity, rest))
}

/// The group [`CryptColumns::parse`] reads in columns that start with a
/// capacity, without reading the disciplines: the last word of the columns
/// is the group's whenever a word comes after the capacity's (disciplines and
/// `-none-`, even joined by commas, never read as a group).
fn group_column(text: &str) -> Option<Group> {
    let text = text.trim_ascii();
    let last_start = last_word_start(text);
    if last_start == 0 {
        // One word, the capacity's: the group is read after the disciplines.
        let (_, rest) = read_head(text, |_, _| {})?;
        return split_group(rest.trim_ascii()).1;
    }
    split_group_at(text, last_start).1
}

/// What the readers of many decks know of crypt rows' columns, kept from one
/// deck to the next and shared by the threads that read: each vampire's
/// columns as the TWDA writes them ([`CryptColumns::written_for`]), worked
/// out once per card, and the rows found to read as them (a decklist archive
/// writes the same rows again and again: the TWDA's 35k crypt rows are 7k
/// different columns of about 1,500 vampires). Kept on a measure: without
/// it, the whole-TWDA `check --quiet` ran about 90M more instructions
/// (callgrind; 486.7M before); one per thread, each thread worked the same
/// columns out again (12% more instructions on eight threads). It serves
/// one card list: what it keeps is of that list's cards, by their ids.
#[derive(Debug, Default)]
pub struct KnownColumns {
    /// Each card's written text, by the card's place in its card list
    /// ([`CardDb::position`]), made when first asked for.
    written: OnceLock<Box<[WrittenText]>>,
    /// Rows found to read as a card's written text, with the card.
    rows: TextMemo<CardId>,
}

/// A card's [`CryptColumns::written_for`] text, once worked out.
type WrittenText = OnceLock<Option<Box<str>>>;

impl KnownColumns {
    /// Whether a crypt row's columns (from the capacity on) are a card's
    /// own (of `db`), as the TWDA writes them ([`reads_as`] the card's
    /// [`CryptColumns::written_for`] text): then the card fits them, and they
    /// need no reading. `false` says nothing: the columns are to be read.
    pub fn fits(&self, row: &str, card: &Card, db: &CardDb) -> bool {
        reads_as_kept(&self.rows, row, card.id, || {
            let written = self.written.get_or_init(|| {
                std::iter::repeat_with(OnceLock::new)
                    .take(db.cards().len())
                    .collect()
            });
            match db.position(card.id).and_then(|at| written.get(at)) {
                Some(slot) => slot
                    .get_or_init(|| CryptColumns::written_for(card).map(String::into_boxed_str))
                    .as_deref()
                    .map(Cow::Borrowed),
                // A card `db` does not hold: its text worked out for this row.
                None => CryptColumns::written_for(card).map(Cow::Owned),
            }
        })
    }
}

/// [`reads_as`] of a row and a card's written text (`written`, asked for
/// only when the row is not known), a row found before (in `rows`) to read
/// as the same card's text not compared again.
fn reads_as_kept<'w>(
    rows: &TextMemo<CardId>,
    row: &str,
    card: CardId,
    written: impl FnOnce() -> Option<Cow<'w, str>>,
) -> bool {
    let place = rows.place(row);
    if place.value() == Some(&card) {
        return true;
    }
    let fits = written().is_some_and(|written| reads_as(row, &written));
    if fits {
        place.keep(card);
    }
    fits
}

/// Whether a crypt row's columns (from the capacity on) read as a card's
/// [`CryptColumns::written_for`] text: the same columns in the same order,
/// apart by any ASCII white space where that text has a tab, and by one
/// space where it has one (inside a clan, a title). Such a row reads
/// ([`CryptColumns::parse`]) as the written text does, white space aside
/// between the columns, so the card fits it: no need to read it.
pub fn reads_as(row: &str, written: &str) -> bool {
    let row = row.trim_ascii().as_bytes();
    let written = written.as_bytes();
    // One pass over both: a tab of the written text takes a run of white
    // space in the row, any other byte itself.
    let mut at = 0;
    for &byte in written {
        if byte == b'\t' {
            let start = at;
            while at < row.len() && row[at].is_ascii_whitespace() {
                at += 1;
            }
            if at == start {
                return false;
            }
        } else if row.get(at) == Some(&byte) {
            at += 1;
        } else {
            return false;
        }
    }
    at == row.len()
}

/// The first token of a text (separated by spaces, tabs or commas) and the
/// text after it.
fn next_token(text: &str) -> Option<(&str, &str)> {
    // ASCII separators only: a byte loop, safe inside UTF-8 text.
    let is_separator = |b: u8| b.is_ascii_whitespace() || b == b',';
    let bytes = text.as_bytes();
    let mut start = 0;
    while start < bytes.len() && is_separator(bytes[start]) {
        start += 1;
    }
    if start == bytes.len() {
        return None;
    }
    let mut end = start + 1;
    while end < bytes.len() && !is_separator(bytes[end]) {
        end += 1;
    }
    Some((&text[start..end], &text[end..]))
}

/// Where the last word of a text starts (after its last ASCII space or tab).
fn last_word_start(text: &str) -> usize {
    text.bytes()
        .rposition(|b| b.is_ascii_whitespace())
        .map_or(0, |at| at + 1)
}

/// The group at the end of the columns (`Lasombra:2`, `Brujah 6`, `(group
/// 4)`, `G4`) and the text before it.
fn split_group(text: &str) -> (&str, Option<Group>) {
    split_group_at(text, last_word_start(text))
}

/// [`split_group`], the last word of the text starting at `last_start`.
fn split_group_at(text: &str, last_start: usize) -> (&str, Option<Group>) {
    let last = &text[last_start..];
    // A byte loop: the last word is short.
    if let Some(colon) = last.bytes().rposition(|b| b == b':') {
        // `Lasombra:2`: the clan stays, without its group.
        let before = &text[..last_start + colon];
        return (before.trim_ascii_end(), Group::parse(&last[colon + 1..]));
    }
    let bare = last.trim_end_matches(')');
    let group = Group::parse(bare).or_else(|| {
        bare.strip_prefix(['g', 'G'])
            .and_then(Group::parse)
            .filter(|_| bare.len() <= 3)
    });
    let Some(group) = group else {
        return (text, None);
    };
    let before = text[..last_start].trim_ascii_end();
    let word_start = last_word_start(before);
    let before = if before[word_start..]
        .trim_start_matches('(')
        .eq_ignore_ascii_case("group")
    {
        before[..word_start].trim_ascii_end()
    } else {
        before
    };
    (before, Some(group))
}

/// The path (a word before a title), the title (a known one: `prince`,
/// `inner circle`, `2 votes`) and the clan (the rest) of the text after the
/// disciplines, each empty when not written.
fn split_title(text: &str) -> (&str, &str, &str) {
    // The ends of the first three words.
    let mut ends = [0usize; 3];
    let mut count = 0;
    let mut rest = text;
    while count < 3 {
        let Some((_, after)) = next_token(rest) else {
            break;
        };
        ends[count] = text.len() - after.len();
        count += 1;
        rest = after;
    }
    for skip in [0, 1] {
        for take in [2, 1] {
            if skip + take > count {
                continue;
            }
            let start = if skip == 0 { 0 } else { ends[skip - 1] };
            let end = ends[skip + take - 1];
            let head = text[start..end].trim_ascii();
            if title_votes(head).is_some() {
                return (text[..start].trim_ascii(), head, text[end..].trim_ascii());
            }
        }
    }
    ("", "", text.trim_ascii())
}

/// Whether written disciplines are the card's: the same disciplines, at the
/// same level where the case tells it. `vis` is also read as Vision (`viz`),
/// as the TWDA writes it for Imbued.
fn same_disciplines(written: WrittenDisciplines, card: &Card) -> bool {
    let (mut superior, mut inferior) = (0u64, 0u64);
    for (discipline, level) in &card.disciplines {
        match level {
            DisciplineLevel::Superior => superior |= discipline.bit(),
            DisciplineLevel::Inferior => inferior |= discipline.bit(),
        }
    }
    let fits = |written: WrittenDisciplines| {
        written.superior & !superior == 0
            && written.inferior & !inferior == 0
            && written.all() == superior | inferior
    };
    if fits(written) {
        return true;
    }
    let held = |discipline: Discipline| (superior | inferior) & discipline.bit() != 0;
    let mut written = written;
    let vis_and_vision =
        Discipline::from_abbreviation("vis").zip(Discipline::from_abbreviation("viz"));
    if let Some((vis, vision)) = vis_and_vision {
        if written.all() & vis.bit() != 0 && !held(vis) && held(vision) {
            // `vis` written for the card's Vision.
            for mask in [
                &mut written.superior,
                &mut written.inferior,
                &mut written.either,
            ] {
                if *mask & vis.bit() != 0 {
                    *mask = (*mask & !vis.bit()) | vision.bit();
                }
            }
            return fits(written);
        }
    }
    false
}

/// Whether a written clan is the card's: case ignored, renamed clans as one
/// (`Assamite` for `Banu Haqim`), `!Gangrel` for `Gangrel antitribu`, the
/// path's word first allowed (`Death Lasombra`).
fn same_clan(written: &str, clan: &str, path_word: Option<&str>) -> bool {
    let written = written.trim();
    let without_path = path_word.and_then(|word| {
        let (first, rest) = written.split_once(' ')?;
        first.eq_ignore_ascii_case(word).then_some(rest.trim())
    });
    [Some(written), without_path]
        .into_iter()
        .flatten()
        .any(|written| match written.strip_prefix('!') {
            Some(base) => clan
                .strip_suffix(" antitribu")
                .is_some_and(|c| is_same_clan(c, base.trim())),
            None => is_same_clan(clan, written),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(text: &str) -> CryptColumns {
        CryptColumns::parse(text).expect("columns")
    }

    #[test]
    fn twda_columns_are_read() {
        let read = columns("8  DOM FOR OBT cel pot  cardinal  Lasombra:2");
        assert_eq!(read.capacity, Some(8));
        assert_eq!(read.disciplines.map(|d| d.all().count_ones()), Some(5));
        assert_eq!(read.title.as_deref(), Some("cardinal"));
        assert_eq!(read.clan.as_deref(), Some("Lasombra"));
        assert_eq!(read.group, Some(Group::Number(2)));
        let read = columns("7  CEL POT PRE  inner circle  Ventrue antitribu:2");
        assert_eq!(read.title.as_deref(), Some("inner circle"));
        assert_eq!(read.clan.as_deref(), Some("Ventrue antitribu"));
        let read = columns("1  -none-  Caitiff:ANY");
        assert_eq!(read.disciplines, Some(WrittenDisciplines::default()));
        assert_eq!(read.group, Some(Group::Any));
        let read = columns("9  aus DOM  2 votes  Giovanni:2");
        assert_eq!(read.title.as_deref(), Some("2 votes"));
        let read = columns("6  obt pot  Power archbishop  Brujah:6");
        assert_eq!(read.path.as_deref(), Some("Power"));
        assert_eq!(read.title.as_deref(), Some("archbishop"));
        assert_eq!(read.clan.as_deref(), Some("Brujah"));
    }

    #[test]
    fn web_table_columns_are_read() {
        let read = columns("8\tCEL POT PRE\tBrujah\t6");
        assert_eq!(read.clan.as_deref(), Some("Brujah"));
        assert_eq!(read.group, Some(Group::Number(6)));
        let read = columns("8 ANI PRO aus for obf Gangrel antitribu (group 4)");
        assert_eq!(read.clan.as_deref(), Some("Gangrel antitribu"));
        assert_eq!(read.group, Some(Group::Number(4)));
        let read = columns("8 DOM FOR OBT cel pot");
        assert_eq!((read.title, read.clan, read.group), (None, None, None));
        assert!(CryptColumns::parse("DOM 8").is_none());
        assert!(CryptColumns::parse("12 DOM").is_none());
    }

    #[test]
    fn describe_names_the_columns_asked() {
        let read = columns("8 CEL pot  prince Brujah:2");
        assert_eq!(
            read.describe(&[Column::Capacity, Column::Disciplines, Column::Group]),
            "capacity 8, disciplines CEL pot, group 2"
        );
    }

    #[test]
    fn mismatches_name_the_columns_a_printing_contradicts() {
        let db = crate::testing::fixture_db();
        let card = |id| db.get(CardId(id)).expect("fixture card");
        let (base, advanced, group_6) = (card(200008), card(200009), card(200010));
        let row = columns("7  CEL POT PRE dom  Brujah:2");
        assert_eq!(row.mismatches(advanced), []);
        assert_eq!(row.mismatches(base), [Column::Disciplines]);
        assert_eq!(
            row.mismatches(group_6),
            [Column::Capacity, Column::Disciplines, Column::Group]
        );
        let row = columns("8 cel pot pre for");
        assert_eq!(row.mismatches(group_6), [Column::Disciplines]);
        let row = columns("8 CEL for PRE POT");
        assert_eq!(row.mismatches(group_6), []);
        let row = columns("5  CEL POT pre  bishop  Brujah:2");
        assert_eq!(row.mismatches(card(200003)), [Column::Title]);
        let row = columns("1  -none-  Caitiff:ANY");
        assert_eq!(row.mismatches(card(200011)), [Column::Capacity]);
    }

    #[test]
    fn cards_are_written_as_the_twda_writes_them() {
        let db = crate::testing::fixture_db();
        let card = |id| db.get(CardId(id)).expect("fixture card");
        // Written by hand from the fixture's CSV rows.
        assert_eq!(
            CryptColumns::written_for(card(200008)).as_deref(),
            Some("7\tCEL\tPOT\tPRE\tBrujah:2")
        );
        assert_eq!(
            CryptColumns::written_for(card(200003)).as_deref(),
            Some("5\tCEL\tPOT\tpre\tprimogen\tBrujah:2")
        );
        let library = db
            .cards()
            .iter()
            .find(|c| !c.is_crypt())
            .expect("a library card");
        assert_eq!(CryptColumns::written_for(library), None);
    }

    #[test]
    fn rows_read_as_written_apart_from_the_white_space_between_columns() {
        let written = "7\tCEL\tPOT\tPRE\tdom\tinner circle\tVentrue antitribu:2";
        for row in [
            "7  CEL POT PRE dom     inner circle  Ventrue antitribu:2",
            "7\tCEL POT\t PRE dom\tinner circle\tVentrue antitribu:2  ",
        ] {
            assert!(reads_as(row, written), "{row}");
        }
        for row in [
            "7  CEL POT PRE dom  inner  circle  Ventrue antitribu:2",
            "7  CEL POT PRE dom  inner circle  Ventrue  antitribu:2",
            "7  CEL, POT PRE dom  inner circle  Ventrue antitribu:2",
            "7  CEL POT PRE dom  inner circle  Ventrue antitribu:2 x",
            "7  CEL POT PRE dom  inner circle  Ventrue antitribu:",
            "7  CEL POT PREdom  inner circle  Ventrue antitribu:2",
            "07  CEL POT PRE dom  inner circle  Ventrue antitribu:2",
        ] {
            assert!(!reads_as(row, written), "{row}");
        }
    }

    /// The readers' memo ([`KnownColumns::fits`]: each card's written text
    /// worked out once, rows known to fit), shared by two threads, says what
    /// [`reads_as`] the card's written text says, for rows written for a
    /// card, for another card, and mangled.
    #[test]
    fn a_readers_memo_fits_the_cards_a_row_fits() {
        let db = vtesdeck_cards::CardDb::embedded().expect("built-in card list");
        let vampires: Vec<&Card> = db
            .cards()
            .iter()
            .filter(|card| CryptColumns::written_for(card).is_some())
            .step_by(7)
            .collect();
        let kept = KnownColumns::default();
        let compare = |seed: u32| {
            let mut pieces = crate::testing::Pieces(seed);
            let (mut fitting, mut compared) = (0, 0);
            for _ in 0..4_000 {
                let of = vampires[pieces.next_number() as usize % vampires.len()];
                // Half the rows against the card they were written for.
                let card = if pieces.next_number().is_multiple_of(2) {
                    of
                } else {
                    vampires[pieces.next_number() as usize % vampires.len()]
                };
                let written = CryptColumns::written_for(of).expect("written columns");
                let row = match pieces.next_number() % 3 {
                    0 => written.replace('\t', "  "),
                    1 => written.replace('\t', " "),
                    _ => written.replacen('\t', "  x ", 1),
                };
                let fits =
                    CryptColumns::written_for(card).is_some_and(|text| reads_as(&row, &text));
                assert_eq!(
                    kept.fits(&row, card, &db),
                    fits,
                    "{row:?} for {}",
                    card.name
                );
                fitting += usize::from(fits);
                compared += 1;
            }
            (fitting, compared)
        };
        let ((fitting, compared), other) = std::thread::scope(|scope| {
            let other = scope.spawn(|| compare(0x5eed));
            (compare(0xf175), other.join().expect("the other thread"))
        });
        assert_eq!(other.1, compared);
        // Both answers are exercised: a row fits the card it was written for.
        assert!(
            fitting > 100 && fitting < compared,
            "{fitting} of {compared}"
        );
    }

    /// Random rows against random written texts (each a card's), some
    /// compared again: [`reads_as_kept`] says what [`reads_as`] says,
    /// whether it compares them or knows the answer.
    #[test]
    fn kept_answers_are_the_comparisons_answers() {
        let written = [
            "7\tCEL\tPOT\tPRE\tBrujah:2",
            "7\tCEL\tPOT\tPRE\tdom\tinner circle\tVentrue antitribu:2",
            "1\t-none-\tCaitiff:ANY",
        ];
        let pieces = [
            "7",
            "CEL",
            "POT",
            "PRE",
            "dom",
            "Brujah:2",
            "inner circle",
            "Ventrue antitribu:2",
            "1",
            "-none-",
            "Caitiff:ANY",
            " ",
            "  ",
            "\t",
            "\u{a0}",
            "é",
            "\x0b",
        ];
        let mut random = crate::testing::Pieces(0x05ee_d4a5);
        let kept = TextMemo::default();
        let mut rows: Vec<String> = written.iter().map(|w| w.replace('\t', "  ")).collect();
        for _ in 0..20_000 {
            let row = if random.next_number().is_multiple_of(2) {
                rows[random.next_number() as usize % rows.len()].clone()
            } else {
                let count = random.next_number() as usize % 10;
                random.text(&pieces, count)
            };
            let at = random.next_number() as usize % written.len();
            let (text, card) = (written[at], CardId(200_000 + at as u32));
            assert_eq!(
                reads_as_kept(&kept, &row, card, || Some(Cow::Borrowed(text))),
                reads_as(&row, text),
                "{row:?}"
            );
            rows.push(row);
        }
    }

    /// The claim [`KnownColumns::fits`] rests on: a row that reads
    /// as a card's written columns is read as they are, and fits the card;
    /// checked on every vampire of the card list built into the program,
    /// with the white space between columns drawn at random.
    #[test]
    fn rows_that_read_as_a_card_written_fit_it() {
        let db = vtesdeck_cards::CardDb::embedded().expect("built-in card list");
        let mut pieces = crate::testing::Pieces(0x05ee_dc01);
        let white = [" ", "  ", "\t", " \t ", "          "];
        let (mut written_count, mut crypt_count) = (0, 0);
        for card in db.cards().iter().filter(|c| c.is_crypt()) {
            crypt_count += 1;
            let Some(written) = CryptColumns::written_for(card) else {
                continue;
            };
            written_count += 1;
            let read = CryptColumns::parse(&written).expect("written columns");
            assert!(read.mismatches(card).is_empty(), "{written}");
            for _ in 0..4 {
                let mut row = String::new();
                for (index, column) in written.split('\t').enumerate() {
                    if index > 0 {
                        row.push_str(&pieces.text(&white, 1));
                    }
                    row.push_str(column);
                }
                row.push_str(&pieces.text(&["", " ", "\t"], 1));
                assert!(reads_as(&row, &written), "{row:?} / {written:?}");
                assert_eq!(CryptColumns::parse(&row).as_ref(), Some(&read), "{row:?}");
                let columns = WrittenColumns::new(&row).expect("columns");
                assert_eq!(columns.group(), read.group, "{row:?}");
                assert!(KnownColumns::default().fits(&row, card, &db), "{row:?}");
            }
        }
        // Nearly every vampire has such a row (not those with two clans, or
        // a path and no title).
        assert!(
            written_count * 10 > crypt_count * 9,
            "{written_count} of {crypt_count}"
        );
    }

    /// [`group_column`] reads the group without the disciplines: the same
    /// group as [`CryptColumns::parse`], on rows of random words.
    #[test]
    fn the_group_is_read_as_the_whole_columns_read_it() {
        let words = [
            "5", "11", "0", "dom", "DOM", "Pot", "-none-", "vis", ",", ":", ":2", "2", "ANY",
            "any", "G3", "g4", "(group", "4)", "group", "Brujah", "Brujah:6", "inner", "circle",
            "prince", ")", "x:", "(", "12",
        ];
        let separators = [" ", "  ", "\t", ",", ""];
        let mut pieces = crate::testing::Pieces(0xc0ffee);
        for _ in 0..20_000 {
            let count = 1 + pieces.next_number() as usize % 6;
            let mut row = pieces.text(&["5", "8", "11"], 1);
            for _ in 0..count {
                row.push_str(&pieces.text(&separators, 1));
                row.push_str(&pieces.text(&words, 1));
            }
            let whole = CryptColumns::parse(&row).map(|columns| columns.group);
            let quick = WrittenColumns::new(&row).map(|columns| columns.group());
            assert_eq!(quick, whole, "{row:?}");
        }
    }

    #[test]
    fn clans_match_with_antitribu_marks() {
        assert!(same_clan("!Gangrel", "Gangrel antitribu", None));
        assert!(same_clan("gangrel ANTITRIBU", "Gangrel antitribu", None));
        assert!(!same_clan("Gangrel", "Gangrel antitribu", None));
        assert!(same_clan("Assamite", "Banu Haqim", None));
        assert!(same_clan("Death Lasombra", "Lasombra", Some("Death")));
        assert!(!same_clan("Death Lasombra", "Lasombra", None));
    }
}
