// The main chat (/, /full-chat, /full). Issue 3 builds it; until then it says so.
import { NotBuiltScreen } from '@/ui/NotBuiltScreen';

export function ChatScreen() {
  return <NotBuiltScreen title="Chat" purpose="Talk with your companion." />;
}
