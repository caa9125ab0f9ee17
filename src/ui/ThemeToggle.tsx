// Switches between the dark and the light theme.
import { Moon, Sun } from 'lucide-react';
import { IconButton } from './IconButton';
import { useTheme } from './theme';

export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconButton label={label} onClick={toggle}>
      {theme === 'dark' ? <Sun size={20} aria-hidden /> : <Moon size={20} aria-hidden />}
    </IconButton>
  );
}
