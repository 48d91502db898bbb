//! What a mode's plays add up to, for the stats screen: per tier, how the player did against the
//! rater's tier (played, solved, left, restarted, median solve time, hints and undos per play);
//! solves per day; and Spearman's rank correlation between the rated score and the solve time
//! (ties share their mean rank), which says whether the rater orders levels as the player finds
//! them.

use super::daily::Day;
use super::history::{Outcome, Play};
use crate::tier::Tier;

/// How the plays of one tier went.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TierRow {
    /// The rater's tier.
    pub tier: Tier,
    /// Plays.
    pub played: u32,
    /// Plays solved.
    pub solved: u32,
    /// Plays left unsolved.
    pub left: u32,
    /// Plays restarted at least once (in older histories, restarts kept as tries of their own).
    pub restarted: u32,
    /// The median time of the solves, in seconds.
    pub median_seconds: Option<f32>,
    /// Hints per play.
    pub hints: f32,
    /// Undos per play.
    pub undos: f32,
}

/// A row per tier with plays, easiest first.
pub fn tier_table<'a>(plays: impl IntoIterator<Item = &'a Play>) -> Vec<TierRow> {
    let mut rows: Vec<TierRow> = Tier::ALL
        .iter()
        .map(|&tier| TierRow {
            tier,
            ..TierRow::default()
        })
        .collect();
    let mut times: Vec<Vec<f32>> = vec![Vec::new(); Tier::ALL.len()];
    for p in plays {
        let Some(tier) = p.tier else { continue };
        let row = &mut rows[tier as usize];
        row.played += 1;
        row.hints += p.hints as f32;
        row.undos += p.undos as f32;
        match p.outcome {
            Outcome::Solved => {
                row.solved += 1;
                times[tier as usize].push(p.seconds);
            }
            Outcome::Left => row.left += 1,
            Outcome::Restarted => {}
        }
        if p.restarted() {
            row.restarted += 1;
        }
    }
    for (row, times) in rows.iter_mut().zip(&mut times) {
        if row.played > 0 {
            row.hints /= row.played as f32;
            row.undos /= row.played as f32;
        }
        row.median_seconds = median(times);
    }
    rows.retain(|r| r.played > 0);
    rows
}

/// The median of `values` (the mean of the middle two for an even count).
pub fn median(values: &mut [f32]) -> Option<f32> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f32::total_cmp);
    let n = values.len();
    Some(if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    })
}

/// Solves on each of the `days` days up to `today`, oldest first.
pub fn solved_per_day<'a>(
    plays: impl IntoIterator<Item = &'a Play>,
    today: Day,
    days: u32,
) -> Vec<(Day, u32)> {
    let first = today.0 - i64::from(days) + 1;
    let mut counts = vec![0u32; days as usize];
    for p in plays {
        let d = Day::from_unix(p.when).0;
        if p.outcome == Outcome::Solved && (first..=today.0).contains(&d) {
            counts[(d - first) as usize] += 1;
        }
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, c)| (Day(first + i as i64), c))
        .collect()
}

/// Ranks from 1, ties sharing their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut out = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = mean;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation of the pairs, from -1 to 1; `None` with fewer than three pairs or
/// when one side is all ties.
pub fn spearman(pairs: &[(f64, f64)]) -> Option<f64> {
    if pairs.len() < 3 {
        return None;
    }
    let xs = ranks(&pairs.iter().map(|p| p.0).collect::<Vec<_>>());
    let ys = ranks(&pairs.iter().map(|p| p.1).collect::<Vec<_>>());
    let n = xs.len() as f64;
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in xs.iter().zip(&ys) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

/// (rated score, seconds) of each solved play that has a score.
pub fn score_and_time<'a>(plays: impl IntoIterator<Item = &'a Play>) -> Vec<(f64, f64)> {
    plays
        .into_iter()
        .filter(|p| p.outcome == Outcome::Solved)
        .filter_map(|p| p.score.map(|s| (s, f64::from(p.seconds))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(tier: Tier, seconds: f32, hints: u32) -> Play {
        Play {
            tier: Some(tier),
            seconds,
            hints,
            ..Play::default()
        }
    }

    #[test]
    fn the_tier_table_counts_outcomes_and_takes_the_median_solve() {
        let mut plays = vec![
            solved(Tier::Easy, 30.0, 0),
            solved(Tier::Easy, 50.0, 2),
            solved(Tier::Easy, 40.0, 1),
            solved(Tier::Hard, 200.0, 0),
        ];
        plays.push(Play {
            outcome: Outcome::Left,
            ..solved(Tier::Hard, 500.0, 3)
        });
        // A solve after two restarts, and a restart kept as a try of its own by an older build.
        plays.push(Play {
            restarts: 2,
            ..solved(Tier::Hard, 260.0, 0)
        });
        plays.push(Play {
            outcome: Outcome::Restarted,
            ..solved(Tier::Hard, 90.0, 0)
        });
        let rows = tier_table(&plays);
        assert_eq!(rows.len(), 2, "tiers without plays are left out");
        assert_eq!(
            (rows[0].tier, rows[0].played, rows[0].solved),
            (Tier::Easy, 3, 3)
        );
        assert_eq!(rows[0].median_seconds, Some(40.0));
        assert_eq!(rows[0].hints, 1.0);
        assert_eq!(
            (
                rows[1].played,
                rows[1].solved,
                rows[1].left,
                rows[1].restarted
            ),
            (4, 2, 1, 2)
        );
        assert_eq!(rows[1].median_seconds, Some(230.0), "only solves are timed");
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn spearman_is_one_for_any_rising_relation_and_handles_ties() {
        let rising: Vec<(f64, f64)> = (1..10).map(|i| (f64::from(i), f64::from(i * i))).collect();
        assert!((spearman(&rising).unwrap() - 1.0).abs() < 1e-12);
        let falling: Vec<(f64, f64)> = rising.iter().map(|&(x, y)| (x, -y)).collect();
        assert!((spearman(&falling).unwrap() + 1.0).abs() < 1e-12);
        // Worked by hand: ranks x 1,2.5,2.5,4 and y 1,3,2,4 give 4.5 / sqrt(4.5 * 5).
        let tied = [(1.0, 10.0), (2.0, 30.0), (2.0, 20.0), (3.0, 40.0)];
        assert!((spearman(&tied).unwrap() - 4.5 / (4.5f64 * 5.0).sqrt()).abs() < 1e-12);
        assert_eq!(spearman(&[(1.0, 1.0), (2.0, 2.0)]), None);
        assert_eq!(spearman(&[(1.0, 1.0), (1.0, 2.0), (1.0, 3.0)]), None);
    }

    #[test]
    fn solves_are_counted_per_day() {
        let today = Day(20_000);
        let at = |day: i64, outcome| Play {
            when: day as u64 * 86_400 + 100,
            outcome,
            ..Play::default()
        };
        let plays = [
            at(20_000, Outcome::Solved),
            at(20_000, Outcome::Solved),
            at(19_998, Outcome::Solved),
            at(19_998, Outcome::Left),
            at(19_000, Outcome::Solved),
        ];
        let days = solved_per_day(&plays, today, 3);
        assert_eq!(
            days,
            vec![(Day(19_998), 1), (Day(19_999), 0), (Day(20_000), 2)]
        );
    }
}
