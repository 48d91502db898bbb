//! What the benchmarks share (`mill bench`, each mode's `bench.rs`): summary figures, and reading
//! a benchmark's options.

/// The value at fraction `p` (0 to 1) of the sorted values; NaN for none.
pub fn percentile(values: &[f64], p: f64) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v.get(((v.len().max(1) - 1) as f64 * p).round() as usize)
        .copied()
        .unwrap_or(f64::NAN)
}

/// A benchmark's options read from `args` (what follows `mill bench MODE`), or `None` when they
/// asked for its help, which is printed.
pub fn options<T: clap::Parser>(command: &str, args: &[String]) -> Result<Option<T>, String> {
    let words = std::iter::once(command.to_string()).chain(args.iter().cloned());
    match T::try_parse_from(words) {
        Ok(options) => Ok(Some(options)),
        Err(e) if !e.use_stderr() => {
            print!("{e}");
            Ok(None)
        }
        Err(e) => Err(e.to_string()),
    }
}
