//! How numbers read on screen: clock times and rating scores.

/// Seconds as the HUD shows them: `0:42.3`, `12:05.0`.
pub fn clock(seconds: f32) -> String {
    let tenths = (seconds.max(0.0) * 10.0).floor() as u64;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// A rating score as the waiting screen shows it: whole scores (Lines) without a decimal, the
/// others to one decimal.
pub fn score_text(score: f64) -> String {
    if score.fract() == 0.0 {
        format!("{score:.0}")
    } else {
        format!("{score:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_shows_minutes_seconds_and_tenths() {
        assert_eq!(clock(0.0), "0:00.0");
        assert_eq!(clock(42.36), "0:42.3");
        assert_eq!(clock(725.0), "12:05.0");
    }

    #[test]
    fn whole_scores_show_no_decimal() {
        assert_eq!(score_text(424.0), "424");
        assert_eq!(score_text(-3.0), "-3");
        assert_eq!(score_text(12.25), "12.2");
    }
}
