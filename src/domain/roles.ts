// Roles and their ranks (spec 000 §6: user 1, engineer 2, admin 3; the owner above them all). Shared by the
// server, which stores and enforces them, and the client, which shows items by rank (an item's role_min).

export const ROLES = ['owner', 'admin', 'engineer', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The levels an admin may give someone: everything but owner, which only pairing with an owner device gives. */
export const ACCESS_LEVELS = ['user', 'engineer', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ROLE_RANK: Readonly<Record<Role, number>> = {
  user: 1,
  engineer: 2,
  admin: 3,
  owner: 4,
};

export function roleRank(role: Role): number {
  return ROLE_RANK[role];
}

/** True when `role` is at least `minimum` (an item's role_min, a route's floor). */
export function hasRoleAtLeast(role: Role, minimum: Role): boolean {
  return roleRank(role) >= roleRank(minimum);
}

/** Reads a role from outside (an answer, a stored flag): anything unknown is the least, 'user'. */
export function parseRole(value: unknown): Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
    ? (value as Role)
    : 'user';
}
