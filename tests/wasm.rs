//! The C ABI built for `wasm32-unknown-unknown`, run under Node: the conformance corpus
//! (`tests/corpus/corpus.txt`) replayed through the raw wasm exports by
//! `tests/wasm/corpus_replay.mjs`, which must reproduce every answer bit for bit, floats
//! included, as the native doors do.
//!
//! It runs only when `PERPIXEL_WASM` names the `.wasm` file of such a build (`.ci/run`
//! builds it and sets it); otherwise the test is listed as ignored with that reason
//! (build.rs sets `cfg(perpixel_wasm)` from the variable), so a plain `cargo test` says
//! the wasm32 replay did not happen. With the variable set, a missing Node fails:
//!
//! ```sh
//! rustup target add wasm32-unknown-unknown
//! cargo build --release --lib --target wasm32-unknown-unknown
//! PERPIXEL_WASM=target/wasm32-unknown-unknown/release/perpixel.wasm cargo test --test wasm -- --nocapture
//! ```

mod common;

use std::path::Path;
use std::process::Command;

#[test]
#[cfg_attr(
    not(perpixel_wasm),
    ignore = "set PERPIXEL_WASM to a wasm32-unknown-unknown build of the library (cargo build \
              --release --lib --target wasm32-unknown-unknown) to replay the corpus on wasm32 \
              under Node"
)]
fn wasm32_replays_the_conformance_corpus() {
    let wasm = std::env::var_os("PERPIXEL_WASM").expect("PERPIXEL_WASM names the .wasm file");
    let wasm = std::fs::canonicalize(&wasm)
        .unwrap_or_else(|e| panic!("PERPIXEL_WASM={}: {e}", Path::new(&wasm).display()));
    assert!(
        common::tools_present(
            &["node"],
            "the wasm32 corpus replay",
            "apt-get install nodejs"
        ),
        "PERPIXEL_WASM is set but node is missing"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("node")
        .arg(root.join("tests/wasm/corpus_replay.mjs"))
        .arg(&wasm)
        .arg(root.join("include/perpixel.h"))
        .arg(root.join("tests/corpus/corpus.txt"))
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    let last = stdout.lines().last().unwrap_or("");
    assert!(
        out.status.success() && last.ends_with(" 0 failed"),
        "the wasm32 corpus replay failed (exit {:?}); last line: {last}",
        out.status.code()
    );
}
