// sessionStorage, which can be blocked outright (some private modes): reads then give null.

export function readSessionFlag(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionFlag(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Not kept: the rule then applies for this page only.
  }
}

export function removeSessionFlag(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
