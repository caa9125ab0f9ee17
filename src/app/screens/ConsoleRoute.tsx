// /console, /manual-console (admin only, behind the route's guard) and the Manual Console tab of
// /mirror-bridge: the console screen with the panels of spec 001 §2 that other features build
// (a feature never imports another, so they meet here).
import { ConsoleScreen, type ConsolePanels } from '@/features/console/components/ConsoleScreen';
import { MemorySyncPanel } from '@/features/memory-sync/components/MemorySyncPanel';
import { SelfModPanel } from '@/features/self-mod/components/SelfModPanel';
import { SystemControlPanel } from '@/features/system-control/components/SystemControlPanel';

export function consolePanels(): ConsolePanels {
  return {
    memory: <MemorySyncPanel />,
    'self-mod': <SelfModPanel />,
    system: <SystemControlPanel />,
  };
}

export default function ConsoleRoute({ embedded = false }: { embedded?: boolean }) {
  return <ConsoleScreen panels={consolePanels()} embedded={embedded} />;
}
