// The image share panel (issue 13): placed by the chat's route in its image panel slot, and by the
// lead beside the attachment menu with a file already chosen (`initialFile`).
export { ImageSharePanel, type ImageSharePanelProps } from './components/ImageSharePanel';
