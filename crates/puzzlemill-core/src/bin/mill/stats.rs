//! Summary figures shared by the benchmarks.

/// The value at fraction `p` (0 to 1) of the sorted values; NaN for none.
pub fn percentile(values: &[f64], p: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(((v.len().max(1) - 1) as f64 * p).round() as usize)
        .copied()
        .unwrap_or(f64::NAN)
}
