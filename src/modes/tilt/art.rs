//! Tilt's sprites, drawn by code at start-up from signed distances: stone, car, barrel, hedgehog
//! (asleep and awake), anteater, puddle, one-way arrow, mud and tongue. Each has its own shape as
//! well as its own colour.

use crate::sprites::{coverage, render, rounded_square};
use bevy::prelude::*;
use std::f32::consts::PI;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_art);
}

/// Handles to Tilt's sprites.
#[derive(Resource, Clone)]
pub struct TiltArt {
    /// Stone, car, barrel (in `Obstacle::ALL` order).
    pub obstacles: [Handle<Image>; 3],
    /// A sleeping hedgehog.
    pub hedgehog_asleep: Handle<Image>,
    /// A hedgehog awake.
    pub hedgehog_awake: Handle<Image>,
    /// An anteater looking right (rotated for other facings).
    pub anteater: Handle<Image>,
    /// A puddle.
    pub puddle: Handle<Image>,
    /// A one-way arrow pointing right.
    pub arrow: Handle<Image>,
    /// Mud over a dirty fruit.
    pub mud: Handle<Image>,
    /// A white rounded bar, tinted pink for tongues.
    pub bar: Handle<Image>,
}

/// Mixes `a` over `b` with coverage `t`.
fn over(b: [f32; 4], a: [f32; 3], t: f32) -> [f32; 4] {
    [
        b[0] + (a[0] - b[0]) * t,
        b[1] + (a[1] - b[1]) * t,
        b[2] + (a[2] - b[2]) * t,
        b[3].max(t),
    ]
}

fn circle(p: Vec2, c: Vec2, r: f32) -> f32 {
    (p - c).length() - r
}

fn ellipse(p: Vec2, c: Vec2, r: Vec2) -> f32 {
    let q = (p - c) / r;
    (q.length() - 1.0) * r.x.min(r.y)
}

fn stone() -> Image {
    render(|p| {
        let angle = p.y.atan2(p.x);
        let r = 0.74 + 0.06 * (angle * 3.0).sin() + 0.04 * (angle * 5.0 + 1.0).cos();
        let d = p.length() - r;
        let shade = 0.55 + 0.2 * (p.y - p.x * 0.3);
        let speck = ((p.x * 17.0).sin() * (p.y * 13.0).cos()).abs() > 0.92;
        let v = if speck { shade - 0.12 } else { shade };
        let rim = if d > -0.07 { 0.75 } else { 1.0 };
        [v * rim, v * rim, v * rim * 1.05, coverage(d)]
    })
}

fn car() -> Image {
    render(|p| {
        let mut c = [0.0; 4];
        let body = rounded_square(Vec2::new(p.x, (p.y + 0.12) * 1.9), 0.82, 0.3);
        c = over(c, [0.16, 0.62, 0.74], coverage(body / 1.9));
        let cabin = rounded_square(Vec2::new(p.x * 1.45 + 0.05, (p.y - 0.3) * 2.2), 0.7, 0.3);
        c = over(c, [0.16, 0.62, 0.74], coverage(cabin / 2.2));
        let window = rounded_square(Vec2::new(p.x * 1.8 + 0.06, (p.y - 0.3) * 3.0), 0.62, 0.2);
        c = over(c, [0.80, 0.93, 0.97], coverage(window / 3.0));
        for x in [-0.48, 0.48] {
            let wheel = circle(p, Vec2::new(x, -0.42), 0.2);
            c = over(c, [0.12, 0.12, 0.14], coverage(wheel));
            c = over(
                c,
                [0.7, 0.7, 0.72],
                coverage(circle(p, Vec2::new(x, -0.42), 0.08)),
            );
        }
        let light = circle(p, Vec2::new(0.76, -0.06), 0.07);
        over(c, [1.0, 0.92, 0.5], coverage(light))
    })
}

fn barrel() -> Image {
    render(|p| {
        let bulge = 0.64 + 0.1 * (1.0 - p.y * p.y);
        let d = rounded_square(Vec2::new(p.x * 0.7 / bulge, p.y), 0.82, 0.14);
        let stave = ((p.x / bulge * 4.0 * PI / 2.0).cos()).abs() < 0.12;
        let hoop = (p.y.abs() - 0.45).abs() < 0.07 || p.y.abs() > 0.76;
        let (r, g, b) = if hoop {
            (0.35, 0.33, 0.32)
        } else if stave {
            (0.46, 0.27, 0.14)
        } else {
            (0.62, 0.38, 0.2)
        };
        let shade = 1.0 - 0.25 * (p.x / 0.8).abs().powi(2);
        [r * shade, g * shade, b * shade, coverage(d)]
    })
}

fn hedgehog(awake: bool) -> Image {
    render(move |p| {
        let mut c = [0.0; 4];
        // A spiky dome, nose to the right.
        let q = p - Vec2::new(-0.08, -0.25);
        let angle = q.y.atan2(q.x);
        let spikes = 0.08 * ((angle * 14.0).cos() * 0.5 + 0.5);
        let dome = ellipse(q, Vec2::ZERO, Vec2::new(0.78 + spikes, 0.62 + spikes)).max(-q.y - 0.1);
        c = over(c, [0.36, 0.24, 0.16], coverage(dome));
        let face = ellipse(p, Vec2::new(0.48, -0.25), Vec2::new(0.36, 0.3));
        c = over(c, [0.86, 0.72, 0.55], coverage(face));
        let nose = circle(p, Vec2::new(0.82, -0.22), 0.08);
        c = over(c, [0.15, 0.1, 0.1], coverage(nose));
        if awake {
            let eye = circle(p, Vec2::new(0.5, -0.1), 0.08);
            c = over(c, [0.1, 0.08, 0.08], coverage(eye));
            over(
                c,
                [1.0, 1.0, 1.0],
                coverage(circle(p, Vec2::new(0.52, -0.07), 0.03)),
            )
        } else {
            let lid = segment(p, Vec2::new(0.42, -0.12), Vec2::new(0.58, -0.12), 0.03);
            c = over(c, [0.2, 0.14, 0.1], coverage(lid));
            // A "z" above the nose.
            let (a, b) = (Vec2::new(0.42, 0.72), Vec2::new(0.66, 0.72));
            let (e, f) = (Vec2::new(0.42, 0.46), Vec2::new(0.66, 0.46));
            let z = segment(p, a, b, 0.04)
                .min(segment(p, b, e, 0.04))
                .min(segment(p, e, f, 0.04));
            over(c, [0.9, 0.92, 1.0], coverage(z))
        }
    })
}

/// Distance to the segment `a`-`b`, less half its width `w`.
fn segment(p: Vec2, a: Vec2, b: Vec2, w: f32) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
    (p - a - ab * t).length() - w
}

fn anteater() -> Image {
    render(|p| {
        let mut c = [0.0; 4];
        let body = ellipse(p, Vec2::new(-0.35, -0.05), Vec2::new(0.5, 0.42));
        c = over(c, [0.55, 0.47, 0.42], coverage(body));
        let stripe = ellipse(p, Vec2::new(-0.3, 0.02), Vec2::new(0.42, 0.12));
        c = over(c, [0.25, 0.2, 0.2], coverage(stripe));
        // The long snout tapers towards the right edge.
        let t = ((p.x - 0.05) / 0.9).clamp(0.0, 1.0);
        let half = 0.2 * (1.0 - t) + 0.05;
        let snout = (p.y - 0.05 + 0.1 * t).abs() - half;
        let snout = snout.max(0.05 - p.x).max(p.x - 0.95);
        c = over(c, [0.62, 0.53, 0.47], coverage(snout));
        let eye = circle(p, Vec2::new(0.05, 0.18), 0.06);
        c = over(c, [0.1, 0.08, 0.08], coverage(eye));
        let ear = ellipse(p, Vec2::new(-0.15, 0.38), Vec2::new(0.1, 0.14));
        over(c, [0.45, 0.38, 0.34], coverage(ear))
    })
}

fn puddle() -> Image {
    render(|p| {
        let angle = p.y.atan2(p.x);
        let r = 0.78 + 0.07 * (angle * 4.0).sin() + 0.05 * (angle * 7.0).cos();
        let d = (Vec2::new(p.x, p.y * 1.15)).length() - r;
        let ripple = ((p.length() * 14.0).sin() * 0.5 + 0.5) * 0.08;
        let hi = (1.0 - (p - Vec2::new(-0.3, 0.3)).length() / 0.3).clamp(0.0, 1.0) * 0.3;
        [
            0.28 + ripple + hi,
            0.45 + ripple + hi,
            0.62 + hi,
            coverage(d) * 0.92,
        ]
    })
}

fn arrow() -> Image {
    render(|p| {
        // A chevron pointing right.
        let q = Vec2::new(p.x, p.y.abs());
        let outer = (q.x * 0.7 + q.y * 0.7) - 0.45;
        let inner = (q.x * 0.7 + q.y * 0.7) - 0.05;
        let d = outer.max(-inner).max(q.y - 0.75);
        [1.0, 1.0, 1.0, coverage(d)]
    })
}

fn mud() -> Image {
    render(|p| {
        let angle = p.y.atan2(p.x);
        let r = 0.45 + 0.12 * (angle * 6.0).sin().abs();
        let mut d = (p - Vec2::new(0.0, -0.1)).length() - r;
        for (c, s) in [
            (Vec2::new(0.62, 0.4), 0.1),
            (Vec2::new(-0.6, 0.3), 0.08),
            (Vec2::new(0.3, -0.7), 0.09),
        ] {
            d = d.min(circle(p, c, s));
        }
        [0.36, 0.25, 0.14, coverage(d) * 0.9]
    })
}

fn bar() -> Image {
    render(|p| {
        let d = rounded_square(Vec2::new(p.x, p.y * 3.0), 0.98, 0.9) / 3.0;
        [1.0, 1.0, 1.0, coverage(d)]
    })
}

fn make_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(TiltArt {
        obstacles: [images.add(stone()), images.add(car()), images.add(barrel())],
        hedgehog_asleep: images.add(hedgehog(false)),
        hedgehog_awake: images.add(hedgehog(true)),
        anteater: images.add(anteater()),
        puddle: images.add(puddle()),
        arrow: images.add(arrow()),
        mud: images.add(mud()),
        bar: images.add(bar()),
    });
}
