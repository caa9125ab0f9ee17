// The attachment menu, for the chat's route (src/app) to hand to the composer.
export { default as AttachmentMenu, type AttachmentMenuProps } from './components/AttachmentMenu';
