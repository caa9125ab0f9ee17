// Kiri's companion on the server: the shared local engine (src/engine/companion) and the provider chain
// in front of it (see docs/companion.md).
export * from '../../src/engine/companion';
export { createCompanion } from './providers';
