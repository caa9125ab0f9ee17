// The memory feature's public face: the memory panel, for the chat's features panel (placed by src/app).
export { MemoryPanel } from './components/MemoryPanel';
