//! `vtesdeck card NAME...` and `card --search`: look cards up.

use std::io::Write;

use crate::output::card_json::{CardJson, NotFoundJson};
use crate::output::card_text;
use crate::output::json_lines::write_record;
use clap::Args;
use vtesdeck::cards::{find_by_name, names_holding, CardSearch, Lookup, MatchKind};

use super::{Global, Outcome};

/// Arguments of `vtesdeck card`.
#[derive(Debug, Args)]
pub struct CardArgs {
    /// Card names, resolved as in decklists (nicknames, accents, typos); a printing
    /// suffix such as `(G6)` or `(ADV)` picks one printing, else all are shown.
    /// Words need no quotes: `card Deep Song Theo Bell` looks up "Deep Song" and
    /// "Theo Bell" (the longest run of words that names a card).
    #[arg(value_name = "NAME", conflicts_with = "search")]
    names: Vec<String>,

    /// List the cards that pass every filter given (implied by any filter).
    #[arg(long)]
    search: bool,

    /// Filter: card type (`vampire`, `master`, `political action`...); repeat for any of several.
    #[arg(long = "type", value_name = "TYPE")]
    types: Vec<String>,

    /// Filter: clan (crypt clan or library clan requirement); repeat for any of several.
    #[arg(long, value_name = "CLAN")]
    clan: Vec<String>,

    /// Filter: discipline (`pot`, `POT` = superior, or `Potence`); crypt cards that
    /// have it, library cards that require it; repeat to require all.
    #[arg(long, value_name = "DISCIPLINE")]
    discipline: Vec<String>,

    /// Filter: crypt group (`1`..`7`, `ANY`); repeat for any of several.
    #[arg(long, value_name = "GROUP")]
    group: Vec<String>,

    /// Filter: printed in this set (abbreviation `V5` or full name); repeat for any of several.
    #[arg(long, value_name = "SET")]
    set: Vec<String>,

    /// Filter: card text contains this (any case); repeat to require all.
    #[arg(long, value_name = "TEXT")]
    text: Vec<String>,

    #[command(flatten)]
    output: super::output_format::FormatArgs,

    /// No note that the built-in card list is old. A name read as another card
    /// (a close spelling, a part of a name) is said on standard error even so.
    // The help of card's own: the global `-q` speaks of decks, progress bars
    // and files skipped, which `card` has none of.
    #[arg(id = "quiet", short = 'q', long = "quiet")]
    quiet: bool,
}

impl CardArgs {
    fn is_search(&self) -> bool {
        self.search
            || !(self.types.is_empty()
                && self.clan.is_empty()
                && self.discipline.is_empty()
                && self.group.is_empty()
                && self.set.is_empty()
                && self.text.is_empty())
    }
}

/// The names the arguments write: runs of single words joined into the
/// longest run that names a card exactly (`Deep Song` given unquoted), else
/// the longest that names one by a close spelling, else the word alone; an
/// argument holding a space (quoted) is a name of its own.
fn join_words(db: &vtesdeck::cards::CardDb, args: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let run = args[i..]
            .iter()
            .take_while(|word| !word.contains(char::is_whitespace))
            .count();
        if run < 2 {
            names.push(args[i].clone());
            i += 1;
            continue;
        }
        let spans = || (2..=run).rev().map(|len| (len, args[i..i + len].join(" ")));
        let found = |kind: MatchKind| {
            spans().find(|(_, name)| {
                matches!(find_by_name(db, name), Lookup::Found { matched, .. } if matched == kind)
            })
        };
        let single_exact = matches!(
            find_by_name(db, &args[i]),
            Lookup::Found {
                matched: MatchKind::Exact,
                ..
            }
        );
        let joined = found(MatchKind::Exact).or_else(|| {
            if single_exact {
                None
            } else {
                found(MatchKind::Fuzzy)
            }
        });
        match joined {
            Some((len, name)) => {
                names.push(name);
                i += len;
            }
            None => {
                names.push(args[i].clone());
                i += 1;
            }
        }
    }
    names
}

/// Runs `card`: exit 0 when every name was found (or the search matched some
/// card), 1 when a name was not found (or nothing matched), 2 on an error.
pub fn run(args: &CardArgs, global: &Global) -> anyhow::Result<Outcome> {
    if args.is_search() && !args.names.is_empty() {
        anyhow::bail!("card names and search filters do not mix: give one or the other");
    }
    if !args.is_search() && args.names.is_empty() {
        anyhow::bail!("give card names, or --search with filters (see `vtesdeck card --help`)");
    }
    let global = Global {
        cards: global.cards.clone(),
        quiet: args.quiet || global.quiet,
        offline: global.offline,
    };
    let db = global.card_db()?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if args.is_search() {
        let mut search = CardSearch::default();
        for value in &args.types {
            search = search.with_type(value)?;
        }
        for value in &args.clan {
            search = search.with_clan(value, &db)?;
        }
        for value in &args.discipline {
            search = search.with_discipline(value)?;
        }
        for value in &args.group {
            search = search.with_group(value)?;
        }
        for value in &args.set {
            search = search.with_set(value, &db)?;
        }
        for value in &args.text {
            search = search.with_text(value);
        }
        let found = search.run(&db);
        if args.output.json() {
            for card in &found {
                write_record(&mut out, &CardJson::new(card, &db))?;
            }
        } else {
            write!(out, "{}", card_text::render_list(&found, &db))?;
        }
        out.flush()?;
        return Ok(if found.is_empty() {
            Outcome::Findings
        } else {
            Outcome::Ok
        });
    }
    let mut outcome = Outcome::Ok;
    let mut first = true;
    for name in &join_words(&db, &args.names) {
        // No card of that name: the one name that holds it (a part of a name,
        // its first letters), said; several (the first 8) are the suggestions.
        let mut lookup = find_by_name(&db, name);
        if let Lookup::NotFound { suggestions } = &mut lookup {
            match names_holding(&db, name).as_slice() {
                [] => {}
                [only] => {
                    out.flush()?;
                    let _ = writeln!(
                        std::io::stderr(),
                        "vtesdeck: {name:?}: no card of that name, showing {only} (the one card name that holds it)"
                    );
                    lookup = find_by_name(&db, only);
                }
                several => {
                    *suggestions = several.iter().take(8).map(|n| n.to_string()).collect();
                }
            }
        }
        match lookup {
            Lookup::Found { cards, matched } => {
                let cards: Vec<_> = cards.iter().filter_map(|id| db.get(*id)).collect();
                if matched == MatchKind::Fuzzy {
                    if let Some(card) = cards.first() {
                        out.flush()?;
                        let _ = writeln!(
                            std::io::stderr(),
                            "vtesdeck: {name:?}: no exact match, showing {}",
                            card.name
                        );
                    }
                }
                for card in cards {
                    if args.output.json() {
                        write_record(&mut out, &CardJson::new(card, &db))?;
                    } else {
                        if !first {
                            writeln!(out)?;
                        }
                        write!(out, "{}", card_text::render(card, &db))?;
                    }
                    first = false;
                }
            }
            Lookup::NotFound { suggestions } => {
                outcome = Outcome::Findings;
                if args.output.json() {
                    write_record(&mut out, &NotFoundJson::new(name, &suggestions))?;
                }
                out.flush()?;
                let hint = if suggestions.is_empty() {
                    String::new()
                } else {
                    let quoted: Vec<String> =
                        suggestions.iter().map(|s| format!("{s:?}")).collect();
                    format!("; did you mean {}?", quoted.join(" or "))
                };
                let _ = writeln!(std::io::stderr(), "vtesdeck: no card named {name:?}{hint}");
            }
        }
    }
    out.flush()?;
    Ok(outcome)
}
