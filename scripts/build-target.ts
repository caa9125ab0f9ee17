/**
 * The browsers the app and its service worker are built for: Vite's default baseline (Baseline
 * Widely Available of 2025-05-01: Chrome and Edge 111, Firefox 114, Safari 16.4), with Safari and
 * iOS lowered to 16.0. Web push needs iOS 16.4, but an iPhone not yet updated should still chat:
 * 16.0 to 16.3 lack class static blocks and RegExp lookbehind, and one such construct anywhere in a
 * chunk fails the whole import ('Kiri could not start'). The bundler lowers static blocks for this
 * target; scripts/check-dist-syntax.ts fails the build on what it cannot lower.
 */
export const BUILD_TARGET = ['chrome111', 'edge111', 'firefox114', 'safari16', 'ios16'];
