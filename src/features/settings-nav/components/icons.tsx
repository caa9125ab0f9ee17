// The settings sidebar's icons, drawn from lucide's shapes (lucide-react 1.75.0, ISC licence) like
// src/ui/frame-icons.tsx and for its reason: a lucide-react import would count towards every first load.
import { BookOpen, icon as frameIcon, Wrench, type FrameIconProps } from '@/ui/frame-icons';
import type { SidebarIcon } from '@/domain/settings-items';

type Shape = Parameters<typeof frameIcon>[0][number];

/** The frame's icon maker at the sidebar's 18 px, hidden from screen readers (the labels say it all). */
function icon(shapes: readonly Shape[]) {
  const Icon = frameIcon(shapes, 18);
  return function SidebarIcon(props: FrameIconProps) {
    return <Icon aria-hidden {...props} />;
  };
}

export const Gear = icon([
  [
    'path',
    {
      d: 'M9.671 4.136a2.34 2.34 0 0 1 4.659 0 2.34 2.34 0 0 0 3.319 1.915 2.34 2.34 0 0 1 2.33 4.033 2.34 2.34 0 0 0 0 3.831 2.34 2.34 0 0 1-2.33 4.033 2.34 2.34 0 0 0-3.319 1.915 2.34 2.34 0 0 1-4.659 0 2.34 2.34 0 0 0-3.32-1.915 2.34 2.34 0 0 1-2.33-4.033 2.34 2.34 0 0 0 0-3.831A2.34 2.34 0 0 1 6.35 6.051a2.34 2.34 0 0 0 3.319-1.915',
    },
  ],
  ['circle', { cx: '12', cy: '12', r: '3' }],
]);
export const SearchIcon = icon([
  ['path', { d: 'm21 21-4.34-4.34' }],
  ['circle', { cx: '11', cy: '11', r: '8' }],
]);
export const Grip = icon([
  ['circle', { cx: '9', cy: '12', r: '1' }],
  ['circle', { cx: '9', cy: '5', r: '1' }],
  ['circle', { cx: '9', cy: '19', r: '1' }],
  ['circle', { cx: '15', cy: '12', r: '1' }],
  ['circle', { cx: '15', cy: '5', r: '1' }],
  ['circle', { cx: '15', cy: '19', r: '1' }],
]);
export const ArrowUp = icon([
  ['path', { d: 'm5 12 7-7 7 7' }],
  ['path', { d: 'M12 19V5' }],
]);
export const ArrowDown = icon([
  ['path', { d: 'M12 5v14' }],
  ['path', { d: 'm19 12-7 7-7-7' }],
]);
export const PlusIcon = icon([
  ['path', { d: 'M5 12h14' }],
  ['path', { d: 'M12 5v14' }],
]);
export const Close = icon([
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
]);
export const Chevron = icon([['path', { d: 'm9 18 6-6-6-6' }]]);
const Activity = icon([
  [
    'path',
    {
      d: 'M22 12h-2.48a2 2 0 0 0-1.93 1.46l-2.35 8.36a.25.25 0 0 1-.48 0L9.24 2.18a.25.25 0 0 0-.48 0l-2.35 8.36A2 2 0 0 1 4.49 12H2',
    },
  ],
]);
const Shield = icon([
  [
    'path',
    {
      d: 'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
    },
  ],
]);
const Clipboard = icon([
  ['rect', { width: '8', height: '4', x: '8', y: '2', rx: '1', ry: '1' }],
  ['path', { d: 'M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2' }],
  ['path', { d: 'M12 11h4' }],
  ['path', { d: 'M12 16h4' }],
  ['path', { d: 'M8 11h.01' }],
  ['path', { d: 'M8 16h.01' }],
]);
/** lucide's 'network': the spec's 'hydra' icon is a many-headed task manager. */
const Hydra = icon([
  ['rect', { x: '16', y: '16', width: '6', height: '6', rx: '1' }],
  ['rect', { x: '2', y: '16', width: '6', height: '6', rx: '1' }],
  ['rect', { x: '9', y: '2', width: '6', height: '6', rx: '1' }],
  ['path', { d: 'M5 16v-3a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v3' }],
  ['path', { d: 'M12 12V8' }],
]);

/** Spec 000 §3.8's icon names. */
export function ItemIcon({ name, size = 16 }: { name: SidebarIcon; size?: number }) {
  switch (name) {
    case 'hydra':
      return <Hydra size={size} />;
    case 'book':
      return <BookOpen size={size} aria-hidden />;
    case 'wrench':
      return <Wrench size={size} aria-hidden />;
    case 'activity':
      return <Activity size={size} />;
    case 'shield':
      return <Shield size={size} />;
    case 'clipboard':
      return <Clipboard size={size} />;
  }
}
