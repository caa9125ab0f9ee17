// The device type shown in the admin user list, read from the user agent.
import type { DeviceType } from '../store/auth-store';

export const APPLE_DEVICE_TYPES: readonly DeviceType[] = ['iPhone', 'iPad', 'Mac'];

export function deviceTypeFromUserAgent(userAgent: string | undefined): DeviceType {
  if (!userAgent) return 'Unknown';
  // Order matters: iPhone and iPad agents also say "Mac OS X", Android agents also say "Linux".
  if (/iPhone|iPod/.test(userAgent)) return 'iPhone';
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'Mac';
  if (/Android/.test(userAgent)) return 'Android';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Linux|X11|CrOS/.test(userAgent)) return 'Linux';
  return 'Unknown';
}

export function isAppleDevice(userAgent: string | undefined): boolean {
  return APPLE_DEVICE_TYPES.includes(deviceTypeFromUserAgent(userAgent));
}
