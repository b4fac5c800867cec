//! The CMake package and the pkg-config modules, used the way an engine would: installs
//! this `cargo test`'s libraries with `bindings/cmake/install.cmake` into a scratch prefix
//! under `target/`, configures and builds `bindings/cmake-example/` (a C and a C++
//! example, each linked against `perpixel::perpixel` and `perpixel::perpixel_static`)
//! with `find_package(perpixel CONFIG REQUIRED)`, runs all four, then builds the C
//! example again through `pkg-config` (shared and static) and runs those too. The C++
//! wrapper's part headers must be installed in `include/perpixel/`, each compiling alone.
//!
//! Without cmake or pkg-config a developer machine prints a notice and passes; with `CI`
//! set a missing tool fails (`.ci/run` installs `cmake` and `pkg-config` from Debian).

mod common;

use std::path::Path;
use std::process::Command;

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

fn tools_present(tools: &[&str]) -> bool {
    common::tools_present(
        tools,
        "the CMake/pkg-config package test",
        "apt-get install cmake pkg-config",
    )
}

/// Runs a command, printing it and its output; panics when it fails.
fn run(cmd: &mut Command) -> String {
    println!("$ {cmd:?}");
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{cmd:?} failed with {}", out.status);
    stdout
}

/// The NEEDED entries of an ELF executable (empty where readelf is unavailable).
fn needed_libraries(exe: &Path) -> Option<String> {
    let out = Command::new("readelf").arg("-d").arg(exe).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs one example: it must print its "example: ok" line. Static executables must not
/// need the shared library, so they run with nothing on the library path.
fn run_example(exe: &Path, static_link: bool) {
    let mut cmd = Command::new(exe);
    cmd.env_remove("LD_LIBRARY_PATH");
    let stdout = run(&mut cmd);
    assert!(
        stdout.contains(" example: ok"),
        "{} did not report its answers as right",
        exe.display()
    );
    if cfg!(target_os = "linux")
        && let Some(dynamic) = needed_libraries(exe)
    {
        assert_eq!(
            dynamic.contains("libperpixel"),
            !static_link,
            "{} should {}depend on libperpixel.so:\n{dynamic}",
            exe.display(),
            if static_link { "not " } else { "" }
        );
    }
}

/// Every part header of the C++ wrapper (`bindings/cpp/perpixel/*.hpp`) is installed
/// unchanged as `include/perpixel/<part>`, and compiles alone there (C++17, warnings as
/// errors) with nothing but the installed `include/` on the include path.
fn installed_cpp_parts_compile_alone(prefix: &Path, scratch: &Path) {
    let root = Path::new(MANIFEST_DIR);
    let parts = common::cpp_part_headers();
    for part in &parts {
        let installed = prefix.join("include/perpixel").join(part);
        let original = std::fs::read(root.join("bindings/cpp/perpixel").join(part)).unwrap();
        assert_eq!(
            std::fs::read(&installed).ok().as_ref(),
            Some(&original),
            "{} is missing or differs from bindings/cpp/perpixel/{part}",
            installed.display()
        );
        let tu = scratch.join(format!("part-{part}.cpp"));
        std::fs::write(&tu, format!("#include <perpixel/{part}>\n")).unwrap();
        run(Command::new("c++")
            .args(["-std=c++17", "-Wall", "-Wextra", "-Werror", "-c"])
            .arg("-I")
            .arg(prefix.join("include"))
            .arg(&tu)
            .arg("-o")
            .arg(tu.with_extension("o")));
    }
    println!(
        "{} C++ part headers installed in include/perpixel/, each compiling alone",
        parts.len()
    );
}

#[test]
fn cmake_package_and_pkg_config_build_and_run_the_examples() {
    if !tools_present(&["cmake", "pkg-config", "cc", "c++"]) {
        return;
    }
    let root = Path::new(MANIFEST_DIR);
    let scratch = common::scratch("cmake-package", "install");
    let prefix = scratch.join("prefix");
    let build = scratch.join("build");

    // Install.
    run(Command::new("cmake")
        .arg(format!(
            "-DPERPIXEL_LIB_DIR={}",
            common::cdylib_dir(true).display()
        ))
        .arg(format!("-DCMAKE_INSTALL_PREFIX={}", prefix.display()))
        .arg("-P")
        .arg(root.join("bindings/cmake/install.cmake")));
    for file in [
        "include/perpixel.h",
        "include/perpixel.hpp",
        "share/doc/perpixel/CHANGELOG.md",
        "lib/cmake/perpixel/perpixelConfig.cmake",
        "lib/cmake/perpixel/perpixelConfigVersion.cmake",
        "lib/pkgconfig/perpixel.pc",
        "lib/pkgconfig/perpixel-static.pc",
    ] {
        assert!(prefix.join(file).is_file(), "{file} was not installed");
    }
    installed_cpp_parts_compile_alone(&prefix, &scratch);
    let config =
        std::fs::read_to_string(prefix.join("lib/cmake/perpixel/perpixelConfig.cmake")).unwrap();
    if cfg!(target_os = "linux") {
        // What `cargo rustc --lib --crate-type staticlib -- --print native-static-libs`
        // reports on Linux; linking the static examples below proves it is enough.
        assert!(
            config.contains(r#"set(PERPIXEL_NATIVE_STATIC_LIBS "gcc_s;util;rt;pthread;m;dl;c")"#),
            "{config}"
        );
    }

    // Configure, build and run the consumer project.
    let configure = run(Command::new("cmake")
        .arg("-S")
        .arg(root.join("bindings/cmake-example"))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display())));
    assert!(
        configure.contains(&format!("perpixel {}", env!("CARGO_PKG_VERSION"))),
        "find_package did not report the version"
    );
    run(Command::new("cmake").arg("--build").arg(&build));
    for (name, static_link) in [
        ("example_c_shared", false),
        ("example_c_static", true),
        ("example_cpp_shared", false),
        ("example_cpp_static", true),
    ] {
        run_example(&build.join(name), static_link);
    }

    // The version file: 0.x minors are not compatible with each other.
    let probe = scratch.join("version-probe");
    std::fs::create_dir_all(&probe).unwrap();
    let (major, minor) = (
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR").parse::<u32>().unwrap(),
    );
    std::fs::write(
        probe.join("CMakeLists.txt"),
        format!(
            "cmake_minimum_required(VERSION 3.16)\n\
             project(probe LANGUAGES NONE)\n\
             find_package(perpixel {major}.{minor} CONFIG QUIET)\n\
             message(STATUS \"same minor found: ${{perpixel_FOUND}}\")\n\
             unset(perpixel_DIR CACHE)\n\
             find_package(perpixel {major}.{} CONFIG QUIET)\n\
             message(STATUS \"next minor found: ${{perpixel_FOUND}}\")\n",
            minor + 1
        ),
    )
    .unwrap();
    let probed = run(Command::new("cmake")
        .arg("-S")
        .arg(&probe)
        .arg("-B")
        .arg(probe.join("build"))
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.display())));
    assert!(probed.contains("same minor found: 1"), "{probed}");
    assert!(probed.contains("next minor found: 0"), "{probed}");

    // pkg-config, shared and static.
    let pc_path = prefix.join("lib/pkgconfig");
    let pkg = |args: &[&str]| -> Vec<String> {
        run(Command::new("pkg-config")
            .args(args)
            .env("PKG_CONFIG_PATH", &pc_path))
        .split_whitespace()
        .map(str::to_owned)
        .collect()
    };
    assert_eq!(
        pkg(&["--modversion", "perpixel"]),
        [env!("CARGO_PKG_VERSION")]
    );
    for (module, static_link) in [("perpixel", false), ("perpixel-static", true)] {
        let exe = scratch.join(format!("pkg-config-{module}"));
        let flags = pkg(&["--cflags", "--libs", module]);
        let mut cc = Command::new("cc");
        cc.args(["-std=c99", "-Wall", "-Wextra", "-Werror"])
            .arg(root.join("bindings/cmake-example/main.c"))
            .arg("-o")
            .arg(&exe)
            .args(&flags);
        if !static_link {
            cc.arg(format!("-Wl,-rpath,{}", prefix.join("lib").display()));
        }
        run(&mut cc);
        run_example(&exe, static_link);
    }
}
