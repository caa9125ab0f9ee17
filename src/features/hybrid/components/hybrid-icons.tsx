// The dashboard's icons, drawn from lucide's shapes (lucide-react 1.75.0, ISC licence) with the frame's icon
// maker: importing lucide-react would put them in every first load (src/ui/frame-icons.tsx says why).
import { icon } from '@/ui/frame-icons';

export const Lock = icon([
  ['rect', { width: '18', height: '11', x: '3', y: '11', rx: '2', ry: '2' }],
  ['path', { d: 'M7 11V7a5 5 0 0 1 10 0v4' }],
]);

export const Globe = icon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20' }],
  ['path', { d: 'M2 12h20' }],
]);

export const Brain = icon([
  ['path', { d: 'M12 18V5' }],
  ['path', { d: 'M15 13a4.17 4.17 0 01-3-4 4.17 4.17 0 01-3 4' }],
  ['path', { d: 'M17.707 6.294A3 3 0 1012 5a3 3 0 10-5.707 1.294' }],
  ['path', { d: 'M17.996 5.125a4 4 0 012.526 5.77' }],
  ['path', { d: 'M18 18a4 4 0 002-7.465' }],
  ['path', { d: 'M19.967 17.482a4 4 0 11-7.967.517 4 4 0 11-7.967-.517' }],
  ['path', { d: 'M6 18a4 4 0 01-2-7.465' }],
  ['path', { d: 'M6.004 5.125a4 4 0 00-2.526 5.77' }],
]);

export const Server = icon([
  ['rect', { width: '20', height: '8', x: '2', y: '2', rx: '2', ry: '2' }],
  ['rect', { width: '20', height: '8', x: '2', y: '14', rx: '2', ry: '2' }],
  ['line', { x1: '6', x2: '6.01', y1: '6', y2: '6' }],
  ['line', { x1: '6', x2: '6.01', y1: '18', y2: '18' }],
]);

export const ArrowLeft = icon([
  ['path', { d: 'm12 19-7-7 7-7' }],
  ['path', { d: 'M19 12H5' }],
]);
