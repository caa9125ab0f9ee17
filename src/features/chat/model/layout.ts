// The chat's layout constants, in a module of their own: the opening snapshot (the chat's first load)
// needs only these, and a module it imports rides in the first load whole (model/sidebar.ts's links and
// status texts would come with them).

export const SIDEBAR_WIDTH_PX = 260;
/** Spec 000 §9: the mobile breakpoint. At or below it the sidebar is an overlay. */
export const MOBILE_QUERY = '(max-width: 768px)';
