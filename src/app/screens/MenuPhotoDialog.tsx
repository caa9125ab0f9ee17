// The share panel as a dialog over the chat, for a photo the attachment menu chose (Take Photo, Upload
// File: spec 000 §2.2 variant B). The panel checks it like a picked one; closing the dialog, or the photo
// uploaded or saved to send later, ends it. Loaded only when a photo is chosen.
import { ImageSharePanel } from '@/features/images/components/ImageSharePanel';
import { FRAME_TEXT } from '@/features/chat/model/frame';
import { Dialog } from '@/ui/Dialog';

export interface MenuPhotoDialogProps {
  file: File;
  onClose: () => void;
}

export default function MenuPhotoDialog({ file, onClose }: MenuPhotoDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={FRAME_TEXT.imageTitle}
    >
      <ImageSharePanel initialFile={file} onDone={onClose} />
    </Dialog>
  );
}
