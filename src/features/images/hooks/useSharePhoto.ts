// Sharing: the photo, its entry in today's session and its upload go into the device store in one
// step (src/db/photos.ts), then the outbox is asked to deliver. The panel follows the upload from the
// store, so it does not matter whether the page or the service worker sends it.
import { useCallback } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/db';
import { sharePhoto } from '@/db/photos';
import { ensureTodaySession } from '@/db/sessions';
import { DEFAULT_TIME_ZONE } from '@/domain/day-session';
import { imageTypeOf } from '@/domain/image-rules';
import { uuidv7 } from '@/domain/uuidv7';
import { requestReplay } from '@/lib/outbox-sync';
import { useTimeZone } from '@/lib/use-time-zone';
import { uploadProgress, type UploadProgress } from '../model/share-panel';
import { devicePicture } from './device-picture';

export interface ShareInput {
  file: File;
  note: string;
  temporary: boolean;
}

/** Stores and queues a photo; resolves with its id once it is in the outbox. */
export function useSharePhoto(): (input: ShareInput) => Promise<string> {
  const zone = useTimeZone();
  return useCallback(
    async ({ file, note, temporary }: ShareInput) => {
      const picture = await devicePicture(file);
      const now = Date.now();
      const { session } = await ensureTodaySession(db, now, zone ?? DEFAULT_TIME_ZONE);
      const id = uuidv7(now);
      await sharePhoto(db, {
        id,
        messageId: uuidv7(now),
        sessionId: session.id,
        file,
        name: file.name,
        mimeType: imageTypeOf(file),
        note,
        temporary,
        width: picture.width,
        height: picture.height,
        thumbnail: picture.thumbnail,
        now,
        offline: typeof navigator !== 'undefined' && navigator.onLine === false,
      });
      requestReplay();
      return id;
    },
    [zone],
  );
}

export interface UploadState {
  progress: UploadProgress;
  error: string | undefined;
}

/** Where the upload of `photoId` stands, live from the device store; null when nothing is uploading. */
export function useUploadState(photoId: string | null): UploadState | null {
  return (
    useLiveQuery(async () => {
      if (!photoId) return null;
      const photo = await db.photos.get(photoId);
      const message = photo ? await db.messages.get(photo.messageId) : undefined;
      return { progress: uploadProgress(photo, message?.status), error: photo?.error };
    }, [photoId]) ?? null
  );
}
