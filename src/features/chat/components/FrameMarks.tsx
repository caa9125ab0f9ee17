// The header's soul-awakened star and consciousness stream indicator (spec 000 §2.2, §3.5). Each shows
// only what its endpoint answered, with the count in its tooltip; no answer, no mark. Loaded after
// the chat's first paint.
import { Star } from '@/ui/frame-icons';
import { cn } from '@/ui/cn';
import { useConsciousnessStatus, useSoulStatus } from '../hooks/useFrameStatus';
import { consciousnessTooltip, soulTooltip } from '../model/frame';

export default function FrameMarks() {
  const soul = useSoulStatus();
  const consciousness = useConsciousnessStatus();
  const soulData = soul.data ?? null;
  const streamData = consciousness.data ?? null;
  if (!soulData && !streamData) return null;
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5">
      {soulData && (
        <span
          role="img"
          data-testid="soul-star"
          data-awakened={soulData.awakened}
          aria-label={soulTooltip(soulData, soul.isError)}
          title={soulTooltip(soulData, soul.isError)}
          className="inline-flex"
        >
          <Star
            size={14}
            aria-hidden
            className={cn(
              soulData.awakened
                ? 'fill-amber-400 text-amber-500'
                : 'text-stone-400 dark:text-stone-500',
            )}
          />
        </span>
      )}
      {streamData && (
        <span
          role="img"
          data-testid="consciousness-indicator"
          data-streaming={streamData.isStreaming}
          aria-label={consciousnessTooltip(streamData, consciousness.isError)}
          title={consciousnessTooltip(streamData, consciousness.isError)}
          className="relative inline-flex h-2.5 w-2.5"
        >
          {streamData.isStreaming && (
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:animate-none" />
          )}
          <span
            className={cn(
              'relative inline-flex h-2.5 w-2.5 rounded-full',
              streamData.isStreaming ? 'bg-emerald-500' : 'bg-stone-400',
            )}
          />
        </span>
      )}
    </span>
  );
}
