// Icons of the attachment menu and the browser tasks, drawn from lucide's shapes (lucide-react 1.75.0,
// ISC licence) without importing lucide-react, for the reason frame-icons.tsx gives: they load with the
// lazy chunks that draw them.
import { icon } from './frame-icons';

export const Paperclip = icon([
  [
    'path',
    {
      d: 'm16 6-8.414 8.586a2 2 0 0 0 2.829 2.829l8.414-8.586a4 4 0 1 0-5.657-5.657l-8.379 8.551a6 6 0 1 0 8.485 8.485l8.379-8.551',
    },
  ],
]);
export const Camera = icon([
  [
    'path',
    {
      d: 'M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z',
    },
  ],
  ['circle', { cx: '12', cy: '13', r: '3' }],
]);
export const Upload = icon([
  ['path', { d: 'M12 3v12' }],
  ['path', { d: 'm17 8-5-5-5 5' }],
  ['path', { d: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4' }],
]);
export const Globe = icon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20' }],
  ['path', { d: 'M2 12h20' }],
]);
export const Minus = icon([['path', { d: 'M5 12h14' }]]);
export const Maximize = icon([
  ['path', { d: 'M15 3h6v6' }],
  ['path', { d: 'm21 3-7 7' }],
  ['path', { d: 'm3 21 7-7' }],
  ['path', { d: 'M9 21H3v-6' }],
]);
export const Minimize = icon([
  ['path', { d: 'm14 10 7-7' }],
  ['path', { d: 'M20 10h-6V4' }],
  ['path', { d: 'm3 21 7-7' }],
  ['path', { d: 'M4 14h6v6' }],
]);
export const Close = icon([
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
]);
