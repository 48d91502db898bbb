//! The real game binary started where it cannot run: it prints one paragraph saying what is
//! missing and how to get it, and exits with status 2; no panic message, no backtrace. Without a
//! display (no DISPLAY, no WAYLAND_DISPLAY) always; without a GPU driver (under Xvfb with Vulkan's
//! driver list pointing at nothing) where Xvfb is installed. `.ci/run` installs it and sets
//! PUZZLEMILL_REQUIRE_XVFB=1, so there the second case cannot be skipped.

use std::process::{Command, Output};
use std::time::Duration;

fn game() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlemill"));
    let data = std::env::temp_dir().join(format!("puzzlemill-start-{}", std::process::id()));
    command
        .arg("--data-dir")
        .arg(&data)
        .env("RUST_BACKTRACE", "1")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .env_remove("DISPLAY");
    command
}

/// Checks the game failed to start the way a player should see it.
fn assert_explained(output: &Output, expected: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "exit status; stderr:\n{stderr}"
    );
    // The paragraph is wrapped for the terminal: words may break across lines.
    let words = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    for needed in expected {
        assert!(words.contains(needed), "missing {needed:?} in:\n{stderr}");
    }
    for never in ["panicked", "stack backtrace", "RUST_BACKTRACE"] {
        assert!(!stderr.contains(never), "{never:?} in:\n{stderr}");
    }
}

#[test]
fn without_a_display_the_game_says_so_and_exits() {
    let output = game().output().expect("the game binary runs");
    assert_explained(
        &output,
        &["Puzzlemill could not start", "no display", "xvfb-run"],
    );
}

#[test]
fn without_a_gpu_driver_the_game_names_the_package_and_exits() {
    let Some(xvfb) = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join("Xvfb"))
            .find(|p| p.is_file())
    }) else {
        assert!(
            std::env::var("PUZZLEMILL_REQUIRE_XVFB").is_err(),
            "PUZZLEMILL_REQUIRE_XVFB is set but Xvfb is not installed"
        );
        eprintln!("skipped: no Xvfb to open a display on (apt-get install xvfb)");
        return;
    };
    let display = format!(":{}", 90 + std::process::id() % 500);
    let mut server = Command::new(xvfb)
        .args([
            display.as_str(),
            "-screen",
            "0",
            "640x480x24",
            "-nolisten",
            "tcp",
        ])
        .spawn()
        .expect("Xvfb starts");
    std::thread::sleep(Duration::from_millis(800));
    let output = game()
        .env("DISPLAY", &display)
        .env("VK_ICD_FILENAMES", "/nonexistent/icd.json")
        .env("VK_DRIVER_FILES", "/nonexistent/icd.json")
        .output()
        .expect("the game binary runs");
    let _ = server.kill();
    let _ = server.wait();
    assert_explained(
        &output,
        &[
            "no graphics adapter",
            "apt-get install mesa-vulkan-drivers",
            "dnf install mesa-vulkan-drivers",
            "pacman -S vulkan-swrast",
        ],
    );
}
