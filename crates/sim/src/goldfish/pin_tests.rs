//! The effect table pinned to the cards' text: every row of
//! `crates/sim/data/goldfish-effects.tsv` names its card as the built-in card list does,
//! holds words of its text, and has the type and figure the text gives its
//! kind; a changed card or a wrong row fails here.

use vtesdeck_cards::{CardDb, CardType, Cost};

use super::effects::{is_inert_by_type, Effect, EffectKind, EffectTable, CLAN_POOL_WORDS};

/// Words one of which the evidence of an `inert` row holds: what makes a card
/// do nothing at an idle table (nobody blocks, acts, votes or fights; nothing
/// goes to torpor or is damaged; no action fails; no referendum is opposed;
/// the other players have nothing in play to burn, cancel or be bled by).
const INERT_MARKS: &[&str] = &[
    "stealth",
    "intercept",
    "combat",
    "vote",
    "ut-of-turn",
    "weapon",
    "strike",
    "maneuver",
    "press",
    "block",
    "prey",
    "predator",
    "methuselah",
    "ready vampire",
    "ready younger vampire",
    "lock a minion",
    "stun",
    "strength",
    "torpor",
    "damage",
    "(d) burn",
    "(d) put this card on",
    "(d) take control",
    "(d) remove",
    "(d) lock",
    "(d) steal",
    "(d) send",
    "passes automatically",
    "unsuccessful",
    "directed",
    "cancel",
    "reaction",
    "bleeding you",
    "bleed against you",
    "pool to a bleed",
    "if this vampire is burned",
    "unlocks at the end of the turn",
    "frenzy cards",
];

/// Whether a row says what its card's text says: the name, the evidence, and
/// for each kind the type and the figure the text must hold.
fn check_row(effect: &Effect, db: &CardDb) -> Result<(), String> {
    let card = db
        .get(effect.id)
        .ok_or_else(|| format!("{}: no such card", effect.id))?;
    if card.name != effect.name {
        return Err(format!("{}: the card is {:?}", effect.name, card.name));
    }
    let text = card.text.as_str();
    if !text.contains(&effect.evidence) {
        return Err(format!(
            "{}: no {:?} in {text:?}",
            effect.name, effect.evidence
        ));
    }
    let has = |t: CardType| card.types.contains(&t);
    // The figures are those of the basic level: the text before the first
    // line at a superior discipline (`[DOM] ...`).
    let basic = basic_level(text);
    let holds = |words: &str| basic.contains(words);
    let (amount, gain) = (effect.amount, effect.gain);
    let ok = match effect.kind {
        EffectKind::Bleed if has(CardType::Conviction) => {
            // An Imbued's conviction card burned to bleed.
            gain == 0 && holds(&format!("Burn to bleed at +{amount} bleed as a (D) action"))
        }
        EffectKind::Bleed => {
            has(CardType::Action)
                && holds("Bleed")
                && (amount == 0 || holds(&format!("+{amount} bleed")))
                && (gain == 0 || basic.to_lowercase().contains(&format!("gain {gain} pool")))
        }
        EffectKind::ActionPool => {
            has(CardType::Action) && basic.to_lowercase().contains(&format!("gain {gain} pool"))
        }
        EffectKind::BleedMod => has(CardType::ActionModifier) && holds(&format!("+{amount} bleed")),
        EffectKind::Unlock => {
            (has(CardType::ActionModifier)
                && (holds("Unlock this vampire") || holds("Unlock this minion")))
                || (has(CardType::Power)
                    && holds("[ACTION MODIFIER] Only usable at the end of a successful action")
                    && holds("Unlock this imbued."))
        }
        EffectKind::Vote | EffectKind::VoteTake => {
            has(CardType::PoliticalAction) && holds("pool") && amount > 0
        }
        EffectKind::MasterPool => {
            has(CardType::Master) && basic.to_lowercase().contains(&format!("gain {amount} pool"))
        }
        EffectKind::BloodToPool => {
            has(CardType::Master) && holds("to your pool") && holds(&amount.to_string())
        }
        EffectKind::MasterBlood => has(CardType::Master) && holds(&format!("{amount} blood")),
        EffectKind::BloodDoll => {
            has(CardType::Master) && holds("move 1 blood from this vampire to their pool")
        }
        EffectKind::Transfers => has(CardType::Master) && holds(&format!("+{amount} transfers")),
        EffectKind::MasterAction => has(CardType::Master) && holds("+1 master phase action"),
        EffectKind::InfluenceBlood => {
            has(CardType::Master)
                && holds(&format!(
                    "During your influence phase, you can add {amount} blood to a vampire in your uncontrolled region"
                ))
        }
        EffectKind::UncontrolledBlood => {
            // The whole text, so that no condition the model does not check
            // (a clan, a younger vampire, a lock) passes.
            let capacity = if gain == 0 {
                String::new()
            } else {
                format!(" with capacity {gain} or more")
            };
            has(CardType::Master)
                && amount > 0
                && basic.trim()
                    == format!(
                        "Add {amount} blood to a vampire in your uncontrolled region{capacity}."
                    )
        }
        EffectKind::Tablets => {
            has(CardType::Master) && holds("three copies") && holds(&format!("gain {amount} pool"))
        }
        EffectKind::Ally => has(CardType::Ally) && amount > 0 && holds(&format!("{amount} bleed")),
        EffectKind::BleedBonus => {
            (has(CardType::Retainer) || has(CardType::Equipment) || has(CardType::Action))
                && amount > 0
                && holds(&format!("+{amount} bleed"))
        }
        EffectKind::Discipline => {
            // On any vampire (no clan or sect condition): the level of the
            // discipline the evidence names, in its brackets.
            let put_on = |how: &str| {
                holds(&format!(
                    "Put this card on a vampire. This vampire {how} {}",
                    effect.evidence
                ))
            };
            has(CardType::Master)
                && effect
                    .discipline()
                    .is_some_and(|d| effect.evidence.ends_with(&format!("[{}]", d.abbreviation())))
                && holds(&format!("level of {}", card.name))
                && (put_on("gets +1") || put_on("gains 1"))
        }
        EffectKind::LockBlood => {
            has(CardType::Master)
                && holds(&format!(
                    "lock this card to add {amount} blood to a vampire in your uncontrolled region"
                ))
                && holds(&format!("Burn this card if it has {gain} counters"))
        }
        EffectKind::VoteBlood => {
            has(CardType::ActionModifier)
                && holds("after resolution of a political action whose referendum passed")
                && holds(&format!(
                    "gains {amount} blood for each vote by which the referendum passed"
                ))
        }
        EffectKind::VotePool => {
            has(CardType::ActionModifier)
                && holds("Only usable during a referendum")
                && holds(&format!("Gain {amount} pool."))
        }
        EffectKind::Tap => {
            has(CardType::Master)
                && basic.trim() == "Move any amount of blood from a vampire you control to your pool."
        }
        EffectKind::FillBlood => {
            has(CardType::Master)
                && holds("Only one")
                && holds("Choose a vampire. The chosen vampire gains enough blood to reach full capacity.")
        }
        EffectKind::ClanBlood => {
            // The target is named as the card's requirement names the actor:
            // its clan, or a Black Hand vampire.
            has(CardType::Action)
                && (card.clans.iter().any(|clan| {
                    holds(&format!(
                        "Add {amount} blood to a {clan} in your uncontrolled region"
                    ))
                }) || (card.clans.is_empty()
                    && card.requirements == ["black hand"]
                    && holds(&format!(
                        "Move {amount} blood from the blood bank to a Black Hand vampire in your uncontrolled region"
                    ))))
        }
        EffectKind::GroundBlood => {
            has(CardType::Master)
                && holds("Hunting ground.")
                && card.requirements.len() == 1
                && basic.to_lowercase().contains(&format!(
                    "during your unlock phase, a ready {} you control can gain {amount} blood",
                    card.requirements[0]
                ))
        }
        EffectKind::HuntingGround => {
            has(CardType::Master)
                && !card.clans.is_empty()
                && basic.to_lowercase().contains("hunting ground.")
                && [
                    format!("During your unlock phase, a ready vampire you control can gain {amount} blood."),
                    format!("During your unlock phase, you may move {amount} blood from the blood bank to a ready vampire you control."),
                    format!("During your unlock phase, you may move {amount} blood from the bank to a ready vampire you control."),
                ]
                .iter()
                .any(|words| holds(words))
        }
        EffectKind::TransferPool => {
            has(CardType::Master)
                && amount > 0
                && holds(&format!(
                    "You can use {amount} transfers to burn this card and gain {gain} pool"
                ))
        }
        EffectKind::ClanBleed => {
            has(CardType::Master)
                && card.clans.iter().any(|clan| {
                    holds(&format!(
                        "Put this card in play with {gain} counters. {clan} get +{amount} bleed. During your discard phase, burn 1 counter from this card. Burn this card if it has no counters."
                    ))
                })
        }
        EffectKind::XBleedMod => {
            has(CardType::ActionModifier)
                && card.blood_cost == Some(Cost::X)
                && amount == 1
                && holds("+X bleed")
                && holds("X must be 1")
        }
        EffectKind::ClanPool => {
            has(CardType::Master)
                && effect.clan().is_some()
                && effect.evidence.starts_with(&format!("Gain {amount} {CLAN_POOL_WORDS}"))
        }
        EffectKind::CombatBleed => {
            has(CardType::Master)
                && holds("Put this card in play.")
                && card.clans.iter().any(|clan| {
                    holds(&format!(
                        " {clan} you control can discard a combat card to get +{amount} bleed"
                    ))
                })
        }
        EffectKind::TutorEquipment => {
            has(CardType::Action)
                && holds("Search your library for an equipment card and equip this vampire with it (requirements and cost apply as normal")
        }
        EffectKind::FreshBonus => {
            has(CardType::Master)
                && holds(&format!(
                    "Put this card on a vampire with capacity {gain} or more who entered your ready region during your last influence phase. This vampire gets +{amount} bleed"
                ))
        }
        EffectKind::ClanInfluenceBlood => {
            has(CardType::Master)
                && basic.to_lowercase().contains("during your influence phase")
                && card.clans.iter().any(|clan| {
                    holds(&format!(
                        "add {amount} blood to a {clan} in your uncontrolled region"
                    )) || holds(&format!(
                        "move {amount} blood from the blood bank to a {clan} in your uncontrolled region"
                    ))
                })
        }
        EffectKind::Embrace => {
            has(CardType::Action)
                && holds("1-capacity")
                && match amount {
                    0 => true,
                    1 => holds("must hunt this turn") || holds("Move 1 blood from the bank"),
                    _ => false,
                }
        }
        EffectKind::Cycle => {
            has(CardType::Equipment)
                && holds(&format!("draw up to {amount} cards"))
                && holds("move the same number of cards from your hand to the bottom of your library")
        }
        EffectKind::ArchetypeBlood => {
            has(CardType::Master)
                && holds("Archetype")
                && holds(&format!(
                    "Once each turn, this vampire can gain {amount} blood after performing a successful action"
                ))
        }
        EffectKind::Discard => {
            has(CardType::Master) && amount == 1 && holds("lock this card to discard a card")
        }
        EffectKind::HandSize => has(CardType::Master) && holds(&format!("+{amount} hand size.")),
        EffectKind::CryptDraw => {
            has(CardType::Master)
                && holds("Move the top card from your crypt to your uncontrolled region")
        }
        EffectKind::UnlockBlood => {
            has(CardType::Master)
                && holds("chooses a ready vampire they control")
                && holds(&format!(
                    "unlock phase, the chosen vampire can gain {amount} blood"
                ))
        }
        EffectKind::PreyBurn => {
            has(CardType::Action)
                && holds(&format!(
                    "During your unlock phase, your prey burns {amount} pool. You can burn only {amount} pool each turn"
                ))
        }
        EffectKind::EmptyBlood => {
            has(CardType::Master)
                && holds(&format!(
                    "During your unlock phase, you can burn {} to add up to {amount} blood to a ready vampire with no blood",
                    card.name.split_whitespace().next().unwrap_or_default()
                ))
        }
        EffectKind::Cog => {
            has(CardType::ActionModifier)
                && holds("Only usable after resolution of a successful bleed")
                && holds(&format!("Put this card on this vampire. This vampire gets +{amount} bleed."))
                && holds("this vampire can lock this card to take an action")
        }
        EffectKind::BleedEquipment => {
            has(CardType::Equipment)
                && holds(&format!(
                    "The minion with this equipment may bleed at +{amount} bleed as a (D) action."
                ))
        }
        EffectKind::Inert => {
            let evidence = effect.evidence.to_lowercase();
            !is_inert_by_type(card) && INERT_MARKS.iter().any(|m| evidence.contains(m))
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "{}: {:?} {amount}/{gain} is not what its text says: {text:?}",
            effect.name, effect.kind
        ))
    }
}

/// The text of a card up to its first line at a superior discipline: a line
/// starting with three capitals in brackets.
fn basic_level(text: &str) -> String {
    let superior = |line: &str| {
        let b = line.as_bytes();
        b.len() >= 5 && b[0] == b'[' && b[4] == b']' && b[1..4].iter().all(u8::is_ascii_uppercase)
    };
    text.lines()
        .take_while(|line| !superior(line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The built-in card list: the official CSV files of the snapshot in
/// `crates/cards/data/cards/`, the list every row is written against.
fn real_db() -> CardDb {
    CardDb::embedded().expect("the built-in card list")
}

#[test]
fn every_row_of_the_effect_table_is_pinned_to_its_card_text() {
    let db = real_db();
    let table = EffectTable::builtin();
    assert!(table.rows().len() > 200, "{} rows", table.rows().len());
    let wrong: Vec<String> = table
        .rows()
        .iter()
        .filter_map(|row| check_row(row, &db).err())
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_wrong_row_fails_the_pin() {
    let db = real_db();
    let table = EffectTable::parse(
        "100401\tConditioning\tbleed_mod\t3\t0\t+2 bleed\n\
         100401\tConditioning\tbleed_mod\t2\t0\t+2 bleed\n",
    );
    assert!(table.is_err(), "two rows of one card");
    for row in [
        // Conditioning is +2 bleed at its basic level, not +3.
        "100401\tConditioning\tbleed_mod\t3\t0\t+2 bleed",
        // A name that is not the card's.
        "100401\tConditionning\tbleed_mod\t2\t0\t+2 bleed",
        // Words the text does not hold.
        "100401\tConditioning\tbleed_mod\t2\t0\t+4 bleed",
        // Govern the Unaligned's +1 stealth action is its superior level.
        "100845\tGovern the Unaligned\tbleed\t1\t0\t+1 stealth action",
        // A combat card needs no row, and Lost in Crowds is no vote.
        "100959\tImmortal Grapple\tinert\t0\t0\tcombat",
        "101125\tLost in Crowds\tvote\t1\t0\tstealth",
        // Ascendance gains 1 pool, not 2.
        "100104\tAscendance\tmaster_pool\t2\t0\tGain 1 pool",
        // Liquidation gains 3 pool, not 4.
        "101112\tLiquidation\tmaster_pool\t4\t0\tgain 3 pool",
        // The Coven adds 2 blood, not 3.
        "100435\tCoven, The\tmaster_blood\t3\t0\tadd 2 blood to a ready vampire you control",
        // Tribute to the Master gains pool: no inert mark in its evidence.
        "102023\tTribute to the Master\tinert\t0\t0\tto your pool",
        // Powerbase: Montreal adds 1 blood, not 2.
        "101439\tPowerbase: Montreal\tinfluence_blood\t2\t0\tDuring your influence phase",
        // Zillah's Valley adds 4 blood to a vampire of capacity 8 or more:
        // not 5 blood, not to any vampire.
        "102207\tZillah's Valley\tuncontrolled_blood\t5\t8\tAdd 4 blood",
        "102207\tZillah's Valley\tuncontrolled_blood\t4\t0\tAdd 4 blood",
        // Thing adds 2 blood to a Gangrel only, as an action: a condition
        // the model does not check.
        "101972\tThing\tuncontrolled_blood\t2\t0\tAdd 2 blood to a Gangrel in your uncontrolled region",
        // Unholy Sacrament is a master too, but for a titled Sabbat vampire.
        "102345\tUnholy Sacrament\tuncontrolled_blood\t3\t0\tAdd 3 blood",
        // Laptop Computer gives +1 bleed, not +2.
        "101073\tLaptop Computer\tbleed_bonus\t2\t0\tThe bearer gets +1 bleed.",
        // Neonate Breach is a political action, no bleed.
        "101271\tNeonate Breach\tbleed\t0\t0\teach chosen Methuselah burns 1 pool",
        // Dominate gives Dominate, not Obfuscate; Abombwe goes on a Laibon
        // or a vampire with Protean only.
        "100572\tDominate\tdiscipline\t0\t0\tlevel of Dominate [obf]",
        "100009\tAbombwe\tdiscipline\t0\t0\tlevel of Abombwe [abo]",
        // Dreams of the Sphinx adds 1 blood, and burns after 3 uses.
        "100588\tDreams of the Sphinx\tlock_blood\t2\t3\tlock this card",
        "100588\tDreams of the Sphinx\tlock_blood\t1\t4\tlock this card",
        // Grooming the Protégé moves blood to an uncontrolled vampire, not to the pool.
        "100860\tGrooming the Protégé\ttap\t0\t0\tMove up to 3 blood",
        // Thing adds 2 blood, not 3; Disciple of Lazarus to a younger one only.
        "101972\tThing\tclan_blood\t3\t0\tAdd 2 blood",
        "100552\tDisciple of Lazarus\tclan_blood\t2\t0\tAdd 2 blood",
        // Ennoia's Theater gives +1 hand size this turn only.
        "100646\tEnnoia's Theater\thand_size\t1\t0\t+1 hand size",
        // The Embrace's vampire has 1 blood (its hunt), not 2.
        "100633\tEmbrace, The\tembrace\t2\t0\t1-capacity",
        // Jake Washington adds up to 4 blood, not 5; Enkil Cog +1 bleed;
        // Seal of Veddartha's bleed is for a vampire with capacity above 5.
        "101019\tJake Washington\tempty_blood\t5\t0\tadd up to",
        "100645\tEnkil Cog\tcog\t2\t0\tlock this card",
        "101703\tSeal of Veddartha\tbleed_equipment\t1\t0\tbleed at +1 bleed",
        // Strike with Conviction bleeds at +1, not +2.
        "101886\tStrike with Conviction\tbleed\t2\t0\tBurn to bleed",
        // Papillon feeds a titled vampire, which its requirement ("city
        // title") does not say; Legendary Vampire needs capacity 7, not 6.
        "101350\tPapillon\tground_blood\t2\t0\tHunting ground",
        "101091\tLegendary Vampire\tfresh_bonus\t2\t6\tThis vampire gets +2 bleed",
        // Palace Hunting Ground feeds a Guruhi only; Wider View gains 2 pool.
        "101344\tPalace Hunting Ground\thunting_ground\t1\t0\tHunting ground",
        "102180\tWider View\ttransfer_pool\t4\t3\tYou can use 4 transfers",
        // Monkey Wrench is played with X = 1 only; The Eternals of Sirius
        // gain 5 pool, not 6.
        "101239\tMonkey Wrench\tx_bleed_mod\t2\t0\t+X bleed",
        "100667\tEternals of Sirius, The\tclan_pool\t6\t0\tGain 5 pool if you control a ready Follower of Set",
        // Amounts the texts do not say: Voter Captivation 1 blood a vote,
        // Ecoterrorists 1 blood, Heart of Nizchetus 3 cards, Perfectionist 1
        // blood, The Barrens 1 card, The Rack 2 blood, Haqim's Law:
        // Retribution +1 bleed, Palla Grande 3 counters.
        "102131\tVoter Captivation\tvote_blood\t2\t0\tThis vampire gains",
        "100609\tEcoterrorists\tclan_influence_blood\t2\t0\tLock during your influence phase",
        "100903\tHeart of Nizchetus\tcycle\t4\t0\tdraw up to",
        "101388\tPerfectionist\tarchetype_blood\t2\t0\tOnce each turn",
        "100135\tBarrens, The\tdiscard\t2\t0\tYou can lock this card",
        "101536\tRack, The\tunlock_blood\t3\t0\tthe chosen vampire can gain",
        "102226\tHaqim's Law: Retribution\tcombat_bleed\t2\t0\tdiscard a combat card",
        "101346\tPalla Grande\tclan_bleed\t1\t4\tPut this card in play",
        // Kinds of another card type: Concert Tour is an action, Kindred
        // Intelligence an action, Alastor a political action.
        "100393\tConcert Tour\tfill_blood\t0\t0\tfull capacity",
        "101050\tKindred Intelligence\tcrypt_draw\t0\t0\tMove the top card from your crypt",
        "100038\tAlastor\ttutor_equipment\t0\t0\tsearch your library for an equipment card",
        // Creeping Sabotage: no cap on the pool each turn.
        "102213\tCreeping Sabotage\tprey_burn\t1\t0\tyour prey burns 1 pool",
    ] {
        let table = EffectTable::parse(row).expect("reads");
        assert!(check_row(&table.rows()[0], &db).is_err(), "{row}");
    }
}
