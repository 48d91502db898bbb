//! A thousand generated levels per variant, a quarter from each tier: every one the generator
//! hands out has a solution the forward solver finds, that solution replays to a win with the
//! game's own rules, it is at least as long as the tier asks, and the same seed gives the same
//! level again.

use puzzlemill_core::rng::seeded;
use puzzlemill_core::slide::{Slide, SlideLevel, Trio};
use puzzlemill_core::{Generate, Puzzle, Rate, SearchLimit, Status, Tier};

fn check<P>(name: &str)
where
    P: Generate<Params = puzzlemill_core::slide::SlideParams> + Rate + Puzzle<Level = SlideLevel>,
{
    for seed in 0..1000u64 {
        let tier = Tier::ALL[seed as usize % 4];
        let params = P::params(tier, 0).expect("tier defaults");
        let make = |seed| {
            let mut rng = seeded(seed);
            (0..5_000)
                .find_map(|_| P::generate(&params, &mut rng))
                .unwrap_or_else(|| panic!("{name} {tier:?} seed {seed}: no level"))
        };
        let level = make(seed);
        let rating = P::rate(&level).unwrap_or_else(|| panic!("{name} seed {seed}: unverified"));
        let start = P::start(&level);
        assert_eq!(
            P::status(&level, &start),
            Status::Playing,
            "{name} seed {seed}"
        );
        let moves = P::solve(&level, &start, SearchLimit::DEFAULT);
        let moves = moves.solution().expect("the rater solved it");
        let end = moves.iter().fold(start, |s, &m| {
            P::apply(&level, &s, m).expect("a legal move")
        });
        assert_eq!(P::status(&level, &end), Status::Won, "{name} seed {seed}");
        assert_eq!(
            rating.optimum,
            Some(moves.len() as u32),
            "{name} seed {seed}"
        );
        assert!(
            moves.len() as u32 >= params.min_moves,
            "{name} seed {seed}: {} moves, asked for {}",
            moves.len(),
            params.min_moves
        );
        if seed % 50 == 0 {
            assert_eq!(
                make(seed),
                level,
                "{name} seed {seed}: same seed, same level"
            );
        }
    }
}

#[test]
fn a_thousand_generated_slide_levels_verify() {
    check::<Slide>("Slide");
}

#[test]
fn a_thousand_generated_trio_levels_verify() {
    check::<Trio>("Trio");
}
