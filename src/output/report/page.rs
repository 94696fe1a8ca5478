//! The page of one deck.

use std::fmt::Write;

use super::html::{self, escape, Cell, Table};
use super::{charts, open_page, DeckReport, Provenance};
use crate::cards::quantity;
use crate::deck::{FormatName, STARTING_CRYPT};
use crate::formats::Format;
use crate::output::draw_table;
use crate::output::figures::percent;
use crate::output::stats_table::{cost, events, tallies};
use crate::output::transfer_table::ordinal;
use crate::rules::CheckReport;
use crate::sim::{DrawOdds, TransferCurve};

/// Renders the page of one deck.
pub fn deck_page(report: &DeckReport, provenance: &Provenance) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let title = page_title(report);
    open_page(&mut out, &format!("{title} · vtesdeck report"), "'none'");
    out.push_str("<body>\n<header>\n");
    let _ = writeln!(out, "<h1>{}</h1>", escape(&title));
    header_facts(&mut out, report, provenance);
    out.push_str("</header>\n<main>\n");
    contents(&mut out);
    verdict(&mut out, report);
    deck_list(&mut out, report);
    composition(&mut out, report);
    capacities(&mut out, report);
    disciplines(&mut out, report);
    playability(&mut out, report);
    opening_hand(&mut out, report);
    transfers(&mut out, report);
    super::goldfish::section(&mut out, report);
    out.push_str("</main>\n<footer>\n");
    html::paragraph(
        &mut out,
        None,
        &format!(
            "Made by {} from {} with the card database {}.",
            provenance.generator,
            report.deck.path_label(),
            provenance.card_db
        ),
    );
    out.push_str("</footer>\n</body>\n</html>\n");
    out
}

/// The deck's name, or its file name.
pub fn page_title(report: &DeckReport) -> String {
    report
        .deck
        .meta
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| report.deck.path_label())
}

fn header_facts(out: &mut String, report: &DeckReport, provenance: &Provenance) {
    let meta = &report.deck.meta;
    let mut pairs: Vec<(&str, String)> = vec![("File", report.deck.path_label())];
    if let Some(author) = &meta.author {
        pairs.push(("Author", author.clone()));
    }
    if let Some(event) = &meta.event {
        let parts: Vec<String> = [
            event.name.clone(),
            event.place.clone(),
            event.date.map(|d| d.to_string()),
            event.rounds.clone(),
            event.players.map(|p| format!("{p} players")),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !parts.is_empty() {
            pairs.push(("Event", parts.join(" · ")));
        }
        if let Some(winner) = &event.winner {
            pairs.push(("Winner", winner.clone()));
        }
        if let Some(url) = &event.url {
            pairs.push(("Event page", url.clone()));
        }
    }
    if let Ok(check) = &report.check {
        pairs.push((
            "Judged",
            format!("profile {}, on {}", check.profile, check.date),
        ));
    }
    pairs.push(("Read as", format_name(report.deck.format)));
    pairs.push(("Made by", provenance.generator.clone()));
    html::facts(out, &pairs);
    if let Some(description) = meta.description.as_ref().filter(|d| !d.trim().is_empty()) {
        let _ = writeln!(
            out,
            "<div class=\"description\">{}</div>",
            escape(description.trim())
        );
    }
}

fn format_name(format: FormatName) -> String {
    format!("{} (the decklist's layout)", format.name())
}

fn contents(out: &mut String) {
    out.push_str(
        "<nav class=\"contents\"><a href=\"#verdict\">Verdict</a> · \
         <a href=\"#deck\">Deck</a> · <a href=\"#composition\">Composition</a> · \
         <a href=\"#capacities\">Capacities</a> · <a href=\"#disciplines\">Disciplines</a> · \
         <a href=\"#unplayable\">Unplayable cards</a> · <a href=\"#opening\">Opening hand</a> · \
         <a href=\"#transfers\">Transfers</a> · <a href=\"#goldfish\">Goldfish</a></nav>\n",
    );
}

fn verdict(out: &mut String, report: &DeckReport) {
    out.push_str("<section class=\"verdict\">\n");
    html::heading(out, "verdict", "Verdict");
    match &report.check {
        Err(err) => {
            let _ = writeln!(
                out,
                "<p class=\"badge unjudged\" id=\"verdict-text\">NOT JUDGED</p>\n<p class=\"error\">{}</p>",
                html::prose(&err.to_string())
            );
        }
        Ok(check) => verdict_of(out, check),
    }
    out.push_str("</section>\n");
}

fn verdict_of(out: &mut String, check: &CheckReport) {
    let (class, word) = if check.legal {
        ("legal", "LEGAL")
    } else {
        ("illegal", "ILLEGAL")
    };
    let errors = check.errors().count();
    let warnings = check.warnings().count();
    let _ = writeln!(
        out,
        "<p class=\"badge {class}\" id=\"verdict-text\">{word}</p>\n<p>{}</p>",
        escape(&format!(
            "Under the {} profile on {}: {}, {}.",
            check.profile,
            check.date,
            quantity(errors as u64, "error", "errors"),
            quantity(warnings as u64, "warning", "warnings")
        ))
    );
    if check.problems.is_empty() {
        return;
    }
    let mut table = Table::new(&["Severity", "Rule", "Line", "Card", "Problem"], 5).id("problems");
    for problem in &check.problems {
        let severity = problem.severity.name();
        table.row(vec![
            Cell::text(severity).class(if problem.is_error() {
                "error"
            } else {
                "warning"
            }),
            Cell::text(problem.rule).class("rule"),
            Cell::number(problem.line.map_or_else(String::new, |l| l.to_string())),
            Cell::text(problem.card.clone().unwrap_or_default()),
            Cell::prose(&problem.message),
        ]);
    }
    table.write(out);
}

fn deck_list(out: &mut String, report: &DeckReport) {
    out.push_str("<section class=\"deck\">\n");
    html::heading(out, "deck", "The deck (TWD layout)");
    match crate::formats::write(Format::Twd, report.deck, report.db) {
        Some(text) => {
            let _ = writeln!(out, "<pre class=\"twd\">{}</pre>", escape(&text));
        }
        None => html::paragraph(out, Some("error"), "vtesdeck cannot write the TWD layout"),
    }
    if !report.deck.unresolved.is_empty() {
        html::paragraph(
            out,
            Some("error"),
            "These lines of the file name no card; they are not in the list above nor in any figure:",
        );
        let mut table = Table::new(&["Line", "Text", "Why"], 0);
        for line in &report.deck.unresolved {
            table.row(vec![
                Cell::number(line.line.to_string()),
                Cell::text(vtesdeck::deck::excerpt(&line.text)),
                Cell::prose(line.detail()),
            ]);
        }
        table.write(out);
    }
    out.push_str("</section>\n");
}

fn composition(out: &mut String, report: &DeckReport) {
    let stats = &report.stats;
    let crypt = &stats.crypt;
    let library = &stats.library;
    out.push_str("<section class=\"composition\">\n");
    html::heading(out, "composition", "Composition");
    out.push_str("<div class=\"columns\">\n<div>\n<h3>Crypt</h3>\n");
    html::facts(
        out,
        &[
            (
                "Cards",
                format!("{} ({} different)", crypt.count, crypt.distinct),
            ),
            (
                "Capacity",
                format!(
                    "min {}, max {} (the {STARTING_CRYPT} smallest, the {STARTING_CRYPT} largest \
                     added up), average {} a card",
                    crypt.capacity.min, crypt.capacity.max, crypt.capacity.average_text
                ),
            ),
            ("Groups", tallies(&crypt.groups)),
            ("Clans", tallies(&crypt.clans)),
            ("Sects", tallies(&crypt.sects)),
            ("Titles", tallies(&crypt.titles)),
            ("Votes", crypt.votes.to_string()),
        ],
    );
    out.push_str("</div>\n<div>\n<h3>Library</h3>\n");
    let mut pairs = vec![
        (
            "Cards",
            format!("{} ({} different)", library.count, library.distinct),
        ),
        ("Trifles", library.trifles.to_string()),
        ("Pool cost", cost(&library.pool_cost)),
        ("Blood cost", cost(&library.blood_cost)),
    ];
    if library.conviction_cost.copies > 0 {
        pairs.push(("Conviction cost", cost(&library.conviction_cost)));
    }
    pairs.push(("Clan requirements", tallies(&library.clan_requirements)));
    pairs.push(("Events", events(library)));
    html::facts(out, &pairs);
    let mut types = Table::new(&["Type", "Copies", "Share"], 1).id("types");
    for tally in &library.types {
        types.row(vec![
            Cell::text(&tally.name),
            Cell::number(tally.count.to_string()),
            Cell::number(share(tally.count, library.count)),
        ]);
    }
    types.write(out);
    html::paragraph(
        out,
        Some("note"),
        "A card of several types counts in each, so the shares may add up to more than 100%.",
    );
    out.push_str("</div>\n</div>\n</section>\n");
}

fn share(count: u32, of: u32) -> String {
    if of == 0 {
        return "-".to_string();
    }
    percent(f64::from(count) / f64::from(of))
}

fn capacities(out: &mut String, report: &DeckReport) {
    out.push_str("<section class=\"capacities\">\n");
    html::heading(out, "capacities", "Crypt capacities and groups");
    charts::figure(
        out,
        charts::capacity_chart(report),
        "Crypt cards (copies) by capacity, one color per group.",
    );
    out.push_str("</section>\n");
}

fn disciplines(out: &mut String, report: &DeckReport) {
    let spread = &report.stats.disciplines;
    out.push_str("<section class=\"disciplines\">\n");
    html::heading(out, "disciplines", "Disciplines");
    charts::figure(
        out,
        charts::discipline_chart(report),
        "Crypt cards (copies) with each discipline, inferior and superior, beside the library \
         cards (copies) that need it.",
    );
    let mut table = Table::new(
        &[
            "Discipline",
            "Crypt inferior",
            "Crypt superior",
            "Key",
            "Library cards needing it",
        ],
        1,
    )
    .id("discipline-table");
    for row in charts::discipline_rows(report) {
        let key = spread
            .crypt
            .iter()
            .find(|d| d.name == row.name)
            .is_some_and(|d| spread.key.contains(&d.discipline));
        table.row(vec![
            Cell::text(&row.name),
            Cell::number(row.inferior.to_string()),
            Cell::number(row.superior.to_string()),
            Cell::number(if key { "key" } else { "" }),
            Cell::number(row.library.to_string()),
        ]);
    }
    if !table.is_empty() {
        table.write(out);
    }
    if !spread.library_requirements.is_empty() {
        html::facts(
            out,
            &[(
                "Library requirements as written",
                tallies(&spread.library_requirements),
            )],
        );
    }
    html::paragraph(
        out,
        Some("note"),
        "Key: at least half of the crypt cards (copies) have the discipline. A library card \
         needing one of two disciplines counts for both.",
    );
    out.push_str("</section>\n");
}

fn playability(out: &mut String, report: &DeckReport) {
    let play = &report.stats.playability;
    let crypt = report.stats.crypt.count;
    out.push_str("<section class=\"playability\">\n");
    html::heading(out, "unplayable", "Cards the crypt cannot play");
    if play.dead_cards.is_empty() {
        html::paragraph(
            out,
            Some("good"),
            "None: every library card with a discipline, clan or other crypt requirement has \
             at least one crypt card that meets it.",
        );
    } else {
        html::paragraph(
            out,
            Some("error"),
            &format!(
                "{} of {} that no crypt card can play:",
                quantity(play.dead_count, "copy", "copies"),
                quantity(play.dead_cards.len() as u64, "card", "cards")
            ),
        );
        let mut dead = Table::new(&["Card", "Copies", "Requires"], 1).id("dead-cards");
        for card in &play.dead_cards {
            let requirement = play
                .cards
                .iter()
                .find(|c| c.id == card.id)
                .map_or_else(String::new, |c| c.requirement.clone());
            dead.row(vec![
                Cell::text(&card.name),
                Cell::number(card.count.to_string()),
                Cell::text(requirement),
            ]);
        }
        dead.write(out);
    }
    if !play.cards.is_empty() {
        out.push_str("<h3>Who can play what</h3>\n");
        let mut table = Table::new(
            &["Card", "Copies", "Requires", "Crypt cards", "Vampires"],
            1,
        )
        .id("playable");
        for card in &play.cards {
            let mut requirement = card.requirement.clone();
            if !card.unchecked.is_empty() {
                let _ = write!(requirement, " (unchecked: {})", card.unchecked.join(", "));
            }
            table.row(vec![
                Cell::text(&card.name),
                Cell::number(card.count.to_string()),
                Cell::text(requirement),
                Cell::number(format!("{}/{}", card.crypt_cards, crypt)),
                Cell::number(card.vampires.to_string()),
            ]);
        }
        table.write(out);
    }
    out.push_str("</section>\n");
}

fn opening_hand(out: &mut String, report: &DeckReport) {
    out.push_str("<section class=\"opening\">\n");
    html::heading(out, "opening", "Opening hand");
    match &report.draw {
        Err(err) => html::paragraph(out, Some("error"), &format!("Not computed: {err}.")),
        Ok(odds) => opening_odds(out, odds, report),
    }
    out.push_str("</section>\n");
}

fn opening_odds(out: &mut String, odds: &DrawOdds, report: &DeckReport) {
    html::paragraph(
        out,
        None,
        &format!(
            "The odds of an opening hand of {} library cards and {} crypt cards, as \
             `vtesdeck draw` gives them; each table's title says how it was computed.",
            odds.hand, odds.crypt_draw
        ),
    );
    let tables = draw_table::tables(odds, report.deck, report.db);
    let write = |out: &mut String, index: usize, id: Option<&'static str>| {
        if let Some(table) = tables.get(index) {
            let mut table = Table::from_draw_table(table);
            if let Some(id) = id {
                table.set_id(id);
            }
            table.write(out);
        }
    };
    // Library; crypt cards beside the starting cards, capacity and disciplines; sampled.
    write(out, 0, Some("opening-library"));
    out.push_str("<div class=\"columns\">\n<div>\n");
    write(out, 1, Some("opening-crypt"));
    out.push_str("</div>\n<div>\n");
    write(out, 3, None);
    write(out, 4, Some("opening-capacity"));
    write(out, 2, None);
    out.push_str("</div>\n</div>\n");
    write(out, 5, Some("opening-sampled"));
    html::paragraph(
        out,
        Some("note"),
        &format!("{}.", draw_table::sampling_note(odds)),
    );
}

fn transfers(out: &mut String, report: &DeckReport) {
    out.push_str("<section class=\"transfers\">\n");
    html::heading(out, "transfers", "Transfer curve by seat");
    match &report.transfers {
        Err(err) => html::paragraph(out, Some("error"), &format!("Not computed: {err}.")),
        Ok(curve) => transfer_figures(out, curve),
    }
    out.push_str("</section>\n");
}

fn transfer_figures(out: &mut String, curve: &TransferCurve) {
    charts::figure(
        out,
        charts::transfer_chart(curve),
        &format!(
            "Expected capacity in play at the end of each turn's influence phase, per seat \
             (the chart of `vtesdeck transfers --plot`; {} policy, {} per seat, seed {}).",
            curve.policy.name(),
            quantity(curve.samples, "game", "games"),
            curve.seed
        ),
    );
    let headers: Vec<String> = std::iter::once("Seat".to_string())
        .chain(curve.seats.first().into_iter().flat_map(|seat| {
            seat.nth_vampire
                .iter()
                .map(|n| format!("{} vampire", ordinal(n.nth)))
        }))
        .collect();
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let mut table = Table::new(&headers, 1).id("nth-vampire");
    for seat in &curve.seats {
        let mut row = vec![Cell::text(format!("seat {}", seat.seat))];
        for nth in &seat.nth_vampire {
            row.push(Cell::number(format!(
                "{} · {} · {}",
                nth.mean.map_or("-".to_string(), |m| format!("{m:.2}")),
                nth.median.map_or("-".to_string(), |m| m.to_string()),
                percent(nth.p_never)
            )));
        }
        table.row(row);
    }
    table.write(out);
    html::paragraph(
        out,
        Some("note"),
        "Each cell: mean turn · median turn at which the vampire comes into play (over the \
         games where it does) · share of games where it does not within the simulated turns.",
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Stats;
    use crate::rules::{CheckDate, Checker, Profile};
    use crate::sim::SimError;
    use crate::testing::{deck_of, fixture_db};

    use crate::output::report::test_provenance as provenance;

    /// The page's text between tags, one piece per element (charts left out).
    fn texts(page: &str) -> Vec<String> {
        let body = &page[page.find("<body").unwrap()..];
        let mut pieces = Vec::new();
        let mut rest = body;
        while let Some(open) = rest.find('<') {
            if rest[open..].starts_with("<svg") {
                rest = &rest[open + rest[open..].find("</svg>").unwrap()..];
            }
            let text = rest[..rest.find('<').unwrap()].trim();
            if !text.is_empty() {
                pieces.push(text.to_string());
            }
            let open = rest.find('<').unwrap();
            rest = &rest[open + rest[open..].find('>').unwrap() + 1..];
        }
        pieces
    }

    #[test]
    fn prose_is_rendered_and_no_sentence_says_sampled_and_exact() {
        use crate::sim::{DrawOptions, OpeningMethod, SampledOdds};
        let db = fixture_db();
        // A misspelt line: its message quotes it (`12x Alma Tset`).
        let deck = <crate::deck::Deck as crate::formats::LoadDeck>::from_text(
            "12x Alma Tset\n40x Test Punch\n",
            Some(crate::formats::Format::Plain),
            &db,
        );
        let date = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
        let profile = Profile::standard();
        let checker = Checker::new(&db, &profile, CheckDate::On(date), 5).unwrap();
        let options = DrawOptions::default();
        let exact = DrawOdds::compute(&deck, &db, &options, &|_| {}).unwrap();
        // The same odds as `draw` writes them when the starts are too many to sum.
        let mut sampled = exact.clone();
        sampled.opening_method = OpeningMethod::Sampled;
        let tables = crate::sim::check_opening(&deck, &db, &options).unwrap();
        sampled.sampled = Some(SampledOdds::sample(&tables, &options, &|_| {}));
        for (odds, title) in [(exact, "Opening (exact)"), (sampled, "Opening (sampled)")] {
            let report = DeckReport {
                deck: &deck,
                db: &db,
                check: checker.check(&deck),
                stats: Stats::of_deck(&deck, &db),
                draw: Ok(odds),
                transfers: Err(SimError::EmptyCrypt {
                    path: "deck.txt".into(),
                }),
                goldfish: Err(SimError::EmptyCrypt {
                    path: "deck.txt".into(),
                }),
            };
            let page = deck_page(&report, &provenance());
            assert!(page.contains("<code>12x Alma Tset</code>"), "{page}");
            assert!(page.contains("<code>vtesdeck draw</code>"));
            let texts = texts(&page);
            assert!(texts.iter().any(|t| t == title), "{title}");
            for text in texts {
                assert!(!text.contains('`'), "{text}");
                for sentence in text.split(['.', ';']) {
                    let both = sentence.contains("exact") && sentence.contains("sampl");
                    assert!(!both, "{sentence}");
                }
            }
        }
    }

    #[test]
    fn page_shows_the_verdict_the_unplayable_cards_and_what_was_not_computed() {
        let db = fixture_db();
        // Alma (Brujah, pot) x12; Test Punch (pot) x4, Test Chimera (Chimerstry) x2.
        let mut deck = deck_of(&db, &[(200001, 12), (100004, 4), (100015, 2)]);
        deck.meta.name = Some("<b>Rush</b>".into());
        deck.meta.description = Some("Line one\n<i>line</i> two".into());
        let profile = Profile::standard();
        let date = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
        let checker = Checker::new(&db, &profile, CheckDate::On(date), 5).unwrap();
        let check = checker.check(&deck);
        let legal = check.as_ref().unwrap().legal;
        let report = DeckReport {
            deck: &deck,
            db: &db,
            check,
            stats: Stats::of_deck(&deck, &db),
            draw: Err(SimError::EmptyLibrary {
                path: "deck.txt".into(),
            }),
            transfers: Err(SimError::EmptyCrypt {
                path: "deck.txt".into(),
            }),
            goldfish: Err(SimError::EmptyCrypt {
                path: "deck.txt".into(),
            }),
        };
        let page = deck_page(&report, &provenance());
        assert!(!legal, "a 6-card library is illegal");
        assert!(page.contains("id=\"verdict-text\">ILLEGAL</p>"));
        assert!(
            page.contains("<td class=\"rule\">library-size</td>"),
            "{page}"
        );
        assert!(page.contains("<h1>&lt;b&gt;Rush&lt;/b&gt;</h1>"));
        assert!(page.contains("Line one\n&lt;i&gt;line&lt;/i&gt; two"));
        assert!(!page.contains("<b>") && !page.contains("<i>"));
        // Test Chimera needs Chimerstry, which no crypt card has.
        let dead = page.split("id=\"dead-cards\"").nth(1).unwrap();
        let dead = &dead[..dead.find("</table>").unwrap()];
        assert!(
            dead.contains("<td>Test Chimera</td><td class=\"num\">2</td>"),
            "{dead}"
        );
        assert!(!dead.contains("Test Punch"));
        assert!(page.contains("Not computed: deck.txt: the library is empty."));
        assert!(page.contains("Not computed: deck.txt: the crypt is empty."));
        // The capacity and discipline charts are drawn; the transfer one is not.
        assert!(page.contains("<svg id=\"chart-capacity\""));
        assert!(page.contains("<svg id=\"chart-disciplines\""));
        assert!(!page.contains("<svg id=\"chart-transfers\""));
        // Alma: capacity 1, group 1, 12 copies.
        assert!(page.contains("<title>1: group 1 12</title>"), "{page}");
    }
}
