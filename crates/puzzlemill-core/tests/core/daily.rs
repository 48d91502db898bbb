//! The daily puzzles keep their meaning: the codes of a few dates are pinned here, and each of
//! them mills a level (the game shows it to every player that day).

use puzzlemill_core::ModeId;
use puzzlemill_core::mill::regenerate_any;
use puzzlemill_core::play_data::Day;
use puzzlemill_core::play_data::daily::daily_code;

/// Dates and the daily code of every mode on them, in menu order.
const PINNED: [(&str, [&str; 6]); 3] = [
    (
        "2026-11-24",
        [
            "TM2.1-NJKHH54X-VS",
            "LM2.3-M22A5P7V-1T",
            "SM2.1-3P85HPHM-WW",
            "RM2.1-1SWMQEEM-PC",
            "CM2.1-39MZJVX7-NG",
            "VM2.2-8EHPYBT0-VC",
        ],
    ),
    (
        "2027-01-01",
        [
            "TM2.1-1RFFKSK2-XA",
            "LM2.3-J374W0J5-77",
            "SM2.1-RNJA496S-02",
            "RM2.1-WKTDBP57-YA",
            "CM2.1-5ZX9DBVY-K2",
            "VM2.2-XTY1TTAG-M6",
        ],
    ),
    (
        "2028-02-29",
        [
            "TM2.1-96BB72HZ-1S",
            "LM2.3-RK92QF51-61",
            "SM2.1-0YSEMMZD-KF",
            "RM2.1-MADG4PKJ-WC",
            "CM2.1-FAYZSZJA-GP",
            "VM2.2-6JWYS04V-RT",
        ],
    ),
];

#[test]
fn the_daily_codes_of_pinned_dates_never_change_and_each_mills_a_level() {
    for (date, codes) in PINNED {
        let day = Day::parse(date).unwrap();
        let got: Vec<String> = ModeId::ALL
            .iter()
            .map(|&m| daily_code(m, day).to_string())
            .collect();
        assert_eq!(got, codes, "{date}");
        for &mode in ModeId::ALL {
            let code = daily_code(mode, day);
            regenerate_any(code).unwrap_or_else(|e| panic!("{date} {code}: {e}"));
        }
    }
}
