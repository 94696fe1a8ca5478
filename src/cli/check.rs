//! `vtesdeck check`: tournament legality of decklists, for people and for CI.

use std::io::{IsTerminal, Write};

use crate::output::check::{
    CheckRenderer, CheckSummary, GithubRenderer, JsonLinesRenderer, JunitRenderer, TableOptions,
    TableRenderer,
};
use anyhow::Context as _;
use chrono::NaiveDate;
use clap::{Args, ValueEnum};
use vtesdeck::cards::CardDb;
use vtesdeck::rules::{CheckDate, Checker, Profile, RULES};

use super::{inputs, report_input_error, Global, Outcome};

/// Arguments of `vtesdeck check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    inputs: inputs::DeckPaths,

    /// Turn a rule off (as `disabled_rules` in a profile); repeat. The rules
    /// are listed below.
    #[arg(long, value_name = "RULE")]
    allow: Vec<String>,

    /// Make a rule's warnings errors: a deck it flags is illegal (exit 1);
    /// repeat. The rules are listed below.
    #[arg(long, value_name = "RULE")]
    deny: Vec<String>,

    #[command(flatten)]
    judge: JudgeArgs,

    /// Limited with boosters only (rules 7.2.1): the number of boosters each player
    /// opened; the crypt needs that many cards (at most 12), the library 5 per
    /// booster (at most 40). Only for a profile with a booster table (`limited`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    boosters: Option<u32>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    format: OutputFormat,

    /// One JSON object per deck, one per line (same as `--format json`).
    #[arg(long, conflicts_with = "format")]
    json: bool,

    /// Show warnings too (names corrected, printings chosen, declared totals not
    /// met, duplicate events, unplayable cards);
    /// JSON always carries them.
    #[arg(long)]
    warnings: bool,

    /// Show warnings and the info notes too (several copies of a unique card,
    /// a count written after the name: normal play and writing); JSON always
    /// carries them.
    #[arg(short, long)]
    verbose: bool,

    /// Reading remarks are errors: a card name or printing not read literally
    /// (`name-corrected`, `printing-chosen`) makes the deck fail, for CI jobs
    /// where a decklist must be exact (where a count is written stays a note).
    #[arg(long)]
    strict: bool,

    /// Colour in the human output: auto (only on a terminal, not with NO_COLOR), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
}

/// The end of `check --help`: every rule of the registry, the `RULE` that
/// `--allow` and `--deny` take, with its severity, in report order (one
/// short line each, which no terminal wraps).
pub fn rules_help() -> String {
    let width = RULES.iter().map(|rule| rule.id().len()).max().unwrap_or(0);
    let mut text = String::from("Rules (the RULE of --allow and --deny) and their severity:\n");
    for rule in RULES {
        text.push_str(&format!("  {:width$}  {}\n", rule.id(), rule.severity()));
    }
    text
}

/// What a deck is judged under, in `check` and `report`: `--profile`,
/// `--date`, `--players`.
#[derive(Debug, Args)]
pub(super) struct JudgeArgs {
    #[arg(long, value_name = "NAME|FILE.toml", default_value = Profile::STANDARD,
          help = profile_help())]
    profile: String,

    /// Judge at this date: YYYY-MM-DD, `today`, or `event` (each TWD deck's own event
    /// date; a deck without one is reported as an error and not judged).
    #[arg(long, value_name = "DATE", default_value = "today", value_parser = parse_date)]
    date: DateArg,

    /// Players at the table (the `classic` library maximum: 40 + 10 per player).
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u32).range(2..=6))]
    players: u32,
}

impl JudgeArgs {
    /// The `--profile` asked for (a shipped profile or a file).
    pub(super) fn profile(&self) -> anyhow::Result<Profile> {
        // A shipped profile's name in any case (`V5`), unless a file is named so.
        let shipped = Profile::builtin_names()
            .find(|name| name.eq_ignore_ascii_case(&self.profile))
            .filter(|_| !std::path::Path::new(&self.profile).is_file());
        Profile::find(shipped.unwrap_or(&self.profile)).context("--profile")
    }

    /// The checker of the profile at `--date` for `--players`.
    pub(super) fn checker<'a>(
        &self,
        db: &'a CardDb,
        profile: &'a Profile,
    ) -> anyhow::Result<Checker<'a>> {
        Ok(Checker::new(
            db,
            profile,
            self.date.check_date(),
            self.players,
        )?)
    }
}

/// The help of `--profile`: the names of the profiles vtesdeck ships, from
/// the profile registry.
fn profile_help() -> String {
    let names: Vec<&str> = Profile::builtin_names().collect();
    format!(
        "Rule set: a shipped profile ({}) or a TOML file of your own",
        names.join(", ")
    )
}

/// `--date` values.
#[derive(Debug, Clone, Copy)]
enum DateArg {
    Today,
    Event,
    On(NaiveDate),
}

impl DateArg {
    /// The date the checker judges at.
    fn check_date(self) -> CheckDate {
        match self {
            DateArg::Today => CheckDate::On(chrono::Local::now().date_naive()),
            DateArg::Event => CheckDate::Event,
            DateArg::On(date) => CheckDate::On(date),
        }
    }
}

/// Parses `--date`: YYYY-MM-DD, `today` or `event`.
fn parse_date(text: &str) -> Result<DateArg, String> {
    match text {
        "today" => Ok(DateArg::Today),
        "event" => Ok(DateArg::Event),
        _ => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(DateArg::On)
            .map_err(|_| format!("expected YYYY-MM-DD, `today` or `event`, found {text:?}")),
    }
}

/// `--format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputFormat {
    /// A line per legal deck, a table of problems per illegal deck, a summary
    /// (`human` is accepted for it).
    #[value(alias = "human")]
    Text,
    /// JSON Lines: one object per deck.
    Json,
    /// GitHub Actions annotations (`::error file=...,line=...::...`).
    Github,
    /// A JUnit XML report, one test case per deck.
    Junit,
}

/// `--color` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    /// Colour on a terminal, unless NO_COLOR is set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// Runs `check`: exit 0 when every deck is legal, 1 when one is illegal, 2 on an error
/// (bad arguments, no card database, an unreadable or undated input).
pub fn run(args: &CheckArgs, global: &Global) -> anyhow::Result<Outcome> {
    let mut profile = args.judge.profile()?;
    if let Some(boosters) = args.boosters {
        profile = profile.with_boosters(boosters).context("--boosters")?;
    }
    for rule in &args.allow {
        profile = profile.allow(rule).context("--allow")?;
    }
    for rule in &args.deny {
        profile = profile.deny(rule).context("--deny")?;
    }

    // The card database loads while the folders are walked and the first files read.
    let (db, walked) = args.inputs.walk_while(|| global.card_db());
    let db = db?;
    let walked = walked?;
    let mut renderer = renderer(args, global.quiet);
    let checker = args
        .judge
        .checker(&db, &profile)?
        .with_strict(args.strict)
        .keeping(renderer.lowest_severity());

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut summary = CheckSummary::default();
    let mut outcome = Outcome::Ok;
    // Each deck is checked and its report rendered on the thread that read it;
    // only the verdict and the rendering are kept, and written in input order.
    // (A renderer of its own: the output's renderer writes between decks.)
    let deck_renderer = self::renderer(args, global.quiet);
    let shared_renderer = &*deck_renderer;
    let (mut inputs, skipped) = args.inputs.read_walked(walked, &db, |input| {
        let deck = input?;
        let report = checker.check(&deck)?;
        let mut rendered = Vec::new();
        shared_renderer.render_deck(&mut rendered, &report)?;
        anyhow::Ok((report.legal, names_guessed(&deck), rendered))
    });
    if !global.quiet {
        inputs::note_skipped(&skipped.skipped);
    }
    for file in &skipped.skipped {
        summary.add_skipped(file);
        renderer.skipped(&mut out, &file.path.display().to_string(), file.reason)?;
    }
    for (path, judged) in inputs.by_ref() {
        match judged {
            Ok((legal, guessed, rendered)) => {
                summary.add_deck(legal);
                if guessed {
                    summary.add_guessed();
                }
                if !legal {
                    outcome = outcome.merge(Outcome::Findings);
                }
                renderer.deck(&mut out, &rendered)?;
            }
            Err(err) => {
                summary.add_error();
                outcome = outcome.merge(Outcome::Error);
                out.flush()?;
                report_input_error(&err);
                renderer.input_error(&mut out, &path, &super::error_text(&err))?;
            }
        }
    }
    // The files of a folder found, when read, to hold no card line.
    if !global.quiet {
        inputs::note_skipped(inputs.skipped());
    }
    for file in inputs.skipped() {
        summary.add_skipped(file);
        renderer.skipped(&mut out, &file.path.display().to_string(), file.reason)?;
    }
    renderer.finish(&mut out, &summary)?;
    out.flush()?;
    Ok(outcome)
}

/// Whether a card name or printing of the deck was guessed: a remark that
/// `name-corrected` reports, or a printing chosen among several that fit
/// (not the one printing that fits, nor where a count is written, nor an
/// abbreviation of the table).
fn names_guessed(deck: &vtesdeck::deck::Deck) -> bool {
    use vtesdeck::deck::ReadHow;
    deck.read_as.iter().any(|remark| {
        !matches!(
            remark.how,
            ReadHow::PrintingFits
                | ReadHow::CountAfterName
                | ReadHow::CountLabelled
                | ReadHow::Abbreviation
        )
    })
}

/// The renderer the arguments ask for.
fn renderer(args: &CheckArgs, quiet: bool) -> Box<dyn CheckRenderer> {
    let format = if args.json {
        OutputFormat::Json
    } else {
        args.format
    };
    match format {
        OutputFormat::Json => Box::new(JsonLinesRenderer),
        OutputFormat::Github => Box::new(GithubRenderer {
            warnings: args.warnings || args.verbose,
            info: args.verbose,
        }),
        OutputFormat::Junit => {
            Box::new(JunitRenderer::new(args.warnings || args.verbose).with_info(args.verbose))
        }
        OutputFormat::Text => {
            let terminal = std::io::stdout().is_terminal();
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let color = match args.color {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => terminal && !no_color,
            };
            Box::new(TableRenderer::new(TableOptions {
                color,
                terminal,
                warnings: args.warnings || args.verbose,
                info: args.verbose,
                quiet,
                ..TableOptions::default()
            }))
        }
    }
}
