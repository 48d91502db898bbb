//! "For you": the rated-score band the mill aims at for one player, from their own plays.
//!
//! The rule, as the game shows it: each play on the mode's scale (a level with a rated score)
//! gives a guess at the score the player would solve in the target time. A solve with at most one
//! hint that took `t` seconds guesses `score + D·log2(target / t)`, where `D` is the mode's
//! doubling (the score points over which solve times about double; `t` is held within an eighth
//! and eight times the target so one odd play cannot throw the band far); a solve with more hints,
//! or a level left after a real try (a quarter of the target time), guesses `score − D`, as if it
//! took twice the target. (A level resumed and played on is one play in the history, with the
//! time and hints of both sittings; a level restarted is one play, with the time and hints of
//! every try, so a solve after a long try and a restart is not a quick one. Older histories kept
//! a restart as a try of its own: it is no guess, its time and hints count towards the next try
//! of the same level.) The band's centre moves half way to each guess, and stays within the scores the mill can
//! make. Quick clean solves move the band up; give-ups and hints move it down. A player who takes
//! `target` at score `s*` sees the centre close in on `s*`, halving the distance each level.

use super::history::{Outcome, Play};
use crate::code::LevelCode;
use crate::tier::Tier;
use std::collections::HashSet;

/// A score band: the lowest and highest score it takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    /// Lowest score in the band.
    pub low: f64,
    /// Highest score in the band.
    pub high: f64,
}

impl Band {
    /// Whether `score` lies in the band.
    pub fn holds(&self, score: f64) -> bool {
        (self.low..=self.high).contains(&score)
    }

    /// The middle of the band.
    pub fn centre(&self) -> f64 {
        (self.low + self.high) / 2.0
    }
}

/// What a mode declares for "For you": its score scale and how the mill makes a level in a band.
#[derive(Clone, Copy, Debug)]
pub struct AimScale {
    /// Score points over which a player's solve time about doubles.
    pub doubling: f64,
    /// The lowest and highest band centre the mill makes levels for.
    pub range: (f64, f64),
    /// Half the band's width.
    pub half_width: f64,
    /// Where a new player's band is centred.
    pub start: f64,
    /// The highest band centre `mill bench band` measures (the top of the range the speed
    /// targets hold for).
    pub bench_top: f64,
    /// Whether plays of a level rated in this tier are on the scale (Lines scores its 13x9
    /// boards with other weights than its smaller ones).
    pub on_scale: fn(Tier) -> bool,
    /// The code the mill tries for `band` with seed `seed`: a tier (and parameter word) that
    /// makes levels with scores in the band.
    pub code_for: fn(Band, u64) -> LevelCode,
}

/// The default target: three minutes a level.
pub const DEFAULT_TARGET_SECONDS: f32 = 180.0;

/// Where "For you" aims for one mode, and the plays that put it there.
#[derive(Clone, Debug, PartialEq)]
pub struct Aim {
    /// The band asked of the mill.
    pub band: Band,
    /// Seconds of the recent solves counted (up to five, newest last).
    pub recent: Vec<f32>,
    /// Plays counted in all.
    pub counted: usize,
}

/// The aim after the plays `plays` (oldest first) of a mode with scale `scale`, for a target of
/// `target` seconds.
pub fn aim<'a>(scale: &AimScale, target: f32, plays: impl IntoIterator<Item = &'a Play>) -> Aim {
    let mut centre = scale.start;
    let mut recent = Vec::new();
    let mut counted = 0;
    let target = f64::from(target.max(1.0));
    // The tries restarted just before, on the level they were on: their seconds and hints.
    let mut restarted: Option<(&Play, f32, u32)> = None;
    // Levels solved already: playing one again ("Play again", its code) says nothing of how the
    // player does on a level new to them.
    let mut solved = HashSet::new();
    for p in plays {
        let (Some(score), Some(tier)) = (p.score, p.tier) else {
            continue;
        };
        if !(scale.on_scale)(tier) || solved.contains(&p.level_key()) {
            continue;
        }
        if p.outcome == Outcome::Solved {
            solved.insert(p.level_key());
        }
        let (before_seconds, before_hints) = match restarted.take() {
            Some((level, seconds, hints)) if level.same_level(p) => (seconds, hints),
            _ => (0.0, 0),
        };
        let (seconds, hints) = (p.seconds + before_seconds, p.hints + before_hints);
        let guess = match p.outcome {
            Outcome::Restarted => {
                restarted = Some((p, seconds, hints));
                continue;
            }
            Outcome::Left if f64::from(seconds) < target / 4.0 => continue,
            Outcome::Solved if hints <= 1 => {
                let t = f64::from(seconds).clamp(target / 8.0, target * 8.0);
                recent.push(seconds);
                score + scale.doubling * (target / t).log2()
            }
            Outcome::Solved => {
                recent.push(seconds);
                score - scale.doubling
            }
            Outcome::Left => score - scale.doubling,
        };
        counted += 1;
        centre = (centre + (guess - centre) / 2.0).clamp(scale.range.0, scale.range.1);
    }
    let keep = recent.len().saturating_sub(5);
    recent.drain(..keep);
    Aim {
        band: Band {
            low: centre - scale.half_width,
            high: centre + scale.half_width,
        },
        recent,
        counted,
    }
}

/// `seconds` as `m:ss`.
pub fn clock(seconds: f32) -> String {
    let s = seconds.max(0.0).round() as u32;
    format!("{}:{:02}", s / 60, s % 60)
}

impl Aim {
    /// The line the level select shows: the band and why ("Aiming at scores 120-150: your last
    /// 5 took 1:40 to 4:10").
    pub fn explain(&self) -> String {
        let band = format!(
            "Aiming at scores {:.0}-{:.0}",
            self.band.low, self.band.high
        );
        let lo = self.recent.iter().copied().fold(f32::INFINITY, f32::min);
        let hi = self.recent.iter().copied().fold(0.0, f32::max);
        let why = match self.recent.len() {
            0 if self.counted == 0 => "no solves yet, a first guess".to_string(),
            0 => format!(
                "no solves yet; {} left part-way moved it down",
                match self.counted {
                    1 => "a level".to_string(),
                    n => format!("{n} levels"),
                }
            ),
            1 => format!("your last solve took {}", clock(lo)),
            n => format!("your last {n} took {} to {}", clock(lo), clock(hi)),
        };
        format!("{band}: {why}")
    }

    /// The rule in a line, with the target: what the player is told about how the band moves.
    pub fn rule(target: f32) -> String {
        format!(
            "For you aims at levels you solve in about {} with at most one hint: quick clean \
             solves move it up, give-ups and hints move it down.",
            clock(target)
        )
    }
}

/// The tiers whose scores cover a good part of `band`, given the lowest score of medium, hard and expert
/// (the mode's tier thresholds): the tiers a band search draws from.
pub fn tiers_for(band: Band, thresholds: [f64; 3]) -> Vec<Tier> {
    let low_of = |t: Tier| match t {
        Tier::Easy => f64::NEG_INFINITY,
        other => thresholds[other as usize - 1],
    };
    let high_of = |t: Tier| match t {
        Tier::Expert => f64::INFINITY,
        other => thresholds[other as usize],
    };
    // A tier counts when it covers a quarter of the band or more: one that only touches an end
    // would make levels that almost never land inside.
    let width = (band.high - band.low).max(f64::EPSILON);
    let tiers: Vec<Tier> = Tier::ALL
        .into_iter()
        .filter(|&t| band.high.min(high_of(t)) - band.low.max(low_of(t)) >= width / 4.0)
        .collect();
    if tiers.is_empty() {
        vec![Tier::Expert]
    } else {
        tiers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mode::ModeId;
    use crate::rng::seeded;
    use rand::RngExt;

    fn scale(doubling: f64, range: (f64, f64), half_width: f64, start: f64) -> AimScale {
        AimScale {
            doubling,
            range,
            half_width,
            start,
            bench_top: range.1,
            on_scale: |_| true,
            code_for: |_, seed| LevelCode::new(ModeId::Tilt, Tier::Easy, 0, seed),
        }
    }

    /// A simulated player: at score `s` they take the target time times 2^((s - s*) / d), with
    /// noise of up to 30% either way, and ask for no hints; the mill hands a level whose score
    /// is anywhere in the band.
    fn play_levels(
        scale: &AimScale,
        plays: &mut Vec<Play>,
        s_star: f64,
        d: f64,
        count: usize,
        rng: &mut crate::rng::GameRng,
    ) -> Vec<Band> {
        let mut bands = Vec::new();
        for _ in 0..count {
            let band = aim(scale, DEFAULT_TARGET_SECONDS, plays.iter()).band;
            bands.push(band);
            let score = rng.random_range(band.low..=band.high);
            let noise = rng.random_range(0.7..1.3);
            let seconds = DEFAULT_TARGET_SECONDS as f64 * ((score - s_star) / d).exp2() * noise;
            plays.push(Play {
                tier: Some(Tier::Medium),
                score: Some(score),
                seconds: seconds as f32,
                code: Some(format!("level {}", plays.len())),
                ..Play::default()
            });
        }
        bands.push(aim(scale, DEFAULT_TARGET_SECONDS, plays.iter()).band);
        bands
    }

    #[test]
    fn a_simulated_player_s_band_settles_within_ten_levels_and_follows_them_when_faster() {
        // Tilt-like and Lines-like scales; the player's own doubling differs from the mode's.
        for (scale, s_star, d, faster) in [
            (scale(3.0, (2.0, 20.0), 1.5, 6.0), 13.0, 2.5, 4.0),
            (
                scale(60.0, (150.0, 480.0), 20.0, 250.0),
                400.0,
                80.0,
                -120.0,
            ),
        ] {
            for seed in 0..20 {
                let mut rng = seeded(seed);
                let mut plays = Vec::new();
                let bands = play_levels(&scale, &mut plays, s_star, d, 10, &mut rng);
                let settled = bands.last().unwrap();
                assert!(
                    (settled.centre() - s_star).abs() <= scale.half_width,
                    "seed {seed}: {settled:?} around {s_star}"
                );
                // The player gets faster (or, on the second scale, slower): the band follows.
                let bands = play_levels(&scale, &mut plays, s_star + faster, d, 10, &mut rng);
                let followed = bands.last().unwrap();
                assert!(
                    (followed.centre() - (s_star + faster)).abs() <= scale.half_width,
                    "seed {seed}: {followed:?} around {}",
                    s_star + faster
                );
            }
        }
    }

    #[test]
    fn hints_and_give_ups_move_the_band_down_and_restarts_count_towards_the_next_try() {
        let s = scale(3.0, (2.0, 20.0), 1.5, 10.0);
        let at = |outcome, hints, seconds| Play {
            tier: Some(Tier::Hard),
            score: Some(10.0),
            outcome,
            hints,
            seconds,
            ..Play::default()
        };
        let centre = |plays: &[Play]| aim(&s, 180.0, plays).band.centre();
        assert_eq!(centre(&[at(Outcome::Solved, 0, 180.0)]), 10.0, "on target");
        assert_eq!(
            centre(&[at(Outcome::Solved, 0, 90.0)]),
            11.5,
            "quick: up half a doubling"
        );
        assert_eq!(
            centre(&[at(Outcome::Solved, 3, 90.0)]),
            8.5,
            "many hints: down"
        );
        assert_eq!(
            centre(&[at(Outcome::Left, 0, 300.0)]),
            8.5,
            "a give-up: down"
        );
        assert_eq!(
            centre(&[at(Outcome::Left, 0, 10.0)]),
            10.0,
            "a glance is no give-up"
        );
        assert_eq!(centre(&[at(Outcome::Restarted, 0, 300.0)]), 10.0);
        // A restart's time and hints go to the next try of the level: 90 s after 90 s is on
        // target, and four hints before a restart make a clean-looking solve a hinted one.
        let restarted = |outcome, hints, seconds| {
            [at(Outcome::Restarted, 0, 90.0), at(outcome, hints, seconds)]
        };
        assert_eq!(centre(&restarted(Outcome::Solved, 0, 90.0)), 10.0);
        let mut hinted = restarted(Outcome::Solved, 0, 20.0);
        hinted[0].hints = 4;
        assert_eq!(centre(&hinted), 8.5, "hints before the restart");
        assert_eq!(
            centre(&restarted(Outcome::Left, 0, 1.0)),
            8.5,
            "a give-up after a try and a restart is no glance"
        );
        let other = Play {
            code: Some("another level".into()),
            ..at(Outcome::Solved, 0, 90.0)
        };
        assert_eq!(
            centre(&[at(Outcome::Restarted, 0, 90.0), other]),
            11.5,
            "another level owes nothing to the restart"
        );
        let unscored = Play {
            score: None,
            ..at(Outcome::Solved, 0, 1.0)
        };
        assert_eq!(aim(&s, 180.0, &[unscored]).counted, 0);
        // Held within the range the mill makes.
        let quick: Vec<Play> = (0..20)
            .map(|i| Play {
                score: Some(18.0),
                code: Some(format!("level {i}")),
                ..at(Outcome::Solved, 0, 1.0)
            })
            .collect();
        assert_eq!(centre(&quick), 20.0);
    }

    #[test]
    fn a_level_solved_already_and_played_again_does_not_move_the_band() {
        let s = scale(3.0, (2.0, 20.0), 1.5, 10.0);
        let play = |code: &str, outcome, seconds| Play {
            tier: Some(Tier::Hard),
            score: Some(10.0),
            code: Some(code.into()),
            outcome,
            seconds,
            ..Play::default()
        };
        let first = [play("A", Outcome::Solved, 180.0)];
        let once = aim(&s, 180.0, &first);
        // "Play again": solved in 15 s, then left, then solved after a hint... all of level A.
        let again = [
            play("A", Outcome::Solved, 180.0),
            play("A", Outcome::Solved, 15.0),
            play("A", Outcome::Left, 300.0),
        ];
        assert_eq!(aim(&s, 180.0, &again), once);
        // A curated level (no code) is told apart by its pack, name and title.
        let curated = |name: &str, seconds| Play {
            code: None,
            pack: Some("tilt/pack.ron".into()),
            level: Some(name.into()),
            title: format!("Pack · {name}"),
            ..play("", Outcome::Solved, seconds)
        };
        let two = aim(&s, 180.0, &[curated("One", 180.0), curated("Two", 15.0)]);
        assert_eq!(two.counted, 2);
        let replayed = aim(&s, 180.0, &[curated("One", 180.0), curated("One", 15.0)]);
        assert_eq!(replayed.counted, 1);
        // Tries before the first solve still count: a give-up, then the solve.
        let tried = aim(
            &s,
            180.0,
            &[
                play("B", Outcome::Left, 300.0),
                play("B", Outcome::Solved, 180.0),
            ],
        );
        assert_eq!(tried.counted, 2);
    }

    #[test]
    fn the_explanation_names_the_band_and_the_recent_times() {
        let s = scale(3.0, (2.0, 20.0), 1.5, 10.0);
        let plays: Vec<Play> = [100.0, 250.0, 180.0]
            .into_iter()
            .map(|seconds| Play {
                tier: Some(Tier::Hard),
                score: Some(10.0),
                seconds,
                code: Some(format!("level {seconds}")),
                ..Play::default()
            })
            .collect();
        let a = aim(&s, 180.0, &plays);
        let line = a.explain();
        assert!(line.starts_with("Aiming at scores "), "{line}");
        assert!(line.contains("your last 3 took 1:40 to 4:10"), "{line}");
        assert!(Aim::rule(180.0).contains("about 3:00"));
        assert!(aim(&s, 180.0, &[]).explain().contains("first guess"));
        // Give-ups alone moved it: no longer the first guess.
        let left: Vec<Play> = (0..2)
            .map(|i| Play {
                outcome: Outcome::Left,
                seconds: 300.0,
                code: Some(format!("left {i}")),
                ..plays[0].clone()
            })
            .collect();
        let line = aim(&s, 180.0, &left).explain();
        assert!(
            line.ends_with("no solves yet; 2 levels left part-way moved it down"),
            "{line}"
        );
    }

    #[test]
    fn a_band_draws_from_the_tiers_it_overlaps() {
        let t = [5.0, 8.0, 11.0];
        let band = |low, high| Band { low, high };
        assert_eq!(tiers_for(band(2.0, 4.0), t), vec![Tier::Easy]);
        assert_eq!(tiers_for(band(7.0, 9.0), t), vec![Tier::Medium, Tier::Hard]);
        assert_eq!(tiers_for(band(14.0, 16.0), t), vec![Tier::Expert]);
        assert_eq!(
            tiers_for(band(8.0, 11.0), t),
            vec![Tier::Hard],
            "only touches expert"
        );
    }
}
