// A photo the owner shared (issue 13), drawn from the device store: the device's small copy at once
// (offline too, after a reload), the server's thumbnail once uploaded, the full photo only when
// tapped. Its box has the photo's shape from the first frame, so the list does not jump.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { X } from 'lucide-react';
import { db } from '@/db/db';
import { photoBlob, readPhotoPicture } from '@/db/photos';
import { BlobImage } from '@/ui/BlobImage';
import { cn } from '@/ui/cn';
import { PHOTO_TEXT, photoBox, photoSource } from '../model/photo-view';

export function PhotoBubble({
  photoId,
  size,
}: {
  photoId: string;
  /** From the message row: the box's shape is known in the first frame. */
  size?: { width: number; height: number };
}) {
  const photo = useLiveQuery(() => db.photos.get(photoId), [photoId]);
  const [serverFailed, setServerFailed] = useState(false);
  const fromServer = photoSource(photo) === 'server' && !serverFailed;
  // The device's copy is read only while it is the one shown.
  const deviceBlob = useLiveQuery(
    () => (fromServer ? null : readPhotoPicture(db, photoId)),
    [photoId, fromServer],
  );
  const box = photoBox(size?.width ?? photo?.width, size?.height ?? photo?.height);
  const [open, setOpen] = useState(false);
  const alt = photo?.note || PHOTO_TEXT.alt;

  return (
    <div
      className="grid gap-1"
      data-photo-id={photoId}
      data-photo-source={fromServer ? 'server' : 'device'}
    >
      <button
        type="button"
        aria-label={PHOTO_TEXT.open}
        onClick={() => setOpen(true)}
        style={{ width: box.width, height: box.height }}
        className="block max-w-full overflow-hidden rounded-2xl bg-black/10 dark:bg-white/10"
      >
        {fromServer ? (
          <img
            src={photo!.server!.thumbnailUrl}
            alt={alt}
            width={box.width}
            height={box.height}
            loading="lazy"
            decoding="async"
            draggable={false}
            // Offline and not in the browser's cache: the device's copy instead.
            onError={() => setServerFailed(true)}
            className="h-full w-full object-cover"
          />
        ) : (
          deviceBlob && (
            <BlobImage
              blob={deviceBlob}
              alt={alt}
              width={box.width}
              height={box.height}
              decoding="async"
              draggable={false}
              className="h-full w-full object-cover"
            />
          )
        )}
      </button>
      {photo?.note && <p className="px-1 text-[15px] leading-relaxed">{photo.note}</p>}
      {photo?.temporary && (
        <p data-photo-temporary="" className="px-1 text-[11px] opacity-80">
          {PHOTO_TEXT.temporary}
        </p>
      )}
      {open && photo && (
        <FullPhoto
          photoId={photoId}
          url={photo.server && !serverFailed ? photo.server.url : null}
          alt={alt}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** The whole photo over the chat: the server's copy, or the device's own before it is uploaded. */
function FullPhoto({
  photoId,
  url,
  alt,
  onClose,
}: {
  photoId: string;
  url: string | null;
  alt: string;
  onClose: () => void;
}) {
  const local = useLiveQuery(
    async () => (url ? null : photoBlob((await db.photoFiles.get(photoId))?.file)),
    [photoId, url],
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      role="dialog"
      aria-label={alt}
      data-testid="full-photo"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/85 p-4"
      // A tap anywhere closes, as on a phone's photo viewer; the keyboard has Escape and Close.
      // eslint-disable-next-line no-restricted-syntax -- the backdrop, with its keyboard way beside it
      onClick={onClose}
    >
      {url ? (
        <img src={url} alt={alt} className="max-h-full max-w-full object-contain" />
      ) : (
        local && (
          <BlobImage blob={local} alt={alt} className="max-h-full max-w-full object-contain" />
        )
      )}
      <button
        type="button"
        aria-label={PHOTO_TEXT.close}
        onClick={onClose}
        className={cn(
          'absolute top-[max(env(safe-area-inset-top),1rem)] right-[max(env(safe-area-inset-right),1rem)]',
          'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/15 text-white',
        )}
      >
        <X size={20} aria-hidden />
      </button>
    </div>
  );
}
