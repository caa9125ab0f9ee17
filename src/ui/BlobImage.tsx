// An <img> drawn from a Blob kept on the device (a chosen photo, one waiting in the outbox): its
// object URL is made when the Blob is shown and revoked when it changes or the image goes, so a long
// chat of photos does not keep every photo's bytes alive.
import { useEffect, useRef, type ImgHTMLAttributes } from 'react';

export interface BlobImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  blob: Blob | null | undefined;
}

export function BlobImage({ blob, alt, ...props }: BlobImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!image || !blob) return;
    const url = URL.createObjectURL(blob);
    image.src = url;
    return () => {
      image.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return <img ref={ref} alt={alt} {...props} />;
}
