// The Integration group's layout from the server, or what stands in for it when the call fails
// (model/groups.ts layoutView).
import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api';
import { useAuthStatus } from '@/lib/auth-session';
import { useOnline } from '@/lib/use-online';
import { layoutView, type LayoutAnswer, type LayoutView } from '../model/groups';
import { SIDEBAR_LAYOUT_URL, sidebarLayoutKey } from '../api/sidebar-layout';

export function useSidebarLayout(): LayoutView {
  const online = useOnline();
  const status = useAuthStatus();
  const layout = useQuery({
    queryKey: sidebarLayoutKey,
    queryFn: getJson<LayoutAnswer>(SIDEBAR_LAYOUT_URL),
    // Asked again each time the sidebar opens: another device may have saved a new order.
    staleTime: 0,
  });
  const user = status.data?.user;
  return layoutView({
    answer: layout.data,
    // Offline the query pauses rather than fails: the answer shown is then the last one loaded.
    failed: layout.isError || !online || (layout.fetchStatus === 'paused' && !layout.data),
    auth: user ? { role: user.role, isOwnerDevice: status.data?.isOwnerDevice === true } : null,
  });
}
