//! A thousand generated levels per variant, a quarter from each tier: every one the generator
//! hands out has a solution the forward solver finds, that solution replays to a win with the
//! game's own rules, it is at least as long as the tier asks, and the same seed gives the same
//! level again; and every curated Slide and Trio level comes back from the code in its comment.

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
            // A candidate as the mill takes it: rated, and long enough for its parameters.
            (0..5_000)
                .find_map(|_| {
                    P::generate(&params, &mut rng)
                        .filter(|l| P::rate(l).is_some_and(|r| P::accept(&params, &r)))
                })
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

/// Every curated Slide and Trio level keeps the code it was milled from in the comment above it;
/// the code must give the same board back.
#[test]
fn curated_slide_codes_regenerate_their_levels() {
    use puzzlemill_core::code::LevelCode;
    use puzzlemill_core::mill::regenerate_any;
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels");
    let mut checked = 0;
    for file in [
        "slide/first-flicks.ron",
        "slide/hard-stops.ron",
        "trio/in-step.ron",
        "trio/three-of-a-kind.ron",
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(code) = line
                .trim()
                .strip_prefix("// ")
                .and_then(|rest| rest.split(':').next())
                .and_then(|c| LevelCode::parse(c).ok())
            else {
                continue;
            };
            let fresh = regenerate_any(code).unwrap_or_else(|e| panic!("{file}: {code}: {e}"));
            let level = fresh
                .level
                .downcast_ref::<SlideLevel>()
                .expect("a slide level");
            let rows: Vec<String> = level
                .to_rows(&level.start)
                .iter()
                .map(|r| format!("\"{r}\""))
                .collect();
            assert!(
                lines[i + 1].contains(&rows.join(",")),
                "{file}: {code} gives another board"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 64, "every curated level has its code");
}
