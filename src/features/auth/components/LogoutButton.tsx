// The header's logout action.
import { LogOut } from 'lucide-react';
import { useLogout } from '@/lib/auth-session';
import { IconButton } from '@/ui/IconButton';

export function LogoutButton() {
  const logout = useLogout();
  return (
    <IconButton label="Logout" onClick={() => void logout()}>
      <LogOut size={20} aria-hidden />
    </IconButton>
  );
}
