// The personality feature's public face: the quick tone presets for the chat's settings panel (its slot
// is built by the chat frame; load it lazily there). The settings page is a lazy route of its own.
export { TonePresets } from './components/TonePresets';
