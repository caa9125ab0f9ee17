// The layout calls of spec 000 §7: GET, POST {order}, DELETE /api/sidebar-layout.
import { apiRequest } from '@/lib/api';
import type { LayoutAnswer } from '../model/groups';

export const SIDEBAR_LAYOUT_URL = '/api/sidebar-layout';
export const sidebarLayoutKey = [SIDEBAR_LAYOUT_URL] as const;

export async function saveLayout(order: readonly string[]): Promise<LayoutAnswer> {
  const res = await apiRequest('POST', SIDEBAR_LAYOUT_URL, { order });
  return (await res.json()) as LayoutAnswer;
}

export async function resetLayout(): Promise<LayoutAnswer> {
  const res = await apiRequest('DELETE', SIDEBAR_LAYOUT_URL);
  return (await res.json()) as LayoutAnswer;
}
