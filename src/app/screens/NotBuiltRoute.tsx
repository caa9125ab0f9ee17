// Code-split entry for screens that later issues build (each route below names its own area).
import { NotBuiltScreen } from '@/ui/NotBuiltScreen';

export default NotBuiltScreen;
