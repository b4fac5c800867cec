//! Running proptest properties under a test binary's own `main` (harness = false), so
//! the output says how many cases ran: [`cases`] reads `PERPIXEL_PROPTEST_CASES`, [`run`]
//! runs one property and prints `ok` or `FAIL` with the minimal failing input.

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};

/// Cases per property: `PERPIXEL_PROPTEST_CASES` when set, else `default`.
pub fn cases(default: u32) -> u32 {
    std::env::var("PERPIXEL_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `test` on `cases` values of `strategy`, prints the outcome, returns whether it
/// passed.
pub fn run<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    test: impl Fn(&S::Value) -> Result<(), TestCaseError>,
) -> bool
where
    S::Value: std::fmt::Debug,
{
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    match runner.run(&strategy, |v| test(&v)) {
        Ok(()) => {
            println!("ok   {name}: {cases} random cases");
            true
        }
        Err(TestError::Fail(why, input)) => {
            println!("FAIL {name}: {why}\n     minimal failing input: {input:#?}");
            false
        }
        Err(TestError::Abort(why)) => {
            println!("FAIL {name}: aborted: {why}");
            false
        }
    }
}

/// A random mask drawn from a seed (so proptest shrinks and prints four numbers, not the
/// pixels): `density` in 1/256ths of its pixels are solid (0 and 256 give empty and full).
#[derive(Debug, Clone)]
#[allow(dead_code)] // each property binary uses what it needs
pub struct MaskSpec {
    pub width: u32,
    pub height: u32,
    pub density: u32,
    pub seed: u64,
}

#[allow(dead_code)]
impl MaskSpec {
    pub fn build(&self) -> perpixel::Mask {
        let mut rng = super::Rng::new(self.seed);
        let d = self.density as u64;
        perpixel::Mask::from_fn(self.width, self.height, |_, _| rng.below(256) < d).unwrap()
    }
}

/// Masks of the sides `width` and `height` give, at densities from `density`.
#[allow(dead_code)]
pub fn mask_spec(
    width: impl Strategy<Value = u32>,
    height: impl Strategy<Value = u32>,
    density: impl Strategy<Value = u32>,
) -> impl Strategy<Value = MaskSpec> {
    (width, height, density, proptest::arbitrary::any::<u64>()).prop_map(
        |(width, height, density, seed)| MaskSpec {
            width,
            height,
            density,
            seed,
        },
    )
}

/// Ends a property binary: names the kernel paths this CPU lacks (their properties did
/// not run), prints how many cases ran and how many properties passed, and exits with
/// status 1 when one failed.
#[allow(dead_code)]
pub fn summary(name: &str, results: &[bool], cases_run: u64) {
    use perpixel::kernels::{self, Path};
    let paths = kernels::available_paths();
    let skipped: Vec<&str> = Path::ALL
        .iter()
        .filter(|p| !paths.contains(p))
        .map(|p| p.name())
        .collect();
    if !skipped.is_empty() {
        println!(
            "{name}: paths this CPU lacks (not run): {}",
            skipped.join(", ")
        );
    }
    let failed = results.iter().filter(|ok| !**ok).count();
    println!(
        "{name}: {} property cases run, {} passed, {} failed",
        cases_run,
        results.len() - failed,
        failed
    );
    if failed > 0 {
        std::process::exit(1);
    }
}
