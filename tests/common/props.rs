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
