//! How numbers read on screen: clock times and rating scores, and a detail line's parts kept whole.

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

/// The longest part of a detail line kept on one line ("12 moves (par 12)", "restarted twice").
const WHOLE_PART: usize = 24;

/// A detail line of parts joined by " · " ("0:35 · 12 moves · score 424"), with each short
/// part's spaces made non-breaking, so that the line wraps between parts and never between a
/// word and its number ("score" at a line's end, "424" on the next). Longer parts (a sentence)
/// wrap as before.
pub fn parts_kept_whole(detail: &str) -> String {
    kept_whole(detail, " · ", WHOLE_PART)
}

/// `line`'s parts (split at `sep`) with the spaces of each part of at most `longest` characters
/// made non-breaking, so the line wraps between them (a keys line's "Esc back" never ends "Esc"
/// with "back" under it).
pub fn kept_whole(line: &str, sep: &str, longest: usize) -> String {
    line.split(sep)
        .map(|part| {
            if part.chars().count() <= longest {
                part.replace(' ', "\u{a0}")
            } else {
                part.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(sep)
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

    #[test]
    fn a_detail_breaks_only_between_its_short_parts() {
        assert_eq!(
            parts_kept_whole("11-24 14:05 · Solved · 4 moves (par 4) · score -1"),
            "11-24\u{a0}14:05 · Solved · 4\u{a0}moves\u{a0}(par\u{a0}4) · score\u{a0}-1"
        );
        let sentence = "Boxes slide until they hit a wall, a rock or another box";
        assert_eq!(parts_kept_whole(sentence), sentence);
    }
}
