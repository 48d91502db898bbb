//! What the game says when it cannot start: no graphics adapter, no display, or a window that
//! cannot be created. The engine reports these by panicking while the app is built; a panic hook
//! recognises them, prints one paragraph saying what is missing and how to get it, and exits
//! with [`EXIT_CODE`] instead of a panic message and a backtrace. Any other panic goes on to the
//! usual hook. (No audio device is not fatal: the game warns once and runs silent.)
//!
//! Before that, [`render_settings`] lets the game start where wgpu alone would find no adapter:
//! on a software renderer whose driver does not claim Vulkan conformance.

use bevy::render::settings::{InstanceFlags, WgpuSettings};

/// The exit status of a start that failed for one of these reasons.
pub const EXIT_CODE: i32 = 2;

/// The renderer's settings: Bevy's own, plus the adapters whose driver does not claim Vulkan
/// conformance, which wgpu hides unless asked. Mesa's software renderer in Mesa 22.0 (what
/// Ubuntu 22.04 installs before its updates) is one: hidden, the game could not start there;
/// shown, it draws the game as a conformant one does (seen in a bare Ubuntu 22.04 chroot). A
/// machine with a GPU still gets its GPU: wgpu ranks a CPU adapter last.
pub fn render_settings() -> WgpuSettings {
    let mut settings = WgpuSettings::default();
    settings.instance_flags |= InstanceFlags::ALLOW_UNDERLYING_NONCOMPLIANT_ADAPTER;
    settings
}

/// Why the game could not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartFailure {
    /// No graphics adapter (no Vulkan driver, or no GPU and no software renderer).
    NoGraphics,
    /// No display server to open a window on.
    NoDisplay,
    /// The display server refused the window or its surface.
    NoWindow,
}

/// The failure a panic's message and source file stand for, if it is one of these.
pub fn diagnose(message: &str, file: &str) -> Option<StartFailure> {
    if message.contains("Unable to find a GPU") {
        Some(StartFailure::NoGraphics)
    } else if message.contains("Failed to build event loop") {
        let no_server = ["DISPLAY", "XOpenDisplay", "XNotSupported", "NoCompositor"]
            .iter()
            .any(|sign| message.contains(sign));
        Some(if no_server {
            StartFailure::NoDisplay
        } else {
            StartFailure::NoWindow
        })
    } else if message.contains("Failed to create wgpu surface")
        || (file.contains("bevy_winit") && file.ends_with("winit_windows.rs"))
    {
        Some(StartFailure::NoWindow)
    } else {
        None
    }
}

const SOFTWARE_RENDERER: &str = "Mesa's Vulkan drivers include a software renderer that works \
on any machine (slowly): on Debian or Ubuntu `sudo apt-get install mesa-vulkan-drivers`, on \
Fedora `sudo dnf install mesa-vulkan-drivers vulkan-loader`, on Arch `sudo pacman -S \
vulkan-swrast vulkan-icd-loader` (with a GPU, its own Vulkan driver is faster: vulkan-intel, \
vulkan-radeon or the NVIDIA driver). `scripts/system-deps` installs what Debian, Ubuntu, Fedora \
and Arch need.";

const FORCE_X11: &str = "On a Wayland desktop, X11 (through XWayland) can be forced by starting \
the game with WAYLAND_DISPLAY empty: `WAYLAND_DISPLAY= scripts/play`.";

/// The paragraph printed for `failure`; `detail` is the engine's own message.
pub fn explain(failure: StartFailure, detail: &str) -> String {
    let detail = detail.lines().next().unwrap_or_default();
    match failure {
        StartFailure::NoGraphics => format!(
            "Puzzlemill could not start: no graphics adapter was found. The game draws with \
             Vulkan, and this machine has no Vulkan driver for its GPU (or no GPU and no \
             software renderer). {SOFTWARE_RENDERER} {FORCE_X11}"
        ),
        StartFailure::NoDisplay => "Puzzlemill could not start: there is no display to open its \
             window on (neither WAYLAND_DISPLAY nor DISPLAY names a running display server). \
             Start it from a desktop session, or without a screen under a virtual one: \
             `xvfb-run -a scripts/play` (Debian's xvfb package)."
            .to_string(),
        StartFailure::NoWindow => format!(
            "Puzzlemill could not start: the display server refused its window. {FORCE_X11} \
             Where the X11 libraries are missing, `scripts/system-deps` installs them. The \
             engine said: {detail}"
        ),
    }
}

/// `text` broken into lines of at most `width` characters between words.
pub fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

/// Installs the panic hook that turns these failures into [`explain`]'s paragraph and
/// [`EXIT_CODE`]. Call it once, before the app is built.
#[cfg(not(target_arch = "wasm32"))]
pub fn install_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let file = info.location().map_or("", |l| l.file());
        match diagnose(&message, file) {
            Some(failure) => {
                eprintln!("\n{}\n", wrap(&explain(failure, &message), 96));
                std::process::exit(EXIT_CODE);
            }
            None => previous(info),
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_messages_are_recognised() {
        let gpu = "Unable to find a GPU! Make sure you have installed required drivers! For \
                   extra information, see: https://github.com/bevyengine/bevy";
        assert_eq!(
            diagnose(gpu, "bevy_render/src/renderer/mod.rs"),
            Some(StartFailure::NoGraphics)
        );
        let no_display = "Failed to build event loop: Os(OsError { line: 763, file: \"src/\", \
                          error: Misc(\"neither WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY \
                          is set.\") })";
        assert_eq!(
            diagnose(no_display, "bevy_winit/src/lib.rs"),
            Some(StartFailure::NoDisplay)
        );
        let refused = "called `Result::unwrap()` on an `Err` value: Os(OsError { .. })";
        assert_eq!(
            diagnose(refused, "/r/bevy_winit-0.19.1/src/winit_windows.rs"),
            Some(StartFailure::NoWindow)
        );
        assert_eq!(diagnose("index out of bounds", "src/play/layer.rs"), None);
    }

    #[test]
    fn the_renderer_also_takes_a_software_renderer_without_conformance() {
        let settings = render_settings();
        assert!(
            settings
                .instance_flags
                .contains(InstanceFlags::ALLOW_UNDERLYING_NONCOMPLIANT_ADAPTER)
        );
        let bevy = WgpuSettings::default();
        assert_eq!(
            settings.instance_flags - InstanceFlags::ALLOW_UNDERLYING_NONCOMPLIANT_ADAPTER,
            bevy.instance_flags - InstanceFlags::ALLOW_UNDERLYING_NONCOMPLIANT_ADAPTER
        );
        assert_eq!(settings.power_preference, bevy.power_preference);
    }

    #[test]
    fn the_gpu_paragraph_names_the_packages_and_the_x11_switch() {
        let text = explain(StartFailure::NoGraphics, "Unable to find a GPU!");
        for needed in [
            "apt-get install mesa-vulkan-drivers",
            "dnf install mesa-vulkan-drivers",
            "pacman -S vulkan-swrast",
            "WAYLAND_DISPLAY=",
        ] {
            assert!(text.contains(needed), "missing {needed:?} in: {text}");
        }
        let window = explain(StartFailure::NoWindow, "first line\nsecond line");
        assert!(window.contains("first line") && !window.contains("second line"));
        let wrapped = wrap(&text, 40);
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 40),
            "{wrapped}"
        );
        assert_eq!(
            wrapped.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
    }
}
