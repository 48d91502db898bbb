//! The daily puzzle: one level per mode per UTC day, its code derived from the date alone, so
//! every player, on desktop or in the browser, gets the same one. The seed is SplitMix64 of the
//! day number and the mode's place in the table, cut to the code's 40 bits; the tier is Medium.
//! A golden test pins the codes of a few dates, and those codes, like every code, keep meaning
//! the same level.
//!
//! Dates are days since 1970-01-01 (UTC), converted to and from the calendar with Howard
//! Hinnant's `days_from_civil` / `civil_from_days` (proleptic Gregorian calendar).

use crate::code::{LevelCode, SEED_BITS};
use crate::mode::ModeId;
use crate::tier::Tier;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// The tier of every daily puzzle.
pub const DAILY_TIER: Tier = Tier::Medium;

/// A calendar day (UTC), as days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Day(pub i64);

impl Day {
    /// The day that holds `seconds` since 1970-01-01 UTC.
    pub fn from_unix(seconds: u64) -> Day {
        Day((seconds / 86_400) as i64)
    }

    /// The day of a calendar date (month and day from 1).
    pub fn from_date(year: i64, month: u32, day: u32) -> Day {
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Day(era * 146_097 + doe - 719_468)
    }

    /// The calendar date: year, month and day (from 1).
    pub fn date(self) -> (i64, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        (year, month, day)
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.trim().splitn(3, '-');
        let year: i64 = parts.next()?.parse().ok()?;
        let month: u32 = parts.next()?.parse().ok()?;
        let day: u32 = parts.next()?.parse().ok()?;
        let found = Day::from_date(year, month, day);
        (found.date() == (year, month, day)).then_some(found)
    }

    /// The day before.
    pub fn previous(self) -> Day {
        Day(self.0 - 1)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.date();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

/// SplitMix64's output for `x`.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The code of `mode`'s daily puzzle on `day`.
pub fn daily_code(mode: ModeId, day: Day) -> LevelCode {
    let place = ModeId::ALL.iter().position(|&m| m == mode).unwrap_or(0) as u64;
    let seed =
        splitmix((day.0 as u64).wrapping_mul(64).wrapping_add(place)) & ((1 << SEED_BITS) - 1);
    LevelCode::new(mode, DAILY_TIER, 0, seed)
}

/// The day whose puzzle of its mode `code` is, among the days from `first` to `last`, if any.
pub fn daily_day(code: &LevelCode, first: Day, last: Day) -> Option<Day> {
    (first.0..=last.0)
        .rev()
        .map(Day)
        .find(|&d| daily_code(code.mode, d) == *code)
}

/// The day whose daily puzzle `code` is, among the days from 2026 to 2100 (a code opened from
/// the history or the code box is named as that day's daily, however long after).
pub fn day_of_daily(code: &LevelCode) -> Option<Day> {
    if code.tier != DAILY_TIER || code.params != 0 {
        return None;
    }
    daily_day(
        code,
        Day::from_date(2026, 1, 1),
        Day::from_date(2100, 12, 31),
    )
}

/// Days in a row with a daily solved, ending today, or yesterday when today's is still to do.
pub fn streak(solved: &BTreeSet<Day>, today: Day) -> u32 {
    let mut day = if solved.contains(&today) {
        today
    } else {
        today.previous()
    };
    let mut count = 0;
    while solved.contains(&day) {
        count += 1;
        day = day.previous();
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_convert_both_ways() {
        assert_eq!(Day::from_date(1970, 1, 1), Day(0));
        assert_eq!(Day::from_date(2000, 3, 1).date(), (2000, 3, 1));
        assert_eq!(Day::from_date(2026, 11, 24).to_string(), "2026-11-24");
        assert_eq!(Day::from_unix(1_796_083_200).to_string(), "2026-12-01");
        for d in -1_000..100_000 {
            let (y, m, day) = Day(d).date();
            assert_eq!(Day::from_date(y, m, day), Day(d));
        }
        assert_eq!(Day::parse("2024-02-29"), Some(Day::from_date(2024, 2, 29)));
        assert_eq!(Day::parse("2023-02-29"), None, "no such day");
        assert_eq!(Day::parse("yesterday"), None);
    }

    #[test]
    fn each_mode_has_its_own_daily_code_and_it_changes_each_day() {
        let day = Day::from_date(2026, 11, 24);
        let codes: BTreeSet<String> = ModeId::ALL
            .iter()
            .map(|&m| daily_code(m, day).to_string())
            .collect();
        assert_eq!(codes.len(), ModeId::ALL.len());
        for &mode in ModeId::ALL {
            assert_ne!(daily_code(mode, day), daily_code(mode, day.previous()));
            assert_eq!(daily_code(mode, day).tier, DAILY_TIER);
            let code = daily_code(mode, day);
            assert_eq!(daily_day(&code, Day(day.0 - 30), day), Some(day));
            assert_eq!(day_of_daily(&code), Some(day));
            let other = LevelCode::new(mode, DAILY_TIER, 0, code.seed ^ 1);
            assert_eq!(day_of_daily(&other), None, "a Medium code of another seed");
            let harder = LevelCode::new(mode, Tier::Hard, 0, code.seed);
            assert_eq!(day_of_daily(&harder), None, "the same seed at another tier");
        }
    }

    #[test]
    fn a_streak_counts_days_in_a_row_up_to_today_or_yesterday() {
        let today = Day(20_000);
        let days = |list: &[i64]| list.iter().map(|&d| Day(d)).collect::<BTreeSet<_>>();
        assert_eq!(streak(&days(&[]), today), 0);
        assert_eq!(streak(&days(&[20_000, 19_999, 19_998, 19_996]), today), 3);
        assert_eq!(
            streak(&days(&[19_999, 19_998]), today),
            2,
            "today still to do"
        );
        assert_eq!(streak(&days(&[19_998]), today), 0, "a day missed");
    }
}
