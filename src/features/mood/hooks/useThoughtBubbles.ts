// The thought bubbles' life (spec 000 §4): moved by each new answer of the thought map (the model's
// nextBubbles), then hidden 3 s after thinking stops and cleared 0.5 s later (bubblePhaseAt). Each step
// is its own render, so the fade-out is drawn even when a busy phone runs both timers late.
import { useEffect, useState } from 'react';
import {
  BUBBLE_CLEAR_MS,
  BUBBLE_HIDE_MS,
  NO_BUBBLES,
  nextBubbles,
  type BubblePhase,
  type BubbleTrack,
  type ThoughtMap,
} from '../model/mood';

export function useThoughtBubbles(
  map: ThoughtMap | undefined,
  answeredAt: number,
): { track: BubbleTrack; phase: BubblePhase } {
  const [track, setTrack] = useState<BubbleTrack>(NO_BUBBLES);
  // React's "adjust state when a prop changes" pattern: the track follows each new answer in render.
  if (map && answeredAt !== track.seenAt) setTrack(nextBubbles(track, map, answeredAt));
  const [stage, setStage] = useState<{ of: number | null; phase: BubblePhase }>({
    of: null,
    phase: 'shown',
  });
  const stoppedAt = track.stoppedAt;
  const phase: BubblePhase =
    track.bubbles.length === 0 && !track.thinking
      ? 'cleared'
      : stoppedAt !== null && stage.of === stoppedAt
        ? stage.phase
        : 'shown';

  useEffect(() => {
    if (stoppedAt === null || phase === 'cleared') return;
    const next: BubblePhase = phase === 'shown' ? 'hidden' : 'cleared';
    const dueAt = stoppedAt + BUBBLE_HIDE_MS + (next === 'cleared' ? BUBBLE_CLEAR_MS : 0);
    const timer = setTimeout(
      () => setStage({ of: stoppedAt, phase: next }),
      Math.max(0, dueAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [stoppedAt, phase]);

  return { track, phase };
}
