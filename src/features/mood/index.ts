// The mood feature's public face: the strip under the chat's header (orb and thought bubbles), placed
// by src/app under the chat header's slot, loaded lazily after the chat's first paint.
export { MoodStrip } from './components/MoodStrip';
